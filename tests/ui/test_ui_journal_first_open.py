"""The Journal opened for the first time (its screen built for that frame) gives its list the rows once
the list has its width (:meth:`ui.screens.journal.JournalScreen._give_due`), in a real window at
800×480: Kivy lays a new screen out over the passes of its frame, and a list given its rows at once
laid every row out at the widths 100, 41 and 0 before its own. The rows must still be the open
game's, the latest rows made (not rows made before a later update), and in place in the first frame."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from kivy.metrics import dp

from tests.ui.test_ui_discworld_polish_italian_tables import _fed
from tests.ui.test_ui_journal_tall_rows import MORPOLY_OPTIONS, MORPOLY_SEED, MORPOLY_STEP
from tests.ui.test_ui_morpoly_at_the_table import _feed
from tests.ui.test_ui_morpoly_eight_played import LONG_EIGHT
import ui.screens.journal as journal_module
from ui.screens.journal import CHOSEN, PLAIN, JournalScreen
from ui.stacked_rows import StackedRows

NAMES = ("Ann", "Bob", "Cy")


def _started(request: Any, tmp_path: Path, morpoly: bool = False) -> tuple[Any, Any, Any]:
    """The app opened on a Discworld game of 40 steps, or a German ELAM table of eight at the step after
    one that says eleven lines (its row estimated short: it grows once drawn)."""
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    if morpoly:
        _feed(data, LONG_EIGHT, MORPOLY_OPTIONS, lambda game: game.seq >= MORPOLY_STEP + 1, seed=MORPOLY_SEED)
    else:
        _fed(data, NAMES, "en", 1, lambda game: game.seq >= 40)
    app = conftest.start_app(data, language="de" if morpoly else "en")
    d = conftest.Driver(app)
    d.frames(3)
    assert app.session is not None and not any(s.name == "journal" for s in app.manager.screens)
    return conftest, app, d


def _stop(conftest: Any, app: Any) -> None:
    """The app stopped once its Journal said every row: the frames that say them are events of Kivy's
    clock, which outlives the app, and a row said after it stopped was said in the next test's app."""
    journal = app.manager.get_screen("journal") if app.manager.has_screen("journal") else None
    for _ in range(100):
        if journal is None or journal._saying is None:
            break
        conftest.Driver(app).frames(1)
    conftest.stop_app(app)


def _in_view(journal: Any) -> dict[int, Any]:
    rv = journal.ids.lines
    return {view.index: view for view in rv.layout_manager.children}


def _whole_in_view(journal: Any, view: Any) -> bool:
    rv = journal.ids.lines
    bottom, top = rv.to_window(rv.x, rv.y)[1], rv.to_window(rv.x, rv.top)[1]
    low, high = view.to_window(view.x, view.y)[1], view.to_window(view.x, view.top)[1]
    return bool(bottom - 1 <= low and high <= top + 1)


@pytest.mark.parametrize("morpoly", [False, True], ids=["discworld", "morpoly-eight"])
def test_the_first_open_lays_the_rows_out_at_the_lists_width_and_shows_the_latest_step(
        tmp_path: Path, request: Any, monkeypatch: pytest.MonkeyPatch, morpoly: bool) -> None:
    conftest, app, d = _started(request, tmp_path, morpoly)
    widths: list[float] = []
    layout = StackedRows.compute_layout

    def counted(self: Any, data: Any, flags: Any) -> None:
        if len(data) > 1:
            widths.append(float(self.width))
        layout(self, data, flags)
    monkeypatch.setattr(StackedRows, "compute_layout", counted)
    grown: list[int] = []
    grow = JournalScreen.grow

    def growing(self: Any, index: int, needed: float) -> bool:
        done = grow(self, index, needed)
        if done:
            grown.append(index)
        return bool(done)
    monkeypatch.setattr(JournalScreen, "grow", growing)
    monkeypatch.setattr(journal_module, "SLACK", 0.6)  # rows estimated short: each long row in view needs more
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
        # the rows in view were given the height they need before they were drawn: none grew (which
        # laid the list out again), each is drawn whole at its narration's size, centred
        assert not grown, grown
        for step, view in _in_view(journal).items():
            needed = journal.text_probe.height(rv.data[step]["text"], float(view.font_size), float(view.text_size[0]))
            assert needed + dp(4) <= view.height + 1 and view.valign == "middle", (step, needed, view.height)
            assert view.text == rv.data[step]["text"]
        d.frames(3)
        assert [row["value"] for row in rv.data] == [str(i) for i in range(steps + 1)]
    finally:
        _stop(conftest, app)


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
        _stop(conftest, app)


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
        _stop(conftest, app)


@pytest.mark.parametrize("selected", [-1, 0, 1, 7, 9, 10])
def test_the_steps_rows_are_each_its_own_step_said_when_read(selected: int) -> None:
    """:meth:`JournalRow.steps` makes a row per step from ``dict``'s own constructor: each row its step's
    number, the picked one alone in the picked colour, its text said for its own step when first read."""
    said: list[int] = []

    def say(index: int) -> str:
        said.append(index)
        return f"step {index}"
    rows = journal_module.JournalRow.steps(say, 10, selected)
    assert [row["value"] for row in rows] == [str(i) for i in range(1, 10)] and not said
    assert [row["background_color"] for row in rows] == [CHOSEN if i == selected else PLAIN for i in range(1, 10)]
    assert rows[6]["text"] == "step 7" and rows[6]["text"] == "step 7" and said == [7]  # said once, then kept
    assert [row["text"] for row in rows] == [f"step {i}" for i in range(1, 10)]
    with pytest.raises(KeyError):
        rows[0]["height"]
