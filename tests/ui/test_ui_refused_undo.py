"""An undo the journal refuses (its card read-only, or full) changes nothing on screen either: the
step picked in the Journal stays picked, and a pulled plug (the app process killed with SIGKILL)
brings the Journal back with that step, where the table, the card writable again, taps "undo to
here" once more.

Found playing by touch with the journal on a card that filled up (a 512 kB tmpfs) and then on one
remounted read-only: the refusal was said in one line and nothing was lost, but the Journal forgot
the step picked (it showed the latest step, "undo to here (5)"), so after freeing space the table
had to find the step again — and a restart came back without it.

The app runs in a subprocess (``drive_app.py``) in a real Kivy window, driven by touch events; the
card turns read-only under it as SQLite sees one (``PRAGMA query_only``)."""
from __future__ import annotations

from pathlib import Path

from tests.ui.test_ui_pulled_plug import MOVES, pull_the_plug, run_until_ready


def test_a_refused_undo_keeps_the_step_picked_across_a_pulled_plug(tmp_path: Path) -> None:
    data, log = tmp_path / "data", tmp_path / "app.log"
    proc, refused = run_until_ready(data, MOVES + ["read-only", "journal", "line:3", "undo"], log)
    pull_the_plug(proc)
    assert "read-only: nothing was written" in refused["message"], refused["message"]
    assert refused["screen"] == "journal" and refused["journal_step"] == 3
    assert refused["inputs"] == 5 and refused["undone"] == 0
    assert "Undo to here (3)" in refused["texts"]

    proc, resumed = run_until_ready(data, ["resume"], log)
    pull_the_plug(proc)
    for what in ("game", "seq", "inputs", "undone", "question", "view", "screen", "journal_step"):
        assert resumed[what] == refused[what], what

    proc, undone = run_until_ready(data, ["resume", "undo"], log)  # the same step, tapped again
    pull_the_plug(proc)
    assert undone["message"] == "" and undone["inputs"] == 3 and undone["undone"] == 2
