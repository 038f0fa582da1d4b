"""The top of the engine: import every module that registers actions, queries, effects,
amounts, restrictions or hooks in :mod:`reference_engine.core.registry` and
:mod:`reference_engine.core.context`.

Imports in the engine run one way (``docs/architecture.md``): each package imports only the
packages below it, and the tables at the bottom are filled from here, the one place that
imports every rules area. A new module that registers something adds one line here (keep them
sorted by package, in the order of the layers).
"""

from __future__ import annotations

# ruff: noqa: F401
import reference_engine.actions.class_levels
import reference_engine.actions.counters
import reference_engine.actions.designations
import reference_engine.actions.keyword_graveyard
import reference_engine.actions.library
import reference_engine.actions.player_designations
import reference_engine.actions.random_events
import reference_engine.actions.regeneration
import reference_engine.actions.stickers
import reference_engine.actions.tokens
import reference_engine.actions.villainous
import reference_engine.casting.activated
import reference_engine.casting.cast
import reference_engine.casting.commander_tax
import reference_engine.casting.cost_helpers
import reference_engine.casting.costs
import reference_engine.casting.cycling
import reference_engine.casting.effects
import reference_engine.casting.flashback
import reference_engine.casting.free_cast
import reference_engine.casting.permissions
import reference_engine.casting.queries
import reference_engine.casting.reveal_effects
import reference_engine.casting.spell_keywords
import reference_engine.casting.targets
import reference_engine.combat.battles
import reference_engine.combat.combat_costs
import reference_engine.combat.damage_on_stack
import reference_engine.combat.damage_step
import reference_engine.combat.declare
import reference_engine.combat.effects
import reference_engine.combat.ending
import reference_engine.combat.entering_combat
import reference_engine.combat.evasion
import reference_engine.combat.goad
import reference_engine.combat.keyword_abilities
import reference_engine.combat.requirements
import reference_engine.combat.status
import reference_engine.combat.timing
import reference_engine.combat.triggers
import reference_engine.core.choices
import reference_engine.core.randomness
import reference_engine.damage.cant_rules
import reference_engine.damage.commander_damage
import reference_engine.damage.counter_replacements
import reference_engine.damage.fight
import reference_engine.damage.kinds
import reference_engine.damage.prevention
import reference_engine.damage.protection
import reference_engine.damage.results
import reference_engine.layers.amounts
import reference_engine.layers.control
import reference_engine.layers.keywords
import reference_engine.layers.power_toughness
import reference_engine.layers.queries
import reference_engine.layers.seating
import reference_engine.layers.text
import reference_engine.mana.abilities
import reference_engine.mana.lands
import reference_engine.mana.pool
import reference_engine.objects.auras
import reference_engine.objects.battles
import reference_engine.objects.cast_costs
import reference_engine.objects.copies
import reference_engine.objects.dungeons
import reference_engine.objects.emblems
import reference_engine.objects.entering
import reference_engine.objects.equipment
import reference_engine.objects.names
import reference_engine.objects.persist
import reference_engine.objects.piles
import reference_engine.objects.sagas
import reference_engine.objects.tokens
import reference_engine.objects.transform
import reference_engine.objects.until
import reference_engine.resolution.chosen_values
import reference_engine.resolution.countering
import reference_engine.resolution.game_end
import reference_engine.resolution.hidden_zones
import reference_engine.resolution.keyword_creatures
import reference_engine.resolution.keyword_permanents
import reference_engine.resolution.keyword_triggered
import reference_engine.resolution.library_placement
import reference_engine.resolution.outside
import reference_engine.resolution.sacrifice
import reference_engine.resolution.stack
import reference_engine.resolution.trigger_targets
import reference_engine.resolution.zone_replacements
import reference_engine.sba.attachments
import reference_engine.sba.commander
import reference_engine.sba.counters
import reference_engine.sba.legend
import reference_engine.sba.teams
import reference_engine.sba.world
import reference_engine.triggers.deaths
import reference_engine.triggers.delayed
import reference_engine.triggers.events
import reference_engine.triggers.last_known
import reference_engine.triggers.life
import reference_engine.triggers.states
import reference_engine.triggers.ward
import reference_engine.triggers.zones
import reference_engine.turn.day_night
import reference_engine.turn.extra_phases
import reference_engine.turn.game_end
import reference_engine.turn.pregame
import reference_engine.turn.priority
import reference_engine.turn.queries
import reference_engine.turn.skips

__all__: list[str] = []
