"""The journal's storage layer on its own: append-only rows, the undo/redo fold, versions, damaged
rows and files, export files. No rules engine here (see test_journal_session.py for that)."""
from __future__ import annotations

import dataclasses
import json
import os
import sqlite3
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from companion.core import journal as journal_module
from companion.core.journal import (
    BarrierError,
    DamagedFileError,
    Entry,
    GameResult,
    Journal,
    JournalError,
    fold_entries,
    parse_entry,
    parse_export,
    salvage_file,
)


class FakeClock:
    """An injected clock: one millisecond per reading, so timestamps are predictable."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 20, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        self.now += timedelta(milliseconds=1)
        return self.now


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    with Journal(tmp_path / "games.sqlite", clock=FakeClock()) as j:
        yield j


def answer(value: str) -> dict[str, str]:
    return {"type": "answer", "value": value}


def roll(face: int) -> dict[str, object]:
    return {"type": "roll", "face": face, "source": "serial"}


def raw(path: Path) -> sqlite3.Connection:
    """A second, plain connection: what another process (or a disk fault) would see or do."""
    return sqlite3.connect(path, isolation_level=None)


# -- the file ---------------------------------------------------------------------------------------

def test_a_new_journal_is_wal_with_full_sync_and_carries_its_versions(journal: Journal) -> None:
    settings = journal.settings()
    assert settings["journal_mode"] == "wal"
    assert settings["synchronous"] == 2  # FULL
    assert settings["user_version"] == journal_module.SCHEMA_VERSION
    assert settings["application_id"] == journal_module.APPLICATION_ID


def test_an_appended_entry_is_visible_to_another_connection_when_append_returns(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    with Journal(path, clock=FakeClock()) as j:
        game = j.create_game(["red", "blue"], "de", ["Ann", "Bob"])
        entry = j.append(game, "input", roll(7), barrier=True)
        rows = raw(path).execute("SELECT game, n, at, version, kind, barrier, data FROM entries").fetchall()
    assert entry == Entry(1, "2026-11-22T20:00:00.002Z", 1, "input", roll(7), True)
    assert rows == [(game, 1, "2026-11-22T20:00:00.002Z", 1, "input", 1,
                     '{"face":7,"source":"serial","type":"roll"}')]


def test_entries_are_numbered_per_game_and_read_back_in_order(journal: Journal) -> None:
    red_blue = journal.create_game(["red", "blue"])
    green = journal.create_game(["green", "yellow"])
    journal.append(red_blue, "input", roll(3), barrier=True)
    journal.append(green, "input", roll(9), barrier=True)
    journal.append(red_blue, "input", answer("vimes"), barrier=True)
    journal.append(red_blue, "input", answer("the-shades"))
    assert [(e.n, e.data) for e in journal.entries(red_blue)] == [
        (1, roll(3)), (2, answer("vimes")), (3, answer("the-shades"))]
    assert [(e.n, e.data) for e in journal.entries(green)] == [(1, roll(9))]
    assert journal.last_n(red_blue) == 3


def test_rows_can_be_neither_changed_nor_deleted(journal: Journal) -> None:
    game = journal.create_game(["red", "blue"])
    journal.append(game, "input", roll(3), barrier=True)
    db = raw(Path(journal.path))
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("UPDATE entries SET data = '{}'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("DELETE FROM entries")
    assert [e.data for e in journal.entries(game)] == [roll(3)]


def test_a_stale_append_is_refused_and_writes_nothing(journal: Journal) -> None:
    """Two writers (a double tap in two processes) cannot both add entry 2."""
    game = journal.create_game(["red", "blue"])
    journal.append(game, "input", roll(3), barrier=True, n=1)
    journal.append(game, "input", answer("vimes"), n=2)
    with pytest.raises(JournalError, match="stale append: expected to write entry 2"):
        journal.append(game, "input", answer("rust"), n=2)
    assert [e.data for e in journal.entries(game)] == [roll(3), answer("vimes")]


def test_unknown_entry_kinds_are_refused_on_write(journal: Journal) -> None:
    game = journal.create_game(["red", "blue"])
    with pytest.raises(ValueError, match="unknown entry kind 'delete'"):
        journal.append(game, "delete", {"steps": 1})
    assert journal.entries(game) == []


def test_current_game_is_the_newest_unfinished_and_history_the_finished(journal: Journal) -> None:
    first = journal.create_game(["red", "blue"])
    second = journal.create_game(["red", "blue", "green"])
    third = journal.create_game(["yellow", "blue"])
    result = GameResult(("green",), "points", {"red": "vimes", "blue": "rust", "green": "vetinari"},
                        {"red": 40, "blue": 38, "green": 51}, turns=42, inputs=311)
    journal.set_result(second, result)
    journal.set_result(third, GameResult(("yellow",), "personality", {}, {}, 9, 40))
    current = journal.current_game()
    assert current is not None and current.id == first
    assert [(g.id, g.result) for g in journal.history()] == [
        (third, GameResult(("yellow",), "personality", {}, {}, 9, 40)), (second, result)]
    assert journal.game(second).status == "finished" and journal.game(second).finished is not None
    journal.set_result(second, None)  # its last step was undone: being played again
    assert journal.game(second).status == "playing" and journal.game(second).result is None
    assert journal.current_game() is not None and journal.current_game().id == second  # type: ignore[union-attr]


def test_a_file_that_is_not_a_journal_is_named(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    raw(other).execute("CREATE TABLE notes (text TEXT)")
    with pytest.raises(JournalError, match="not a companion journal"):
        Journal(other)
    text = tmp_path / "notes.txt"
    text.write_text("this is not SQLite at all, just a shopping list " * 40)
    with pytest.raises(DamagedFileError, match="notes.txt"):
        Journal(text)


def test_another_programs_sqlite_file_is_refused_unchanged(tmp_path: Path) -> None:
    """Opening a file was switching it to WAL before asking whether it is a journal, so 'game state
    --db places.sqlite' on another program's database refused it and yet rewrote its header (bytes
    18-19, 1 → 2: WAL, which older readers of that program may not open); found by running every
    'game' command on a foreign SQLite file and comparing its bytes."""
    other = tmp_path / "other.sqlite"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.execute("INSERT INTO notes VALUES ('milk')")
    db.commit()
    db.close()
    before = other.read_bytes()
    assert before[18:20] == b"\x01\x01"  # a rollback-journal file
    with pytest.raises(JournalError, match="not a companion journal"):
        Journal(other)
    assert other.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.sqlite"]


def test_a_tiny_file_that_is_not_sqlite_is_refused_unchanged(tmp_path: Path) -> None:
    """SQLite takes a one-byte file for a new, empty database (a longer one it refuses as "not a
    database"), so a stray one-byte file given as the journal was written over with the tables.
    Every non-empty file that does not start with SQLite's header is now refused as any other
    non-SQLite file is, byte for byte untouched; an empty file is still a new journal."""
    for content in (b"x", b"\n", b"S", b"\x00", b"hi", b"SQLite format 3"):
        path = tmp_path / "tiny.sqlite"
        path.write_bytes(content)
        with pytest.raises(DamagedFileError, match="not a database"):
            Journal(path)
        assert path.read_bytes() == content, content
        assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny.sqlite"], content
        assert journal_module.file_problem(path) is not None, content
        path.unlink()
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    Journal(empty).close()
    assert empty.read_bytes().startswith(b"SQLite format 3\x00")


def test_a_journal_from_a_newer_companion_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    Journal(path).close()
    newer = journal_module.SCHEMA_VERSION + 1
    raw(path).execute(f"PRAGMA user_version = {newer}")
    with pytest.raises(JournalError, match=f"table version {newer}.*newer companion"):
        Journal(path)


# -- the fold: undo, redo, corrections --------------------------------------------------------------

def entry(n: int, kind: str, data: dict[str, object], barrier: bool = False) -> Entry:
    return Entry(n, "2026-11-22T20:00:00.000Z", 1, kind, data, barrier)


def values(entries: tuple[Entry, ...]) -> list[object]:
    return [e.data.get("value", e.data.get("face")) for e in entries]


def test_undo_moves_steps_to_the_redo_stack_and_redo_brings_them_back() -> None:
    log = [entry(1, "input", roll(5), True), entry(2, "input", answer("a")), entry(3, "input", answer("b")),
           entry(4, "undo", {"steps": 2}), entry(5, "redo", {"steps": 1})]
    timeline = fold_entries(log)
    assert values(timeline.applied) == [5, "a"]
    assert values(timeline.undone) == ["b"]


def test_a_new_input_after_an_undo_clears_the_redo_stack() -> None:
    log = [entry(1, "input", answer("a")), entry(2, "input", answer("b")), entry(3, "undo", {"steps": 1}),
           entry(4, "input", answer("c"))]
    timeline = fold_entries(log)
    assert values(timeline.applied) == ["a", "c"] and timeline.undone == ()
    with pytest.raises(JournalError, match="row 5: redo of 1 steps, but only 0 can be"):
        fold_entries([*log, entry(5, "redo", {"steps": 1})], game=1)


def test_an_undo_across_a_barrier_must_be_a_correction() -> None:
    log = [entry(1, "input", roll(5), True), entry(2, "input", answer("a"))]
    assert values(fold_entries([*log, entry(3, "correction", {"steps": 2})]).undone) == ["a", 5]
    with pytest.raises(JournalError, match="game 4, row 3: an undo crosses a barrier"):
        fold_entries([*log, entry(3, "undo", {"steps": 2})], game=4)


def test_the_barriers_an_undo_would_cross_are_listed_most_recent_first() -> None:
    log = [entry(1, "input", roll(5), True), entry(2, "input", answer("vimes"), True),
           entry(3, "input", answer("a"))]
    timeline = fold_entries(log)
    assert timeline.barriers_in_last(1) == []
    assert [e.n for e in timeline.barriers_in_last(3)] == [2, 1]


def test_a_missing_row_is_named() -> None:
    with pytest.raises(JournalError, match="game 2, row 2: missing: the next row is numbered 3"):
        fold_entries([entry(1, "input", answer("a")), entry(3, "input", answer("b"))], game=2)


# -- damaged rows -------------------------------------------------------------------------------------

def damage(path: Path, *statements: str) -> None:
    """What a disk fault or a careless tool does: drop the append-only guard and change rows."""
    db = raw(path)
    db.execute("DROP TRIGGER entries_append_only_update")
    db.execute("DROP TRIGGER entries_append_only_delete")
    for statement in statements:
        db.execute(statement)
    db.close()


def five_entries(journal: Journal) -> int:
    game = journal.create_game(["red", "blue"])
    for data, barrier in [(roll(5), True), (answer("vimes"), True), (answer("rust"), True),
                          (answer("the-shades"), False), (answer("dimwell"), False)]:
        journal.append(game, "input", data, barrier)
    return game


@pytest.mark.parametrize("statement, message", [
    ("UPDATE entries SET data = '{\"type\": \"answ' WHERE n = 3", r"game 1, row 3: data is not JSON"),
    ("UPDATE entries SET data = '[1, 2]' WHERE n = 3", r"game 1, row 3: data \[1, 2\] is not a JSON object"),
    ("UPDATE entries SET data = '{\"type\": \"teleport\"}' WHERE n = 3",
     r"game 1, row 3: not an input: unknown input type 'teleport'"),
    ("UPDATE entries SET kind = 'erase' WHERE n = 3", r"game 1, row 3: unknown entry kind 'erase'"),
    ("UPDATE entries SET version = 7 WHERE n = 3", r"game 1, row 3: unknown schema version 7"),
    ("UPDATE entries SET at = X'00ff' WHERE n = 3", r"game 1, row 3: timestamp b'.*' is not a time"),
    ("DELETE FROM entries WHERE n = 3", r"game 1, row 3: missing: the next row is numbered 4"),
])
def test_a_damaged_row_is_named_and_the_prefix_before_it_is_offered(journal: Journal, statement: str,
                                                                   message: str) -> None:
    game = five_entries(journal)
    damage(Path(journal.path), statement)
    with pytest.raises(JournalError, match=message) as caught:
        journal.entries(game)
    assert caught.value.game == game and caught.value.row == 3
    prefix, problem = journal.read_prefix(game)
    assert [e.n for e in prefix] == [1, 2]
    assert problem is not None and problem.row == 3


def repeating_entries(journal: Journal) -> int:
    """A game whose rows repeat their data texts, as every real game's do: most rows are read as a
    text seen before (``Journal.read_prefix``'s shortcut), so damage to such a row must be found there."""
    game = journal.create_game(["red", "blue"])
    for data, barrier in [(roll(5), True), (answer("done"), False), (roll(5), True), (answer("done"), False),
                          (roll(5), True)]:
        journal.append(game, "input", data, barrier)
    journal.append(game, "correction", {"steps": 1})
    journal.append(game, "redo", {"steps": 1})
    journal.append(game, "correction", {"steps": 1})
    return game


@pytest.mark.parametrize("statement, message", [
    ("UPDATE entries SET barrier = 2 WHERE n = 4", r"game 1, row 4: barrier flag 2 is not 0 or 1"),
    ("UPDATE entries SET barrier = 1 WHERE n = 4", r"game 1, row 4: this row was changed after it was written"),
    ("UPDATE entries SET at = '' WHERE n = 4", r"game 1, row 4: timestamp '' is not a time"),
    ("UPDATE entries SET at = '2026-11-22T20:00:09.000Z' WHERE n = 4", r"game 1, row 4: this row was changed"),
    ("UPDATE entries SET at = X'00ff' WHERE n = 4", r"game 1, row 4: timestamp b'.*' is not a time"),
    ("UPDATE entries SET data = (SELECT data FROM entries WHERE n = 1) WHERE n = 4",
     r"game 1, row 4: this row was changed"),
    ("UPDATE entries SET data = (SELECT data FROM entries WHERE n = 1) || ' ' WHERE n = 4",
     r"game 1, row 4: this row was changed"),
    ("UPDATE entries SET kind = 'undo' WHERE n = 4", r"game 1, row 4: a 'undo' entry is"),
    ("UPDATE entries SET version = 7 WHERE n = 4", r"game 1, row 4: unknown schema version 7"),
    ("UPDATE entries SET hash = upper(hash) WHERE n = 4", r"game 1, row 4: this row was changed"),
    ("UPDATE entries SET kind = 'redo' WHERE n = 8", r"game 1, row 8: this row was changed"),
    ("UPDATE entries SET kind = 'undo' WHERE n = 8", r"game 1, row 8: this row was changed"),
    ("DELETE FROM entries WHERE n = 4", r"game 1, row 4: missing: the next row is numbered 5"),
])
def test_a_damaged_row_with_a_text_read_before_is_named(journal: Journal, statement: str, message: str) -> None:
    game = repeating_entries(journal)
    damage(Path(journal.path), statement)
    with pytest.raises(JournalError, match=message) as caught:
        journal.entries(game)
    row = caught.value.row
    assert caught.value.game == game and row is not None and row in (4, 8)
    prefix, problem = journal.read_prefix(game)
    assert [e.n for e in prefix] == list(range(1, row)) and problem is not None and problem.row == row


def test_rows_read_as_a_text_seen_before_are_the_rows_read_one_by_one(journal: Journal) -> None:
    """The shortcut for a repeated text gives each row what checking it alone gives: equal entries,
    the same input, and data of its own (a roll's faces too)."""
    game = repeating_entries(journal)
    journal.append(game, "input", {"type": "roll", "faces": [3, 4], "source": "serial"}, True)
    journal.append(game, "input", {"type": "roll", "faces": [3, 4], "source": "serial"}, True)
    rows = raw(Path(journal.path)).execute(
        "SELECT n, at, version, kind, barrier, data FROM entries WHERE game = ? ORDER BY n", (game,)).fetchall()
    alone = [parse_entry(game, *row) for row in rows]
    read = journal.entries(game)
    assert read == alone and [e.parsed for e in read] == [e.parsed for e in alone]
    assert [e.parsed is None for e in read] == [e.kind != "input" for e in read]
    assert [type(e.barrier) for e in read] == [bool] * len(read)
    datas = [e.data for e in read]
    assert len({id(d) for d in datas}) == len(datas)
    assert read[-1].data["faces"] is not read[-2].data["faces"]


def test_the_timeline_read_is_the_fold_of_the_entries_and_refuses_what_they_refuse(journal: Journal) -> None:
    game = repeating_entries(journal)
    timeline, last = journal.timeline(game)
    assert timeline == fold_entries(journal.entries(game), game) and last == 8
    assert len(timeline.applied) == 4 and len(timeline.undone) == 1
    empty = journal.create_game(["red", "blue"])
    assert journal.timeline(empty) == (fold_entries([]), 0)
    journal.append(game, "correction", {"steps": 9})  # written with its hash: refused by the fold alone
    with pytest.raises(JournalError) as entries_refusal:
        journal.entries(game)
    with pytest.raises(JournalError) as timeline_refusal:
        journal.timeline(game)
    assert str(timeline_refusal.value) == str(entries_refusal.value)
    assert timeline_refusal.value.row == 9 and "only 4 can be" in str(timeline_refusal.value)


def test_forking_continues_from_the_prefix_and_keeps_every_row_of_the_damaged_game(journal: Journal) -> None:
    game = five_entries(journal)
    damage(Path(journal.path), "UPDATE entries SET data = 'garbage' WHERE n = 4")
    forked = journal.fork(game, 3, "row 4 is garbage")
    assert [e.data for e in journal.entries(forked)] == [roll(5), answer("vimes"), answer("rust")]
    old = journal.game(game)
    assert old.status == "broken" and "row 4 is garbage" in (old.note or "")
    assert journal.game(forked).forked_from == game and journal.game(forked).forked_at == 3
    assert raw(Path(journal.path)).execute("SELECT count(*) FROM entries WHERE game = ?", (game,)).fetchone() == (5,)
    current = journal.current_game()
    assert current is not None and current.id == forked
    with pytest.raises(JournalError, match="damaged and was set aside"):
        journal.append(game, "input", answer("x"))
    journal.append(forked, "input", answer("the-scours"))
    assert journal.last_n(forked) == 4


def test_forking_past_the_valid_prefix_is_refused(journal: Journal) -> None:
    game = five_entries(journal)
    damage(Path(journal.path), "UPDATE entries SET data = 'garbage' WHERE n = 4")
    with pytest.raises(JournalError, match="cannot fork at entry 4: only 3 entries are valid"):
        journal.fork(game, 4)
    assert journal.game(game).status == "playing"


def test_old_input_shapes_are_upcast_on_read_and_never_rewritten(journal: Journal,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The versioning policy: a future version 2 renames a field; version 1 rows are read through
    the upcaster, and the row on disk stays as it was written."""
    game = journal.create_game(["red", "blue"])
    journal.append(game, "input", {"type": "roll", "face": 4, "source": "gpio"}, barrier=True)

    def v1_to_v2(doc: dict[str, object]) -> dict[str, object]:
        return {**doc, "source": "serial" if doc.get("source") == "gpio" else doc.get("source")}

    monkeypatch.setattr(journal_module, "INPUT_VERSION", 2)
    monkeypatch.setitem(journal_module.UPCASTERS, 1, v1_to_v2)
    assert journal.entries(game)[0].data == {"type": "roll", "face": 4, "source": "serial"}
    stored = raw(Path(journal.path)).execute("SELECT version, data FROM entries").fetchone()
    assert stored == (1, '{"face":4,"source":"gpio","type":"roll"}')
    monkeypatch.delitem(journal_module.UPCASTERS, 1)
    with pytest.raises(JournalError, match="row 1: no upcaster from schema version 1"):
        journal.entries(game)


def test_parse_entry_names_what_is_wrong() -> None:
    with pytest.raises(JournalError, match=r"game 3, row 2: a 'undo' entry is \{\"steps\": N\}"):
        parse_entry(3, 2, "t", 1, "undo", 0, '{"steps": 0}')
    with pytest.raises(JournalError, match="game 3: entry number 'x'"):
        parse_entry(3, "x", "t", 1, "input", 0, '{}')


def test_a_data_text_read_before_gives_the_same_entry_with_its_own_data() -> None:
    known: journal_module.KnownData = {}
    text = '{"faces":[3,4],"source":"sim","type":"roll"}'
    first = parse_entry(3, 1, "t1", 1, "input", 1, text, known=known)
    again = parse_entry(3, 2, "t2", 1, "input", 0, text, known=known)
    assert list(known) == [(1, "input", text)]
    assert again == Entry(2, "t2", 1, "input", {"faces": [3, 4], "source": "sim", "type": "roll"}, False)
    assert again.to_input() == first.to_input() == parse_entry(3, 2, "t2", 1, "input", 0, text).to_input()
    # each row holds its own data, down to the list of faces: changing one changes no other
    again.data["faces"].append(6)
    assert first.data["faces"] == [3, 4]
    assert parse_entry(3, 3, "t3", 1, "input", 0, text, known=known).data["faces"] == [3, 4]


def test_a_flat_data_text_read_before_gives_each_row_its_own_data() -> None:
    known: journal_module.KnownData = {}
    text = '{"card":"carcer","kind":"card","source":"manual","type":"scan"}'
    first = parse_entry(3, 1, "t1", 1, "input", 0, text, known=known)
    again = parse_entry(3, 2, "t2", 1, "input", 0, text, known=known)
    assert again.data == first.data and again.data is not first.data
    again.data["card"] = "vimes"
    assert first.data["card"] == "carcer"
    assert parse_entry(3, 3, "t3", 1, "input", 0, text, known=known).data["card"] == "carcer"


def test_a_row_whose_text_was_read_before_is_still_checked_for_its_own_fields() -> None:
    known: journal_module.KnownData = {}
    parse_entry(3, 1, "t1", 1, "input", 0, '{"type":"answer","value":"end-turn"}', known=known)
    with pytest.raises(JournalError, match="row 2: barrier flag 2 is not 0 or 1"):
        parse_entry(3, 2, "t2", 1, "input", 2, '{"type":"answer","value":"end-turn"}', known=known)
    with pytest.raises(JournalError, match="row 2: timestamp ''"):
        parse_entry(3, 2, "", 1, "input", 0, '{"type":"answer","value":"end-turn"}', known=known)
    # the same text under another kind is read as that kind, not served from the input read before
    parse_entry(3, 1, "t1", 1, "undo", 0, '{"steps":1}', known=known)
    with pytest.raises(JournalError, match="row 2: not an input"):
        parse_entry(3, 2, "t2", 1, "input", 0, '{"steps":1}', known=known)


def test_an_entry_made_at_once_is_the_constructor_s_value() -> None:
    made = parse_entry(3, 7, "t", 1, "input", 1, '{"type":"answer","value":"end-turn"}')
    assert type(made) is Entry and made == Entry(7, "t", 1, "input", {"type": "answer", "value": "end-turn"}, True)
    assert repr(made) == repr(Entry(7, "t", 1, "input", {"type": "answer", "value": "end-turn"}, True))
    assert list(vars(made)) == [f.name for f in dataclasses.fields(Entry)]
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.n = 8  # type: ignore[misc]

# -- damaged files ----------------------------------------------------------------------------------------

def test_a_truncated_file_names_the_first_unreadable_row_and_is_salvaged(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    with Journal(path, clock=FakeClock()) as j:
        long_game = j.create_game(["red", "blue"])
        for i in range(400):
            j.append(long_game, "input", answer(f"{i:04d} " + "x" * 40))
        short_game = j.create_game(["green", "yellow"])
        j.append(short_game, "input", roll(3), barrier=True)
    # Closing checkpointed the WAL into the file; now the end of the file goes missing.
    size = path.stat().st_size
    with open(path, "r+b") as handle:
        handle.truncate(size * 6 // 10)
    with pytest.raises(DamagedFileError, match=r"game 1 row (\d+) and later cannot be read") as caught:
        Journal(path)
    first_bad = int(str(caught.value).split("game 1 row ")[1].split()[0])
    assert 1 < first_bad < 400

    report = salvage_file(path, clock=FakeClock())
    assert Path(report.kept_aside).exists() and report.kept_aside.startswith(str(path) + ".damaged-")
    kept, problem = report.games[long_game]
    assert kept == first_bad - 1 and problem is not None and f"row {first_bad}" in problem
    assert report.games[short_game][0] == 0 and "row 1 and later cannot be read" in report.describe()
    with Journal(path) as j:
        assert j.integrity_problems() == []
        entries = j.entries(long_game)
        assert [e.data["value"][:4] for e in entries] == [f"{i:04d}" for i in range(kept)]
        assert f"row {first_bad}" in (j.game(long_game).note or "")
        assert j.game(short_game).players == ("green", "yellow")
        j.append(long_game, "input", answer("continued"))


def test_salvage_of_a_sound_file_keeps_everything(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    with Journal(path) as j:
        game = five_entries(j)
    report = salvage_file(path)
    assert report.games == {game: (5, None)}
    with Journal(path) as j:
        assert len(j.entries(game)) == 5


# -- export files -------------------------------------------------------------------------------------------

def exported(journal: Journal) -> tuple[int, list[str]]:
    game = five_entries(journal)
    journal.append(game, "undo", {"steps": 1})
    journal.append(game, "correction", {"steps": 3})
    journal.append(game, "redo", {"steps": 2})
    return game, list(journal.export_lines(game))


def test_export_is_a_header_then_one_line_per_entry_and_parses_back(journal: Journal) -> None:
    game, lines = exported(journal)
    header = json.loads(lines[0])
    assert header["format"] == "ankh-companion-journal/1" and header["game"]["players"] == ["red", "blue"]
    assert json.loads(lines[7]) == {"n": 7, "at": journal.entries(game)[6].at, "version": 1,
                                    "kind": "correction", "barrier": False, "data": {"steps": 3}}
    record, entries, problem = parse_export(lines)
    assert problem is None and record.players == ("red", "blue")
    assert entries == journal.entries(game)


def test_an_exported_game_imports_as_a_new_game_with_the_same_entries(journal: Journal) -> None:
    game, lines = exported(journal)
    record, entries, _ = parse_export(lines)
    copy = journal.import_game(record, entries)
    assert copy != game and journal.entries(copy) == journal.entries(game)
    assert "imported (was game 1)" in (journal.game(copy).note or "")


def test_a_truncated_export_names_its_last_line_and_keeps_the_prefix(journal: Journal) -> None:
    _, lines = exported(journal)
    text = "\n".join(lines)
    cut = text[:len(text) - 20]  # the pull of the plug mid-line
    record, entries, problem = parse_export(cut.splitlines())
    assert problem is not None and problem.row == 9 and "line 9: the line is not JSON" in str(problem)
    assert "a truncated file?" in str(problem)
    assert [e.n for e in entries] == list(range(1, 8))


@pytest.mark.parametrize("index, replacement, message", [
    (3, '{"n": 3, "at": "t", "version": 1, "kind": "input", "data": {"type": "shout"}}',
     "line 4: game 1, row 3: not an input: unknown input type 'shout'"),
    (3, '{"n": 3, "at": "t", "version": 5, "kind": "input", "data": {}}', "line 4: game 1, row 3: unknown schema version 5"),
    (3, '"just a string"', "line 4: not a journal entry"),
    (3, '{"n": 4, "at": "t", "version": 1, "kind": "input", "data": {"type": "answer", "value": "a"}}',
     "line 4: game 1, row 3: missing: the next row is numbered 4"),
])
def test_a_garbage_line_in_an_export_is_named(journal: Journal, index: int, replacement: str, message: str) -> None:
    _, lines = exported(journal)
    lines[index] = replacement
    _, entries, problem = parse_export(lines)
    assert problem is not None and message in str(problem)
    assert len(entries) == 2


def test_a_file_without_the_header_is_refused() -> None:
    with pytest.raises(JournalError, match="line 1: expected a header with format 'ankh-companion-journal/1'"):
        parse_export(['{"format": "ankh-morpork-state/1"}'])
    with pytest.raises(JournalError, match="an empty file"):
        parse_export([])


def test_a_header_whose_edition_and_options_disagree_is_refused(journal: Journal) -> None:
    """The game's book is said twice in a header (its edition and its options' edition); an edited
    file where they differ cannot say which book the game follows, so it is refused, naming both."""
    _, lines = exported(journal)
    header = json.loads(lines[0])
    header["game"]["options"] = {**header["game"].get("options", {}), "edition": "xx"}
    with pytest.raises(JournalError, match="line 1: the header's edition '.*' disagrees with options.edition 'xx'"):
        parse_export([json.dumps(header), *lines[1:]])


def test_errors_are_value_errors_and_barrier_errors_input_errors() -> None:
    assert issubclass(JournalError, ValueError) and issubclass(DamagedFileError, JournalError)
    assert issubclass(BarrierError, ValueError)


def test_only_the_journal_module_imports_sqlite3() -> None:
    package = Path(journal_module.__file__).parent
    offenders = [str(p.relative_to(package)) for p in package.rglob("*.py")
                 if p.name != "journal.py" and "import sqlite3" in p.read_text(encoding="utf-8")]
    assert offenders == []
    assert os.path.basename(journal_module.__file__) == "journal.py"
