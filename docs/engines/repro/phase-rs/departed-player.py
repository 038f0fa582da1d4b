"""phase.rs (phase-python 0.103.0): a player leaving a multiplayer game (CR 800.4) is handled as
in a two-player game's end: what 800.4 says goes on for the others does not. Five checks, each in
its own three-player Free-for-All game:

1. a creature with lifelink attacks a player who then concedes: it still deals its combat damage
   and its controller gains 2 life (800.4e: combat damage isn't assigned to a departed player);
2. alice gives bob's Hill Giant -2/-0 "until your next turn" and concedes: the effect never ends
   (800.4m: it ends when alice's next turn would have begun);
3. the active player concedes in her main phase: when the others pass, phase.rs starts the next
   turn (800.4j: her turn goes on to its end without an active player);
4. carol Threatens Grizzly Bears that alice controls by default, and alice concedes: when
   Threaten's effect ends the Bears go back to alice, who has left (800.4c: they are exiled);
5. alice at 2 life blocks with Grizzly Bears and combat damage kills both: phase.rs exiles her
   Bears as she leaves instead of letting them die, so carol's Blood Artist doesn't trigger
   (704.3: the Bears die and alice loses in the same check; 800.4d: only alice's own trigger is
   not put on the stack).

Standalone: pip install phase-python==0.103.0 && python departed-player.py
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

LINKER = card("Test Lifelinker", "{1}{W}", 2, "W", ["Creature"], "Lifelink", (2, 2), ["Lifelink"])
GIANT = card("Hill Giant", "{3}{R}", 4, "R", ["Creature"], "", (3, 3))
HEX = card("Test Sapping Hex", "{B}", 1, "B", ["Instant"],
           "Target creature gets -2/-0 until your next turn.")
found = []

# 1. CR 800.4e: combat damage isn't assigned to a player who has left the game.
eng = engine([LINKER, GIANT, HEX])
g, ids = game(eng, [["Test Lifelinker"], [], []], active=0)
linker = ids[(0, "Test Lifelinker")][0]
put(g, linker, "Battlefield")
debug(g, "SetPhase", phase="BeginCombat", active_player=0)
g = live(eng, g)
walk_to(g, "DeclareAttackers")
act(g, 0, "DeclareAttackers", attacks=[[linker, {"type": "Player", "data": 1}]], bands=[])
act(g, 1, "Concede", player_id=1)
while g.phase != "EndCombat":
    step_on(g)
life = g.player(0)["life"]
print(f"1. the attacked player conceded; after combat damage the lifelinker's controller has "
      f"{life} life (CR 800.4e: 20, no damage is dealt)")
found.append(life == 22)

# 2. CR 800.4m: "until your next turn" of a player who left ends when that turn would have begun.
g, ids = game(eng, [["Test Sapping Hex"], ["Hill Giant"], []], active=0)
hex_, giant = ids[(0, "Test Sapping Hex")][0], ids[(1, "Hill Giant")][0]
put(g, hex_, "Hand")
put(g, giant, "Battlefield")
debug(g, "AddMana", player_id=0, mana=["Black"])
g = live(eng, g)
act(g, 0, "CastSpell", object_id=hex_, card_id=hex_, payment_mode={"type": "Auto"}, targets=[])
if g.waiting_for()["type"] == "TargetSelection":
    act(g, 0, "ChooseTarget", target={"Object": giant})
pass_all(g)
assert g.object(giant)["power"] == 1, g.object(giant)
act(g, 0, "Concede", player_id=0)
turns = []
while len(turns) < 3:  # bob's turn, carol's, bob's again
    while g.phase != "Upkeep" or (turns and turns[-1] == g.turn):
        step_on(g)
    turns.append(g.turn)
power = g.object(giant)["power"]
print(f"2. at the upkeep of bob's second turn after alice left, her -2/-0 'until your next "
      f"turn' leaves Hill Giant at power {power} (CR 800.4m: 3)")
found.append(power == 1)

# 3. CR 800.4j: the active player leaves; the turn goes on without an active player.
g, ids = game(eng, [[], [], []], active=2)
g = live(eng, g)
act(g, 2, "Concede", player_id=2)
pass_all(g)
step = (g.phase, g.state()["state"]["active_player"])
print(f"3. carol concedes in her precombat main phase and the others pass: {step} "
      f"(CR 800.4j, 500.2: her turn goes on, to BeginCombat)")
found.append(step[0] != "BeginCombat")

# 4. CR 800.4c: a control effect ends and the player who controlled the permanent by default
# has left the game: it is exiled.
BEARS = card("Grizzly Bears", "{1}{G}", 2, "G", ["Creature"], "", (2, 2))
THREATEN = card("Threaten", "{2}{R}", 3, "R", ["Sorcery"],
                "Untap target creature and gain control of it until end of turn. That creature "
                "gains haste until end of turn.")
eng = engine([BEARS, THREATEN])
g, ids = game(eng, [[], ["Grizzly Bears"], ["Threaten"]], active=2)
bears, threaten = ids[(1, "Grizzly Bears")][0], ids[(2, "Threaten")][0]
put(g, bears, "Battlefield")
debug(g, "SetController", object_id=bears, controller=0)  # alice controls bob's Bears
put(g, threaten, "Hand")
debug(g, "AddMana", player_id=2, mana=["Red", "Red", "Red"])
g = live(eng, g)
act(g, 2, "CastSpell", object_id=threaten, card_id=threaten, payment_mode={"type": "Auto"},
    targets=[])
if g.waiting_for()["type"] == "TargetSelection":
    act(g, 2, "ChooseTarget", target={"Object": bears})
pass_all(g)
assert g.object(bears)["controller"] == 2, g.object(bears)
act(g, 0, "Concede", player_id=0)
while g.phase != "Upkeep":
    step_on(g)
bears_now = g.object(bears)
print(f"4. Threaten's effect has ended; the Bears' default controller (alice) has left: they are "
      f"in {bears_now['zone']} under seat {bears_now['controller']} (CR 800.4c: exiled)")
found.append(bears_now["zone"] == "Battlefield")

# 5. CR 704.3, 800.4d: a player at 0 life loses as her creature dies in the same check of
# state-based actions; the death triggers, and only the departed player's trigger is not put
# on the stack.
ARTIST = card("Blood Artist", "{1}{B}", 2, "B", ["Creature"],
              "Whenever this creature or another creature dies, target player loses 1 life and "
              "you gain 1 life.", (0, 1))
eng = engine([BEARS, GIANT, ARTIST])
g, ids = game(eng, [["Blood Artist", "Grizzly Bears"], [], ["Blood Artist", "Hill Giant",
                                                            "Grizzly Bears"]], active=2)
for key in [(0, "Blood Artist"), (0, "Grizzly Bears"), (2, "Blood Artist"), (2, "Hill Giant"),
            (2, "Grizzly Bears")]:
    put(g, ids[key][0], "Battlefield")
debug(g, "SetLife", player_id=0, life=2)
debug(g, "SetPhase", phase="BeginCombat", active_player=2)
g = live(eng, g)
giant, cbears, abears = ids[(2, "Hill Giant")][0], ids[(2, "Grizzly Bears")][0], \
    ids[(0, "Grizzly Bears")][0]
walk_to(g, "DeclareAttackers")
act(g, 2, "DeclareAttackers", attacks=[[giant, {"type": "Player", "data": 0}],
                                       [cbears, {"type": "Player", "data": 0}]], bands=[])
walk_to(g, "DeclareBlockers")
act(g, 0, "DeclareBlockers", assignments=[[abears, giant]])
while g.phase != "CombatDamage" and g.waiting_for()["type"] != "TriggerTargetSelection":
    step_on(g)
waiting = g.waiting_for()["type"]
stack = [g.object(e["source_id"])["name"] for e in g.stack()]
print(f"5. combat damage: alice is at {g.player(0)['life']} and eliminated "
      f"{g.player(0)['is_eliminated']}, her Bears in {g.object(abears)['zone']}; waiting for "
      f"{waiting}, stack {stack} (CR 704.3, 800.4d: carol's Blood Artist trigger)")
found.append(waiting == "Priority" and not stack)

assert all(found), f"fixed? {found}"
print("reproduced")
