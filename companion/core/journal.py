"""The game journal: every input the table gave the companion, appended to SQLite and never changed.

Why a journal and not a saved position: a Raspberry Pi beside the board is unplugged, knocked or runs
flat three hours into a game. If the truth is the list of facts ("the die said 7", "red chose
the-shades"), a crash loses at most the tap that was being made, undo is "replay one fact fewer",
and any game can be replayed, exported and debugged. So:

* **Append-only.** An entry is written once, in its own transaction, in WAL mode with
  ``synchronous=FULL``; :meth:`Journal.append` returns only after the row is durable, and only
  then is the input acknowledged. Triggers refuse ``UPDATE`` and ``DELETE`` on entries.
* **Undo and redo append too**: an ``undo``/``redo`` entry says how many steps; a ``correction`` is an
  undo that was allowed to cross a *barrier* (a die roll or a revealed secret), which needs explicit
  confirmation. :func:`fold_entries` turns the entries into the inputs in effect (no engine needed).
* **The state is the replay** (``companion.core.session``); this module knows nothing of the rules, only of
  the JSON forms of :mod:`companion.core.inputs`, so it can be tested and trusted on its own.
* **Bad journals are reported, never silently repaired**: a garbage row, an unknown version, a gap in
  the numbering or an unreadable page raises :class:`JournalError` naming the game and the row.
  :meth:`Journal.read_prefix` gives the longest valid prefix, :meth:`Journal.fork` continues a game
  from it (the damaged game keeps every row and is marked ``broken``), and :func:`salvage_file` copies
  what SQLite can still read out of a damaged file into a fresh one, keeping the damaged file aside.
* **Versioned**: every entry carries the version of its input's JSON shape; older shapes are upcast on
  read by :data:`UPCASTERS`, never rewritten. The file itself carries ``PRAGMA user_version``; an
  older file is migrated when opened (:data:`MIGRATIONS`).
* **Which game**: each game row names its mode (``companion.core.mode``), its resolved rule options
  and the rules revision it was started with, so replay plays it by the rules it was played by.

This is the only module in ``companion`` that imports ``sqlite3`` (see ``docs/journal-format.md``).
"""
from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Final

from companion.core.errors import CompanionError, InputError
from companion.core.inputs import input_from_json
from companion.core.mode import DEFAULT_MODE

SCHEMA_VERSION: Final = 2
"""Version of the tables (``PRAGMA user_version``)."""
INPUT_VERSION: Final = 1
"""Version of the input JSON shapes written now; older ones are upcast on read."""
APPLICATION_ID: Final = 0x414D4B31  # "AMK1": marks the file as a companion journal
EXPORT_FORMAT: Final = "ankh-companion-journal/1"

ENTRY_KINDS: Final = ("input", "undo", "redo", "correction")
STATUSES: Final = ("playing", "finished", "broken")

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
UPCASTERS: dict[int, Upcaster] = {}
"""``UPCASTERS[v]`` turns an input document of version ``v`` into version ``v + 1``. Empty while
version 1 is the only one; the policy is in ``docs/journal-format.md``."""

Clock = Callable[[], datetime]

_SCHEMA = """
CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    created     TEXT NOT NULL,
    players     TEXT NOT NULL,
    edition     TEXT NOT NULL,
    names       TEXT,
    status      TEXT NOT NULL DEFAULT 'playing',
    note        TEXT,
    forked_from INTEGER REFERENCES games(id),
    forked_at   INTEGER,
    finished    TEXT,
    result      TEXT,
    mode        TEXT NOT NULL DEFAULT 'ankh-morpork',
    options     TEXT NOT NULL DEFAULT '{}',
    revision    INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE entries (
    game    INTEGER NOT NULL REFERENCES games(id),
    n       INTEGER NOT NULL CHECK (n >= 1),
    at      TEXT NOT NULL,
    version INTEGER NOT NULL,
    kind    TEXT NOT NULL,
    barrier INTEGER NOT NULL DEFAULT 0,
    data    TEXT NOT NULL,
    PRIMARY KEY (game, n)
) WITHOUT ROWID;
CREATE TRIGGER entries_append_only_update BEFORE UPDATE ON entries
BEGIN SELECT RAISE(ABORT, 'the journal is append-only: an entry is never changed'); END;
CREATE TRIGGER entries_append_only_delete BEFORE DELETE ON entries
BEGIN SELECT RAISE(ABORT, 'the journal is append-only: an entry is never deleted'); END;
"""


