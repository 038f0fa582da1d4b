"""The spec data itself: the ruling catalog, cards, eras, features and the canonical form."""

from __future__ import annotations

from pathlib import Path

import pytest

import conformance
import generators
import reference_engine
from conformance.spec import tomlio
from conformance.spec.catalog import default_spec
from reference_engine import SWITCHES, CardCatalog, era_from_mapping, parse_card
from reference_engine.capabilities import FEATURES

#: The ruling ids in catalog order: the 106 of the source catalog (research note), then those
#: added since.
CATALOG_IDS = [
    "MULTI-01", "MULTI-02", "MULTI-03", "MULTI-04", "MULTI-05", "MULTI-06", "MULTI-07",
    "MULTI-08", "MULTI-09", "KICK-01", "KICK-02", "KICK-03", "KICK-04", "KICK-05",
    "KICK-06", "KICK-07", "KICK-08", "SPLIT-01", "SPLIT-02", "SPLIT-03", "SPLIT-04",
    "SPLIT-05", "SPLIT-06", "SPLIT-07", "SPLIT-08", "SPLIT-09", "DOM-01", "DOM-02",
    "DOM-03", "DOM-04", "DOM-05", "DOM-06", "DOM-07", "DJINN-01", "DJINN-02",
    "DJINN-03", "LEECH-01", "LEECH-02", "DIVVY-01", "DIVVY-02", "DIVVY-03", "DRAGON-01",
    "DRAGON-02", "DRAGON-03", "MANA-01", "MANA-02", "MANA-03", "MANA-04", "MANA-05",
    "MANA-06", "XVAL-01", "TAP-01", "GRUNN-01", "GRUNN-02", "GRUNN-03", "KICK-M01",
    "KICK-M02", "KICK-M03", "COST-01", "KICK-M04", "KICK-M05", "TOKEN-01", "TOKEN-02",
    "KWCTR-01", "ATTACK-01", "FLASH-01", "FLASH-02", "FLASH-03", "FLASH-04", "SPLIT-M01",
    "SPLIT-M02", "SPLIT-M03", "SPLIT-M04", "CHAOS-01", "SPLIT-M05", "CHAOS-02", "SPLIT-M06",
    "SPLIT-M07", "STICKER-01", "SYLEX-01", "LINKED-01", "TARGET-01", "PLAYER-01", "ETBREPL-01",
    "KEYWORD-01", "PROT-01", "OVER-01", "OVER-02", "KINDRED-01", "KINDRED-02", "OVER-03",
    "OVER-04", "OVER-05", "COST-02", "NMDFC-01", "KUJA-01", "KUJA-02", "NMDFC-02",
    "KUJA-03", "NMDFC-03", "NMDFC-04", "NMDFC-05", "KUJA-04", "CRYSTAL-01", "NMDFC-06",
    "CMDR-01",
]


def test_one_ruling_per_catalog_id_in_order() -> None:
    """The research catalog's rulings come first, in its order; the rulings added after them
    come from the rules editions themselves (the Sixth Edition CR or the current CR)."""
    ids = list(default_spec().rulings)
    assert ids[:len(CATALOG_IDS)] == CATALOG_IDS
    for rid in ids[len(CATALOG_IDS):]:
        assert default_spec().rulings[rid].source.startswith("Comprehensive Rules"), rid


def test_rulings_are_complete() -> None:
    spec = default_spec()
    for ruling in spec.rulings.values():
        assert ruling.statement and ruling.source and ruling.rules, ruling.id
        assert set(ruling.eras) <= set(spec.eras), ruling.id
        for other in ruling.conflicts:
            assert ruling.id in spec.rulings[other].conflicts, (ruling.id, other)
        if not ruling.testable:
            assert ruling.not_testable, ruling.id


def test_every_card_builds_in_the_engine() -> None:
    spec = default_spec()
    catalog = CardCatalog(parse_card(data, where=path)
                          for data, path in zip(spec.cards.values(), spec.card_files.values(),
                                              strict=True))
    assert len(catalog) == len(spec.cards) >= 45
    for card in catalog:
        if card.layout in ("split", "transform"):
            assert len(card.faces) == 2


def test_eras_set_every_switch() -> None:
    eras = {k: era_from_mapping(v) for k, v in default_spec().eras.items()}
    assert {"modern", "invasion-2000"} <= set(eras)
    for era in eras.values():
        assert set(era.switches) == set(SWITCHES)
    differing = [s for s in SWITCHES if eras["modern"].switch(s) != eras["invasion-2000"].switch(s)]
    assert differing, "the two eras must differ somewhere"


def test_declared_features_are_registered() -> None:
    assert set(default_spec().features) >= FEATURES


CASE_FILES = sorted((Path(__file__).parent.parent / "spec" / "cases").rglob("*.toml"))


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.stem)
def test_case_files_round_trip_through_the_canonical_form(path: Path) -> None:
    data = tomlio.loads(path.read_text("utf-8"))
    assert tomlio.loads(tomlio.dumps(data)) == data


@pytest.mark.parametrize("package", [conformance, reference_engine, generators])
def test_public_names_are_exported(package: object) -> None:
    names = list(package.__all__)
    assert len(set(names)) == len(names)
    for name in names:
        assert hasattr(package, name), name
