"""The game state (CR 100-series, 400-series): players, zones, objects, effects and the turn.

:class:`GameState` is plain data plus the bookkeeping every rules module shares: object ids,
timestamps (CR 613.7), zone moves that make new objects (CR 400.7) and an event log that
triggered abilities and traces read.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from reference_engine.core.cards import CardCatalog, CardDef, FaceDef
from reference_engine.core.eras import Era
from reference_engine.core.errors import EngineError, SetupError
from reference_engine.core.events import EVENT_KINDS
from reference_engine.core.objects import PER_PLAYER_ZONES, SHARED_ZONES, ZONES, GameObject
from reference_engine.core.state_keys import StateSlots

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.continuous import ContinuousEffect

__all__ = ["AFTER_MOVE_HOOKS", "BEFORE_MOVE_HOOKS", "MOVE_REPLACEMENTS", "SHARED_TURNS_KEY",
           "SHARED_TYPES", "STEPS", "TEAMS_KEY", "VARIANT_KEY", "ZONE_CHANGE_HOOKS", "Event",
           "GameState", "Player", "SharedLife", "active_team", "holds_priority", "is_team_game",
           "next_team_player", "poison_limit", "primary_player", "seated_next_to", "shares_life",
           "shares_turns", "snapshot", "team_of", "teammates", "teams", "variant"]

#: Steps of a turn in order (CR 500.1, 501-514), by their case names.
STEPS: tuple[str, ...] = (
    "untap",
    "upkeep",
    "draw",
    "precombat-main",
    "beginning-of-combat",
    "declare-attackers",
    "declare-blockers",
    "combat-damage",
    "end-of-combat",
    "postcombat-main",
    "end",
    "cleanup",
)

#: Functions called as an object changes zones, with (state, old object, new object), before
#: the new object is placed: area modules use them for what survives the move (name stickers,
#: CR 123.6c) and for last known information (CR 608.2h, 111.12).
ZONE_CHANGE_HOOKS: list[Callable[[GameState, GameObject, GameObject], None]] = []
#: Replacement effects on where an object would go (CR 614.1a "instead"): functions
#: ``(state, object, zone) -> zone`` applied in order as :meth:`GameState.move` begins, e.g.
#: flashback's "exile it instead of putting it anywhere else" (CR 702.34a).
MOVE_REPLACEMENTS: list[Callable[[GameState, GameObject, str], str]] = []
#: Functions called with (state, object, zone) as an object is about to leave its zone, while it
#: still exists there: e.g. keeping a permanent's last known information (CR 603.10a, 608.2h).
BEFORE_MOVE_HOOKS: list[Callable[[GameState, GameObject, str], None]] = []
#: Functions called with (state, old object, new object) once an object has moved: e.g. the end
#: of an "until this leaves the battlefield" effect, which returns what it exiled (CR 610.3a).
AFTER_MOVE_HOOKS: list[Callable[[GameState, GameObject, GameObject], None]] = []


@dataclass
class SharedLife:
    """The one life total of a team in Two-Headed Giant (CR 810.4): what each player on the
    team gains or loses is applied to it (810.9), and it is each one's life total (810.9a)."""

    total: int = 30


@dataclass
class Player:
    """A player (CR 102) and what belongs to them outside zones."""

    name: str
    #: The player's own life total; :attr:`life` reads the team's instead when it shares one.
    own_life: int = 20
    #: The team's shared life total (CR 810.4), or None: the player's life is their own.
    shared: SharedLife | None = None
    #: The life total the player started the game with (CR 103.4: 20 in a two-player game);
    #: a case's ``setup.life`` sets the current life total, not this.
    starting_life: int = 20
    mana_pool: list[dict[str, Any]] = field(default_factory=list)
    #: Turn number at which this player's most recent turn began (CR 302.6); 0 = none yet.
    last_turn_began: int = 0
    lands_played: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def life(self) -> int:
        """The player's life total (CR 119.1): the team's total in Two-Headed Giant, also when
        an effect needs one player's life total (810.9a)."""
        return self.shared.total if self.shared is not None else self.own_life

    @life.setter
    def life(self, value: int) -> None:
        # 810.9: damage, life loss and gain happen to the player; the result goes to the team.
        if self.shared is not None:
            self.shared.total = value
        else:
            self.own_life = value


@dataclass(frozen=True)
class Event:
    """Something that happened (CR 603.2): a kind and its details, logged in order."""

    kind: str
    details: dict[str, Any]


