"""Generated cases on real cards: families draw from the card catalog, and only the families
whose ruling has no real card behind it define cards inline."""

from __future__ import annotations

import pytest

from generators.catalog import catalog, is_catalog_card, mana_source, pick_normal
from generators.emit import DEFAULT_SEED, load_generated
from generators.family import FAMILIES, draw_case
from generators.source import random_source

#: The families that keep a synthetic card, each saying why in its builder's docstring.
SYNTHETIC = {"block-cost-total", "target-recheck", "token-creation"}
#: Of those, the ones that cast a real card in some of their cases.
PARTLY_SYNTHETIC = {"target-recheck"}


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_each_family_draws_catalog_cards_unless_it_must_not(name: str) -> None:
    inline = [draw_case(FAMILIES[name], seed=3, index=i).get("cards") for i in range(24)]
    if name in PARTLY_SYNTHETIC:
        assert any(inline) and not all(inline)
        assert "synthetic" in (FAMILIES[name].build.__doc__ or "")
    elif name in SYNTHETIC:
        assert all(inline) and "synthetic" in (FAMILIES[name].build.__doc__ or "")
    else:
        assert not any(inline), "a catalog card is named, never defined inline"


def test_the_default_generated_set_needs_custom_cards_only_for_the_synthetic_families() -> None:
    # Enough cases that each family gets several whatever their number (a family's index is
    # i mod the number of families): the synthetic families each show their inline cards.
    from generators.family import FAMILIES

    loaded = load_generated(count=8 * len(FAMILIES), seed=DEFAULT_SEED)
    custom = {c.generated["family"] for c in loaded.cases if "custom-cards" in c.features}
    assert custom == SYNTHETIC


def test_a_picked_card_is_the_catalog_card_unchanged_and_is_not_picked_twice() -> None:
    used: set[str] = set()
    src = random_source("test", 1)
    first = pick_normal(src, used, card_types=("Creature",))
    second = pick_normal(src, used, card_types=("Creature",))
    assert is_catalog_card(first) and first["name"] != second["name"]
    assert not is_catalog_card({**first, "power": 99})  # changed data is not the catalog's
    with pytest.raises(ValueError, match="no normal card"):
        pick_normal(src, {str(c["name"]) for c in catalog()})


def test_mana_sources_are_the_cards_with_one_fixed_tap_ability() -> None:
    sources = {str(c["name"]): mana_source(c) for c in catalog() if mana_source(c)}
    assert sources["Llanowar Elves"] == "{G}" and sources["Sol Ring"] == "{C}{C}"
    assert "Birds of Paradise" not in sources  # a choice of color is not one fixed output
