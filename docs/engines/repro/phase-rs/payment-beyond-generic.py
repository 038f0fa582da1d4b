"""phase.rs (phase-python 0.103.0): delve and improvise take more than the generic mana of the
cost. Its mana payment prompt offers TapForConvoke for every card in the graveyard (delve) or
untapped artifact (improvise), also once the generic part of the cost is covered, and the cast
goes through: a spell costing {2}{U} with {U} in the pool is cast with three cards offered to
delve (two are exiled, the third stays in the graveyard: the offer is silently dropped) or with
three artifacts tapped for improvise (all three stay tapped). CR 702.66a and 702.126a: a card
may be exiled, or an artifact tapped, only for each generic mana in the total cost; the third
is not a legal choice (601.2h).

Standalone: pip install phase-python==0.103.0 && python payment-beyond-generic.py
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

DELVER = card("Test Delver", "{2}{U}", 3, "U", ["Sorcery"], "Delve\nDraw a card.",
              keywords=["Delve"])
TINKER = card("Test Tinkerer", "{2}{U}", 3, "U", ["Sorcery"], "Improvise\nDraw a card.",
              keywords=["Improvise"])
ORNITHOPTER = card("Ornithopter", "{0}", 0, "", ["Artifact", "Creature"], "Flying", (0, 2),
                   ["Flying"])


def pay_three(g, spell, payers):
    """Cast ``spell`` ({2}{U}, {U} in the pool) paying three times with phase.rs's own
    TapForConvoke: it offers the third although the cost has only {2} generic."""
    act(g, 0, "CastSpell", object_id=spell, card_id=spell, payment_mode={"type": "Auto"},
        targets=[])
    for oid in payers:
        assert any(a.kind == "TapForConvoke" and a.data["object_id"] == oid
                   for a in g.actions()), g.waiting_for()
        act(g, 0, "TapForConvoke", object_id=oid, mana_type="Colorless")
    act(g, 0, "PassPriority")  # confirms the payment
    assert [g.object(e["source_id"])["name"] for e in g.stack()], "not cast"


eng = engine([DELVER, TINKER, ORNITHOPTER])
g, ids = game(eng, [["Test Delver"], []], active=0)
delver = ids[(0, "Test Delver")][0]
put(g, delver, "Hand")
graveyard = list(g.state()["state"]["players"][0]["library"])[:3]
for oid in graveyard:
    debug(g, "MoveToZone", object_id=oid, to_zone="Graveyard")
debug(g, "AddMana", player_id=0, mana=["Blue"])
g = live(eng, g)
pay_three(g, delver, graveyard)
zones = sorted(g.object(oid)["zone"] for oid in graveyard)
print(f"1. delve: three graveyard cards offered for {{2}}: the spell is cast, the cards in "
      f"{zones} (CR 702.66a: a card only for each generic mana; the third can't be offered)")

g, ids = game(eng, [["Test Tinkerer"] + ["Ornithopter"] * 3, []], active=0)
tinker, thopters = ids[(0, "Test Tinkerer")][0], ids[(0, "Ornithopter")]
put(g, tinker, "Hand")
for oid in thopters:
    put(g, oid, "Battlefield")
debug(g, "AddMana", player_id=0, mana=["Blue"])
g = live(eng, g)
pay_three(g, tinker, thopters)
tapped = [g.object(oid)["tapped"] for oid in thopters]
print(f"2. improvise: three Ornithopters for {{2}}: the spell is cast and tapped {tapped} "
      f"(CR 702.126a: an artifact only for each generic mana; the third is tapped for nothing)")
assert zones == ["Exile", "Exile", "Graveyard"] and tapped == [True] * 3, "fixed?"
print("reproduced")
