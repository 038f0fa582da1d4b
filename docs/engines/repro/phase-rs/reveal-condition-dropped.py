"""phase.rs (phase-python 0.103.0): Counterbalance's 'counter that spell if it
has the same mana value as the revealed card' is parsed without its condition (only 'if you
do'), so revealing Mind Rot (mana value 3) counters Shock (mana value 1). CR 608.2c: a spell
or ability does what its text says, its conditions included.

Standalone: pip install phase-python==0.103.0 && python reveal-condition-dropped.py
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


CARDS = [[{'name': 'Shock',
   'manaCost': '{R}',
   'manaValue': 1.0,
   'convertedManaCost': 1.0,
   'colors': ['R'],
   'colorIdentity': ['R'],
   'types': ['Instant'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Shock deals 2 damage to any target.',
   'layout': 'normal',
   'type': 'Instant',
   'identifiers': {'scryfallOracleId': '3bcff630-3cc4-5965-818b-39dc9931c0fd'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Counterbalance',
   'manaCost': '{U}{U}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['U'],
   'colorIdentity': ['U'],
   'types': ['Enchantment'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Whenever an opponent casts a spell, you may reveal the top card of '
           'your library. If you do, counter that spell if it has the same '
           'mana value as the revealed card.',
   'layout': 'normal',
   'type': 'Enchantment',
   'identifiers': {'scryfallOracleId': 'c29ceff7-50f5-5fea-8540-fca3d7daf9a6'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Mind Rot',
   'manaCost': '{2}{B}',
   'manaValue': 3.0,
   'convertedManaCost': 3.0,
   'colors': ['B'],
   'colorIdentity': ['B'],
   'types': ['Sorcery'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Target player discards two cards.',
   'layout': 'normal',
   'type': 'Sorcery',
   'identifiers': {'scryfallOracleId': '19b20639-2327-5e90-9926-53d2a53303f0'},
   'legalities': {},
   'keywords': []}]]

eng = engine(CARDS)
g, ids = game(eng, ["Shock"], ["Counterbalance", "Mind Rot"])
shock, cb, rot = ids["Shock"][0], ids["Counterbalance"][0], ids["Mind Rot"][0]
put(g, shock, "Hand")
put(g, cb, "Battlefield")
put(g, rot, "Library")  # the top card of bob's library: mana value 3
debug(g, "AddMana", player_id=0, mana=["Red"])
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
trigger = g.object(cb)["trigger_definitions"][0]["definition"]["execute"]
print("phase.rs's parsed condition of the counter:", trigger["sub_ability"]["condition"])
cast(g, 0, shock, targets=[{"Player": 1}])
for _ in range(10):
    kind = g.waiting_for()["type"]
    if kind == "Priority" and len(g.stack()) == 1 and g.stack()[0]["source_id"] == shock:
        break
    if kind == "Priority":
        act(g, g.priority_player(), "PassPriority")
    else:  # bob's "you may reveal": yes
        seat = g.waiting_for()["data"]["player"]
        act(g, seat, next(a.kind for a in g.actions() if a.kind != "CancelCast"),
            **next(a.data for a in g.actions() if a.data and a.data.get("accept") is True))
zone = g.object(shock)["zone"]
print(f"Counterbalance revealed Mind Rot (mana value 3) for Shock (mana value 1): Shock is in "
      f"the {zone} (CR 608.2c: the spell is countered only if it has the revealed card's mana "
      "value)")
assert zone == "Graveyard", "fixed?"
print("reproduced")
