"""Probes of the phase-rs adapter's declines: each tries phase.rs directly for the thing a decline
says it lacks, and fails once phase.rs has it (then the decline must go: implement the case's
need through the new ability, or correct the message). Skipped without phase-python.

Each probe names the decline it stands behind (the words of the adapter's message). Declines
that are the adapter's own (``decline_limit`` says ``adapter``) need no probe: they say so.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

phase = pytest.importorskip(
    "phase", reason="phase-python is not installed: pip install 'mtg-conformance[phase]'")

from conformance.adapters._mtgjson import card_faces, oracle_id  # noqa: E402
from conformance.adapters.phase_rs.adapter import _NO_VIEW, UNDECLARED, _unimplemented  # noqa: E402
from conformance.spec.catalog import default_spec  # noqa: E402

FILLER = {"name": "Filler", "manaCost": "", "manaValue": 0.0, "colors": [], "colorIdentity": [],
          "types": ["Land"], "subtypes": [], "supertypes": [], "text": "", "layout": "normal",
          "type": "Land", "identifiers": {}, "legalities": {}, "keywords": []}


def _engine(*names: str) -> Any:
    db: dict[str, Any] = {"filler": phase.build_oracle_face(FILLER, None)}
    for name in names:
        card = default_spec().card(name)
        assert card is not None, name
        faces = card_faces(card)
        if len(faces) == 1:
            db[name.lower()] = phase.build_oracle_face(faces[0], oracle_id(name))
            continue
        for index, face in enumerate(faces):
            built = phase.build_oracle_face_multi(face, oracle_id(name))
            db[str(built["name"]).lower()] = dict(built, layout=card.get("layout"),
                                                  face_index=index)
    return phase.Engine.from_json(json.dumps(db))


def _debug(game: Any, kind: str, **data: Any) -> Any:
    return game.apply(0, phase.GameAction.from_dict(
        {"type": "Debug", "data": {"type": kind, "data": data}}))


def _act(game: Any, seat: int, kind: str, **data: Any) -> Any:
    action = {"type": kind, "data": data} if data else {"type": kind}
    return game.apply(seat, phase.GameAction.from_dict(action))


def _game(engine: Any, mine: list[str], theirs: list[str] = []) -> tuple[Any, dict[str, int]]:  # noqa: B006
    """A sandbox game in seat 0's precombat main phase; the ids of the named cards."""
    game = engine.new_game(player=mine + ["Filler"] * 10, opponent=theirs + ["Filler"] * 10,
                           seed=1, first_player=0)
    for seat in (0, 1):
        game.apply(seat, next(a for a in game.actions() if a.kind == "MulliganDecision"
                              and a.data["choice"]["type"] == "Keep"))
    root = game.state()
    root["state"]["debug_mode"] = True
    game = engine.load_game(root)
    _debug(game, "SetPhase", phase="PreCombatMain", active_player=0)
    ids: dict[str, int] = {}
    for key, obj in sorted(root["state"]["objects"].items(), key=lambda kv: int(kv[0])):
        if obj["name"] == "Filler":
            _debug(game, "RemoveObject", object_id=int(key))
        else:
            ids.setdefault(str(obj["name"]), int(key))
    return game, ids


@pytest.fixture
def bolt_game() -> Iterator[tuple[Any, dict[str, int]]]:
    game, ids = _game(_engine("Lightning Bolt", "Mountain", "Grizzly Bears"),
                      ["Lightning Bolt", "Mountain"], ["Grizzly Bears"])
    _debug(game, "MoveToZone", object_id=ids["Mountain"], to_zone="Battlefield")
    _debug(game, "MoveToZone", object_id=ids["Lightning Bolt"], to_zone="Hand")
    yield game, ids


