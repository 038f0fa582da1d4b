"""phase.rs (phase-python 0.103.0): layer-5 effects are applied in timestamp order even when one
depends on the other. Test Ink Shrine ("White creatures are black in addition to their other
colors.") is on the battlefield; then Test Bleach makes Grizzly Bears white until end of turn.
The Bears end up white only. CR 613.8a-b: the Shrine's effect depends on the Bleach's (applying
the Bleach changes what the Shrine's effect applies to), so it is applied after it, whatever
the timestamps: the Bears are white and black.

Standalone: pip install phase-python==0.103.0 && python layer-dependency-ignored.py
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


def card(name, cost, color, kind, text, oid):
    return [dict(FILLER, name=name, manaCost=cost, manaValue=1.0, convertedManaCost=1.0,
                 colors=[color], colorIdentity=[color], types=[kind], type=kind,
                 identifiers={"scryfallOracleId": oid}, text=text)]


CARDS.append(card("Test Ink Shrine", "{B}", "B", "Enchantment", "White creatures are black in "
                  "addition to their other colors.", "00000000-0000-0000-0000-0000000a6001"))
CARDS.append(card("Test Bleach", "{W}", "W", "Instant", "Target creature becomes white until "
                  "end of turn.", "00000000-0000-0000-0000-0000000a6002"))

eng = engine(CARDS)
g, ids = game(eng, ["Test Ink Shrine", "Test Bleach", "Grizzly Bears"])
shrine, bleach, bears = (ids["Test Ink Shrine"][0], ids["Test Bleach"][0],
                         ids["Grizzly Bears"][0])
put(g, bears, "Battlefield")
put(g, shrine, "Battlefield")
put(g, bleach, "Hand")
debug(g, "AddMana", player_id=0, mana=["White"])
cast(g, 0, bleach, targets=[{"Object": bears}])
pass_until_resolved(g)
colors = computed(eng, g, bears)["colors"]
print(f"Grizzly Bears' colors: {colors} (CR 613.8: White and Black)")
assert colors == ["White"], "fixed?"
print("reproduced")
