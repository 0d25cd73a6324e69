"""The editions' data: complete, consistent, and tagged for the guilds."""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from companion.morpoly.editions import EDITION_IDS, load_edition, parse_edition


def raw(edition_id: str) -> dict[str, Any]:
    text = resources.files("companion.morpoly.data").joinpath(f"{edition_id}.json").read_text("utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


@pytest.mark.parametrize("edition_id", EDITION_IDS)
def test_every_edition_loads_with_a_full_board_and_two_decks_of_16(edition_id: str) -> None:
    edition = load_edition(edition_id)
    assert len(edition.squares) == 40 and len(edition.deeds) == 28
    assert len(edition.deck("chance")) == 16 and len(edition.deck("chest")) == 16
    assert edition.currency.scale == edition.go_salary // 200
    assert edition.houses == 32 and edition.hotels == 12
    assert sum(1 for c in edition.cards if c.tags.jail_card) == 2
    assert {s.index for s in edition.squares if s.kind == "station"} == {5, 15, 25, 35}


def test_reference_amounts() -> None:
    us = load_edition("us")
    assert us.deed(37).rents[3] == 1100 and us.deed(39).rents[0] == 50  # §2.6
    assert us.deed(37).mortgage == 175 and us.deed(5).mortgage == 100  # appendix 12
    assert us.squares[39].name == "Boardwalk"


def test_the_dm_set_is_twenty_times_the_euro_set() -> None:
    de, dm = load_edition("de"), load_edition("de-dm")
    assert dm.currency.scale == 20 and dm.go_salary == 4000 and dm.currency.symbol == "DM"
    assert dm.currency.format(dm.go_salary) == "4.000 DM"
    for a, b in zip(de.deeds, dm.deeds):
        assert (b.price, b.mortgage, b.house_cost) == (20 * a.price, 20 * a.mortgage, 20 * a.house_cost)
        assert b.rents == tuple(20 * r for r in a.rents)
    assert dm.station_rents == tuple(20 * r for r in de.station_rents)
    assert dm.utility_multipliers == tuple(20 * m for m in de.utility_multipliers) == (80, 200)
    assert dm.squares[39].name == "Schlossallee" and dm.deed(39).price == 8000


def test_cards_are_tagged_for_the_guilds() -> None:
    us = load_edition("us")
    assert us.card("chance.speeding-fine").tags.payment == "fine"
    assert us.card("chance.nearest-utility").tags.relocates == "nearest-utility"
    assert us.card("chance.back-3").tags.relocates == "back"
    assert us.card("chest.go-to-jail").tags.relocates == "jail"
    assert us.card("chest.birthday").tags.receives
    de = load_edition("de")
    assert de.card("chest.fine-or-chance").tags.payment == "fine"
    assert any(card.tags.payment == "tax" for card in de.cards)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["deeds"][0].update(mortgage=31), "not half the price"),
    (lambda d: d.update(go_salary=400), "scale 1 does not match"),
    (lambda d: d["cards"][0]["tags"].update(relocates=None), "relocates tag"),
    (lambda d: d["cards"].pop(), "15 cards, not 16"),
    (lambda d: d["squares"][1].update(kind="castle"), "unknown kind"),
    (lambda d: d["deeds"][0].update(price="60"), "whole number"),
])
def test_broken_edition_data_is_refused_with_the_field(change: Any, message: str) -> None:
    doc = raw("us")
    change(doc)
    with pytest.raises(ValueError, match=message):
        parse_edition(doc, "us.json")