class GameState:
    """Everything about one game at one moment."""

    def __init__(self, *, players: list[str], catalog: CardCatalog, era: Era) -> None:
        if len(players) < 2 or len(set(players)) != len(players):
            raise SetupError("a game needs at least two players with distinct names")
        self.era = era
        self.catalog = catalog
        self.players: dict[str, Player] = {p: Player(p) for p in players}
        self.turn_order: list[str] = list(players)
        self.turn: int = 1
        self.active_player: str = players[0]
        self.priority_player: str | None = players[0]
        self.step: str = "precombat-main"
        self.objects: dict[int, GameObject] = {}
        self.zones: dict[tuple[str | None, str], list[int]] = {}
        for p in players:
            for z in PER_PLAYER_ZONES:
                self.zones[(p, z)] = []
        for z in SHARED_ZONES:
            self.zones[(None, z)] = []
        self.effects: list[ContinuousEffect] = []
        self.events: list[Event] = []
        self.handles: dict[str, int] = {}
        self._next_id = 1
        self._next_timestamp = 1
        self._version = 0
        self._chars_cache: tuple[int, dict[int, Characteristics]] | None = None
        #: Characteristics computed at each version since the game's last checkpoint, kept
        #: by :class:`reference_engine.game.Game` so that replaying its journal to undo an
        #: action reuses them (the engine is deterministic: from the same starting point the
        #: same actions reach the same state at the same version). None: not kept.
        self._chars_history: dict[int, dict[int, Characteristics]] | None = None
        #: The characteristics of the layer pass under way, if any (CR 613.1, 613.4, 604.3): a
        #: count read inside a layer operation (domain in a P/T ability) reads these, the
        #: values the earlier layers settled, instead of starting a new pass inside this one.
        self._chars_partial: dict[int, Characteristics] | None = None
        #: Area modules keep their own state here, each in a slot of its own listed in
        #: :data:`reference_engine.core.state_keys.STATE_KEYS` (any other key raises).
        self.extra: StateSlots = StateSlots()

    # -- bookkeeping -------------------------------------------------------------------------

    def new_timestamp(self) -> int:
        """The next timestamp (CR 613.7): later objects and effects get larger ones."""
        ts = self._next_timestamp
        self._next_timestamp += 1
        return ts

    def changed(self) -> None:
        """Note that the state changed, so computed characteristics are recomputed."""
        self._version += 1

    @property
    def version(self) -> int:
        """A counter that grows with every change; caches compare it."""
        return self._version

    def log(self, kind: str, **details: Any) -> Event:
        """Record an event (CR 603.2 looks at these) and return it; ``kind`` must be one of
        :data:`reference_engine.core.events.EVENT_KINDS`."""
        if kind not in EVENT_KINDS:
            raise EngineError(f"unknown event kind {kind!r}: add it, with what it records and "
                              f"its rule, to reference_engine/core/events.py")
        event = Event(kind, details)
        self.events.append(event)
        return event

    # -- zones ---------------------------------------------------------------------------------

    def zone_key(self, zone: str, player: str | None) -> tuple[str | None, str]:
        """The key of ``zone``: per-player zones need the player (the owner, CR 400.3)."""
        if zone not in ZONES:
            raise SetupError(f"unknown zone {zone!r} (expected one of {', '.join(ZONES)})")
        return (player, zone) if zone in PER_PLAYER_ZONES else (None, zone)

    def zone_list(self, zone: str, player: str | None = None) -> list[int]:
        """Ids in ``zone`` in order (library: top first; stack: bottom first)."""
        return self.zones[self.zone_key(zone, player)]

    def objects_in(self, zone: str, player: str | None = None) -> list[GameObject]:
        """Objects in ``zone``; for per-player zones ``None`` means every player's."""
        if zone in PER_PLAYER_ZONES and player is None:
            return [self.objects[i] for p in self.turn_order for i in self.zones[(p, zone)]]
        return [self.objects[i] for i in self.zone_list(zone, player)]

    def battlefield(self) -> list[GameObject]:
        """Permanents, in the order they arrived."""
        return [self.objects[i] for i in self.zones[(None, "battlefield")]]

    def all_objects(self) -> Iterator[GameObject]:
        """Every object in every zone."""
        return iter(list(self.objects.values()))

    def create_object(
        self,
        card: CardDef,
        *,
        owner: str,
        zone: str,
        controller: str | None = None,
        position: int | None = None,
        **status: Any,
    ) -> GameObject:
        """Put a new object for ``card`` into ``zone`` (at ``position``, default the end)."""
        if owner not in self.players:
            raise SetupError(f"unknown player {owner!r}")
        obj = GameObject(
            id=self._next_id,
            card=card,
            owner=owner,
            controller=controller or owner,
            zone=zone,
            timestamp=self.new_timestamp(),
            **status,
        )
        self._next_id += 1
        self.objects[obj.id] = obj
        ids = self.zone_list(zone, owner)
        ids.insert(len(ids) if position is None else position, obj.id)
        self.changed()
        return obj

    def move(self, obj: GameObject, zone: str, *, position: int | None = None,
             controller: str | None = None) -> GameObject:
        """Move ``obj`` to ``zone`` as a new object (CR 400.7) and return the new object.

        Tokens that leave the battlefield cease to exist when state-based actions are checked
        (CR 704.5d); copies of spells cease to exist when they leave the stack (CR 707.10a).
        The new object keeps the handle, so a case can follow a card across zones.
        """
        for replace_zone in MOVE_REPLACEMENTS:
            zone = replace_zone(self, obj, zone)
        for before in BEFORE_MOVE_HOOKS:
            before(self, obj, zone)
        old_key = self.zone_key(obj.zone, obj.owner)
        self.zones[old_key].remove(obj.id)
        del self.objects[obj.id]
        new = GameObject(
            id=self._next_id,
            card=obj.card,
            owner=obj.owner,
            controller=controller or (obj.controller if zone == "stack" else obj.owner),
            zone=zone,
            timestamp=self.new_timestamp(),
            handle=obj.handle,
            is_token=obj.is_token,
            is_copy=obj.is_copy,
            controlled_since=self.turn,
        )
        self._next_id += 1
        for hook in ZONE_CHANGE_HOOKS:
            hook(self, obj, new)
        self.log("zone-change", old=obj.id, new=new.id, card=obj.card.name,
                 from_zone=obj.zone, to_zone=zone, owner=obj.owner, token=obj.is_token,
                 together=self.extra.get("simultaneous"))
        self.changed()
        if obj.is_copy and obj.zone == "stack":
            # 707.10a: a copy of a spell ceases to exist as it leaves the stack.
            return new
        self.objects[new.id] = new
        ids = self.zone_list(zone, new.owner)
        ids.insert(len(ids) if position is None else position, new.id)
        if obj.handle is not None:
            self.handles[obj.handle] = new.id
        for after in AFTER_MOVE_HOOKS:
            after(self, obj, new)
        return new

    def remove(self, obj: GameObject) -> None:
        """Remove ``obj`` from the game entirely (a token or copy ceasing to exist)."""
        self.zones[self.zone_key(obj.zone, obj.owner)].remove(obj.id)
        del self.objects[obj.id]
        self.changed()

    # -- handles -------------------------------------------------------------------------------

    def by_handle(self, handle: str) -> GameObject:
        """The object a case calls ``handle`` (following it across zone changes)."""
        try:
            oid = self.handles[handle]
        except KeyError:
            raise SetupError(f"unknown object handle {handle!r}") from None
        try:
            return self.objects[oid]
        except KeyError:
            raise SetupError(f"object {handle!r} no longer exists") from None

    def opponents(self, player: str) -> list[str]:
        """The other players still in the game, in turn order (CR 102.2, 102.3; a player who
        left a multiplayer game is no one's opponent, 800.4a)."""
        left = self.extra.get("left", ())
        mates: list[str] = next((list(t) for t in self.extra.get("teams") or () if player in t),
                                [player])
        # 102.3: in a game between teams, a player's opponents are the players not on their team.
        return [p for p in self.turn_order if p not in mates and p not in left]

    def in_game(self) -> list[str]:
        """The players who have not left the game, in turn order (CR 800.4: a multiplayer game
        goes on after players leave it; in a two-player game it ends instead, 104.2a)."""
        left = self.extra.get("left", ())
        return [p for p in self.turn_order if p not in left]

    def next_in_game(self, player: str) -> str:
        """The next player in turn order after ``player`` who is still in the game (CR 101.4,
        800.4a, 800.4k); ``player`` itself when no other is left."""
        order = self.turn_order
        i = order.index(player)
        left = self.extra.get("left", ())
        for p in order[i + 1:] + order[:i]:
            if p not in left:
                return p
        return player


