"""Characteristics of objects and how printed faces become them (CR 109.3, 709.4, 712.8).

:func:`printed_characteristics` gives the characteristics an object has before continuous
effects: which face or faces count depends on the layout, the zone and the era.

* Split cards (CR 709): on the stack only the half being cast exists (709.3b); elsewhere the card
  has both halves. Modern rules combine them into one set (709.4, "combined"); the Invasion-era
  rules kept two full sets (era switch ``split_characteristics = "two-sets"``), which
  :attr:`Characteristics.halves` keeps so queries can answer with both.
* Transforming double-faced cards (CR 712.8): only the front face outside the battlefield and the
  stack; on the battlefield or stack the face that is up; the mana value of the back face is the
  front face's (712.8e).
* Adventurer and omen cards (CR 715, 720): the inset face's characteristics only on the stack
  as a spell cast as an Adventure or an Omen (715.3b, 720.3b), the normal ones everywhere else
  (715.4, 720.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from reference_engine.core.cards import CardDef, FaceDef
from reference_engine.core.eras import Era
from reference_engine.core.symbols import COLORS, Color, ManaCost, ManaSymbol

__all__ = ["CREATURE_TYPES", "SUBTYPE_OWNERS", "Characteristics", "combined_cost",
           "face_characteristics", "in_family", "is_legendary", "legend_as_creature_type",
           "printed_characteristics"]


@dataclass
class Characteristics:
    """One set of characteristics (CR 109.3), mutable while layers are applied."""

    names: tuple[str, ...]
    mana_cost: ManaCost | None
    colors: frozenset[Color]
    color_indicator: frozenset[Color]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: int | str | None
    toughness: int | str | None
    loyalty: int | None = None
    defense: int | None = None
    abilities: tuple[dict[str, Any], ...] = ()
    keywords: frozenset[str] = frozenset()
    oracle_text: str = ""
    #: Mana value override: a transformed permanent uses its front face's (CR 712.8e).
    mana_value_override: int | None = None
    #: Changeling (702.73a): the object is every creature type (a characteristic-defining
    #: ability, so from its printed face, in every zone).
    every_creature_type: bool = False
    #: The two halves' own characteristics for a split card off the stack (CR 709.4).
    halves: tuple[Characteristics, ...] = field(default=())

    @property
    def name(self) -> str:
        """The name as one string; a split card's two names are joined with " // "."""
        return " // ".join(self.names)

    def mana_value(self, x: int = 0) -> int:
        """Mana value (CR 202.3): of the mana cost, X counted as ``x`` (0 off the stack)."""
        if self.mana_value_override is not None:
            return self.mana_value_override
        return self.mana_cost.mana_value(x) if self.mana_cost is not None else 0

    def has_type(self, card_type: str) -> bool:
        """True if ``card_type`` is among the card types (case-insensitive)."""
        return card_type.casefold() in (t.casefold() for t in self.types)

    def has_subtype(self, subtype: str) -> bool:
        """True if ``subtype`` is among the subtypes (case-insensitive); a changeling creature
        or kindred object has every creature type (702.73a, 205.3m)."""
        if subtype.casefold() in (t.casefold() for t in self.subtypes):
            return True
        return (self.every_creature_type and subtype not in SUBTYPE_OWNERS
                and (self.has_type("Creature") or self.has_type("Kindred")))

    def has_supertype(self, supertype: str) -> bool:
        """True if ``supertype`` is among the supertypes (case-insensitive)."""
        return supertype.casefold() in (t.casefold() for t in self.supertypes)

    def has_keyword(self, keyword: str) -> bool:
        """True if the object has the keyword ability (CR 702), by its lower-case name."""
        return keyword.casefold() in self.keywords

    def has_keyword_family(self, family: str) -> bool:
        """True if the object has the keyword ``family`` or a variant of it (CR 702.1d: "a
        creature with hexproof" finds one with "hexproof from black", 702.11e)."""
        return any(in_family(k, family) for k in self.keywords)

    def copy(self) -> Characteristics:
        """A shallow copy that layers may change without touching the original."""
        return replace(self, halves=tuple(h.copy() for h in self.halves))


