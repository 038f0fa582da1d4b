"""A case's setup effects as phase.rs's own continuous-effect records.

phase.rs keeps the continuous effects that spells and abilities created in its game state
(``transient_continuous_effects``: what they affect, their modifications, timestamp and duration)
and applies them with its own layer system (CR 613). Its sandbox has no action that creates one,
so the setup writes a case's ``setup.effects`` there, in the engine's own vocabulary, once, before
the first step; from then on the engine alone decides what they do.

The case format's operations map onto phase.rs modifications by layer (CR 613.1): ``set_name``
(layer 1 text, here SetName), ``set_types`` / ``add_types`` (layer 4), ``set_colors`` /
``add_colors`` (layer 5), ``add_abilities`` / ``remove_abilities`` / ``remove_all_abilities``
(layer 6), ``set_pt`` and ``set_base_pt`` to numbers (7b), ``modify_pt`` (7c) and
``switch_pt`` (7d). Keyword words are turned into phase.rs keywords by phase.rs's own Oracle
parser (a one-line card with the keyword's text), so "protection from white" is the engine's
own reading of those words.

A copy effect (layer 1, CR 707.2) copies phase.rs's own copiable values of the copied object
(the ``lki_copiable_values`` it keeps), with the copy's exceptions (707.9b) as further
modifications of the same record.

What phase.rs's records cannot hold is :class:`~conformance.adapter.Unsupported` with the reason:
name stickers (phase.rs has stickers; the adapter writes none yet, CR 123.6), abilities other
than keywords given as data (it grants abilities only as its own parsed definitions), and
effects on objects outside the battlefield (its effect filters match permanents).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...adapter import Unsupported
from .._mtgjson import card_faces
from .text import keyword_text

__all__ = ["EffectWriter"]

_COLORS = {"white": "White", "blue": "Blue", "black": "Black", "red": "Red", "green": "Green"}
_DURATIONS = {None: "Permanent", "permanent": "Permanent", "end-of-turn": "UntilEndOfTurn",
              "while-source": "UntilHostLeavesPlay", "end-of-combat": "UntilEndOfCombat"}
_CONTROLLERS = {"you": "You", "opponent": "Opponent"}
#: Filter keys compared with a number, as phase.rs's own parser writes them ("creatures with mana
#: value 2 or less": Cmc LE; "with power 3 or greater": PtComparison GE): key -> (stat, comparator).
#: The color-count filters (CR 105.2a-c) as phase.rs ColorCount comparisons, for true / false.
_COLOR_COUNTS = {"colorless": {True: ("EQ", 0), False: ("GE", 1)},
                 "monocolored": {True: ("EQ", 1), False: ("NE", 1)},
                 "multicolored": {True: ("GE", 2), False: ("LE", 1)}}

_COMPARED = {"mana_value": ("ManaValue", "EQ"), "mana_value_max": ("ManaValue", "LE"),
             "mana_value_min": ("ManaValue", "GE"), "power": ("Power", "EQ"),
             "power_max": ("Power", "LE"), "power_min": ("Power", "GE"),
             "toughness": ("Toughness", "EQ"), "toughness_max": ("Toughness", "LE"),
             "toughness_min": ("Toughness", "GE")}


def _color(word: Any) -> str:
    if str(word) not in _COLORS:
        raise Unsupported(f"setup effect color {word!r} has no phase.rs color")
    return _COLORS[str(word)]


class EffectWriter:
    """Turns the case's setup effects into phase.rs effect records."""

    def __init__(self, build_face: Callable[[Mapping[str, Any], Any], Any],
                 ids: Mapping[str, int], seat: Callable[[str], int]) -> None:
        self._build_face = build_face
        self._ids = ids
        self._seat = seat
        self._keywords: dict[str, Any] = {}
        #: phase.rs's own copiable values of each object (its ``lki_copiable_values``).
        self._copiable: Mapping[str, Any] = {}
        self._objects: Mapping[str, Any] = {}

    def keyword(self, word: str) -> Any:
        """phase.rs's keyword for the case format's keyword words, read by its own parser."""
        if word not in self._keywords:
            text = word[:1].upper() + word[1:]
            card = {"name": "Mtgconf Keyword Probe", "mana_cost": "", "types": ["Creature"],
                    "power": 1, "toughness": 1, "oracle_text": text}
            face = self._build_face(card_faces(card)[0], None)
            found = list(face.get("keywords") or [])
            if len(found) != 1:
                raise Unsupported(f"phase.rs's parser does not read {word!r} as one keyword")
            self._keywords[word] = found[0]
        return self._keywords[word]

    # -- operations -----------------------------------------------------------------------------

    def modifications(self, entry: Mapping[str, Any]) -> list[dict[str, Any]]:
        """phase.rs modifications for one setup effect's operation (CR 613.1 layers)."""
        kind = str(entry.get("type"))
        if kind == "modify_pt":
            return [{"type": "AddPower", "value": int(entry.get("power", 0))},
                    {"type": "AddToughness", "value": int(entry.get("toughness", 0))}]
        if kind in ("set_pt", "set_base_pt"):  # both layer 7b (613.4b): SetPower/SetToughness
            mods: list[dict[str, Any]] = []
            for key, verb in (("power", "SetPower"), ("toughness", "SetToughness")):
                value = entry.get(key)
                if value is None:
                    continue
                if not isinstance(value, int):
                    raise Unsupported(f"setup effect {kind!r}: a counted {key} ({value!r}) is "
                                      "not written as a phase.rs modification through this "
                                      "adapter (only numbers are)")
                mods.append({"type": verb, "value": value})
            return mods
        if kind == "switch_pt":
            return [{"type": "SwitchPowerToughness"}]
        if kind == "set_colors":
            return [{"type": "SetColor", "colors": [_color(c) for c in entry.get("colors", [])]}]
        if kind == "add_colors":
            return [{"type": "AddColor", "color": _color(c)} for c in entry.get("colors", [])]
        if kind == "set_name":
            return [{"type": "SetName", "name": str(entry["name"])}]
        if kind in ("add_abilities", "remove_abilities"):
            given = list(entry.get("abilities") or [])
            if any(a.get("kind") != "keyword" for a in given):
                raise Unsupported("phase.rs's effect records grant abilities only as its own "
                                  "parsed ability definitions; a non-keyword ability given as "
                                  "data has none")
            # keyword abilities given as data (an instance each, 702.1) read as Oracle words
            words = [str(k) for k in entry.get("keywords", [])] + [keyword_text(a)
                                                                   for a in given]
            verb = "AddKeyword" if kind == "add_abilities" else "RemoveKeyword"
            return [{"type": verb, "keyword": self.keyword(w)} for w in words]
        if kind == "remove_all_abilities":
            return [{"type": "RemoveAllAbilities"}]
        if kind == "set_types":
            mods = [{"type": "SetCardTypes", "core_types": list(entry.get("types", []))}]
            if "subtypes" in entry:
                mods += [{"type": "RemoveAllSubtypes", "set": t}
                         for t in ("Creature", "Land", "Artifact", "Enchantment")]
                mods += [{"type": "AddSubtype", "subtype": s} for s in entry["subtypes"]]
            return mods
        if kind == "add_types":
            return ([{"type": "AddType", "core_type": t} for t in entry.get("types", [])]
                    + [{"type": "AddSupertype", "supertype": s}
                       for s in entry.get("supertypes", [])]
                    + [{"type": "AddSubtype", "subtype": s} for s in entry.get("subtypes", [])])
        if kind == "name_sticker":
            raise Unsupported("name sticker (CR 123.6): phase.rs 0.103.0 has stickers (its "
                              "PutSticker/ApplySticker effects and applied-sticker records), "
                              "but this adapter has no writer for a sticker in its state yet")
        if kind == "copy":
            values = self._copiable.get(str(self._ids.get(str(entry.get("of")), -1)))
            if values is None:
                raise Unsupported(f"phase.rs has no copiable values for {entry.get('of')!r} "
                                  "(it keeps them only for objects it has seen on the battlefield)")
            source = self._objects.get(str(self._ids.get(str(entry.get("of")), -1))) or {}
            if str((source.get("back_face") or {}).get("layout_kind")) in ("Transform",
                                                                            "ModalDfc"):
                # Loaded with this record, phase.rs gives the copier the source's base
                # characteristics and back face (a single-faced copy then transforms), which
                # its own copy effects (Clone) don't; its sandbox has no action that copies.
                raise Unsupported("a copy of a double-faced permanent given as setup data: "
                                  "phase.rs's sandbox has no copy action, and its copy record "
                                  "written at setup also copies the back face (CR 707.8)")
            mods = [{"type": "CopyValues", "values": values, "display_source": "Card",
                     "printed_ref": source.get("printed_ref"), "token_art": None,
                     "token_image_ref": None}]
            for exception in entry.get("except", []) or []:  # part of the copy effect (707.9b)
                mods += self.modifications(exception)
            return mods
        raise Unsupported(f"setup effect {kind!r} has no phase.rs modification")

    def affected(self, spec: Any) -> list[dict[str, Any]]:
        """phase.rs target filters for the case's ``affected``: one per handle, or a filter."""
        if isinstance(spec, list):
            return [{"type": "SpecificObject", "id": self._ids[str(h)]} for h in spec]
        if not isinstance(spec, Mapping):
            raise Unsupported("a setup effect's 'affected' is neither handles nor a filter")
        if "any" in spec:  # one of several filters: phase.rs's Or
            base = {k: v for k, v in spec.items() if k != "any"}
            options = spec["any"] if isinstance(spec["any"], list) else [spec["any"]]
            return [{"type": "Or", "filters": [self.affected({**base, **dict(option)})[0]
                                               for option in options]}]
        types: list[Any] = []
        props: list[dict[str, Any]] = []
        controller = None
        for key, value in spec.items():
            if key == "type":
                types += [value] if isinstance(value, str) else list(value)
            elif key == "keyword":
                props.append({"type": "WithKeyword", "value": self.keyword(str(value))})
            elif key == "color" and isinstance(value, str):
                props.append({"type": "HasColor", "color": _color(value)})
            elif key == "token" and value is True:
                props.append({"type": "Token"})
            elif key == "attacking" and value is True:
                props.append({"type": "Attacking"})
            elif key == "name" and isinstance(value, str):
                props.append({"type": "Named", "name": value})
            elif key == "supertype" and isinstance(value, str):
                props.append({"type": "HasSupertype", "value": value})
            elif key == "subtype" and isinstance(value, str):
                types.append({"Subtype": value})
            elif key == "not_type" and isinstance(value, str):
                types.append({"Non": value})
            elif key == "not_color" and isinstance(value, str):
                props.append({"type": "NotColor", "color": _color(value)})
            elif (key == "not" and isinstance(value, Mapping) and set(value) == {"color"}
                  and isinstance(value["color"], str)):
                props.append({"type": "NotColor", "color": _color(value["color"])})
            elif key in _COLOR_COUNTS and isinstance(value, bool):
                # phase.rs's own ColorCount property (its parser writes it for "colorless",
                # "multicolored"): how many colors the object has (CR 105.2a-c)
                comparator, count = _COLOR_COUNTS[key][value]
                props.append({"type": "ColorCount", "comparator": comparator, "count": count})
            elif key in _COMPARED and isinstance(value, int):
                stat, comparator = _COMPARED[key]
                fixed = {"type": "Fixed", "value": value}
                props.append({"type": "Cmc", "comparator": comparator, "value": fixed}
                             if stat == "ManaValue" else
                             {"type": "PtComparison", "stat": stat, "scope": "Current",
                              "comparator": comparator, "value": fixed})
            elif key == "controller" and value in _CONTROLLERS:
                controller = _CONTROLLERS[str(value)]
            else:
                raise Unsupported(f"phase.rs's effect filters (on permanents) have no match "
                                  f"for the setup filter {key} = {value!r}")
        return [{"type": "Typed", "type_filters": types, "controller": controller,
                 "properties": props}]

    def records(self, effects: Sequence[Mapping[str, Any]], *, first_id: int,
                first_timestamp: int, active: int,
                copiable: Mapping[str, Any] | None = None,
                objects: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """The phase.rs effect records for ``effects``, in order (timestamps after objects).

        ``copiable`` is phase.rs's own copiable values by object id (CR 707.2), which a copy
        effect copies (its ``CopyValues`` modification)."""
        self._copiable = copiable or {}
        self._objects = objects or {}
        out: list[dict[str, Any]] = []
        for index, entry in enumerate(effects):
            duration = entry.get("duration")
            if duration not in _DURATIONS:
                raise Unsupported(f"setup effect duration {duration!r} has no phase.rs "
                                  "duration")
            if duration == "while-source" and not entry.get("source"):
                raise Unsupported("a while-source setup effect without a source")
            mods = self.modifications(entry)
            controller = (self._seat(str(entry["controller"])) if entry.get("controller")
                          else active)
            for affected in self.affected(entry.get("affected")):
                source = (self._ids[str(entry["source"])] if entry.get("source")
                          else affected.get("id", 0))
                extra: dict[str, Any] = {}
                if affected.get("type") == "SpecificObject":  # the incarnation it applies to
                    target = self._objects.get(str(affected["id"])) or {}
                    extra["affected_recipient"] = {"incarnation": target.get("incarnation", 0),
                                                   "object_id": affected["id"]}
                out.append({**extra, "affected": affected, "controller": controller,
                            "duration": _DURATIONS[duration], "id": first_id + len(out),
                            "modifications": mods, "source_id": source,
                            "source_name": f"setup effect {index}",
                            "timestamp": first_timestamp + index})
        return out
