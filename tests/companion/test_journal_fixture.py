"""Old-format journals must keep loading: ``fixtures/journal-v1.*`` were written in November 2026
by table version 1 / input version 1 (recipe in ``fixtures/make_journal_v1.py``, never re-run).
If a change to the engine or the journal breaks this test, add an upcaster or a migration — do not
regenerate the fixture (``docs/journal-format.md``, "Versions"). The one exception was made before
the first release: the fixture was written again when Fog began to ask which cards it discards."""
from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.morpork.game import Game
from companion.core.journal import Journal, parse_export
from companion.core.session import GameRules, Session, replay_export
from companion.morpork.state_format import state_to_json

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def old_db(tmp_path: Path) -> Path:
    """A copy: opening a journal may write to it (WAL files), and the fixture must stay as it was."""
    copy = tmp_path / "journal-v1.sqlite"
    shutil.copyfile(FIXTURES / "journal-v1.sqlite", copy)
    return copy


def _raw_entries(path: Path) -> list[tuple[object, ...]]:
    db = sqlite3.connect(path)
    try:
        # the columns of version 1 (version 3 adds each row's hash beside them)
        return list(db.execute("SELECT game, n, at, version, kind, barrier, data FROM entries ORDER BY game, n"))
    finally:
        db.close()


def test_the_v1_file_is_migrated_when_opened_and_its_entries_stay_as_they_were(old_db: Path) -> None:
    before = _raw_entries(old_db)
    raw = sqlite3.connect(old_db)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == 1
    raw.close()
    with Journal(old_db) as journal:
        assert journal.settings()["user_version"] == 3
        [record] = journal.games()
        assert (record.mode, record.options, record.revision) == ("ankh-morpork", {"edition": "en"}, 1)
    assert _raw_entries(old_db) == before
    with Journal(old_db) as again:  # opening a migrated file again changes nothing
        assert again.settings()["user_version"] == 3 and again.games() == [record]


def test_the_v1_file_opens_and_its_rows_read(old_db: Path) -> None:
    with Journal(old_db) as journal:
        [record] = journal.games()
        assert record.players == ("red", "blue", "green") and record.names == ("Ann", "Bob", "Cy")
        assert record.created == "2026-11-22T19:30:07.000Z" and record.status == "playing"
        entries = journal.entries(record.id)
        assert len(entries) == 55 and {e.version for e in entries} == {1}
        assert [e.kind for e in entries[:3]] == ["input", "correction", "input"]
        assert entries[0].data == {"type": "roll", "face": 4, "source": "serial"} and entries[0].barrier
        assert sorted({e.kind for e in entries}) == ["correction", "input", "redo"]


def test_the_v1_game_resumes_where_it_was(old_db: Path) -> None:
    with Session.open(old_db, GameRules()) as session:
        game = session.game
        assert isinstance(game, Game) and session.seq == 50
        state = game.state
        # green scanned Vetinari at set-up; Zorgo (entry 10) drew Chrysoprase for green (entry 13)
        assert [p.personality for p in state.players] == ["vimes", "rust", "chrysoprase"]
        assert [p.name for p in state.players] == ["Ann", "Bob", "Cy"]
        assert "fog" not in state.event_deck and state.turn.number >= 9
        assert session.question is not None
        live = state_to_json(state)
    with Session.open(old_db, GameRules()) as again:
        assert state_to_json(again.game.state) == live  # type: ignore[union-attr]


def test_the_v1_export_replays_to_the_same_position_as_the_v1_file(old_db: Path) -> None:
    lines = (FIXTURES / "journal-v1.jsonl").read_text(encoding="utf-8").splitlines()
    header, entries, problem = parse_export(lines)
    assert problem is None and header.id == 1 and len(entries) == 55
    replayed = replay_export(lines, GameRules())
    with Session.open(old_db, GameRules()) as session:
        assert state_to_json(replayed.state) == state_to_json(session.game.state)  # type: ignore[union-attr]
        exported = list(session.export_lines())
    # the entries export as they were; the header gains which game it is (an old header means this)
    assert exported[1:] == lines[1:]
    old_header, new_header = json.loads(lines[0]), json.loads(exported[0])
    assert new_header["game"] == {**old_header["game"], "mode": "ankh-morpork", "options": {"edition": "en"},
                                  "revision": 1}


def test_an_old_file_takes_new_inputs(old_db: Path) -> None:
    with Session.open(old_db, GameRules()) as session:
        question = session.question
        assert question is not None
        from companion.core.inputs import Answer, DieRoll, RandomDraw

        inp = (DieRoll(6) if question.kind == "roll" else RandomDraw(question.options[0])
               if question.kind == "random" else Answer(question.options[-1]))
        session.submit(inp)
    with Journal(old_db) as journal:
        assert journal.last_n(1) == 56