#: Subtypes that belong to card types other than creature (and kindred), CR 205.3g-205.3q;
#: every other subtype is treated as a creature type (205.3m).
SUBTYPE_OWNERS: dict[str, tuple[str, ...]] = {
    **{t: ("Artifact",) for t in ("Attraction", "Blood", "Bobblehead", "Clue", "Contraption",
                                  "Equipment", "Food", "Fortification", "Gold", "Incubator",
                                  "Junk", "Map", "Powerstone", "Treasure", "Vehicle")},
    **{t: ("Enchantment",) for t in ("Aura", "Background", "Cartouche", "Case", "Class",
                                     "Curse", "Role", "Room", "Rune", "Saga", "Shard",
                                     "Shrine")},
    **{t: ("Land",) for t in ("Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus",
                              "Mine", "Mountain", "Plains", "Power-Plant", "Sphere", "Swamp",
                              "Tower", "Town", "Urza's")},
    **{t: ("Instant", "Sorcery") for t in ("Adventure", "Arcane", "Lesson", "Omen", "Trap")},
    "Siege": ("Battle",),
}

#: The creature types (CR 205.3m, 2025-09-19 list; creatures and kindreds share them): the
#: only answers a choice of a creature type accepts (205.3e). One of them is two words long.
CREATURE_TYPES: frozenset[str] = frozenset({
    "Advisor", "Aetherborn", "Alien", "Ally", "Angel", "Antelope", "Ape", "Archer", "Archon",
    "Armadillo", "Army", "Artificer", "Assassin", "Assembly-Worker", "Astartes", "Atog",
    "Aurochs", "Avatar", "Azra", "Badger", "Balloon", "Barbarian", "Bard", "Basilisk", "Bat",
    "Bear", "Beast", "Beaver", "Beeble", "Beholder", "Berserker", "Bird", "Blinkmoth", "Boar",
    "Bringer", "Brushwagg", "Camarid", "Camel", "Capybara", "Caribou", "Carrier", "Cat",
    "Centaur", "Child", "Chimera", "Citizen", "Cleric", "Clown", "Cockatrice", "Construct",
    "Coward", "Coyote", "Crab", "Crocodile", "Custodes", "Cyberman", "Cyclops", "C’tan",
    "Dalek", "Dauthi", "Demigod", "Demon", "Deserter", "Detective", "Devil", "Dinosaur",
    "Djinn", "Doctor", "Dog", "Dragon", "Drake", "Dreadnought", "Drix", "Drone", "Druid",
    "Dryad", "Dwarf", "Echidna", "Efreet", "Egg", "Elder", "Eldrazi", "Elemental", "Elephant",
    "Elf", "Elk", "Employee", "Eye", "Faerie", "Ferret", "Fish", "Flagbearer", "Fox",
    "Fractal", "Frog", "Fungus", "Gamer", "Gargoyle", "Germ", "Giant", "Gith", "Glimmer",
    "Gnoll", "Gnome", "Goat", "Goblin", "God", "Golem", "Gorgon", "Graveborn", "Gremlin",
    "Griffin", "Guest", "Hag", "Halfling", "Hamster", "Harpy", "Hedgehog", "Hellion", "Hero",
    "Hippo", "Hippogriff", "Homarid", "Homunculus", "Horror", "Horse", "Human", "Hydra",
    "Hyena", "Illusion", "Imp", "Incarnation", "Inkling", "Inquisitor", "Insect", "Jackal",
    "Jellyfish", "Juggernaut", "Kavu", "Kirin", "Kithkin", "Knight", "Kobold", "Kor",
    "Kraken", "Lamia", "Lammasu", "Leech", "Leviathan", "Lhurgoyf", "Licid", "Lizard",
    "Llama", "Lobster", "Manticore", "Masticore", "Mercenary", "Merfolk", "Metathran",
    "Minion", "Minotaur", "Mite", "Mole", "Monger", "Mongoose", "Monk", "Monkey", "Moogle",
    "Moonfolk", "Mount", "Mouse", "Mutant", "Myr", "Mystic", "Nautilus", "Necron", "Nephilim",
    "Nightmare", "Nightstalker", "Ninja", "Noble", "Noggle", "Nomad", "Nymph", "Octopus",
    "Ogre", "Ooze", "Orb", "Orc", "Orgg", "Otter", "Ouphe", "Ox", "Oyster", "Pangolin",
    "Peasant", "Pegasus", "Pentavite", "Performer", "Pest", "Phelddagrif", "Phoenix",
    "Phyrexian", "Pilot", "Pincher", "Pirate", "Plant", "Porcupine", "Possum", "Praetor",
    "Primarch", "Prism", "Processor", "Qu", "Rabbit", "Raccoon", "Ranger", "Rat", "Rebel",
    "Reflection", "Rhino", "Rigger", "Robot", "Rogue", "Sable", "Salamander", "Samurai",
    "Sand", "Saproling", "Satyr", "Scarecrow", "Scientist", "Scion", "Scorpion", "Scout",
    "Sculpture", "Seal", "Serf", "Serpent", "Servo", "Shade", "Shaman", "Shapeshifter",
    "Shark", "Sheep", "Siren", "Skeleton", "Skunk", "Slith", "Sliver", "Sloth", "Slug",
    "Snail", "Snake", "Soldier", "Soltari", "Spawn", "Specter", "Spellshaper", "Sphinx",
    "Spider", "Spike", "Spirit", "Splinter", "Sponge", "Squid", "Squirrel", "Starfish",
    "Surrakar", "Survivor", "Symbiote", "Synth", "Tentacle", "Tetravite", "Thalakos",
    "Thopter", "Thrull", "Tiefling", "Time Lord", "Toy", "Treefolk", "Trilobite",
    "Triskelavite", "Troll", "Turtle", "Tyranid", "Unicorn", "Vampire", "Varmint", "Vedalken",
    "Villain", "Volver", "Wall", "Walrus", "Warlock", "Warrior", "Weasel", "Weird",
    "Werewolf", "Whale", "Wizard", "Wolf", "Wolverine", "Wombat", "Worm", "Wraith", "Wurm",
    "Yeti", "Zombie", "Zubera",
})


