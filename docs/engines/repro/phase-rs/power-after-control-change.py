"""phase.rs (phase-python 0.103.0): "Gain control of target creature. Then you gain life equal to
its power." gains no life: once the control change is made, the next sentence's "its power" comes
to nothing (no LifeChanged event), while "Tap target creature. Then you gain life equal to its
power." gains the Hill Giant's 3. CR 608.2c: the spell's instructions are followed in order and a
later one sees what the earlier ones did; a change of control leaves the creature the same object
(400.7 is about zones only), so "its power" is the Giant's 3 (108.4, 611.3a: seen with its new
controller).

Standalone: pip install phase-python==0.103.0 && python power-after-control-change.py
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


def sorcery(name, text, oid):
    return [dict(FILLER, name=name, manaCost="{U}", manaValue=1.0, convertedManaCost=1.0,
                 colors=["U"], colorIdentity=["U"], types=["Sorcery"], type="Sorcery",
                 identifiers={"scryfallOracleId": oid}, text=text)]


CARDS.append(sorcery("Test Turncoat's Tithe", "Gain control of target creature. Then you gain "
                     "life equal to its power.", "00000000-0000-0000-0000-0000000a5d01"))
CARDS.append(sorcery("Test Tapper's Tithe", "Tap target creature. Then you gain life equal to "
                     "its power.", "00000000-0000-0000-0000-0000000a5d02"))


def life_after(name):
    """Cast the sorcery at the opponent's Hill Giant; return (alice's life, Giant's controller)."""
    g, ids = game(eng, [name], ["Hill Giant"])
    spell, giant = ids[name][0], ids["Hill Giant"][0]
    put(g, spell, "Hand")
    put(g, giant, "Battlefield")
    debug(g, "AddMana", player_id=0, mana=["Blue"])
    cast(g, 0, spell, targets=[{"Object": giant}])
    pass_until_resolved(g)
    return g.player(0)["life"], g.object(giant)["controller"]


eng = engine(CARDS)
tapped = life_after("Test Tapper's Tithe")
stolen = life_after("Test Turncoat's Tithe")
print(f"tap, then gain life equal to its power: life {tapped[0]}")
print(f"gain control, then gain life equal to its power: life {stolen[0]}, the Giant's "
      f"controller seat {stolen[1]} (CR 608.2c: 23)")
assert tapped[0] == 23, "the control changed"
assert stolen == (20, 0), "fixed?"
print("reproduced")
