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