def in_family(keyword: str, family: str) -> bool:
    """Whether ``keyword`` is ``family`` or one of its variants (CR 702.1c, 702.1d): "protection
    from red" is a protection, "islandwalk" a landwalk, "hexproof from black" a hexproof
    (702.11d-e), "ward {2}" a ward."""
    k, f = keyword.casefold(), family.casefold()
    if k == f or k.startswith(f + " ") or k.startswith(f + "\u2014"):
        return True
    return f == "landwalk" and k.endswith("walk")


def _keywords_of(face: FaceDef) -> frozenset[str]:
    out: set[str] = set()
    for ability in face.abilities:
        if ability.get("kind") == "keyword":
            out.add(str(ability.get("keyword", "")).casefold())
    return frozenset(out)


def face_characteristics(face: FaceDef) -> Characteristics:
    """The characteristics printed on ``face`` (CR 109.3, 202.2: color from cost and indicator).

    Devoid (702.114a) is a characteristic-defining ability that makes the object colorless in
    every zone: it applies first in layer 5 (613.3), before any effect could add a color, so
    the face is colorless from the start, as changeling gives every creature type (702.73a)."""
    keywords = _keywords_of(face)
    return Characteristics(
        names=(face.name,),
        mana_cost=face.mana_cost,
        colors=frozenset() if "devoid" in keywords else face.colors,
        color_indicator=face.color_indicator,
        supertypes=face.supertypes,
        types=face.types,
        subtypes=face.subtypes,
        power=face.power,
        toughness=face.toughness,
        loyalty=face.loyalty,
        defense=face.defense,
        abilities=tuple(dict(a) for a in face.abilities),
        keywords=keywords,
        oracle_text=face.oracle_text,
        every_creature_type="changeling" in keywords,
    )


