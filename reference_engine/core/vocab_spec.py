"""Parameter specifications of the card-data vocabulary: one source for the generated
documentation (``docs/card-vocabulary.md``) and for the validation of card data.

Every registered name (an ability kind, a trigger event, a resolution effect, a layer operation,
an amount, a condition, a static rule, a query or an action) may carry a spec: its parameters
with their types, the CR numbers it implements and a short real-card example. The registering
decorators (:func:`reference_engine.resolution.effect`, ...) call :func:`describe`.

Parameters are written compactly, ``{"amount": "amount: how much damage (default 0)"}``: the
type comes before the first colon, a trailing ``!`` marks a required parameter, and the rest is
the description. The types are listed in :data:`TYPES`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["TABLES", "TYPES", "VOCABULARY", "Entry", "Param", "describe", "entry", "parse_params"]

#: The tables of the vocabulary, in documentation order, each with a one-line description.
TABLES: dict[str, str] = {
    "ability kinds": "The ``kind`` of an entry of a card's ``abilities`` list.",
    "trigger events": "The ``event`` of a triggered ability's ``trigger`` table (CR 603.2).",
    "effects": "Resolution effects: the ``type`` of an entry of ``effects`` (CR 608.2).",
    "operations": "Layer operations: the ``type`` of a continuous effect's ``op`` (CR 613).",
    "amounts": "Counted amounts, ``{name = argument}`` wherever a number goes (CR 107.1, "
               "608.2h).",
    "conditions": "Conditions, ``condition = {name = argument}`` (\"as long as\", \"if\").",
    "static rules": "The ``rule`` of a static ability or a ``rules_effect``: rule-modifying "
                    "effects (CR 604.1, 611.2c).",
    "choices": "Choices a player makes, named in an action's or the setup's ``choices``.",
    "queries": "Observations a case may make: ``observe = {query = ...}``.",
    "actions": "Actions a case may take: ``action = {type = ...}``.",
}

#: Parameter types and what a value of each looks like.
TYPES: dict[str, str] = {
    "int": "an integer",
    "bool": "true or false",
    "str": "a string",
    "amount": "an amount: an integer, \"X\", or a counted amount table (see Amounts)",
    "filter": "a filter table (see Filters)",
    "condition": "a condition table (see Conditions)",
    "ref": "what an effect acts on: a target slot's name, \"self\", \"controller\", "
           "\"each_opponent\" or \"event_player\"",
    "player": "a player: \"controller\", \"active_player\", \"each_player\", "
              "\"each_opponent\", or a target slot holding players",
    "op": "a layer operation table (see Operations)",
    "ops": "a list of layer operation tables (see Operations)",
    "effects": "a list of effect tables (see Effects)",
    "abilities": "a list of ability tables (see Ability kinds)",
    "targets": "a list of target slots ``{name, kind, filter, zone, count, if_kicked}``",
    "trigger": "a trigger table (see Trigger events)",
    "cost": "a cost table: ``mana``, ``tap``, ``untap``, ``life``, ``loyalty``, "
            "``sacrifice_self``, ``sacrifice``, ``discard_self``, ``remove_counters``",
    "token": "a token description ``{name, types, subtypes, supertypes, colors, power, "
             "toughness, abilities, keywords}``",
    "mana": "mana symbols such as \"{B}{B}\"",
    "colors": "a list of color words",
    "words": "a list of strings",
    "rule": "a static rule name (see Static rules)",
    "table": "a table (its keys are listed with it)",
    "any": "any value",
}


@dataclass(frozen=True)
class Param:
    """One parameter of a vocabulary entry."""

    name: str
    type: str
    doc: str
    required: bool = False


@dataclass(frozen=True)
class Entry:
    """A registered name with its parameters, CR numbers, example and docstring."""

    table: str
    name: str
    doc: str
    params: tuple[Param, ...] = ()
    cr: tuple[str, ...] = ()
    example: str = ""
    #: An amount's or condition's argument when it is not a table of parameters.
    arg: str | None = None

    @property
    def summary(self) -> str:
        """The first line of the docstring."""
        return self.doc.strip().splitlines()[0] if self.doc.strip() else ""

    def param(self, name: str) -> Param | None:
        """The parameter ``name``, if the entry has it."""
        return next((p for p in self.params if p.name == name), None)


#: Every described entry, by table and name.
VOCABULARY: dict[str, dict[str, Entry]] = {table: {} for table in TABLES}

Params = Mapping[str, str] | None


def parse_params(spec: Params) -> tuple[Param, ...]:
    """``{"name": "type[!]: description"}`` as :class:`Param` objects (see the module doc)."""
    out = []
    for name, text in (spec or {}).items():
        kind, _, doc = text.partition(":")
        kind = kind.strip()
        required = kind.endswith("!")
        kind = kind.rstrip("!")
        if kind not in TYPES:
            raise ValueError(f"parameter {name!r}: unknown type {kind!r}")
        out.append(Param(name, kind, doc.strip(), required))
    return tuple(out)


def describe(table: str, name: str, fn: Callable[..., Any] | None = None, *,
             params: Params = None, cr: tuple[str, ...] | list[str] = (), example: str = "",
             arg: str | None = None, doc: str | None = None) -> Entry:
    """Record the spec of ``name`` in ``table`` (its docstring comes from ``fn`` or ``doc``)."""
    if table not in VOCABULARY:
        raise ValueError(f"unknown vocabulary table {table!r}")
    if arg is not None and arg not in TYPES:
        raise ValueError(f"{name}: unknown argument type {arg!r}")
    text = doc if doc is not None else ((fn.__doc__ or "") if fn is not None else "")
    item = Entry(table=table, name=name, doc=_dedent(text), params=parse_params(params),
                 cr=tuple(cr), example=example, arg=arg)
    VOCABULARY[table][name] = item
    return item


def entry(table: str, name: str) -> Entry | None:
    """The entry ``name`` of ``table``, if described."""
    return VOCABULARY.get(table, {}).get(name)


def _dedent(text: str) -> str:
    import inspect

    return inspect.cleandoc(text) if text else ""
