"""Journal faults (issue 15, item 2): damaged files are salvaged first and never written into, a
changed byte is caught by the hash chain and named by row, SQLite's errors become clear messages
(only "damaged" sends the user to ``recover``), backups hold what is still in the ``-wal``, and a
property test truncates at every page boundary and flips bytes at random.

Real parts: real SQLite files, damaged with ``truncate`` and byte flips; a real full disk and a real
read-only folder where the machine lets the test mount a small tmpfs (root in CI's container)."""
from __future__ import annotations

import gc
import importlib.util
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Iterator

import pytest

from companion.core.inputs import DieRoll
from companion.core.journal import (
    DamagedFileError,
    DiskFullError,
    Journal,
    JournalError,
    LockedJournalError,
    ReadOnlyJournalError,
    backup_file,
    chain_hash,
    sqlite_problem,
)
from companion.core.session import Session
from tests.companion.fixtures.cli_runner import run_cli

ROOT = Path(__file__).resolve().parents[2]
PAGE = 4096


from tests.companion.fixtures.loading import load as _load  # noqa: E402


player = _load("journal_player")


@dataclass(frozen=True)
class Row:
    n: int
    at: str
    data: str
    hash: str


def play_journal(path: Path, entries: int, seed: int = 15) -> list[Row]:
    """A real game of ``entries`` journal rows (inputs, undos, redos), closed cleanly."""
    rng = random.Random(seed)
    with Session.open(path, resume=False) as session:
        session.new_game(["red", "blue", "green"])
        while session.journal.last_n(session.game_id or 0) < entries:
            player.step(session, rng, undo_rate=0.05)
    return rows_of(path)


def rows_of(path: Path, game: int = 1) -> list[Row]:
    db = sqlite3.connect(path)
    try:
        return [Row(*r) for r in db.execute("SELECT n, at, data, hash FROM entries WHERE game = ? ORDER BY n",
                                            (game,))]
    finally:
        db.close()


def cli(*args: str) -> tuple[int, str, str]:
    """``game`` in this process (a traceback fails the test): status, stdout, stderr."""
    return run_cli("game", *args)


@pytest.fixture(scope="module")
def journal41(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Row]]:
    path = tmp_path_factory.mktemp("j41") / "games.sqlite"
    rows = play_journal(path, 41)
    assert len(rows) == 41 and not Path(f"{path}-wal").exists()
    return path, rows


# -- the reproductions of the issue -------------------------------------------------------------------

