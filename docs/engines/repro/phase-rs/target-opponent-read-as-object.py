"""phase.rs (phase-python 0.103.0): Eriette's Whisper ("Target opponent discards two cards. Create a
Wicked Role token attached to up to one target creature you control.") is parsed with its
first target an object (a Typed filter with no type that an opponent controls) instead of an
opponent, so with an opponent who controls no permanent the cast is refused ("No legal targets
available"). CR 115.1, 601.2c: the spell targets a player, the opponent, who is always there.

Standalone: pip install phase-python==0.103.0 && python target-opponent-read-as-object.py
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


CARDS = [[{'colorIdentity': ['B'],
   'colors': ['B'],
   'convertedManaCost': 4.0,
   'identifiers': {'scryfallOracleId': 'c7c25f1b-39e0-5035-8bc7-49f9ea51e3b5'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{3}{B}',
   'manaValue': 4.0,
   'name': "Eriette's Whisper",
   'subtypes': [],
   'supertypes': [],
   'text': 'Target opponent discards two cards. Create a Wicked Role token attached to up to one '
           'target creature you control. (If you control another Role on it, put that one into the '
           'graveyard. Enchanted creature gets +1/+1. When this token is put into a graveyard, '
           'each opponent loses 1 life.)',
   'type': 'Sorcery',
   'types': ['Sorcery']}],
 [{'colorIdentity': ['G'],
   'colors': ['G'],
   'convertedManaCost': 2.0,
   'identifiers': {'scryfallOracleId': 'a87fde20-6ff7-5716-8343-ee28a0214f1e'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{1}{G}',
   'manaValue': 2.0,
   'name': 'Grizzly Bears',
   'power': '2',
   'subtypes': ['Bear'],
   'supertypes': [],
   'text': '',
   'toughness': '2',
   'type': 'Creature — Bear',
   'types': ['Creature']}],
 [{'colorIdentity': [],
   'colors': [],
   'convertedManaCost': 0.0,
   'identifiers': {'scryfallOracleId': 'c776d54a-1d40-5952-a655-99a5e37e1802'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '',
   'manaValue': 0.0,
   'name': 'Forest',
   'subtypes': ['Forest'],
   'supertypes': ['Basic'],
   'text': '({T}: Add {G}.)',
   'type': 'Basic Land — Forest',
   'types': ['Land']}],
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

eng = engine(CARDS)
g, ids = game(eng, ["Eriette's Whisper", "Grizzly Bears"], ["Forest", "Island"])
whisper, bears = ids["Eriette's Whisper"][0], ids["Grizzly Bears"][0]
put(g, whisper, "Hand")
put(g, bears, "Battlefield")
for name in ("Forest", "Island"):  # the opponent's hand; the opponent controls no permanent
    put(g, ids[name][0], "Hand")
debug(g, "AddMana", player_id=0, mana=["Black", "Colorless", "Colorless", "Colorless"])
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
try:
    cast(g, 0, whisper, targets=[{"Player": 1}, {"Object": bears}])
    refused = None
except (ValueError, AssertionError) as exc:
    refused = str(exc)
print("cast refused:", refused)
assert refused is not None and "No legal targets" in refused, "fixed?"
print("reproduced")
