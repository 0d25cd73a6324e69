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
    assert f"Bank {bank}\u00a0$" in d.screen.ids.pools.text, d.screen.ids.pools.text
