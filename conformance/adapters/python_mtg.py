"""The python-mtg rules engine (PyPI ``python-mtg``, import ``mtg``) as an adapter.

Install with ``pip install 'mtg-conformance[python-mtg]'``. The engine is imported lazily, and
its first game in a process takes about 3 s to load (its native rules build and card corpus), so
the adapter keeps one engine for a whole run.

python-mtg brings its own corpus of real cards and builds cards by name, so the case's card data
is not fed to it; a card the corpus does not have makes the case ``unsupported``. Its interaction
model is narrow: a cast resolves inside the move that casts it (the stack can't be seen), the
non-active player has no priority decisions, "any target" damage picks its victim when it
resolves, and kicker is not modelled. So this adapter declares static features
(characteristics, counting cards, split cards, kindred, land types and domain) and performs one
action, playing a land (CR 305.1) with python-mtg's own ``play`` move; every other action raises
:class:`~conformance.adapter.Unsupported`.

Setup edits the engine's state relations (``in_hand``, ``in_library`` + ``_lib_order``,
``on_battlefield``, ``graveyard``, ``exile``, ``tapped``, ``_sick``, ``life``, ``active_player``,
``current_step``) and reloads it with ``mtg.Game.from_state``, as its author documents for
positions. Observations read the engine's card views and its ``mana_cost`` / ``mana_generic`` /
``mana_pip`` relations.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import metadata
from typing import Any

from ..adapter import AdapterInfo, Outcome, StartRequest, Unsupported
from ..errors import AdapterError
from ._versions import SupportedReleases
from ._views import COLOR_WORDS, LAND_TYPES, ObjectView, ViewSession

__all__ = ["FEATURES", "SUPPORTED", "UNDECLARED", "PythonMtgAdapter", "PythonMtgSession",
           "decline_limit"]

#: Features this adapter can express (spec/features.toml).
FEATURES = frozenset({"characteristics", "card-counting", "split-cards", "kindred", "lands",
                      "domain"})

#: Features the adapter leaves undeclared because python-mtg's own model has no place for them
#: (engine limits), and why. Every other undeclared feature is this adapter's gap: python-mtg
#: may well have it (its ``attack``, ``block`` and ``pass`` moves, activations among its legal
#: moves), and the adapter doesn't drive it yet (docs/engines/decline-audit.md).
UNDECLARED = {
    "stack": "a cast or activation resolves inside the move that makes it: nothing can be seen "
             "on the stack or responded to (CR 405, 117.3c)",
    "triggers": "triggered abilities resolve inside moves: none can be seen, ordered or "
                "responded to (CR 603.3)",
    "targeted-triggers": "triggered abilities resolve inside moves (CR 603.3d)",
    "look-back-triggers": "triggered abilities resolve inside moves (CR 603.10)",
    "event-triggers": "triggered abilities resolve inside moves (CR 603.2)",
    "delayed-triggers": "triggered abilities resolve inside moves (CR 603.7)",
    "targets": "'any target' damage picks its victim as it resolves: no target is chosen as "
               "the spell is cast (CR 601.2c)",
    "kicker": "kicker is not modelled (CR 702.33)",
    "custom-cards": "cards come from its own corpus by name; card data can't be given",
    "cast-during-resolution": "a spell resolves inside the move that casts it (CR 608.2g)",
    "mana-abilities": "its one mana move, tap_mana, taps every mana source of the player at "
                      "once: no one permanent's mana ability can be activated, nor the color "
                      "of its mana chosen (CR 605.3a, 106.1)",
}

#: Words of the declines (not for a feature) that name a limit of python-mtg itself.
_ENGINE_SIDE = ("card views show printed", "has no visible", "priority decisions to the "
                "active player only", "resolves spells inside the move", "corpus has no card",
                "implements the modern rules",
                "does not implement era")


def decline_limit(message: str) -> str:
    """The side a decline (an ``unsupported`` result's message) is on: ``"engine"`` when the
    case needs something python-mtg's model has no place for (one such missing feature is
    enough: the case can't be played whatever the adapter did), else ``"adapter"``."""
    if "lacks feature(s): " in message:
        missing = message.split("lacks feature(s): ", 1)[1].split(", ")
        return "engine" if any(f.strip() in UNDECLARED for f in missing) else "adapter"
    return "engine" if any(words in message for words in _ENGINE_SIDE) else "adapter"


#: Filler each deck is padded with; removed before the case starts.
_FILLER = {"alice": "Wastes", "bob": "Wastes"}

_STEPS = {
    "untap": "untap", "upkeep": "upkeep", "draw": "draw", "precombat-main": "precombat_main",
    "beginning-of-combat": "beginning_of_combat", "declare-attackers": "declare_attackers",
    "declare-blockers": "declare_blockers", "combat-damage": "combat_damage",
    "end-of-combat": "end_of_combat", "postcombat-main": "postcombat_main", "end": "end",
    "cleanup": "cleanup",
}
_STEP_NAMES = {v: k for k, v in _STEPS.items()}

#: python-mtg keeps card types as an unordered relation; they are listed in type-line order.
_TYPE_ORDER = ("Kindred", "Enchantment", "Artifact", "Land", "Creature", "Planeswalker",
               "Battle", "Instant", "Sorcery")

#: Setup keys this adapter expresses (any other key makes the case unsupported).
_SETUP_KEYS = frozenset({"players", "active", "turn", "step", "life", "objects", "effects",
                         "mana_pool", "choices", "priority"})

#: Static effects that change types, subtypes or colors (CR 613.1d-e): python-mtg's card views
#: read its printed relations (``printed_type``, ``printed_subtype``, ``printed_color``), so what
#: such an effect does can't be seen through them.
_CHARACTERISTIC_EFFECTS = frozenset({"add_types", "set_types", "set_land_types", "set_colors",
                                     "add_chosen_color"})

_ZONE_RELATIONS = {"battlefield": "on_battlefield", "graveyard": "graveyard", "exile": "exile"}

#: python-mtg's main phases, where a land may be played (CR 305.1).
_MAIN_STEPS = frozenset({"precombat_main", "postcombat_main"})


#: The python-mtg releases this adapter supports (its driver's private state relations, which
#: the setup edits, are those of this release).
SUPPORTED = SupportedReleases("python-mtg", "0.1.1", "0.1.2", "MTGCONF_MTG_ANY_VERSION",
                              tested=("0.1.1",))


def _load_mtg() -> Any:
    try:
        import mtg  # type: ignore[import-untyped, import-not-found, unused-ignore]
        from mtg import driver  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError as exc:
        raise AdapterError(
            "the python-mtg adapter needs python-mtg: pip install 'mtg-conformance[python-mtg]'"
        ) from exc
    SUPPORTED.check(metadata.version("python-mtg"))
    return mtg, driver


def _title(word: str) -> str:
    return " ".join(w[:1].upper() + w[1:] for w in str(word).split(" "))


class PythonMtgSession(ViewSession):
    """One python-mtg position for one case (static: observations only)."""

    def __init__(self, mtg: Any, driver: Any, request: StartRequest) -> None:
        self.mtg = mtg
        self.driver = driver
        #: Land plays python-mtg accepted from this session's ``play_land`` actions, by player
        #: (the engine itself records only whether a land was played this turn).
        self.land_plays: dict[str, int] = {}
        setup = request.setup
        self.players = [str(p) for p in setup.get("players", ["alice", "bob"])]
        if len(self.players) != 2:
            raise Unsupported("the python-mtg adapter plays two-player games only")
        for key in ("effects", "mana_pool", "choices"):
            if setup.get(key):
                raise Unsupported(f"setup {key!r} is not expressible in python-mtg")
        if setup.get("priority", setup.get("active")) != setup.get("active"):
            raise Unsupported("python-mtg gives priority decisions to the active player only")
        unknown = sorted(set(setup) - _SETUP_KEYS)
        if unknown:
            raise Unsupported(f"setup key(s) {', '.join(unknown)} are not expressible in "
                              "python-mtg")
        self.ids: dict[str, str] = {}
        self.cards = request.cards
        self.game = self._build(setup, request.cards)

    # -- setup ----------------------------------------------------------------------------------

    def _build(self, setup: Mapping[str, Any], cards: Mapping[str, Mapping[str, Any]]) -> Any:
        objects: Sequence[Mapping[str, Any]] = setup.get("objects", [])
        decks: dict[str, list[str]] = {p: [] for p in self.players}
        for obj in objects:
            self._check(obj, cards)
            decks[str(obj.get("owner", self.players[0]))].append(str(obj["card"]))
        game = self.mtg.Game({p: decks[p] + [_FILLER.get(p, "Wastes")] * 10
                              for p in self.players}, seed=1, explicit_lands=True)
        st = self.driver.clone_state(game.state)
        owner = {c: p for (p, c) in st.get("printed_control", set())}
        free: dict[tuple[str, str], list[str]] = {}
        for (_p, cid) in sorted(st.get("in_hand", set()) | st.get("in_library", set())):
            free.setdefault((owner[cid], game.name(cid)), []).append(cid)
        typed = {c for (c, _t) in st.get("printed_type", set())}
        for (p, cid) in list(st.get("in_hand", set()) | st.get("in_library", set())):
            st.get("in_hand", set()).discard((p, cid))
            st.get("in_library", set()).discard((p, cid))
        st["_lib_order"] = {p: [] for p in self.players}
        for obj in objects:
            who = str(obj.get("owner", self.players[0]))
            pool = free.get((who, str(obj["card"])))
            if not pool:
                raise Unsupported(f"python-mtg did not build card {obj['card']!r}")
            cid = pool.pop(0)
            if cid not in typed:
                raise Unsupported(f"python-mtg's corpus has no card {obj['card']!r}")
            self.ids[str(obj["handle"])] = cid
            self._place(st, obj, who, cid)
        st["life"] = {(p, int(dict(setup.get("life", {})).get(p, 20))) for p in self.players}
        st["active_player"] = {(str(setup.get("active", self.players[0])),)}
        st["current_step"] = {(_STEPS[str(setup.get("step", "precombat-main"))],)}
        for p in self.players:
            self.driver._refresh_mana_pool(st, p)
        return self.mtg.Game.from_state(st)

    def _check(self, obj: Mapping[str, Any], cards: Mapping[str, Mapping[str, Any]]) -> None:
        handle = obj.get("handle")
        if "card" not in obj:
            raise Unsupported(f"object {handle!r}: python-mtg cannot create tokens at setup")
        card = cards.get(str(obj["card"]), {})
        if card.get("layout") == "transform":
            raise Unsupported("python-mtg cannot build double-faced cards by name")
        if obj.get("zone") not in ("library", "hand", "battlefield", "graveyard", "exile"):
            raise Unsupported(f"object {handle!r}: python-mtg has no visible {obj.get('zone')}")
        if obj.get("zone") == "battlefield":
            for face in card.get("faces") or [card]:
                for ability in face.get("abilities") or []:
                    effect = ability.get("effect") or {}
                    if ability.get("kind") == "static" and effect.get("type") in \
                            _CHARACTERISTIC_EFFECTS:
                        raise Unsupported(
                            f"object {handle!r}: python-mtg's card views show printed types, "
                            "subtypes and colors only, so the effect of "
                            f"{obj['card']!r} ({effect['type']}, CR 613.1d-e) can't be seen")
        unknown = sorted(set(obj) - {"handle", "card", "zone", "owner", "tapped", "sick"})
        if unknown:
            raise Unsupported(f"object {handle!r}: setup key(s) {', '.join(unknown)} are not "
                              "expressible in python-mtg")

    def _place(self, st: dict[str, Any], obj: Mapping[str, Any], who: str, cid: str) -> None:
        zone = str(obj["zone"])
        if zone == "hand":
            st.setdefault("in_hand", set()).add((who, cid))
        elif zone == "library":
            st.setdefault("in_library", set()).add((who, cid))
            st["_lib_order"][who].append(cid)  # listed top first; index 0 is the top
        else:
            st.setdefault(_ZONE_RELATIONS[zone], set()).add((cid,))
        if zone == "battlefield":
            if obj.get("tapped"):
                st.setdefault("tapped", set()).add((cid,))
            if obj.get("sick"):
                st.setdefault("_sick", set()).add((cid,))

    # -- views ----------------------------------------------------------------------------------

    def _cost(self, cid: str) -> tuple[str, int]:
        st = self.game.state
        mv = dict(st.get("mana_cost", set())).get(cid)
        if mv is None:
            return "", 0
        generic = dict(st.get("mana_generic", set())).get(cid, 0)
        pips = {color: n for (c, color, n) in st.get("mana_pip", set()) if c == cid}
        letters = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
        text = f"{{{generic}}}" if generic or not pips else ""
        for color in COLOR_WORDS:
            text += f"{{{letters[color]}}}" * int(pips.get(color, 0))
        return text, int(mv)

    def _object_view(self, cid: str, handle: str | None = None) -> ObjectView:
        card = self.game.card(cid)
        st = self.game.state
        owner = {c: p for (p, c) in st.get("printed_control", set())}.get(cid, self.players[0])
        types = tuple(sorted((_title(t) for t in card.types),
                             key=lambda t: (_TYPE_ORDER.index(t) if t in _TYPE_ORDER
                                            else len(_TYPE_ORDER), t)))
        cost, mv = self._cost(cid)
        creature = "Creature" in types
        return ObjectView(
            name=str(card.name), names=tuple(str(card.name).split(" // ")),
            zone=str(card.zone or ""), owner=owner, controller=card.controller or owner,
            mana_cost=cost, mana_value=mv, colors=frozenset(card.colors),
            supertypes=tuple(_title(s) for (c, s) in sorted(st.get("has_supertype", set()))
                             if c == cid),
            types=types, subtypes=self._subtypes(str(card.name), card.subtypes),
            power=int(card.power) if creature else None,
            toughness=int(card.toughness) if creature else None,
            keywords=tuple(str(k).lower() for k in card.keywords), tapped=bool(card.tapped),
            handle=handle)

    def _subtypes(self, name: str, subtypes: Any) -> tuple[str, ...]:
        """python-mtg keeps subtypes as an unordered relation; they are listed in the order of
        the card's type line (its printed subtypes), then any others alphabetically."""
        data = self.cards.get(name) or {}
        printed = [str(t) for f in (data.get("faces") or [data]) for t in f.get("subtypes", [])]
        words = sorted(_title(t) for t in subtypes)
        return tuple(sorted(words, key=lambda t: (printed.index(t) if t in printed
                                                  else len(printed))))

    def _basic_land_types(self, player: str) -> list[str]:
        """The basic land types among lands ``player`` controls, in WUBRG order (CR 305.6)."""
        found = {t for v in self.zone_views("battlefield", player) if "Land" in v.types
                 for t in v.subtypes}
        return [t for t in LAND_TYPES[:5] if t in found]

    def view(self, handle: str) -> ObjectView:
        try:
            return self._object_view(self.ids[handle], handle)
        except KeyError:
            raise Unsupported(f"no object with handle {handle!r} in this game") from None

    def zone_views(self, zone: str, player: str | None) -> list[ObjectView]:
        st = self.game.state
        seats = [player] if player is not None else self.players
        if zone == "library":
            ids = [c for p in seats for c in st.get("_lib_order", {}).get(p, [])]
        elif zone == "hand":
            ids = sorted(c for (p, c) in st.get("in_hand", set()) if p in seats)
        elif zone in _ZONE_RELATIONS:
            ids = sorted(c for (c,) in st.get(_ZONE_RELATIONS[zone], set()))
        else:
            raise Unsupported(f"python-mtg has no {zone} zone view")
        handles = {v: k for k, v in self.ids.items()}
        views = [self._object_view(c, handles.get(c)) for c in ids]
        if player is not None and zone != "library" and zone != "hand":
            views = [v for v in views if v.controller == player]
        return views

    def player_query(self, name: str, query: Mapping[str, Any]) -> Any:
        if name == "life":
            return int(self.game.life()[str(query.get("player"))])
        if name == "active_player":
            return str(self.game.active_player)
        if name == "step":
            return _STEP_NAMES.get(str(self.game.step), str(self.game.step))
        if name == "land_types":  # an object's land subtypes (CR 205.3i)
            return [t for t in self.view(str(query.get("object"))).subtypes if t in LAND_TYPES]
        if name == "basic_land_types":
            return self._basic_land_types(str(query.get("player")))
        if name == "domain":  # CR 207.2c, 305.6
            return len(self._basic_land_types(str(query.get("player"))))
        if name == "lands_played":  # 305.2
            # python-mtg records only whether a land was played this turn; with additional
            # land plays (Exploration, 305.2a) the count is that of the plays it accepted.
            player = str(query.get("player"))
            played = int((player,) in self.game.state.get("_land_played", set()))
            return max(played, self.land_plays.get(player, 0)) if played else 0
        raise Unsupported(f"query {name!r} is not expressible through python-mtg")

    def perform(self, action: Mapping[str, Any]) -> Outcome:
        if action.get("type") == "play_land":
            return self._play_land(action)
        raise Unsupported(f"action {action.get('type')!r}: python-mtg resolves spells inside "
                          "the move that casts them and gives the opponent no priority, so "
                          "this adapter performs only the special action of playing a land")

    def _play_land(self, action: Mapping[str, Any]) -> Outcome:
        """Play a land (CR 305.1) with python-mtg's own ``play`` move, when the engine lists it
        among the legal moves; a refusal is classed by the engine's state: the player to move
        (python-mtg gives decisions to the active player only), its step, its record of a land
        played this turn."""
        active = str(self.game.active_player)
        player = str(action.get("player", active))
        handle = str(action.get("object"))
        if handle not in self.ids:
            raise Unsupported(f"no object with handle {handle!r} in this game")
        cid = self.ids[handle]
        move = ("play", player, cid)
        if any(tuple(m.raw) == move for m in self.game.legal_moves):
            self.game.push(move)
            self.land_plays[player] = self.land_plays.get(player, 0) + 1
            return Outcome.done()
        st = self.game.state
        view = self._object_view(cid, handle)
        if "Land" not in view.types or (player, cid) not in st.get("in_hand", set()):
            return Outcome.rejected("illegal-action", f"python-mtg offers no play of {handle}: "
                                                      f"it is not a land card in {player}'s hand")
        if player != active:
            return Outcome.rejected("no-priority", f"{player} has no decision to make: "
                                                   f"python-mtg gives them to {active}")
        if str(self.game.step) not in _MAIN_STEPS:
            return Outcome.rejected("timing", f"python-mtg offers no land play in its "
                                              f"{self.game.step} step (CR 305.1)")
        if (player,) in st.get("_land_played", set()):
            return Outcome.rejected("land-limit", f"python-mtg records a land played by "
                                                  f"{player} this turn (CR 305.2)")
        return Outcome.rejected("illegal-action", f"python-mtg offers no play of {handle}")

    def close(self) -> None:
        self.game = None


class PythonMtgAdapter:
    """python-mtg (Datalog rules, its own card corpus): static characteristics only."""

    def __init__(self) -> None:
        self.mtg, self.driver = _load_mtg()

    def info(self) -> AdapterInfo:
        return AdapterInfo(name="python-mtg", version=metadata.version("python-mtg"),
                           eras=("modern",), features=FEATURES,
                           homepage="https://pypi.org/project/python-mtg/")

    def start(self, request: StartRequest) -> PythonMtgSession:
        if request.era != "modern":
            raise Unsupported(f"python-mtg implements the modern rules, not {request.era!r}")
        return PythonMtgSession(self.mtg, self.driver, request)

    def close(self) -> None:
        return None
