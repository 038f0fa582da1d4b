"""phase.rs (phase-python 0.103.0): a game saved with Engine.state() and loaded again with
load_game() no longer knows that a loyalty ability of a planeswalker was activated this turn.
Jace Beleren's +2 is activated; the game is saved and loaded (as the adapter does to undo a
rejected action); once the +2 has resolved, the -1 is accepted, although CR 606.3 allows one
loyalty ability of a permanent per turn (113.5). Without the save and load phase.rs refuses it.

Standalone: pip install phase-python==0.103.0 && python loyalty-once-per-turn-lost-on-reload.py
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


CARDS = [[{'colorIdentity': ['U'],
   'colors': ['U'],
   'convertedManaCost': 3.0,
   'identifiers': {'scryfallOracleId': '4c27e809-462d-5758-83b8-c4d2317380ca'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'loyalty': '3',
   'manaCost': '{1}{U}{U}',
   'manaValue': 3.0,
   'name': 'Jace Beleren',
   'subtypes': ['Jace'],
   'supertypes': ['Legendary'],
   'text': '+2: Each player draws a card.\n'
           '−1: Target player draws a card.\n'
           '−10: Target player mills twenty cards.',
   'type': 'Legendary Planeswalker — Jace',
   'types': ['Planeswalker']}],
 [{'colorIdentity': [],
   'colors': [],
   'convertedManaCost': 0.0,
   'identifiers': {'scryfallOracleId': '5ed9dc33-513f-543a-8c89-62eeb9a596c1'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '',
   'manaValue': 0.0,
   'name': 'Island',
   'subtypes': ['Island'],
   'supertypes': ['Basic'],
   'text': '({T}: Add {U}.)',
   'type': 'Basic Land — Island',
   'types': ['Land']}]]


def second_loyalty_allowed(reload):
    """Activate Jace's +2, optionally save and load the game, let the +2 resolve, then try the
    -1: True if phase.rs accepts it."""
    eng = engine(CARDS)
    g, ids = game(eng, ["Jace Beleren", "Island", "Island", "Island"], ["Island", "Island"])
    jace = ids["Jace Beleren"][0]
    put(g, jace, "Battlefield")
    root = g.state()
    root["state"]["debug_mode"] = False
    g = eng.load_game(root)
    costs = [(a.get("cost") or {}).get("amount") for a in g.object(jace)["abilities"]]
    plus_two = costs.index(2)
    minus_one = next(i for i, a in enumerate(g.object(jace)["abilities"]) if i != plus_two
                     and (a.get("cost") or {}).get("amount") in (-1, 1) and "Target" in str(a))
    act(g, 0, "ActivateAbility", source_id=jace, ability_index=plus_two)
    if reload:
        g = eng.load_game(g.state())
    pass_until_resolved(g)
    try:
        act(g, 0, "ActivateAbility", source_id=jace, ability_index=minus_one)
    except ValueError:
        return False
    return True


plain = second_loyalty_allowed(False)
after_reload = second_loyalty_allowed(True)
print(f"second loyalty ability the same turn: allowed={plain} in the game as played, "
      f"allowed={after_reload} after a save and load (CR 606.3: one per turn, so False both "
      "times)")
assert not plain and after_reload, "fixed?"
print("reproduced")
