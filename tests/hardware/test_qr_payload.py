"""The sticker payload: short, alphanumeric-mode, one code per catalog item, strict parsing."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from companion.morpork.catalog import CARD_IDS, CITY_AREA_CARD_IDS, EVENT_IDS, PERSONALITY_IDS
from hardware.qr_payload import (
    CODES, IDS_BY_CODE, MAX_PAYLOAD_LENGTH, QR_ALPHANUMERIC, CardCode, NotOurCard,
    UnsupportedVersion, all_codes, encode, parse,
)
from hardware.stickers import qr_matrix


def test_there_is_one_sticker_per_card_event_personality_and_area() -> None:
    codes = all_codes()
    assert len(codes) == 101 + 12 + 7 + 12 == 132
    assert [c.id for c in codes if c.kind == "card"] == list(CARD_IDS)
    assert [c.id for c in codes if c.kind == "event"] == list(EVENT_IDS)
    assert [c.id for c in codes if c.kind == "personality"] == list(PERSONALITY_IDS)
    assert [c.id for c in codes if c.kind == "area"] == list(CITY_AREA_CARD_IDS)
    assert len({c.payload for c in codes}) == 132


@pytest.mark.parametrize("kind", ["card", "event", "personality", "area"])
def test_short_codes_are_unique_within_a_kind(kind: str) -> None:
    assert len(set(CODES[kind].values())) == len(CODES[kind])
    assert set(IDS_BY_CODE[kind].values()) == set(CODES[kind])


def test_every_payload_fits_a_version_1_code_in_alphanumeric_mode() -> None:
    for code in all_codes():
        payload = code.payload
        assert len(payload) <= MAX_PAYLOAD_LENGTH == 16, payload
        assert set(payload) <= QR_ALPHANUMERIC, payload
        assert qr_matrix(payload).shape == (21, 21), payload
        assert parse(payload) == code


def test_examples_from_the_format_document() -> None:
    assert encode("card", "mr-bent") == "AM1:C:MR-BENT"
    assert encode("card", "the-ankh-morpork-sunshine-dragon-sanctuary") == "AM1:C:SUNSHINE"
    assert encode("event", "the-dragon") == "AM1:E:DRAGON"
    assert encode("personality", "vetinari") == "AM1:P:VETINARI"
    assert encode("area", "the-shades") == "AM1:A:SHADES"
    assert parse("AM1:A:SHADES") == CardCode("area", "the-shades")


def test_the_same_short_code_under_two_kinds_means_two_things() -> None:
    # "DRAGON" is the event The Dragon; Dragon King of Arms (personality) has its own code.
    assert parse("AM1:E:DRAGON") == CardCode("event", "the-dragon")
    with pytest.raises(NotOurCard):
        parse("AM1:C:DRAGON")


def test_only_personalities_are_private() -> None:
    assert {c.kind for c in all_codes() if c.is_private} == {"personality"}
    assert parse("AM1:P:VIMES").is_private
    assert not parse("AM1:C:MR-BENT").is_private


@pytest.mark.parametrize(
    "text",
    [
        "", "AM1", "AM1:", "AM1:C:", "AM1:C", "AM1:C:MR-BEN", "AM1:C:MR-BENTX", "am1:c:mr-bent",
        " AM1:C:MR-BENT", "AM1:C:MR-BENT ", "AM1:C:MR-BENT\n", "AM1:X:MR-BENT", "AM1:CC:MR-BENT",
        "AM:C:MR-BENT", "XM1:C:MR-BENT", "AM1;C;MR-BENT", "https://example.com/AM1:C:MR-BENT",
        "AM1:C:MR-BENT:AM1:C:MR-BENT", "AM1:P:vetinari", "AM1:C:MR BENT",
    ],
)
def test_foreign_and_damaged_texts_are_not_our_cards(text: str) -> None:
    with pytest.raises(NotOurCard) as info:
        parse(text)
    assert isinstance(info.value, ValueError)
    assert repr(text) in str(info.value)


def test_a_newer_format_version_says_so() -> None:
    with pytest.raises(UnsupportedVersion, match="version 2"):
        parse("AM2:C:MR-BENT")
    with pytest.raises(UnsupportedVersion, match="version 9999"):
        parse("AM9999:Q:ANYTHING-NEW")


@pytest.mark.parametrize(
    "text",
    [
        # Issue 15: \d and int() read any Unicode digit, and leading zeros were taken.
        "AM01:C:MR-BENT", "AM001:P:VIMES", "AM\u0661:C:MR-BENT", "AM\uff11:C:MR-BENT",
        "AM\u0661:P:VIMES", "AM\u07c1:E:FLOOD", "AM0:C:MR-BENT", "AM00:C:MR-BENT", "AM+1:C:HEX",
        "AM 1:C:HEX", "AM1 :C:HEX", "AM\u00b9:C:HEX",
        # look-alike letters and punctuation, and codes longer than a sticker holds
        "AM1:C:MR-B\u0415NT", "AM1:C:MR\u2013BENT", "AM1\uff1aC:HEX", "AM1:\u0421:HEX",
        "AM1:C:HEXHEXHEXHE", "AM1:C:" + "A" * 60,
    ],
)
def test_the_grammar_is_ascii_digits_without_leading_zeros(text: str) -> None:
    with pytest.raises(NotOurCard) as info:
        parse(text)
    assert not isinstance(info.value, UnsupportedVersion)  # not "a newer format" either


def test_a_version_of_thousands_of_digits_is_refused_in_one_line_not_a_traceback() -> None:
    # int() refuses more than 4,300 digits with a ValueError that is not a NotOurCard.
    for text in ("AM" + "9" * 5000 + ":C:HEX", "AM1" + "0" * 5000 + ":C:HEX", "A" * 10**6):
        with pytest.raises(NotOurCard, match="longer than 64 characters"):
            parse(text)


def test_a_reason_never_quotes_the_code() -> None:
    for text in ("AM1:P:VIMEZ", "AM1:C:VIMES", "AM1:E:VETINARI", "AM1:A:RUST"):
        with pytest.raises(NotOurCard) as info:
            parse(text)
        code = text.rsplit(":", 1)[1]
        assert code not in info.value.reason and "has this code" in info.value.reason


def test_unknown_kind_or_id_cannot_be_encoded() -> None:
    with pytest.raises(ValueError, match="'spoon'"):
        encode("card", "spoon")
    with pytest.raises(ValueError, match="'hat'"):
        CardCode("hat", "mr-bent")


@given(st.text(max_size=40))
def test_parse_either_names_a_sticker_or_raises_not_our_card(text: str) -> None:
    try:
        code = parse(text)
    except NotOurCard:
        return
    assert code.payload == text


def test_the_format_document_lists_every_code() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "qr-format.md").read_text(encoding="utf-8")
    for code in all_codes():
        assert f"| `{code.payload}` | `{code.id}` |" in doc, code
