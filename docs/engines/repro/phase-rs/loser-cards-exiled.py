"""phase.rs (phase-python 0.103.0): in a two-player game, when a player loses (here by drawing
from an empty library), phase.rs exiles every card they own: the card they drew a moment ago
leaves their hand for exile. CR 104.2a: in a two-player game the game is over once a player has
lost, and nothing moves the loser's cards; removing a departed player's objects is the
multiplayer rule (800.4a), which only applies to a game that goes on without them.

Standalone: pip install phase-python==0.103.0 && python loser-cards-exiled.py
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


CARDS = [[{'name': "Night's Whisper",
   'manaCost': '{1}{B}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['B'],
   'colorIdentity': ['B'],
   'types': ['Sorcery'],
   'subtypes': [],
   'supertypes': [],
   'text': 'You draw two cards and you lose 2 life.',
   'layout': 'normal',
   'type': 'Sorcery',
   'identifiers': {'scryfallOracleId': '235593ea-2f8e-5dbc-88d4-2137b0b6f10f'},
   'legalities': {},
   'keywords': []}]]
CARDS.append([dict(FILLER, name="Island", types=["Land"], subtypes=["Island"],
                   supertypes=["Basic"], type="Basic Land — Island", text="({T}: Add {U}.)",
                   identifiers={"scryfallOracleId": "00000000-0000-0000-0000-0000000151a9"})])

eng = engine(CARDS)
g, ids = game(eng, ["Night's Whisper", "Island"])
whisper, island = ids["Night's Whisper"][0], ids["Island"][0]
put(g, whisper, "Hand")
put(g, island, "Library")  # the only card of alice's library
debug(g, "AddMana", player_id=0, mana=["Black", "Black"])
cast(g, 0, whisper)
while g.waiting_for()["type"] == "Priority":  # Night's Whisper resolves: two draws, one card
    act(g, g.priority_player(), "PassPriority")
assert g.waiting_for()["type"] == "GameOver", g.waiting_for()
zone = g.object(island)["zone"]
print(f"the Island alice drew, after she lost: {zone} (CR 104.2a: still in her Hand)")
assert zone == "Exile", "fixed?"
print("reproduced")
