"""The Journal opened for the first time (its screen built for that frame) gives its list the rows once
the list has its width (:meth:`ui.screens.journal.JournalScreen._give_due`), in a real window at
800×480: Kivy lays a new screen out over the passes of its frame, and a list given its rows at once
laid every row out at the widths 100, 41 and 0 before its own. The rows must still be the open
game's, the latest rows made (not rows made before a later update), and in place in the first frame."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_ui_discworld_polish_italian_tables import _fed
from ui.screens.journal import CHOSEN, PLAIN
from ui.stacked_rows import StackedRows

NAMES = ("Ann", "Bob", "Cy")


def _started(request: Any, tmp_path: Path) -> tuple[Any, Any, Any]:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    _fed(data, NAMES, "en", 1, lambda game: game.seq >= 40)
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    d.frames(3)
    assert app.session is not None and not any(s.name == "journal" for s in app.manager.screens)
    return conftest, app, d


def _in_view(journal: Any) -> dict[int, Any]:
    rv = journal.ids.lines
    return {view.index: view for view in rv.layout_manager.children}


def _whole_in_view(journal: Any, view: Any) -> bool:
    rv = journal.ids.lines
    bottom, top = rv.to_window(rv.x, rv.y)[1], rv.to_window(rv.x, rv.top)[1]
    low, high = view.to_window(view.x, view.y)[1], view.to_window(view.x, view.top)[1]
    return bool(bottom - 1 <= low and high <= top + 1)


def test_the_first_open_lays_the_rows_out_at_the_lists_width_and_shows_the_latest_step(
        tmp_path: Path, request: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    conftest, app, d = _started(request, tmp_path)
    widths: list[float] = []
    layout = StackedRows.compute_layout

    def counted(self: Any, data: Any, flags: Any) -> None:
        if len(data) > 1:
            widths.append(float(self.width))
        layout(self, data, flags)
    monkeypatch.setattr(StackedRows, "compute_layout", counted)
    try:
        app.show("journal")
        d.frames(1)
        journal = app.manager.get_screen("journal")
        rv = journal.ids.lines
        assert rv.width > 100 and widths, widths
        assert all(abs(width - rv.layout_manager.width) < 1 for width in widths), widths  # never 100, 41 or 0
        steps = len(app.session.inputs)
        assert [row["value"] for row in rv.data] == [str(i) for i in range(steps + 1)]
        latest = _in_view(journal).get(steps)  # the latest step drawn whole in the first frame
        assert latest is not None and _whole_in_view(journal, latest), sorted(_in_view(journal))
        assert latest.text.startswith(f"{steps} · ")
        d.frames(3)
        assert [row["value"] for row in rv.data] == [str(i) for i in range(steps + 1)]
    finally:
        conftest.stop_app(app)


def test_rows_made_again_before_the_list_had_its_width_are_the_ones_given(tmp_path: Path, request: Any) -> None:
    conftest, app, d = _started(request, tmp_path)
    try:
        app.show("journal")
        journal = app.manager.get_screen("journal")
        assert journal._due is not None  # made, waiting for the list's width
        journal.selected = 5  # a step picked before the first frame: the rows made again, step 5 in its colour
        journal.update()
        d.frames(2)
        rv = journal.ids.lines
        colours = [row["background_color"] for row in rv.data]
        assert colours[5] == CHOSEN and colours.count(CHOSEN) == 1 and colours[-1] == PLAIN
        assert 5 in _in_view(journal) and _whole_in_view(journal, _in_view(journal)[5])
        assert journal.ids.at.text == "The table after step 5"
    finally:
        conftest.stop_app(app)


def test_rows_asked_for_before_the_first_frame_are_given_at_once(tmp_path: Path, request: Any) -> None:
    conftest, app, d = _started(request, tmp_path)
    try:
        app.show("journal")  # a driver reading the list before any frame reads the open game's rows
        journal = app.manager.get_screen("journal")
        assert journal.line_count == len(app.session.inputs) + 1
        assert journal._due is None and journal.ids.lines.data[-1]["value"] == str(len(app.session.inputs))
        d.frames(2)
        assert journal.line_button(3).text.startswith("3 · ")
    finally:
        conftest.stop_app(app)
