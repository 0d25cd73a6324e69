"""The card catalog against the reference list ``shared/reference/cards.md``."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.morpork.cards import SCROLL_EFFECTS
from companion.morpork.catalog import CARD_BY_ID, CARDS, display_name

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[2] / "shared" / "reference" / "cards.md"
"""The team's reference, beside the repository on the development machines."""
COPY = HERE / "reference" / "cards.md"
"""A verbatim copy kept in the repository, so the check also runs where ``shared/`` is absent (CI)."""
REFERENCE = SHARED if SHARED.exists() else COPY
ROW = re.compile(r"^\| `([a-z0-9-]+)` \| (green|brown) \| (.+?) \| (.+?) \| (.+) \|$")


def reference_rows() -> dict[str, tuple[str, str, tuple[str, ...]]]:
    rows = {}
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            card_id, border, name, symbols, _ = match.groups()
            codes = () if symbols.strip() == "(none)" else tuple(symbols.split())
            rows[card_id] = (border, name, codes)
    return rows


def test_the_copy_is_the_reference() -> None:
    if not SHARED.exists():
        pytest.skip("shared/reference is not beside this checkout")
    assert COPY.read_text(encoding="utf-8") == SHARED.read_text(encoding="utf-8")


def test_101_unique_ids_48_green_53_brown() -> None:
    ids = [c.id for c in CARDS]
    assert len(ids) == 101 and len(set(ids)) == 101
    assert sum(c.border == "green" for c in CARDS) == 48
    assert sum(c.border == "brown" for c in CARDS) == 53


def test_every_card_matches_the_reference_symbols_in_order() -> None:
    rows = reference_rows()
    assert len(rows) == 101
    assert set(rows) == set(CARD_BY_ID)
    for card_id, (border, _name, symbols) in rows.items():
        card = CARD_BY_ID[card_id]
        assert card.border == border, card_id
        assert card.symbols == symbols, (card_id, card.symbols, symbols)


def test_english_names_match_the_printed_names() -> None:
    for card_id, (_border, name, _symbols) in reference_rows().items():
        printed = name.split(" (")[0]
        assert CARD_BY_ID[card_id].name("en") == printed, card_id


def test_scroll_effects_cover_exactly_the_cards_with_a_scroll() -> None:
    assert set(SCROLL_EFFECTS) == {c.id for c in CARDS if "S" in c.symbols}


def test_names_from_the_rulebooks_with_english_fallback() -> None:
    assert display_name("card", "the-bursar", "de") == "Der Quästor"
    assert display_name("card", "cosmo-lavish", "de") == "Cosmo Üppig"
    assert display_name("card", "mr-bent", "de") == "Herr Beuge"
    assert display_name("card", "ponder-stibbons", "pl") == "Mysłak Stibbons"
    assert display_name("card", "the-fools-guild", "pl") == "Gildia Błaznów"
    assert display_name("card", "groat", "it") == "Groat"
