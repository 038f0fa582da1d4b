"""phase.rs (phase-python 0.103.0): two cards exiled "until this creature leaves the
battlefield" by two Banisher Priests that die at once return one after the other. Each Priest
exiled one of bob's Soul Wardens; Pyroclasm kills both Priests; both Wardens come back, but
only one Soul Warden ability triggers, the first Warden back seeing the second enter and not the
reverse. CR 610.3d: one-shot effects created right after simultaneous events are simultaneous,
so the Wardens enter together and each sees the other (two triggers, 603.6a).

Standalone: pip install phase-python==0.103.0 && python returns-not-simultaneous.py
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

PRIEST = card("Banisher Priest", "{1}{W}{W}", 3, "W", ["Creature"],
              "When this creature enters, exile target creature an opponent controls until this "
              "creature leaves the battlefield. (That creature returns under its owner's "
              "control.)", (2, 2), subtypes=["Human", "Cleric"])
WARDEN = card("Soul Warden", "{W}", 1, "W", ["Creature"],
              "Whenever another creature enters, you gain 1 life.", (1, 1),
              subtypes=["Human", "Cleric"])
PYROCLASM = card("Pyroclasm", "{1}{R}", 2, "R", ["Sorcery"],
                 "Pyroclasm deals 2 damage to each creature.")


def resolve_all(g, target=None):
    """Pass until the stack is empty, choosing ``target`` for a trigger that asks one."""
    for _ in range(40):
        kind = g.waiting_for()["type"]
        if kind in ("TriggerTargetSelection", "TargetSelection"):
            act(g, g.waiting_for()["data"]["player"], "ChooseTarget",
                target={"Object": target})
        elif g.stack():
            act(g, g.priority_player(), "PassPriority")
        else:
            return


eng = engine([PRIEST, WARDEN, PYROCLASM])
g, ids = game(eng, [["Banisher Priest", "Banisher Priest", "Pyroclasm"],
                    ["Soul Warden", "Soul Warden"]], active=0)
priests, wardens = ids[(0, "Banisher Priest")], ids[(1, "Soul Warden")]
pyroclasm = ids[(0, "Pyroclasm")][0]
for oid in [*priests, pyroclasm]:
    put(g, oid, "Hand")
for oid in wardens:
    put(g, oid, "Battlefield")
debug(g, "AddMana", player_id=0, mana=["White"] * 6 + ["Red"] * 2)
g = live(eng, g)
for priest, warden in zip(priests, wardens, strict=True):
    act(g, 0, "CastSpell", object_id=priest, card_id=priest, payment_mode={"type": "Auto"},
        targets=[])
    resolve_all(g, warden)
    assert g.object(warden)["zone"] == "Exile", g.object(warden)
act(g, 0, "CastSpell", object_id=pyroclasm, card_id=pyroclasm, payment_mode={"type": "Auto"},
    targets=[])
act(g, 0, "PassPriority")
act(g, 1, "PassPriority")  # Pyroclasm resolves: both Priests die at once
zones = [g.object(oid)["zone"] for oid in [*priests, *wardens]]
stack = [g.object(e["source_id"])["name"] for e in g.stack()]
print(f"after Pyroclasm: Priests and Wardens in {zones}; stack {stack} (CR 610.3d: the Wardens "
      f"return at the same time and each sees the other enter, two triggers)")
assert zones[2:] == ["Battlefield"] * 2 and stack == ["Soul Warden"], "fixed?"
print("reproduced")
