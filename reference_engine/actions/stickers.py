"""Stickers and tickets (CR 123, 107.17): markers a player puts on objects they own.

**Access.** A case's setup gives each player the stickers of their chosen sticker sheets
(``setup.stickers = {alice = [{handle, kind, ...}]}``, 123.2c): a name sticker (``word``), an
ability sticker (``abilities`` as ability tables, ``text``), a power and toughness sticker
(``power``, ``toughness``) or an art sticker; any of them may have a ticket cost
(``tickets``, 107.17a). ``setup.tickets = {alice = N}`` gives a player ticket counters ({TK},
107.17).
Each sticker is its own: two stickers with the same word are two stickers (123.3a).

**Putting a sticker** (effect ``put_sticker``, 123.3): the player chooses a sticker they have
access to that is on no object (choice ``sticker``: its handle, or "none" when the effect says
"you may"), of the kind the effect names; a sticker with a ticket cost needs the object's owner
to pay that many {TK} (123.3c), and one they cannot pay for cannot be chosen. A player cannot
put a sticker on an object they don't own: that part of the effect does nothing (123.3b).
A name sticker's word goes where the object's controller chooses (choice
``sticker_position``, 123.6b). A sticker is neither an object, a counter nor a token, and is not
a copiable value (123.1): its effect on the object is a continuous effect with the sticker's
timestamp (name: layer 3, 123.6; ability: layer 6, 123.7; power and toughness: layer 7b, only
on a creature, or a creature or Vehicle card off the battlefield, 123.8; art: none, 123.9).

**Zones.** Stickers stay on an object moving from one public zone to another and apply to the
new object; they come off as it moves to a hidden zone, and that sticker is on no object again
(123.5). A "stickered" object has a sticker on it now (123.4: filter keys ``stickered`` and
``sticker``).

Amounts: ``sticker_vowels`` (the unique vowels on the sticker just put, 123.6e),
``sticker_letters`` (a letter counted in the name stickers on an object, 123.6d),
``sticker_pt_total`` (the power or toughness printed on power and toughness stickers, 123.8a).
Operation ``gain_ability_stickers`` gives the abilities of ability stickers elsewhere (123.7a).
Trigger event ``sticker_put``. Queries ``stickers``, ``stickers_available``, ``tickets``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import AmountContext, amount
from reference_engine.core.characteristics import Characteristics
from reference_engine.core.choices import choose
from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.errors import RulesViolation, SetupError
from reference_engine.core.objects import PUBLIC_ZONES
from reference_engine.core.ordering import in_cr_order
from reference_engine.core.registry import query, setup_hook
from reference_engine.core.state import ZONE_CHANGE_HOOKS
from reference_engine.layers.effects import ContinuousEffect, LayerContext, operation
from reference_engine.layers.filters import FilterContext, filter_key, matches
from reference_engine.layers.system import characteristics_of
from reference_engine.triggers.abilities import trigger_matcher

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import Event, GameState

__all__ = ["KINDS", "TICKETS", "stickers_on", "tickets_of"]

#: The kinds of sticker (123.1): name, ability, power and toughness ("pt"), art.
KINDS = ("name", "ability", "pt", "art")
#: Where a player keeps their ticket counters ({TK}, 107.17).
TICKETS = "tickets"
#: The vowels of 123.6e.
VOWELS = frozenset("aeiouy")


def tickets_of(state: GameState, player: str) -> int:
    """How many ticket counters ``player`` has (107.17)."""
    return int(state.players[player].extra.get(TICKETS, 0))


def _access(state: GameState) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = state.extra.get("sticker_access", {})
    return found


def _placed(state: GameState) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = state.extra.get("stickers_placed", {})
    return found


def _sticker(state: GameState, handle: str) -> dict[str, Any]:
    for stickers in _access(state).values():
        for sticker in stickers:
            if sticker["handle"] == handle:
                return sticker
    raise SetupError(f"unknown sticker {handle!r}")


def _on_object(state: GameState, handle: str) -> int | None:
    """The object the sticker is on now, or None (123.3: it is on no object)."""
    record = _placed(state).get(handle)
    if record is None or int(record["object"]) not in state.objects:
        return None
    return int(record["object"])


def stickers_on(state: GameState, oid: int) -> list[dict[str, Any]]:
    """The stickers on object ``oid``, in timestamp order (a name sticker that a setup effect
    put on it, with no sticker sheet, counts as a name sticker with its word)."""
    placed = sorted(((rec["timestamp"], _sticker(state, h)) for h, rec in _placed(state).items()
                     if int(rec["object"]) == oid), key=lambda pair: pair[0])
    out = [sticker for _, sticker in placed]
    for eff in state.effects:
        if (eff.kind == "name_sticker" and "sticker" not in eff.extra
                and isinstance(eff.affected, list) and oid in eff.affected):
            out.append({"handle": None, "kind": "name", "word": str(eff.op.get("word", ""))})
    return out


# -- the setup ------------------------------------------------------------------------------

def _check_sticker(entry: Any, where: str, seen: set[str]) -> dict[str, Any]:
    if not isinstance(entry, Mapping):
        raise SetupError(f"{where}: a sticker is a table {{handle, kind, ...}}")
    handle, kind = entry.get("handle"), entry.get("kind")
    if not isinstance(handle, str) or not handle:
        raise SetupError(f"{where}: a sticker needs a 'handle'")
    if handle in seen:
        raise SetupError(f"{where}: the sticker handle {handle!r} is used twice")
    seen.add(handle)
    if kind not in KINDS:
        raise SetupError(f"{where}: 'kind' must be one of {', '.join(KINDS)}, not {kind!r}")
    tickets = entry.get("tickets", 0)
    if not isinstance(tickets, int) or isinstance(tickets, bool) or tickets < 0:
        raise SetupError(f"{where}: 'tickets' must be a whole number of ticket counters")
    if kind == "name" and not (isinstance(entry.get("word"), str) and entry["word"].strip()):
        raise SetupError(f"{where}: a name sticker needs its 'word'")
    if kind == "ability" and not isinstance(entry.get("abilities"), list):
        raise SetupError(f"{where}: an ability sticker needs 'abilities' (ability tables)")
    if kind == "pt" and not all(isinstance(entry.get(k), int) for k in ("power", "toughness")):
        raise SetupError(f"{where}: a power and toughness sticker needs integer 'power' and "
                         "'toughness'")
    return dict(entry)


@setup_hook(stage="stickers")
def _setup_stickers(state: GameState, setup: Mapping[str, Any]) -> None:
    """The stickers each player has access to (123.2c) and their ticket counters (107.17)."""
    seen: set[str] = set()
    access: dict[str, list[dict[str, Any]]] = {}
    for player, stickers in dict(setup.get("stickers", {})).items():
        if player not in state.players:
            raise SetupError(f"setup.stickers: unknown player {player!r}")
        if not isinstance(stickers, list):
            raise SetupError(f"setup.stickers.{player}: a list of stickers")
        access[player] = [_check_sticker(s, f"setup.stickers.{player}[{i}]", seen)
                          for i, s in enumerate(stickers)]
    if access:
        state.extra["sticker_access"] = access
    for player, n in dict(setup.get("tickets", {})).items():
        if player not in state.players:
            raise SetupError(f"setup.tickets: unknown player {player!r}")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise SetupError(f"setup.tickets.{player}: a whole number of ticket counters")
        state.players[player].extra[TICKETS] = n


# -- tickets ----------------------------------------------------------------------------------

@effect("get_tickets", params={"amount": "amount: how many {TK} (default 1)"},
        cr=("107.17", "122.1"), example='Ticketomaton: {type = "get_tickets", amount = 1}')
def _get_tickets(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """"You get {TK}": the controller gets that many ticket counters (107.17, 122.1)."""
    n = ctx.amount(p.get("amount", 1))
    if n <= 0:
        return
    player = ctx.state.players[ctx.controller]
    player.extra[TICKETS] = tickets_of(ctx.state, ctx.controller) + n
    ctx.state.log("counters-added", player=ctx.controller, counter="ticket", amount=n)
    ctx.state.changed()


# -- putting a sticker ------------------------------------------------------------------------

def _options(state: GameState, player: str, owner: str, p: Mapping[str, Any],
             max_cost: int | None) -> list[dict[str, Any]]:
    """The stickers ``player`` may put now (123.3, 123.3c)."""
    kind = p.get("kind", "any")
    free = bool(p.get("free", False))
    out = []
    for sticker in _access(state).get(player, []):
        if kind != "any" and sticker["kind"] != kind:
            continue
        if _on_object(state, sticker["handle"]) is not None:
            continue
        cost = int(sticker.get("tickets", 0))
        if max_cost is not None and cost > max_cost:
            continue
        if not free and cost > tickets_of(state, owner):
            continue
        out.append(sticker)
    return out


def _explain_refusal(state: GameState, player: str, owner: str, answer: str,
                     p: Mapping[str, Any]) -> str:
    mine = [s for s in _access(state).get(player, []) if s["handle"] == answer]
    if not mine:
        return (f"{player} has no access to a sticker {answer!r}: only to the stickers of "
                "their own chosen sheets (CR 123.2c)")
    sticker = mine[0]
    kind = p.get("kind", "any")
    if kind != "any" and sticker["kind"] != kind:
        return f"the effect puts a {kind} sticker; {answer!r} is a {sticker['kind']} sticker"
    if _on_object(state, answer) is not None:
        return f"the sticker {answer!r} is already on an object (CR 123.3)"
    return (f"the sticker {answer!r} costs {sticker.get('tickets', 0)} tickets and {owner} has "
            f"{tickets_of(state, owner)} (CR 123.3c)")


def _choose_sticker(ctx: ResolveContext, player: str, obj: GameObject,
                    p: Mapping[str, Any]) -> dict[str, Any] | None:
    state = ctx.state
    max_cost = ctx.amount(p["max_tickets"]) if "max_tickets" in p else None
    options = _options(state, player, obj.owner, p, max_cost)
    optional = bool(p.get("optional", False))
    answer = choose(state, "sticker", None, default=None, has_default=True)
    if answer is None:
        if not options:
            return None
        if len(options) == 1 and not optional:
            return options[0]
        names = [s["handle"] for s in options] + (["none"] if optional else [])
        raise SetupError(f"the case must answer choice 'sticker' (options: {names!r})")
    if answer == "none":
        if optional or not options:
            return None
        raise RulesViolation("illegal-choice", "the effect puts a sticker; 'none' is not an "
                             "option while one can be put (CR 123.3)")
    for sticker in options:
        if sticker["handle"] == answer:
            return sticker
    raise RulesViolation("illegal-choice", _explain_refusal(state, player, obj.owner,
                                                            str(answer), p))


def _place(ctx: ResolveContext, player: str, obj: GameObject, sticker: dict[str, Any],
           *, free: bool) -> None:
    state = ctx.state
    cost = 0 if free else int(sticker.get("tickets", 0))
    if cost:
        # 123.3c, 107.17a: the object's owner pays the ticket cost, removing that many.
        state.players[obj.owner].extra[TICKETS] = tickets_of(state, obj.owner) - cost
    timestamp = state.new_timestamp()
    kind = sticker["kind"]
    op: dict[str, Any] | None = None
    if kind == "name":
        words = characteristics_of(state, obj.id).name.split()
        # 123.6b: the object's controller chooses where the word goes.
        position = choose(state, "sticker_position", list(range(len(words) + 1)))
        op = {"type": "name_sticker", "word": str(sticker["word"]), "position": int(position)}
    elif kind == "ability":
        op = {"type": "add_abilities", "abilities": list(sticker["abilities"])}
    elif kind == "pt":
        op = {"type": "sticker_pt", "power": sticker["power"],
              "toughness": sticker["toughness"]}
    if op is not None:
        state.effects.append(ContinuousEffect(
            op=op, timestamp=timestamp, affected=[obj.id], source=None, controller=player,
            extra={"sticker": sticker["handle"]}))
    placed = state.extra.setdefault("stickers_placed", {})
    placed[sticker["handle"]] = {"object": obj.id, "timestamp": timestamp}
    ctx.obj.extra["last_sticker"] = sticker["handle"]
    state.log("sticker-put", player=player, object=obj.id, sticker=sticker["handle"],
              sticker_kind=kind, tickets=cost)
    state.changed()


def _where(ctx: ResolveContext, p: Mapping[str, Any]) -> list[GameObject]:
    """The objects the sticker goes on: a reference (``target``: a slot, "self"), or one
    object matching ``filter`` that the player chooses (choice ``sticker_on``: a handle)."""
    if "filter" not in p:
        return objects_of(ctx, ctx.refs(p))
    state = ctx.state
    fctx = FilterContext(you=ctx.controller, source=ctx.source_id)
    options = [o for o in state.objects.values() if matches(state, o, p["filter"], ctx=fctx)]
    names = [o.handle or f"#{o.id}" for o in options]
    optional = bool(p.get("optional", False))
    picked = choose(state, "sticker_on", names + (["none"] if optional else []),
                    default="none" if optional and not names else None,
                    has_default=optional and not names)
    return [] if picked == "none" else [options[names.index(picked)]]


@effect("put_sticker", params={
    "kind": "str: name, ability, pt, art or any (default)",
    "target": "ref: the object it goes on (default self)",
    "filter": "filter: instead of target, the player chooses one object matching it "
              "(choice sticker_on)",
    "optional": "bool: \"you may\": the choices may answer \"none\"",
    "free": "bool: without paying the sticker's ticket cost",
    "max_tickets": "amount: only a sticker with a ticket cost of at most this"},
    cr=("123.3", "123.3b", "123.3c", "123.6b"),
    example='Ticketomaton: {type = "put_sticker", optional = true, filter = {not_type = '
            '"Land", owner = "you", zone = "battlefield"}}')
def _put_sticker(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Put a sticker on an object (123.3): the controller chooses one of their stickers that
    is on no object (choice ``sticker``), paying its ticket cost unless ``free`` (123.3c).
    On an object they don't own, that part of the effect does nothing (123.3b)."""
    player = ctx.controller
    if p.get("optional") and choose(ctx.state, "sticker", None, has_default=True) == "none":
        return  # "you may": the player puts none, and chooses no object for it
    for obj in _where(ctx, p):
        if obj.owner != player:
            ctx.state.log("sticker-not-put", player=player, object=obj.id,
                          reason="not its owner (123.3b)")
            continue
        sticker = _choose_sticker(ctx, player, obj, p)
        if sticker is not None:
            _place(ctx, player, obj, sticker, free=bool(p.get("free", False)))


