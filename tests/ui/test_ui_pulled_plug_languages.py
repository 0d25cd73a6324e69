"""A Polish and an Italian table of four (red with a long name), played by touch in a real window:
the plug pulled in the middle of a flood (between its two rolls, and while the players move their
minions out of a flooded area), and straight after an undo in the Journal — started again, the app
speaks the table's language and comes back to the same step, question and table, and the events
screen says the same words (found worth a test while playing in Polish and Italian: the earlier
tests all played in English)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.test_ui_pulled_plug import pull_the_plug, run_until_ready

SETUP = ["roll:1", "pick:vetinari", "pick:rust", "pick:vimes", "pick:chrysoprase", "pick:the-dean", "pick:flood"]
"""Red starts (face 1), four secret personalities, red's The Dean draws a flood: the first roll is asked."""

WORDS = {"pl": ("Powódź", "Mroki"), "it": ("Flood", "The Shades")}
"""The flood and the area face 7 floods, as the events screen names them in each edition."""


@pytest.mark.parametrize("language", ["pl", "it"])
@pytest.mark.parametrize("moves", [
    pytest.param(["roll:7"], id="between-the-rolls"),
    pytest.param(["roll:7", "roll:6"], id="moving-minions-out"),
    pytest.param(["roll:7", "journal", "line:7", "undo", "confirm"], id="right-after-an-undo"),
])
def test_the_plug_pulled_mid_flood_resumes_in_the_table_s_language(tmp_path: Path, language: str,
                                                                   moves: list[str]) -> None:
    data, log = tmp_path / "data", tmp_path / "app.log"
    proc, before = run_until_ready(data, [f"start:{language}"] + SETUP + moves, log)
    pull_the_plug(proc)
    assert before["message"] == "" and before["question"] is not None
    flood, shades = WORDS[language]
    if "undo" in moves:
        assert before["inputs"] == 7 and before["undone"] == 1 and before["question"]["kind"] == "roll"
    else:
        assert before["screen"] == "events" and flood in before["texts"] and shades in before["texts"]
        if "roll:6" in moves:
            assert before["question"]["key"] != "event.roll"  # a player moves minions out of The Shades
    proc, resumed = run_until_ready(data, ["resume"], log)
    try:
        assert resumed["launch"] == "", resumed["launch"]
        for what in ("game", "seq", "inputs", "undone", "question", "view"):
            assert resumed[what] == before[what], what
        if "undo" not in moves:
            assert resumed["screen"] == "events"
            assert resumed["texts"] == before["texts"]  # the same words, in the same language
        assert resumed["status"] == before["status"]  # "Kość: symulowana …": not English
    finally:
        pull_the_plug(proc)
