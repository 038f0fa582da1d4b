"""phase.rs (phase-python 0.103.0): a kicked Agonizing Demise aimed at Darksteel Colossus
(indestructible) destroys nothing and then deals no damage to the Colossus's controller: its
"damage equal to that creature's power" is read only from a creature that was moved. CR 608.2h,
702.12b: the destroy does nothing, the creature is still on the battlefield, and the damage
equals its current power (11).

Standalone: pip install phase-python==0.103.0 && python that-creatures-power-needs-a-move.py
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


CARDS = [[{'name': 'Agonizing Demise',
   'manaCost': '{3}{B}',
   'manaValue': 4.0,
   'convertedManaCost': 4.0,
   'colors': ['B'],
   'colorIdentity': ['B', 'R'],
   'types': ['Instant'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Kicker {1}{R} (You may pay an additional {1}{R} as you cast this spell.)\n'
           "Destroy target nonblack creature. It can't be regenerated. If this spell was kicked, "
           "it deals damage equal to that creature's power to the creature's controller.",
   'layout': 'normal',
   'type': 'Instant',
   'identifiers': {'scryfallOracleId': 'eeffa4b0-c62f-5413-ba2a-42d72ade2f53'},
   'legalities': {},
   'keywords': ['Kicker']}],
 [{'name': 'Darksteel Colossus',
   'manaCost': '{11}',
   'manaValue': 11.0,
   'convertedManaCost': 11.0,
   'colors': [],
   'colorIdentity': [],
   'types': ['Artifact', 'Creature'],
   'subtypes': ['Golem'],
   'supertypes': [],
   'text': 'Trample, indestructible\n'
           'If Darksteel Colossus would be put into a graveyard from anywhere, reveal Darksteel '
           "Colossus and shuffle it into its owner's library instead.",
   'layout': 'normal',
   'type': 'Artifact Creature — Golem',
   'identifiers': {'scryfallOracleId': 'ee594e2d-c73c-5545-a450-897a55abb852'},
   'legalities': {},
   'keywords': ['Trample'],
   'power': '11',
   'toughness': '11'}]]

eng = engine(CARDS)
g, ids = game(eng, ["Agonizing Demise"], ["Darksteel Colossus"])
demise, colossus = ids["Agonizing Demise"][0], ids["Darksteel Colossus"][0]
put(g, demise, "Hand")
put(g, colossus, "Battlefield")
debug(g, "AddMana", player_id=0, mana=["Black", "Colorless", "Colorless", "Colorless", "Red",
                                       "Colorless"])
asked = cast(g, 0, demise, targets=[{"Object": colossus}], kick=True)
assert "OptionalCostChoice" in asked, asked
while g.stack() and g.waiting_for()["type"] == "Priority":
    act(g, g.priority_player(), "PassPriority")
zone, life = g.object(colossus)["zone"], g.player(1)["life"]
print(f"Darksteel Colossus: {zone}; bob's life {life} (CR 608.2h: Battlefield, 9)")
assert zone == "Battlefield" and life == 20, "fixed?"
print("reproduced")
