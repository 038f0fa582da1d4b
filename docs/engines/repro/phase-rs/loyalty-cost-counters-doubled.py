"""phase.rs (phase-python 0.103.0): Doubling Season doubles the loyalty counters
Jace Beleren's +2 puts on it as the cost of the ability: +4. CR 606.4 and 118.3: a loyalty
cost is paid, not an effect, and Doubling Season doubles only counters an effect would put
(614.1a); its starting loyalty (306.5b, a replacement effect, 614.1c) is doubled rightly.

Standalone: pip install phase-python==0.103.0 && python loyalty-cost-counters-doubled.py
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


CARDS = [[{'name': 'Doubling Season',
   'manaCost': '{4}{G}',
   'manaValue': 5.0,
   'convertedManaCost': 5.0,
   'colors': ['G'],
   'colorIdentity': ['G'],
   'types': ['Enchantment'],
   'subtypes': [],
   'supertypes': [],
   'text': 'If an effect would create one or more tokens under your control, '
           'it creates twice that many of those tokens instead.\n'
           'If an effect would put one or more counters on a permanent you '
           'control, it puts twice that many of those counters on that '
           'permanent instead.',
   'layout': 'normal',
   'type': 'Enchantment',
   'identifiers': {'scryfallOracleId': '043904c9-c91e-52e7-bc8f-770a8700c8bd'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Jace Beleren',
   'manaCost': '{1}{U}{U}',
   'manaValue': 3.0,
   'convertedManaCost': 3.0,
   'colors': ['U'],
   'colorIdentity': ['U'],
   'types': ['Planeswalker'],
   'subtypes': ['Jace'],
   'supertypes': ['Legendary'],
   'text': '+2: Each player draws a card.\n'
           '−1: Target player draws a card.\n'
           '−10: Target player mills twenty cards.',
   'layout': 'normal',
   'type': 'Legendary Planeswalker — Jace',
   'identifiers': {'scryfallOracleId': '4c27e809-462d-5758-83b8-c4d2317380ca'},
   'legalities': {},
   'keywords': [],
   'loyalty': '3'}],
 [{'name': 'Island',
   'manaCost': '',
   'manaValue': 0.0,
   'convertedManaCost': 0.0,
   'colors': [],
   'colorIdentity': [],
   'types': ['Land'],
   'subtypes': ['Island'],
   'supertypes': ['Basic'],
   'text': '({T}: Add {U}.)',
   'layout': 'normal',
   'type': 'Basic Land — Island',
   'identifiers': {'scryfallOracleId': '5ed9dc33-513f-543a-8c89-62eeb9a596c1'},
   'legalities': {},
   'keywords': []}]]

eng = engine(CARDS)
g, ids = game(eng, ["Doubling Season", "Jace Beleren", "Island", "Island", "Island"])
season, jace = ids["Doubling Season"][0], ids["Jace Beleren"][0]
put(g, season, "Battlefield")
put(g, jace, "Hand")
for land in ids["Island"]:
    put(g, land, "Battlefield")
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
cast(g, 0, jace)
pass_until_resolved(g)
entered = g.object(jace)["loyalty"]
plus_two = next(i for i, a in enumerate(g.object(jace)["abilities"])
                if (a.get("cost") or {}).get("amount") == 2)
act(g, 0, "ActivateAbility", source_id=jace, ability_index=plus_two)
after = g.object(jace)["loyalty"]
print(f"Jace enters with {entered} loyalty (3 doubled: 6, CR 614.16) and has {after} after "
      "paying +2 (CR 606.4, 118.3: a cost is no effect, so 8)")
assert entered == 6 and after == 10, "fixed?"
print("reproduced")