def test_the_sandbox_makes_no_stack_entry_without_a_cast(bolt_game: Any) -> None:
    """Behind "phase.rs puts a spell on the stack only by casting it ... MoveToZone to the
    stack makes none, SetPhase empties the stack"."""
    game, ids = bolt_game
    _debug(game, "MoveToZone", object_id=ids["Lightning Bolt"], to_zone="Stack")
    assert game.stack() == [], "phase.rs's sandbox now puts a spell on the stack"
    game2, ids2 = _game(_engine("Lightning Bolt", "Mountain"), ["Lightning Bolt", "Mountain"])
    _debug(game2, "MoveToZone", object_id=ids2["Mountain"], to_zone="Battlefield")
    _debug(game2, "MoveToZone", object_id=ids2["Lightning Bolt"], to_zone="Hand")
    _act(game2, 0, "CastSpell", object_id=ids2["Lightning Bolt"], card_id=ids2["Lightning Bolt"],
         payment_mode={"type": "Auto"}, targets=[])
    while game2.waiting_for()["type"] == "TargetSelection":
        _act(game2, 0, "ChooseTarget", target={"Player": 1})
    assert len(game2.stack()) == 1
    _debug(game2, "SetPhase", phase="BeginCombat", active_player=0)
    assert game2.stack() == [], "SetPhase now keeps the stack"


def test_a_cast_with_no_legal_target_is_refused_before_its_cost(bolt_game: Any) -> None:
    """Behind "total_cost: phase.rs begins a cast only when the spell could be cast now,
    targets and timing included" and the setup decline for a stack spell with too few
    targets: a spell with no legal target can't even be begun."""
    engine = _engine("Naturalize", "Forest")
    game, ids = _game(engine, ["Naturalize", "Forest"])
    _debug(game, "MoveToZone", object_id=ids["Naturalize"], to_zone="Hand")
    _debug(game, "SetInfiniteMana", player_id=0, enabled=True)
    with pytest.raises(ValueError, match=r"(?i)target"):
        _act(game, 0, "CastSpell", object_id=ids["Naturalize"], card_id=ids["Naturalize"],
             payment_mode={"type": "Manual"}, targets=[])


def test_the_sandbox_move_onto_the_battlefield_triggers_nothing() -> None:
    """Behind "put onto the battlefield: phase.rs has no action that puts a card onto the
    battlefield as an effect does; its sandbox's MoveToZone skips replacement effects and
    triggers"."""
    engine = _engine("Thought-Knot Seer", "Lightning Bolt")
    game, ids = _game(engine, ["Thought-Knot Seer"], ["Lightning Bolt"])
    _debug(game, "MoveToZone", object_id=ids["Lightning Bolt"], to_zone="Hand")
    _debug(game, "MoveToZone", object_id=ids["Thought-Knot Seer"], to_zone="Battlefield")
    assert game.stack() == [] and game.waiting_for()["type"] == "Priority", (
        "the sandbox move now triggers the enters ability")
    kinds = sorted({k for k in dir(phase.Game) if not k.startswith("_")})
    assert not [k for k in kinds if "put" in k or "enter" in k], kinds


def test_the_game_answers_no_rules_question_outside_its_actions() -> None:
    """Behind the queries of ``_NO_VIEW`` (protected_from, shields, prevention_remaining,
    player_effects, amount, color_identity): phase.rs's Game has views of objects, players and
    zones and a list of legal actions, and no method that answers these questions.
    (legal_target is answered from that list of legal actions: the spell's cast begun again
    in a copy of the game, :mod:`conformance.adapters.phase_rs.targets`.)"""
    methods = {k.lower() for k in dir(phase.Game) if not k.startswith("_")}
    assert methods <= {"actions", "apply", "battlefield", "choose_action", "choose_attackers",
                       "choose_blockers", "evaluate_state", "exile", "graveyard", "hand",
                       "object", "phase", "player", "priority_player", "stack", "state",
                       "turn", "waiting_for"}, methods
    assert set(_NO_VIEW) == {"protected_from", "shields",
                             "prevention_remaining", "player_effects", "amount",
                             "color_identity"}


def test_player_views_hold_no_continuous_effects(bolt_game: Any) -> None:
    """Behind "phase.rs shows no list of the continuous effects on a player" and the
    undeclared player-effects feature."""
    game, _ = bolt_game
    player = game.player(0)
    assert not [k for k in player if "effect" in str(k).lower()], sorted(player)
    assert "player-effects" in UNDECLARED


