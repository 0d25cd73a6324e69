"""A tap on a Journal row picks its step: that row is drawn in the picked colour and the row picked
before in the plain one, in view at once and when either is scrolled out of view and back, in a real
window at 800×480. A pick colours the two rows where they are drawn (and in the list's data) instead
of giving every row in view its step again (:meth:`ui.screens.journal.JournalScreen.select`), so the
rows the list keeps for steps out of view must not come back in their old colours."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.ui.test_ui_discworld_polish_italian_tables import _fed
from ui.screens.journal import CHOSEN, PLAIN

NAMES = ("Ann", "Bob", "Cy")


def _colour(row: Any) -> tuple[float, ...]:
    return tuple(row.background_color)


def _in_view(journal: Any) -> dict[int, Any]:
    """The rows drawn in the list's view, by step."""
    rv = journal.ids.lines
    return {view.index: view for view in rv.layout_manager.children}


def test_a_picked_row_and_the_one_picked_before_keep_their_colours_through_scrolling(
        tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    _fed(data, NAMES, "en", 1, lambda game: game.seq >= 40)
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.tap(d.screen.ids.resume)
        d.frames(3)
        d.tap(d.nav("nav_journal"))
        journal = d.screen
        assert journal.name == "journal" and journal.line_count > 30
        d.tap(journal.line_button(5))
        assert journal.selected == 5 and journal.ids.at.text == "The table after step 5"
        rows = _in_view(journal)
        assert _colour(rows[5]) == CHOSEN
        assert all(_colour(row) == PLAIN for step, row in rows.items() if step != 5)
        d.tap(journal.line_button(7))  # in view together with 5: both recoloured where they stand
        rows = _in_view(journal)
        assert 5 in rows and (_colour(rows[5]), _colour(rows[7])) == (PLAIN, CHOSEN)
        assert journal.ids.at.text == "The table after step 7"
        far = journal.line_count - 2  # out of view of 7: its row comes from those the list keeps
        d.tap(journal.line_button(far))
        d.frames(2)
        rows = _in_view(journal)
        assert 7 not in rows and _colour(rows[far]) == CHOSEN
        assert all(_colour(row) == PLAIN for step, row in rows.items() if step != far)
        back = journal.line_button(7)  # scrolled back: 7 plain, as every row but the picked one
        d.frames(2)
        assert _colour(back) == PLAIN
        assert all(_colour(row) == PLAIN for row in _in_view(journal).values())
        assert [row["background_color"] for row in journal.ids.lines.data].count(CHOSEN) == 1
        assert _colour(journal.line_button(far)) == CHOSEN
    finally:
        conftest.stop_app(app)
