"""Total cost of a spell (CR 601.2f, 118.7-118.9) and the cost modifiers that shape it.

The total cost is the mana cost or an alternative cost, plus additional costs (kicker, 118.8)
and cost increases, minus cost reductions (601.2f); it never changes the spell's mana cost or
mana value (118.8d, 118.9c, 202.3). :class:`CostBuilder` does that arithmetic on mana symbols
with the reduction rules of 118.7a-d.

Cost modifiers come from abilities written as data with ``kind = "cost"``::

    { kind = "cost", increase = "{G}", spells = { color = "green" }, player = "you" }   # Jade Leech
    { kind = "cost", reduce = "{1}", affected = "self",                              # Wizard's
      condition = { you_control = { subtype = "Wizard" } } }                           # Retort
    { kind = "cost", additional = { sacrifice = { type = "Creature" } }, affected = "self" }

``spells`` is a filter on the spell being cast (its chosen half's characteristics, CR 709.3a);
``player`` is whose spells are affected (``"you"``, ``"opponent"`` or ``"any"``, the default).
An ability with ``affected = "self"`` modifies the cost of the spell it is printed on, which it
does while that spell is being cast (on the stack, CR 601.2f); the others are static abilities of
permanents and function on the battlefield (CR 113.6) unless they list other ``zones``. Rules
areas that need a modifier not expressible as data register a function with
:func:`cost_modifier`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from reference_engine.core.amounts import AmountContext, evaluate
from reference_engine.core.errors import SetupError
from reference_engine.core.symbols import COLORS, ManaCost, parse_mana_cost
from reference_engine.layers.conditions import ConditionContext, holds
from reference_engine.layers.filters import FilterContext, matches
from reference_engine.layers.system import compute_all, static_abilities

if TYPE_CHECKING:
    from reference_engine.core.characteristics import Characteristics
    from reference_engine.core.objects import GameObject
    from reference_engine.core.state import GameState

__all__ = [
    "COST_MODIFIERS",
    "CostBuilder",
    "CostChange",
    "cost_changes",
    "cost_modifier",
    "format_cost",
    "total_cost",
]

_COLOR_ORDER = [c.value for c in COLORS] + ["C"]


def format_cost(generic: int, symbols: Iterable[str]) -> str:
    """The canonical text of a cost: generic first, then colored symbols in WUBRG order, then
    colorless and any other symbols in the order given; ``"{0}"`` for an empty cost (118.7)."""
    syms = list(symbols)
    plain = sorted((s for s in syms if s in _COLOR_ORDER), key=_COLOR_ORDER.index)
    other = [s for s in syms if s not in _COLOR_ORDER]
    parts = ([str(generic)] if generic else []) + plain + other
    if not parts:
        return "{0}"
    return "".join("{" + p + "}" for p in parts)


@dataclass
class CostBuilder:
    """A mana cost being assembled per CR 601.2f: a generic amount and the other symbols.

    X is replaced by its announced value as the cost is added (CR 107.3a, 601.2b).
    """

    generic: int = 0
    symbols: list[str] = field(default_factory=list)

    def add(self, cost: ManaCost | str | None, *, x: int = 0) -> CostBuilder:
        """Add ``cost`` (a mana cost, an additional cost or an increase)."""
        if cost is None:
            return self
        if isinstance(cost, str):
            cost = parse_mana_cost(cost)
        for sym in cost.symbols:
            if sym.text.isdigit():
                self.generic += int(sym.text)
            elif sym.is_variable:
                self.generic += x
            else:
                self.symbols.append(sym.text)
        return self

    def reduce(self, cost: ManaCost | str, *, x: int = 0) -> CostBuilder:
        """Apply a cost reduction (CR 118.7): generic reduces only the generic part (118.7a);
        a colored or colorless symbol removes one such symbol, or generic mana when the cost
        has none of it left (118.7b-d). A cost can't go below {0} (601.2f)."""
        if isinstance(cost, str):
            cost = parse_mana_cost(cost)
        for sym in cost.symbols:
            if sym.text.isdigit() or sym.is_variable:
                amount = int(sym.text) if sym.text.isdigit() else x
                self.generic = max(0, self.generic - amount)
            elif sym.text in self.symbols:
                self.symbols.remove(sym.text)
            else:
                self.generic = max(0, self.generic - 1)
        return self

    def to_cost(self) -> ManaCost:
        """The assembled cost as a :class:`ManaCost` (no X left in it)."""
        return parse_mana_cost(self.text())

    def text(self) -> str:
        """The canonical text, e.g. ``"{4}{R}{R}"``."""
        return format_cost(self.generic, self.symbols)

    @property
    def total_mana(self) -> int:
        """How much mana the cost asks for in all."""
        return self.generic + len(self.symbols)


@dataclass(frozen=True)
class CostChange:
    """One change to a spell's total cost: a mana increase, a mana reduction, or an additional
    non-mana cost (``{"sacrifice": filter}``), with where it comes from."""

    kind: str  # "increase" | "reduce" | "additional" | "minimum"
    mana: ManaCost | None = None
    other: Mapping[str, Any] | None = None
    source: int | None = None