@in_cr_order(ZONE_CHANGE_HOOKS, cr="123.5")
def _stickers_follow(state: GameState, old: GameObject, new: GameObject) -> None:
    """Check 123.5: stickers follow an object from a public zone to another public zone (to the
    new object it becomes there); moving to a hidden zone takes them off."""
    stays = old.zone in PUBLIC_ZONES and new.zone in PUBLIC_ZONES
    placed = _placed(state)
    for handle in [h for h, rec in placed.items() if int(rec["object"]) == old.id]:
        if stays:
            placed[handle] = {**placed[handle], "object": new.id}
        else:
            del placed[handle]
    if stays:
        for eff in state.effects:
            if ("sticker" in eff.extra and eff.kind != "name_sticker"
                    and isinstance(eff.affected, list) and old.id in eff.affected):
                eff.affected = [new.id if i == old.id else i for i in eff.affected]
        return
    state.effects[:] = [
        eff for eff in state.effects
        if not (("sticker" in eff.extra or eff.kind == "name_sticker")
                and isinstance(eff.affected, list) and old.id in eff.affected)]


# -- what stickers do -----------------------------------------------------------------------

@operation("sticker_pt", "7b", params={"power": "int!: the sticker's power",
                                       "toughness": "int!: the sticker's toughness"},
           cr=("123.8", "613.4b"))
