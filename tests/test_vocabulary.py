"""The card vocabulary documents and checks itself (issue 17): the generated
``docs/card-vocabulary.md``, validation of card data and steps, the Oracle-text lint and the
partial-card rule. Messages users see are pinned word for word."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from conformance.authoring.lint import default_cr_index, lint_case_data
from conformance.authoring.vocabulary import check_case_vocabulary, lint_cards, oracle_shortfall
from conformance.spec.catalog import default_spec
from reference_engine import check_action, check_card_data, check_query
from reference_engine.core.amounts import AMOUNTS
from reference_engine.core.context import EFFECTS
from reference_engine.core.registry import ACTIONS, QUERIES
from reference_engine.layers.conditions import CONDITIONS
from reference_engine.layers.effects import OPERATIONS
from reference_engine.triggers.abilities import TRIGGER_MATCHERS
from reference_engine.validation import COMMON_EFFECT_PARAMS, entries, keys_read
from reference_engine.vocabulary import main, markdown, vocabulary

DOC = Path(__file__).resolve().parent.parent / "docs" / "card-vocabulary.md"


def test_the_committed_document_is_generated_from_the_registries() -> None:
    assert DOC.read_text("utf-8") == markdown(), (
        "docs/card-vocabulary.md is out of date: run "
        "python -m reference_engine.vocabulary --write docs/card-vocabulary.md")


@pytest.mark.parametrize(("table", "registry"), [
    ("effects", EFFECTS), ("operations", OPERATIONS), ("trigger events", TRIGGER_MATCHERS),
    ("amounts", AMOUNTS), ("conditions", CONDITIONS), ("queries", QUERIES),
    ("actions", ACTIONS),
])
def test_every_registered_name_is_documented(table: str, registry: dict[str, Any]) -> None:
    documented = vocabulary()[table]
    assert set(registry) == set(documented)
    text = markdown()
    for name in registry:
        assert f"### `{name}`" in text, name


def test_described_parameters_cover_what_the_handlers_read() -> None:
    """Where a spec is written out, it names every key the handler reads (the code and the
    docs can't drift apart)."""
    for name, fn in EFFECTS.items():
        entry = entries()["effects"][name]
        described = {p.name for p in (*entry.params, *COMMON_EFFECT_PARAMS)}
        # "to" is the other spelling of "target" wherever an effect acts on a reference.
        missing = keys_read(fn, 1) - described - {"type"} - ({"to"} if "target" in described
                                                             else set())
        assert not missing, (name, sorted(missing))


def test_the_text_form_prints_parameters_and_whole_docstrings() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main([]) == 0
    text = out.getvalue()
    assert "  fight  [CR 701.14a, 701.14b, 701.14c, 701.14d, 120.3]" in text
    assert "      - other (required ref): the creature it fights" in text
    # a docstring's later lines, not only its first
    assert "tap or untap target ...\", CR 701.26a, 608.2d): choice ``tap_or_untap``" in text


def test_card_data_typos_are_located_with_a_hint() -> None:
    card = {"name": "Typo", "types": ["Instant"], "abilities": [
        {"kind": "spell", "targets": [{"name": "t", "kind": "any"}], "effects": [
            {"type": "damag", "target": "t", "amount": 2},
            {"type": "damage", "target": "t", "ammount": 3},
            {"type": "damage", "target": "t", "amount": {"devotoin": "red"}},
            {"type": "continuous", "target": "t", "op": {"type": "modify_pt", "powr": 1}}]},
        {"kind": "statc"}]}
    got = [(p.path, p.message, p.hint) for p in check_card_data(card)]
    assert got == [
        (("abilities", 0, "effects", 0, "type"), "unknown effect 'damag'",
         "did you mean 'damage' or 'amass'?"),
        (("abilities", 0, "effects", 1, "ammount"), "unknown key 'ammount' in effect 'damage'",
         "did you mean 'amount'?"),
        (("abilities", 0, "effects", 2, "amount", "devotoin"), "unknown amount 'devotoin'",
         "did you mean 'devotion'?"),
        (("abilities", 0, "effects", 3, "op", "powr"),
         "unknown key 'powr' in operation 'modify_pt'", "did you mean 'power'?"),
        (("abilities", 1, "kind"), "unknown ability kind 'statc'", "did you mean 'static'?"),
    ]


def test_filters_triggers_and_conditions_are_checked_too() -> None:
    card = {"name": "Typo", "types": ["Creature"], "abilities": [
        {"kind": "triggered", "trigger": {"event": "entrs", "self": True}, "effects": []},
        {"kind": "static", "affected": {"colour": "red"}, "condition": {"cont": {}},
         "effect": {"type": "modify_pt", "power": 1}, "rule": "cant_atack"}]}
    got = [(p.path, p.message) for p in check_card_data(card)]
    assert got == [
        (("abilities", 0, "trigger", "event"), "unknown trigger event 'entrs'"),
        (("abilities", 1, "affected", "colour"), "unknown filter key 'colour'"),
        (("abilities", 1, "condition", "cont"), "unknown condition 'cont'"),
        (("abilities", 1, "rule"), "unknown static rule 'cant_atack'"),
    ]


def test_every_catalog_card_is_valid_and_keeps_its_promises() -> None:
    """The lint finds no catalog card whose Oracle text promises more than its data without a
    partial note, and no name or key the vocabulary doesn't have."""
    assert [e.message for e in lint_cards(default_spec())] == []


def test_the_lint_finds_a_card_promising_more() -> None:
    card = {"name": "Half Done", "types": ["Creature"],
            "oracle_text": "Flying\n{T}: Draw a card.\nWhen this creature enters, you gain 2 "
                           "life.", "abilities": [{"kind": "keyword", "keyword": "flying"}]}
    assert oracle_shortfall(card) == [
        "1 activated ability in the text, 0 in the data",
        "1 triggered ability in the text, 0 in the data"]


def _case(**extra: Any) -> dict[str, Any]:
    return {"id": "x.y", "title": "A thing holds", "rulings": ["MULTI-01"], "rules": ["105.2"],
            "eras": ["modern"], "features": [], "setup": {"objects": [
                {"handle": "finks", "card": "Andradite Leech", "zone": "battlefield"}]},
            "steps": [{"observe": {"query": "powr", "object": "finks"}, "expect": 3},
                      {"action": {"type": "cats", "object": "finks"}}], **extra}


def test_unknown_steps_and_unlisted_partial_cards_are_errors() -> None:
    found = list(check_case_vocabulary(_case(), default_spec()))
    assert found == [
        ("unknown-query", "the reference engine knows no query 'powr'",
         ["steps", 0, "observe", "query"], "did you mean 'power'?"),
        ("unknown-action", "the reference engine knows no action 'cats'",
         ["steps", 1, "action", "type"], "did you mean 'cast'?"),
        ("partial-card", "the case uses 'Andradite Leech', whose data is partial: The "
         "activated ability ({B}: this creature gets +1/+1 until end of turn) is not written as "
         "data", ["setup", "objects", 0, "card"], "if the case doesn't touch what is missing, "
         "list the card in partial_cards; otherwise complete the card's data first"),
    ]


def test_listing_a_partial_card_is_the_declaration() -> None:
    spec = default_spec()
    codes = [f[0] for f in check_case_vocabulary(_case(partial_cards=["Andradite Leech",
                                                                        "Shock"]), spec)]
    assert codes == ["unknown-query", "unknown-action", "partial-card-not-partial"]


def test_validate_reports_the_step_typo_located() -> None:
    spec = default_spec()
    errors = lint_case_data(_case(), "", display="x.toml", index=default_cr_index(spec),
                            spec=spec)
    typo = next(e for e in errors if e.code == "unknown-query")
    assert (typo.file, typo.case, typo.path) == ("x.toml", "x.y", "steps[0].observe.query")


def test_steps_are_checked_by_name() -> None:
    assert check_query({"query": "power"}) == []
    assert check_action({"type": "cast"}) == []
    assert [p.message for p in check_action({})] == ["the reference engine knows no action None"]


def test_setup_effects_are_checked() -> None:
    case = _case(partial_cards=["Andradite Leech"])
    case["steps"] = []
    case["setup"]["effects"] = [{"type": "set_colours", "colors": ["blue"],
                                 "affected": ["finks"]},
                                {"type": "modify_pt", "powr": 1, "affected": {"tpye": "x"}}]
    found = list(check_case_vocabulary(case, default_spec()))
    assert [(f[0], f[1], f[2]) for f in found] == [
        ("setup-vocabulary", "setup effect: unknown operation 'set_colours'",
         ["setup", "effects", 0, "type"]),
        ("setup-vocabulary", "setup effect: unknown key 'powr' in operation 'modify_pt'",
         ["setup", "effects", 1, "powr"]),
        ("setup-vocabulary", "setup effect: unknown filter key 'tpye'",
         ["setup", "effects", 1, "affected", "tpye"]),
    ]


def test_the_engine_reports_the_project_version() -> None:
    """The version string is documentation metadata, not mutated (docs/mutation-testing.md):
    this test checks it instead. The adapter reports the package's version."""
    import tomllib

    import reference_engine
    from conformance.adapters import resolve_adapter

    project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml")
                            .read_text(encoding="utf-8"))["project"]["version"]
    assert reference_engine.__version__ == project
    assert resolve_adapter("reference").info().version == project
