"""The table's column headers are whole words in every language at 800×480: a German, Polish or
Italian player must read "Dzielnice" and "Pożyczki", not "Dz…ice" and "Po…zki" (found on a screenshot)."""
from __future__ import annotations

from typing import Any

import pytest
from kivy.core.text import Label as CoreLabel


@pytest.mark.parametrize("language", ["de", "pl", "it"])
def test_player_table_headers_are_not_cut_off(driver: Any, language: str) -> None:
    d = driver
    d.app.show("settings")
    d.frames(2)
    d.tap(d.screen.ids[f"lang_{language}"])
    assert d.app.settings.language == language
    d.app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    d.app.show("table")
    d.frames(3)
    panel = d.screen.ids.players
    headers = list(reversed(panel.children))[:panel.cols]
    shown = [h.text for h in headers]
    assert d.app.t("Areas") in shown and d.app.t("Loans") in shown
    for header in headers:
        full = CoreLabel(text=header.text, font_size=header.font_size, bold=True)
        full.refresh()
        assert full.texture.size[0] <= header.width + 1, (language, header.text, header.width)


@pytest.mark.parametrize("language", ["de", "pl", "it"])
def test_score_table_cells_are_not_cut_off(driver: Any, language: str) -> None:
    """The game end's score table too: its columns were fixed (names 160 dp, the tie-break 100 dp)
    and the others shared the rest, so the Polish "Pożyczki" read "Poż...zki" (found by playing in
    Polish). A long name, as a table of four types it, stays whole as well."""
    d = driver
    d.app.set_language(language)
    d.app.start_game(["red", "yellow", "green", "blue"], ["Krzesimir-Bolesław", "Ola", "Ugo", "Zoe"], language)
    d.app.show("gameend")  # mid-game: "if the game ended now"
    d.frames(4)
    grid = d.screen.ids.scores
    cells = list(reversed(grid.children))
    assert d.app.t("Loans") in [c.text for c in cells[:grid.cols]]
    for cell in cells:
        cell.texture_update()
        assert not cell._label.is_shortened, (language, cell.text, cell.width)  # Kivy's "Poż...zki"


def _tie_break_head(d: Any, language: str, names: list[str]) -> Any:
    """The game end's last column head (the value that breaks a tie), four players, mid-game."""
    d.app.set_language(language)
    d.app.start_game(["red", "yellow", "green", "blue"], names, language)
    d.app.show("gameend")
    d.frames(4)
    grid = d.screen.ids.scores
    heads = list(reversed(grid.children))[:grid.cols]
    heads[-1].texture_update()
    return heads[-1]


def test_the_polish_tie_break_head_says_tie_break(driver: Any) -> None:
    """The column of the value that breaks a tie was headed "Remis" (a draw) in Polish: it says
    "Rozstrzygnięcie remisu" (breaking the tie), whole, beside the other heads."""
    head = _tie_break_head(driver, "pl", ["Krzesimir-Bolesław", "Ola", "Ugo", "Zoe"])
    assert head.text == "Rozstrzygnięcie remisu", head.text
    assert not head._label.is_shortened


def test_the_german_tie_break_head_says_what_it_is(driver: Any) -> None:
    """The German column of the value that breaks a tie was headed "Gleichstand" (a tie), as if it
    said who is tied: it says "Wert bei Gleichstand" (the value counted at a tie), whole."""
    head = _tie_break_head(driver, "de", ["Bartholomäus", "Ola", "Ugo", "Zoe"])
    assert head.text == "Wert bei Gleichstand", head.text
    assert not head._label.is_shortened