def _sticker_pt(chars: Characteristics, params: Mapping[str, Any], ctx: LayerContext) -> None:
    """A power and toughness sticker sets the power and toughness of a creature, or of a
    creature or Vehicle card in a zone other than the battlefield (123.8); several apply in
    timestamp order (613.7)."""
    obj = ctx.state.objects.get(ctx.object_id)
    on_battlefield = obj is not None and obj.zone == "battlefield"
    if "Creature" not in chars.types and (on_battlefield or "Vehicle" not in chars.subtypes):
        return
    chars.power = int(params["power"])
    chars.toughness = int(params["toughness"])


@operation("gain_ability_stickers", "6", params={
    "on": "str: \"source\" (ability stickers on the effect's source) or \"yours\" (on other "
          "permanents its controller owns and cards in their graveyard)"},
    cr=("123.7", "123.7a"))
def _gain_ability_stickers(chars: Characteristics, params: Mapping[str, Any],
                           ctx: LayerContext) -> None:
    """The object has the abilities of ability stickers on other objects (123.7a): read from
    the stickers themselves, even if the object a sticker is on doesn't have that ability now."""
    state = ctx.state
    source, you = ctx.effect.source, ctx.effect.controller
    on = params.get("on", "source")
    for handle, record in _placed(state).items():
        holder = state.objects.get(int(record["object"]))
        if holder is None:
            continue
        if on == "source":
            wanted = holder.id == source
        else:
            wanted = (holder.owner == you and holder.id != ctx.object_id
                      and holder.zone in ("battlefield", "graveyard"))
        sticker = _sticker(state, handle)
        if wanted and sticker["kind"] == "ability":
            granted = tuple(dict(a) for a in sticker["abilities"])
            chars.abilities = chars.abilities + granted
            chars.keywords = chars.keywords | frozenset(
                str(a.get("keyword", "")).casefold() for a in granted
                if a.get("kind") == "keyword")


