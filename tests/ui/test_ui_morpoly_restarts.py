"""Ankh-Morpoly restarted at awkward moments, with the plug pulled each time (the app process killed
with SIGKILL: nothing closed or flushed by the app), Fortuna and ELAM on: in the middle of a trade (the
partner asked to accept the offer), during a debt (the debtor asked how to raise the money), right
after an undo by touch in the Journal (German), and in Fortuna's window after a roll and during a
takeover's auction (English); before rules revision 6 the trade's moment was the seller asked for
the price. Each time the app, started again and resumed from Home, must show exactly what the table saw: the same question and answer buttons (greyed ones too), every text on
the window (ring, money panel, log), the FSU ledger, the position and what a redo would put back.

Each game is killed and resumed several times (``drive_morpoly.py``: every roll thrown on the die
emulator's pair of dice through the serial source, every choice a tap). The seeds' choices reach
those questions at the steps below (found by replaying the driver's choices through the engine; seeds
21 and 3 reached them until rules revision 6's trades took the driver's taps elsewhere, seed 54 until
rules revision 7's menus offered ``others-trade`` too, seed 121 until its proposer question offered
``cancel``, and seeds 125 and 173 until rules revision 12's menus offered ``others-manage``).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_ui_morpoly_pulled_plug import pull_the_plug, run, what_the_journal_says

pytest.importorskip("firmware_bridge.emulator")

SAME = ("game", "mode", "seq", "inputs", "undone", "question", "view", "ring", "money", "texts", "answers",
        "ledger", "screen", "message")
"""What "exactly the same screen" is made of (``drive_morpoly.snapshot``)."""

PLANS = [
    pytest.param(7, "de", [(99, (), "morpoly.trade.answer"), (10, (), "morpoly.debt.raise"), (1, ("undo:2",), None)],
                 id="trade-debt-undo-de"),
    pytest.param(231, "en", [(100, (), "morpoly.fortuna.window"), (15, (), "morpoly.takeover.auction")],
                 id="fortuna-takeover-en"),
]
"""Per game: the seed, the language, and each run's steps, touches after them, and the question the
table is looking at when the plug is pulled (None: whatever the undo leaves)."""


@pytest.mark.parametrize(("seed", "language", "plan"), PLANS)
def test_a_pulled_plug_at_an_awkward_moment_resumes_the_same_screen(
        tmp_path: Path, seed: int, language: str, plan: list[tuple[int, tuple[str, ...], str | None]]) -> None:
    data, log = tmp_path / "data", tmp_path / "app.log"
    before: dict[str, Any] | None = None
    for steps, after, key in plan + [(0, (), None)]:  # the last run only resumes
        proc, resumed, ready = run(data, "new" if before is None else "resume", log, steps, seed, language, after)
        pull_the_plug(proc)
        if before is not None:
            for what in SAME:
                assert resumed[what] == before[what], what
            if "undo:2" in after:
                assert ready["seq"] == before["seq"] - 1 and ready["undone"] == 2
        if key is not None:
            assert ready["question"]["key"] == key, ready["question"]
        assert ready["message"] == "" and ready["view"]["rules"]["fortuna"] == ready["view"]["rules"]["elam"] == "on"
        before = ready
    assert before is not None
    journal = what_the_journal_says(data / "games.sqlite")
    assert journal["seq"] == before["seq"] and journal["view"] == before["view"]


EIGHT_LONG = ("Bartholomäus", "Wilhelmine-Hildegard", "Konstantinopel", "Maximiliane", "Friedrich-Wilhelm",
              "Kunigunde", "Hans-Joachim", "Anneliese")
"""A German table of eight with long names (the set-up's two columns of name boxes, one money line a party)."""


def test_a_german_table_of_eight_comes_back_the_same_after_a_pulled_plug_and_after_an_undo(tmp_path: Path) -> None:
    """No test took a table of five to eight through a pulled plug: eight long German names set up by
    touch (Fortuna and ELAM on, the guilds and the banker tapped), the plug pulled mid-game, then
    again right after an undo of two steps by touch in the Journal; each start shows exactly what the
    table saw — the ring with eight tokens, the money panel's eight lines, the question and its
    buttons, the ledger — and the journal holds the same position."""
    data, log = tmp_path / "data", tmp_path / "app.log"
    before: dict[str, Any] | None = None
    for steps, after in ((70, ()), (25, ("undo:2",)), (0, ())):
        proc, resumed, ready = run(data, "new" if before is None else "resume", log, steps, 8, "de", after,
                                   names=EIGHT_LONG)
        pull_the_plug(proc)
        if before is not None:
            for what in SAME:
                assert resumed[what] == before[what], what
        if "undo:2" in after:
            assert ready["undone"] == 2
        if before is None:  # the table as set up: eight parties, every name on the money panel
            assert len(ready["view"]["parties"]) == 8 and ready["seq"] == 70
            assert all(name in str(ready["money"]) for name in EIGHT_LONG), ready["money"]
        assert ready["message"] == ""
        before = ready
    assert before is not None
    journal = what_the_journal_says(data / "games.sqlite")
    assert journal["seq"] == before["seq"] and journal["view"] == before["view"]