#: Functions returning the cost changes that apply to a spell being cast, beyond the data-driven
#: ``kind = "cost"`` abilities: ``fn(state, spell, caster) -> list[CostChange]``.
CostModifier = Callable[["GameState", "GameObject", str], list[CostChange]]
COST_MODIFIERS: list[CostModifier] = []


def cost_modifier(fn: CostModifier) -> CostModifier:
    """Register a cost modifier function (see :data:`COST_MODIFIERS`)."""
    COST_MODIFIERS.append(fn)
    return fn


def _times(state: GameState, ability: Mapping[str, Any], spell: GameObject,
           you: str, source: int | None) -> int:
    """How many times an increase or reduction applies: once, or ``per`` (an amount counted
    as the total cost is determined, 601.2f: "{1} less for each creature on the battlefield",
    "{1} more for each target beyond the first", ``{targets = {beyond = 1}}``)."""
    per = ability.get("per")
    if per is None:
        return 1
    chars = compute_all(state)
    ctx = AmountContext(state=state, you=you, source=source, chars_of=chars.__getitem__,
                        x=int(spell.x or 0))
    return max(evaluate(per, ctx), 0)


def _changes_of(ability: Mapping[str, Any], source: int | None, times: int = 1
                ) -> list[CostChange]:
    out: list[CostChange] = []
    try:
        for key, kind in (("increase", "increase"), ("reduce", "reduce")):
            if key in ability:
                out += [CostChange(kind, parse_mana_cost(str(ability[key])), source=source)
                        ] * times
    except ValueError as exc:
        raise SetupError(f"cost ability: {exc}") from None
    if "minimum" in ability:
        # 601.2f: "each spell that would cost less than N mana costs N mana": applied to the
        # total cost once increases and reductions are done (Trinisphere).
        out.append(CostChange("minimum", None, other={"minimum": int(ability["minimum"])},
                              source=source))
    if "additional" in ability:
        extra = ability["additional"]
        if not isinstance(extra, Mapping):
            raise SetupError("cost ability: 'additional' must be a table such as "
                             "{ sacrifice = { type = \"Creature\" } }")
        mana = extra.get("mana")
        out.append(CostChange("additional",
                              parse_mana_cost(str(mana)) if mana is not None else None,
                              other={k: v for k, v in extra.items() if k != "mana"} or None,
                              source=source))
    return out


def _player_matches(state: GameState, who: Any, controller: str, caster: str) -> bool:
    if who in (None, "any"):
        return True
    if who == "you":
        return caster == controller
    if who == "opponent":
        return caster in state.opponents(controller)
    return bool(caster == who)


def cost_changes(state: GameState, spell: GameObject, caster: str,
                 spell_chars: Characteristics) -> list[CostChange]:
    """Every cost change that applies to ``spell`` as ``caster`` casts it (CR 601.2f).

    The spell's own ``affected = "self"`` abilities apply while it is being cast; other cost
    abilities are static abilities of their sources (battlefield unless they say otherwise,
    CR 113.6), whose ``spells`` filter is checked against ``spell_chars``.
    """
    chars = compute_all(state)
    out: list[CostChange] = []
    for ability in spell_chars.abilities:
        if ability.get("kind") == "cost" and ability.get("affected") == "self":
            cctx = ConditionContext(source=spell.id, you=caster, chars_of=chars.__getitem__)
            if holds(state, ability.get("condition"), cctx):
                out += _changes_of(ability, spell.id,
                                   _times(state, ability, spell, caster, spell.id))
    for source, ability in static_abilities(state, chars, kind="cost"):
        if ability.get("affected") == "self" or source.id == spell.id:
            continue
        if not _player_matches(state, ability.get("player"), source.controller, caster):
            continue
        cctx = ConditionContext(source=source.id, you=source.controller,
                                chars_of=chars.__getitem__)
        if not holds(state, ability.get("condition"), cctx):
            continue
        flt = ability.get("spells")
        fctx = FilterContext(you=source.controller, source=source.id)
        if flt and not matches(state, spell, flt, ctx=fctx, chars=spell_chars):
            continue
        out += _changes_of(ability, source.id,
                           _times(state, ability, spell, source.controller, source.id))
    for fn in COST_MODIFIERS:
        out += fn(state, spell, caster)
    return out


def total_cost(base: ManaCost | None, *, x: int, additional: Iterable[ManaCost],
               changes: Iterable[CostChange]) -> CostBuilder:
    """Check 601.2f: the mana or alternative cost, plus additional costs and increases, minus
    reductions (applied last, in the order given)."""
    builder = CostBuilder().add(base, x=x)
    for extra in additional:
        builder.add(extra, x=x)
    changes = list(changes)
    for ch in changes:
        if ch.kind in ("increase", "additional") and ch.mana is not None:
            builder.add(ch.mana, x=x)
    for ch in changes:
        if ch.kind == "reduce" and ch.mana is not None:
            builder.reduce(ch.mana, x=x)
    floors = [int((ch.other or {}).get("minimum", 0)) for ch in changes if ch.kind == "minimum"]
    if floors and builder.total_mana < max(floors):
        # 601.2f: effects that directly affect the total cost apply after it is determined;
        # the missing mana is generic (Trinisphere).
        builder.generic += max(floors) - builder.total_mana
    return builder
