"""A pulled plug (the app process killed with SIGKILL: nothing closed or flushed by the app) while the
Journal is open, with a step picked in it, or while a card name is half typed in the search box:
started again and resumed from Home, the app shows that screen, that step, that text — and has
applied nothing. Found playing by touch: the restart always came back to the question's screen,
with the Journal closed and the search box empty.

The Discworld game runs in a subprocess (``drive_app.py``) in a real Kivy window, driven by touch
events; Ankh-Morpoly's ledger and pads are in ``test_ui_morpoly_restart_pads.py``.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.ui.test_ui_pulled_plug import MOVES, pull_the_plug, run_until_ready
from ui.navigation import FILE_NAME, FORMAT, Navigation, OpenScreen, load

TO_THE_CARDS = MOVES[:4]
"""Set-up by the die and the two secret personalities: blue is asked which card to play, from a
list long enough for the search box."""

SAME = ("game", "seq", "inputs", "undone", "question", "view", "screen", "journal_step", "search", "listed")


def write_settings(data: Path, language: str) -> None:
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings.json").write_text(json.dumps({"language": language}), encoding="utf-8")


@pytest.mark.parametrize(("touches", "screen", "step", "then"), [
    pytest.param(["journal", "line:3"], "journal", 3, "end-turn", id="journal-step-picked"),
    pytest.param(["journal"], "journal", -1, "end-turn", id="journal-latest"),
    pytest.param(["journal", "line:4", "undo"], "journal", -1, "the-shades", id="journal-after-an-undo"),
    pytest.param(["journal", "line:2", "back"], "turn", 2, None, id="journal-left"),
])
def test_a_pulled_plug_with_the_journal_open_comes_back_to_it(
        tmp_path: Path, touches: list[str], screen: str, step: int, then: str | None) -> None:
    data, log = tmp_path / "data", tmp_path / "app.log"
    proc, before = run_until_ready(data, MOVES + touches, log)
    pull_the_plug(proc)
    assert before["screen"] == screen and before["journal_step"] == step, before
    proc, resumed = run_until_ready(data, ["resume"], log)
    try:
        assert resumed["launch"] == ""
        for what in SAME:  # a Journal left keeps its pick while the app runs, not across a restart
            if what != "journal_step" or screen == "journal":
                assert resumed[what] == before[what], what
    finally:
        pull_the_plug(proc)
    if then is not None:  # and "back to the game" then goes on to the question, as before
        proc, back = run_until_ready(data, ["resume", "back", f"pick:{then}"], log)
        pull_the_plug(proc)
        assert back["screen"] == "turn" and back["seq"] == before["seq"] + 1


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_half_typed_card_name_is_still_in_the_search_box_after_a_pulled_plug(tmp_path: Path, language: str) -> None:
    data, log = tmp_path / "data", tmp_path / "app.log"
    write_settings(data, language)
    proc, before = run_until_ready(data, TO_THE_CARDS + ["type:bent"], log)
    pull_the_plug(proc)
    assert before["search"] == "bent" and before["listed"] == ["mr-bent"], before
    assert before["question"]["key"] == "turn.play-card"
    proc, resumed = run_until_ready(data, ["resume"], log)
    try:
        for what in SAME:
            assert resumed[what] == before[what], what  # the same list, and nothing chosen
    finally:
        pull_the_plug(proc)
    proc, played = run_until_ready(data, ["resume", "pick:mr-bent"], log)  # the table taps the card it found
    pull_the_plug(proc)
    assert played["seq"] == before["seq"] + 1
    proc, later = run_until_ready(data, ["resume"], log)  # typed for the question answered: gone with it
    pull_the_plug(proc)
    assert later["seq"] == played["seq"] and later["search"] in (None, "")


def test_a_record_written_before_the_open_screen_existed_still_reads(tmp_path: Path) -> None:
    """The record is extended, not replaced: an old one (only "continued") reads as before, and a
    newer one's damaged part costs that part alone."""
    path = tmp_path / FILE_NAME
    old = {"format": FORMAT, "continued": {"game": 3, "created": "2026-11-25T02:14:56.123Z", "row": 41}}
    path.write_text(json.dumps(old), encoding="utf-8")
    navigation = load(path)
    assert navigation.continued is not None and navigation.continued.row == 41
    assert navigation.open is None and navigation.typed is None
    damaged = dict(old, open={"game": 3, "created": "x", "screen": "settings", "step": 1},
                   typed={"at": old["continued"], "search": "", "faces": [7, None], "amount": ""})
    path.write_text(json.dumps(damaged), encoding="utf-8")
    assert load(path) == Navigation(continued=navigation.continued)
    fine = dict(old, open={"game": 3, "created": "x", "screen": "journal", "step": 2})
    path.write_text(json.dumps(fine), encoding="utf-8")
    assert load(path).open == OpenScreen(3, "x", "journal", 2)
