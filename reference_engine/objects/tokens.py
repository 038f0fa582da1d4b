"""Tokens (CR 111): creating them, token copies, and what a case can ask about them.

Resolution effects:

* ``create_token {token = {name?, types, subtypes, colors, power, toughness, abilities},
  amount = 1, player = "controller", tapped = false}``: the effect sets the token's name and
  subtypes; without a name it is the subtypes plus "Token" (CR 111.4), or, under the Invasion
  era's rules (era switch ``token_naming``, Sixth Edition rule 216.1), its creature types alone
  ("Minion"). Name and subtypes are separate characteristics afterwards: changing one leaves
  the other (111.4, 216.1). The tokens one instruction creates arrive together (one arrival,
  see :mod:`.arrivals`).
* ``create_token_copy {target = slot | of = "self", amount = 1, last_known, except = [ops]}``:
  a token that is a copy of an object (CR 111.10, 707): it has the object's
  copiable values; a copy of a double-faced object is a double-faced token entering with the
  same face up and can transform (CR 707.8a, 712.9). An object an earlier part of the same
  effect moved (a target destroyed first, the source itself) is copied from its last known
  information (CR 608.2h), so its token is still made (111.12 does not apply to an effect using
  last known information); one already gone as the effect began (an illegal target, a delayed
  ability's object that left, 603.7c) makes no token (111.12). ``last_known = true`` copies
  even that one as it last existed ("the creature as it last existed"); ``false`` never.

Tokens enter through :mod:`.entering`, so enters replacement effects apply to them, after the
continuous effects that will modify the token are considered (CR 701.7b, 614.12).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from reference_engine.core.arrivals import arriving_together
from reference_engine.core.cards import CardDef, parse_face
from reference_engine.core.context import ResolveContext, effect, objects_of
from reference_engine.core.errors import CardDataError, SetupError
from reference_engine.core.registry import query
from reference_engine.layers.values import (
    amount_answers,
    last_known_chars,
    players_of,
    require,
)
from reference_engine.objects.copies import CopySource, copiable_values, last_known, make_copy
from reference_engine.objects.entering import apply_enter_replacements
from reference_engine.objects.predefined_tokens import PREDEFINED_TOKENS, predefined_token

if TYPE_CHECKING:
    from reference_engine.core.handlers import GameView
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = ["create_token", "create_token_copy", "default_token_name", "token_card", "token_name"]


def default_token_name(subtypes: Sequence[str], naming: str = "subtypes-plus-token") -> str:
    """The name of a token created without one, by era switch ``token_naming``.

    * ``subtypes-plus-token`` (CR 111.4): its subtypes followed by the word "Token"
      ("Minion Token");
    * ``creature-types`` (Sixth Edition rule 216.1, Invasion era): the spell or ability sets the
      token's name and creature types together, so the name is the creature types ("Minion").
    """
    words = [str(t) for t in subtypes]
    if naming == "creature-types":
        return " ".join(words) or "Token"
    return " ".join([*words, "Token"])


def token_card(spec: Mapping[str, Any], where: str,
               naming: str = "subtypes-plus-token") -> CardDef:
    """A card definition for a token from its description; a token the description leaves
    unnamed is named by :func:`default_token_name` (CR 111.4, Sixth Edition 216.1)."""
    data = dict(spec)
    keywords = data.pop("keywords", None)
    if keywords:
        # ``keywords = ["flying"]`` is shorthand for keyword abilities (CR 111.1: the effect
        # that creates a token may give it abilities).
        data["abilities"] = [*data.get("abilities", []),
                             *({"kind": "keyword", "keyword": str(k).casefold()}
                               for k in keywords)]
    if "colors" in data:
        # A token's colors are set by the effect that creates it (CR 111.3).
        data["color_indicator"] = data.pop("colors")
    if not data.get("name"):
        data["name"] = default_token_name(data.get("subtypes", []), naming)
    try:
        if data.get("layout") == "transform":
            # A double-faced token (an Incubator, 111.10i): each face's colors likewise.
            faces = tuple(parse_face({("color_indicator" if k == "colors" else k): v
                                      for k, v in f.items()}, f"{where} face {i + 1}")
                          for i, f in enumerate(data.get("faces", [])))
            if len(faces) != 2:
                raise CardDataError(f"{where}: a double-faced token needs two faces")
            return CardDef(name=str(data["name"]), layout="transform", faces=faces, data=data)
        face = parse_face(data, where)
    except CardDataError as exc:
        raise SetupError(str(exc)) from None
    return CardDef(name=face.name, layout="token", faces=(face,), data=data)


def token_name(subtypes: list[str] | tuple[str, ...], name: str | None = None,
               naming: str = "subtypes-plus-token") -> str:
    """Check 111.4 (216.1 in the Invasion era): a token's name is the one the effect gives, else
    its subtypes + "Token" (or, by era switch ``token_naming``, its creature types)."""
    return name if name else default_token_name(subtypes, naming)


def _enter(state: GameState, token: GameObject) -> GameObject:
    apply_enter_replacements(state, token)
    state.log("enters", object=token.id, card=token.card.name, controller=token.controller,
              token=True)
    state.log("token-created", object=token.id, name=token.card.name, player=token.controller)
    return token


def create_token(state: GameState, spec: Mapping[str, Any], player: str, *,
                 tapped: bool = False, attached_to: int | None = None,
                 counters: Mapping[str, int] | None = None) -> GameObject:
    """Create one token described by ``spec`` under ``player``'s control (CR 111.1, 111.4),
    entering attached to ``attached_to`` (a Role, 111.10j-r) and with ``counters`` (122.6)."""
    data = dict(spec)
    data["name"] = token_name(list(data.get("subtypes", [])), data.get("name"),
                              state.era.switch("token_naming"))
    card = token_card(data, "create_token")
    token = state.create_object(card, owner=player, zone="battlefield", controller=player,
                                is_token=True, tapped=tapped, controlled_since=state.turn,
                                attached_to=attached_to)
    for kind, n in (counters or {}).items():
        if n > 0:
            token.counters[kind] = token.counters.get(kind, 0) + n
    return _enter(state, token)


def create_token_copy(state: GameState, source: CopySource, player: str, *,
                      tapped: bool = False,
                      excepts: tuple[Mapping[str, Any], ...] = ()) -> GameObject:
    """Create a token that is a copy of ``source`` (CR 111.10, 707.2); a double-faced source
    gives a double-faced token with the same face up (CR 707.8a, 712.9)."""
    token = state.create_object(source.card, owner=player, zone="battlefield", controller=player,
                                is_token=True, tapped=tapped, controlled_since=state.turn,
                                transformed=source.transformed and source.card.is_double_faced)
    make_copy(state, token, source, excepts)
    return _enter(state, token)


@effect("create_token", params={
    "token": "token: the token's characteristics; with ``predefined``, what the effect "
             "changes or adds (111.10)",
    "predefined": "str: a predefined token by name: Treasure, Food, Gold, Walker, Shard, Clue, "
                  "Blood, Powerstone, Incubator, the Roles Cursed, Monster, Royal, Sorcerer, "
                  "Virtuous, Wicked, Young Hero, Map, Lander (111.10a-u)",
    "amount": "amount: how many (default 1)",
    "player": "player: who creates them (default the controller)",
    "tapped": "bool: they enter tapped",
    "attached_to": "ref: a Role or other Aura token enters attached to this permanent "
                   "(111.10j-r); none is created if it has left the battlefield",
    "counters": "table: counters each enters with, by kind ({\"+1/+1\" = amount}, 122.6)",
    "remember": "str: remember the tokens under this name (608.2c)",
    "link": "str: keep the tokens for the source's linked abilities (607.2a)"},
    cr=("111.1", "111.2", "111.4", "111.10"),
    example='Sailor of Means: {type = "create_token", predefined = "Treasure"}')
def _create_token(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Create tokens the effect describes; an unnamed token is "<subtypes> Token" (CR 111.4);
    a predefined token has the characteristics the rules give it (111.10)."""
    spec = _token_spec(p)
    host: int | None = None
    if "attached_to" in p:
        hosts = [o for o in objects_of(ctx, ctx.refs({"target": p["attached_to"]}))
                 if o.zone == "battlefield"]
        if not hosts:
            return  # nothing left to attach it to: no Role is created (701.3b, 303.4)
        host = hosts[0].id
    counters = {str(k): ctx.amount(v) for k, v in dict(p.get("counters", {})).items()}
    made: list[GameObject | None] = []
    with arriving_together(ctx.state):
        for player in players_of(ctx, p.get("player", "controller")):
            for n in amount_answers(ctx, p.get("amount", 1)):
                for _ in range(n):
                    made.append(create_token(ctx.state, spec, player,
                                             tapped=bool(p.get("tapped", False)),
                                             attached_to=host, counters=counters))
    # "then attach this to it" (living weapon, 702.92a): later parts of the effect can name
    # the tokens created (``remember``, 608.2c).
    ctx.note_moved(made, p)


