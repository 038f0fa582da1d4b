"""phase.rs (phase-python 0.103.0): after an effect ends the turn, the active player gets
priority in the cleanup step although nothing triggered. A two-player game; alice casts an
instant that says "End the turn." and it resolves: phase.rs is in the cleanup step, waiting for
alice's priority with an empty stack, and the turn doesn't end until both players pass (so
spells could be cast there). CR 723.1f and 514.3: if no triggered ability triggered during the
process, no player gets priority in the cleanup step, and the next turn begins.

Standalone: pip install phase-python==0.103.0 && python end-turn-priority-in-cleanup.py
Prints "reproduced" while the behaviour is there; an AssertionError means it
changed.
"""
import json
import zlib

from phase import Engine, GameAction, build_oracle_face

FILLER = {"name": "Filler", "manaCost": "", "manaValue": 0.0, "colors": [], "colorIdentity": [],
          "types": ["Land"], "subtypes": [], "supertypes": [], "text": "", "layout": "normal",
          "type": "Land", "identifiers": {}, "legalities": {}, "keywords": []}


def card(name, cost, mv, colors, types, text, pt=None, keywords=(), subtypes=()):
    """A single-faced card in MTGJSON's atomic shape."""
    face = dict(FILLER, name=name, manaCost=cost, manaValue=float(mv),
                convertedManaCost=float(mv), colors=list(colors), colorIdentity=list(colors),
                types=list(types), subtypes=list(subtypes),
                type=" ".join(types) + (" — " + " ".join(subtypes) if subtypes else ""),
                text=text, keywords=list(keywords),
                identifiers={"scryfallOracleId":
                             f"00000000-0000-0000-0000-{zlib.crc32(name.encode()):012d}"})
    if pt:
        face.update(power=str(pt[0]), toughness=str(pt[1]))
    return face


def engine(cards):
    db = {"filler": build_oracle_face(FILLER, None)}
    for face in cards:
        db[face["name"].lower()] = build_oracle_face(face, face["identifiers"]["scryfallOracleId"])
    return Engine.from_json(json.dumps(db))


def debug(g, kind, **data):
    """One of the engine's sandbox (debug) actions, used here only to set the scene."""
    return g.apply(0, GameAction.from_dict({"type": "Debug",
                                           "data": {"type": kind, "data": data}}))


def act(g, seat, kind, **data):
    action = {"type": kind, "data": data} if data else {"type": kind}
    return g.apply(seat, GameAction.from_dict(action))


def game(eng, decks, active):
    """A sandbox game of len(decks) players in that order (Free-for-All for more than two) at
    ``active``'s
    precombat main phase, hands empty; returns (game, {(seat, face name): [ids]})."""
    decks = [list(d) + ["Filler"] * 20 for d in decks]
    g = eng.new_game(player=decks[0], opponent=decks[1], extra_players=decks[2:],
                     format="FreeForAll" if len(decks) > 2 else "Standard", seed=1,
                     first_player=0)
    for seat in range(len(decks)):
        g.apply(seat, next(a for a in g.actions() if a.kind == "MulliganDecision"
                           and a.data["choice"]["type"] == "Keep"))
    root = g.state()
    root["state"]["debug_mode"] = True
    g = eng.load_game(root)
    debug(g, "SetPhase", phase="PreCombatMain", active_player=active)
    ids = {}
    for key, obj in sorted(root["state"]["objects"].items(), key=lambda kv: int(kv[0])):
        if obj["name"] == "Filler" and obj["zone"] != "Library":  # libraries keep filler
            debug(g, "RemoveObject", object_id=int(key))
        else:
            ids.setdefault((obj["owner"], obj["name"]), []).append(int(key))
    return g, ids


def put(g, oid, zone):
    debug(g, "MoveToZone", object_id=oid, to_zone=zone)
    if zone == "Battlefield":
        debug(g, "SetSummoningSickness", object_id=oid, sick=False)


def live(eng, g):
    """The sandbox switched off: from here on only the engine's normal actions."""
    root = g.state()
    root["state"]["debug_mode"] = False
    return eng.load_game(root)


def pass_all(g):
    """Every player passes priority once, in turn."""
    for _ in range(len(g.state()["state"]["players"])):
        if g.waiting_for()["type"] != "Priority":
            return
        act(g, g.priority_player(), "PassPriority")


def step_on(g):
    """The game goes on one action: a priority pass, or no attack / no block declared."""
    w = g.waiting_for()
    if w["type"] == "DeclareAttackers":
        return act(g, w["data"]["player"], "DeclareAttackers", attacks=[], bands=[])
    if w["type"] == "DeclareBlockers":
        return act(g, w["data"]["player"], "DeclareBlockers", assignments=[])
    return act(g, g.priority_player(), "PassPriority")


def walk_to(g, prompt, limit=40):
    for _ in range(limit):
        if g.waiting_for()["type"] == prompt:
            return g.waiting_for()["data"]
        act(g, g.priority_player(), "PassPriority")
    raise AssertionError(f"never asked {prompt}: {g.waiting_for()}")

ENDER = card("Test Time Stop", "{1}{U}", 2, "U", ["Instant"], "End the turn.")
eng = engine([ENDER])
g, ids = game(eng, [["Test Time Stop"], []], active=0)
ender = ids[(0, "Test Time Stop")][0]
put(g, ender, "Hand")
debug(g, "AddMana", player_id=0, mana=["Blue", "Blue"])
g = live(eng, g)
act(g, 0, "CastSpell", object_id=ender, card_id=ender, payment_mode={"type": "Auto"}, targets=[])
act(g, 0, "PassPriority")
act(g, 1, "PassPriority")  # it resolves: the turn ends
state = g.state()["state"]
print(f"after End the turn: {g.phase}, waiting for {g.waiting_for()}, stack {g.stack()}, "
      f"active seat {state['active_player']} (CR 723.1f, 514.3: nothing triggered, so no "
      f"priority in the cleanup step; the next turn begins)")
assert g.phase == "Cleanup" and g.waiting_for()["type"] == "Priority" and not g.stack(), \
    "fixed?"
print("reproduced")
