"""The ability kinds of card data and the static rules, described for the docs and validation.

An ability is a table whose ``kind`` is one of :data:`ABILITY_KINDS` (CR 113.3: spell,
activated, triggered and static abilities; mana abilities, 605; keyword abilities, 702;
replacement effects, 614; cost-changing effects, 601.2f). A static ability or a
``rules_effect`` may name a rule-modifying effect (CR 604.1, 611.2c) from :data:`STATIC_RULES`;
the rules areas read these by name.
"""

from __future__ import annotations

from reference_engine.core.vocab_spec import describe

__all__ = ["ABILITY_KINDS", "CHOICES", "STATIC_RULES"]

_TEXT = "str: the ability's text as printed (for queries and reports)"

#: Each ability kind with its keys (type: description), CR numbers and an example.
ABILITY_KINDS: dict[str, tuple[str, dict[str, str], tuple[str, ...], str]] = {
    "keyword": ("A keyword ability (CR 702): ``keyword`` names it; some carry a cost or a "
                "quality.", {
                    "kind": "str!: \"keyword\"", "keyword": "str!: the keyword, lower case",
                    "cost": "any: its cost (kicker, flashback, equip, ...)",
                    "from": "filter: a quality (protection from, hexproof from, 702.16a)",
                    "filter": "filter: what it applies to (enchant, landwalk)",
                    "alternative": "bool: the cost is an alternative cost (118.9)",
                    "life": "amount: a ward cost in life (\"Ward\u2014Pay 3 life\", 702.21a)",
                    "x": "amount: what X in a ward cost is, worked out on resolution (702.21b)",
                    "doesnt_remove": "str: a granted protection doesn't remove \"self\" (the "
                                     "permanent granting it), \"auras\" or \"attached\" "
                                     "(what was attached as it began, 702.16n-p)",
                    "player": "str: an enchant ability that enchants a player: \"any\" "
                              "(Enchant player) or \"opponent\" (702.5d)",
                    "n": "int: the number of a keyword that carries one (\"bushido 2\", "
                         "\"annihilator 2\", \"toxic 1\"), one instance per table (702.1)",
                    "spared": "filter: with doesnt_remove, only what matches is spared "
                              "(\"you\": the granting permanent's controller)",
                    "text": _TEXT},
                ("702", "702.1"), 'White Knight: {kind = "keyword", keyword = "protection", '
                'from = {color = "black"}}'),
    "spell": ("The spell ability of an instant or sorcery (CR 113.3a): what happens as it "
              "resolves (608.2).", {
                  "kind": "str!: \"spell\"", "targets": "targets: its target slots (601.2c)",
                  "effects": "effects: what it does, in order (608.2c)",
                  "modes": "any: a modal spell's modes, each {targets, effects} (700.2)",
                  "choose": "any: how many modes are chosen",
                  "repeat_modes": "bool: a mode may be chosen more than once (700.2d)",
                  "text": _TEXT},
              ("113.3a", "608.2"), 'Shock: {kind = "spell", targets = [{name = "t", kind = '
              '"any"}], effects = [{type = "damage", target = "t", amount = 2}]}'),
    "activated": ("An activated ability, cost: effect (CR 602).", {
        "kind": "str!: \"activated\"", "cost": "cost: what is paid to activate it (602.2b)",
        "targets": "targets: its target slots", "effects": "effects: what it does",
        "class_level": "int: a class level bar's ability: activate only if the Class is level "
                       "N-1 (716.2a)",
        "timing": "str: \"sorcery\": activate only as a sorcery (602.5d); \"your_turn\": "
        "only during your turn (602.5b)",
        "zones": "words: zones it can be activated from (default battlefield)",
        "cycling": "bool: a cycling ability (702.29): discarding the card to pay its cost is "
                   "cycling it",
        "once_each_turn": "bool: \"Activate only once each turn\": once per turn for the "
        "object, whoever controls it (602.5b)",
        "any_player": "bool: \"any player may activate this ability\": not only the "
        "controller (602.2); the player who activates it controls it",
        "text": _TEXT},
        ("602", "602.2", "602.5b"), 'Prodigal Sorcerer: {kind = "activated", cost = {tap = true}, '
        'targets = [...], effects = [{type = "damage", target = "t", amount = 1}]}'),
    "mana": ("A mana ability (CR 605): resolves at once and adds mana.", {
        "kind": "str!: \"mana\"", "cost": "cost: its cost", "produce": "any: the mana: "
        "\"{G}\", {one_of, amount}, {any_color}, {commander_identity}, {could_produce}, "
        "{colors_among}",
        "spend_only": "any: what the mana may be spent on (106.6)", "text": _TEXT},
        ("605", "106.1"), 'Llanowar Elves: {kind = "mana", cost = {tap = true}, produce = '
        '"{G}"}'),
    "triggered": ("A triggered ability (CR 603): ``trigger`` says when, then its targets and "
                  "effects.", {
                      "kind": "str!: \"triggered\"", "trigger": "trigger!: when it triggers",
                      "targets": "targets: target slots, chosen as it is put on the stack "
                      "(603.3d)", "effects": "effects: what it does", "text": _TEXT,
                      "optional": "bool: \"you may\": its controller chooses as it resolves "
                      "(choice 'may', true or false; unanswered: true), 603.5",
                      "condition": "condition: an intervening \"if\" clause, checked as the "
                      "event happens and again as it resolves (603.4)"},
                  ("603", "603.2", "603.3d", "603.4", "603.5"), 'Soul Warden: {kind = "triggered", '
                  'trigger = {event = "enters", filter = {...}}, effects = [...]}'),
    "static": ("A static ability (CR 604): a continuous effect (``effect``), a rule "
               "(``rule``), a permission or a player effect, while it functions.", {
                   "kind": "str!: \"static\"", "effect": "op: the layer operation it applies",
                   "effects": "ops: several layer operations",
                   "affected": "filter: what it affects: a filter, \"self\", \"enchanted\", "
                   "\"equipped\" or \"fortified\"",
                   "condition": "condition: \"as long as\" (611.3a)",
                   "cda": "bool: a characteristic-defining ability (604.3, 613.3)",
                   "zones": "words: zones it functions in (default battlefield, 113.6)",
                   "rule": "rule: a rule-modifying effect (see Static rules)",
                   "count": "int: the number the rule uses (min_blockers, max_blockers, "
                            "max_counters)",
                   "counter": "str: the kind of counter the rule counts (max_counters)",
                   "filter": "filter: what the rule applies to (cant_be_cast)",
                   "permission": "any: a permission to cast spells (601.3)",
                   "spells": "filter: the spells a permission or rule covers",
                   "player": "str: whose permission: \"you\", \"opponent\", \"any\"",
                   "players": "str: the players a player effect applies to",
                   "player_effect": "any: an effect on players (613.10)",
                   "additional_land_plays": "int: extra land plays per turn (305.2)",
                   "no_maximum_hand_size": "bool: its controller has no maximum hand size "
                   "(402.2, 514.1)",
                   "mana": "mana: what the rule's cost asks for each creature (attack_cost, "
                   "block_cost)",
                   "defending": "str: \"you\": the rule covers creatures attacking the "
                   "source's controller (attack_cost)",
                   "combat_only": "bool: the rule covers combat damage only "
                   "(damage_cant_be_prevented)",
                   "timing": "str: the point of combat before which this spell may be cast "
                   "(cast_timing): \"before_attackers\", \"before_blockers\" or \"after_blockers\"",
                   "text": _TEXT},
               ("604", "611.3", "613"), 'Glorious Anthem: {kind = "static", affected = {type '
               '= "Creature", controller = "you"}, effect = {type = "modify_pt", power = 1, '
               'toughness = 1}}'),
    "replacement": ("A replacement effect (CR 614): ``event`` is what it replaces; the other "
                    "keys say how.", {
                        "kind": "str!: \"replacement\"",
                        "event": "str!: \"enters\", \"tapped_for_mana\", \"damage\", "
                        "\"counters\", \"zone_change\", \"gain_life\", \"draw\"",
                        "affected": "filter: what it applies to besides itself",
                        "tapped": "bool: it enters tapped", "counters": "any: it enters with "
                        "counters ({kind = amount}, \"X\", \"times_kicked\")",
                        "counters_choice": "any: enters with your choice of counters "
                        "{options, count}", "choose": "any: an \"as enters\" choice (614.12)",
                        "copy": "any: enters as a copy (707.5)",
                        "optional_cost": "any: \"you may pay\" as it enters ({life = 2})",
                        "otherwise": "any: what happens if the optional cost isn't paid",
                        "paid": "any: what happens if it is paid ({} is a free choice: "
                        "unleash 702.98a, riot 702.136a)",
                        "gains": "words: keywords it has from the moment it enters (riot's "
                        "haste, 702.136a)",
                        "filter": "filter: which events it replaces", "multiply": "int: "
                        "produces that many times as much mana", "produce": "any: mana it "
                        "produces instead", "modify": "any: how it modifies the amount: "
                        "double, {add = n}, {multiply = n}; damage also prevent, {prevent = n}",
                        "recipient": "any: what is dealt the damage: any, permanent, player, you, "
                        "opponent, self (this permanent, absorb 702.64a), a filter on the "
                        "permanent, or a list of these (any of them)",
                        "source": "filter: the source of the damage",
                        "if_kicked": "bool: only for a permanent that was kicked (702.33d)",
                        "counter": "str: the kind of counter a counters replacement is about "
                        "(any kind when absent, 614.16)",
                        "to": "str: the zone a zone_change replacement watches (default "
                        "graveyard)", "from": "any: the zone(s) it watches objects leave",
                        "instead": "str: the zone the object goes to instead (zone_change); "
                        "lose_life or nothing (gain_life); win_game, nothing or draw (draw, "
                        "614.11)",
                        "amount": "int: how many cards a draw replacement draws instead "
                        "(instead = \"draw\", 614.11a)",
                        "library_empty": "bool: a draw replacement only for draws from an "
                        "empty library (614.11)",
                        "shuffle": "bool: shuffle the library the object is put into instead",
                        "players": "str: the players a gain_life or draw replacement "
                        "watches: you, opponents, each",
                        "zones": "words: zones a replacement about the "
                        "object itself functions in (default all, \"from anywhere\")",
                        "combat_only": "bool: only combat damage",
                        "text": _TEXT},
                    ("614", "614.1a", "614.1c", "614.11", "614.12", "614.16", "616.1"),
                    'Breeding Pool: {kind = "replacement", event = "enters", '
                    'optional_cost = {life = 2}, otherwise = {tapped = true}}'),
    "cost": ("A cost-changing effect (CR 601.2f): spells cost more or less, or need an "
             "additional cost.", {
                 "kind": "str!: \"cost\"", "spells": "filter: the spells it changes",
                 "increase": "any: how much more they cost", "reduce": "any: how much less",
                 "additional": "any: an additional cost (118.8)",
                 "per": "amount: the increase or reduction applies this many times (\"for "
                 "each ...\", counted as the total cost is determined, 601.2f)",
                 "minimum": "int: spells that would cost less than this much mana cost this "
                 "much, after increases and reductions (601.2f, Trinisphere)",
                 "player": "str: whose "
                 "spells", "affected": "any: what it applies to", "condition": "condition: "
                 "while it applies", "text": _TEXT},
             ("601.2f", "118.8"), 'Sphere of Resistance: {kind = "cost", spells = {}, increase '
             '= "{1}", player = "any"}'),
}