#: Types a snapshot shares with the state instead of copying: immutable values, and what stays
#: fixed for a whole game (card definitions, the catalog, the era, logged events). Anything else
#: is copied, whatever new fields or classes the state grows.
SHARED_TYPES: set[type] = {str, int, float, bool, complex, bytes, type(None), type, range,
                           frozenset, CardDef, FaceDef, CardCatalog, Era, Event}

#: How a snapshot copies each type it has met: 0 by ``__dict__``, 1 with :func:`copy.deepcopy`.
_PLANS: dict[type, int] = {}


def _plan(kind: type) -> int:
    """Copy by ``__dict__`` only a plain class (a dataclass or the like) that customises
    neither copying nor pickling; anything else gets :func:`copy.deepcopy`'s own rules."""
    base: Any = object
    plain = (getattr(kind, "__new__", None) is base.__new__
             and getattr(kind, "__reduce_ex__", None) is base.__reduce_ex__
             and getattr(kind, "__reduce__", None) is base.__reduce__
             and not hasattr(kind, "__deepcopy__")
             and not hasattr(kind, "__setstate__")
             and all("__slots__" not in vars(c) for c in kind.__mro__[:-1]))
    _PLANS[kind] = plan = 0 if plain else 1
    return plan


def _copy(value: Any, memo: dict[int, Any]) -> Any:
    """A deep copy of ``value`` that keeps :data:`SHARED_TYPES` shared and, like
    :func:`copy.deepcopy`, copies an object reached twice once (``memo`` by ``id``)."""
    kind = type(value)
    if kind in SHARED_TYPES:
        return value
    done = memo.get(id(value))
    if done is not None:
        return done
    shared = SHARED_TYPES
    if kind is dict:
        new: Any = {}
        memo[id(value)] = new
        for k, v in value.items():
            new[k] = v if type(v) in shared else _copy(v, memo)
        return new
    if kind is StateSlots:
        new = StateSlots()
        memo[id(value)] = new
        for k, v in dict.items(value):
            dict.__setitem__(new, k, v if type(v) in shared else _copy(v, memo))
        return new
    if kind is list:
        new = []
        memo[id(value)] = new
        new.extend([v if type(v) in shared else _copy(v, memo) for v in value])
        return new
    if kind is tuple:
        items = [v if type(v) in shared else _copy(v, memo) for v in value]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else tuple(items)
    if kind is set:
        new = set(value)  # members are hashable values
        memo[id(value)] = new
        return new
    plan = _PLANS.get(kind)
    if plan is None:
        plan = _plan(kind)
    if plan == 0:
        new = object.__new__(kind)
        memo[id(value)] = new
        fields = {}
        for k, v in value.__dict__.items():
            fields[k] = v if type(v) in shared else _copy(v, memo)
        object.__setattr__(new, "__dict__", fields)
        return new
    return copy.deepcopy(value, memo)


