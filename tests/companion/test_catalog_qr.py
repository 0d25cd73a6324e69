"""Each card's QR sticker code is written beside its other data (``qr`` in the catalog's JSON, ``qr``
on the board's areas) and handed out by ``catalog.qr_codes``, the one place the sticker table reads."""
from __future__ import annotations

import json
from importlib import resources

import pytest

from companion.morpork.board import AREA_IDS
from companion.morpork.catalog import CARD_BY_ID, CARD_IDS, EVENT_IDS, PERSONALITY_IDS, qr_codes

ALPHANUMERIC = set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-")


@pytest.mark.parametrize("kind,ids", [("card", CARD_IDS), ("event", EVENT_IDS),
                                      ("personality", PERSONALITY_IDS), ("area", AREA_IDS)])
def test_every_item_of_a_kind_has_one_short_distinct_code(kind: str, ids: tuple[str, ...]) -> None:
    codes = qr_codes(kind)
    assert list(codes) == list(ids)
    assert len(set(codes.values())) == len(codes)
    for item, code in codes.items():
        assert 1 <= len(code) <= 10 and set(code) <= ALPHANUMERIC, (item, code)


def test_a_cards_code_stands_in_its_json_entry() -> None:
    text = resources.files("companion.morpork.data").joinpath("cards.json").read_text(encoding="utf-8")
    entry = next(e for e in json.loads(text) if e["id"] == "mr-bent")
    assert entry["qr"] == CARD_BY_ID["mr-bent"].qr == qr_codes("card")["mr-bent"] == "MR-BENT"


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown kind 'meeple'"):
        qr_codes("meeple")
