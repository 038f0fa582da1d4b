"""phase.rs (phase-python 0.103.0): a token copy of Delver of Secrets (made by Rite of Replication)
doesn't transform when its upkeep trigger reveals an instant (CR 707.8a, 712.9: a copy of a
double-faced permanent can transform).

Standalone: pip install phase-python==0.103.0 && python dfc-token-copy-cant-transform.py
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


CARDS = [[{'name': 'Delver of Secrets // Insectile Aberration',
   'manaCost': '{U}',
   'manaValue': 1.0,
   'convertedManaCost': 1.0,
   'colors': ['U'],
   'colorIdentity': ['U'],
   'types': ['Creature'],
   'subtypes': ['Human', 'Wizard'],
   'supertypes': [],
   'text': 'At the beginning of your upkeep, look at the top card of your library. You may reveal '
           'that card. If an instant or sorcery card is revealed this way, transform this '
           'creature.',
   'layout': 'transform',
   'type': 'Creature — Human Wizard',
   'identifiers': {'scryfallOracleId': '9c7a4a17-c3a8-5ffb-a5b9-a267b07d87da'},
   'legalities': {},
   'keywords': [],
   'power': '1',
   'toughness': '1',
   'faceName': 'Delver of Secrets',
   'side': 'a'},
  {'name': 'Delver of Secrets // Insectile Aberration',
   'manaCost': '',
   'manaValue': 1.0,
   'convertedManaCost': 1.0,
   'colors': ['U'],
   'colorIdentity': ['U'],
   'types': ['Creature'],
   'subtypes': ['Human', 'Insect'],
   'supertypes': [],
   'text': 'Flying',
   'layout': 'transform',
   'type': 'Creature — Human Insect',
   'identifiers': {'scryfallOracleId': '9c7a4a17-c3a8-5ffb-a5b9-a267b07d87da'},
   'legalities': {},
   'keywords': ['Flying'],
   'colorIndicator': ['U'],
   'power': '3',
   'toughness': '2',
   'faceName': 'Insectile Aberration',
   'side': 'b'}],
 [{'name': 'Rite of Replication',
   'manaCost': '{2}{U}{U}',
   'manaValue': 4.0,
   'convertedManaCost': 4.0,
   'colors': ['U'],
   'colorIdentity': ['U'],
   'types': ['Sorcery'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Kicker {5} (You may pay an additional {5} as you cast this spell.)\n'
           "Create a token that's a copy of target creature. If this spell was kicked, create five "
           'of those tokens instead.',
   'layout': 'normal',
   'type': 'Sorcery',
   'identifiers': {'scryfallOracleId': '70f9fc76-16f3-5906-9fea-0730fd8711ee'},
   'legalities': {},
   'keywords': ['Kicker']}],
 [{'name': 'Lightning Bolt',
   'manaCost': '{R}',
   'manaValue': 1.0,
   'convertedManaCost': 1.0,
   'colors': ['R'],
   'colorIdentity': ['R'],
   'types': ['Instant'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Lightning Bolt deals 3 damage to any target.',
   'layout': 'normal',
   'type': 'Instant',
   'identifiers': {'scryfallOracleId': '294fe938-f4d1-5e73-8234-37053cd3eb75'},
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
   'toughness': '2'}]]

eng = engine(CARDS)
g, ids = game(eng, ["Delver of Secrets", "Rite of Replication", "Lightning Bolt", "Lightning Bolt"],
              ["Grizzly Bears", "Grizzly Bears"])
delver = ids["Delver of Secrets"][0]
put(g, delver, "Battlefield")
for card in ids["Lightning Bolt"] + ids["Grizzly Bears"]:
    put(g, card, "Library")
put(g, ids["Rite of Replication"][0], "Hand")
debug(g, "AddMana", player_id=0, mana=["Blue", "Blue", "Colorless", "Colorless"])
cast(g, 0, ids["Rite of Replication"][0], targets=[{"Object": delver}])
pass_until_resolved(g)
token = next(o["id"] for o in g.battlefield() if o.get("is_token"))
debug(g, "SetPhase", phase="End", active_player=1)
for _ in range(60):  # to our upkeep; reveal the instant for each Delver trigger
    kind = g.waiting_for()["type"]
    if kind == "OptionalEffectChoice":
        act(g, 0, "DecideOptionalEffect", accept=True)
    elif kind == "OrderTriggers":
        act(g, 0, "OrderTriggers", order=[0, 1])
    elif kind == "Priority" and (g.stack() or g.phase != "Draw"):
        act(g, g.priority_player(), "PassPriority")
    else:
        break
print(f"card: {g.object(delver)['name']}, token copy: {g.object(token)['name']} "
      "(CR 712.9: both Insectile Aberration)")
assert g.object(delver)["transformed"], "the card itself did not transform?"
assert not g.object(token)["transformed"], "fixed?"
print("reproduced")
