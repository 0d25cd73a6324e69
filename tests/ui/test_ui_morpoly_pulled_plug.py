"""A 3-player Ankh-Morpoly game with Fortuna and ELAM at the table (issue 13's "done when"): the app runs in a real Kivy window in a subprocess
(``drive_morpoly.py``), set up by touch, every roll thrown on the die emulator's pair of dice and read
through the serial source, every choice a tap on the board. Halfway the plug is pulled (SIGKILL: the
app closes and flushes nothing). The journal, replayed here, says where the game stood; started
again, the app offers the game on Home, a tap resumes it, and it is exactly that game — the same
question, the same position in the mode's view, the same ring and money panel — and it plays on for
as many turns again."""
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

from companion.core.mode import get_mode
from companion.core.session import Session

pytest.importorskip("firmware_bridge.emulator")

DRIVER = Path(__file__).with_name("drive_morpoly.py")
ROOT = Path(__file__).resolve().parents[2]
LIMIT = 300.0  # only stops a broken test from hanging
STEPS = 90
SEED = 5
"""A game whose first 90 steps reach ten turns, the NPCs' rolls and Fortuna's window: seed 3's did
until rules revision 6, whose trade the driver's taps now spend some thirty steps building
(``tests/ui/drive_morpoly.py`` taps any answer now and then), and seed 1's until rules revision 7,
whose menus also offer ``others-trade``."""


def run(data: Path, how: str, log: Path, steps: int = STEPS, seed: int = SEED, language: str = "en",
        after: tuple[str, ...] = (), names: tuple[str, ...] = ("Ann", "Bob", "Cy")
        ) -> tuple[subprocess.Popen[str], dict[str, Any], dict[str, Any]]:
    """Start the app, wait for its ``RESUMED`` and ``READY`` lines (it keeps running); ``drive_morpoly.py``
    says what ``steps``, ``seed``, ``language``, ``after`` and ``names`` do."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open(log, "a", encoding="utf-8") as err:
        proc = subprocess.Popen([sys.executable, str(DRIVER), str(data), how, str(steps), str(seed), language,
                                 json.dumps(list(after)), json.dumps(list(names))], cwd=ROOT,
                                env=env, stdout=subprocess.PIPE, stderr=err, text=True)
    assert proc.stdout is not None
    seen: dict[str, dict[str, Any]] = {}
    end = time.monotonic() + LIMIT
    while time.monotonic() < end and "READY" not in seen:
        ready, _, _ = select.select([proc.stdout], [], [], 1.0)
        if not ready:
            continue
        line = proc.stdout.readline()
        word, _, rest = line.partition(" ")
        if word in ("RESUMED", "READY"):
            seen[word] = json.loads(rest)
        elif word == "FAILED":
            proc.wait()
            raise AssertionError("the app failed:\n" + json.loads(rest))
        elif line == "" and proc.poll() is not None:
            break
    if "READY" in seen:
        return proc, seen["RESUMED"], seen["READY"]
    proc.kill()
    proc.wait()
    raise AssertionError(f"the app did not get ready (exit {proc.returncode}); its log:\n"
                         + log.read_text(encoding="utf-8")[-3000:])


def pull_the_plug(proc: subprocess.Popen[str]) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    assert proc.wait(timeout=30) == -signal.SIGKILL


def what_the_journal_says(path: Path) -> dict[str, Any]:
    with Session.open(path) as session:
        assert session.record is not None and session.game is not None
        return {"game": session.game_id, "mode": session.record.mode, "seq": session.seq,
                "view": json.loads(json.dumps(get_mode(session.record.mode).view(session.game, None)))}


def test_a_morpoly_game_survives_a_pulled_plug(tmp_path: Path) -> None:
    data, log = tmp_path / "data", tmp_path / "app.log"
    proc, start, before = run(data, "new", log)
    pull_the_plug(proc)
    assert start["seq"] == 0 and start["mode"] == "ankh-morpoly"
    assert before["seq"] == STEPS and before["message"] == "" and before["question"] is not None
    assert before["sources"] == ["serial"]  # every throw came from the emulated pair on the serial link
    parties = before["view"]["parties"]
    assert len(parties) == 3 and all(p["guilds"] for p in parties)
    assert before["view"]["turn"]["number"] >= 10, "many turns, not a few steps"
    view = before["view"]
    assert view["rules"]["fortuna"] == view["rules"]["elam"] == "on" and view["npcs"] is not None
    assert sorted(view["lives"]) == ["green", "red", "yellow"]
    assert "♥" in before["money"] and any("☠" in cell for cell in before["ring"])  # lives and Death drawn
    # the banker's rolls for the NPCs and Fortuna's window after a roll were asked and answered
    assert {"morpoly.roll.npc-death", "morpoly.roll.npc-luggage", "morpoly.fortuna.window"} <= set(before["asked"])
    assert sum(1 for sq in before["view"]["squares"] if sq["owner"]) >= 3

    journal = what_the_journal_says(data / "games.sqlite")
    for what in ("game", "mode", "seq", "view"):
        assert journal[what] == before[what], what

    proc, resumed, after = run(data, "resume", log)
    try:
        for what in ("game", "mode", "seq", "question", "view", "ring", "money"):
            assert resumed[what] == before[what], what
        assert resumed["screen"] == "morpoly-board"
        assert after["seq"] == 2 * STEPS or after["question"] is None  # it plays on (to its end, if sooner)
        assert after["view"]["turn"]["number"] > before["view"]["turn"]["number"]
    finally:
        pull_the_plug(proc)
    assert what_the_journal_says(data / "games.sqlite")["seq"] == after["seq"]
