"""phase.rs (phase-python 0.103.0): a split card cast from a graveyard under a
permission: Wear // Tear (instant permission) is cast as Wear without asking which half,
and Assault // Battery (a permission for sorceries of mana value 2 or less) asks the half and
then refuses Assault, mana value 1. CR 709.3: the caster chooses the half to cast; 709.3a and
601.3e: only the chosen half's characteristics are checked against the permission.

Standalone: pip install phase-python==0.103.0 && python graveyard-permission-split-half.py
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


CARDS = [[{'name': 'Wear // Tear',
   'manaCost': '{1}{R}',
   'manaValue': 3.0,
   'convertedManaCost': 3.0,
   'colors': ['R'],
   'colorIdentity': ['W', 'R'],
   'types': ['Instant'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Destroy target artifact.\n'
           'Fuse (You may cast one or both halves of this card from your '
           'hand.)',
   'layout': 'split',
   'type': 'Instant',
   'identifiers': {'scryfallOracleId': '6db06ca9-36f6-5683-b048-945223f6d3f7'},
   'legalities': {},
   'keywords': ['Fuse'],
   'faceName': 'Wear',
   'side': 'a'},
  {'name': 'Wear // Tear',
   'manaCost': '{W}',
   'manaValue': 3.0,
   'convertedManaCost': 3.0,
   'colors': ['W'],
   'colorIdentity': ['W', 'R'],
   'types': ['Instant'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Destroy target enchantment.\n'
           'Fuse (You may cast one or both halves of this card from your '
           'hand.)',
   'layout': 'split',
   'type': 'Instant',
   'identifiers': {'scryfallOracleId': '6db06ca9-36f6-5683-b048-945223f6d3f7'},
   'legalities': {},
   'keywords': ['Fuse'],
   'faceName': 'Tear',
   'side': 'b'}],
 [{'name': 'Assault // Battery',
   'manaCost': '{R}',
   'manaValue': 5.0,
   'convertedManaCost': 5.0,
   'colors': ['R'],
   'colorIdentity': ['R', 'G'],
   'types': ['Sorcery'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Assault deals 2 damage to any target.',
   'layout': 'split',
   'type': 'Sorcery',
   'identifiers': {'scryfallOracleId': '66931ffd-e193-5589-b83c-093c7621b859'},
   'legalities': {},
   'keywords': [],
   'faceName': 'Assault',
   'side': 'a'},
  {'name': 'Assault // Battery',
   'manaCost': '{3}{G}',
   'manaValue': 5.0,
   'convertedManaCost': 5.0,
   'colors': ['G'],
   'colorIdentity': ['R', 'G'],
   'types': ['Sorcery'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Create a 3/3 green Elephant creature token.',
   'layout': 'split',
   'type': 'Sorcery',
   'identifiers': {'scryfallOracleId': '66931ffd-e193-5589-b83c-093c7621b859'},
   'legalities': {},
   'keywords': [],
   'faceName': 'Battery',
   'side': 'b'}],
 [{'name': 'Mind Stone',
   'manaCost': '{2}',
   'manaValue': 2.0,
   'convertedManaCost': 2.0,
   'colors': [],
   'colorIdentity': [],
   'types': ['Artifact'],
   'subtypes': [],
   'supertypes': [],
   'text': '{T}: Add {C}.\n{1}, {T}, Sacrifice this artifact: Draw a card.',
   'layout': 'normal',
   'type': 'Artifact',
   'identifiers': {'scryfallOracleId': 'b9aeb222-12fa-58d7-8231-59dae8843b95'},
   'legalities': {},
   'keywords': []}],
 [{'name': 'Glorious Anthem',
   'manaCost': '{1}{W}{W}',
   'manaValue': 3.0,
   'convertedManaCost': 3.0,
   'colors': ['W'],
   'colorIdentity': ['W'],
   'types': ['Enchantment'],
   'subtypes': [],
   'supertypes': [],
   'text': 'Creatures you control get +1/+1.',
   'layout': 'normal',
   'type': 'Enchantment',
   'identifiers': {'scryfallOracleId': '797bd1d9-3bb3-5bb2-ba49-446ea808ade3'},
   'legalities': {},
   'keywords': []}]]

GRANT = {"name": "Test Recollection", "manaCost": "{2}{U}", "manaValue": 3.0, "colors": ["U"],
         "colorIdentity": ["U"], "types": ["Enchantment"], "subtypes": [], "supertypes": [],
         "text": "You may cast instant spells from your graveyard.\nYou may cast sorcery spells "
                 "with mana value 2 or less from your graveyard.",
         "layout": "normal", "type": "Enchantment",
         "identifiers": {"scryfallOracleId": "6d1c43f0-0000-4000-8000-000000000030"},
         "legalities": {}, "keywords": []}
eng = engine([*CARDS, [GRANT]])
g, ids = game(eng, ["Test Recollection", "Wear", "Assault", "Mind Stone", "Glorious Anthem"])
grant, wt, ab = ids["Test Recollection"][0], ids["Wear"][0], ids["Assault"][0]
put(g, grant, "Battlefield")
put(g, wt, "Graveyard")
put(g, ab, "Graveyard")
put(g, ids["Mind Stone"][0], "Battlefield")
put(g, ids["Glorious Anthem"][0], "Battlefield")
debug(g, "AddMana", player_id=0, mana=["Red", "White", "Colorless", "Colorless", "Colorless"])
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
start = g.state()
act(g, 0, "CastSpell", object_id=wt, card_id=wt, payment_mode={"type": "Auto"}, targets=[])
asked = g.waiting_for()["type"]
cast_name = g.object(wt)["name"]
print(f"casting Wear // Tear from the graveyard, phase.rs waits for {asked} with {cast_name} "
      "cast and never asked which half (CR 709.3: the caster chooses the half to cast)")
g = eng.load_game(start)
act(g, 0, "CastSpell", object_id=ab, card_id=ab, payment_mode={"type": "Auto"}, targets=[])
face_asked = g.waiting_for()["type"]
try:
    act(g, 0, "ChooseModalFace", back_face=False)
    refused = None
except ValueError as exc:
    refused = str(exc)
print(f"casting Assault // Battery from the graveyard, phase.rs asks {face_asked}; choosing "
      f"Assault (a sorcery of mana value 1) is refused: {refused!r} (CR 709.3a, 601.3e: a "
      "permission for sorceries of mana value 2 or less checks the half cast)")
assert asked == "Priority" and face_asked == "ModalFaceChoice" and refused, "fixed?"
print("reproduced")