def test_color_identity_is_taken_from_the_card_data() -> None:
    """Behind the undeclared color-identity feature: phase.rs keeps the colorIdentity it is
    given (here a wrong one) rather than deriving it from the mana cost and text (CR 903.4)."""
    face = dict(FILLER, name="Probe Bolt", manaCost="{R}", manaValue=1.0, colors=["R"],
                colorIdentity=["G"], types=["Instant"], type="Instant",
                text="Probe Bolt deals 3 damage to any target.")
    built = phase.build_oracle_face(face, None)
    identity = [v for k, v in built.items() if "identity" in str(k).lower()]
    assert identity and all(v in (["Green"], ["G"], [["Green"]]) or "G" in json.dumps(v)
                            for v in identity), built.keys()
    assert "color-identity" in UNDECLARED


@pytest.mark.parametrize("name", ["Null Chamber", "Stand or Fall", "Golgothian Sylex"])
def test_the_oracle_parser_still_leaves_these_cards_unimplemented(name: str) -> None:
    """Behind "phase.rs's Oracle parser leaves part of <card> unimplemented, so the card can't
    be played as written"."""
    card = default_spec().card(name)
    assert card is not None
    gaps = [gap for face in card_faces(card)
            for gap in _unimplemented(phase.build_oracle_face_multi(face, oracle_id(name))
                                      if len(card_faces(card)) > 1
                                      else phase.build_oracle_face(face, oracle_id(name)))]
    assert gaps, f"phase.rs's parser now implements all of {name}"


def test_stickers_exist_in_phase_rs_so_the_sticker_decline_is_the_adapters() -> None:
    """The name-stickers decline was once "phase.rs has no sticker model": 0.103.0 parses
    "put a name sticker on ..." into its own PutSticker effect (CR 123.6), so the decline now
    says the adapter is the limit."""
    from conformance.adapters.phase_rs import decline_limit

    face = dict(FILLER, name="Probe Card", manaCost="{1}", manaValue=1.0, types=["Sorcery"],
                type="Sorcery", text="Put a name sticker on target creature you control.")
    effect = phase.build_oracle_face(face, None)["abilities"][0]["effect"]
    assert (effect["type"], effect["kind"]) == ("PutSticker", "Name")
    assert decline_limit("phase-rs lacks feature(s): name-stickers") == "adapter"


@pytest.mark.parametrize("permission", [
    {"player": "alice", "zones": ["graveyard"], "spells": {"type": "Instant"}},
    {"player": "alice", "zones": ["graveyard"], "spells": {"type": "Sorcery",
                                                           "mana_value_max": 2}},
    {"player": "alice", "zones": ["hand"], "without_paying_mana_cost": True},
    {"player": "alice", "flash": True, "spells": {"color": "green"}},
])
def test_setup_permissions_become_phase_rs_static_abilities(permission: dict[str, Any]) -> None:
    """A setup permission is written as the Oracle sentence of an emblem; phase.rs's own parser
    reads it as the one static ability of its kind (CR 601.3)."""
    from conformance.adapters.phase_rs.permissions import check_parsed, permission_cards

    ((name, (player, kind, card)),) = permission_cards({"permissions": [permission]}).items()
    assert player == "alice"
    check_parsed(name, kind, phase.build_oracle_face(card_faces(card)[0], oracle_id(name)))


def test_the_parser_still_drops_a_flash_permission_that_costs_more() -> None:
    """Behind "setup permissions: phase.rs's Oracle parser reads no 'if you pay {N} more'
    permission": the sentence parses to no static ability at all."""
    text = ("You may cast creature spells as though they had flash if you pay {2} more to cast "
            "them.")
    face = phase.build_oracle_face(dict(FILLER, name="Probe Haste", types=["Enchantment"],
                                        type="Enchantment", text=text), None)
    assert not face.get("static_abilities") and not _unimplemented(face)


