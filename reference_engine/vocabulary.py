"""The reference engine's vocabulary, printed or written as ``docs/card-vocabulary.md``.

Every table (ability kinds, trigger events, effects, layer operations, amounts, conditions,
static rules, references, choices, filters, queries, actions) comes from the registries, with
each entry's parameters and types, CR numbers, example and whole docstring. The same specs are
what :mod:`reference_engine.validation` checks card data against, so the documentation and the
validation cannot drift apart; ``tests/test_vocabulary.py`` keeps the committed file in step.

Run ``python -m reference_engine.vocabulary`` (text), ``--markdown`` (the document on stdout)
or ``--write PATH`` (write it).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace

from reference_engine.core.context import REFERENCES
from reference_engine.core.vocab_spec import TABLES, TYPES, Entry, Param
from reference_engine.layers import filters
from reference_engine.validation import (
    COMMON_EFFECT_PARAMS,
    COST_PARAMS,
    TARGET_PARAMS,
    TOKEN_PARAMS,
    entries,
)

__all__ = ["ARGUMENTS", "FILTER_DOCS", "filter_rows", "markdown", "text", "vocabulary"]


#: What the arguments of queries and actions mean, where the handler's source says only
#: that it reads them: by (table, entry, argument), then (table, argument), then argument.
ARGUMENTS: dict[tuple[str, ...], str] = {
    ("object",): "the handle of the object the case asks about",
    ("actions", "object"): "the handle of the object the action uses (the card cast or played, "
                           "the permanent whose ability is activated)",
    ("player",): "a player's name (for most queries: whose; default the active player or the "
                 "object's controller)",
    ("actions", "player"): "the name of the player taking the action",
    ("filter",): "a filter table: which objects count (the filters section lists its keys)",
    ("you",): "the player a filter's \"you\" means (default: the asking player)",
    ("zone",): "a zone name, or a list of zones, to look in (default: the battlefield)",
    ("choices",): "answers to the choices the action or query may meet, by choice name "
                  "(\"choices\" section), as a player would make them",
    ("targets",): "targets by slot: a handle or player name, or a list of them",
    ("ability",): "the index of the ability in the object's abilities (0 is the first)",
    ("half",): "a split card's half by name, or \"fused\" for both (CR 709.3, 702.102); the "
               "Adventure or Omen of an adventurer or omen card by name (715.3, 720.3)",
    ("x",): "the value announced for X (CR 107.3a, 601.2b)",
    ("actions", "face"): "\"front\" or \"back\": the face of a modal double-faced card to cast "
                         "or play as a land (CR 712.11b, 712.12; default the front face for a "
                         "spell, the land face for a land)",
    ("attacker",): "the handle of the attacking creature asked about",
    ("choice",): "the name of the choice the object remembers (CR 607.2)",
    ("combat",): "true: only combat damage",
    ("slot",): "the name of the target slot of the proposed spell or ability",
    ("target",): "the handle or player name proposed as the target",
    ("source",): "the handle of the source asked about (a quality such as a color is judged "
                 "on it)",
    ("to",): "the step or phase to advance to (a name as the step query answers)",
    ("alternative",): "the name of an alternative cost to pay instead of the mana cost "
                      "(CR 118.9)",
    ("divide",): "how the spell divides its damage or counters among its targets, by target "
                 "(CR 601.2d)",
    ("fuse",): "true: cast both halves of a fuse split card (CR 702.102)",
    ("kicked",): "true, or how many times, the kicker cost is paid (CR 702.33)",
    ("buyback",): "true: the buyback cost is paid as an additional cost (CR 702.27a)",
    ("entwine",): "true: the entwine cost is paid and every mode is chosen (CR 702.42a)",
    ("mode",): "the chosen mode, by index (CR 700.2)",
    ("modes",): "the chosen modes, by index (CR 700.2)",
    ("attackers",): "the attacking creatures: handle -> the player, planeswalker or battle "
                    "each attacks (CR 508.1)",
    ("blockers",): "the blocking creatures: handle -> the attacker (or attackers) each blocks "
                   "(CR 509.1)",
    ("count",): "how many times to resolve the top object of the stack (default 1)",
    ("actions", "declare_attackers", "mana"): "handles of permanents whose first mana ability "
                                              "the player activates during the declaration, "
                                              "to pay the costs to attack (CR 508.1i)",
    ("actions", "declare_blockers", "mana"): "handles of permanents whose first mana ability "
                                             "the player activates during the declaration, "
                                             "to pay the costs to block (CR 509.1e)",
}
_READ = "read by the handler"


def _described(table: str, entry: Entry) -> Entry:
    """``entry`` with each parameter the handler only reads given its meaning (ARGUMENTS)."""
    params = []
    for p in entry.params:
        if p.doc.endswith(_READ):
            doc = (ARGUMENTS.get((table, entry.name, p.name))
                   or ARGUMENTS.get((table, p.name)) or ARGUMENTS.get((p.name,)))
            if doc is not None:
                p = replace(p, doc=doc)
        params.append(p)
    return replace(entry, params=tuple(params))


#: What each filter key tests, in the modern era (the filters section adds the other eras).
FILTER_DOCS: dict[str, str] = {
    "name": "has this name (or one of these names); compared without case",
    "chosen_name": "has the name chosen for the source (\"the chosen name\", CR 607.2)",
    "type": "has this card type (or one of these)",
    "not_type": "has none of these card types",
    "subtype": "has this subtype (or one of these)",
    "supertype": "has this supertype (or one of these)",
    "not_supertype": "has none of these supertypes",
    "color": "is this color, or one of these colors (a color word or a list)",
    "not_color": "is none of these colors",
    "colorless": "true: has no color; false: has a color (CR 105.2c)",
    "multicolored": "true: has two or more colors (CR 105.2b)",
    "monocolored": "true: has exactly one color (CR 105.2b)",
    "mana_value": "has exactly this mana value (X is 0 except on the stack, CR 202.3)",
    "mana_value_max": "has at most this mana value",
    "mana_value_min": "has at least this mana value",
    "keyword": "has this keyword ability (all of these, given a list; a family such as "
               "landwalk matches each kind)",
    "power_max": "has power at most this (an object without power never matches)",
    "power_min": "has power at least this",
    "commander": "true: is a commander (a copy is not, 903.3); \"yours\": is the commander of "
                 "the player the filter is read for (903.3d)",
    "power_less_than_source": "has power less than the ability's source (mentor, 702.134a); an "
                              "object without power never matches",
    "controller": "is controlled by this player: a name, \"you\", \"opponent\" or "
                  "\"monarch\" (the monarch; no one while there is none, CR 724.5)",
    "owner": "is owned by this player: a name, \"you\" or \"opponent\"",
    "player": "is controlled by this player, or owned by them and controlled by no one (a "
              "card in a hand, library or graveyard; CR 702.16k)",
    "zone": "is in this zone (or one of these)",
    "tapped": "true: is tapped; false: is untapped",
    "token": "true: is a token; false: is a card or a copy of a spell",
    "permanent": "true: has a permanent type, so is a permanent card or, on the stack, a "
                 "permanent spell (artifact, battle, creature, enchantment, land, planeswalker; "
                 "CR 110.4a, 110.4b); false: has none",
    "other": "true: is not the source itself (\"other\", \"another\")",
    "handle": "is this object (or one of these), by the case's handle",
    "kicked": "true: is a spell or permanent that was kicked (CR 702.33d)",
    "attacking": "true: is an attacking creature (CR 506.4)",
    "blocking": "true: is a blocking creature (CR 506.4)",
    "renowned": "true: is a renowned permanent (renown, CR 702.112b)",
    "historic": "true: is historic: legendary, an artifact or a Saga (CR 700.6)",
    "outlaw": "true: is an outlaw: an Assassin, Mercenary, Pirate, Rogue or Warlock (CR 700.12)",
    "counters_min": "has at least this many counters of each kind listed ({\"+1/+1\" = 1}: "
                    "a +1/+1 counter on it, CR 122.1)",
    "harnessed": "true: is harnessed (CR 701.64b); false: isn't",
    "modified": "true: is a modified permanent: it has a counter, is equipped, or is enchanted "
                "by an Aura its controller controls (CR 700.9)",
    "has_adventure": "true: is an adventurer card, or a spell or permanent it represents, "
                     "whether or not cast as an Adventure (CR 715.2a)",
    "has_omen": "true: is an omen card, or a spell or permanent it represents, whether or not "
                "cast as an Omen (CR 720.2a)",
    "stickered": "true: has a sticker on it now (CR 123.4); false: has none",
    "sticker": "has a sticker of this kind on it: name, ability, pt or art (CR 123.1)",
    "any": "a list of filters: holds if one of them holds",
    "not": "a filter: holds if it does not hold",
}


def filter_rows() -> list[tuple[str, str, str]]:
    """Every filter key: (key, meaning, what differs in the invasion-2000 era), generated from
    the filter registry (a key without a meaning says so, and tests/test_author_answers.py
    fails on it)."""
    chars = set(getattr(filters, "_CHAR_TESTS", {}))
    whole = set(getattr(filters, "_WHOLE_CARD_KEYS", frozenset()))
    rows = []
    for key in sorted(filters.FILTER_KEYS):
        meaning = FILTER_DOCS.get(key, "(no description yet)")
        if key in whole:
            era = ("asked once of the whole split card (the 2000 FAQ: a split card is "
                   "multicolored off the stack)")
        elif key in chars:
            era = ("a split card off the stack matches if either half matches (era switch "
                   "split_characteristics = two-sets)")
        else:
            era = "the same"
        if key in ("supertype", "not_supertype"):
            era += ("; \"legendary\" also finds a Legend creature (Sixth Edition 215, switch "
                    "legendary_creatures)")
        rows.append((key, meaning, era))
    return rows


def vocabulary() -> dict[str, dict[str, Entry]]:
    """Every described name, by table (the registries plus the parameters read from handlers)."""
    tables = {table: {name: _described(table, e) for name, e in sorted(items.items())}
              for table, items in entries().items()}
    tables["references"] = {name: Entry("references", name, (fn.__doc__ or "").strip())
                            for name, fn in sorted(REFERENCES.items())}
    return tables


def _arg(entry: Entry) -> str:
    return f" (argument: {entry.arg})" if entry.arg else ""


def text() -> str:
    """The vocabulary as plain text: each name, its parameters and its whole docstring, then
    every filter key with its meaning in each era."""
    out: list[str] = []
    for table, items in vocabulary().items():
        out.append(f"{table}:")
        for name, entry in items.items():
            cr = f"  [CR {', '.join(entry.cr)}]" if entry.cr else ""
            out.append(f"  {name}{_arg(entry)}{cr}")
            for line in entry.doc.splitlines():
                out.append(f"      {line}")
            for p in entry.params:
                req = "required " if p.required else ""
                out.append(f"      - {p.name} ({req}{p.type}): {p.doc}")
            if entry.example:
                out.append(f"      e.g. {entry.example}")
        out.append("")
    out.append("filters (a table whose keys must all hold; any = [filters], not = filter):")
    for key, meaning, era in filter_rows():
        out.append(f"  {key}")
        out.append(f"      {meaning}")
        out.append(f"      invasion-2000: {era}")
    out.append("")
    return "\n".join(out)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _params_table(params: Sequence[Param]) -> list[str]:
    rows = ["| parameter | type | required | meaning |", "|---|---|---|---|"]
    for p in params:
        rows.append(f"| `{p.name}` | {p.type} | {'yes' if p.required else ''} | "
                    f"{_cell(p.doc)} |")
    return rows


_INTRO = """\
# The card vocabulary