@filter_key("stickered", characteristic=False)
def _stickered(state: GameState, obj: GameObject, chars: Characteristics, value: Any,
               ctx: FilterContext) -> bool:
    """``stickered = true``: has a sticker on it now (123.4); false: has none."""
    return bool(stickers_on(state, obj.id)) == bool(value)


@filter_key("sticker", characteristic=False)
def _has_sticker_kind(state: GameState, obj: GameObject, chars: Characteristics, value: Any,
                      ctx: FilterContext) -> bool:
    """``sticker = "art"``: has a sticker of this kind on it (name, ability, pt, art; 123.1)."""
    kinds = {value} if isinstance(value, str) else set(value)
    return any(s["kind"] in kinds for s in stickers_on(state, obj.id))


def _unique_vowels(word: str) -> int:
    return len(VOWELS & set(word.casefold()))


@amount("sticker_vowels", arg="str", cr=("123.6e",),
        example='_____-o-saurus: a counter for each unique vowel, {sticker_vowels = "that"}')
def _sticker_vowels(ctx: AmountContext, arg: Any) -> int:
    """The number of different vowels (A, E, I, O, U, Y, either case) on "that" sticker: the
    name sticker this spell or ability just put (0 if it put none, 123.6e)."""
    resolving = ctx.extra.get("resolving")
    handle = resolving.obj.extra.get("last_sticker") if resolving is not None else None
    if handle is None:
        return 0
    sticker = _sticker(ctx.state, str(handle))
    return _unique_vowels(str(sticker.get("word", ""))) if sticker["kind"] == "name" else 0


