"""A card's text with no legal target is skipped like a symbol (rules revision 3), and the turn
screen's strip says why in the table's language, by touch in a real Kivy window: at the start of a
game the discard pile is empty, so History Monks ("Shuffle the discard pile, draw four cards from
it", shared/reference/cards.md) has nothing to draw; its scroll is not asked, and the minion symbol
after it is."""
from __future__ import annotations

from pathlib import Path
from typing import Any

COLOURS = ["red", "yellow", "green", "blue"]


def test_the_strip_says_in_german_why_history_monks_text_was_skipped(driver: Any, tmp_path: Path) -> None:
    d = driver
    app = d.app
    app.set_language("de")
    app.start_game(COLOURS, ["Ann", "Bob", "Cy", "Di"], "en")  # English rules, German words
    app.on_die_roll(1, "manual")
    for value in ("vetinari", "rust", "vimes", "selachii"):
        assert app.answer(value), app.message
    d.frames(3)
    assert d.screen.name == "turn" and not app.game.state.discard_pile
    d.choose("history-monks")
    d.frames(2)
    assert app.game.question.key == "symbol.minion"  # no "do / skip" for a text that would do nothing
    text = d.screen.ids.skipped.text
    assert "der Ablagestapel ist leer" in text, text
    assert d.screen.ids.skipped.height > 0
    shot = d.screenshot(tmp_path / "history-monks-skipped-de.png")
    assert shot.stat().st_size > 0
