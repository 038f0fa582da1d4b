"""phase.rs (phase-python 0.103.0): a spell whose additional cost can't be paid
(Withering Boon, 'pay 3 life', at 1 life) is refused as it is announced, before its targets
are chosen. CR 601.2c comes before 601.2f-h: targets are chosen before the total cost is
determined and paid, so a cast that names no target fails for the target first (the cast is
illegal either way; only the first reason differs).

Standalone: pip install phase-python==0.103.0 && python additional-cost-before-targets.py
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


CARDS = [[{'name': 'Withering Boon',
   'manaCost': '{1}{B}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['B'],
   'colorIdentity': ['B'],
   'types': ['Instant'],
   'subtypes': [],
   'supertypes': [],
   'text': 'As an additional cost to cast this spell, pay 3 life.\n'
           'Counter target creature spell.',
   'layout': 'normal',
   'type': 'Instant',
   'identifiers': {'scryfallOracleId': '9679d54b-9ee5-5677-9677-f809f0f56f5e'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Grizzly Bears',
   'manaCost': '{1}{G}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['G'],
   'colorIdentity': ['G'],
   'types': ['Creature'],
   'subtypes': ['Bear'],
   'supertypes': [],
   'text': '',
   'layout': 'normal',
   'type': 'Creature — Bear',
   'identifiers': {'scryfallOracleId': 'a87fde20-6ff7-5716-8343-ee28a0214f1e'},
   'legalities': {},
   'keywords': [],
   'power': '2',
   'toughness': '2'}]]

eng = engine(CARDS)
g, ids = game(eng, ["Withering Boon"], ["Grizzly Bears"])
boon, bears = ids["Withering Boon"][0], ids["Grizzly Bears"][0]
put(g, boon, "Hand")
put(g, bears, "Hand")
debug(g, "SetLife", player_id=0, life=1)
debug(g, "AddMana", player_id=0, mana=["Black", "Black"])
debug(g, "AddMana", player_id=1, mana=["Green", "Green"])
debug(g, "SetPhase", phase="PreCombatMain", active_player=1)
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
if g.priority_player() != 1:
    act(g, g.priority_player(), "PassPriority")
cast(g, 1, bears)  # a creature spell on the stack: a legal target for Withering Boon
act(g, 1, "PassPriority")
assert g.priority_player() == 0 and len(g.stack()) == 1
try:
    act(g, 0, "CastSpell", object_id=boon, card_id=boon, payment_mode={"type": "Auto"},
        targets=[])
    refused = None
except ValueError as exc:
    refused = str(exc)
print(f"Withering Boon (additional cost: pay 3 life) at 1 life is refused as it is announced: "
      f"{refused!r}, before any target is chosen (CR 601.2c, then 601.2f-h: targets are chosen "
      "before the total cost is determined and paid, so a cast with no target chosen fails "
      "for its target first)")
assert refused and "additional cost" in refused, "fixed?"
print("reproduced")
