"""The kinds of event the game logs (CR 603.2: triggered abilities look at events), as a table.

Every event the engine records goes through :meth:`reference_engine.core.state.GameState.log`,
which accepts only the kinds listed here, as a zone must be one of
:data:`reference_engine.core.objects.ZONES`: a misspelt kind would otherwise be logged and never
matched by the trigger waiting for it. ``tests/test_events.py`` also checks every kind the
source logs or matches against this table. Each kind says what happened and the rule behind it.
"""

from __future__ import annotations

__all__ = ["EVENT_KINDS"]

#: Event kind -> what it records (with the CR rule it follows).
EVENT_KINDS: dict[str, str] = {
    # the game and its turns (103, 104, 500-514)
    "game-begins": "the game starts (103)",
    "starting-player": "who plays first was chosen (103.1)",
    "mulligan": "a player took a mulligan (103.5)",
    "mulligan-bottom": "a player put cards on the bottom after a mulligan (103.5)",
    "begins-on-battlefield": "a card in an opening hand began the game on the battlefield "
                             "(103.6a)",
    "extra-turn": "a player was given an extra turn (500.7)",
    "step": "a step or phase began (500.1)",
    "defending-player-chosen": "the attacking player chose the defending player (506.2a)",
    "phases-added": "phases or steps were added to the turn (500.8, 500.9)",
    "phases-not-added": "a \"you get\" addition on another player's turn added nothing (500.10a)",
    "step-skipped": "a step was skipped (500.7, 508.8)",
    "turn-ended": "an effect ended the turn (723.1)",
    "combat-ended": "an effect ended the combat phase (723.2)",
    "day-night": "it became day or night, or one became the other (730.1, 730.1a)",
    "player-loses": "a player lost the game (104.3)",
    "player-wins": "a player won the game (104.2)",
    "game-drawn": "an effect made the game a draw for a player (104.4c, 104.4e)",
    "player-leaves": "a player left a multiplayer game (800.4a)",
    "leaves-game": "an object left the game with the player who owns it (800.4a)",
    "commander-returns": "a commander went to the command zone, as a state-based choice or "
                         "instead of a hand or library (903.9a-b)",
    "draw-from-empty-library": "a player had to draw from an empty library (704.5b)",
    "draw-replaced": "a replacement effect replaced a player's draw (614.11)",
    "draw-not-allowed": "a player couldn't draw another card this turn (121.2b)",
    "mana-burn": "unused mana burned its player (the Invasion era's 300.3)",
    # actions and priority (116, 117, 601, 602, 605)
    "action": "a player's action as the case asked it, for the trace (116, 117)",
    "cast": "a spell became cast (601.2i)",
    "activate": "an ability was activated (602.2)",
    "cycled": "a card was discarded to pay a cycling cost (702.29c)",
    "convoked": "a creature was tapped to pay for a spell with convoke (702.51c)",
    "land-played": "a land was played (305.1)",
    "paid": "a cost was paid as an effect asked (118.12)",
    "could-not-pay": "a cost an effect asked for could not be paid (118.12)",
    "declined": "a player declined an optional payment or ability (603.5)",
    "free-cast-declined": "a player declined to cast a card without paying (608.2g)",
    "exiled-as-cost": "a card was exiled to pay a cost (118.3)",
    "returned-as-cost": "a permanent was returned to hand to pay a cost (118.3)",
    "life-paid": "life was paid (119.4)",
    "loyalty-cost": "a loyalty ability's cost was paid (606.4)",
    "tapped-for-mana": "a permanent was tapped for mana (605.1)",
    "mana-added": "mana was added to a pool (106.4)",
    "mana-trigger": "a triggered mana ability resolved at once (605.4)",
    "choice": "a player made a choice an object or effect asked for (608.2d, 614.12)",
    # the stack (405, 603, 608)
    "trigger": "an ability triggered (603.2)",
    "trigger-removed": "a triggered ability was removed for lack of legal targets (603.3d)",
    "state-trigger": "the game state matched a state trigger's condition (603.8)",
    "reflexive-trigger": "a resolving ability created a reflexive triggered ability that "
                         "triggered at once (603.12)",
    "delayed-trigger-created": "a delayed triggered ability was created (603.7)",
    "intervening-if-false": "an intervening 'if' was false as the ability resolved (603.4)",
    "resolve": "a spell or ability resolved (608.2)",
    "fizzle": "a spell or ability did not resolve: all its targets were illegal (608.2b)",
    "countered": "a spell or ability was countered (701.6)",
    "becomes-target": "an object became the target of a spell or ability (115, 702.21)",
    "copied": "a spell or permanent was copied (707.10, 707.12)",
    # zones and objects (400, 111, 701)
    "zone-change": "an object moved from one zone to another (400.7)",
    "enters": "a permanent entered the battlefield (603.6a)",
    "enter-failed": "an object could not enter the battlefield (303.4g, 712.14a)",
    "dies": "a creature was put into a graveyard from the battlefield (700.4)",
    "put-into-graveyard": "a noncreature permanent was put into a graveyard by damage-based "
                          "rules, e.g. a battle with no defense counters (704.5v), or a "
                          "battle no player can protect (704.5w-x)",
    "protector-chosen": "a player was designated as a battle's protector (310.8a, 704.5w-x)",
    "destroyed": "a permanent was destroyed (701.8)",
    "sacrificed": "a permanent was sacrificed (701.21)",
    "discard": "a player was asked to discard (701.9)",
    "discarded": "a card was discarded (701.9)",
    "draw": "a player drew a card (121.1)",
    "milled": "cards were milled (701.17)",
    "put-into-library": "a card was put into a library (401.1)",
    "returned": "an exiled card returned (610.3)",
    "revealed": "a card was revealed (701.20)",
    "revealed-hand": "a hand was revealed (701.20)",
    "searched": "a library was searched (701.23)",
    "shuffled": "a library was shuffled (701.24)",
    "scried": "a player scried (701.22)",
    "surveilled": "a player surveilled (701.25)",
    "token-created": "a token was created (111.1, 701.7)",
    "emblem-created": "a player got an emblem in the command zone (114.2)",
    "no-token": "an effect could not make a token (111.12)",
    "piles": "cards were separated into piles (700.3)",
    "pile-chosen": "a pile was chosen (700.3)",
    "name-sticker": "a name sticker was put on an object (123.6)",
    "transformed": "a double-faced permanent transformed (701.27)",
    "transform-failed": "a permanent could not transform (701.27c)",
    "tapped": "a permanent became tapped (701.26)",
    "untapped": "a permanent became untapped (701.26)",
    "control-changed": "a permanent's controller changed (613.2)",
    "control-ends-exiled": "a control-changing effect ended and the player controlling the "
                           "permanent by default had left the game: it was exiled (800.4c)",
    "counters-added": "counters were put on an object (122.1)",
    "counters-removed": "counters were removed from an object (122.1)",
    "doubled": "a creature's power and toughness were doubled (701.10)",
    "proliferated": "a player proliferated (701.34)",
    "became-monstrous": "a creature became monstrous (701.37)",
    "class-level": "a permanent's class level became N (716.2a)",
    "suspected": "a creature became suspected (701.60a)",
    "exerted": "a permanent was exerted (701.43a)",
    "goaded": "a creature became goaded by a player (701.15a)",
    "coin-flipped": "a player flipped a coin, and won or lost it if it was called (705.2)",
    "dice-rolled": "a player rolled one or more dice; ignored rolls are left out (706.1, 706.6)",
    "explored": "a creature explored (701.44)",
    "connived": "a permanent connived (701.50)",
    "amassed": "a player amassed (701.47)",
    "attached": "an Aura or Equipment was attached (701.3)",
    "attach-refused": "an attachment was refused: it can't be attached there and stays (701.3b)",
    "unattached": "an Equipment or Fortification became unattached (704.5n)",
    "aura-unattached": "an Aura was put into its owner's graveyard, attached illegally (704.5m)",
    "legend-rule": "the legend rule put a legendary permanent into a graveyard (704.5j)",
    "world-rule": "the world rule put a world permanent into a graveyard (704.5k)",
    # combat (506-511)
    "attackers-declared": "attackers were declared, with what each attacks (508.1)",
    "attacks": "a creature attacked (508.1)",
    "blocks": "a creature blocked (509.1)",
    "blockers-declared": "blockers were declared, or none were: each attacker is blocked or "
                         "unblocked (509.1h)",
    "removed-from-combat": "a creature was removed from combat (506.4)",
    "combat-cost-paid": "a player paid the total cost to attack or to block (508.1j, 509.1f)",
    "venture-marker-moved": "a player's venture marker moved into a room of a dungeon (309.4c)",
    "dungeon-entered": "a dungeon card was put into the command zone from outside the game "
                       "(309.2a)",
    "dungeon-completed": "a player completed a dungeon: it was removed from the game (309.7)",
    "venture-no-dungeon": "a player ventured with no dungeon card outside the game to choose "
                          "(701.49a)",
    "enters-attacking": "a creature was put onto the battlefield attacking (508.4)",
    "enters-blocking": "a creature was put onto the battlefield blocking (509.4)",
    "enters-outside-combat": "a permanent put onto the battlefield attacking or blocking is "
                             "neither (506.3, 508.4a, 509.4a)",
    "combat-damage-on-stack": "combat damage was put on the stack (the Invasion era's 510.1)",
    "fight-no-damage": "a fight dealt no damage (701.14b)",
    # damage, life, replacement and prevention (119, 120, 614-616)
    "damage": "damage was dealt (120.3)",
    "damage-prevented": "damage was prevented (615)",
    "prevention-ineffective": "a prevention effect met damage that can't be prevented (615.12)",
    "replaced": "a replacement effect applied to an event (614.6, 616.1)",
    "life-gained": "a player gained life (119.3)",
    "life-lost": "a player lost life (119.3)",
    "life-gain-impossible": "a player who can't gain life did not gain it (119.7)",
}
