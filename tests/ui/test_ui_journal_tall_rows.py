"""A Journal row as tall as its step's narration: every line a step said is read whole in the Journal,
at :data:`ui.screens.journal.SAID_SP` (11 sp, never below 10), in a real window at 800×480.

A row showed its step's first two lines at most, in a row 56 dp tall that drew them down to 8 sp and
cut the rest: at a German ELAM table of eight, a throw that walked from the pub, paid a double fee,
met Death, lost an ELAM life, paid the rent and went back to GO said eleven lines, and the Journal
read two ("… wirft 4 und 2; … geht aus der Kneipe"); a Polish Discworld table's subsidence, every
player paying for their buildings, read "Budynek usunięto …; Przemysław płaci …" and not who else
paid. Rows are now as tall as their text (the height is in the list's data, estimated from the
text's characters, and a row in view that measures taller grows): the table scrolls to a step and
reads it, with no further tap (a tap on a row already picks its step for "undo to here").

Positions are reached as a table's journal holds them (seeded random legal play fed through a
session), then the app is opened on the data folder and the rest tapped."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from kivy.metrics import dp, sp
import pytest

from tests.ui.test_ui_discworld_polish_italian_tables import _fed
from tests.ui.test_ui_morpoly_at_the_table import _feed, _fits, _resumed, _shown_lines, _undo_to_by_touch
from tests.ui.test_ui_morpoly_eight_played import LONG_EIGHT
from ui.screens.journal import ROW_DP, SAID_SP

MORPOLY_SEED, MORPOLY_STEP = 54, 296
"""A German ELAM and Fortuna table of eight (seeded random play, found under rules revision 12; seed 3's
step 478 under revision 11): step 296 says eleven lines (a throw, the walk from the pub, a move, two
payments, Death, an ELAM life lost, a payment, back to GO, whose turn it is)."""
MORPOLY_OPTIONS = {"elam": "on", "fortuna": "on", "edition": "de"}

POLISH = ("Przemysław", "Małgorzata-Krystyna", "Bartłomiej", "Zofia")
DISCWORLD_SEED, DISCWORLD_STEP = 2, 206
"""A Polish Discworld table of four (the simulator's seeded play): step 206, subsidence, says four
lines (a building removed, three players paying for theirs)."""

SHOTS = Path("/tmp/journal-shots")


def _squeezed(text: str) -> str:
    """``text`` without markup and white space: a wrapped line's breaks are where its spaces were."""
    return "".join(re.sub(r"\[/?[a-z_]+(=[^\]]*)?\]", "", text).split())


def _said(app: Any, step: int) -> list[str]:
    """The public lines step ``step`` said, in the app's language."""
    return [app.translator.narration(n) for n in app.session.lines_of(step) if not n.key.startswith("private.")]


def _read_whole(d: Any, step: int) -> Any:
    """Step ``step``'s row scrolled to in the open Journal: every line its step said is drawn whole, in
    the row and in the list's view, at :data:`SAID_SP`; the row."""
    journal = d.screen
    assert journal.name == "journal", journal.name
    row = journal.line_button(step)
    d.frames(3)
    row = journal.line_button(step)
    said = _said(d.app, step)
    drawn = _squeezed("".join(_shown_lines(row)))
    assert drawn.startswith(_squeezed(f"{step} · ")), drawn
    missing = [line for line in said if _squeezed(line.rstrip(".")) not in drawn]
    assert not missing, (missing, _shown_lines(row))
    assert _fits(row, row.height - 4), (row.height, _shown_lines(row))
    assert f"[size={int(sp(SAID_SP))}]" in row.text and SAID_SP >= 10, row.text  # not made smaller
    assert row.valign == "middle"
    rv = journal.ids.lines
    top, bottom = rv.to_window(rv.x, rv.top), rv.to_window(rv.x, rv.y)
    low, high = row.to_window(row.x, row.y), row.to_window(row.x, row.top)
    assert bottom[1] - 1 <= low[1] and high[1] <= top[1] + 1, (low, high, bottom, top)  # the whole row in view
    return row


def _german_eight(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    _feed(data, LONG_EIGHT, MORPOLY_OPTIONS, lambda game: game.seq >= MORPOLY_STEP + 1, seed=MORPOLY_SEED)
    return data


def test_a_german_table_of_eight_reads_every_line_of_an_elam_death_in_the_journal(tmp_path: Path,
                                                                                 request: Any) -> None:
    with _resumed(request, _german_eight(tmp_path), "de") as (app, d):
        assert len(_said(app, MORPOLY_STEP)) >= 8, _said(app, MORPOLY_STEP)  # the seed still says this much
        d.tap(d.screen.journal_button)
        row = _read_whole(d, MORPOLY_STEP)
        assert row.height > 2 * dp(ROW_DP), row.height  # grew: it held two lines
        d.screenshot(SHOTS / "journal-tall-row-de.png")
        short = d.screen.line_button(MORPOLY_STEP + 1)  # the next step, one line said: a row as before
        assert short.height <= dp(ROW_DP) + 1, short.height


def test_a_polish_discworld_table_reads_everyone_who_paid_for_subsidence(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _fed(data, POLISH, "en", DISCWORLD_SEED, lambda game: game.seq >= DISCWORLD_STEP + 1)
    with _resumed(request, data, "pl") as (app, d):
        assert len(_said(app, DISCWORLD_STEP)) >= 4, _said(app, DISCWORLD_STEP)
        d.tap(d.nav("nav_journal"))
        _read_whole(d, DISCWORLD_STEP)
        d.screenshot(SHOTS / "journal-tall-row-discworld-pl.png")


def test_an_undo_from_a_tall_row_and_its_redo_keep_the_row_whole(tmp_path: Path, request: Any) -> None:
    """The tall row tapped (its step picked, the table at that moment shown), "undo to here": the steps
    after it are taken back, it is the latest row and still reads whole; "redo" puts the next step
    back below it, the tall row as it was."""
    with _resumed(request, _german_eight(tmp_path), "de") as (app, d):
        d.tap(d.screen.journal_button)
        journal = d.screen
        tall = _read_whole(d, MORPOLY_STEP).height
        d.tap(journal.line_button(MORPOLY_STEP))
        assert journal.selected == MORPOLY_STEP
        _undo_to_by_touch(d, MORPOLY_STEP)
        assert len(app.session.inputs) == MORPOLY_STEP and journal.line_count == MORPOLY_STEP + 1, app.message
        assert d.screen is journal and journal.selected == -1
        assert _read_whole(d, MORPOLY_STEP).height == tall
        d.screenshot(SHOTS / "journal-tall-row-undone-de.png")
        d.tap(journal.ids.redo)
        assert len(app.session.inputs) == MORPOLY_STEP + 1 and journal.line_count == MORPOLY_STEP + 2
        assert _read_whole(d, MORPOLY_STEP).height == tall


def test_a_restart_with_the_journal_open_on_a_tall_row_shows_it_whole(tmp_path: Path, request: Any) -> None:
    """A table of eight in Polish picks the tall row and the app is closed there; started again and resumed
    from Home, the Journal is back with that step picked, its row whole at the same height."""
    data = _german_eight(tmp_path)
    with _resumed(request, data, "pl") as (_app, d):
        d.tap(d.screen.journal_button)
        d.tap(d.screen.line_button(MORPOLY_STEP))
        assert d.screen.selected == MORPOLY_STEP
        tall = _read_whole(d, MORPOLY_STEP).height
        d.screenshot(SHOTS / "journal-tall-row-picked-pl.png")
    with _resumed(request, data, "pl") as (_app, d):
        assert d.screen.name == "journal" and d.screen.selected == MORPOLY_STEP, d.screen.name
        assert _read_whole(d, MORPOLY_STEP).height == tall
        d.screenshot(SHOTS / "journal-tall-row-restarted-pl.png")


def test_the_latest_row_grown_to_its_text_is_still_whole_in_view_when_the_journal_opens(
        tmp_path: Path, request: Any, monkeypatch: Any) -> None:
    """A row's height is estimated from its characters and a row in view that measures taller grows. The
    Journal opens on its latest step, scrolled to the list's end before the row grew: the rest of the
    grown row fell below the view's edge ("Koniec czasu: najwięcej ma …" cut at a Polish table's time-up,
    seen in a real window). Every estimate is made short here (``SLACK``), so the latest row grows."""
    monkeypatch.setattr("ui.screens.journal.SLACK", 0.5)
    data = tmp_path / "data"
    _feed(data, LONG_EIGHT, MORPOLY_OPTIONS, lambda game: game.seq >= MORPOLY_STEP, seed=MORPOLY_SEED)
    with _resumed(request, data, "de") as (app, d):
        d.tap(d.screen.journal_button)
        d.frames(6)
        journal = d.screen
        rv = journal.ids.lines
        rows = [v for v in rv.layout_manager.children if getattr(v, "index", None) == MORPOLY_STEP]
        assert rows, "the latest row is not in view"
        row = rows[0]
        assert row.height > 2 * dp(ROW_DP), row.height  # it grew
        top, bottom = rv.to_window(rv.x, rv.top), rv.to_window(rv.x, rv.y)
        low, high = row.to_window(row.x, row.y), row.to_window(row.x, row.top)
        d.screenshot(SHOTS / "journal-latest-grown-de.png")
        assert bottom[1] - 1 <= low[1] and high[1] <= top[1] + 1, (low, high, bottom, top)


def test_the_journal_opened_on_a_game_ended_by_its_time_limit_shows_its_last_row_whole(
        tmp_path: Path, request: Any) -> None:
    """A German table with a time limit taps "Die Zeit ist um" on the board and opens the Journal: its last
    row (the step, and who is richest and wins) is whole at the foot of the list. Rows grew to their
    text after the list was scrolled to its end, and the list kept its distance from the top: the last
    row's foot stood 25 px below the view (seen in a real window at a table of eight)."""
    data = tmp_path / "data"
    names = ["Bartholomäus-Friedrich", "Wilhelmine-Hildegard", "Konstantinopel Meier", "Maximiliane Schön"]
    _feed(data, names, {"time-limit-minutes": "180"},
          lambda g: g.seq >= 60 and g.question is not None and "time-up" in g.question.options, seed=3)
    with _resumed(request, data, "de") as (app, d):
        d.frames(3)
        ends = [w for w in d.screen.answer_area.walk(restrict=True) if getattr(w, "value", None) == "time-up"]
        d.tap(ends[0])
        d.frames(3)
        assert app.game.question is None, "the time limit ended the game"
        d.tap(d.screen.journal_button)
        d.frames(6)
        rv = d.screen.ids.lines
        last = len(app.session.inputs)
        rows = [v for v in rv.layout_manager.children if getattr(v, "index", None) == last]
        assert rows, "the last row is not in view"
        d.screenshot(SHOTS / "journal-time-up-de.png")
        low, high = rows[0].to_window(rows[0].x, rows[0].y), rows[0].to_window(rows[0].x, rows[0].top)
        bottom, top = rv.to_window(rv.x, rv.y), rv.to_window(rv.x, rv.top)
        assert bottom[1] - 1 <= low[1] and high[1] <= top[1] + 1, (low, high, bottom, top)
