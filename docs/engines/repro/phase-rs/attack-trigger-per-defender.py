"""phase.rs (phase-python 0.103.0): with two defending players, "whenever this creature attacks
and isn't blocked" triggers twice. Three players; alice attacks bob with Grizzly Bears and carol
with Abyssal Nightstalker; bob blocks the Bears (carol, with no creature, is asked nothing). As
blockers are declared, phase.rs puts two Nightstalker triggers on the stack. CR 509.3g: the
ability triggers once, when blockers are declared and none blocks it (603.2: once per event);
508.5a names carol, the player it attacks, as the defending player.

Standalone: pip install phase-python==0.103.0 && python attack-trigger-per-defender.py
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

BEARS = card("Grizzly Bears", "{1}{G}", 2, "G", ["Creature"], "", (2, 2))
STALKER = card("Abyssal Nightstalker", "{3}{B}", 4, "B", ["Creature"],
               "Whenever Abyssal Nightstalker attacks and isn't blocked, defending player "
               "discards a card.", (2, 2))
WALL = card("Wall of Stone", "{1}{R}{R}", 3, "R", ["Creature"],
            "Defender (This creature can't attack.)", (0, 8), ["Defender"])
BOLT = card("Lightning Bolt", "{R}", 1, "R", ["Instant"],
            "Lightning Bolt deals 3 damage to any target.")

eng = engine([BEARS, STALKER, WALL, BOLT])
g, ids = game(eng, [["Abyssal Nightstalker", "Grizzly Bears"], ["Wall of Stone", "Lightning Bolt"],
                    ["Lightning Bolt"]], active=0)
stalker, bears = ids[(0, "Abyssal Nightstalker")][0], ids[(0, "Grizzly Bears")][0]
wall = ids[(1, "Wall of Stone")][0]
for oid in (stalker, bears, wall):
    put(g, oid, "Battlefield")
put(g, ids[(1, "Lightning Bolt")][0], "Hand")
put(g, ids[(2, "Lightning Bolt")][0], "Hand")
debug(g, "SetPhase", phase="BeginCombat", active_player=0)
g = live(eng, g)
walk_to(g, "DeclareAttackers")
act(g, 0, "DeclareAttackers", attacks=[[bears, {"type": "Player", "data": 1}],
                                       [stalker, {"type": "Player", "data": 2}]], bands=[])
prompt = walk_to(g, "DeclareBlockers")
assert prompt["player"] == 1, prompt  # carol has no creature: phase.rs asks only bob
act(g, 1, "DeclareBlockers", assignments=[[wall, bears]])
sources = [g.object(e["source_id"])["name"] for e in g.stack()]
print(f"after the blocks: {g.phase}, stack {sources} (CR 509.3g, 603.2: one trigger)")
assert sources == ["Abyssal Nightstalker", "Abyssal Nightstalker"], "fixed?"
print("reproduced")
