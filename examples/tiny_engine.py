#!/usr/bin/env python3
"""A tiny engine that speaks the mtg-conformance JSON-lines protocol (version 1).

It knows only printed characteristics under the modern rules (cards with static
abilities, which could change them, are unsupported): split cards combine their halves
off the stack (CR 709.4) and show only the cast half on it; a transforming double-faced card shows
its front face except when it is on the battlefield back face up, and keeps its front face's mana
value (CR 712.8). Everything else it answers with "unsupported".

It is written from the protocol alone (standard library only, no import of mtg-conformance), as a
starting point for an adapter in another language. Try it:

    mtgconf run --adapter "cmd:python examples/tiny_engine.py" spec/cases/characteristics
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

COLORS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
ORDER = list(COLORS.values())
FEATURES = ["characteristics", "split-cards", "double-faced-cards", "kindred"]


def symbols(cost: str) -> list[str]:
    return re.findall(r"\{([^}]+)\}", cost or "")


def mana_value(cost: str) -> int:
    total = 0
    for s in symbols(cost):
        if s.isdigit():
            total += int(s)
        elif s not in ("X", "Y", "Z"):
            parts = s.split("/")
            total += max(int(parts[0]), 1) if parts[0].isdigit() else 1
    return total


def colors_of(face: dict[str, Any]) -> set[str]:
    out = set(face.get("color_indicator", []))
    for s in symbols(face.get("mana_cost", "")):
        out |= {COLORS[p] for p in s.split("/") if p in COLORS}
    return out


def has_abilities(card: dict[str, Any]) -> bool:
    """Whether the card data has static abilities, which could change characteristics."""
    faces = card.get("faces", [card])
    return any(a.get("kind") == "static" for f in faces for a in f.get("abilities", []))


class Object:
    def __init__(self, card: dict[str, Any], entry: dict[str, Any]) -> None:
        self.card = card
        self.zone = entry.get("zone", "battlefield")
        self.back = entry.get("face") == "back"
        self.half = entry.get("half")

    def view(self) -> dict[str, Any]:
        """The characteristics this object has now."""
        card = self.card
        layout = card.get("layout", "normal")
        if layout == "split":
            faces = card["faces"]
            if self.zone == "stack" and self.half:
                return self._face(next(f for f in faces if f["name"] == self.half))
            # CR 709.4b: the combined cost, generic mana added up ("{3}{R}{G}").
            parts = [s for f in faces for s in symbols(f.get("mana_cost", ""))]
            generic = sum(int(s) for s in parts if s.isdigit())
            cost = (f"{{{generic}}}" if generic else "") + "".join(
                f"{{{s}}}" for s in parts if not s.isdigit())
            return {
                "names": [f["name"] for f in faces],
                "mana_cost": cost,
                "mana_value": mana_value(cost),
                "colors": set().union(*(colors_of(f) for f in faces)),
                "types": list(dict.fromkeys(t for f in faces for t in f.get("types", []))),
                "subtypes": [], "supertypes": [], "power": None, "toughness": None,
            }
        if layout == "transform":
            front = card["faces"][0]
            if self.back and self.zone in ("battlefield", "stack"):
                view = self._face(card["faces"][1])
                view["mana_value"] = mana_value(front.get("mana_cost", ""))
                return view
            return self._face(front)
        return self._face(card)

    @staticmethod
    def _face(face: dict[str, Any]) -> dict[str, Any]:
        return {
            "names": [face["name"]],
            "mana_cost": face.get("mana_cost", ""),
            "mana_value": mana_value(face.get("mana_cost", "")),
            "colors": colors_of(face),
            "types": list(face.get("types", [])),
            "subtypes": list(face.get("subtypes", [])),
            "supertypes": list(face.get("supertypes", [])),
            "power": face.get("power"),
            "toughness": face.get("toughness"),
        }


class Unsupported(Exception):
    pass


def answer(objects: dict[str, Object], query: dict[str, Any]) -> Any:
    kind = query.get("query")
    obj = objects.get(query.get("object", ""))
    if obj is None:
        raise Unsupported(f"query {kind!r} without a known object")
    view = obj.view()
    colors = [c for c in ORDER if c in view["colors"]]
    simple = {
        "mana_value": view["mana_value"], "mana_cost": view["mana_cost"], "colors": colors,
        "is_multicolored": len(colors) >= 2, "is_monocolored": len(colors) == 1,
        "is_colorless": not colors, "name": " // ".join(view["names"]),
        "names": view["names"], "types": view["types"], "subtypes": view["subtypes"],
        "supertypes": view["supertypes"], "power": view["power"],
        "toughness": view["toughness"], "zone": obj.zone,
    }
    if kind == "mana_cost" and obj.card.get("layout") == "split" and obj.zone != "stack":
        # The combined cost is written in the conventional color order (CR 709.4b example);
        # this example engine does not implement that ordering.
        raise Unsupported("tiny engine does not write a split card's combined mana cost")
    if kind in simple:
        return simple[kind]
    raise Unsupported(f"tiny engine does not answer {kind!r}")


def main() -> None:
    objects: dict[str, Object] = {}
    for line in sys.stdin:
        request = json.loads(line)
        seq, cmd = request.get("seq"), request.get("cmd")
        reply: dict[str, Any] = {"seq": seq}
        try:
            if cmd == "hello":
                reply["info"] = {"name": "tiny", "version": "1.0", "eras": ["modern"],
                                 "features": FEATURES}
            elif cmd == "start":
                cards = request["cards"]
                objects = {}
                for entry in request["setup"].get("objects", []):
                    if "card" not in entry or entry["card"] not in cards:
                        raise Unsupported("tiny engine only knows catalog cards")
                    if has_abilities(cards[entry["card"]]):
                        raise Unsupported("tiny engine knows printed values, no static abilities")
                    objects[entry.get("handle", str(len(objects)))] = Object(
                        cards[entry["card"]], entry)
                reply["ok"] = True
            elif cmd == "observe":
                reply["value"] = answer(objects, request["query"])
            elif cmd == "perform":
                raise Unsupported("tiny engine performs no actions")
            elif cmd in ("end", "quit"):
                reply["ok"] = True
            else:
                reply["error"] = f"unknown command {cmd!r}"
        except Unsupported as exc:
            reply = {"seq": seq, "unsupported": str(exc)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if cmd == "quit":
            return


if __name__ == "__main__":
    main()
