"""phase.rs (phase-python 0.103.0): Chromatic Orrery's "You may spend mana as though it were mana
of any color." is parsed with every player affected (its static ability's affected is any
Player), so the opponent of the Orrery's controller pays Shock's {R} with {G}. CR 609.4b and the
card's "you": only the Orrery's controller may spend mana as though it were any color; the
other player can't pay {R} with {G} (the cast is illegal, 601.2h).

Standalone: pip install phase-python==0.103.0 && python any-color-spend-for-every-player.py
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


CARDS = [[{'colorIdentity': [],
   'colors': [],
   'convertedManaCost': 7.0,
   'identifiers': {'scryfallOracleId': '4e1f9adf-399a-569b-9c51-d3c3f560896a'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{7}',
   'manaValue': 7.0,
   'name': 'Chromatic Orrery',
   'subtypes': [],
   'supertypes': ['Legendary'],
   'text': 'You may spend mana as though it were mana of any color.\n'
           '{T}: Add {C}{C}{C}{C}{C}.\n'
           '{5}, {T}: Draw a card for each color among permanents you control.',
   'type': 'Legendary Artifact',
   'types': ['Artifact']}],
 [{'colorIdentity': ['R'],
   'colors': ['R'],
   'convertedManaCost': 1.0,
   'identifiers': {'scryfallOracleId': '3bcff630-3cc4-5965-818b-39dc9931c0fd'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{R}',
   'manaValue': 1.0,
   'name': 'Shock',
   'subtypes': [],
   'supertypes': [],
   'text': 'Shock deals 2 damage to any target.',
   'type': 'Instant',
   'types': ['Instant']}]]

eng = engine(CARDS)
g, ids = game(eng, ["Chromatic Orrery"], ["Shock"])
orrery, shock = ids["Chromatic Orrery"][0], ids["Shock"][0]
put(g, orrery, "Battlefield")  # seat 0's
put(g, shock, "Hand")  # seat 1's
debug(g, "SetPhase", phase="PreCombatMain", active_player=1)
debug(g, "AddMana", player_id=1, mana=["Green"])
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
try:
    cast(g, 1, shock, targets=[{"Player": 0}])
    refused = None
except ValueError as exc:
    refused = str(exc)
print("seat 1's Shock with {G} only:", "refused: " + refused if refused else "cast",
      "; stack:", [g.object(e["source_id"])["name"] for e in g.stack()])
assert refused is None and any(e["source_id"] == shock for e in g.stack()), "fixed?"
print("reproduced")