def _unique(items: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def _color_order(colors: frozenset[Color]) -> list[Color]:
    """The order of colored symbols in a mana cost of these colors, as Oracle text writes it:
    allies in the color-wheel direction ({G}{W}, {U}{R}, shards {R}{G}{W}), a wedge with its
    ally pair at both ends and their common enemy between ({R}{W}{B}, {U}{R}{W})."""
    wheel = list(COLORS)
    pos = sorted(wheel.index(c) for c in colors)
    if len(pos) == 3:
        for mid in pos:
            others = [p for p in pos if p != mid]
            if all((p - mid) % 5 in (2, 3) for p in others):
                # A wedge: the ally pair (a, a+1) is written a+1, enemy, a.
                a = next(p for p in others if (p + 1) % 5 in others)
                return [wheel[(a + 1) % 5], wheel[mid], wheel[a]]
    if len(pos) < 2:
        return [wheel[p] for p in pos]
    # Otherwise start right after the widest gap around the wheel (WUBRG order rotated).
    gaps = [((pos[(i + 1) % len(pos)] - p) % 5 or 5, i) for i, p in enumerate(pos)]
    _, widest = max(gaps)  # five colors tie: the gap before W wins, so WUBRG
    start = (widest + 1) % len(pos)
    return [wheel[p] for p in pos[start:] + pos[:start]]


def combined_cost(left: ManaCost | None, right: ManaCost | None) -> ManaCost | None:
    """Check 709.4b: the combined mana cost of a split card's halves, written as one cost:
    X, then the generic amounts added up, then colorless and colored symbols by color
    ("Assault // Battery's mana cost is {3}{R}{G}")."""
    if left is None and right is None:
        return None
    symbols = (left or ManaCost()).symbols + (right or ManaCost()).symbols
    variable = [s for s in symbols if s.is_variable]
    generic = sum(int(s.text) for s in symbols if s.text.isdigit())
    rest = [s for s in symbols if not s.is_variable and not s.text.isdigit()]
    order = _color_order(frozenset().union(*(s.colors for s in rest)) if rest else frozenset())

    def key(item: tuple[int, ManaSymbol]) -> tuple[int, int]:
        i, sym = item
        first = min((order.index(c) for c in sym.colors), default=-1)
        return (first, i)

    colored = [sym for _, sym in sorted(enumerate(rest), key=key)]
    out = tuple(variable) + ((ManaSymbol(str(generic)),) if generic else ()) + tuple(colored)
    return ManaCost(out)


def _combine_split(card: CardDef) -> Characteristics:
    """Check 709.4b: off the stack a split card's characteristics combine both halves.

    The mana cost is the combination of both costs (so mana value adds up), colors and types are
    unions, and it has two names (709.4a).
    """
    halves = tuple(face_characteristics(f) for f in card.faces)
    left, right = halves
    cost = combined_cost(left.mana_cost, right.mana_cost)
    return Characteristics(
        names=left.names + right.names,
        mana_cost=cost,
        colors=left.colors | right.colors,
        color_indicator=left.color_indicator | right.color_indicator,
        supertypes=_unique(left.supertypes + right.supertypes),
        types=_unique(left.types + right.types),
        subtypes=_unique(left.subtypes + right.subtypes),
        power=None,
        toughness=None,
        abilities=left.abilities + right.abilities,
        keywords=left.keywords | right.keywords,
        oracle_text=left.oracle_text + "\n//\n" + right.oracle_text,
        halves=halves,
    )


def printed_characteristics(
    card: CardDef, *, zone: str, transformed: bool, cast_half: int | None, era: Era
) -> Characteristics:
    """The characteristics an object has from its card before any continuous effect.

    ``era`` decides era-dependent printed values: the era switch ``legendary_creatures`` writes
    a legendary creature either with the supertype legendary (CR 205.4d) or, under the Invasion
    era's rules (Sixth Edition rule 215), with the creature type Legend instead ("Creature -
    Dragon Legend"). Split cards' two sets of characteristics are read by queries by era.
    """
    chars = _printed(card, zone=zone, transformed=transformed, cast_half=cast_half)
    if era.is_("legendary_creatures", "legend-creature-type"):
        legend_as_creature_type(chars)
    return chars


def legend_as_creature_type(chars: Characteristics) -> None:
    """Sixth Edition rule 215: a legendary creature is a creature with the creature type Legend;
    "legendary" stays a word of the type line only for noncreature permanents (Legendary Land)."""
    if chars.has_type("Creature") and chars.has_supertype("Legendary"):
        chars.supertypes = tuple(t for t in chars.supertypes if t.casefold() != "legendary")
        if "Legend" not in chars.subtypes:
            chars.subtypes = (*chars.subtypes, "Legend")


def is_legendary(chars: Characteristics, era: Era) -> bool:
    """Whether an object with ``chars`` is legendary in ``era`` (CR 205.4d; Sixth Edition 215:
    also a creature with the creature type Legend)."""
    if chars.has_supertype("Legendary"):
        return True
    return (era.is_("legendary_creatures", "legend-creature-type")
            and chars.has_type("Creature") and "Legend" in chars.subtypes)


def _printed(card: CardDef, *, zone: str, transformed: bool,
             cast_half: int | None) -> Characteristics:
    if card.is_split:
        if zone == "stack" and cast_half is not None:
            # 709.3b: while on the stack only the half being cast exists.
            return face_characteristics(card.faces[cast_half])
        return _combine_split(card)
    if card.is_double_faced:
        front = face_characteristics(card.front)
        if transformed and zone in ("battlefield", "stack"):
            # 712.8d-e: the back face's characteristics, with the front face's mana value.
            back = face_characteristics(card.faces[1])
            back.mana_value_override = front.mana_value()
            return back
        # 712.8c: in every other zone (and front face up) only the front face counts.
        return front
    if card.inset_spell is not None:
        # 715.3b, 720.3b: a spell cast as an Adventure or an Omen has only the inset
        # characteristics; 715.4, 720.4: everywhere else only the card's normal ones.
        if zone == "stack" and cast_half == 1:
            return face_characteristics(card.faces[1])
        return face_characteristics(card.front)
    if card.is_modal_dfc and transformed and zone in ("battlefield", "stack"):
        # 712.8f: a modal double-faced spell or permanent has only the characteristics of the
        # face that's up, its mana value included; 712.8a: elsewhere only the front face.
        return face_characteristics(card.faces[1])
    return face_characteristics(card.front)