US_STREET_DEEDS = {
    # square: (price, (rent, 1 house, 2, 3, 4 houses, hotel), house cost, mortgage value), as printed
    1: (60, (2, 10, 30, 90, 160, 250), 50, 30),  # Mediterranean Avenue
    3: (60, (4, 20, 60, 180, 320, 450), 50, 30),  # Baltic Avenue
    6: (100, (6, 30, 90, 270, 400, 550), 50, 50),  # Oriental Avenue
    8: (100, (6, 30, 90, 270, 400, 550), 50, 50),  # Vermont Avenue
    9: (120, (8, 40, 100, 300, 450, 600), 50, 60),  # Connecticut Avenue
    11: (140, (10, 50, 150, 450, 625, 750), 100, 70),  # St. Charles Place
    13: (140, (10, 50, 150, 450, 625, 750), 100, 70),  # States Avenue
    14: (160, (12, 60, 180, 500, 700, 900), 100, 80),  # Virginia Avenue
    16: (180, (14, 70, 200, 550, 750, 950), 100, 90),  # St. James Place
    18: (180, (14, 70, 200, 550, 750, 950), 100, 90),  # Tennessee Avenue
    19: (200, (16, 80, 220, 600, 800, 1000), 100, 100),  # New York Avenue
    21: (220, (18, 90, 250, 700, 875, 1050), 150, 110),  # Kentucky Avenue
    23: (220, (18, 90, 250, 700, 875, 1050), 150, 110),  # Indiana Avenue
    24: (240, (20, 100, 300, 750, 925, 1100), 150, 120),  # Illinois Avenue
    26: (260, (22, 110, 330, 800, 975, 1150), 150, 130),  # Atlantic Avenue
    27: (260, (22, 110, 330, 800, 975, 1150), 150, 130),  # Ventnor Avenue
    29: (280, (24, 120, 360, 850, 1025, 1200), 150, 140),  # Marvin Gardens
    31: (300, (26, 130, 390, 900, 1100, 1275), 200, 150),  # Pacific Avenue
    32: (300, (26, 130, 390, 900, 1100, 1275), 200, 150),  # North Carolina Avenue
    34: (320, (28, 150, 450, 1000, 1200, 1400), 200, 160),  # Pennsylvania Avenue
    37: (350, (35, 175, 500, 1100, 1300, 1500), 200, 175),  # Park Place
    39: (400, (50, 200, 600, 1400, 1700, 2000), 200, 200),  # Boardwalk
}
"""The title deeds of the US set, as printed (the 2008 set kept the deeds and changed the taxes and
some cards)."""


def test_the_us_deeds_and_fees_are_the_printed_ones() -> None:
    """The companion is the table's banker: every deed of the US set as printed ("RENT $50 / With 1
    House $200 … With HOTEL $2000 / Mortgage Value $200 / Houses cost $200 each"), the railroads'
    "Rent $25 / If 2 R.R.'s are owned 50 / 3: 100 / 4: 200" at $200 (mortgage $100), the utilities'
    "4 times the amount shown on dice … if both … 10 times" at $150 (mortgage $75), Income Tax $200
    and Luxury Tax $100 (2008), GO $200, the jail fine $50, $1,500 to start, 32 houses and 12 hotels."""
    us = load_edition("us")
    assert {d.square: (d.price, d.rents, d.house_cost, d.mortgage) for d in us.deeds if d.rents} == US_STREET_DEEDS
    assert [(us.deed(s).price, us.deed(s).mortgage) for s in (5, 15, 25, 35, 12, 28)] == [(200, 100)] * 4 + [(150, 75)] * 2
    assert us.station_rents == (25, 50, 100, 200) and us.utility_multipliers == (4, 10)
    assert dict(us.taxes) == {4: 200, 38: 100}
    assert (us.go_salary, us.jail_fine, us.starting_cash, us.houses, us.hotels) == (200, 50, 1500, 32, 12)


def test_the_german_euro_set_prints_the_us_numbers_under_its_own_names() -> None:
    """The German euro set (Badstraße … Schlossallee, "Die Schlossallee kostet nur noch 400 Euro",
    reference §6) prints the US set's numbers on every deed and square; only the names differ."""
    us, de = load_edition("us"), load_edition("de")
    assert de.deeds == us.deeds
    assert (de.station_rents, de.utility_multipliers, de.taxes) == (us.station_rents, us.utility_multipliers, us.taxes)
    assert (de.go_salary, de.jail_fine, de.starting_cash, de.houses, de.hotels) == (200, 50, 1500, 32, 12)
    assert [s.kind for s in de.squares] == [s.kind for s in us.squares]
    assert [s.group for s in de.squares] == [s.group for s in us.squares]
    assert (de.squares[1].name, de.squares[39].name, de.squares[37].name) == ("Badstraße", "Schlossallee", "Parkstraße")