def test_phase_rs_seats_two_to_six_players_at_a_free_for_all_table() -> None:
    """Behind "phase.rs seats 2 to 6 players": its Free-for-All format takes three players (the
    adapter's ``multiplayer``, CR 806) and refuses a seventh; the Standard format seats two."""
    from conformance.adapters.phase_rs.setup import MAX_PLAYERS

    engine = _engine()
    deck = ["Filler"] * 20
    game = engine.new_game(player=deck, opponent=deck, extra_players=[deck], seed=1,
                           format="FreeForAll", first_player=0)
    assert len(game.state()["state"]["players"]) == 3
    engine.new_game(player=deck, opponent=deck, extra_players=[deck] * (MAX_PLAYERS - 2),
                    seed=1, format="FreeForAll", first_player=0)
    with pytest.raises(ValueError, match="seat range"):
        engine.new_game(player=deck, opponent=deck, extra_players=[deck] * (MAX_PLAYERS - 1),
                        seed=1, format="FreeForAll", first_player=0)
    with pytest.raises(ValueError, match="seat range"):
        engine.new_game(player=deck, opponent=deck, extra_players=[deck], seed=1,
                        first_player=0)


def test_phase_rs_refuses_a_range_of_influence() -> None:
    """Behind the undeclared ``range-of-influence`` (an engine limit): phase.rs's Free-for-All
    format record has a ``range_of_influence`` field, but a game given one is refused (CR
    801). Fails once phase.rs plays limited-range games: then declare the feature."""
    from conformance.adapters.phase_rs import decline_limit

    engine = _engine()
    deck = ["Filler"] * 20
    config = engine.new_game(player=deck, opponent=deck, extra_players=[deck], seed=1,
                             format="FreeForAll", first_player=0).state()["state"]["format_config"]
    with pytest.raises(ValueError, match="range_of_influence is not supported"):
        engine.new_game(player=deck, opponent=deck, extra_players=[deck], seed=1,
                        format="FreeForAll", first_player=0,
                        format_config=dict(config, range_of_influence=1))
    assert decline_limit("phase-rs lacks feature(s): range-of-influence") == "engine"


def test_phase_rs_has_teams_only_in_two_headed_giant() -> None:
    """Behind the team declines named engine limits (team vs. team, Emperor, Alternating Teams,
    shared team turns outside Two-Headed Giant): phase.rs refuses teams in its Free-for-All
    format ("a built-in format's team structure is fixed"), and its one team format is
    Two-Headed Giant (four seats, team_based; see the next probe for what it lacks)."""
    from conformance.adapters.phase_rs import decline_limit

    engine = _engine()
    deck = ["Filler"] * 20
    config = engine.new_game(player=deck, opponent=deck, extra_players=[deck, deck], seed=1,
                             format="FreeForAll", first_player=0).state()["state"]["format_config"]
    with pytest.raises(ValueError, match="team_based"):
        engine.new_game(player=deck, opponent=deck, extra_players=[deck, deck], seed=1,
                        format="FreeForAll", first_player=0,
                        format_config=dict(config, team_based=True))
    giant = engine.new_game(player=deck, opponent=deck, extra_players=[deck, deck], seed=1,
                            format="TwoHeadedGiant", first_player=0)
    assert giant.state()["state"]["format_config"]["team_based"] is True
    for fmt in ("Emperor", "TeamVsTeam", "AlternatingTeams"):
        with pytest.raises((ValueError, TypeError)):
            engine.new_game(player=deck, opponent=deck, extra_players=[deck, deck], seed=1,
                            format=fmt, first_player=0)
    assert decline_limit("phase-rs lacks feature(s): teams") == "engine"
    assert decline_limit("phase-rs lacks feature(s): emperor, teams") == "engine"


