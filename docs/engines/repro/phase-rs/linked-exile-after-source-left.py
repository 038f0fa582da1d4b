"""phase.rs (phase-python 0.103.0): Journey to Nowhere destroyed while its enters ability waits
on the stack: its leaves ability returns nothing, and then the enters ability exiles nothing
either; the creature stays on the battlefield. CR 113.7a: once triggered, an ability exists on
the stack independently of its source, so the enters ability still exiles its target; with the
leaves ability already resolved, the creature stays exiled for good (607.2a, and the card's
ruling).

Standalone: pip install phase-python==0.103.0 && python linked-exile-after-source-left.py
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


CARDS = [[{'name': 'Journey to Nowhere',
   'manaCost': '{1}{W}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['W'],
   'colorIdentity': ['W'],
   'types': ['Enchantment'],
   'subtypes': [],
   'supertypes': [],
   'text': 'When this enchantment enters, exile target creature.\n'
           'When this enchantment leaves the battlefield, return the exiled card to the '
           "battlefield under its owner's control.",
   'layout': 'normal',
   'type': 'Enchantment',
   'identifiers': {'scryfallOracleId': '7db90fc2-e457-59f0-9010-ef078ae050ac'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Grizzly Bears',
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
 [{'name': 'Naturalize',
   'manaCost': '{1}{G}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': ['G'],
   'colorIdentity': ['G'],
   'types': ['Instant'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Destroy target artifact or enchantment.',
   'layout': 'normal',
   'type': 'Instant',
   'identifiers': {'scryfallOracleId': '552d2b8c-9edc-53fd-8825-fa9356cfd30b'},
   'legalities': {},
   'keywords': []}]]

eng = engine(CARDS)
g, ids = game(eng, ["Journey to Nowhere"], ["Grizzly Bears", "Naturalize"])
journey, bears, naturalize = (ids["Journey to Nowhere"][0], ids["Grizzly Bears"][0],
                              ids["Naturalize"][0])
put(g, journey, "Hand")
put(g, bears, "Battlefield")
put(g, naturalize, "Hand")
debug(g, "AddMana", player_id=0, mana=["White", "Colorless"])
cast(g, 0, journey)
while g.object(journey)["zone"] != "Battlefield":  # Journey resolves and enters; its enters
    act(g, g.priority_player(), "PassPriority")   # ability targets the Bears, the only creature
assert [e["source_id"] for e in g.stack()] == [journey], g.stack()
assert g.stack()[0]["kind"]["data"]["ability"]["targets"] == [{"Object": bears}], g.stack()
act(g, 0, "PassPriority")
debug(g, "AddMana", player_id=1, mana=["Green", "Colorless"])
cast(g, 1, naturalize, targets=[{"Object": journey}])
while g.object(journey)["zone"] == "Battlefield":  # Naturalize destroys Journey: its leaves
    act(g, g.priority_player(), "PassPriority")    # ability goes on the stack above the other
assert g.object(journey)["zone"] == "Graveyard"
while g.stack() and g.waiting_for()["type"] == "Priority":
    act(g, g.priority_player(), "PassPriority")
zone = g.object(bears)["zone"]
print(f"Grizzly Bears after both abilities resolved: {zone} (CR 113.7a, 607.2a: Exile)")
assert zone == "Battlefield", "fixed?"
print("reproduced")
