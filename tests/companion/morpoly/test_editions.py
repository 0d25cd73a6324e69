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