def test_phase_rs_two_headed_giant_lets_one_player_of_a_team_act() -> None:
    """Behind the Two-Headed Giant and shared-team-turns declines (engine limits): in phase.rs's
    Two-Headed Giant the teammate of the player it gives priority to can't act for the team
    (CR 805.4, 810.2): a land play on the team's turn and a pass are refused ("Wrong player"),
    for both teams; and each player has a life total of 15, not one of 30 per team (810.9)."""
    from conformance.adapters.phase_rs import decline_limit

    engine = _engine("Mountain")
    deck = ["Filler"] * 20
    game = engine.new_game(player=deck, opponent=[*deck, "Mountain"], extra_players=[deck, deck],
                           seed=1, format="TwoHeadedGiant", first_player=0)
    while game.waiting_for()["type"] == "MulliganDecision":
        seat = game.waiting_for()["data"]["pending"][0]["player"]
        game.apply(seat, next(a for a in game.actions() if a.kind == "MulliganDecision"
                              and a.data["choice"]["type"] == "Keep"))
    root = game.state()
    assert [p["life"] for p in root["state"]["players"]] == [15, 15, 15, 15]
    root["state"]["debug_mode"] = True
    game = engine.load_game(root)
    _debug(game, "SetPhase", phase="PreCombatMain", active_player=0)
    mountain = next(int(k) for k, o in root["state"]["objects"].items()
                    if o["name"] == "Mountain")
    _debug(game, "MoveToZone", object_id=mountain, to_zone="Hand")
    root = game.state()
    root["state"]["debug_mode"] = False
    game = engine.load_game(root)
    assert game.waiting_for() == {"type": "Priority", "data": {"player": 0}}
    with pytest.raises(ValueError, match="Wrong player"):
        _act(game, 1, "PlayLand", object_id=mountain, card_id=mountain)
    _act(game, 0, "PassPriority")
    assert game.waiting_for() == {"type": "Priority", "data": {"player": 2}}
    with pytest.raises(ValueError, match="Wrong player"):
        _act(game, 3, "PassPriority")
    assert decline_limit("phase-rs lacks feature(s): shared-team-turns, teams, "
                         "two-headed-giant") == "engine"


def test_phase_rs_brawl_seats_two_players_only() -> None:
    """Behind the multiplayer Brawl decline (CR 903.12): phase.rs's Brawl format refuses a
    third seat, while its Commander format (which the adapter plays commanders with) takes
    three, each at 40 life (903.7)."""
    from conformance.adapters.phase_rs import decline_limit

    engine = _engine("Krenko, Mob Boss")
    deck = ["Filler"] * 20
    mine = {"main_deck": deck, "commander": ["Krenko, Mob Boss"]}
    with pytest.raises(ValueError, match="seat range"):
        engine.new_game(player=mine, opponent=deck, extra_players=[deck], seed=1,
                        format="Brawl", first_player=0)
    game = engine.new_game(player=mine, opponent=deck, extra_players=[deck], seed=1,
                           format="Commander", first_player=0)
    state = game.state()["state"]
    assert [p["life"] for p in state["players"]] == [40, 40, 40]
    assert [state["objects"][str(oid)]["name"] for oid in state["command_zone"]] == [
        "Krenko, Mob Boss"]
    assert decline_limit("phase.rs's Brawl format seats exactly two players (its 'seat range "
                         "2-2'); a multiplayer Brawl game (CR 903.12) can't be made") == "engine"


def test_phase_rs_token_presets_give_the_predefined_tokens() -> None:
    """The adapter creates predefined tokens (CR 111.10) from phase.rs's own token presets, by
    preset id: each id still gives a token of that name; a preset id phase.rs doesn't know is
    refused (so a changed catalog fails here, not in a case)."""
    from conformance.adapters.phase_rs.setup import PRESETS

    game, _ = _game(_engine("Grizzly Bears"), ["Grizzly Bears"])
    for name, preset in PRESETS.items():
        result = _debug(game, "CreateToken", request={"type": "Preset", "data": {
            "preset_id": preset, "owner": 1}})
        created = [e["data"]["object_id"] for e in result.events if e["type"] == "TokenCreated"]
        assert [game.object(oid)["name"] for oid in created] == [name]
    with pytest.raises(ValueError, match="unknown token preset id"):
        _debug(game, "CreateToken", request={"type": "Preset", "data": {
            "preset_id": "Map", "owner": 1}})
