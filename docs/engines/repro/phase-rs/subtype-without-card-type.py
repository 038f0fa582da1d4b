"""phase.rs (phase-python 0.103.0): an effect that adds a creature type to an artifact that isn't a
creature gives it that subtype (CR 205.3d: an object can't have a subtype that doesn't
correspond to one of its card types).

Standalone: pip install phase-python==0.103.0 && python subtype-without-card-type.py
Prints "reproduced" while the behaviour is there; an AssertionError means it
changed.
"""

import json

from phase import Engine, GameAction, build_oracle_face, build_oracle_face_multi

FILLER = {"name": "Filler", "manaCost": "", "manaValue": 0.0, "colors": [], "colorIdentity": [],
          "types": ["Land"], "subtypes": [], "supertypes": [], "text": "", "layout": "normal",
          "type": "Land", "identifiers": {}, "legalities": {}, "keywords": []}


def engine(cards):
    """An Engine from MTGJSON atomic cards (a list of faces per card)."""
    db = {"filler": build_oracle_face(FILLER, None)}
    for faces in cards:
        oid = faces[0]["identifiers"]["scryfallOracleId"]
        if len(faces) == 1:
            db[faces[0]["name"].lower()] = build_oracle_face(faces[0], oid)
            continue
        for i, f in enumerate(faces):
            built = build_oracle_face_multi(f, oid)
            db[built["name"].lower()] = dict(built, layout=f["layout"], face_index=i)
    return Engine.from_json(json.dumps(db))


def debug(g, kind, **data):
    """One of the engine's sandbox (debug) actions, used here only to set the scene."""
    return g.apply(0, GameAction.from_dict({"type": "Debug", "data": {"type": kind, "data": data}}))


def act(g, seat, kind, **data):
    action = {"type": kind, "data": data} if data else {"type": kind}
    return g.apply(seat, GameAction.from_dict(action))


def game(eng, mine, theirs=()):
    """A sandbox game at seat 0's precombat main phase; returns (game, {face name: [ids]})."""
    g = eng.new_game(player=list(mine) + ["Filler"] * 10, opponent=list(theirs) + ["Filler"] * 10,
                     seed=1, first_player=0)
    for seat in (0, 1):
        g.apply(seat, next(a for a in g.actions() if a.kind == "MulliganDecision"
                           and a.data["choice"]["type"] == "Keep"))
    root = g.state()
    root["state"]["debug_mode"] = True
    g = eng.load_game(root)
    debug(g, "SetPhase", phase="PreCombatMain", active_player=0)
    ids = {}
    for key, obj in sorted(root["state"]["objects"].items(), key=lambda kv: int(kv[0])):
        if obj["name"] == "Filler":
            debug(g, "RemoveObject", object_id=int(key))
        else:
            ids.setdefault(obj["name"], []).append(int(key))
    return g, ids


def put(g, oid, zone, sick=False):
    debug(g, "MoveToZone", object_id=oid, to_zone=zone)
    if zone == "Battlefield":
        debug(g, "SetSummoningSickness", object_id=oid, sick=sick)


def computed(eng, g, oid):
    """The engine's own computed characteristics of an object (its zone-change record), read
    on a copy of the game so the game itself does not change."""
    root = g.state()
    root["state"]["debug_mode"] = True
    copy = eng.load_game(root)
    zone = "Graveyard" if copy.object(oid)["zone"] == "Exile" else "Exile"
    for event in debug(copy, "MoveToZone", object_id=oid, to_zone=zone).events:
        if event["type"] == "ZoneChanged" and event["data"]["object_id"] == oid:
            return event["data"]["record"]["trigger_source_context"]["lki"]
    raise AssertionError("no zone change")


def cast(g, seat, oid, targets=(), kick=False):
    """Cast through the engine's prompts; return the list of prompts it asked."""
    asked = []
    act(g, seat, "CastSpell", object_id=oid, card_id=oid, payment_mode={"type": "Auto"}, targets=[])
    targets = list(targets)
    while (kind := g.waiting_for()["type"]) != "Priority":
        asked.append(kind)
        if kind == "TargetSelection":
            act(g, seat, "ChooseTarget", target=targets.pop(0))
        elif kind == "OptionalCostChoice":
            act(g, seat, "DecideOptionalCost", pay=kick)
        else:
            raise AssertionError(f"unexpected prompt {kind}")
    return asked


def pass_until_resolved(g):
    size = len(g.stack())
    while len(g.stack()) >= size and g.waiting_for()["type"] == "Priority":
        act(g, g.priority_player(), "PassPriority")




def with_effect(eng, g, oid, *modifications):
    """The game with one continuous effect on object ``oid`` written into the engine's own
    effect records (the form its parser gives "... is a ... in addition to its other types")."""
    root = g.state()
    st = root["state"]
    st["debug_mode"] = True
    obj = st["objects"][str(oid)]
    eid, ts = int(st.get("next_continuous_effect_id", 1)), int(st.get("next_timestamp", 1))
    st.setdefault("transient_continuous_effects", []).append({
        "affected": {"id": oid, "type": "SpecificObject"},
        "affected_recipient": {"incarnation": obj.get("incarnation", 0), "object_id": oid},
        "controller": obj["controller"], "duration": "Permanent", "id": eid,
        "modifications": list(modifications), "source_id": oid, "source_name": "an effect",
        "timestamp": ts})
    st["next_continuous_effect_id"], st["next_timestamp"] = eid + 1, ts + 1
    return eng.load_game(root)


CARDS = [[{'colorIdentity': [],
   'colors': [],
   'convertedManaCost': 1.0,
   'identifiers': {'scryfallOracleId': 'd47e5f8a-61cf-551c-b839-77bf5817b25f'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{1}',
   'manaValue': 1.0,
   'name': 'Sol Ring',
   'subtypes': [],
   'supertypes': [],
   'text': '{T}: Add {C}{C}.',
   'type': 'Artifact',
   'types': ['Artifact']}]]

eng = engine(CARDS)
g, ids = game(eng, ["Sol Ring"])
ring = ids["Sol Ring"][0]
put(g, ring, "Battlefield")
g = with_effect(eng, g, ring, {"type": "AddSubtype", "subtype": "Goblin"})
types = g.object(ring)["card_types"]
print(f"Sol Ring: types {types['core_types']}, subtypes {types['subtypes']} (expected none)")
assert "Goblin" in types["subtypes"] and "Creature" not in types["core_types"], "fixed?"
print("reproduced")
