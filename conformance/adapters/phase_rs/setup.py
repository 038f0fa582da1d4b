"""Setting up a case's game in phase.rs through the engine's own sandbox actions.

phase.rs (``phase-python``) has no way to create a card in a zone from Python, but its sandbox
(``debug_mode``) accepts ``Debug`` actions that the engine itself carries out: ``MoveToZone``,
``SetFaceState`` (the engine's own transform), ``SetTapped``, ``SetSummoningSickness``,
``SetController``, ``ModifyCounters``, ``SetLife``, ``AddMana``, ``SetPhase``, ``RemoveObject``,
``CreateToken`` (a token with the characteristics the case gives it) and ``Attach``. The setup is:

1. a new game whose decks hold every card the case names (by face name, which is how phase
   resolves a decklist) plus filler lands, both mulligans kept;
2. the sandbox switched on (the one edit of the engine's state dict), every case object moved to
   a staging zone, the filler removed, then each object moved to its zone in the case's order
   (so timestamps follow the case) and its status set;
3. tokens created at their place in that order, Auras and Equipment attached;
4. one edit of the state as the sandbox is switched off again, so no debug action is possible
   during the case's steps: the damage marked on permanents (the sandbox has no damage action)
   and the case's setup effects as the engine's own continuous-effect records
   (:mod:`.effects`).

Nothing here runs after the setup: the case's steps go through the engine's normal actions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...adapter import Unsupported
from .effects import EffectWriter
from .text import keyword_text

__all__ = ["FILLER", "MAX_PLAYERS", "PHASES", "STEPS", "Caster", "PhaseSetup", "counter_kind",
           "handle_of", "phase_counter", "pool_mana"]

#: Setup keys this adapter expresses (any other key makes the case unsupported).
SETUP_KEYS = frozenset({"players", "active", "priority", "turn", "step", "life", "mana_pool",
                        "objects", "effects", "choices", "permissions", "commander", "brawl"})
#: Keys of a setup object this adapter expresses.
OBJECT_KEYS = frozenset({"handle", "card", "zone", "owner", "controller", "tapped", "sick",
                         "face", "half", "kicked", "x", "targets", "counters", "damage",
                         "attached_to", "token", "predefined_token"})

#: phase.rs's own token presets (its token catalog, by preset id) for the predefined tokens
#: (CR 111.10) whose preset it gives every ability of (its "Full" fidelity); a predefined token
#: not here is declined: phase.rs's preset for it misses abilities (Map, Incubator, Shard, the
#: Roles), or has none.
PRESETS = {
    "Treasure": "0060ce13-67e2-5607-a29b-721c743e6770",
    "Food": "08ce3bb9-14a8-554b-8d2f-328f500a2379",
    "Gold": "214f0959-71fa-59ba-8efb-080cbc3e5b99",
    "Clue": "00f6b3fb-96e9-5d04-9d9d-832ea984eb26",
    "Blood": "309ddf88-4480-5518-8c98-1f1e60b013dc",
    "Powerstone": "af8db311-3520-5cf7-8410-7390c29da873",
    "Lander": "7b3e5486-632b-5245-8026-3222282173bc",
    "Walker": "1f4c2ec0-a94c-5ff4-88aa-28a349501426",
}

#: The most players phase.rs seats at one table (its Free-for-All format's ``max_players``).
MAX_PLAYERS = 6

#: The filler card each deck is padded with; removed before the case starts.
FILLER = "Mtgconf Filler Land"

#: Case-format steps and phase.rs phase names (CR 500.1).
STEPS = {
    "untap": "Untap", "upkeep": "Upkeep", "draw": "Draw", "precombat-main": "PreCombatMain",
    "beginning-of-combat": "BeginCombat", "declare-attackers": "DeclareAttackers",
    "declare-blockers": "DeclareBlockers", "combat-damage": "CombatDamage",
    "end-of-combat": "EndCombat", "postcombat-main": "PostCombatMain", "end": "End",
    "cleanup": "Cleanup",
}
#: phase.rs phase names back to case-format steps.
PHASES = {v: k for k, v in STEPS.items()}

_ZONES = {"library": "Library", "hand": "Hand", "battlefield": "Battlefield",
          "graveyard": "Graveyard", "exile": "Exile", "stack": "Hand", "command": "Command"}

#: Casts a case's spell onto the stack during setup: (game, seat, object table, engine id).
Caster = Callable[[Any, int, Mapping[str, Any], int], None]

_COUNTERS = {"+1/+1": "P1P1", "-1/-1": "M1M1"}


def phase_counter(kind: str) -> str:
    """phase.rs's name for a counter kind of the case format (``+1/+1`` is ``P1P1``)."""
    return _COUNTERS.get(kind, kind[:1].upper() + kind[1:])


