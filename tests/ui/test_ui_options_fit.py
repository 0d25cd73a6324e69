"""At 800×480 every option of a minion placement fits on screen without scrolling: with the engine's
greyed areas there were 13 choices in two columns and "Skip" sat half below the fold. Three columns
(with a slightly smaller font, so "Drachenlandeplatz" stays one word) show them all."""
from __future__ import annotations

from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp


def test_every_option_of_a_placement_is_visible_and_whole(driver: Any) -> None:
    d = driver
    d.app.set_language("de")
    d.app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    d.app.on_die_roll(1, "manual")
    for value in ("vetinari", "rust", "vimes", "captain-carrot"):
        d.app.answer(value)
    d.frames(4)
    panel = d.panel()
    q = d.app.game.question
    assert len(q.options) + len(q.unavailable) >= 12  # the crowded case
    _px, panel_bottom = panel.to_window(panel.x, panel.y)
    for value in list(q.options) + [v for v, _r in q.unavailable]:
        button = panel.button_for(value)
        assert button is not None and button.get_root_window() is not None, value
        _bx, bottom = button.to_window(button.x, button.y)
        assert bottom >= panel_bottom - 1, (value, bottom, panel_bottom)  # not below the fold
        assert button.width >= 48 and button.height >= 48
        if not button.disabled:
            word = CoreLabel(text=button.text, font_size=button.font_size)
            word.refresh()
            assert word.texture.size[0] <= button.width - dp(8), (button.text, button.width)
    before = d.app.game.seq
    d.tap(panel.button_for("skip"))  # and the last legal one is tappable where it is
    assert d.app.game.seq == before + 1
