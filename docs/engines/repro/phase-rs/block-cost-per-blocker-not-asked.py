"""phase.rs (phase-python 0.103.0): with a permanent that says "Creatures can't block unless their
controller pays {1} for each blocking creature they control." (a test card of the suite; its
text is the real per-blocker cost wording), a player declares two blockers with no mana at all
and phase.rs asks no payment (no CombatTaxPayment prompt): the blocks stand. CR 509.1d: the
total cost to block is {1} for each blocking creature, {2} here; 509.1f: a declaration whose
costs can't be paid is illegal.

Standalone: pip install phase-python==0.103.0 && python block-cost-per-blocker-not-asked.py
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


CARDS = [[{'colorIdentity': ['R'],
   'colors': ['R'],
   'convertedManaCost': 2.0,
   'identifiers': {'scryfallOracleId': 'a7ffccfe-5ff5-5700-b1ef-ef37dceded22'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{1}{R}',
   'manaValue': 2.0,
   'name': 'Test Toll of the Gate',
   'subtypes': [],
   'supertypes': [],
   'text': "Creatures can't block unless their controller pays {1} for each blocking creature they "
           'control.',
   'type': 'Enchantment',
   'types': ['Enchantment']}],
 [{'colorIdentity': ['R'],
   'colors': ['R'],
   'convertedManaCost': 4.0,
   'identifiers': {'scryfallOracleId': 'b49d707d-874b-562f-b072-a5a6ee09a8ed'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{3}{R}',
   'manaValue': 4.0,
   'name': 'Hill Giant',
   'power': '3',
   'subtypes': ['Giant'],
   'supertypes': [],
   'text': '',
   'toughness': '3',
   'type': 'Creature — Giant',
   'types': ['Creature']}],
 [{'colorIdentity': ['R'],
   'colors': ['R'],
   'convertedManaCost': 3.0,
   'identifiers': {'scryfallOracleId': '0769d61b-ff2e-51c9-ba78-74652aeb5696'},
   'keywords': ['Defender'],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{1}{R}{R}',
   'manaValue': 3.0,
   'name': 'Wall of Stone',
   'power': '0',
   'subtypes': ['Wall'],
   'supertypes': [],
   'text': "Defender (This creature can't attack.)",
   'toughness': '8',
   'type': 'Creature — Wall',
   'types': ['Creature']}]]

eng = engine(CARDS)
g, ids = game(eng, ["Test Toll of the Gate", "Hill Giant"], ["Wall of Stone", "Wall of Stone"])
toll, giant = ids["Test Toll of the Gate"][0], ids["Hill Giant"][0]
walls = ids["Wall of Stone"]
for oid in (toll, giant, *walls):
    put(g, oid, "Battlefield")
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
while g.waiting_for()["type"] == "Priority":
    act(g, g.priority_player(), "PassPriority")
assert g.waiting_for()["type"] == "DeclareAttackers", g.waiting_for()
act(g, 0, "DeclareAttackers", attacks=[[giant, {"type": "Player", "data": 1}]], bands=[])
while g.waiting_for()["type"] == "Priority":
    act(g, g.priority_player(), "PassPriority")
assert g.waiting_for()["type"] == "DeclareBlockers", g.waiting_for()
act(g, 1, "DeclareBlockers", assignments=[[walls[0], giant], [walls[1], giant]])
asked = g.waiting_for()["type"]
blockers = sorted(int(b) for b in (g.state()["state"]["combat"] or {})["blocker_to_attacker"])
print("blockers declared and standing:", blockers, "(the Walls:", sorted(walls), ")")
print("after the declaration phase.rs waits for", asked, "; seat 1's mana pool:",
      g.state()["state"]["players"][1]["mana_pool"])
assert asked != "CombatTaxPayment" and blockers == sorted(walls), "fixed?"
print("reproduced")
