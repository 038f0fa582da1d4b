"""Emptying mana pools between steps and phases (CR 106.4, 500.4), by era switch ``mana_pool``.

* ``"step"`` (current rules, since Magic 2010): unspent mana empties from each player's mana
  pool at the end of each step and phase (106.4, 500.4), with no other consequence.
* ``"phase-with-burn"`` (Sixth Edition rules, Invasion era): rule 300.4 of those rules (300.3
  from the Eighth Edition text of 2003): mana left unused in a pool is lost only as a phase ends,
  not a step, and its player then loses 1 life for each mana lost (mana burn). Mana burn is loss
  of life, not damage, so damage prevention and replacement effects don't apply to it; it
  doesn't use the stack. Mana therefore stays in the pool from one step to the next within a
  phase.
"""

from __future__ import annotations

from reference_engine.core.state import GameState

__all__ = ["PHASE_LAST_STEPS", "empty_mana_pools"]

#: The last step of each phase (CR 500.1: beginning, precombat main, combat, postcombat main,
#: ending); a main phase has no steps, so it is its own last "step".
PHASE_LAST_STEPS = frozenset({"draw", "precombat-main", "end-of-combat", "postcombat-main",
                              "cleanup"})


def empty_mana_pools(state: GameState, *, repeating: bool = False) -> None:
    """Empty mana pools as the current step ends (CR 106.4, 500.4), or, under the Sixth Edition
    rules, only as its phase ends, each player losing 1 life per mana lost (mana burn).

    ``repeating`` says the same step happens again next (e.g. a second combat damage step,
    510.4), so its phase doesn't end.
    """
    if state.era.is_("mana_pool", "step"):
        for player in state.players.values():
            player.mana_pool.clear()
        return
    if repeating or state.step not in PHASE_LAST_STEPS:
        return
    for name, player in state.players.items():
        lost = len(player.mana_pool)
        player.mana_pool.clear()
        if lost:
            player.life -= lost
            state.log("mana-burn", player=name, amount=lost)