def _token_spec(p: Mapping[str, Any]) -> Mapping[str, Any]:
    """The token an effect describes: a predefined one (111.10) with the effect's changes laid
    over it, or the ``token`` table itself."""
    name = p.get("predefined")
    if name is None:
        spec: Mapping[str, Any] = require(p, "token", "create_token")
        return spec
    try:
        return predefined_token(str(name), p.get("token"))
    except KeyError:
        raise SetupError(f"create_token: {name!r} is not a predefined token (111.10); known: "
                         f"{', '.join(PREDEFINED_TOKENS)}") from None


@effect("create_token_copy")
def _create_token_copy(ctx: ResolveContext, p: Mapping[str, Any]) -> None:
    """Create tokens that are copies of an object; one an earlier part of this effect moved is
    copied as it last existed (CR 608.2h; ``last_known = false``: none, 111.12)."""
    state = ctx.state
    if p.get("of") == "self":
        ids = [ctx.source_id]
    else:
        ids = [int(r["object"]) for r in ctx.refs(p) if "object" in r]
    excepts = tuple(dict(e) for e in p.get("except", []))
    with arriving_together(state):
        _copy_each(ctx, p, ids, excepts)


def _copy_each(ctx: ResolveContext, p: Mapping[str, Any], ids: list[int],
               excepts: tuple[Mapping[str, Any], ...]) -> None:
    state = ctx.state
    for oid in ids:
        obj = state.objects.get(oid)
        source: CopySource | None
        if obj is not None:
            source = copiable_values(state, obj)
        elif p.get("last_known") is True or (p.get("last_known") is None
                                              and last_known_chars(ctx, oid) is not None):
            # 608.2h: it existed while this effect resolved and an earlier part moved it.
            source = last_known(state, oid)
        else:
            source = None  # 111.12: a copy of a nonexistent object creates no token
        if source is None:
            state.log("no-token", object=oid, reason="111.12")
            continue
        for player in players_of(ctx, p.get("player", "controller")):
            for n in amount_answers(ctx, p.get("amount", 1)):
                for _ in range(n):
                    create_token_copy(state, source, player, tapped=bool(p.get("tapped")),
                                      excepts=excepts)


@query("tokens")
def _tokens(game: GameView, q: Mapping[str, Any]) -> list[str]:
    """Names of the tokens ``player`` controls on the battlefield, in the order they arrived."""
    player = game.player(q.get("player"))
    return [game.chars(o).name for o in game.state.battlefield()
            if o.is_token and o.controller == player]


@query("is_token")
def _is_token(game: GameView, q: Mapping[str, Any]) -> bool:
    """Whether the object is a token (CR 111.1)."""
    return game.object(q.get("object")).is_token
