"""phase.rs (phase-python 0.103.0): no state-based actions in the cleanup step. Grizzly Bears
with two -1/-1 counters live on as a 3/3 under "+3/+3 until end of turn"; in the cleanup step
the effect ends and the Bears are 0/0, but phase.rs goes straight on to the next turn (no
priority in cleanup) and the Bears die only in that turn's upkeep. CR 514.2, 514.3a: the
"until end of turn" effects end in the cleanup step, then state-based actions are checked there
(704.5f: the 0/0 creature dies) and, since one was performed, players receive priority in the
cleanup step, still in the same turn.

Standalone: pip install phase-python==0.103.0 && python no-sba-in-cleanup.py
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


CARDS = [[{'name': 'Grizzly Bears',
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
   'toughness': '2'}],
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
CARDS.append([dict(FILLER, name="Test Brief Growth", manaCost="{G}", manaValue=1.0,
                   convertedManaCost=1.0, colors=["G"], colorIdentity=["G"], types=["Instant"],
                   type="Instant", identifiers={"scryfallOracleId":
                                                "00000000-0000-0000-0000-0000000a5e01"},
                   text="Target creature gets +3/+3 until end of turn.")])

eng = engine(CARDS)
g, ids = game(eng, ["Test Brief Growth", "Grizzly Bears"])
growth, bears = ids["Test Brief Growth"][0], ids["Grizzly Bears"][0]
put(g, growth, "Hand")
put(g, bears, "Battlefield")
debug(g, "AddMana", player_id=0, mana=["Green"])
cast(g, 0, growth, targets=[{"Object": bears}])
pass_until_resolved(g)
debug(g, "ModifyCounters", object_id=bears, counter_type="M1M1", delta=2)  # now 3/3 - 2/2
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
start = g.turn
seen = []  # (turn, step) after each action, until the Bears die
while g.object(bears)["zone"] == "Battlefield":
    if g.waiting_for()["type"] == "DeclareAttackers":
        act(g, 0, "DeclareAttackers", attacks=[], bands=[])
    else:
        act(g, g.priority_player(), "PassPriority")
    seen.append((g.turn, str(g.phase)))
print(f"the Bears died at turn {g.turn} ({g.phase}); turn {start} was left from "
      f"{seen[-2][1] if len(seen) > 1 else '?'} with no stop in Cleanup (CR 514.3a: they die in "
      f"the cleanup step of turn {start}, which then gives priority)")
assert g.turn == start + 1 and (start, "Cleanup") not in seen, "fixed?"
print("reproduced")