<!-- Generated by `python -m reference_engine.vocabulary --write docs/card-vocabulary.md`
     from the engine's registries; tests/test_vocabulary.py fails when it is out of date.
     Do not edit by hand. -->

Card data (`spec/cards/*.toml`, a case's inline `[[cards]]`) writes each ability as a table in
the reference engine's vocabulary. This page lists all of it, generated from the registries the
engine runs on: every ability kind, trigger event, effect, layer operation, amount, condition,
static rule, reference, choice, filter key, query and action, with parameters, types, CR numbers
and an example. `mtgconf validate` checks card data and case steps against the same
specifications: an unknown name or key anywhere is a located error with a did-you-mean hint.

Parameters marked "read by the handler" were found in the handler's source rather than written
out; their types are guessed from their names.

## Partial cards

A catalog card whose data does not cover all of its Oracle text says so:
`partial = "what is missing"`. `mtgconf validate` reports a card whose Oracle text names more
(keywords, activated, triggered or static abilities, a spell ability) than its data has and that
has no `partial` note (`card-promises-more`). A case that uses a partial card must list it in
`partial_cards = ["Card Name"]`: the author declares that the case touches only what the data
has (`partial-card` otherwise). Complete the card's data before writing a case about its
missing part.

## Types of parameters

| type | a value is |
|---|---|
"""


def markdown() -> str:
    """``docs/card-vocabulary.md``: the whole vocabulary as one Markdown document."""
    out = [_INTRO.rstrip("\n")]
    out += [f"| {name} | {_cell(doc)} |" for name, doc in TYPES.items()]
    for title, params in (("Keys shared by every effect", COMMON_EFFECT_PARAMS),
                          ("Target slots", TARGET_PARAMS), ("Costs", COST_PARAMS),
                          ("Tokens", TOKEN_PARAMS)):
        out += ["", f"## {title}", "", *_params_table(params)]
    out += ["", "## Filters", "",
            "A filter is a table whose keys must all hold; `any = [filters]` holds if one "
            "does and `not = filter` negates one. This is the one list of the keys "
            "(generated from the filter registry), with what each tests in the modern era "
            "and what differs in the invasion-2000 era:", "",
            "| key | holds when the object ... | invasion-2000 |", "|---|---|---|"]
    out += [f"| `{k}` | {_cell(m)} | {_cell(e)} |" for k, m, e in filter_rows()]
    titles: Mapping[str, str] = {**TABLES, "references": "Named references an effect's "
                                 "``target`` may use besides target slots."}
    for table, items in vocabulary().items():
        out += ["", f"## {table[0].upper()}{table[1:]}", "", titles.get(table, ""), ""]
        for name, entry in items.items():
            out += [f"### `{name}`", ""]
            meta = []
            if entry.cr:
                meta.append("CR " + ", ".join(entry.cr))
            if entry.arg:
                meta.append(f"argument: {entry.arg}")
            if meta:
                out += ["*" + "; ".join(meta) + "*", ""]
            if entry.doc:
                out += [entry.doc, ""]
            if entry.params:
                out += [*_params_table(entry.params), ""]
            if entry.example:
                out += [f"Example: {entry.example}", ""]
    return "\n".join(out).rstrip("\n") + "\n"


def main(argv: list[str] | None = None) -> int:
    """The command line: text by default, ``--markdown`` or ``--write PATH``."""
    parser = argparse.ArgumentParser(prog="python -m reference_engine.vocabulary")
    parser.add_argument("--markdown", action="store_true", help="print the Markdown document")
    parser.add_argument("--write", metavar="PATH", help="write the Markdown document to PATH")
    args = parser.parse_args(argv)
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            f.write(markdown())
        return 0
    sys.stdout.write(markdown() if args.markdown else text() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