def _migrate_1_to_2(db: sqlite3.Connection) -> None:
    """Version 2 names each game's mode, options and rules revision. Every game of a version 1 file
    is Ankh-Morpork, played by its edition's rulings, at revision 1."""
    db.execute("ALTER TABLE games ADD COLUMN mode TEXT NOT NULL DEFAULT 'ankh-morpork'")
    db.execute("ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}'")
    db.execute("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 1")
    for gid, edition in list(db.execute("SELECT id, edition FROM games")):
        db.execute("UPDATE games SET options = ? WHERE id = ?", (_options_text({"edition": str(edition)}), gid))


MIGRATIONS: Final[dict[int, Callable[[sqlite3.Connection], None]]] = {1: _migrate_1_to_2}
"""``MIGRATIONS[v]`` turns the tables of version ``v`` into version ``v + 1``, inside one transaction
with the new ``user_version``; only the games table changes, entries are never rewritten."""


def _options_text(options: dict[str, str]) -> str:
    return json.dumps(options, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


class JournalError(CompanionError):
    """A journal that cannot be read or written as asked. ``game`` and ``row`` (the entry number, or
    the line of an export file) say where, when known, so the screen can name the damaged row."""

    def __init__(self, message: str, game: int | None = None, row: int | None = None) -> None:
        where = []
        if game is not None:
            where.append(f"game {game}")
        if row is not None:
            where.append(f"row {row}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
        self.game = game
        self.row = row


class DamagedFileError(JournalError):
    """SQLite itself cannot read the file (a truncated or overwritten file): :func:`salvage_file`."""


class BarrierError(InputError):
    """An undo that would cross a die roll or a revealed secret without confirmation: the physical
    die is the truth, so a misread roll may be corrected but a re-roll must not be free."""

    def __init__(self, message: str, entry: Entry) -> None:
        super().__init__(message)
        self.entry = entry


@dataclass(frozen=True)
class GameResult:
    """How a finished game ended, kept for the history of past games."""

    winners: tuple[str, ...]
    reason: str
    personalities: dict[str, str | None] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    turns: int = 0
    inputs: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason, "personalities": dict(self.personalities),
                "scores": dict(self.scores), "turns": self.turns, "inputs": self.inputs}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> GameResult:
        return cls(tuple(doc.get("winners", ())), str(doc.get("reason", "")), dict(doc.get("personalities", {})),
                   dict(doc.get("scores", {})), int(doc.get("turns", 0)), int(doc.get("inputs", 0)))


@dataclass(frozen=True)
class GameRecord:
    """One row of the games table: which game (``mode``, its resolved rule ``options`` and the rules
    ``revision`` it was started with), who plays, and (when over) the result. The entries are the
    truth; ``status`` and ``result`` are kept here only so that listing past games needs no replay.
    ``edition`` repeats ``options["edition"]`` for readers of the first format."""

    id: int
    created: str
    players: tuple[str, ...]
    edition: str = "en"
    names: tuple[str, ...] | None = None
    status: str = "playing"
    note: str | None = None
    forked_from: int | None = None
    forked_at: int | None = None
    finished: str | None = None
    result: GameResult | None = None
    mode: str = DEFAULT_MODE
    options: dict[str, str] = field(default_factory=dict)
    revision: int = 1

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "created": self.created, "players": list(self.players), "edition": self.edition,
                "names": list(self.names) if self.names is not None else None, "status": self.status,
                "note": self.note, "forked_from": self.forked_from, "forked_at": self.forked_at,
                "finished": self.finished, "result": self.result.to_json() if self.result else None,
                "mode": self.mode, "options": dict(self.options), "revision": self.revision}


