"""Rules eras (issue 19): each era dated and sourced, each switch cited in both editions, the
Invasion era's period rule numbers linted, coverage judged only in a ruling's eras, and the
switches added for tokens, legends and the world rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.authoring.crindex import load_cr_index
from conformance.authoring.lint import (
    check_era_rulings,
    check_period_rules,
    era_cr_indexes,
    lint_case_data,
    lint_paths,
)
from conformance.cli import main
from conformance.spec import tomlio
from conformance.spec.catalog import default_spec
from reference_engine import SWITCHES
from reference_engine.objects.tokens import default_token_name

from .helpers import game, observe

SPEC = default_spec()

CASE = """\
id = "objects.era.lint-example"
title = "Infernal Genesis makes tokens named Minion"
rulings = {rulings}
rules = ["111.4"]
period_rules = {period}
eras = {eras}
features = ["tokens"]

[setup]
[[setup.objects]]
handle = "genesis"
card = "Infernal Genesis"
zone = "battlefield"
owner = "alice"

[[steps]]
observe = {{ query = "zone", object = "genesis" }}
expect = "battlefield"
"""


def case_text(*, rulings: str = '["TOKEN-P01"]', period: str = '["216.1"]',
              eras: str = '["invasion-2000"]') -> str:
    return CASE.format(rulings=rulings, period=period, eras=eras)


def findings(text: str) -> list[tuple[str, str | None, str]]:
    errors = lint_case_data(tomlio.loads(text), text, display="x.toml",
                            index=era_cr_indexes(SPEC)["modern"], spec=SPEC)
    return [(e.code, e.path, e.severity) for e in errors]


# -- eras.toml: dates, editions, sources, citations ---------------------------------------------


def test_every_era_names_its_edition_dates_and_sources() -> None:
    for era_id, era in SPEC.eras.items():
        assert era["cr_edition"] and era["effective_from"] and era["sources"], era_id
        index = load_cr_index(SPEC.root / era["cr_index"])
        assert len(index) > 0 and index.edition == era["cr_edition"], era_id
    assert SPEC.eras["invasion-2000"]["effective_until"] == "2001-07-23"


def test_every_engine_switch_cites_both_editions() -> None:
    assert set(SPEC.switches) == set(SWITCHES)
    indexes = era_cr_indexes(SPEC)
    for name, entry in SPEC.switches.items():
        assert set(entry["rules"]) == set(SPEC.eras), name
        assert entry["rules"]["modern"], name
        for era_id, numbers in entry["rules"].items():
            for number in numbers:
                assert number in indexes[era_id], (name, era_id, number)
        assert entry["examples"], name


def test_the_spec_lints_clean_of_warnings_too() -> None:
    assert [e.format() for e in lint_paths(None, SPEC)] == []


# -- period_rules and era warnings --------------------------------------------------------------


def test_period_rules_are_checked_against_the_1999_index() -> None:
    assert findings(case_text()) == []
    assert findings(case_text(period='["216.9"]')) == [
        ("period-cr-unknown", "period_rules[0]", "error")]
    message = lint_case_data(tomlio.loads(case_text(period='["216.9"]')), "", display="x",
                             index=era_cr_indexes(SPEC)["modern"], spec=SPEC)[0].message
    assert message == ("CR 216.9 is not a rule of the 1999-04-23 Comprehensive Rules "
                       "(era invasion-2000)")


def test_period_rules_need_a_period_era() -> None:
    data = tomlio.loads(case_text(rulings='["TOKEN-01"]', eras='["modern"]'))
    codes = [code for code, *_ in check_period_rules(data, SPEC)]
    assert codes == ["period-rules-era"]


def test_a_case_outside_its_rulings_eras_is_warned_not_failed(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]
                                                             ) -> None:
    text = case_text(rulings='["TOKEN-P01"]', period="[]", eras='["modern"]')
    assert sorted(code for code, *_ in check_era_rulings(tomlio.loads(text), SPEC)) == [
        "era-not-in-rulings", "ruling-not-in-eras"]
    assert {sev for _, _, sev in findings(text)} == {"warning"}
    path = tmp_path / "x.toml"
    path.write_text(text, "utf-8")
    assert main(["validate", str(path)]) == 0
    captured = capsys.readouterr()  # the findings go to stderr, the summary to stdout
    assert "warning(s)" in captured.out
    assert "ruling TOKEN-P01 holds in invasion-2000" in captured.err


def test_coverage_judges_a_ruling_only_in_its_eras(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["rulings"]
    for rid, ruling in SPEC.rulings.items():
        assert set(data[rid]["eras"]) == set(ruling.eras), rid
    assert list(data["TOKEN-P01"]["eras"]) == ["invasion-2000"]
    assert data["DRAGON-02"]["cases"] == 4 and data["DOM-03"]["cases"] == 3


# -- the switches -------------------------------------------------------------------------------

WORDS = st.lists(st.sampled_from(["Goblin", "Scout", "Minion", "Saproling", "Elf"]),
                 min_size=1, max_size=3)


@given(WORDS)
def test_token_names_by_era(subtypes: list[str]) -> None:
    """216.1 (1999): the name is the creature types; 111.4 (now): the subtypes plus Token."""
    assert default_token_name(subtypes, "creature-types") == " ".join(subtypes)
    assert default_token_name(subtypes, "subtypes-plus-token").split() == [*subtypes, "Token"]


@pytest.mark.parametrize(("era", "subtypes", "supertypes"), [
    ("invasion-2000", ["Dragon", "Legend"], []),
    ("modern", ["Dragon"], ["Legendary"]),
])
def test_a_legendary_creature_by_era(era: str, subtypes: list[str],
                                     supertypes: list[str]) -> None:
    g = game({"objects": [{"handle": "rith", "card": "Rith, the Awakener",
                           "zone": "battlefield", "owner": "alice"}]}, era=era)
    assert observe(g, "subtypes", object="rith") == subtypes
    assert observe(g, "supertypes", object="rith") == supertypes


@pytest.mark.parametrize("n", [2, 3])
def test_legends_arriving_together_all_die_in_2000(n: int) -> None:
    token = {"name": "Twin", "supertypes": ["Legendary"], "types": ["Creature"],
             "subtypes": ["Soldier"], "power": 1, "toughness": 1}
    card = {"name": "Test Twins", "mana_cost": "{W}", "types": ["Sorcery"],
            "abilities": [{"kind": "spell", "effects": [
                {"type": "create_token", "amount": n, "token": token}]}]}
    setup = {"objects": [{"handle": "s", "card": "Test Twins", "zone": "stack",
                          "owner": "alice"}]}
    g = game(setup, era="invasion-2000", cards=[card])
    g.perform({"type": "resolve"})
    assert observe(g, "tokens", player="alice") == []
    g = game(setup, era="modern", cards=[card])
    g.perform({"type": "resolve", "choices": {"legend_rule": f"token-{n}"}})
    assert observe(g, "tokens", player="alice") == ["Twin"]


@pytest.mark.parametrize("era", ["invasion-2000", "modern"])
def test_world_rule_times_the_world_status_in_both_eras(era: str) -> None:
    """Sixth Edition 420.5i and CR 704.5k both keep the one that has been a world permanent
    for the shortest time: the Circle, made one after Null Chamber arrived."""
    setup = {
        "objects": [
            {"handle": "circle", "card": "Circle of Protection: Red", "zone": "battlefield",
             "owner": "alice"},
            {"handle": "chamber", "card": "Null Chamber", "zone": "battlefield", "owner": "bob"},
            {"handle": "bolt", "card": "Lightning Bolt", "zone": "stack", "owner": "alice",
             "targets": ["bob"]},
        ],
        "effects": [{"type": "add_types", "supertypes": ["World"], "affected": ["circle"],
                     "duration": "end-of-turn"}],
    }
    g = game(setup, era=era)
    g.perform({"type": "resolve"})
    assert observe(g, "zone", object="circle") == "battlefield"
    assert observe(g, "zone", object="chamber") == "graveyard"


def test_bayou_has_a_colorless_identity() -> None:
    g = game({"objects": [{"handle": "b", "card": "Bayou", "zone": "library",
                           "owner": "alice"}]})
    assert observe(g, "color_identity", object="b") == []


def test_switch_lint_reports_missing_citations_and_examples() -> None:
    """A switch without its [[switch]] table, with an era left uncited, or whose examples miss
    an era is reported against spec/eras.toml."""
    from dataclasses import replace

    from conformance.authoring.lint import lint_switches

    switches = dict(SPEC.switches)
    del switches["token_naming"]
    legend = dict(switches["legend_rule"])
    legend["rules"] = {"modern": ["704.5j"]}
    switches["legend_rule"] = legend
    combat = dict(switches["combat_damage"])
    combat["examples"] = ["combat.era.combat-damage.sacrificed-source-modern"]
    switches["combat_damage"] = combat
    spec = replace(SPEC, switches=switches)
    case_eras = {"combat.era.combat-damage.sacrificed-source-modern": {"modern"}}
    codes = {(e.code, e.message.split(":")[0]) for e in lint_switches(spec, case_eras)}
    assert ("switch-uncited", "era switch 'token_naming' has no [[switch]] table citing its "
            "rules") in codes
    assert ("switch-era-missing", "switch 'legend_rule' gives no rules for era "
            "'invasion-2000'") in codes
    assert ("switch-example-eras", "switch combat_damage") in codes


def test_switch_lint_wants_a_reason_for_an_era_without_rules() -> None:
    """An era may cite no rule for a switch only when no_rule says why; citing rules and also
    saying there are none is reported too."""
    from dataclasses import replace

    from conformance.authoring.lint import lint_switches

    switches = dict(SPEC.switches)
    split = dict(switches["split_naming"])
    del split["no_rule"]
    switches["split_naming"] = split
    legend = dict(switches["legend_rule"])
    legend["no_rule"] = {"invasion-2000": "a reason given although rules are cited"}
    switches["legend_rule"] = legend
    spec = replace(SPEC, switches=switches)
    case_eras = {cid: set(SPEC.eras) for s in switches.values() for cid in s.get("examples", [])}
    codes = {(e.code, e.message) for e in lint_switches(spec, case_eras)}
    assert ("switch-rule-missing", "switch 'split_naming' cites no rule for era "
            "'invasion-2000' and does not say why") in codes
    assert ("switch-no-rule-cited", "switch 'legend_rule' cites rules for era 'invasion-2000' "
            "and also says it has none (no_rule)") in codes
    assert not [c for c, _ in codes if c.startswith("switch-")
                and c not in {"switch-rule-missing", "switch-no-rule-cited"}]