@amount("sticker_letters", params={"letter": "str!: the letter counted",
                                   "on": "str: whose name stickers (default \"self\")"},
        cr=("123.6d",),
        example='_____ Balls of Fire: {sticker_letters = {letter = "o"}}')
def _sticker_letters(ctx: AmountContext, arg: Any) -> int:
    """How many times a letter (either case) appears on the name stickers on an object
    (123.6d)."""
    table = arg if isinstance(arg, Mapping) else {"letter": arg}
    letter = str(table.get("letter", "")).casefold()
    if len(letter) != 1:
        raise SetupError("sticker_letters: 'letter' is one letter")
    total = 0
    for oid in ctx.objects(table.get("on", "self")):
        for sticker in stickers_on(ctx.state, oid):
            if sticker["kind"] == "name":
                total += str(sticker["word"]).casefold().count(letter)
    return total


@amount("sticker_pt_total", arg="str", cr=("123.8a",),
        example='Ambassador Blorpityblorpboop: {sticker_pt_total = "power"}')
def _sticker_pt_total(ctx: AmountContext, arg: Any) -> int:
    """The total power (or, for "toughness", toughness) printed on the power and toughness
    stickers on permanents "you" control; other stickers have none (123.8a)."""
    key = "toughness" if arg == "toughness" else "power"
    you = ctx.player(None)
    total = 0
    for obj in ctx.state.battlefield():
        if obj.controller == you:
            total += sum(int(s[key]) for s in stickers_on(ctx.state, obj.id)
                         if s["kind"] == "pt")
    return total


@trigger_matcher("sticker_put", params={
    "self": "bool: only a sticker put on this object",
    "player": "str: who puts it: \"you\" (default) or \"any\"",
    "kind": "str: only a sticker of this kind"}, cr=("123.3",))
def _sticker_put(state: GameState, obj: GameObject, spec: Mapping[str, Any],
                 event: Event) -> bool:
    """"Whenever you put a sticker on [this]" (a sticker put by an effect, 123.3)."""
    if event.kind != "sticker-put":
        return False
    if spec.get("self") and int(event.details["object"]) != obj.id:
        return False
    if spec.get("player", "you") == "you" and event.details["player"] != obj.controller:
        return False
    return "kind" not in spec or event.details["sticker_kind"] == spec["kind"]


# -- queries ----------------------------------------------------------------------------------

@query("stickers", params={"object": "str!: the object's handle"}, cr=("123.1", "123.4"))
def _stickers_query(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """The handles of the stickers on an object, in the order they were put on (a name sticker
    a setup effect put on it, without a handle, is shown as its word)."""
    obj = game.object(q.get("object"))
    return [str(s["handle"] or s["word"]) for s in stickers_on(game.state, obj.id)]


@query("stickers_available", params={"player": "str!: whose stickers"},
       cr=("123.2c", "123.3"))
def _available(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """The handles of the stickers a player has access to that are on no object now, in the
    order of their sheets (123.2c, 123.3); anyone may ask (the sheets stay revealed)."""
    player = game.player(q.get("player"))
    return [s["handle"] for s in _access(game.state).get(player, [])
            if _on_object(game.state, s["handle"]) is None]


@query("tickets", params={"player": "str!: whose ticket counters"}, cr=("107.17",))
def _tickets_query(game: GameView, q: Mapping[str, Any]) -> int:
    """How many ticket counters ({TK}) a player has (107.17)."""
    return tickets_of(game.state, game.player(q.get("player")))
