"""Dollars as each edition's rulebook prints them: the German rulebook writes "12 $" and "3 $ zahlen",
the Italian "12$", the Polish and English "$12". A German table read "$10 jetzt; bei Spielende $12
zurückzahlen", "zu wenig Geld: kostet $12, vorhanden $10" and "Bank $79": the English form."""
from __future__ import annotations

import re
from typing import Any

from ui.i18n import LOCALE_DIR
from ui.i18n_tools import parse_po


def _catalog(language: str) -> dict[str, str]:
    return parse_po((LOCALE_DIR / language / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))


def test_german_and_italian_amounts_put_the_dollar_after_the_number() -> None:
    for language, form in (("de", "{amount}\u00a0$"), ("it", "{amount}$")):
        catalog = _catalog(language)
        english_form = {k: v for k, v in catalog.items() if re.search(r"\$(\d|\{)", v)}
        assert not english_form, (language, english_form)
        assert catalog["${amount}"] == form
    assert _catalog("de")["q:symbol.money"] == "{amount}\u00a0$ von der Bank nehmen?"  # never wrapped apart
    assert _catalog("pl")["${amount}"] == "${amount}"


def test_the_german_table_shows_the_bank_as_the_rulebook_writes_money(driver: Any) -> None:
    d = driver
    d.app.set_language("de")
    d.app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "de")
    d.app.show("table")
    d.frames(3)
    bank = d.app.game.state.bank
    assert f"Bank\u00a0{bank}\u00a0$" in d.screen.ids.pools.text, d.screen.ids.pools.text


def test_the_german_score_table_writes_a_repaid_loan_as_the_rulebook_writes_money(driver: Any) -> None:
    """The game end's loans cell wrote "-12$" in every language (found in review)."""
    d = driver
    d.app.set_language("de")
    d.app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "de")
    state = d.app.game.state
    state.players[0].loans.append("mr-bent")  # a loan held at the end: $12 repaid from the money
    state.players[0].money = 20
    d.app.show("gameend")  # mid-game: "if the game ended now"
    d.frames(4)
    cells = [c.text for c in d.screen.ids.scores.children]
    assert any(text.startswith("-12\u00a0$") for text in cells), cells
    assert not any("12$" in text for text in cells), cells
    # the money repaid alone: no penalty of none beside it (the cell read "-12 $ 0")
    assert "-12\u00a0$" in cells and not any(text.startswith("-12\u00a0$ ") for text in cells), cells


def test_the_loans_cell_says_only_what_the_loans_cost(driver: Any) -> None:
    """The rulebook's end of a game: each loan is paid back with $12, or costs 15 points. The cell
    read "-$12 0" for a loan repaid and "-$0 -15" for one that could not be."""
    d = driver
    d.app.set_language("en")
    d.app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    state = d.app.game.state
    state.players[0].loans += ["mr-bent", "the-bank-of-ankh-morpork"]
    state.players[0].money = 20  # one loan repaid ($12), the other not (-15 points)
    state.players[1].loans.append("mr-bent")
    state.players[1].money = 5  # none repaid
    d.app.show("gameend")
    d.frames(4)
    cells = [c.text for c in reversed(d.screen.ids.scores.children)]
    columns = 8
    rows = [cells[i:i + columns] for i in range(0, len(cells), columns)]  # the heads, then a row per colour
    loans = rows[0].index("Loans")
    assert "Ann" in rows[1][0] and "Bob" in rows[2][0] and "Cy" in rows[3][0], rows
    assert [row[loans] for row in rows[1:]] == ["-$12 -15", "-15", "–"], rows


def test_a_percentage_is_written_as_each_language_writes_it() -> None:
    """German writes "10 %" with a space that never breaks; English, Polish and Italian "10%". The
    set-up's rulings said "10 % (standard)" in English and Polish beside the ledger's "17%"."""
    for language in ("en", "pl", "it"):
        spaced = {k: v for k, v in _catalog(language).items() if re.search(r"\d\s%", v)}
        assert not spaced, (language, spaced)
    german = _catalog("de")
    assert not {k: v for k, v in german.items() if re.search(r"\d(%| %)", v)}
    assert german["{n}%"] == "{n}\u00a0%" and german["o:transfer-interest=standard-10pct"] == "10\u00a0% (Standard)"