#: Rule-modifying effects by name, each with what it says and its CR numbers.
STATIC_RULES: dict[str, tuple[str, tuple[str, ...]]] = {
    "cant_attack": ("The affected creatures can't attack.", ("508.1c",)),
    "cant_block": ("The affected creatures can't block.", ("509.1b",)),
    "regenerate": ("Each time the affected permanent would be destroyed, it is regenerated "
                   "instead: its damage is removed, it is tapped and removed from combat.",
                   ("701.19b",)),
    "cant_be_regenerated": ("The affected permanents can't be regenerated: regeneration "
                            "shields and regenerating static abilities don't apply to them.",
                            ("701.19c",)),
    "must_attack": ("The affected creatures attack each combat if able.", ("508.1d",)),
    "must_block": ("The affected creatures block this turn if able.", ("509.1c",)),
    "all_must_block": ("All creatures able to block the affected creature do so (Lure).",
                       ("509.1c",)),
    "must_be_blocked": ("The affected creature must be blocked if able.", ("509.1c",)),
    "cant_be_blocked": ("The affected creatures can't be blocked.", ("509.1b",)),
    "can_block_only_flying": ("The affected creatures can block only creatures with "
                              "flying.", ("509.1b",)),
    "min_blockers": ("Can't be blocked except by ``count`` or more creatures.", ("509.1b",)),
    "max_blockers": ("Can't be blocked by more than ``count`` creatures (default 1).",
                     ("509.1b",)),
    "attack_cost": ("Each declared attacker attacking the source's controller (``defending = "
                    "\"you\"``) or matching ``affected`` costs ``mana`` to attack (Ghostly "
                    "Prison).", ("508.1h", "508.1i", "508.1j")),
    "block_cost": ("Each declared blocker (matching ``affected``, if given) costs ``mana`` to "
                   "block.", ("509.1d", "509.1e", "509.1f")),
    "cant_be_countered": ("The affected spells can't be countered.", ("101.2", "701.6")),
    "cant_be_cast": ("Spells matching ``filter`` can't be cast.", ("101.2", "601.2")),
    "cast_timing": ("This spell may be cast only during combat before the point ``timing`` "
                    "names.", ("506.7", "506.7a", "506.7b", "113.6e")),
    "cant_be_played": ("Lands matching ``filter`` can't be played.", ("101.2", "305.1")),
    "additional_loyalty_cost": ("Loyalty abilities of permanents matching ``filter`` that this "
                                "rule's controller activates cost an additional ``count`` "
                                "(+N) to activate, combined with the printed cost into one.",
                                ("606.5",)),
    "cant_be_activated": ("Activated abilities (mana abilities and loyalty abilities "
                          "included) of objects matching ``filter`` can't be activated; "
                          "triggered abilities still trigger.", ("602.5", "603.2a")),
    "cant_enter": ("Cards matching ``affected`` can't enter the battlefield: a card's type and "
                   "other characteristics are judged as it would exist there, its zone where it "
                   "is; an effect that would put it there leaves it where it was.",
                   ("614.17", "614.17d")),
    "spend_as_any_color": ("The ``players`` (\"each\", or \"you\" by default) may spend "
                           "mana as though it were mana of any color: any mana pays a colored "
                           "symbol; the cost, and the mana spent, stay what they are.",
                           ("609.4", "609.4b")),
    "max_counters": ("This permanent can't have more than ``count`` counters of the kind "
                     "``counter``: the extra ones are removed as a state-based action.",
                     ("122.4", "704.5r")),
    "one_draw_each_turn": ("The ``players`` (each, you, opponents) can't draw more than one card "
                           "each turn: each draw is counted, and a draw beyond the first "
                           "doesn't happen (an instruction to draw several is carried out in "
                           "part).", ("121.2b",)),
    "cant_gain_life": ("The ``players`` (each, you, opponents) can't gain life; no "
                       "replacement effect modifies the gain that can't happen.",
                       ("119.7", "614.17c")),
    "damage_cant_be_prevented": ("Damage (from sources matching ``filter``; combat damage "
                                 "only with ``combat_only``) can't be prevented: prevention "
                                 "effects apply but prevent none of it.", ("615.12", "615.12a")),
    "begin_on_battlefield": ("If this card is in its owner's opening hand, they may begin the "
                             "game with it on the battlefield (the Leylines; choice "
                             "``begin_on_battlefield``).", ("103.6", "103.6a")),
    "triggers_additional_time": ("A triggered ability of an object matching ``filter`` "
                                 "triggers an additional time (Echoes of Eternity).",
                                 ("603.2d",)),
}

