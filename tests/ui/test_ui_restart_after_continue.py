"""A restart after the players tapped "continue" under a random event's result comes back to the
screen after it — not to the result again.

Found as a known bug: the app remembered the dismissed result by the game object in memory, so a
restart (a new object for the same position) showed the result once more, and the table, already on
its next question, was sent back to an event it had finished. What the table left is now written
beside the journal before the screen changes (``ui.navigation``), keyed by the game and its last
journal row; a record that is missing or damaged shows the result again, never a traceback.

Played by touch in a real Kivy window from a small journal the engine wrote (three players, red puts
down The Dean, whose first symbol draws the event), restarted on the same data folder in this
process, and with the plug pulled (the app process killed) in a subprocess, in English and German.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.core.session import Session
from tests.ui.conftest import Driver, start_app, stop_app
from tests.ui.test_ui_pulled_plug import pull_the_plug, run_until_ready
from tests.ui.test_ui_resume_events import FACES, event_status, play_one, seen, write_journal
from ui.navigation import FILE_NAME, FORMAT, JournalPosition, load_continued, save_continued

def restarted(app: Any, data: Path, language: str) -> tuple[Any, Driver]:
    """The app stopped and started again on the same data folder, the game resumed from Home."""
    stop_app(app)
    app = start_app(data, language=language)
    d = Driver(app)
    d.frames(3)
    assert d.screen.name == "home" and not d.screen.ids.resume.disabled
    d.tap(d.screen.ids.resume)
    return app, d


def play_event(d: Driver, event: str) -> None:
    """Resume, draw ``event`` by touch and play it to its end: its result and "continue" on screen."""
    d.frames(3)
    d.tap(d.screen.ids.resume)
    assert d.screen.name == "events"
    faces = list(FACES)
    d.choose(event)
    while event_status(d.app) == "now":
        play_one(d, faces)
    shown = seen(d)
    assert shown["screen"] == "events" and shown["continue"] and shown["asked"] is None, shown


CASES = [pytest.param("fire", "en", id="fire"), pytest.param("flood", "en", id="flood"),
         pytest.param("mysterious-murders", "en", id="mysterious-murders"),
         pytest.param("fire", "de", id="fire-de"), pytest.param("flood", "de", id="flood-de")]


@pytest.mark.parametrize(("event", "language"), CASES)
def test_a_restart_after_continue_shows_the_screen_after_the_result(
        tmp_path: Path, event: str, language: str) -> None:
    data = tmp_path / "data"
    write_journal(data)
    app = start_app(data, language=language)
    d = Driver(app)
    try:
        play_event(d, event)
        d.tap(d.screen.ids.continue_button)
        before = seen(d)
        assert before["screen"] == "turn" and before["question"] is not None, before
        if event == "fire":
            d.screenshot(tmp_path / f"continued-{language}.png")
        app, d = restarted(app, data, language)
        assert seen(d) == before  # the turn's question, not the fire's result again
        if event == "fire":
            d.screenshot(tmp_path / f"restarted-{language}.png")
        app, d = restarted(app, data, language)  # and again: the record is not used up
        assert seen(d) == before
        question = d.app.game.question
        d.choose(question.options[0])  # the game goes on from there
        assert d.app.game.seq == before["seq"] + 1, d.app.message
    finally:
        stop_app(app)


def test_an_undo_back_to_the_end_of_the_event_shows_its_result_again(tmp_path: Path) -> None:
    """The record names one journal position: an undo back to the event's end is a new row (the
    table went back into what the event left), and the result is shown as it was before the
    record existed; a restart then shows it again too, as nothing was continued from it."""
    data = tmp_path / "data"
    write_journal(data)
    app = start_app(data, language="en")
    d = Driver(app)
    try:
        play_event(d, "fire")
        d.tap(d.screen.ids.continue_button)
        assert d.screen.name == "turn"
        d.choose(d.app.game.question.options[0])
        app.undo_to(len(app.session.inputs) - 1)
        assert d.screen.name == "events" and seen(d)["continue"]
        before = seen(d)
        # the status line said "undone to step 7", news of that tap; after a restart, the devices
        before["texts"] = before["texts"].replace(app.notice, app.status_text)
        app, d = restarted(app, data, "en")
        assert seen(d) == before
    finally:
        stop_app(app)


DAMAGED = {
    "garbage": b"\x00\x01not json at all",
    "not-utf8": b'{"format": "ankh-companion-navigation/1", "continued": {"created": "\xff\xfe"}}',
    "empty": b"",
    "cut-short": json.dumps({"format": FORMAT, "continued": {"game": 1}}).encode()[:30],
    "wrong-types": json.dumps({"format": FORMAT, "continued": {"game": "1", "created": 5, "row": True}}).encode(),
    "a-list": b"[1, 2, 3]",
    "newer-format": json.dumps({"format": "ankh-companion-navigation/9", "continued": None}).encode(),
    "huge": b"{" + b" " * 100_000 + b"}",
    "deep": b"[" * 5000 + b"]" * 5000,
}


@pytest.mark.parametrize("damage", sorted(DAMAGED))
def test_a_damaged_record_is_read_as_no_record(tmp_path: Path, damage: str) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(DAMAGED[damage])
    assert load_continued(path) is None


def test_a_record_round_trips_and_a_missing_one_is_none(tmp_path: Path) -> None:
    path = tmp_path / "folder" / FILE_NAME
    assert load_continued(path) is None
    position = JournalPosition(3, "2026-11-25T02:14:56.123Z", 41)
    assert save_continued(path, position)
    assert load_continued(path) == position
    assert not path.with_name(FILE_NAME + ".tmp").exists()
    assert save_continued(path, None) and load_continued(path) is None


def test_a_record_that_cannot_be_written_is_said_in_the_log_not_raised(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.mkdir()  # a folder where the file should be: neither readable nor replaceable as a file
    assert load_continued(path) is None
    assert save_continued(path, JournalPosition(1, "x", 1)) is False


@pytest.mark.parametrize("damage", ["garbage", "a-folder", "another-game", "not-utf8"])
def test_with_a_damaged_record_a_restart_shows_the_result_again_and_continue_mends_it(
        tmp_path: Path, damage: str) -> None:
    data = tmp_path / "data"
    write_journal(data)
    app = start_app(data, language="en")
    d = Driver(app)
    try:
        play_event(d, "fire")
        result = seen(d)
        d.tap(d.screen.ids.continue_button)
        after = seen(d)
        record = data / FILE_NAME
        if damage == "a-folder":
            record.unlink()
            record.mkdir()
        elif damage == "another-game":
            doc = json.loads(record.read_text(encoding="utf-8"))
            doc["continued"]["created"] = "1970-01-01T00:00:00.000Z"  # the same id in another journal
            record.write_text(json.dumps(doc), encoding="utf-8")
        else:
            record.write_bytes(DAMAGED[damage])
        app, d = restarted(app, data, "en")
        assert app.launch_problem is None and app.message == ""
        assert seen(d) == result  # shown again: the table can only lose a tap, never the result
        d.tap(d.screen.ids.continue_button)  # the game goes on, record or none
        assert seen(d) == after
        app, d = restarted(app, data, "en")
        if damage == "a-folder":  # still unwritable: this restart shows the result once more
            assert seen(d) == result
        else:
            assert seen(d) == after
    finally:
        stop_app(app)


def write_settings(data: Path, language: str) -> None:
    (data / "settings.json").write_text(json.dumps({"language": language}), encoding="utf-8")


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_pulled_plug_after_continue_comes_back_after_the_result(tmp_path: Path, language: str) -> None:
    """The app process is killed right after "continue" (nothing closed or flushed by the app):
    started again, it shows the turn's question the table had moved on to."""
    data, log = tmp_path / "data", tmp_path / "app.log"
    write_journal(data)
    write_settings(data, language)
    proc, result = run_until_ready(data, ["resume", "pick:fire", "roll:2"], log)
    pull_the_plug(proc)
    assert result["screen"] == "events"
    rows = journal_rows(data)
    proc, before = run_until_ready(data, ["resume", "continue"], log)
    pull_the_plug(proc)
    assert before["screen"] == "turn" and before["seq"] == result["seq"]
    proc, resumed = run_until_ready(data, ["resume"], log)
    try:
        assert resumed["launch"] == ""
        for what in ("game", "seq", "question", "view", "screen", "texts"):
            assert resumed[what] == before[what], what
    finally:
        pull_the_plug(proc)
    assert journal_rows(data) == rows  # "continue" is navigation: nothing of it is in the journal


def journal_rows(data: Path) -> int:
    with Session.open(data / "games.sqlite") as session:
        return session.last_row