def snapshot(state: GameState) -> GameState:
    """A copy of ``state`` to try an action out or to come back to: every field is copied
    (new ones too), sharing only :data:`SHARED_TYPES`; the characteristics cache and history
    are dropped (rebuilt on demand). Equal to a :func:`copy.deepcopy` that shares those types
    (tested), at a fraction of its cost."""
    memo: dict[int, Any] = {}
    fields: dict[str, Any] = {}
    for k, v in state.__dict__.items():
        if k in _CACHES:  # dropped: a copy's changes are its own (the game attaches a history)
            fields[k] = None
        else:
            fields[k] = v if type(v) in SHARED_TYPES else _copy(v, memo)
    copied: GameState = object.__new__(GameState)
    copied.__dict__.update(fields)
    return copied


#: Fields of a state that only cache what the rest of it determines.
_CACHES = frozenset({"_chars_cache", "_chars_history", "_chars_partial"})


# -- teams (CR 102.3, 805, 808-811) ----------------------------------------------------------
#
# Teams in a multiplayer game (CR 102.3, 102.4, 805, 808-811): who plays with whom.
#
# A game between teams lists its teams in ``state.extra[TEAMS_KEY]``, each a list of player
# names in seating order (the order of ``setup.players``, which is the turn order, 101.4). A
# game without teams is one where every player is a team of their own, so every function here
# also answers for a free-for-all or a two-player game.
#
# * 102.3: a player's teammates are the other players on their team; their opponents are all
#   players not on it (:meth:`GameState.opponents` reads the teams).
# * 805.2: under the shared team turns option the primary player of a team is the one in the
#   rightmost seat from the team's point of view. Turn order goes to each player's left, so
#   the primary player is the team's first player in turn order.
# * 805.4, 805.5: with shared team turns the team takes the turn and has priority: the active
#   team is the active player's team; the player who holds priority stands for their team.
# * 810.4, 810.11: in Two-Headed Giant each team has one life total, 30, plus 15 for each
#   player beyond the second; 810.10, 810.11: the team shares its poison counters and loses
#   with 15, plus 5 for each player beyond the second.

