"""Ankh-Morpoly with the plug pulled (the app process killed with SIGKILL) while the FSU ledger or the
Journal is open, after one face of the pair was tapped on the board's face pad, and while an agreed
price is half typed on the amount pad. Started again and resumed from Home, the app shows that
screen, that face pressed, the pad open with those digits — and nothing of them applied: the same
step, the same question. Found playing by touch: a restart came back to the board with empty pads.

``drive_morpoly.py`` plays by touch in a real Kivy window, the rolls thrown on the die emulator's
pair through the serial source; the seeds' choices reach the questions below at those steps.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_ui_morpoly_pulled_plug import pull_the_plug, run

pytest.importorskip("firmware_bridge.emulator")

SAME = ("game", "seq", "inputs", "undone", "question", "view", "screen", "answers", "faces", "amount", "texts")


def played_then_restarted(tmp_path: Path, seed: int, steps: int, language: str,
                          after: tuple[str, ...]) -> tuple[dict[str, Any], dict[str, Any]]:
    """What the table saw when the plug was pulled after ``steps`` and ``after``, and what the app
    shows once started again and resumed (the app is killed both times)."""
    data, log = tmp_path / "data", tmp_path / "app.log"
    proc, _start, before = run(data, "new", log, steps, seed, language, after)
    pull_the_plug(proc)
    proc, resumed, _ready = run(data, "resume", log, 0, seed, language)
    pull_the_plug(proc)
    return before, resumed


@pytest.mark.parametrize(("after", "screen"), [
    pytest.param(("ledger",), "morpoly-ledger", id="ledger"),
    pytest.param(("journal",), "journal", id="journal"),
])
def test_a_pulled_plug_with_the_ledger_or_journal_open_comes_back_to_it(
        tmp_path: Path, after: tuple[str, ...], screen: str) -> None:
    before, resumed = played_then_restarted(tmp_path, 3, 6, "de", after)
    assert before["screen"] == screen
    for what in SAME:
        assert resumed[what] == before[what], what


def test_one_face_of_the_pair_tapped_is_still_pressed_after_a_pulled_plug(tmp_path: Path) -> None:
    before, resumed = played_then_restarted(tmp_path, 3, 5, "en", ("face:0:4",))
    assert before["question"]["kind"] == "roll" and before["faces"] == [4, None]
    assert sum(1 for a in before["answers"] if a[3] == "down") == 1
    for what in SAME:
        assert resumed[what] == before[what], what  # pressed, and no throw made of it


def test_a_half_typed_price_is_on_the_open_amount_pad_after_a_pulled_plug(tmp_path: Path) -> None:
    before, resumed = played_then_restarted(tmp_path, 55, 9, "de", ("amount:15",))
    # rules revision 6: the cash a trade's offer pays (revision 5: the price the seller names, seed 21's
    # step 23; seed 21 reached it at step 24 until rules revision 7's menus offered ``others-trade`` too,
    # seed 7 at step 10 until its proposer question offered ``cancel``, and seed 73 at step 9 until rules
    # revision 12's menus offered ``others-manage``, one more button the driver's taps choose among)
    assert before["question"]["key"] == "morpoly.trade.pay" and before["amount"], before["question"]
    for what in SAME:
        assert resumed[what] == before[what], what