@dataclass(frozen=True)
class Entry:
    """One journal row. ``data`` is the input's JSON (kind ``input``) or ``{"steps": N}`` (undo, redo,
    correction), already upcast to :data:`INPUT_VERSION`. ``barrier`` marks a die roll or a revealed
    secret, decided by the session when the input was accepted."""

    n: int
    at: str
    version: int
    kind: str
    data: dict[str, Any]
    barrier: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "at": self.at, "version": self.version, "kind": self.kind,
                "barrier": self.barrier, "data": self.data}


@dataclass(frozen=True)
class Timeline:
    """The fold of a game's entries: the input entries in effect, in order, and the redo stack (the
    entry an undo took back most recently is last)."""

    applied: tuple[Entry, ...] = ()
    undone: tuple[Entry, ...] = ()

    def barriers_in_last(self, steps: int) -> list[Entry]:
        """The barriers that undoing ``steps`` steps would cross, most recent first."""
        return [e for e in reversed(self.applied[len(self.applied) - steps:]) if e.barrier]


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _stamp(clock: Clock) -> str:
    return clock().astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


# -- reading rows ------------------------------------------------------------------------------

def parse_entry(game: int | None, n: Any, at: Any, version: Any, kind: Any, barrier: Any, data: Any) -> Entry:
    """Check one raw row (from the table or an export line) and upcast it; a garbage row raises
    :class:`JournalError` naming it. The input itself is checked against :mod:`companion.core.inputs`."""
    row = n if isinstance(n, int) and not isinstance(n, bool) else None
    if row is None or row < 1:
        raise JournalError(f"entry number {n!r} is not a positive whole number", game)
    if not isinstance(at, str) or not at:
        raise JournalError(f"timestamp {at!r} is not a text", game, row)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise JournalError(f"version {version!r} is not a positive whole number", game, row)
    if version > INPUT_VERSION:
        raise JournalError(f"unknown schema version {version!r}: this companion reads versions up to "
                           f"{INPUT_VERSION}; the journal was written by a newer one", game, row)
    if kind not in ENTRY_KINDS:
        raise JournalError(f"unknown entry kind {kind!r}; expected one of {', '.join(ENTRY_KINDS)}", game, row)
    if barrier not in (0, 1, True, False):
        raise JournalError(f"barrier flag {barrier!r} is not 0 or 1", game, row)
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise JournalError(f"data is not JSON ({exc}): {data!r:.80}", game, row) from None
    if not isinstance(data, dict):
        raise JournalError(f"data {data!r:.80} is not a JSON object", game, row)
    for v in range(version, INPUT_VERSION):
        if v not in UPCASTERS:
            raise JournalError(f"no upcaster from schema version {v!r}", game, row)
        data = UPCASTERS[v](data)
    if kind == "input":
        try:
            input_from_json(data)
        except InputError as exc:
            raise JournalError(f"not an input: {exc}", game, row) from None
    else:
        steps = data.get("steps")
        if set(data) != {"steps"} or isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
            raise JournalError(f"a {kind!r} entry is {{\"steps\": N}} with N >= 1, not {data!r}", game, row)
    return Entry(row, at, version, kind, data, bool(barrier))


def fold_entries(entries: Iterable[Entry], game: int | None = None) -> Timeline:
    """Which inputs are in effect after these entries. An input clears the redo stack; ``undo`` and
    ``correction`` move steps to it, ``redo`` moves them back. An undo of more steps than there are,
    or an ``undo`` (not a ``correction``) that crosses a barrier, is a damaged journal: the session
    never writes one."""
    applied: list[Entry] = []
    undone: list[Entry] = []
    expected = 1
    for entry in entries:
        if entry.n != expected:
            raise JournalError(f"missing: the next row is numbered {entry.n}", game, expected)
        expected += 1
        if entry.kind == "input":
            applied.append(entry)
            undone.clear()
            continue
        steps = int(entry.data["steps"])
        source, target = (undone, applied) if entry.kind == "redo" else (applied, undone)
        if steps > len(source):
            raise JournalError(f"{entry.kind} of {steps} steps, but only {len(source)} can be", game, entry.n)
        if entry.kind == "undo" and any(e.barrier for e in applied[len(applied) - steps:]):
            raise JournalError("an undo crosses a barrier without being a correction", game, entry.n)
        for _ in range(steps):
            target.append(source.pop())
    return Timeline(tuple(applied), tuple(undone))