#: ``state.extra`` key of the teams: a list of lists of player names, in seating order.
TEAMS_KEY = "teams"
#: ``state.extra`` key of the multiplayer variant (800.2: one per game), e.g. "emperor".
VARIANT_KEY = "variant"
#: ``state.extra`` key set when the shared team turns option is used (805).
SHARED_TURNS_KEY = "shared_team_turns"

#: Poison counters that make a player lose (704.5c), and a Two-Headed Giant team (810.10).
_POISON = 10
_TEAM_POISON = 15


def teams(state: GameState) -> list[list[str]]:
    """The teams, each in seating order; without teams, each player alone (in turn order)."""
    given: list[list[str]] | None = state.extra.get(TEAMS_KEY)
    return [list(t) for t in given] if given else [[p] for p in state.turn_order]


def is_team_game(state: GameState) -> bool:
    """Whether this is a multiplayer game between teams (102.3, 104.2c)."""
    return bool(state.extra.get(TEAMS_KEY))


def team_of(state: GameState, player: str) -> list[str]:
    """``player``'s team, ``player`` included, in seating order (102.3)."""
    for team in teams(state):
        if player in team:
            return team
    return [player]


def teammates(state: GameState, player: str) -> list[str]:
    """The other players on ``player``'s team (102.3); none outside a team game."""
    return [p for p in team_of(state, player) if p != player]


def variant(state: GameState) -> str | None:
    """The multiplayer variant the game uses, if the setup named one (800.2)."""
    value = state.extra.get(VARIANT_KEY)
    return str(value) if value is not None else None


def shares_turns(state: GameState) -> bool:
    """Whether the shared team turns option is used (805.1; always in Two-Headed Giant,
    810.2)."""
    return bool(state.extra.get(SHARED_TURNS_KEY))


def shares_life(state: GameState) -> bool:
    """Whether each team has one life total and shares its poison counters (810.4, 810.10)."""
    return variant(state) == "two-headed-giant"


def poison_limit(state: GameState, player: str) -> int:
    """How many poison counters make ``player`` (or, sharing them, their team) lose: 10
    (704.5c); a Two-Headed Giant team 15, and 5 more for each player beyond the second
    (810.10, 810.11)."""
    if not shares_life(state):
        return _POISON
    return _TEAM_POISON + 5 * max(len(team_of(state, player)) - 2, 0)


def primary_player(state: GameState, player: str) -> str:
    """The primary player of ``player``'s team still in the game (805.2): the team's first
    player in turn order; ``player`` itself outside shared team turns."""
    if not shares_turns(state):
        return player
    left = state.extra.get("left", ())
    members = [p for p in team_of(state, player) if p not in left]
    return members[0] if members else player


def active_team(state: GameState) -> list[str]:
    """The players taking the current turn still in the game: the active team under shared
    team turns (805.4a), else the active player alone."""
    if not shares_turns(state):
        return [state.active_player]
    left = state.extra.get("left", ())
    return [p for p in team_of(state, state.active_player) if p not in left]


def next_team_player(state: GameState, player: str) -> str:
    """The first player in turn order after ``player`` who is still in the game and not on
    ``player``'s team (805.4, 805.5b: turns and priority go from team to team); ``player``'s
    own primary player when no other team is left."""
    order = state.turn_order
    i = order.index(player)
    left = state.extra.get("left", ())
    own = team_of(state, player)
    for p in order[i + 1:] + order[:i]:
        if p not in left and p not in own:
            return primary_player(state, p)
    return primary_player(state, player)


def holds_priority(state: GameState, player: str) -> bool:
    """Whether ``player`` may act with priority now (117.1): they hold it, or under shared
    team turns their team has it (805.5a)."""
    holder = state.priority_player
    if holder is None:
        return False
    return player == holder or (shares_turns(state) and player in team_of(state, holder))


def seated_next_to(state: GameState, player: str, other: str) -> bool:
    """Whether ``other`` sits immediately next to ``player`` (811.4, 809.3c), on either side,
    among the players still in the game."""
    in_game = [p for p in state.turn_order if p not in state.extra.get("left", ())]
    if player not in in_game or other not in in_game or player == other:
        return False
    i, n = in_game.index(player), len(in_game)
    return other in (in_game[(i + 1) % n], in_game[(i - 1) % n])