def test_truncated_at_22624_bytes_recover_salvages_instead_of_crashing(journal41: tuple[Path, list[Row]],
                                                                       tmp_path: Path) -> None:
    """Issue 15: ``truncate -s 22624`` of a 41-entry journal made ``game recover`` crash with
    "database disk image is malformed" (it forked inside the damaged file)."""
    original, rows = journal41
    path = tmp_path / "games.sqlite"
    shutil.copyfile(original, path)
    assert path.stat().st_size > 22624
    subprocess.run(["truncate", "-s", "22624", str(path)], check=True)
    damaged = path.read_bytes()
    status, out, err = cli("recover", "--db", str(path))
    assert status == 0, err
    assert err == ""
    [aside] = [p for p in tmp_path.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    assert aside.read_bytes() == damaged  # the damaged file was never written, only renamed aside
    survived = _surviving_prefix(path, rows)
    assert survived >= _rows_before(original, rows, 22624 // PAGE)


def test_one_changed_byte_is_named_by_row_not_played_as_another_game(journal41: tuple[Path, list[Row]],
                                                                      tmp_path: Path) -> None:
    """Issue 15: a roll's face 2 turned 4 gave ``game state`` exit 0 with a different game."""
    original, rows = journal41
    path = tmp_path / "games.sqlite"
    shutil.copyfile(original, path)
    target = next(r for r in rows if '"face":' in r.data and '"type":"roll"' in r.data)
    face = target.data.split('"face":')[1].split(",")[0]
    changed_face = "4" if face != "4" else "2"
    blob = path.read_bytes()
    old = target.data.encode()
    assert blob.count(old) == 1
    path.write_bytes(blob.replace(old, old.replace(f'"face":{face},'.encode(), f'"face":{changed_face},'.encode())))
    status, out, err = cli("state", "--db", str(path))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and f"game 1, row {target.n}: this row was changed" in err
    status, out, err = cli("recover", "--db", str(path))
    assert status == 0, err
    with Journal(path) as journal:
        current = journal.current_game()
        assert current is not None and current.forked_from == 1 and current.forked_at == target.n - 1


def test_every_sqlite_error_is_a_clear_message_by_its_code(tmp_path: Path) -> None:
    """Real SQLite errors, each from its real cause: a full file (``max_page_count``), a
    connection that may not write (``query_only``), a lock held by another connection, and a
    file that is not a database. Only the last is "damaged"."""
    path = tmp_path / "g.sqlite"
    with Journal(path) as journal:
        game = journal.create_game(["red", "blue"])
        journal._db.execute("PRAGMA max_page_count=1")  # the file may not grow: SQLITE_FULL
        with pytest.raises(DiskFullError, match="is full .* the journal is sound"):
            for face in range(1, 2000):
                journal.append(game, "input", {"type": "roll", "face": 1 + face % 12, "source": "manual"}, True)
        journal._db.execute("PRAGMA max_page_count=1000000")
        journal._db.execute("PRAGMA query_only=ON")  # SQLITE_READONLY
        with pytest.raises(ReadOnlyJournalError, match="read-only"):
            journal.append(game, "input", {"type": "roll", "face": 3}, True)
        journal._db.execute("PRAGMA query_only=OFF")
        other = sqlite3.connect(path, isolation_level=None, timeout=0)
        other.execute("BEGIN EXCLUSIVE")
        journal._db.execute("PRAGMA busy_timeout=0")
        with pytest.raises(LockedJournalError, match="locked by another program"):
            journal.append(game, "input", {"type": "roll", "face": 3}, True)
        other.execute("ROLLBACK")
        other.close()
    not_a_db = tmp_path / "text.sqlite"
    not_a_db.write_bytes(b"this is a shopping list, not a journal\n" * 200)
    with pytest.raises(DamagedFileError, match="'game recover'"):
        Journal(not_a_db)
    for problem in (DiskFullError, ReadOnlyJournalError, LockedJournalError):
        assert issubclass(problem, JournalError) and not issubclass(problem, DamagedFileError)


def test_only_damage_names_recover() -> None:
    cases = {
        sqlite3.DatabaseError("database disk image is malformed"): "recover",
        sqlite3.OperationalError("database or disk is full"): "free some space",
        sqlite3.OperationalError("attempt to write a readonly database"): "writable",
        sqlite3.OperationalError("database is locked"): "close the other",
        sqlite3.OperationalError("unable to open database file"): "writable",
    }
    for exc, wanted in cases.items():
        message = str(sqlite_problem("g.sqlite", exc, "writing an entry"))
        assert wanted in message
        assert ("recover" in message) == (wanted == "recover"), message


def _mount_tmpfs(where: Path, size: str) -> None:
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({done.stderr.strip()})")


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    where = tmp_path / "disk"
    _mount_tmpfs(where, "160k")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def test_a_healthy_file_on_a_full_disk_is_never_called_damaged_or_moved(small_disk: Path) -> None:
    """Issue 15: on a full disk ``recover`` called a healthy file damaged and moved it aside."""
    path = small_disk / "games.sqlite"
    assert cli("new", "--db", str(path), "--players", "red,blue")[0] == 0
    filler = small_disk / "filler"
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:  # fill the disk to its last byte
        while os.write(descriptor, b"\0" * 512):
            pass
    except OSError:
        pass
    finally:
        os.close(descriptor)
    messages = []
    for face in range(1, 400):
        status, _, err = cli("do", "--db", str(path), f'{{"type": "roll", "face": {1 + face % 12}}}')
        if status != 0:
            messages.append(err)
            break
    assert messages, "the disk never filled"
    assert messages[0].count("\n") == 1 and "is full" in messages[0] and "recover" not in messages[0]
    before = sorted(p.name for p in small_disk.iterdir())
    status, _, err = cli("recover", "--db", str(path))
    assert status == 2 and "damaged" not in err and err.count("\n") == 1
    assert sorted(p.name for p in small_disk.iterdir()) == before  # nothing moved aside
    filler.unlink()
    assert cli("state", "--db", str(path))[0] == 0


def test_a_read_only_folder_is_said_as_such(tmp_path: Path) -> None:
    where = tmp_path / "ro"
    _mount_tmpfs(where, "1m")
    try:
        path = where / "games.sqlite"
        assert cli("new", "--db", str(path), "--players", "red,blue")[0] == 0
        subprocess.run(["mount", "-o", "remount,ro", str(where)], check=True)
        for command in (["do", "--db", str(path), '{"type": "roll", "face": 3}'], ["recover", "--db", str(path)],
                        ["new", "--db", str(where / "new.sqlite"), "--players", "red,blue"]):
            status, out, err = cli(*command)
            assert status == 2 and out == "" and err.count("\n") == 1, (command, err)
            assert "read-only" in err or "writable" in err, (command, err)
            assert "damaged" not in err and "recover" not in err, (command, err)
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def test_a_backup_taken_while_the_app_runs_holds_what_is_still_in_the_wal(tmp_path: Path) -> None:
    """Issue 15: a copy of games.sqlite taken while the app runs lacks every input in the -wal."""
    path = tmp_path / "games.sqlite"
    with Session.open(path, resume=False) as session:  # the app: its connection stays open
        session.journal._db.execute("PRAGMA wal_autocheckpoint=0")  # as between two of SQLite's checkpoints
        session.new_game(["red", "blue"])
        session.submit(DieRoll(2, "serial"))
        rng = random.Random(3)
        for _ in range(6):
            player.step(session, rng)
        acknowledged = session.journal.last_n(1)
        assert Path(f"{path}-wal").stat().st_size > 0
        plain = tmp_path / "plain-copy.sqlite"
        shutil.copyfile(path, plain)  # what a file manager does
        status, out, err = cli("backup", "--db", str(path), "--to", str(tmp_path / "backup.sqlite"))
        assert status == 0, err
        assert backup_file(path, tmp_path / "backup2.sqlite") == acknowledged
    with Journal(plain) as copy:
        assert copy.last_n(1) < acknowledged  # the plain copy lost the inputs still in the -wal
    with Journal(tmp_path / "backup.sqlite") as backup:
        assert backup.last_n(1) == acknowledged and len(backup.entries(1)) == acknowledged
    status, _, err = cli("backup", "--db", str(path), "--to", str(tmp_path / "backup.sqlite"))
    assert status == 2 and "already exists" in err


def test_the_chain_is_computed_for_rows_of_older_files(tmp_path: Path) -> None:
    """A version 2 file (the fixture) gets its hashes when opened; each row's hash follows the
    documented formula."""
    path = tmp_path / "v2.sqlite"
    shutil.copyfile(Path(__file__).parent / "fixtures" / "journal-v2.sqlite", path)
    with Journal(path) as journal:
        assert journal.settings()["user_version"] == 3
        assert journal.entries(1)
    db = sqlite3.connect(path)
    previous = ""
    for n, at, version, kind, barrier, data, link in db.execute(
            "SELECT n, at, version, kind, barrier, data, hash FROM entries WHERE game = 1 ORDER BY n"):
        previous = chain_hash(previous, n, at, version, kind, barrier, data)
        assert link == previous
    db.close()


# -- the property test: truncations at every page boundary and random byte flips ----------------------

def _structure(path: Path) -> tuple[set[int], dict[int, int]]:
    """The pages every read needs (the file header, the schema, the games table, the entries
    table's root and interior pages) and each row's leaf page (found by its hash, which only the
    row's own cell holds)."""
    blob = path.read_bytes()
    db = sqlite3.connect(path)
    try:
        roots = {int(r[0]) - 1 for r in db.execute("SELECT rootpage FROM sqlite_master WHERE rootpage > 0")}
        hashes = {int(n): str(h) for n, h in db.execute("SELECT n, hash FROM entries WHERE game = 1")}
    finally:
        db.close()
    leaf = {n: blob.index(h.encode()) // PAGE for n, h in hashes.items()}
    leaves = set(leaf.values())
    pages = len(blob) // PAGE
    # interior pages of the entries tree: any page that holds no row, is not a root and is in use
    structural = {0} | roots | {p for p in range(pages) if p not in leaves and blob[p * PAGE:(p + 1) * PAGE].strip(b"\0")}
    return structural, leaf


def _rows_before(path: Path, rows: list[Row], kept_pages: int) -> int:
    """How many leading rows lie wholly in the first ``kept_pages`` pages: these must survive."""
    structural, leaf = _structure(path)
    if any(p >= kept_pages for p in structural):
        return 0
    count = 0
    for row in rows:
        if leaf[row.n] >= kept_pages:
            break
        count += 1
    return count


def _rows_before_flip(path: Path, rows: list[Row], page: int) -> int:
    structural, leaf = _structure(path)
    if page in structural:
        return 0
    count = 0
    for row in rows:
        if leaf[row.n] == page:
            break
        count += 1
    return count


def _surviving_prefix(path: Path, rows: list[Row]) -> int:
    """The rows of the game to resume after recovery, checked to be a prefix of the original ones
    (never another game): their number."""
    if not path.exists():
        return 0
    try:
        with Journal(path) as journal:
            current = journal.current_game()
            if current is None:
                return 0
            entries, _ = journal.read_prefix(current.id)
    except JournalError:
        return 0
    for entry, row in zip(entries, rows):
        assert (entry.n, entry.at) == (row.n, row.at), "recovery made up a row"
        assert entry.data == json.loads(row.data), "recovery changed a row"
    assert len(entries) <= len(rows)
    return len(entries)


@dataclass
class Tally:
    tried: int = 0
    refused: int = 0  # recover exited 2 (nothing to recover, or nothing readable)
    lost: int = 0     # acknowledged rows before the damage that did not survive


def _recover_and_count(path: Path, rows: list[Row], must_survive: int, tally: Tally) -> None:
    status, out, err = cli("recover", "--db", str(path))
    assert status in (0, 2), (status, err)
    assert err.count("\n") == (1 if status == 2 else 0) and "Traceback" not in err, err
    tally.tried += 1
    tally.refused += status == 2
    survived = _surviving_prefix(path, rows)
    tally.lost += max(0, must_survive - survived)


def test_truncation_at_every_page_boundary_keeps_every_row_before_it(journal41: tuple[Path, list[Row]],
                                                                     tmp_path: Path) -> None:
    original, rows = journal41
    size = original.stat().st_size
    tally = Tally()
    for boundary in range(0, size, PAGE):
        case = tmp_path / f"t{boundary}"
        case.mkdir()
        path = case / "games.sqlite"
        shutil.copyfile(original, path)
        os.truncate(path, boundary)
        damaged = path.read_bytes()
        _recover_and_count(path, rows, _rows_before(original, rows, boundary // PAGE), tally)
        for aside in case.glob("*.damaged-*"):
            if not aside.name.endswith(("-wal", "-shm")):
                assert aside.read_bytes() == damaged
    print(f"truncations: tried {tally.tried}, refused {tally.refused}, lost {tally.lost}")
    assert tally.tried == size // PAGE and tally.lost == 0


def test_truncation_inside_a_page_keeps_every_row_before_it_and_is_never_a_salvage_failure(
        journal41: tuple[Path, list[Row]], tmp_path: Path) -> None:
    """A cut through the middle of a page (a write torn by a pulled plug) leaves half a games or
    entries page: NULLs where SQLite expects NOT NULL columns made the whole salvage fail with a
    constraint error, and the user, sent to ``recover`` by every other command, was stuck."""
    original, rows = journal41
    size = original.stat().st_size
    tally = Tally()
    for boundary in range(0, size, PAGE):
        for offset in (100, PAGE // 2 - 120, PAGE - 700):
            cut = boundary + offset
            case = tmp_path / f"t{cut}"
            case.mkdir()
            path = case / "games.sqlite"
            shutil.copyfile(original, path)
            os.truncate(path, cut)
            status, _, err = cli("recover", "--db", str(path))
            assert status in (0, 2) and err.count("\n") == (status == 2) and "Traceback" not in err, err
            assert "salvaged copy" not in err and "constraint" not in err, err
            tally.tried += 1
            tally.refused += status == 2
            tally.lost += max(0, _rows_before(original, rows, cut // PAGE) - _surviving_prefix(path, rows))
    print(f"mid-page truncations: tried {tally.tried}, refused {tally.refused}, lost {tally.lost}")
    assert tally.lost == 0


FLIPS = int(os.environ.get("JOURNAL_FLIPS", "150"))


def test_random_byte_flips_never_lose_a_row_before_the_damage_nor_end_in_a_traceback(
        journal41: tuple[Path, list[Row]], tmp_path: Path) -> None:
    original, rows = journal41
    blob = original.read_bytes()
    rng = random.Random(1515)
    tally = Tally()
    for i in range(FLIPS):
        offset = rng.randrange(len(blob))
        damaged = bytearray(blob)
        damaged[offset] ^= rng.randrange(1, 256)
        case = tmp_path / f"f{i}"
        case.mkdir()
        path = case / "games.sqlite"
        path.write_bytes(bytes(damaged))
        _recover_and_count(path, rows, _rows_before_flip(original, rows, offset // PAGE), tally)
        for aside in case.glob("*.damaged-*"):
            if not aside.name.endswith(("-wal", "-shm")):
                assert aside.read_bytes() == bytes(damaged)
        shutil.rmtree(case)
    print(f"byte flips: tried {tally.tried}, refused {tally.refused}, lost {tally.lost}")
    assert tally.tried == FLIPS and tally.lost == 0


@pytest.mark.parametrize("damage", [
    "UPDATE games SET players = '[\"red\", ' WHERE id = 1",
    "UPDATE games SET players = '\"red,blue\"' WHERE id = 1",
    "UPDATE games SET result = '{\"winners\": 5}', status = 'finished' WHERE id = 1",
    "UPDATE games SET options = '[' || X'ff' || ']' WHERE id = 1",
])
def test_damaged_text_in_the_games_table_is_one_line_not_a_traceback(damage: str, tmp_path: Path) -> None:
    """Issue 15: damaged text in the games table or the schema ended in tracebacks."""
    path = tmp_path / "games.sqlite"
    assert cli("new", "--db", str(path), "--players", "red,blue")[0] == 0
    db = sqlite3.connect(path)
    db.execute(damage)
    db.commit()
    db.close()
    for command in (["state"], ["history"], ["export"], ["do", '{"type": "roll", "face": 3}'], ["recover"]):
        status, out, err = cli(command[0], "--db", str(path), *command[1:])
        assert status in (0, 2) and err.count("\n") == (1 if status == 2 else 0), (command, err)
        if status == 2:
            assert "damaged" in err or "no game" in err, (command, err)  # the row, or its non-UTF-8 text


def test_a_schema_that_is_not_utf8_is_damaged_not_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    assert cli("new", "--db", str(path), "--players", "red,blue")[0] == 0
    blob = bytearray(path.read_bytes())
    where = blob.index(b"CREATE TABLE entries")
    blob[where + 7] = 0xFF  # a byte of the schema's text that is not UTF-8
    path.write_bytes(bytes(blob))
    status, out, err = cli("state", "--db", str(path))
    assert status == 2 and err.count("\n") == 1 and "damaged" in err and "recover" in err


@pytest.mark.parametrize("column", ["at", "kind", "data", "hash"])
def test_an_entry_text_that_is_not_utf8_is_refused_naming_its_row(journal41: tuple[Path, list[Row]], column: str,
                                                                  tmp_path: Path) -> None:
    """A row whose text is not UTF-8 (in any of its four texts) is damage named by its row, in the
    words SQLite uses for it, and the rows before it are kept for a recovery: the rows are decoded
    by the ``sqlite3`` module itself, whose own refusal is another class and other words."""
    source, rows = journal41
    path = tmp_path / "games.sqlite"
    shutil.copy(source, path)
    texts = {"at": "'2026-01-01T00:00:00.000Z'", "kind": "'input'", "data": "'{\"type\":\"answer\",\"value\":\"x\"}'",
             "hash": "'0'"}
    texts[column] = "CAST(X'7bff7d' AS TEXT)"
    db = sqlite3.connect(path)
    db.execute(f"INSERT INTO entries (game, n, at, version, kind, barrier, data, hash) "
               f"VALUES (1, {len(rows) + 1}, {texts['at']}, 1, {texts['kind']}, 0, {texts['data']}, {texts['hash']})")
    db.commit()
    db.close()
    with pytest.raises(JournalError) as refused:
        Session.open(path)
    assert refused.value.row == len(rows) + 1
    assert str(refused.value).splitlines() == [
        f"game 1, row {len(rows) + 1}: the rows after entry {len(rows)} cannot be read "
        "(database disk image is malformed (a text is not UTF-8))"]
    with Journal(path) as journal:
        kept, problem = journal.read_prefix(1)
        assert [e.n for e in kept] == [r.n for r in rows] and problem is not None
        assert journal.games()[0].players == ("red", "blue", "green")  # the connection decodes as before


def test_a_schema_missing_a_column_is_damaged_and_game_new_writes_nothing(tmp_path: Path) -> None:
    """One byte of the games table's schema changed (``status`` → ``stat\\ts``): SQLite's checks
    pass and an ``INSERT`` that leaves the column out still works, so ``game new`` wrote a game and
    only then failed reading it back ("SQLite refused reading a game … no such column: status",
    exit 2 and a row written); found by a byte-flip fuzz of every game command comparing bytes. The
    missing column is now damage, said when the file is opened, before anything is written."""
    path = tmp_path / "games.sqlite"
    assert cli("new", "--db", str(path), "--players", "red,blue")[0] == 0
    blob = bytearray(path.read_bytes())
    where = blob.index(b"status      TEXT")
    blob[where + 4] = ord("\t")
    path.write_bytes(bytes(blob))
    before = path.read_bytes()
    for command in (["new", "--players", "red,blue"], ["state"], ["do", '{"type": "roll", "face": 3}'], ["recover"]):
        status, out, err = cli(command[0], "--db", str(path), *command[1:])
        assert status == 2 and out == "" and err.count("\n") == 1, (command, err)
        assert "damaged" in err or "not one game can be read" in err, (command, err)
        assert path.read_bytes() == before, command


def tracked_connections(monkeypatch: pytest.MonkeyPatch) -> list[sqlite3.Connection]:
    """Every connection the journal module opens from now on, to ask afterwards which are open."""
    from companion.core import journal as journal_module
    opened: list[sqlite3.Connection] = []
    real = journal_module._connect

    def connect(path: str, timeout: float = 10.0) -> sqlite3.Connection:
        opened.append(real(path, timeout))
        return opened[-1]
    monkeypatch.setattr(journal_module, "_connect", connect)
    return opened


def is_open(db: sqlite3.Connection) -> bool:
    try:
        db.total_changes  # noqa: B018 (asking is the test: a closed connection refuses)
    except sqlite3.ProgrammingError:
        return False
    return True


def test_a_journal_whose_opening_fails_in_any_way_closes_its_file(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening closed its connection only for SQLite's errors and the journal's own refusals: a
    Ctrl-C (or any other error) while an older file was migrated or checked left the file open.
    Every way out of opening closes it now."""
    path = tmp_path / "games.sqlite"
    Journal(path).close()
    opened = tracked_connections(monkeypatch)
    from companion.core import journal as journal_module

    def interrupted(db: sqlite3.Connection) -> None:
        raise KeyboardInterrupt
    monkeypatch.setattr(journal_module, "_check_columns", interrupted)
    with pytest.raises(KeyboardInterrupt):
        Journal(path)
    assert len(opened) == 1 and not is_open(opened[0])


def test_a_backup_interrupted_half_way_closes_the_copy_and_removes_it(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A backup stopped by anything but an SQLite error (Ctrl-C) left the new copy open and half
    written; it is closed and removed as after an SQLite error."""
    path = tmp_path / "games.sqlite"
    with Journal(path) as journal:
        journal.create_game(["red", "blue"])

    class Interrupting(sqlite3.Connection):
        def execute(self, *args: object) -> sqlite3.Cursor:
            raise KeyboardInterrupt
    copies: list[sqlite3.Connection] = []
    real = sqlite3.connect

    def connect(target: str, **kwargs: object) -> sqlite3.Connection:
        copies.append(real(target, factory=Interrupting, isolation_level=None))
        return copies[-1]
    monkeypatch.setattr(sqlite3, "connect", connect)
    with pytest.raises(KeyboardInterrupt):
        backup_file(path, tmp_path / "copy.sqlite")
    monkeypatch.undo()
    assert len(copies) == 1 and not is_open(copies[0])
    assert not (tmp_path / "copy.sqlite").exists()


def damage_rows(path: Path, sql: str) -> None:
    """Change rows of a closed journal behind its back (the append-only trigger lifted for it)."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("DROP TRIGGER IF EXISTS entries_append_only_update")
    db.execute(sql)
    db.close()


@pytest.mark.parametrize("damage, read, command", [
    ("UPDATE entries SET kind = 'garbage' WHERE n = 1", lambda j: j.read_prefix(1)[1], ["state", "--game", "1"]),
    ("UPDATE games SET status = 'bogus' WHERE id = 1", lambda j: pytest.raises(JournalError, j.games).value,
     ["state", "--game", "1"]),
    ("UPDATE games SET status = 'finished', result = CASE id WHEN 2 THEN '[]' END",
     lambda j: pytest.raises(JournalError, j.history).value, ["history"]),
])
def test_a_row_refused_half_way_through_a_read_leaves_the_file_closed(
        tmp_path: Path, damage: str, read: object, command: list[str]) -> None:
    """A damaged row met while rows were still being read (the first of three entries, the first
    of two games listed) left SQLite's statement running; the refusal's traceback held its cursor, so
    closing the journal could not close the file: it stayed open (and its '-wal' beside it) until
    Python's garbage collector happened to run. Found by 'game state' on damaged files in one
    process, which left 'games.sqlite-wal' behind. Every read now ends its statement first."""
    path = tmp_path / "games.sqlite"
    with Journal(path) as journal:
        game = journal.create_game(["red", "blue"])
        journal.create_game(["red", "blue"])
        for face in (3, 5, 7):
            journal.append(game, "input", {"type": "roll", "face": face, "source": "manual"}, True)
    damage_rows(path, damage)
    collecting = gc.isenabled()
    gc.disable()  # as between two of the collector's runs
    try:
        with Journal(path) as journal:
            problem = read(journal)  # type: ignore[operator]
        assert isinstance(problem, JournalError)
        assert not Path(f"{path}-wal").exists(), "the file is still open"
        status, _, err = cli(command[0], "--db", str(path), *command[1:])
        assert status == 2 and err.count("\n") == 1 and not Path(f"{path}-wal").exists()
    finally:
        if collecting:
            gc.enable()