# -- the database --------------------------------------------------------------------------------

class Journal:
    """An open journal file. One connection, used from one thread (the app's main thread).

    Several games live in one file; :meth:`current_game` is the one to resume (the newest unfinished
    game), :meth:`history` the finished ones. The clock is injectable so tests need no sleeping.
    """

    def __init__(self, path: str | os.PathLike[str], clock: Clock = _now) -> None:
        self.path = os.fspath(path)
        self._clock = clock
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, timeout=10.0)
        except sqlite3.Error as exc:
            raise JournalError(f"cannot open journal {self.path!r}: {exc}") from None
        try:
            self._prepare()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise DamagedFileError(f"{self.path!r} is damaged ({exc}): {describe_damage(self.path)}; "
                               "salvage_file() ('game recover') copies what can still be read") from None
        except JournalError:
            self._db.close()
            raise

    def _prepare(self) -> None:
        db = self._db
        mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise JournalError(f"{self.path!r}: cannot switch to WAL mode (got {mode!r})")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app_id == 0 and version == 0 and tables == 0:
            db.execute("BEGIN IMMEDIATE")
            try:
                # one statement at a time: executescript() would COMMIT half-way through
                for statement in _split_sql(_SCHEMA):
                    db.execute(statement)
                db.execute(f"PRAGMA application_id={APPLICATION_ID}")
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            return
        if app_id != APPLICATION_ID:
            raise JournalError(f"{self.path!r} is an SQLite file but not a companion journal "
                               f"(application id {app_id!r})")
        if version > SCHEMA_VERSION:
            raise JournalError(f"{self.path!r} has table version {version!r}; this companion knows up to "
                               f"{SCHEMA_VERSION}: it was written by a newer companion")
        if version < SCHEMA_VERSION:
            self._migrate()

    def _migrate(self) -> None:
        """Bring an older file's tables to :data:`SCHEMA_VERSION`, in one transaction (another
        process may have done it while this one waited for the lock: the version is read again)."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            while version < SCHEMA_VERSION:
                if version not in MIGRATIONS:
                    raise JournalError(f"{self.path!r} has table version {version!r}, which no migration reads")
                MIGRATIONS[version](db)
                version += 1
                db.execute(f"PRAGMA user_version={version}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Journal({self.path!r})"

    # -- games ---------------------------------------------------------------------------------
    def create_game(self, players: Iterable[str], edition: str = "en", names: Iterable[str] | None = None,
                    note: str | None = None, forked_from: int | None = None, forked_at: int | None = None, *,
                    mode: str = DEFAULT_MODE, options: dict[str, str] | None = None, revision: int = 1) -> int:
        """A new game row (durable on return); the new game becomes the current one. ``options`` are
        the mode's resolved rule options (default: just the ``edition``); their ``edition``, when
        they have one, is the edition column."""
        options = dict(options) if options is not None else {"edition": edition}
        cur = self._db.execute(
            "INSERT INTO games (created, players, edition, names, note, forked_from, forked_at, mode, options, "
            "revision) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (_stamp(self._clock), json.dumps(list(players)), options.get("edition", edition),
             json.dumps(list(names)) if names is not None else None, note, forked_from, forked_at,
             mode, _options_text(options), revision))
        assert cur.lastrowid is not None
        return int(cur.lastrowid)

    def game(self, game_id: int) -> GameRecord:
        row = self._db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise JournalError(f"no game {game_id!r} in {self.path!r}")
        return _game_from_row(row)

    def games(self) -> list[GameRecord]:
        """Every game, oldest first."""
        return [_game_from_row(r) for r in self._db.execute(f"SELECT {_GAME_COLUMNS} FROM games ORDER BY id")]

    def current_game(self) -> GameRecord | None:
        """The game to resume: the newest one still being played, else None."""
        row = self._db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'playing' "
                               "ORDER BY id DESC LIMIT 1").fetchone()
        return _game_from_row(row) if row else None

    def latest_game(self) -> GameRecord | None:
        """The newest game whatever its status (to show the last position after a game ended)."""
        row = self._db.execute(f"SELECT {_GAME_COLUMNS} FROM games ORDER BY id DESC LIMIT 1").fetchone()
        return _game_from_row(row) if row else None

    def history(self) -> list[GameRecord]:
        """Finished games, newest first, with their results."""
        return [_game_from_row(r) for r in self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'finished' ORDER BY id DESC")]

    def set_result(self, game_id: int, result: GameResult | None) -> None:
        """Record that a game ended (or, after an undo of its last step, is being played again). This
        is a cache for the history screen: the entries decide, and a replay can always rewrite it."""
        record = self.game(game_id)
        if record.status == "broken":
            raise JournalError("a broken game cannot change status; fork it to continue", game_id)
        if result is None:
            self._db.execute("UPDATE games SET status='playing', finished=NULL, result=NULL WHERE id=?", (game_id,))
        else:
            self._db.execute("UPDATE games SET status='finished', finished=?, result=? WHERE id=?",
                             (_stamp(self._clock), json.dumps(result.to_json()), game_id))

    # -- entries -------------------------------------------------------------------------------
    def last_n(self, game_id: int) -> int:
        """The number of the last entry of a game (0 when it has none)."""
        return int(self._db.execute("SELECT coalesce(max(n), 0) FROM entries WHERE game = ?",
                                    (game_id,)).fetchone()[0])

    def append(self, game_id: int, kind: str, data: dict[str, Any], barrier: bool = False,
               n: int | None = None) -> Entry:
        """Append one entry and return it once it is durable (committed with ``synchronous=FULL``).

        ``n`` is the number the caller expects the entry to get (the session passes last + 1); if
        another writer got there first the primary key refuses it and nothing is written, so two
        processes can never interleave inputs into one game unnoticed.
        """
        if kind not in ENTRY_KINDS:
            raise ValueError(f"unknown entry kind {kind!r}; expected one of {', '.join(ENTRY_KINDS)}")
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        at = _stamp(self._clock)
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            status = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
            if status is None:
                raise JournalError(f"no game {game_id!r} in {self.path!r}")
            if status[0] == "broken":
                raise JournalError("this game's journal is damaged and was set aside; "
                                   "continue in the game forked from it", game_id)
            last = int(db.execute("SELECT coalesce(max(n), 0) FROM entries WHERE game = ?",
                                  (game_id,)).fetchone()[0])
            number = last + 1 if n is None else n
            if number != last + 1:
                raise JournalError(f"stale append: expected to write entry {number}, but the journal "
                                   f"holds {last} entries (another writer?)", game_id)
            db.execute("INSERT INTO entries (game, n, at, version, kind, barrier, data) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (game_id, number, at, INPUT_VERSION, kind, int(barrier), text))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return Entry(number, at, INPUT_VERSION, kind, json.loads(text), barrier)

    def read_prefix(self, game_id: int) -> tuple[list[Entry], JournalError | None]:
        """The longest valid prefix of a game's entries and the first problem after it (None when the
        whole game reads). Problems are garbage rows, unknown versions, gaps in the numbering, undo
        entries that do not fit, and pages SQLite cannot read."""
        entries: list[Entry] = []
        try:
            cursor = self._db.execute(
                "SELECT n, at, version, kind, barrier, data FROM entries WHERE game = ? ORDER BY n", (game_id,))
            for raw in cursor:
                entries.append(parse_entry(game_id, *raw))
        except JournalError as exc:
            return entries, exc
        except sqlite3.DatabaseError as exc:
            return entries, JournalError(f"the rows after entry {len(entries)} cannot be read ({exc})",
                                         game_id, len(entries) + 1)
        try:
            fold_entries(entries, game_id)
        except JournalError as exc:
            assert exc.row is not None
            return entries[:exc.row - 1], exc
        return entries, None

    def entries(self, game_id: int) -> list[Entry]:
        """Every entry of a game, checked; the first problem raises :class:`JournalError` naming it."""
        entries, problem = self.read_prefix(game_id)
        if problem is not None:
            raise problem
        return entries

    def fork(self, game_id: int, upto: int, note: str | None = None) -> int:
        """Continue a game from its first ``upto`` entries in a new game, and mark the old one
        ``broken`` (its rows all stay, nothing is deleted). This is how the companion continues from
        the longest valid prefix of a damaged game, or from a prefix an engine rejects on replay."""
        record = self.game(game_id)
        entries, _ = self.read_prefix(game_id)
        if upto > len(entries):
            raise JournalError(f"cannot fork at entry {upto}: only {len(entries)} entries are valid", game_id)
        why = note or f"continued as a new game from the first {upto} entries"
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            cur = db.execute(
                "INSERT INTO games (created, players, edition, names, note, forked_from, forked_at, mode, "
                "options, revision) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (_stamp(self._clock), json.dumps(list(record.players)), record.edition,
                 json.dumps(list(record.names)) if record.names is not None else None,
                 f"forked from game {game_id} at entry {upto}", game_id, upto, record.mode,
                 _options_text(record.options), record.revision))
            new_id = int(cur.lastrowid or 0)
            for e in entries[:upto]:
                db.execute("INSERT INTO entries (game, n, at, version, kind, barrier, data) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (new_id, e.n, e.at, INPUT_VERSION, e.kind, int(e.barrier),
                            json.dumps(e.data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)))
            db.execute("UPDATE games SET status='broken', note=? WHERE id=?", (f"{why} (game {new_id})", game_id))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return new_id

    def settings(self) -> dict[str, Any]:
        """The durability settings actually in force on this connection (for tests and diagnostics)."""
        return {name: self._db.execute(f"PRAGMA {name}").fetchone()[0]
                for name in ("journal_mode", "synchronous", "user_version", "application_id")}

    def integrity_problems(self) -> list[str]:
        """SQLite's own check of the file; an empty list means the file is sound."""
        rows = [str(r[0]) for r in self._db.execute("PRAGMA integrity_check")]
        return [] if rows == ["ok"] else rows

    # -- export / import -------------------------------------------------------------------------
    def export_lines(self, game_id: int) -> Iterator[str]:
        """The game as JSON Lines: a header line, then one line per entry (see the format doc)."""
        record = self.game(game_id)
        entries = self.entries(game_id)
        yield json.dumps({"format": EXPORT_FORMAT, "game": record.to_json()}, ensure_ascii=False)
        for e in entries:
            yield json.dumps(e.to_json(), ensure_ascii=False, sort_keys=False)

    def import_game(self, header: GameRecord, entries: list[Entry], note: str | None = None) -> int:
        """Store an exported game as a new game (a new id; entries keep their numbers, times and
        kinds). Status starts as ``playing``: the session's replay decides whether it is over."""
        fold_entries(entries)
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            cur = db.execute(
                "INSERT INTO games (created, players, edition, names, note, mode, options, revision) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (header.created, json.dumps(list(header.players)), header.edition,
                 json.dumps(list(header.names)) if header.names is not None else None,
                 note or f"imported (was game {header.id})", header.mode, _options_text(header.options),
                 header.revision))
            new_id = int(cur.lastrowid or 0)
            for e in entries:
                db.execute("INSERT INTO entries (game, n, at, version, kind, barrier, data) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (new_id, e.n, e.at, INPUT_VERSION, e.kind, int(e.barrier),
                            json.dumps(e.data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return new_id


_GAME_COLUMNS = ("id, created, players, edition, names, status, note, forked_from, forked_at, finished, result, "
                 "mode, options, revision")


def _game_from_row(row: tuple[Any, ...]) -> GameRecord:
    gid, created, players, edition, names, status, note, forked_from, forked_at, finished, result, \
        mode, options, revision = row
    try:
        return GameRecord(int(gid), str(created), tuple(json.loads(players)), str(edition),
                          tuple(json.loads(names)) if names else None, str(status), note, forked_from, forked_at,
                          finished, GameResult.from_json(json.loads(result)) if result else None,
                          str(mode), _check_options(json.loads(options)), _check_revision(revision))
    except (TypeError, ValueError) as exc:
        raise JournalError(f"the games row is damaged: {exc}", gid) from None


def _check_options(options: Any) -> dict[str, str]:
    if not isinstance(options, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
        raise ValueError(f"options {options!r:.80} are not an object of texts")
    return dict(options)


def _check_revision(revision: Any) -> int:
    if isinstance(revision, bool) or not isinstance(revision, int) or revision < 1:
        raise ValueError(f"rules revision {revision!r} is not a positive whole number")
    return revision


def _split_sql(script: str) -> list[str]:
    """The schema's statements (triggers contain ``;`` inside ``BEGIN … END``)."""
    statements: list[str] = []
    buffer: list[str] = []
    for line in script.strip().splitlines():
        buffer.append(line)
        text = "\n".join(buffer).strip()
        if text.endswith(";") and sqlite3.complete_statement(text):
            statements.append(text)
            buffer = []
    return statements


# -- export files ----------------------------------------------------------------------------------

def parse_export(lines: Iterable[str]) -> tuple[GameRecord, list[Entry], JournalError | None]:
    """Read an exported game: the header, the longest valid prefix of entries, and the first problem
    (a truncated last line, a garbage line, an unknown version, a gap) naming its line, or None."""
    header: GameRecord | None = None
    entries: list[Entry] = []
    linenos: list[int] = []
    problem: JournalError | None = None
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            doc = json.loads(line)
        except json.JSONDecodeError as exc:
            problem = JournalError(f"line {lineno} is not JSON ({exc}; a truncated file?): {line.strip()!r:.80}",
                                   row=lineno)
            if header is None:
                raise problem from None
            break
        if header is None:
            header = _header_from_json(doc, lineno)
            continue
        try:
            if not isinstance(doc, dict) or set(doc) - {"n", "at", "version", "kind", "barrier", "data"}:
                raise JournalError(f"not a journal entry: {doc!r:.80}")
            entries.append(parse_entry(header.id, doc.get("n"), doc.get("at"), doc.get("version"),
                                       doc.get("kind"), doc.get("barrier", False), doc.get("data")))
            linenos.append(lineno)
        except JournalError as exc:
            problem = JournalError(f"line {lineno}: {exc}", row=lineno)
            break
    if header is None:
        raise JournalError("an empty file: an export starts with a header line", row=1)
    try:
        fold_entries(entries, header.id)
    except JournalError as exc:
        index = (exc.row or 1) - 1  # rows before the problem are numbered 1, 2, 3 … as they should be
        return header, entries[:index], JournalError(f"line {linenos[index]}: {exc}", row=linenos[index])
    return header, entries, problem


def _header_from_json(doc: Any, lineno: int) -> GameRecord:
    if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT or not isinstance(doc.get("game"), dict):
        fmt = doc.get("format") if isinstance(doc, dict) else doc
        raise JournalError(f"line {lineno}: expected a header with format {EXPORT_FORMAT!r}, got {fmt!r:.80}",
                           row=lineno)
    game = doc["game"]
    players = game.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise JournalError(f"line {lineno}: players {players!r} is not a list of colours", row=lineno)
    names = game.get("names")
    result = game.get("result")
    edition = str(game.get("edition", "en"))
    mode = game.get("mode", DEFAULT_MODE)  # an export of the first format: Ankh-Morpork, revision 1
    if not isinstance(mode, str) or not mode:
        raise JournalError(f"line {lineno}: mode {mode!r} is not a game mode's id", row=lineno)
    try:
        options = _check_options(game.get("options", {"edition": edition}))
        revision = _check_revision(game.get("revision", 1))
    except ValueError as exc:
        raise JournalError(f"line {lineno}: {exc}", row=lineno) from None
    return GameRecord(int(game.get("id", 0)), str(game.get("created", "")), tuple(players),
                      edition, tuple(names) if isinstance(names, list) else None,
                      str(game.get("status", "playing")), game.get("note"), game.get("forked_from"),
                      game.get("forked_at"), game.get("finished"),
                      GameResult.from_json(result) if isinstance(result, dict) else None,
                      mode, options, revision)


# -- damaged files ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class SalvageReport:
    """What :func:`salvage_file` kept: the damaged file's new name and, per game id, the number of
    entries copied and the first problem (None when the whole game was readable)."""

    kept_aside: str
    games: dict[int, tuple[int, str | None]]

    def describe(self) -> str:
        parts = [f"game {gid}: {kept} entries kept" + (f", {problem}" if problem else "")
                 for gid, (kept, problem) in sorted(self.games.items())]
        return "; ".join(parts) + f" (the damaged file is kept as {self.kept_aside!r})"


def _read_damaged(path: str) -> tuple[list[tuple[Any, ...]], dict[int, tuple[list[tuple[Any, ...]], str | None]]]:
    """Read every games row and, per game, the raw entry rows up to the first one SQLite cannot
    read. ``writable_schema`` lets SQLite open a file shorter than its header says (a truncated
    file); nothing is written through this connection."""
    source = sqlite3.connect(path, isolation_level=None)
    try:
        source.execute("PRAGMA writable_schema=ON")
        try:
            games = list(source.execute(f"SELECT {_salvage_columns(source)} FROM games ORDER BY id"))
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{path!r}: even the list of games cannot be read ({exc})") from None
        found: dict[int, tuple[list[tuple[Any, ...]], str | None]] = {}
        for game_row in games:
            rows: list[tuple[Any, ...]] = []
            problem: str | None = None
            try:
                for raw in source.execute("SELECT n, at, version, kind, barrier, data FROM entries "
                                          "WHERE game = ? ORDER BY n", (game_row[0],)):
                    rows.append(raw)
            except sqlite3.DatabaseError as exc:
                problem = f"row {len(rows) + 1} and later cannot be read ({exc})"
            found[int(game_row[0])] = (rows, problem)
        return games, found
    finally:
        source.close()


def _salvage_columns(source: sqlite3.Connection) -> str:
    """The games columns to read from a damaged file, whatever its table version: a version 1 file
    has no mode, options or revision (its games are Ankh-Morpork by their edition, revision 1)."""
    present = {str(row[1]) for row in source.execute("PRAGMA table_info(games)")}
    fallback = {"mode": f"'{DEFAULT_MODE}'", "options": "json_object('edition', edition)", "revision": "1"}
    return ", ".join(name if name in present or name not in fallback else f"{fallback[name]} AS {name}"
                     for name in _GAME_COLUMNS.split(", "))


def describe_damage(path: str | os.PathLike[str]) -> str:
    """Name the first unreadable row of each damaged game in a file SQLite refuses to open."""
    try:
        _, found = _read_damaged(os.fspath(path))
    except (JournalError, sqlite3.Error) as exc:
        return str(exc)
    damaged = [f"game {gid} {problem}" for gid, (_, problem) in found.items() if problem]
    return "; ".join(damaged) if damaged else "every row still reads"


def salvage_file(path: str | os.PathLike[str], clock: Clock = _now) -> SalvageReport:
    """Copy what SQLite can still read of a damaged journal into a fresh file at ``path``.

    The damaged file (and its ``-wal``/``-shm``) is renamed to ``PATH.damaged-<time>`` and kept: rows
    that could not be read are not silently dropped, they stay there for whoever wants to look, and
    the report (and each salvaged game's note) says from which row on. Each game keeps its id and its
    longest readable prefix of raw rows (garbage rows are copied as they are, so the ordinary
    row-level checks and :meth:`Journal.fork` deal with them).
    """
    path = os.fspath(path)
    aside = f"{path}.damaged-{clock().astimezone(timezone.utc).strftime('%Y%m%dT%H%M%S%f')}"
    os.replace(path, aside)
    for suffix in ("-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.replace(path + suffix, aside + suffix)
    games, found = _read_damaged(aside)
    report: dict[int, tuple[int, str | None]] = {}
    with Journal(path, clock) as target:
        db = target._db
        db.execute("BEGIN IMMEDIATE")
        try:
            for game_row in games:
                gid = int(game_row[0])
                rows, problem = found[gid]
                note = (game_row[6] + " " if game_row[6] else "") + \
                    (f"[salvaged from {aside!r}: {problem}]" if problem else f"[salvaged from {aside!r}]")
                db.execute(f"INSERT INTO games ({_GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (*game_row[:6], note, *game_row[7:]))
                db.executemany("INSERT INTO entries (game, n, at, version, kind, barrier, data) "
                               "VALUES (?, ?, ?, ?, ?, ?, ?)", [(gid, *r) for r in rows])
                report[gid] = (len(rows), problem)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    return SalvageReport(aside, report)