#: Choices a case answers in an action's (or the setup's) ``choices``, by their default names;
#: an effect with a ``choice`` (or ``key``) parameter asks under that name instead.
CHOICES: dict[str, tuple[str, tuple[str, ...]]] = {
    "color": ("A color word chosen on resolution or as a permanent enters (\"the color of your "
              "choice\").", ("608.2d", "614.12")),
    "number": ("A number chosen as a permanent enters or on resolution.", ("608.2d",)),
    "card_name": ("A card name (Meddling Mage, Void).", ("201.3", "608.2d")),
    "creature_type": ("A creature type.", ("205.3m",)),
    "counter": ("The kind (or a list of different kinds) of counter a permanent enters with.",
                ("614.1c", "122.1b")),
    "fabricate": ("\"counters\" (the default) or \"tokens\": what a resolving fabricate "
                  "ability makes (702.123a).", ("702.123a",)),
    "may": ("true or false: whether the controller of a resolving \"you may\" triggered "
            "ability (optional = true) does what it says; a case that does not answer accepts "
            "(true).", ("603.5",)),
    "pay": ("true or false: whether to pay an optional cost (\"you may pay\", \"unless "
            "pays\", a shock land's 2 life).", ("118.12", "614.12")),
    "mana": ("The type of mana a mana ability adds when it offers several (a letter or a "
             "color word).", ("106.1", "605.3b")),
    "tap_or_untap": ("\"tap\", \"untap\" or \"neither\".", ("701.26a",)),
    "free_cast": ("\"none\", a handle, or {object, targets, ...}: the spell cast without "
                  "paying its mana cost.", ("608.2g", "118.9")),
    "put": ("A handle or \"none\": the card put onto the battlefield from a zone.", ("110.2",)),
    "search": ("The handles of the cards found by a search (701.23).", ("701.23",)),
    "discard": ("The handles of the cards discarded.", ("701.9",)),
    "sacrifice": ("The handle of the permanent sacrificed (a cost or an edict).", ("701.21",)),
    "reveal": ("The handle of the card chosen from a revealed hand.", ("701.20",)),
    "opponent": ("The opponent an effect names.", ("102.2",)),
    "protector": ("The player a battle's controller designates as its protector, as it enters "
                  "or when it needs a new one.", ("310.8a", "310.10", "704.5w", "704.5x")),
    "copy": ("The handle of the permanent to enter as a copy of, or \"none\".", ("707.5",)),
    "new_targets": ("The new targets of a copy of a spell.", ("707.10c",)),
    "pile": ("The pile a player chooses (700.3).", ("700.3",)),
    "trigger_order": ("Triggered abilities' sources, bottom of the stack first.", ("603.3b",)),
    "legend_rule": ("The handle of the legendary permanent kept.", ("704.5j",)),
    "damage_order": ("The order in which damage modifiers apply.", ("616.1",)),
    "replacement_order": ("The order in which the affected player (or the affected object's "
                          "controller, else owner) applies replacement effects to counters, "
                          "zone changes and life gain: effect ids, or a table by player.",
                          ("616.1", "616.1e", "616.1f")),
    "combat_damage": ("How an attacker's combat damage is assigned among blockers.", ("510.1c",)),
    "source": ("The source a prevention shield watches.", ("615.7",)),
    "enchant": ("What an Aura put onto the battlefield enchants.", ("303.4f",)),
    "dungeon": ("The name of the dungeon card a venturing player brings into the command zone "
                "from outside the game.", ("309.2a", "701.49a")),
    "room": ("The room a venture marker moves to when several arrows leave its room.",
             ("309.5a", "701.49b")),
    "attack_defender": ("What a creature put onto the battlefield attacking attacks: a "
                        "player, or the handle of a planeswalker or battle.", ("508.4",)),
    "block_attacker": ("The handle of the attacking creature a creature put onto the "
                       "battlefield blocking blocks.", ("509.4",)),
    "phyrexian_life": ("How many Phyrexian symbols are paid with 2 life.", ("107.4f",)),
    "hybrid": ("The half of a hybrid mana symbol an effect adds mana for: a color (a letter or "
               "word) or the generic number.", ("106.8",)),
    "mana_replacement_order": ("The order of replacement effects on tapping for mana.",
                               ("106.12b", "616.1")),
    "mana_trigger": ("Answers for a triggered mana ability.", ("605.1b",)),
    "sticker_position": ("Where a name sticker goes.", ("123.6",)),
    "sticker_word": ("Which word a name sticker uses.", ("123.6",)),
    "sticker": ("The handle of the sticker a player puts on an object, or \"none\" when the "
                "effect says \"you may\".", ("123.3",)),
    "sticker_on": ("The handle of the object a sticker goes on, when the effect lets the "
                   "player choose it.", ("123.3",)),
    "coin": ("How a coin flip comes up, \"heads\" or \"tails\" (a list: one per flip, in "
             "order); unanswered, drawn from the seed.", ("705.2",)),
    "coin_call": ("The flipper's call, \"heads\" (the default) or \"tails\".", ("705.2",)),
    "die": ("The natural result of a die roll, 1 to its sides (a list: one per die, in the "
            "order rolled, rolls again included); unanswered, drawn from the seed.",
            ("706.1a", "706.2")),
    "villainous": ("\"a\" or \"b\": the option a player facing a villainous choice chooses "
                   "(a table by player when several face it).", ("701.55a", "701.55d")),
    "learn": ("{discard = handle}, {lesson = card name} or \"nothing\" (the default): how a "
              "player learns.", ("701.48a",)),
    "discover_order": ("The cards a discover exiled and didn't find, in the random order they "
                       "go on the bottom of the library (handles, top down); unanswered, drawn "
                       "from the seed.", ("701.57a",)),
    "clash": ("Where each clashing player puts the card they revealed: a table by player, "
              "\"top\" (the default) or \"bottom\" (701.30a, 701.30c).", ("701.30a", "701.30c")),
    "text_change": ("{from = word, to = word}: the word a text-changing effect replaces and "
                    "the one it puts in its place (a color word, a basic land type or a "
                    "creature type).", ("612.1", "612.2", "608.2d")),
}

for _name, (_doc, _cr) in CHOICES.items():
    describe("choices", _name, doc=_doc, cr=_cr)
for _name, (_doc, _params, _cr, _example) in ABILITY_KINDS.items():
    describe("ability kinds", _name, doc=_doc, params=_params, cr=_cr, example=_example)
for _name, (_doc, _cr) in STATIC_RULES.items():
    describe("static rules", _name, doc=_doc, cr=_cr)
