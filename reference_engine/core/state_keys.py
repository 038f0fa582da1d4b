"""The state each rules area keeps in :attr:`GameState.extra`, as a table of typed slots.

An area that needs game-wide state of its own keeps it in ``state.extra`` under a key listed
here, with the area that owns it and the rule it serves (CR numbers). ``state.extra`` is a
:class:`StateSlots`: reading or writing a key that is not in the table raises at once, as
:meth:`GameState.log` refuses an event kind missing from
:data:`reference_engine.core.events.EVENT_KINDS`, so a misspelt key can never quietly read as
empty. ``tests/test_events.py`` checks every key the source uses against this table.
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["STATE_KEYS", "StateKey", "StateSlots", "UnknownStateKey"]


class StateKey(NamedTuple):
    """One slot: the area owning it and what it holds (with its rule)."""

    area: str
    holds: str


#: Key of ``state.extra`` -> its slot.
STATE_KEYS: dict[str, StateKey] = {
    # core
    "arrivals": StateKey("core", "which permanents arrived together (603.6a, 614.12)"),
    "choices": StateKey("core", "the answers a case gives to choices made while resolving "
                                "(608.2d)"),
    "left": StateKey("core", "players who have left a multiplayer game, in order (800.4a)"),
    "teams": StateKey("core", "the teams of a game between teams, each in seating order "
                              "(102.3)"),
    "variant": StateKey("core", "the team variant the game uses, one per game (800.2, 808-811)"),
    "shared_team_turns": StateKey("core", "whether the shared team turns option is used (805)"),
    "linked_objects": StateKey("core", "objects a linked ability refers to (607.2a)"),
    "setup_targets": StateKey("core", "targets given by a case's setup to a stack object "
                                      "(601.2c)"),
    "simultaneous": StateKey("core", "the number of the group of objects moving at once "
                                     "(603.10a)"),
    "random_seed": StateKey("core", "the seed of random choices a case does not fix (701.24)"),
    # layers
    "control_until_end_of_turn": StateKey("layers", "control changes that end at cleanup "
                                                    "(514.2)"),
    "rule_effects": StateKey("layers", "rule-modifying effects (611.2c)"),
    "seats": StateKey("layers", "the players in seat order as the current turn began, for "
                                "ranges of influence (801.2c)"),
    "chosen_defender": StateKey("layers", "the defending player chosen this turn when the game "
                                          "uses no attack option (506.2a)"),
    "multiplayer_options": StateKey("layers", "the multiplayer variant and options: attack "
                                              "direction, ranges of influence (800.2, 801, "
                                              "803)"),
    "sticker_access": StateKey("actions", "the stickers each player has access to (123.2c)"),
    "stickers_placed": StateKey("actions", "which object each sticker is on, and since when "
                                           "(123.3, 123.5)"),
    # triggers
    "pending_triggers": StateKey("triggers", "triggered abilities waiting to be put on the "
                                             "stack (603.3)"),
    "trigger_cursor": StateKey("triggers", "how far in the event log triggers were looked for "
                                           "(603.2)"),
    "delayed_triggers": StateKey("triggers", "delayed triggered abilities (603.7)"),
    "last_known_info": StateKey("triggers", "last known information of permanents that left "
                                            "(603.10a, 608.2h)"),
    "simultaneous_seq": StateKey("triggers", "the counter of groups moving at once (603.10a)"),
    "simultaneous_chars": StateKey("triggers", "the characteristics every object had before the "
                                   "first move of the group moving at once (603.10a, 704.8)"),
    "creature_deaths": StateKey("triggers", "turns in which a creature died (700.4)"),
    # state-based actions and the game's end
    "won": StateKey("sba", "players who won (104.2)"),
    "lost": StateKey("sba", "players who lost, with why (104.3)"),
    "drawn": StateKey("sba", "players for whom an effect made the game a draw (104.4c, 104.4e)"),
    "drew_from_empty_library": StateKey("sba", "players who drew from an empty library "
                                               "(704.5b)"),
    "commanders": StateKey("sba", "each player's commanders (903.3)"),
    "brawl": StateKey("sba", "whether the Commander game uses the Brawl option (903.12a)"),
    # damage
    "damage_shields": StateKey("damage", "prevention shields (615.7)"),
    "prevent_all_damage": StateKey("damage", "effects preventing all damage (615.1)"),
    "player_effects": StateKey("damage", "continuous effects on players such as protection "
                                         "(702.16j)"),
    "protection_began_with": StateKey("damage", "what a protection effect's quality was as it "
                                                "began (702.16)"),
    "rules_this_turn": StateKey("damage", "'can't' rules lasting this turn (614.17)"),
    "commander_damage": StateKey("damage", "combat damage dealt by each commander to each "
                                           "player (903.10a)"),
    # objects and resolution
    "draws_this_turn": StateKey("resolution", "the cards each player has drawn this turn, by "
                                              "turn, for \"can't draw more than one card each "
                                              "turn\" (121.2b)"),
    "last_known": StateKey("objects", "last known copiable values of objects that left "
                                      "(707.2, 608.2h)"),
    "piles": StateKey("objects", "piles separated by an effect (700.3)"),
    "outside_cards": StateKey("objects", "the cards each player owns outside the game, by name "
                                         "(400.11, 309.2)"),
    "monarch": StateKey("actions", "the player who is the monarch (724.1, 724.3)"),
    "initiative": StateKey("actions", "the player who has the initiative (725.1, 725.3)"),
    "dungeons_completed": StateKey("objects", "how many dungeons each player has completed "
                                              "(309.7)"),
    "until_source_leaves": StateKey("objects", "what 'until this leaves' effects exiled, by "
                                               "source (610.3)"),
    "shuffle_after_move": StateKey("resolution", "cards to shuffle into a library once they are "
                                                 "in it (701.24a)"),
    "random_answers_used": StateKey("actions", "how many random results a case fixed were "
                                               "used (705, 706)"),
    "random_count": StateKey("actions", "how many random events happened (705, 706)"),
    # the turn
    "day_night": StateKey("turn", "whether it is day or night, once it is either (730.1)"),
    "day_night_turn_mark": StateKey("turn", "where the current turn began in the event log and "
                                            "whose turn it is, for the untap step's check "
                                            "(730.2)"),
    "passes": StateKey("turn", "players who passed in succession (117.4)"),
    "repeat_step": StateKey("turn", "a step to run again, e.g. a second combat damage step "
                                    "(510.4)"),
    "extra_turns": StateKey("turn", "extra turns still to come, the next last (500.7)"),
    "previous_active": StateKey("turn", "the player whose turn came before the current one, "
                                        "for effects lasting until a departed player's next "
                                        "turn (800.4m)"),
    "pregame": StateKey("turn", "the pregame while the game has not begun (103)"),
    "mulligans_taken": StateKey("turn", "each player's mulligans (103.5)"),
    # mana and casting
    "mana_sources_lki": StateKey("mana", "last known state of mana sources (605.3)"),
    "cast_permissions": StateKey("casting", "permissions to cast cards (601.3)"),
    "commander_casts": StateKey("casting", "casts of each commander from the command zone "
                                           "(903.8)"),
    "cast_transformed": StateKey("casting", "the card an effect is casting transformed, while "
                                            "it is cast (712.11a)"),
    # combat
    "awaiting_decision": StateKey("combat", "the step whose declaration is awaited (508.1, "
                                            "509.1)"),
    "combat": StateKey("combat", "the combat record: attackers, blockers, damage (506-511)"),
    "pending_attack": StateKey("combat", "an attack declaration being made (508.1)"),
    "pending_blocks": StateKey("combat", "a block declaration being made (509.1)"),
    "partial_blocks": StateKey("combat", "blocks declared so far by several defending players "
                                         "(509.1)"),
    "combat_damage_last_known": StateKey("combat", "last known objects of sources whose combat "
                                                   "damage is on the stack (608.2h)"),
    # turn: skipping (issue 32)
    "skip_next": StateKey("turn", "skip effects waiting for a player's next step or phase "
                                  "(614.10, 614.10a)"),
    "skipping_phase": StateKey("turn", "the phase being skipped this turn, step by step "
                                       "(614.10)"),
    "added_phases": StateKey("turn", "phases and steps added to this turn, waiting for the "
                                     "step they come after (500.8, 500.9)"),
    "added_queue": StateKey("turn", "the added steps still to come and the step the turn "
                                    "resumes after (500.8, 500.10)"),
}


class UnknownStateKey(KeyError):
    """A key of ``state.extra`` missing from :data:`STATE_KEYS`."""

    def __str__(self) -> str:
        return (f"unknown state key {self.args[0]!r}: list it in STATE_KEYS "
                "(reference_engine/core/state_keys.py) with its area and rule")


def _known(key: Any) -> Any:
    if key not in STATE_KEYS:
        raise UnknownStateKey(key)
    return key


class StateSlots(dict[str, Any]):
    """``state.extra``: a dict whose every key must be a slot of :data:`STATE_KEYS`."""

    __slots__ = ()

    def __getitem__(self, key: str) -> Any:
        return dict.__getitem__(self, _known(key))

    def __setitem__(self, key: str, value: Any) -> None:
        dict.__setitem__(self, _known(key), value)

    def __delitem__(self, key: str) -> None:
        dict.__delitem__(self, _known(key))

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, _known(key))

    def get(self, key: str, default: Any = None) -> Any:
        return dict.get(self, _known(key), default)

    def setdefault(self, key: str, default: Any = None) -> Any:
        return dict.setdefault(self, _known(key), default)

    def pop(self, key: str, *default: Any) -> Any:
        return dict.pop(self, _known(key), *default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def __reduce__(self) -> Any:
        return (StateSlots, (dict(self),))