def counter_kind(name: str) -> str:
    """The case format's name for a phase.rs counter kind."""
    back = {v: k for k, v in _COUNTERS.items()}
    return back.get(name, name.lower())


@dataclass
class PhaseSetup:
    """Builds one case's game: seats, decks, objects and their engine ids."""

    engine: Any
    action: Any  # phase.GameAction
    setup: Mapping[str, Any]
    front_names: Mapping[str, str]
    caster: Caster | None = None
    effects: EffectWriter | None = None
    players: list[str] = field(default_factory=list)
    ids: dict[str, int] = field(default_factory=dict)
    #: Card data by full name (``spec/cards`` format), for printed loyalty and defense.
    cards: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: The setup permissions' emblem cards and their players (:mod:`.permissions`).
    emblems: Mapping[str, str] = field(default_factory=dict)

    def seat(self, player: str) -> int:
        """The engine seat of a case player."""
        try:
            return self.players.index(player)
        except ValueError:
            raise Unsupported(f"unknown player {player!r}") from None

    def build(self) -> Any:
        """Create the game and return it, ready for the case's first step."""
        self.players = [str(p) for p in self.setup.get("players", ["alice", "bob"])]
        if not 2 <= len(self.players) <= MAX_PLAYERS:
            raise Unsupported(f"phase.rs seats 2 to {MAX_PLAYERS} players (its Free-for-All "
                              f"format's range), not {len(self.players)}")
        unknown = sorted(set(self.setup) - SETUP_KEYS)
        if unknown:
            raise Unsupported(f"setup key(s) {', '.join(unknown)} are not expressible in "
                              "phase.rs through this adapter")
        objects: Sequence[Mapping[str, Any]] = self.setup.get("objects", [])
        for obj in objects:
            self._check(obj)
        # the permissions' emblems (:mod:`.permissions`) exist before every case object
        objects = [*self._emblem_objects(), *objects]
        commanders = self._commanders(objects)
        decks: list[list[str]] = [[] for _ in self.players]
        for obj in objects:
            if _token(obj) or handle_of(obj, objects) in commanders:
                continue
            decks[self.seat(str(obj.get("owner", self.players[0])))].append(
                self.front_names[str(obj["card"])])
        for deck in decks:
            deck.extend([FILLER] * 10)
        lists: list[Any] = list(decks)
        if commanders:  # phase.rs's own Commander (or Brawl) game, each deck's commander named
            lists = [{"main_deck": deck, "commander": [
                self.front_names[str(o["card"])] for o in objects
                if handle_of(o, objects) in commanders
                and self.seat(str(o.get("owner", self.players[0]))) == seat]}
                for seat, deck in enumerate(decks)]
        # more than two players sit at a Free-for-All table, in the case's order (CR 806.1)
        game = self.engine.new_game(player=lists[0], opponent=lists[1], extra_players=lists[2:],
                                    format=self._format(bool(commanders)), seed=1,
                                    first_player=0)
        for seat in range(len(decks)):
            keep = next(a for a in game.actions() if a.kind == "MulliganDecision"
                        and a.data["choice"]["type"] == "Keep")
            game.apply(seat, keep)
        root = game.state()
        root["state"]["debug_mode"] = True
        game = self.engine.load_game(root)
        self._place(game, root["state"]["objects"], objects)
        self._turn(game)
        self._attach(game, objects)
        root = game.state()  # effects exist before the stack's spells are cast onto it
        self._write_state(root["state"], objects)
        game = self.engine.load_game(root)
        game = self._cast_stack(game, objects)
        self._pools(game)
        root = game.state()
        root["state"]["debug_mode"] = False
        game = self.engine.load_game(root)
        wanted = self.seat(str(self.setup.get("priority", self.setup.get(
            "active", self.players[0]))))
        if game.waiting_for().get("type") == "Priority" and game.priority_player() != wanted:
            game.apply(game.priority_player(), self.action.from_dict({"type": "PassPriority"}))
        return game

    def _format(self, commander: bool) -> str:
        """phase.rs's format for the case: Commander (CR 903) when the setup names commanders,
        Brawl with its option (903.12; phase.rs's Brawl seats two players), else Standard for
        two players and Free-for-All for more."""
        if self.setup.get("brawl"):
            if len(self.players) != 2:
                raise Unsupported("phase.rs's Brawl format seats exactly two players (its "
                                  "'seat range 2-2'); a multiplayer Brawl game (CR 903.12) "
                                  "can't be made")
            return "Brawl"
        if commander:
            return "Commander"
        return "Standard" if len(self.players) == 2 else "FreeForAll"

    def _commanders(self, objects: Sequence[Mapping[str, Any]]) -> set[str]:
        """The handles of the setup's commanders (``setup.commander``: a player's commander,
        a card that player owns, CR 903.3)."""
        named = dict(self.setup.get("commander") or {})
        handles = {handle_of(o, objects): o for o in objects if "card" in o}
        for player, handle in named.items():
            obj = handles.get(str(handle))
            if obj is None or str(obj.get("owner", self.players[0])) != str(player):
                raise Unsupported(f"setup.commander: {handle!r} is no card {player!r} owns in "
                                  "the setup, which phase.rs needs as the deck's commander")
        return {str(h) for h in named.values()}

    def _emblem_objects(self) -> list[dict[str, Any]]:
        return [{"handle": f"{name} (emblem)", "card": name, "zone": "command", "owner": player}
                for name, player in self.emblems.items()]

    def _check(self, obj: Mapping[str, Any]) -> None:
        handle = obj.get("handle")
        if obj.get("zone") == "command" and handle not in set(
                map(str, dict(self.setup.get("commander") or {}).values())):
            raise Unsupported(f"object {handle!r}: a card in the command zone that is no "
                              "commander is not set up in phase.rs through this adapter")
        unknown = sorted(set(obj) - OBJECT_KEYS)
        if "copy" in unknown:
            raise Unsupported(f"object {handle!r}: a copy of a spell on the stack at setup: "
                              "phase.rs's sandbox has no action that puts a copy on the stack "
                              "(it makes copies only as its own effects resolve, CR 707.10)")
        if unknown:
            raise Unsupported(f"object {handle!r}: setup key(s) {', '.join(unknown)} are not "
                              "expressible in phase.rs through this adapter")
        if "card" not in obj and not _token(obj):
            raise Unsupported(f"object {handle!r}: neither a card nor a token")
        preset = obj.get("predefined_token")
        if preset is not None and str(preset) not in PRESETS:
            raise Unsupported(f"object {handle!r}: phase.rs's token preset for a {preset} "
                              "token misses some of its abilities (its catalog's fidelity "
                              "'PartialMissingAbilities'), or it has none (CR 111.10)")
        if _token(obj) and obj.get("zone", "battlefield") != "battlefield":
            raise Unsupported(f"object {handle!r}: phase.rs's sandbox creates tokens on the "
                              "battlefield only (CreateToken)")
        zone = obj.get("zone", "battlefield")
        if zone not in _ZONES:
            raise Unsupported(f"object {handle!r}: phase.rs cannot be given an object in "
                              f"the {zone} at setup")
        if zone == "stack" and self.caster is None:
            raise Unsupported(f"object {handle!r}: a spell on the stack needs a caster")
        keys: tuple[str, ...] = ("damage", "attached_to") if zone == "stack" else (
            "x", "targets") if zone == "battlefield" and int(obj.get("kicked", 0) or 0) <= 1 \
            else ("x", "kicked", "targets")
        for key in keys:
            if key in obj:
                raise Unsupported(f"object {handle!r}: setup key {key!r}: phase.rs's sandbox "
                                  "has no action that sets it and its state records it only "
                                  "as its own casting does")
        if zone != "battlefield" and ("damage" in obj or "attached_to" in obj):
            raise Unsupported(f"object {handle!r}: damage and attachments exist only on the "
                              "battlefield")

    def _debug(self, game: Any, kind: str, **data: Any) -> None:
        game.apply(0, self.action.from_dict(
            {"type": "Debug", "data": {"type": kind, "data": data}}))

    def _place(self, game: Any, engine_objects: Mapping[str, Any],
               objects: Sequence[Mapping[str, Any]]) -> None:
        free: dict[tuple[int, str], list[int]] = {}
        for key in sorted(engine_objects, key=int):
            eo = engine_objects[key]
            free.setdefault((int(eo["owner"]), str(eo["name"])), []).append(int(key))
        for obj in objects:
            if _token(obj):
                continue
            seat = self.seat(str(obj.get("owner", self.players[0])))
            front = self.front_names[str(obj["card"])]
            pool = free.get((seat, front))
            if not pool:
                raise Unsupported(f"phase.rs did not load card {obj['card']!r} (its deck "
                                  "dropped the name)")
            oid = pool.pop(0)
            self.ids[handle_of(obj, objects)] = oid
            self._debug(game, "MoveToZone", object_id=oid, to_zone="Exile")
        for leftover in free.values():
            for oid in leftover:
                self._debug(game, "RemoveObject", object_id=oid)
        library = [o for o in objects if o.get("zone", "battlefield") == "library"]
        for obj in library:  # listed top first; the engine appends to the bottom (index 0 is top)
            self._debug(game, "MoveToZone", object_id=self.ids[handle_of(obj, objects)],
                        to_zone="Library")
        for obj in objects:  # in the case's order, which is also their timestamp order
            zone = str(obj.get("zone", "battlefield"))
            if "predefined_token" in obj:
                self.ids[handle_of(obj, objects)] = self._preset(game, obj)
            elif "token" in obj:
                self.ids[handle_of(obj, objects)] = self._token(game, obj)
            elif zone not in ("library", "exile"):
                self._debug(game, "MoveToZone", object_id=self.ids[handle_of(obj, objects)],
                            to_zone=_ZONES[zone])
            self._status(game, obj, self.ids[handle_of(obj, objects)])

    def _preset(self, game: Any, obj: Mapping[str, Any]) -> int:
        """Create a predefined token (CR 111.10) from phase.rs's own preset of it (the
        sandbox's ``CreateToken`` of a ``Preset``); return its engine id."""
        owner = self.seat(str(obj.get("owner", self.players[0])))
        result = game.apply(0, self.action.from_dict({"type": "Debug", "data": {
            "type": "CreateToken", "data": {"request": {"type": "Preset", "data": {
                "preset_id": PRESETS[str(obj["predefined_token"])], "owner": owner}}}}}))
        for event in result.events:
            if event.get("type") == "TokenCreated":
                return int(event["data"]["object_id"])
        raise Unsupported(f"object {obj.get('handle')!r}: phase.rs created no token")

    def _token(self, game: Any, obj: Mapping[str, Any]) -> int:
        """Create a case's token with the sandbox's ``CreateToken``; return its engine id.

        Its name is the one the case gives, else its subtypes followed by "Token" (CR 111.4);
        keyword abilities given as data become phase.rs keywords read by its own parser.
        """
        spec = dict(obj["token"])
        keywords = []
        for ability in spec.get("abilities", []) or []:
            if ability.get("kind") != "keyword":
                raise Unsupported(f"object {obj.get('handle')!r}: phase.rs's CreateToken "
                                  "takes a token's keywords only, not a "
                                  f"{ability.get('kind')} ability given as data")
            keywords.append(self.keyword(keyword_text(ability)))
        name = spec.get("name") or " ".join([*spec.get("subtypes", []), "Token"])
        chars: dict[str, Any] = {
            "display_name": str(name), "core_types": list(spec.get("types", [])),
            "subtypes": list(spec.get("subtypes", [])),
            "supertypes": list(spec.get("supertypes", [])),
            "colors": [c.title() for c in spec.get("colors", [])], "keywords": keywords}
        for key in ("power", "toughness"):
            if spec.get(key) is not None:
                chars[key] = int(spec[key])
        owner = self.seat(str(obj.get("owner", self.players[0])))
        result = game.apply(0, self.action.from_dict({"type": "Debug", "data": {
            "type": "CreateToken", "data": {"request": {"type": "Custom", "data": {
                "characteristics": chars, "owner": owner}}}}}))
        for event in result.events:
            if event.get("type") == "TokenCreated":
                return int(event["data"]["object_id"])
        raise Unsupported(f"object {obj.get('handle')!r}: phase.rs created no token")

    def _attach(self, game: Any, objects: Sequence[Mapping[str, Any]]) -> None:
        """Attach Auras and Equipment to what the case says (the sandbox's ``Attach``)."""
        for obj in objects:
            if "attached_to" not in obj:
                continue
            target = str(obj["attached_to"])
            ref = ({"type": "Player", "data": self.seat(target)} if target in self.players
                   else {"type": "Object", "data": self.ids[target]})
            self._debug(game, "Attach", object_id=self.ids[handle_of(obj, objects)],
                        target=ref)

    def _write_state(self, state: dict[str, Any], objects: Sequence[Mapping[str, Any]]) -> None:
        """What the sandbox has no action for, written in the engine's own records once: the
        turn number (the case format's default is turn 2, as in the reference engine; phase.rs's
        new game is on turn 1, whose starting player skips the draw, CR 103.8a), damage marked on
        permanents (CR 120.3e) and the case's setup effects."""
        state["turn_number"] = int(self.setup.get("turn", 2))
        for name in self.emblems:  # an emblem's abilities work from the command zone (114.4)
            record = state["objects"][str(self.ids[f"{name} (emblem)"])]
            record["is_emblem"] = True
            for static in record.get("static_definitions") or []:
                static["active_zones"] = ["Command"]
        for obj in objects:
            protector = self._protector(obj)
            if protector is not None:  # as if it had entered (310.8a): phase.rs's own record
                record = state["objects"][str(self.ids[handle_of(obj, objects)])]
                record["chosen_attributes"] = [
                    *[a for a in record.get("chosen_attributes") or []
                      if a.get("type") != "Player"],
                    {"type": "Player", "value": self.seat(protector)}]
            if obj.get("kicked") and obj.get("zone", "battlefield") == "battlefield":
                # a permanent that was kicked as it was cast (702.33d): phase.rs's own record
                # of the kicker paid, as its casting leaves it on the object
                record = state["objects"][str(self.ids[handle_of(obj, objects)])]
                record["kickers_paid"] = ["First"]
            if obj.get("damage"):
                record = state["objects"][str(self.ids[handle_of(obj, objects)])]
                record["damage_marked"] = int(obj["damage"])
        effects = list(self.setup.get("effects", []))
        if not effects or self.effects is None:
            return
        records = self.effects.records(
            effects, first_id=int(state.get("next_continuous_effect_id", 1)),
            first_timestamp=int(state.get("next_timestamp", 1)),
            active=int(state["active_player"]),
            copiable=state.get("lki_copiable_values") or {},
            objects=state.get("objects") or {})
        state.setdefault("transient_continuous_effects", []).extend(records)
        state["next_continuous_effect_id"] = int(state.get("next_continuous_effect_id", 1)) + len(
            records)
        state["next_timestamp"] = int(state.get("next_timestamp", 1)) + len(effects)

    def _protector(self, obj: Mapping[str, Any]) -> str | None:
        """The protector of a battle the setup puts on the battlefield, chosen by its controller
        as if it had entered (CR 310.8a, 310.11a): one of its opponents for a Siege (the
        setup's ``protector`` choice, or the only one), else its controller; None for any
        other object. phase.rs keeps a battle's protector as the battle's chosen player."""
        if obj.get("zone", "battlefield") != "battlefield" or "card" not in obj:
            return None
        card = self.cards.get(str(obj["card"])) or {}
        faces = list(card.get("faces") or [])
        face = (faces[1] if obj.get("face") == "back" and len(faces) > 1 else
                faces[0] if faces else card)
        if "Battle" not in (face.get("types") or []):
            return None
        controller = str(obj.get("controller", obj.get("owner", self.players[0])))
        options = ([p for p in self.players if p != controller]
                   if "Siege" in (face.get("subtypes") or []) else [controller])
        chosen = dict(self.setup.get("choices", {})).get("protector")
        if chosen is not None and str(chosen) in options:
            return str(chosen)
        if chosen is None and len(options) == 1:
            return options[0]
        raise Unsupported(f"object {obj.get('handle')!r}: the setup's protector choice "
                          f"{chosen!r} is none of {options} (CR 310.8a, 310.11a): the case "
                          "gives no such choice")

    def keyword(self, text: str) -> Any:
        """phase.rs's keyword for the case's keyword words (see :mod:`.effects`)."""
        if self.effects is None:
            raise Unsupported("no keyword reader")
        return self.effects.keyword(text)

    def _cast_stack(self, game: Any, objects: Sequence[Mapping[str, Any]]) -> Any:
        """Cast each stack object (bottom first) from its controller's hand, through the
        engine's casting actions, with the mana its cost needs added first (CR 601.2); return
        the game.

        A spell that can't be cast at the case's moment (a sorcery in another step or above
        another spell, CR 307.1) is cast in its controller's main phase with an empty stack
        instead, and the stack entry phase.rs made is then written onto the case's stack in
        the engine's state, with the case's step, turn and priority restored: how it came to be
        on the stack isn't the case's rule, and phase.rs's own casting still makes the entry
        (its targets, modes, X and kicker chosen as a cast chooses them)."""
        for obj in objects:
            if obj.get("zone") != "stack" or self.caster is None:
                continue
            seat = self.seat(str(obj.get("controller", obj.get("owner", self.players[0]))))
            if game.priority_player() != seat:  # the holder passes; no resolution yet (117.3d)
                game.apply(game.priority_player(),
                           self.action.from_dict({"type": "PassPriority"}))
            oid = self.ids[handle_of(obj, objects)]
            try:
                self.caster(game, seat, obj, oid)
            except ValueError as exc:
                if not _timing_refusal(str(exc)):
                    raise
                game = self._cast_as_sorcery(game, seat, obj, oid)
        return game

    #: The turn fields of phase.rs's state that a sorcery-timed cast changes and that are
    #: restored after it.
    _TURN_FIELDS = ("phase", "active_player", "priority_player", "waiting_for",
                    "priority_pass_count", "priority_passes")

    def _cast_as_sorcery(self, game: Any, seat: int, obj: Mapping[str, Any], oid: int) -> Any:
        """Cast ``obj`` in its controller's main phase on an empty stack, then put the case's
        step, turn, priority and the spells below it back (see :meth:`_cast_stack`)."""
        assert self.caster is not None
        root = game.state()
        state = root["state"]
        saved = {k: state[k] for k in self._TURN_FIELDS if k in state}
        below = list(state.get("stack") or [])
        state.update(phase="PreCombatMain", active_player=seat, priority_player=seat,
                     priority_pass_count=0, stack=[],
                     waiting_for={"type": "Priority", "data": {"player": seat}})
        if "priority_passes" in state:
            state["priority_passes"] = type(state["priority_passes"])()
        cast = self.engine.load_game(root)
        self.caster(cast, seat, obj, oid)
        root = cast.state()
        state = root["state"]
        entries = list(state.get("stack") or [])
        state.update(saved)
        state["stack"] = below + entries
        state.update(priority_player=seat, priority_pass_count=0,
                     waiting_for={"type": "Priority", "data": {"player": seat}})
        if "priority_passes" in state:  # a cast starts a new round of passes (117.3c)
            state["priority_passes"] = type(state["priority_passes"])()
        return self.engine.load_game(root)

    def add_mana(self, game: Any, seat: int, cost: Mapping[str, Any] | None, x: int = 0) -> None:
        """Sandbox: add exactly the mana a phase.rs cost needs to ``seat``'s pool."""
        if not cost or cost.get("type") != "Cost":
            return
        mana = ["Colorless"] * (int(cost.get("generic", 0)) + x)
        for shard in cost.get("shards", []):
            words = [w for w in ("White", "Blue", "Black", "Red", "Green", "Colorless")
                     if w in str(shard)]
            if str(shard) == "X":
                continue
            mana.append(words[0] if words else "Colorless")
            if str(shard).startswith("Two") and not words:
                mana.append("Colorless")
        if mana:
            self._debug(game, "AddMana", player_id=seat, mana=mana)

    def _status(self, game: Any, obj: Mapping[str, Any], oid: int) -> None:
        zone = str(obj.get("zone", "battlefield"))
        if obj.get("face") == "back":
            if zone == "stack":
                raise Unsupported("a double-faced card back face up on the stack: phase.rs "
                                  "puts a spell on the stack only by casting it (its sandbox "
                                  "makes no stack entry without a cast), and it casts a "
                                  "transforming double-faced card front face up")
            if zone != "battlefield":
                raise Unsupported("a double-faced card back face up outside the battlefield")
            self._debug(game, "SetFaceState", object_id=oid, transformed=True)
        if "controller" in obj:
            self._debug(game, "SetController", object_id=oid,
                        controller=self.seat(str(obj["controller"])))
        if zone == "battlefield":
            self._debug(game, "SetTapped", object_id=oid, tapped=bool(obj.get("tapped", False)))
            self._debug(game, "SetSummoningSickness", object_id=oid,
                        sick=bool(obj.get("sick", False)) or self._no_turn_yet(obj))
        for kind, n in self.counters_of(obj).items():
            self._debug(game, "ModifyCounters", object_id=oid, counter_type=phase_counter(kind),
                        delta=int(n))

    def counters_of(self, obj: Mapping[str, Any]) -> dict[str, int]:
        """The counters a setup object has: those listed, and for a planeswalker or battle on
        the battlefield its printed loyalty or defense unless the setup lists that count (the
        case format's rule: placed there as if it had entered, CR 306.5b, 310.4b)."""
        counters = {str(k): int(v) for k, v in dict(obj.get("counters", {})).items()}
        if str(obj.get("zone", "battlefield")) != "battlefield" or "card" not in obj:
            return counters
        if counters.get("loyalty") == 0:
            # Seen on phase.rs: the sandbox move gives a planeswalker its printed loyalty as
            # a value without counters, and putting a counter on and taking it off again
            # leaves that value at the printed loyalty, not 0 (CR 306.5c).
            raise Unsupported("a planeswalker set up with no loyalty counters: phase.rs's "
                              "sandbox leaves its loyalty at the printed value")
        card = self.cards.get(str(obj["card"])) or {}
        faces = list(card.get("faces") or [])
        face = (faces[1] if obj.get("face") == "back" and len(faces) > 1 else
                faces[0] if faces else card)
        for kind, card_type in (("loyalty", "Planeswalker"), ("defense", "Battle")):
            printed = face.get(kind)
            if (card_type in face.get("types", []) and isinstance(printed, int)
                    and kind not in counters):
                counters[kind] = printed
        return counters

    def _no_turn_yet(self, obj: Mapping[str, Any]) -> bool:
        """Whether the permanent's controller has had no turn yet (turn 1 of the game, not
        the active player): no turn of theirs began with it under their control, so it is
        summoning sick whatever the setup says (CR 302.6)."""
        owner = str(obj.get("owner", self.players[0]))
        controller = str(obj.get("controller", owner))
        active = str(self.setup.get("active", self.players[0]))
        return int(self.setup.get("turn", 2)) == 1 and controller != active

    def _turn(self, game: Any) -> None:
        step = str(self.setup.get("step", "precombat-main"))
        active = self.seat(str(self.setup.get("active", self.players[0])))
        self._debug(game, "SetPhase", phase=STEPS[step], active_player=active)
        for player, life in dict(self.setup.get("life", {})).items():
            self._debug(game, "SetLife", player_id=self.seat(str(player)), life=int(life))

    def _pools(self, game: Any) -> None:
        for player, pool in dict(self.setup.get("mana_pool", {})).items():
            self._debug(game, "AddMana", player_id=self.seat(str(player)),
                        mana=pool_mana(str(pool)))


def _timing_refusal(message: str) -> bool:
    """Whether phase.rs refused a cast for its timing only (a sorcery-speed spell outside its
    controller's main phase or above another spell, CR 307.1)."""
    low = message.lower()
    return "sorcery-speed" in low or "sorcery speed" in low


_POOL = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}


def _token(obj: Mapping[str, Any]) -> bool:
    """Whether a setup object is a token (given by its characteristics, or predefined)."""
    return "token" in obj or "predefined_token" in obj


def handle_of(obj: Mapping[str, Any], objects: Sequence[Mapping[str, Any]]) -> str:
    """The case's handle of a setup object (``#<index>`` for one without a handle)."""
    if "handle" in obj:
        return str(obj["handle"])
    return f"#{next(i for i, o in enumerate(objects) if o is obj)}"


def pool_mana(text: str) -> list[str]:
    """phase.rs mana colors for a pool written as symbols (``{R}{R}{G}``)."""
    out = []
    for sym in text.replace("}", "").split("{")[1:]:
        if sym not in _POOL:
            raise Unsupported(f"mana {{{sym}}} in a pool is not expressible in phase.rs")
        out.append(_POOL[sym])
    return out
