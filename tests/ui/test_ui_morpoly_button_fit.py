"""Two buttons of Ankh-Morpoly's screens that the Polish and Italian screenshots showed cut or
cramped, in the real app (800×480) driven by touch:

- the guild question without ELAM lists the Assassins greyed, with why ("Skrytobójcy grają tylko
  w ELAM"): three lines in Polish, on a button 88 dp tall at the least, so it reached below the
  list's visible end and its last line ("ELAM") stood cut at the bottom edge until scrolled;
- the set-up's edition buttons wrapped their label at the button's full width, so "Tedesca
  (marchi)" ran from one edge to the other.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.metrics import dp

from tests.ui.test_ui_morpoly_at_the_table import _setup_screen


def _drawn_line_widths(button: Any) -> list[float]:
    """The widths of the lines Kivy drew for a button's label (after wrapping)."""
    button.texture_update()
    return [line.w for line in button._label._cached_lines]


def test_the_greyed_assassins_stand_whole_in_the_guild_list_without_elam(tmp_path: Path, request: Any) -> None:
    with _setup_screen(request, tmp_path, "pl", ["Ann", "Bob", "Cy"]) as (app, d, setup):
        assert setup.switch_buttons["elam"].state == "normal"  # ELAM off: the Assassins cannot be chosen
        d.tap(setup.start_button)
        d.frames(4)
        board = d.screen
        question = app.session.question
        assert question is not None and question.key == "morpoly.setup.guild"
        greyed = [b for b in board.walk() if getattr(b, "disabled", False) and "ELAM" in getattr(b, "text", "")]
        assert len(greyed) == 1, [b.text for b in greyed]
        button = greyed[0]
        assert "Skrytobójcy grają tylko w ELAM" in button.text
        scroll = button.parent.parent
        assert scroll.scroll_y == 1  # the list as it first shows, not scrolled
        bottom_left = button.to_window(button.x, button.y)
        top_left = button.to_window(button.x, button.top)
        view_bottom = scroll.to_window(scroll.x, scroll.y)[1]
        view_top = scroll.to_window(scroll.x, scroll.top)[1]
        assert view_bottom <= bottom_left[1] and top_left[1] <= view_top, (
            f"the greyed guild spans y {bottom_left[1]:.0f}–{top_left[1]:.0f}, the list shows "
            f"{view_bottom:.0f}–{view_top:.0f}")
        button.texture_update()
        assert button.texture_size[1] <= button.height, "its wrapped lines are taller than the button"


def test_every_edition_button_s_label_keeps_a_margin_in_italian(tmp_path: Path, request: Any) -> None:
    with _setup_screen(request, tmp_path, "it") as (_app, d, setup):
        d.frames(2)
        labels = {ed: b.text for ed, b in setup.edition_buttons.items()}
        assert labels["de-dm"] == "Tedesca (marchi)"
        for ed, button in setup.edition_buttons.items():
            widths = _drawn_line_widths(button)
            assert widths and max(widths) <= button.width - dp(8), (ed, button.text, widths, button.width)
            assert button.texture_size[1] <= button.height, (ed, button.text)
