"""Third-party engines behind adapters: phase.rs (``phase-python``) and ``python-mtg``.

Tests that need an engine are skipped, saying which extra to install, when it is missing. The
card conversion and the JSON-lines server need no engine and always run.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.adapter import StartRequest, Unsupported
from conformance.adapters import available_adapters
from conformance.adapters._mtgjson import canonical_cost, card_faces, oracle_id
from conformance.adapters._views import mana_value_of
from conformance.running.runner import Runner
from conformance.spec.catalog import default_spec
from conformance.spec.loader import load_cases
from conformance.transports.serve import Server
from conformance.transports.subprocess import SubprocessAdapter

ROOT = Path(__file__).resolve().parent.parent
PHASE_REASON = "phase-python is not installed: pip install 'mtg-conformance[phase]'"
MTG_REASON = "python-mtg is not installed: pip install 'mtg-conformance[python-mtg]'"


def _cases(*paths: str) -> list[Any]:
    return list(load_cases([ROOT / p for p in paths], default_spec()).cases)


def _results(adapter: Any, *paths: str, cases: list[Any] | None = None
             ) -> dict[str, tuple[str, Any]]:
    with Runner(adapter, timeout=60) as runner:
        return {r.case: (r.result, r.observed)
                for r in runner.run(cases if cases is not None else _cases(*paths))}


# -- no engine needed ------------------------------------------------------------------------


def test_both_engines_are_registered_by_name() -> None:
    known = available_adapters()
    assert known["phase-rs"] == "conformance.adapters.phase_rs:PhaseAdapter"
    assert known["python-mtg"] == "conformance.adapters.python_mtg:PythonMtgAdapter"


def test_a_split_card_becomes_two_mtgjson_faces_sharing_an_oracle_id() -> None:
    faces = card_faces(default_spec().card("Assault // Battery") or {})
    assert [f["faceName"] for f in faces] == ["Assault", "Battery"]
    assert [f["side"] for f in faces] == ["a", "b"]
    assert {f["identifiers"]["scryfallOracleId"] for f in faces} == {
        oracle_id("Assault // Battery")}
    assert [f["manaValue"] for f in faces] == [5.0, 5.0]
    assert [f["colors"] for f in faces] == [["R"], ["G"]]
    assert faces[0]["colorIdentity"] == ["R", "G"]


def test_a_back_face_gets_its_colors_from_the_color_indicator() -> None:
    card = default_spec().card("Kuja, Genome Sorcerer // Trance Kuja, Fate Defied") or {}
    back = card_faces(card)[1]
    assert back["colors"] == ["B", "R"] and back["colorIndicator"] == ["B", "R"]
    assert back["manaValue"] == 4.0 and back["power"] == "4"


def test_keyword_abilities_given_as_data_become_oracle_lines() -> None:
    card = {"name": "Iron", "mana_cost": "{1}{R/W}{G/U}", "types": ["Creature"], "power": 1,
            "toughness": 1, "abilities": [{"kind": "keyword", "keyword": "vigilance"},
                                          {"kind": "keyword", "keyword": "kicker",
                                           "cost": "{2}"}]}
    (face,) = card_faces(card)
    assert face["text"] == "Vigilance\nKicker {2}"
    assert face["keywords"] == ["Vigilance", "Kicker"]
    assert face["manaCost"] == "{1}{R/W}{G/U}"


@pytest.mark.parametrize(("cost", "canonical"), [("{R/U}", "{U/R}"), ("{W/G}", "{G/W}"),
                                                 ("{G/W}", "{G/W}"), ("{2/W}", "{2/W}"),
                                                 ("{B/P}", "{B/P}")])
def test_hybrid_symbols_are_written_in_oracle_order(cost: str, canonical: str) -> None:
    assert canonical_cost(cost) == canonical


@pytest.mark.parametrize(("cost", "mv"), [("", 0), ("{X}{R}", 1), ("{2/W}{2/U}", 4),
                                          ("{10}{B/P}{C}", 12), ("{R/G}{S}", 2)])
def test_mana_value_of_a_cost(cost: str, mv: int) -> None:
    assert mana_value_of(cost) == mv


def test_the_server_speaks_the_protocol_with_any_in_process_adapter() -> None:
    card = default_spec().card("Wax // Wane")
    lines = [
        {"cmd": "hello", "seq": 1, "protocol": 1},
        {"cmd": "start", "seq": 2, "case": "c", "era": "modern", "cards": {"Wax // Wane": card},
         "setup": {"objects": [{"handle": "ww", "card": "Wax // Wane", "zone": "hand",
                                "owner": "alice"}]}},
        {"cmd": "observe", "seq": 3, "query": {"query": "mana_value", "object": "ww"}},
        {"cmd": "perform", "seq": 4, "action": {"type": "pass_priority", "player": "bob"}},
        {"cmd": "observe", "seq": 5, "query": {"query": "no_such_query"}},
        {"cmd": "start", "seq": 6, "case": "c", "era": "old", "cards": {}, "setup": {}},
        {"cmd": "quit", "seq": 7},
        {"cmd": "hello", "seq": 8, "protocol": 1},
    ]
    from conformance.adapters.reference import ReferenceAdapter

    out = io.StringIO()
    Server(ReferenceAdapter()).serve(io.StringIO("".join(json.dumps(x) + "\n" for x in lines)),
                                     out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["seq"] for r in replies] == [1, 2, 3, 4, 5, 6, 7]  # nothing after quit
    assert replies[0]["info"]["name"] == "reference"
    assert replies[1] == {"seq": 2, "ok": True}
    assert replies[2] == {"seq": 3, "value": 2}
    assert replies[3]["outcome"]["status"] == "rejected"
    assert replies[3]["outcome"]["failure"] == "no-priority"
    assert "unsupported" in replies[4] or "error" in replies[4]
    assert "unsupported" in replies[5]
    assert replies[6] == {"seq": 7, "ok": True}


def test_the_served_reference_engine_gives_the_in_process_results() -> None:
    from conformance.adapters.reference import ReferenceAdapter

    cases = _cases("spec/cases/characteristics")
    served = SubprocessAdapter([sys.executable, "-m", "conformance.adapters.serve",
                                "reference"], timeout=30)
    assert _results(served, cases=cases) == _results(ReferenceAdapter(), cases=cases)


# -- phase.rs --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def phase_adapter() -> Any:
    pytest.importorskip("phase", reason=PHASE_REASON)
    from conformance.adapters.phase_rs import PhaseAdapter

    adapter = PhaseAdapter()
    yield adapter
    adapter.close()


def _phase_session(adapter: Any, setup: dict[str, Any], *cards: str) -> Any:
    spec = default_spec()
    return adapter.start(StartRequest("t", "modern", setup, {c: spec.card(c) for c in cards}))


def test_phase_declares_the_modern_era_only(phase_adapter: Any) -> None:
    info = phase_adapter.info()
    assert info.name == "phase-rs" and info.eras == ("modern",)
    assert {"characteristics", "casting", "combat"} <= info.features
    assert {"setup-effects", "layers", "tokens"} <= info.features
    assert "name-stickers" not in info.features and "color-identity" not in info.features
    with pytest.raises(Unsupported, match="modern"):
        phase_adapter.start(StartRequest("t", "invasion-2000", {}, {}))


def test_phase_reads_characteristics_the_engine_computes(phase_adapter: Any) -> None:
    session = _phase_session(phase_adapter, {"objects": [
        {"handle": "ab", "card": "Assault // Battery", "zone": "library", "owner": "alice"},
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"}]},
        "Assault // Battery", "Grizzly Bears")
    assert session.observe({"query": "mana_value", "object": "ab"}) == 5
    assert session.observe({"query": "colors", "object": "ab"}) == ["red", "green"]
    assert session.observe({"query": "zone", "object": "ab"}) == "library"
    assert session.observe({"query": "power", "object": "bears"}) == 2
    assert session.observe({"query": "controller", "object": "bears"}) == "bob"
    assert session.observe({"query": "count", "zone": "battlefield",
                            "filter": {"type": "Creature", "controller": "bob"}}) == 1
    # reading the engine's computed values uses a scratch game: the case's game is untouched
    assert session.observe({"query": "zone", "object": "ab"}) == "library"


def test_phase_casts_through_the_engine_and_rejects_what_it_refuses(phase_adapter: Any) -> None:
    session = _phase_session(phase_adapter, {"mana_pool": {"alice": "{R}"}, "objects": [
        {"handle": "shock", "card": "Shock", "zone": "hand", "owner": "alice"},
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"}]},
        "Shock", "Grizzly Bears")
    wrong = session.perform({"type": "cast", "player": "bob", "object": "shock",
                             "targets": ["bears"]})
    assert (wrong.ok, wrong.failure) == (False, "timing")  # CR 117.1a, as the suite classes it
    assert session.perform({"type": "cast", "player": "alice", "object": "shock",
                            "targets": ["bears"]}).ok
    assert session.observe({"query": "stack"}) == ["Shock"]
    assert session.perform({"type": "resolve"}).ok
    assert session.observe({"query": "zone", "object": "bears"}) == "graveyard"
    assert session.observe({"query": "mana_pool", "player": "alice"}) == ""


def test_phase_finds_a_lone_target_under_a_cast_trigger(phase_adapter: Any) -> None:
    """phase.rs chooses a lone legal target itself; the adapter reads it from the spell just
    cast, which a cast trigger (Guttersnipe's, CR 601.2i, 603.3) covers on the stack."""
    session = _phase_session(phase_adapter, {"mana_pool": {"alice": "{R}{U}{U}"}, "objects": [
        {"handle": "snipe", "card": "Guttersnipe", "zone": "battlefield", "owner": "alice"},
        {"handle": "shock", "card": "Shock", "zone": "hand", "owner": "alice"},
        {"handle": "twincast", "card": "Twincast", "zone": "hand", "owner": "alice"}]},
        "Guttersnipe", "Shock", "Twincast")
    assert session.perform({"type": "cast", "player": "alice", "object": "shock",
                            "targets": ["bob"]}).ok
    assert session.perform({"type": "cast", "player": "alice", "object": "twincast",
                            "targets": ["shock"]}).ok
    assert session.observe({"query": "stack"}) == [
        "Shock", "ability of Guttersnipe", "Twincast", "ability of Guttersnipe"]


def test_phase_combat_goes_through_the_declaration_prompts(phase_adapter: Any) -> None:
    session = _phase_session(phase_adapter, {"objects": [
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield", "owner": "alice"},
        {"handle": "sick", "card": "Grizzly Bears", "zone": "battlefield", "owner": "alice",
         "sick": True}]}, "Grizzly Bears")
    assert session.observe({"query": "can_attack", "object": "sick"}) is False
    refused = session.perform({"type": "declare_attackers", "player": "alice",
                               "attackers": ["sick"]})
    assert (refused.ok, refused.failure) == (False, "cannot-attack")
    assert session.observe({"query": "step"}) == "precombat-main"  # restored
    assert session.perform({"type": "declare_attackers", "player": "alice",
                            "attackers": ["bears"]}).ok
    assert session.perform({"type": "advance", "to": "end-of-combat"}).ok
    assert session.observe({"query": "life", "player": "bob"}) == 18
    assert session.observe({"query": "damage_events"}) == [
        {"source": "bears", "target": "bob", "amount": 2, "combat": True}]


def test_phase_trample_excess_goes_to_what_the_attacker_attacks(phase_adapter: Any) -> None:
    """Attacking a planeswalker, a trampler's excess is phase.rs's ``trample_damage`` when the
    case names the planeswalker and its ``controller_damage`` when it names the player, which
    phase.rs refuses without trample over planeswalkers (CR 702.19c, 702.19f)."""
    session = _phase_session(phase_adapter, {"objects": [
        {"handle": "dreadmaw", "card": "Colossal Dreadmaw", "zone": "battlefield",
         "owner": "alice"},
        {"handle": "jace", "card": "Jace Beleren", "zone": "battlefield", "owner": "bob",
         "counters": {"loyalty": 3}},
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"}]},
        "Colossal Dreadmaw", "Jace Beleren", "Grizzly Bears")
    assert session.perform({"type": "declare_attackers", "player": "alice", "attackers": [
        {"object": "dreadmaw", "defender": "jace"}]}).ok
    assert session.perform({"type": "declare_blockers", "player": "bob",
                            "blockers": {"bears": "dreadmaw"}}).ok
    to_bob = session.perform({"type": "advance", "to": "end-of-combat", "choices": {
        "combat_damage": {"dreadmaw": {"bears": 2, "bob": 4}}}})
    assert (to_bob.ok, to_bob.failure) == (False, "illegal-choice")
    assert session.observe({"query": "life", "player": "bob"}) == 20  # restored
    assert session.perform({"type": "advance", "to": "end-of-combat", "choices": {
        "combat_damage": {"dreadmaw": {"bears": 2, "jace": 4}}}}).ok
    assert session.observe({"query": "zone", "object": "jace"}) == "graveyard"
    assert session.observe({"query": "life", "player": "bob"}) == 20


def test_phase_double_strikers_divisions_follow_the_step_asked(phase_adapter: Any) -> None:
    """phase.rs asks no first-strike division a 3-power trampler can make alone against a 2/4
    blocker (all of it is needed for lethal, 702.19b), only the second: that is answered with
    the list's second entry, and a first entry that isn't the division phase.rs made is an
    illegal choice (CR 510.4)."""
    setup = {"objects": [
        {"handle": "giant", "card": "Hill Giant", "zone": "battlefield", "owner": "alice"},
        {"handle": "spider", "card": "Giant Spider", "zone": "battlefield", "owner": "bob"}],
        "effects": [{"type": "add_abilities", "keywords": ["double strike", "trample"],
                     "affected": ["giant"]}]}
    session = _phase_session(phase_adapter, setup, "Hill Giant", "Giant Spider")
    assert session.perform({"type": "declare_attackers", "player": "alice",
                            "attackers": ["giant"]}).ok
    assert session.perform({"type": "declare_blockers", "player": "bob",
                            "blockers": {"spider": "giant"}}).ok
    wrong = session.perform({"type": "advance", "to": "end-of-combat", "choices": {
        "combat_damage": {"giant": [{"spider": 2, "bob": 1}, {"spider": 1, "bob": 2}]}}})
    assert (wrong.ok, wrong.failure) == (False, "illegal-choice")
    assert session.observe({"query": "life", "player": "bob"}) == 20  # restored
    assert session.perform({"type": "advance", "to": "end-of-combat", "choices": {
        "combat_damage": {"giant": [{"spider": 3}, {"spider": 1, "bob": 2}]}}}).ok
    assert session.observe({"query": "life", "player": "bob"}) == 18
    assert session.observe({"query": "zone", "object": "spider"}) == "graveyard"


def test_phase_declines_to_put_a_planeswalker_onto_the_battlefield(phase_adapter: Any) -> None:
    """The sandbox's MoveToZone gives a planeswalker none of the loyalty counters it enters
    with (CR 306.5b): an engine limit, declined."""
    from conformance.adapters.phase_rs import decline_limit

    session = _phase_session(phase_adapter, {"objects": [
        {"handle": "jace", "card": "Jace Beleren", "zone": "hand", "owner": "bob"}]},
        "Jace Beleren")
    with pytest.raises(Unsupported, match="loyalty") as declined:
        session.perform({"type": "put_onto_battlefield", "object": "jace"})
    assert decline_limit(str(declined.value)) == "engine"
    assert session.observe({"query": "zone", "object": "jace"}) == "hand"


def test_phase_creates_setup_tokens_and_attachments_through_its_sandbox(
        phase_adapter: Any) -> None:
    session = _phase_session(phase_adapter, {"objects": [
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"},
        {"handle": "p", "card": "Pacifism", "zone": "battlefield", "owner": "alice",
         "attached_to": "bears"},
        {"handle": "t", "owner": "alice", "zone": "battlefield", "token": {
            "types": ["Creature"], "subtypes": ["Soldier"], "colors": ["white"], "power": 1,
            "toughness": 1}}]}, "Grizzly Bears", "Pacifism")
    assert session.observe({"query": "tokens", "player": "alice"}) == ["Soldier Token"]
    assert session.observe({"query": "is_token", "object": "t"}) is True
    assert session.observe({"query": "colors", "object": "t"}) == ["white"]
    assert session.observe({"query": "can_attack", "object": "bears"}) is False  # Pacifism


def test_phase_applies_setup_effects_with_its_own_layers(phase_adapter: Any) -> None:
    session = _phase_session(phase_adapter, {"objects": [
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield", "owner": "alice"}],
        "effects": [{"type": "set_pt", "power": 0, "toughness": 1, "affected": ["bears"]},
                    {"type": "modify_pt", "power": 3, "toughness": 3, "affected": ["bears"]},
                    {"type": "add_abilities", "keywords": ["protection from white"],
                     "affected": ["bears"]}]}, "Grizzly Bears")
    assert session.observe({"query": "power", "object": "bears"}) == 3  # 7b then 7c
    assert session.observe({"query": "keywords", "object": "bears"}) == ["protection"]
    with pytest.raises(Unsupported, match="name sticker"):
        _phase_session(phase_adapter, {"objects": [
            {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield"}],
            "effects": [{"type": "name_sticker", "word": "Fuzzy", "position": 0,
                         "affected": ["bears"]}]}, "Grizzly Bears")


def test_phase_total_cost_is_read_from_a_scratch_cast(phase_adapter: Any) -> None:
    session = _phase_session(phase_adapter, {"objects": [
        {"handle": "burst", "card": "Burst Lightning", "zone": "hand", "owner": "alice"},
        {"handle": "thalia", "card": "Thalia, Guardian of Thraben", "zone": "battlefield",
         "owner": "bob"}]}, "Burst Lightning", "Thalia, Guardian of Thraben")
    assert session.observe({"query": "total_cost", "object": "burst"}) == "{1}{R}"
    assert session.observe({"query": "total_cost", "object": "burst",
                            "kicked": True}) == "{5}{R}"
    assert session.observe({"query": "zone", "object": "burst"}) == "hand"  # untouched
    assert session.observe({"query": "can_cast", "object": "burst",
                            "targets": ["bob"]}) is False  # no mana


def test_phase_total_cost_of_a_flashback_cast_is_null_off_the_graveyard(
        phase_adapter: Any) -> None:
    """A flashback cost is offered only for a cast from the graveyard (702.34a): proposed for
    a cast from a hand it is no total cost at all, as the cast itself is refused."""
    session = _phase_session(phase_adapter, {"objects": [
        {"handle": "hand", "card": "Think Twice", "zone": "hand", "owner": "alice"},
        {"handle": "gy", "card": "Think Twice", "zone": "graveyard", "owner": "alice"}]},
        "Think Twice")
    assert session.observe({"query": "total_cost", "object": "hand"}) == "{1}{U}"
    assert session.observe({"query": "total_cost", "object": "hand",
                            "alternative": "flashback"}) is None
    assert session.observe({"query": "total_cost", "object": "gy",
                            "alternative": "flashback"}) == "{2}{U}"


def test_phase_answers_choices_made_while_resolving(phase_adapter: Any) -> None:
    session = _phase_session(phase_adapter, {"objects": [
        {"handle": "clone", "card": "Clone", "zone": "stack", "owner": "alice"},
        {"handle": "giant", "card": "Hill Giant", "zone": "battlefield", "owner": "bob"}]},
        "Clone", "Hill Giant")
    with pytest.raises(Unsupported, match="copy"):
        session.perform({"type": "resolve"})  # phase.rs asks; the case must say what
    assert session.perform({"type": "resolve", "choices": {"copy": "giant"}}).ok
    assert session.observe({"query": "name", "object": "clone"}) == "Hill Giant"
    assert session.observe({"query": "summoning_sick", "object": "clone"}) is True


def test_phase_runs_the_characteristics_cases(phase_adapter: Any) -> None:
    results = _results(phase_adapter, "spec/cases/characteristics")
    kinds = {kind for kind, _ in results.values()}
    assert "errored" not in kinds
    assert results["characteristics.split.mana-value-in-library.modern"][0] == "passed"
    # phase.rs gives a transformed permanent mana value 0 (CR 712.8e says 4): docs/engines
    assert results["characteristics.dfc.mana-value-of-front-face"] == ("failed", 0)


@pytest.mark.slow
def test_phase_served_out_of_process_gives_the_same_results(phase_adapter: Any) -> None:
    cases = _cases("spec/cases/combat")  # one list for both: cases are added as we run
    served = SubprocessAdapter([sys.executable, "-m", "conformance.adapters.serve",
                                "phase-rs"], timeout=60)
    in_process = _results(phase_adapter, cases=cases)
    assert _results(served, cases=cases) == in_process
    assert {kind for kind, _ in in_process.values()} >= {"passed", "failed"}


# -- python-mtg ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def mtg_adapter() -> Any:
    pytest.importorskip("mtg", reason=MTG_REASON)
    from conformance.adapters.python_mtg import PythonMtgAdapter

    adapter = PythonMtgAdapter()
    yield adapter
    adapter.close()


def test_python_mtg_declares_static_features_and_lands(mtg_adapter: Any) -> None:
    info = mtg_adapter.info()
    assert info.name == "python-mtg" and info.eras == ("modern",)
    assert "casting" not in info.features and "characteristics" in info.features
    assert {"lands", "domain"} <= info.features


def test_python_mtg_plays_lands_and_counts_domain(mtg_adapter: Any) -> None:
    spec = default_spec()
    names = ("Forest", "Savai Triome", "Island", "Mountain")
    session = mtg_adapter.start(StartRequest("t", "modern", {"objects": [
        {"handle": "forest", "card": "Forest", "zone": "hand", "owner": "alice"},
        {"handle": "triome", "card": "Savai Triome", "zone": "battlefield", "owner": "alice"},
        {"handle": "island", "card": "Island", "zone": "hand", "owner": "alice"},
        {"handle": "mountain", "card": "Mountain", "zone": "hand", "owner": "bob"}]},
        {c: spec.card(c) for c in names}))
    assert session.observe({"query": "land_types", "object": "triome"}) == list(
        spec.card("Savai Triome")["subtypes"])  # in type-line order
    assert session.observe({"query": "domain", "player": "alice"}) == 3
    assert session.observe({"query": "lands_played", "player": "alice"}) == 0
    assert session.perform({"type": "play_land", "player": "bob", "object": "forest"}
                           ).failure == "illegal-action"  # not in bob's hand
    assert session.perform({"type": "play_land", "player": "bob", "object": "mountain"}
                           ).failure == "no-priority"  # alice's turn: bob has no decision
    assert session.perform({"type": "play_land", "player": "alice", "object": "forest"}).ok
    assert session.observe({"query": "zone", "object": "forest"}) == "battlefield"
    assert session.observe({"query": "basic_land_types", "player": "alice"}) == [
        "Plains", "Swamp", "Mountain", "Forest"]
    assert session.observe({"query": "lands_played", "player": "alice"}) == 1
    assert session.perform({"type": "play_land", "player": "alice", "object": "island"}
                           ).failure == "land-limit"


def test_python_mtg_reads_its_corpus_cards(mtg_adapter: Any) -> None:
    spec = default_spec()
    session = mtg_adapter.start(StartRequest("t", "modern", {"objects": [
        {"handle": "ww", "card": "Wax // Wane", "zone": "hand", "owner": "alice"},
        {"handle": "bears", "card": "Grizzly Bears", "zone": "battlefield", "owner": "bob"}]},
        {c: spec.card(c) for c in ("Wax // Wane", "Grizzly Bears")}))
    assert session.observe({"query": "names", "object": "ww"}) == ["Wax", "Wane"]
    assert session.observe({"query": "colors", "object": "ww"}) == ["white", "green"]
    assert session.observe({"query": "power", "object": "bears"}) == 2
    assert session.observe({"query": "types", "object": "bears"}) == ["Creature"]
    assert session.observe({"query": "count", "zone": "hand", "player": "alice"}) == 1
    with pytest.raises(Unsupported, match="only the special action of playing a land"):
        session.perform({"type": "pass_priority", "player": "alice"})


def test_python_mtg_runs_the_characteristics_cases(mtg_adapter: Any) -> None:
    results = _results(mtg_adapter, "spec/cases/characteristics")
    assert "errored" not in {kind for kind, _ in results.values()}
    # python-mtg counts a split card's front half only for mana value (CR 709.4b says 5)
    assert results["characteristics.split.mana-value-in-library.modern"] == ("failed", 1)


# -- baselines and published reports ---------------------------------------------------------


@pytest.mark.parametrize("engine", ["phase-rs", "python-mtg"])
def test_each_engine_bug_in_a_baseline_has_a_reproduction(engine: str) -> None:
    from conformance.results.baseline import load_baseline

    baseline = load_baseline(ROOT / "baselines" / f"{engine}.toml")
    assert baseline.adapter == engine and baseline.entries
    for entry in baseline.entries:
        assert entry.kind in ("engine-bug", "adapter-limitation", "case-data",
                              "unanalysed"), entry
        if entry.kind == "unanalysed":  # listed before its cause is known, and says so
            assert entry.reason.startswith("Not analysed yet"), entry
        assert entry.link.startswith(f"docs/engines/{engine}.md#"), entry
        anchor = entry.link.rpartition("#")[2]
        if entry.kind == "engine-bug":
            assert (ROOT / "docs" / "engines" / "repro" / engine / f"{anchor}.py").is_file()


@pytest.mark.parametrize("engine", ["phase-rs", "python-mtg"])
def test_the_published_baselines_have_no_stale_entry(engine: str) -> None:
    """Every entry of a published baseline explains a failure of the published report: an
    entry whose cases now pass, are declined or are no longer generated is removed."""
    from conformance.reports.jsonl import read_report
    from conformance.results.baseline import load_baseline

    baseline = load_baseline(ROOT / "baselines" / f"{engine}.toml")
    results = read_report(ROOT / "docs" / "engines" / f"{engine}.jsonl")
    assert [e.case for e in baseline.stale(results)] == []


def test_a_report_groups_failures_by_their_analysis() -> None:
    from conformance.adapter import AdapterInfo
    from conformance.reports.engines import ENGINES, render_report
    from conformance.results.baseline import Baseline, BaselineEntry
    from conformance.results.records import CaseResult

    entry = BaselineEntry(case="gen.dfc-*", reason="Front face mana value is lost.",
                          link="docs/engines/phase-rs.md#dfc-mana-value", kind="engine-bug")
    results = [CaseResult(case=f"gen.dfc-mana-value.s1.i{i}", era="modern",
                          result="known-failure", area="characteristics", generated=True,
                          step=0, expected=4, observed=0) for i in range(3)]
    results += [CaseResult(case="characteristics.x", era="modern", result="failed",
                           area="characteristics", step=2, expected="a", observed="b"),
                CaseResult(case="combat.y", era="invasion-2000", result="unsupported",
                           area="combat", message="phase-rs does not implement era "
                                                  "'invasion-2000'")]
    info = AdapterInfo("phase-rs", "0.103.0", ("modern",), frozenset({"characteristics"}))
    text = render_report(ENGINES[0], info, results, Baseline(entries=(entry,)))
    assert '<a id="dfc-mana-value"></a>' in text
    assert "### dfc-mana-value (engine-bug, 3 results)" in text
    assert "### unanalysed (no analysis yet, 1 result)" in text
    assert "| phase-rs does not implement era 'invasion-2000' | 1 | engine |" in text
    assert "docs/engines/repro/phase-rs/dfc-mana-value.py" in text
    assert "| modern | spec | 1 | 1 | 100.0% |" in text  # reach: the eras the adapter has
    assert "| modern | generated | 3 | 3 | 100.0% |" in text


def test_phase_declines_name_the_side_of_their_limit() -> None:
    """The report marks each phase.rs decline engine or adapter limit: undeclared features
    are engine limits only when phase.rs can't be asked about them."""
    from conformance.adapters.phase_rs import decline_limit

    assert decline_limit("phase-rs lacks feature(s): color-identity, player-effects") == "engine"
    # phase.rs 0.103.0 has stickers: a missing name-stickers feature is the adapter's gap
    assert decline_limit("phase-rs lacks feature(s): name-stickers, sacrifice") == "adapter"
    # but a case that also needs what phase.rs can't be asked about can't be played at all
    assert decline_limit("phase-rs lacks feature(s): color-identity, name-stickers") == "engine"
    assert decline_limit("step 2 (resolve): phase.rs asks Foo while resolving; this adapter "
                         "has no case choice for that prompt") == "adapter"
    assert decline_limit("step 1 (observe shields): query 'shields': phase.rs keeps "
                         "prevention shields inside its replacement effects") == "engine"
    assert decline_limit("setup: phase.rs seats 2 to 6 players (its Free-for-All format's "
                         "range), not 7") == "engine"
    assert decline_limit("setup: object 'siege': a battle's protector among several opponents "
                         "(CR 310.8a) is not set in phase.rs through this adapter") == "adapter"
    assert decline_limit("step 0 (resolve): phase.rs asks to order replacement effects it "
                         "describes alike (['Prevent damage', 'Prevent damage'], no source "
                         "named) whose orders give different games") == "engine"


def test_reach_counts_supported_results_by_era_and_set() -> None:
    from conformance.reports.engines import reach
    from conformance.results.records import CaseResult

    results = [CaseResult(case="a", era="modern", result="passed"),
               CaseResult(case="b", era="modern", result="unsupported"),
               CaseResult(case="c", era="modern", result="failed", generated=True),
               CaseResult(case="d", era="invasion-2000", result="unsupported")]
    assert reach(results, ["modern"]) == {("modern", "spec"): (1, 2),
                                          ("modern", "generated"): (1, 1)}


def _repros(engine: str) -> list[Path]:
    return sorted((ROOT / "docs" / "engines" / "repro" / engine).glob("*.py"))


def _run_scripts(scripts: list[Path]) -> str:
    """Run standalone scripts in one fresh interpreter (one engine start); their output."""
    import subprocess

    driver = ("import runpy, sys\n"
              "for path in sys.argv[1:]:\n"
              "    print('==', path)\n"
              "    runpy.run_path(path, run_name='__main__')\n")
    done = subprocess.run([sys.executable, "-c", driver, *map(str, scripts)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_each_phase_reproduction_still_reproduces() -> None:
    pytest.importorskip("phase", reason=PHASE_REASON)
    scripts = _repros("phase-rs")
    out = _run_scripts(scripts)
    assert out.count("\nreproduced\n") == len(scripts) >= 10, out


def test_each_python_mtg_reproduction_still_reproduces() -> None:
    pytest.importorskip("mtg", reason=MTG_REASON)
    scripts = _repros("python-mtg")
    out = _run_scripts(scripts)
    assert out.count("\nreproduced\n") == len(scripts) >= 4, out


def test_phase_coin_and_die_answers_are_read_as_phase_rs_records_them() -> None:
    """A called flip is won when the call matches the side (705.2; the call is heads unless the
    case says); dice are natural results in order. phase.rs's flips and rolls must begin as the
    answers do, and a result no die of the roll can show is an illegal choice (706.1)."""
    pytest.importorskip("phase", reason=PHASE_REASON)
    from conformance.adapters.phase_rs.adapter import _came_out, _chance, _check_dice
    from conformance.adapters.phase_rs.prompts import IllegalAnswer

    assert _chance({}) is None
    chance = _chance({"coin": ["tails", "heads"], "coin_call": "tails", "die": [3, 4]})
    assert chance == ([True, False], [3, 4])
    assert _chance({"coin": "heads"}) == ([True], [])
    flips = [{"type": "CoinFlipped", "data": {"won": True}},
             {"type": "CoinFlipped", "data": {"won": False}}]
    rolls = [{"type": "DieRolled", "data": {"sides": 6, "result": 3}},
             {"type": "DieRolled", "data": {"sides": 6, "result": 4}}]
    assert chance is not None and _came_out(chance, flips + rolls)
    assert not _came_out(chance, flips[::-1] + rolls)
    assert not _came_out(([], [4, 3]), rolls)
    assert _came_out(([], [3]), rolls)  # a roll past the answers given is free
    with pytest.raises(IllegalAnswer, match=r"706\.1"):
        _check_dice(([], [7]), rolls)


def test_python_mtg_taps_every_mana_source_at_once(mtg_adapter: Any) -> None:
    """Behind the mana-abilities decline (an engine limit): python-mtg's only mana move is
    ``tap_mana`` for a player, with no object; it taps every untapped mana source at once."""
    spec = default_spec()
    names = ("Llanowar Elves", "Forest", "Grizzly Bears")
    session = mtg_adapter.start(StartRequest("t", "modern", {"objects": [
        {"handle": "elves", "card": "Llanowar Elves", "zone": "battlefield", "owner": "alice"},
        {"handle": "forest", "card": "Forest", "zone": "battlefield", "owner": "alice"},
        {"handle": "bears", "card": "Grizzly Bears", "zone": "hand", "owner": "alice"}]},
        {c: spec.card(c) for c in names}))
    game = session.game
    mana_moves = [tuple(m.raw) for m in game.legal_moves if "mana" in str(m.raw[0])]
    assert mana_moves == [("tap_mana", "alice")]
    game.push(("tap_mana", "alice"))
    assert {session.ids["elves"], session.ids["forest"]} <= {c for (c,) in
                                                             game.state["tapped"]}


def test_python_mtg_declines_name_the_side_of_their_limit() -> None:
    """A python-mtg decline is the engine's when the case needs one thing its model has no
    place for (the stack, triggers, targets chosen on casting, custom cards); a decline for
    features python-mtg has moves for (combat, the turn's end) is the adapter's."""
    from conformance.adapters.python_mtg import UNDECLARED, decline_limit

    assert {"stack", "triggers", "custom-cards"} <= set(UNDECLARED)
    assert decline_limit("python-mtg lacks feature(s): combat, stack") == "engine"
    assert decline_limit("python-mtg lacks feature(s): combat") == "adapter"
    assert decline_limit("python-mtg lacks feature(s): mana-abilities") == "engine"
    assert decline_limit("python-mtg lacks feature(s): turn-structure, combat") == "adapter"
    assert decline_limit("setup: object 'flames': python-mtg has no visible stack") == "engine"
    assert decline_limit("step 3 (observe x): query 'x' is not expressible through "
                         "python-mtg") == "adapter"
