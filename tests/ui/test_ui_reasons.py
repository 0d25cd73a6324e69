"""Greyed options say why in the table's language and in a few words: the engine's reasons are
English sentences ("no red minion here or next door", "red needs a minion in 'dimwell' to build
there"); a German table saw them untranslated, with area ids in quotes."""
from __future__ import annotations

from typing import Any

import pytest

from ui.i18n import Translator


def test_the_engines_reasons_become_short_translated_ones() -> None:
    de = Translator("de")
    assert de.reason("no red minion here or next door") == "kein Handlanger hier oder nebenan"
    assert de.reason("red needs a minion in 'dimwell' to build there") == "kein Handlanger dort"
    assert de.reason("nobody may build in 'dimwell' while it has a trouble marker") == "Unruhe-Marker"
    assert de.reason("'the-shades' already has a yellow building") == "schon ein Gebäude"
    assert de.reason("building in 'nap-hill' costs $12; red has $10") == "zu wenig Geld: kostet $12, vorhanden $10"
    assert de.reason("blue has $3, not $5") == "zu wenig Geld: kostet $5, vorhanden $3"
    en = Translator("en")
    assert en.reason("building in 'nap-hill' costs $12; red has $10") == "not enough money: costs $12, has $10"
    assert en.reason("something the engine says one day") == "something the engine says one day"


@pytest.mark.parametrize("language, words, area", [("de", "kein Handlanger hier oder nebenan", "Lange Mauer"),
                                                   ("pl", "brak sługi tu ani obok", "Długi Mur")])
def test_a_greyed_area_shows_its_reason_in_the_language_on_the_button_and_on_a_map_tap(
        driver: Any, language: str, words: str, area: str) -> None:
    d = driver
    d.app.set_language(language)
    d.app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    d.app.on_die_roll(1, "manual")
    for value in ("vetinari", "rust", "vimes", "captain-carrot"):
        d.app.answer(value)
    d.frames(3)
    assert d.screen.name == "turn"
    greyed = d.panel().button_for("longwall")  # red starts in Dolly Sisters, The Scours, The Shades
    assert greyed is not None and greyed.disabled
    assert words in greyed.text and "minion" not in greyed.text
    before = d.app.game.seq
    m = d.screen.ids.map
    d.tap_at(*m.to_window(*m.area_centre_px("longwall")))
    assert d.app.game.seq == before  # nothing happened but the explanation
    assert d.app.message == f"{area}: {words}"
