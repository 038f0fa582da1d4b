"""phase.rs (phase-python 0.103.0): Fireball's 'among any number of targets'
is parsed as at most X targets, so with X = 1 a second target is never asked. CR 601.2c: the
player announces the targets, here any number of them; X only sets the damage divided.

Standalone: pip install phase-python==0.103.0 && python fireball-targets-capped-by-x.py
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


CARDS = [[{'name': 'Fireball',
   'manaCost': '{X}{R}',
   'manaValue': 1.0,
   'convertedManaCost': 1.0,
   'colors': ['R'],
   'colorIdentity': ['R'],
   'types': ['Sorcery'],
   'subtypes': [],
   'supertypes': [],
   'text': 'This spell costs {1} more to cast for each target beyond the '
           'first.\n'
           'Fireball deals X damage divided evenly, rounded down, among any '
           'number of targets.',
   'layout': 'normal',
   'type': 'Sorcery',
   'identifiers': {'scryfallOracleId': '249fb569-2852-5a17-9338-5abdcb7f5fe1'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Hill Giant',
   'manaCost': '{3}{R}',
   'manaValue': 4.0,
   'convertedManaCost': 4.0,
   'colors': ['R'],
   'colorIdentity': ['R'],
   'types': ['Creature'],
   'subtypes': ['Giant'],
   'supertypes': [],
   'text': '',
   'layout': 'normal',
   'type': 'Creature — Giant',
   'identifiers': {'scryfallOracleId': 'b49d707d-874b-562f-b072-a5a6ee09a8ed'},
   'legalities': {},
   'keywords': [],
   'power': '3',
   'toughness': '3'}]]

eng = engine(CARDS)
g, ids = game(eng, ["Fireball"], ["Hill Giant"])
fireball, giant = ids["Fireball"][0], ids["Hill Giant"][0]
put(g, fireball, "Hand")
put(g, giant, "Battlefield")
debug(g, "AddMana", player_id=0, mana=["Red", "Red", "Red"])
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
spell = next(a for a in g.object(fireball)["abilities"] if a.get("kind") == "Spell")
print("phase.rs's parsed Fireball: at most", spell["multi_target"]["max"], "targets")
act(g, 0, "CastSpell", object_id=fireball, card_id=fireball, payment_mode={"type": "Auto"},
    targets=[])
prompts = []
while (kind := g.waiting_for()["type"]) != "Priority" and len(prompts) < 6:
    prompts.append(kind)
    if kind == "ChooseXValue":
        act(g, 0, "ChooseX", value=1)
    elif kind == "TargetSelection":
        act(g, 0, "ChooseTarget", target=[{"Player": 1}, {"Object": giant}][
            prompts.count("TargetSelection") - 1])
    else:
        break
print(f"prompts with X = 1 and two targets wanted: {prompts} (one target asked, then the "
      "division: CR 601.2c and the card's 'among any number of targets', whatever X is)")
assert spell["multi_target"]["max"].get("qty", {}).get("name") == "X", "fixed?"
assert prompts == ["ChooseXValue", "TargetSelection", "DistributeAmong"], "fixed?"
print("reproduced")
