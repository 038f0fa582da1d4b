"""The parameter walk (issue 38, ``tests/param_walk.py``): every documented parameter of every
ability kind, effect, layer operation, amount, condition and trigger event is either shown by a
spec case whose outcome changes when the parameter changes, or listed with its reason in
``docs/parameter-walk.md`` (written by ``python -m tests.param_walk --write``)."""

from __future__ import annotations

import re

from .param_walk import DOC, documented, walk


def _listed() -> set[tuple[str, str, str]]:
    rows = re.findall(r"^\| ([a-z ]+) \| `([^`]+)` \| `([^`]+)` \| .+ \|$",
                      DOC.read_text("utf-8"), re.M)
    return {(t, e, p) for t, e, p in rows}


def test_every_documented_parameter_is_shown_by_a_case_or_listed_with_a_reason() -> None:
    shown, unshown = walk()
    assert set(shown) | set(unshown) == set(documented())
    missing = sorted(set(unshown) - _listed())
    assert not missing, ("parameters no case shows and docs/parameter-walk.md does not list "
                         f"(add a case, or run python -m tests.param_walk --write): {missing}")
    # The walk shows what it is for: the everyday parameters, and the ones issue 38 named.
    for param in [("effects", "damage", "amount"), ("effects", "gain_life", "amount"),
                  ("ability kinds", "triggered", "optional")]:
        assert param in shown, param
