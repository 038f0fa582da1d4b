"""A case's casting permissions at setup as phase.rs's own static abilities on emblems.

A setup permission (``setup.permissions``, CR 601.3) is an effect that already lets a player cast
spells from another zone, as though they had flash, or without paying their mana costs. phase.rs
grants such permissions only through static abilities its Oracle parser builds
(``GraveyardCastPermission``, ``CastFromHandFree``, ``CastWithKeyword``); its sandbox has no
action that grants one. So each permission is written as the Oracle sentence that says it
("You may cast instant spells from your graveyard.") on an emblem of its player: an object in
the command zone with no characteristics but that ability (CR 114.1, 114.4: an emblem's
abilities work from the command zone), which phase.rs parses itself and then applies by its own
rules. A permission the sentence can't say, or that phase.rs's parser doesn't read as the one
static ability expected, is declined.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...adapter import Unsupported

__all__ = ["EMBLEM_PREFIX", "check_parsed", "permission_cards", "permission_text"]

#: Names of the emblem cards (one per permission, numbered in the setup's order).
EMBLEM_PREFIX = "Mtgconf Permission Emblem"

#: Filter keys of ``spells`` the sentence can say.
_FILTER_KEYS = frozenset({"type", "color", "mana_value_max"})

#: phase.rs's static ability mode for each kind of permission.
_MODES = {"zone": "GraveyardCastPermission", "free": "CastFromHandFree",
          "flash": "CastWithKeyword"}


def _spells(spells: Mapping[str, Any]) -> str:
    unknown = sorted(set(spells) - _FILTER_KEYS)
    if unknown:
        raise Unsupported(f"setup permissions: a spell filter on {', '.join(unknown)} is not "
                          "put into words here for phase.rs's Oracle parser")
    words = []
    if spells.get("color"):
        words.append(str(spells["color"]).lower())
    if spells.get("type"):
        words.append(str(spells["type"]).lower())
    text = " ".join([*words, "spells"])
    if spells.get("mana_value_max") is not None:
        text += f" with mana value {int(spells['mana_value_max'])} or less"
    return text


def permission_text(permission: Mapping[str, Any]) -> tuple[str, str]:
    """The Oracle sentence of one setup permission and the kind of static ability it is
    (``zone``, ``free`` or ``flash``); Unsupported for what the sentence can't say."""
    if permission.get("object") is not None:
        raise Unsupported("setup permissions: a permission for one object only (its card "
                          "named) is not put into words here for phase.rs's Oracle parser")
    if permission.get("additional_cost"):
        raise Unsupported("setup permissions: phase.rs's Oracle parser reads no 'if you pay "
                          "{N} more' permission (it drops the whole sentence)")
    zones = [str(z) for z in permission.get("zones") or []]
    free = bool(permission.get("without_paying_mana_cost"))
    flash = bool(permission.get("flash"))
    if len(zones) > 1 or (zones and zones[0] not in ("hand", "graveyard")):
        raise Unsupported(f"setup permissions: casting from {zones} is not put into words "
                          "here for phase.rs's Oracle parser")
    if flash and (zones or free):
        raise Unsupported("setup permissions: flash together with another zone or cost is "
                          "not put into words here for phase.rs's Oracle parser")
    spells = _spells(dict(permission.get("spells") or {}))
    where = f" from your {zones[0]}" if zones else ""
    if flash:
        return f"You may cast {spells} as though they had flash.", "flash"
    if free:
        return f"You may cast {spells}{where or ' from your hand'} without paying their mana " \
               "costs.", "free"
    if zones == ["graveyard"]:
        return f"You may cast {spells} from your graveyard.", "zone"
    raise Unsupported("setup permissions: a permission that changes nothing phase.rs can be "
                      "told (no zone, flash or cost)")


def permission_cards(setup: Mapping[str, Any]) -> dict[str, tuple[str, str, dict[str, Any]]]:
    """The emblem card of each setup permission: name -> (player, kind, card data)."""
    out: dict[str, tuple[str, str, dict[str, Any]]] = {}
    permissions: Sequence[Mapping[str, Any]] = setup.get("permissions") or []
    for index, permission in enumerate(permissions, 1):
        text, kind = permission_text(permission)
        name = f"{EMBLEM_PREFIX} {index}"
        out[name] = (str(permission.get("player", "alice")), kind,
                     {"name": name, "layout": "normal", "mana_cost": "", "types": [],
                      "oracle_text": text})
    return out


def check_parsed(name: str, kind: str, face: Mapping[str, Any]) -> None:
    """Unsupported unless phase.rs parsed the emblem's sentence as the one static ability of
    the permission's kind (its parser drops some sentences without marking them
    unimplemented)."""
    statics = list(face.get("static_abilities") or [])
    modes = [next(iter(s.get("mode") or {"?": 0})) if isinstance(s.get("mode"), Mapping)
             else str(s.get("mode")) for s in statics]
    if modes != [_MODES[kind]]:
        raise Unsupported(f"setup permissions: phase.rs's Oracle parser reads {name}'s "
                          f"sentence as {modes or 'nothing'}, not one {_MODES[kind]}")
