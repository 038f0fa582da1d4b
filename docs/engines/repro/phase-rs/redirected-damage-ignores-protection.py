"""phase.rs (phase-python 0.103.0): damage redirected by Pariah ("All damage that would be dealt
to you is dealt to enchanted creature instead") is not prevented by the creature's protection.
Lightning Bolt at bob, whose Pariah enchants his creature with (printed) protection from red:
bob takes nothing and the creature is dealt the 3 damage. CR 616.2: an effect can become
applicable to an event another replacement effect has modified; 702.16e: damage from a red
source to a creature with protection from red is prevented.

Standalone: pip install phase-python==0.103.0 && python redirected-damage-ignores-protection.py
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

WARD = card("Test Red Ward", "{1}{W}", 2, "W", ["Creature"], "Protection from red", (2, 2),
            ["Protection"])
PARIAH = card("Pariah", "{2}{W}", 3, "W", ["Enchantment"], "Enchant creature\nAll damage that "
              "would be dealt to you is dealt to enchanted creature instead.", keywords=["Enchant"],
              subtypes=["Aura"])
BOLT = card("Lightning Bolt", "{R}", 1, "R", ["Instant"],
            "Lightning Bolt deals 3 damage to any target.")
eng = engine([WARD, PARIAH, BOLT])
g, ids = game(eng, [["Lightning Bolt"], ["Test Red Ward", "Pariah"]], active=0)
bolt, ward, pariah = ids[(0, "Lightning Bolt")][0], ids[(1, "Test Red Ward")][0], \
    ids[(1, "Pariah")][0]
put(g, bolt, "Hand")
put(g, ward, "Battlefield")
put(g, pariah, "Battlefield")
debug(g, "Attach", object_id=pariah, target={"type": "Object", "data": ward})
debug(g, "AddMana", player_id=0, mana=["Red"])
g = live(eng, g)
assert g.object(pariah)["attached_to"]["data"] == ward, g.object(pariah)
assert g.object(ward)["keywords"] == [{"Protection": {"Color": "Red"}}], g.object(ward)
act(g, 0, "CastSpell", object_id=bolt, card_id=bolt, payment_mode={"type": "Auto"}, targets=[])
if g.waiting_for()["type"] == "TargetSelection":
    act(g, 0, "ChooseTarget", target={"Player": 1})
pass_all(g)
marked = g.object(ward).get("damage_marked")
print(f"Lightning Bolt at bob, redirected by Pariah to his creature with protection from red: "
      f"bob at {g.player(1)['life']}, damage marked on the creature {marked} (CR 616.2, "
      f"702.16e: 0, the redirected damage is prevented)")
assert not g.stack() and marked == 3, "fixed?"
print("reproduced")
