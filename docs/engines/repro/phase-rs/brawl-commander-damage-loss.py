"""phase.rs (phase-python 0.103.0): in a two-player Brawl game, a player dealt 21 or more combat
damage by one commander loses the game. CR 903.12h: Brawl games don't use the state-based
action of 704.6c (21 combat damage from one commander), so the player (at 18 life after 22
damage, here) stays in the game.

Standalone: pip install phase-python==0.103.0 && python brawl-commander-damage-loss.py
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


CARDS = [[{'colorIdentity': ['R'],
   'colors': ['R'],
   'convertedManaCost': 4.0,
   'identifiers': {'scryfallOracleId': '0bbc49af-a8e5-595d-b2d2-5c938513ce60'},
   'keywords': [],
   'layout': 'normal',
   'legalities': {},
   'manaCost': '{2}{R}{R}',
   'manaValue': 4.0,
   'name': 'Krenko, Mob Boss',
   'power': '3',
   'subtypes': ['Goblin', 'Warrior'],
   'supertypes': ['Legendary'],
   'text': '{T}: Create X 1/1 red Goblin creature tokens, where X is the number of Goblins you '
           'control.',
   'toughness': '3',
   'type': 'Legendary Creature — Goblin Warrior',
   'types': ['Creature']}]]

eng = engine(CARDS)
g = eng.new_game(player={"main_deck": ["Filler"] * 10, "commander": ["Krenko, Mob Boss"]},
                 opponent=["Filler"] * 10, seed=1, format="Brawl", first_player=0)
for seat in (0, 1):
    g.apply(seat, next(a for a in g.actions() if a.kind == "MulliganDecision"
                       and a.data["choice"]["type"] == "Keep"))
root = g.state()
root["state"]["debug_mode"] = True
g = eng.load_game(root)
krenko = next(int(k) for k, o in root["state"]["objects"].items()
              if o["name"] == "Krenko, Mob Boss")
print("life", [p["life"] for p in g.state()["state"]["players"]],
      "commander", g.object(krenko)["zone"])
debug(g, "SetPhase", phase="BeginCombat", active_player=0)
debug(g, "MoveToZone", object_id=krenko, to_zone="Battlefield")
debug(g, "SetSummoningSickness", object_id=krenko, sick=False)
debug(g, "ModifyCounters", object_id=krenko, counter_type="P1P1", delta=19)
debug(g, "SetLife", player_id=1, life=40)
root = g.state()
root["state"]["debug_mode"] = False
g = eng.load_game(root)
while g.waiting_for()["type"] == "Priority":
    act(g, g.priority_player(), "PassPriority")
act(g, 0, "DeclareAttackers", attacks=[[krenko, {"type": "Player", "data": 1}]], bands=[])
for _ in range(20):
    w = g.waiting_for()
    if w["type"] == "GameOver" or g.phase in ("EndCombat", "PostCombatMain"):
        break
    if w["type"] == "DeclareBlockers":
        act(g, w["data"]["player"], "DeclareBlockers", assignments=[])
    else:
        act(g, g.priority_player(), "PassPriority")
state = g.state()["state"]
print("commander damage", state["commander_damage"], "life", state["players"][1]["life"],
      "waiting for", g.waiting_for())
assert g.waiting_for()["type"] == "GameOver", "fixed?"
print("reproduced")
