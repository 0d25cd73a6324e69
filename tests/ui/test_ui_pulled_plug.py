"""Issue 11's reproduction, as a table would meet it: play a few steps, open the Journal, "undo to
here", make one more move, and pull the plug (the app process is killed with SIGKILL, so nothing is
closed or flushed by the app). Started again, the app offers the unfinished game and resumes at
exactly the question it was showing — also after two undos, an undo across a die roll (confirmed)
and a redo.

The app runs in a subprocess (``drive_app.py``) in a real Kivy window, driven by touch events."""
from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

DRIVER = Path(__file__).with_name("drive_app.py")
ROOT = Path(__file__).resolve().parents[2]
LIMIT = 120.0  # only stops a broken test from hanging

MOVES = ["start", "roll:2", "pick:vetinari", "pick:vimes", "pick:groat", "pick:dimwell"]
"""Set-up by the die (blue starts), two secret personalities, blue plays Mr Groat and places a
minion in Dimwell: five inputs, the game now asks blue to end the turn."""


def run_until_ready(data: Path, actions: list[str], log: Path) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """Start the app with the scripted touches and wait for its ``READY`` line (it keeps running)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open(log, "a", encoding="utf-8") as err:
        proc = subprocess.Popen([sys.executable, str(DRIVER), str(data), json.dumps(actions)], cwd=ROOT,
                                env=env, stdout=subprocess.PIPE, stderr=err, text=True)
    assert proc.stdout is not None
    end = time.monotonic() + LIMIT
    while time.monotonic() < end:
        ready, _, _ = select.select([proc.stdout], [], [], 1.0)
        if ready:
            line = proc.stdout.readline()
            if line.startswith("READY "):
                return proc, json.loads(line[len("READY "):])
            if line.startswith("FAILED "):
                proc.wait()
                raise AssertionError("the app failed:\n" + json.loads(line[len("FAILED "):]))
            if line == "" and proc.poll() is not None:
                break
    proc.kill()
    proc.wait()
    raise AssertionError(f"the app did not get ready (exit {proc.returncode}); its log:\n"
                         + log.read_text(encoding="utf-8")[-3000:])


def pull_the_plug(proc: subprocess.Popen[str]) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    assert proc.wait(timeout=30) == -signal.SIGKILL


@pytest.mark.parametrize("after", [
    pytest.param(["journal", "line:4", "undo", "back", "pick:the-shades"], id="undo-to-here"),
    pytest.param(["journal", "line:4", "undo", "line:3", "undo", "back", "pick:mr-boggis"], id="two-undos"),
    pytest.param(["journal", "line:0", "undo", "confirm", "back", "roll:1"], id="undo-across-a-roll"),
    pytest.param(["journal", "line:3", "undo", "redo", "back", "pick:the-shades"], id="redo"),
])
def test_the_app_resumes_exactly_where_the_plug_was_pulled(tmp_path: Path, after: list[str]) -> None:
    data, log = tmp_path / "data", tmp_path / "app.log"
    proc, before = run_until_ready(data, MOVES + after, log)
    pull_the_plug(proc)
    assert before["question"] is not None and before["message"] == ""
    if "redo" in after:
        assert before["undone"] == 0 and before["inputs"] == 5  # redone, then one more move
    proc, resumed = run_until_ready(data, ["resume"], log)
    try:
        assert resumed["launch"] == "", resumed["launch"]  # no launch problem: the journal replays
        for what in ("game", "seq", "inputs", "question", "view"):
            assert resumed[what] == before[what], what
        assert resumed["screen"] == before["screen"] != "home"
    finally:
        pull_the_plug(proc)


def test_a_fire_that_went_out_on_its_only_roll_is_still_on_screen_after_the_plug_is_pulled(tmp_path: Path) -> None:
    """Found by playing: red's Dean draws a Fire, the die shows 2 (Unreal Estate, nothing built
    there): the fire goes out and the events screen shows so, with "continue". The plug pulled
    then, the app came back to the turn screen — what the fire did was gone from the table."""
    from companion.core.inputs import Answer, DieRoll
    from companion.core.session import Session

    data, log = tmp_path / "data", tmp_path / "app.log"
    data.mkdir()
    with Session.open(data / "games.sqlite") as session:  # set-up and The Dean, through the engine
        session.new_game(["red", "yellow", "green"], "en", ["Ann", "Bob", "Cy"])
        session.submit(DieRoll(1, "manual", seq=session.seq))
        for value in ("vetinari", "rust", "vimes", "the-dean"):
            session.submit(Answer(value, seq=session.seq))
    proc, before = run_until_ready(data, ["resume", "pick:fire", "roll:2"], log)
    pull_the_plug(proc)
    assert before["screen"] == "events" and "Fire" in before["texts"] and "Continue" in before["texts"]
    assert "the fire finds nothing to burn" in before["texts"]
    proc, resumed = run_until_ready(data, ["resume"], log)
    try:
        for what in ("game", "seq", "question", "view", "screen", "texts"):
            assert resumed[what] == before[what], what
    finally:
        pull_the_plug(proc)
