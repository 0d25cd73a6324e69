"""What the app's start does with a journal that is not simply resumable (``ui.gamehost.open_session``).

Only damage moves or recovers a file. A journal from a newer companion (an unknown game mode, a
newer rules revision) is left byte for byte as it is, and the app starts without that game; a
journal that cannot be used where it lies (full disk, read-only, locked) stops the start with one
line and is left alone too — it was moved aside and replaced by an empty one before (a game night
lost to a full card).
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.core.inputs import DieRoll
from companion.core.journal import DiskFullError, JournalError, LockedJournalError
from companion.core.session import Session
from ui import gamehost
from ui.gamehost import JournalUnavailable, open_session


def a_journal(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite"
    with Session.open(path) as session:
        session.new_game(["red", "blue"])
        session.submit(DieRoll(5))
    return path


def files_and_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if not p.name.endswith("-shm")}


def edit_games(path: Path, sql: str) -> None:
    db = sqlite3.connect(path)
    db.execute(sql)
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


@pytest.mark.parametrize("sql, said", [
    ("UPDATE games SET mode = 'ankh-future'", "ankh-future"),
    ("UPDATE games SET revision = 99", "revision 99"),
])
def test_a_game_from_a_newer_companion_is_left_untouched(tmp_path: Path, sql: str, said: str) -> None:
    path = a_journal(tmp_path)
    edit_games(path, sql)
    before = files_and_bytes(tmp_path)
    launch = open_session(path)
    try:
        assert launch.problem is not None and launch.problem.game == 1 and said in launch.problem.why
        assert launch.problem.kept_as == "" and launch.session.game is None
        assert [g.id for g in launch.session.games()] == [1]
    finally:
        launch.session.close()
    assert not list(tmp_path.glob("*.damaged-*"))
    after = files_and_bytes(tmp_path)
    assert after[path.name] == before[path.name]


@pytest.mark.parametrize("error", [DiskFullError("the disk is full; free some space"),
                                   LockedJournalError("locked by another program")])
def test_a_journal_that_cannot_be_used_where_it_lies_stops_the_start_and_stays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    path = a_journal(tmp_path)
    before = files_and_bytes(tmp_path)

    def refuse(*args: object, **kwargs: object) -> Session[object]:
        raise error

    monkeypatch.setattr(gamehost.Session, "open", refuse)
    with pytest.raises(JournalUnavailable, match=str(error)):
        open_session(path)
    assert files_and_bytes(tmp_path) == before


@pytest.mark.parametrize("second", [KeyboardInterrupt(), RuntimeError("an engine's bug")])
def test_a_replay_that_fails_otherwise_after_damage_closes_the_journal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, second: BaseException) -> None:
    """After a damaged game, the start opens the journal again and replays once more; when that
    replay failed with anything but a journal's problem (Ctrl-C in a long replay, an engine's bug)
    the error went on up with the journal still open. It goes on up, and the journal is closed."""
    from companion.core import journal as journal_module
    path = a_journal(tmp_path)
    opened: list[sqlite3.Connection] = []
    real_connect = journal_module._connect

    def connect(where: str, timeout: float = 10.0) -> sqlite3.Connection:
        opened.append(real_connect(where, timeout))
        return opened[-1]
    replies: list[BaseException] = [JournalError("row 1: damaged", game=1), second]

    def resume(self: Session[object], game_id: int | None = None) -> None:
        raise replies.pop(0)
    monkeypatch.setattr(journal_module, "_connect", connect)
    monkeypatch.setattr(gamehost.Session, "resume", resume)
    with pytest.raises(type(second)):
        open_session(path)
    monkeypatch.undo()
    assert replies == [] and opened
    for db in opened:
        with pytest.raises(sqlite3.ProgrammingError):
            db.total_changes  # noqa: B018 (a closed connection refuses even this)


def test_a_healthy_journal_resumes_with_no_problem(tmp_path: Path) -> None:
    path = a_journal(tmp_path)
    launch = open_session(path)
    try:
        assert launch.problem is None and launch.session.game is not None and launch.session.seq == 1
    finally:
        launch.session.close()


@pytest.mark.parametrize("text", ["[]", '"x"', "[" * 5000 + "]" * 5000, "{\"language\": 5}", "\xff"])
def test_a_malformed_settings_file_gives_the_defaults(tmp_path: Path, text: str) -> None:
    from ui.settings import AppSettings

    path = tmp_path / "settings.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape") if text != "\xff" else b"\xff")
    assert AppSettings.load(path) == AppSettings()
