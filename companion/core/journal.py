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

import functools
import hashlib
import json
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Final, Mapping, ParamSpec, TypeAlias, TypeVar

from companion.core.errors import CompanionError, InputError
from companion.core.frozen import instance
from companion.core.inputs import Input, input_from_json
from companion.core.jsontext import MAX_CHARS, DuplicateKeyError, JsonTextError, parse_json
from companion.core.mode import DEFAULT_MODE

SCHEMA_VERSION: Final = 3
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
    hash    TEXT,
    PRIMARY KEY (game, n)
) WITHOUT ROWID;
"""
_TRIGGERS = """
CREATE TRIGGER entries_append_only_update BEFORE UPDATE ON entries
BEGIN SELECT RAISE(ABORT, 'the journal is append-only: an entry is never changed'); END;
CREATE TRIGGER entries_append_only_delete BEFORE DELETE ON entries
BEGIN SELECT RAISE(ABORT, 'the journal is append-only: an entry is never deleted'); END;
"""
_ENTRY_COLUMNS = "n, at, version, kind, barrier, data, hash"

GENESIS: Final = ""
"""The "previous hash" of a game's first entry."""


_CHAIN_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), default=repr)
"""The encoder of :func:`chain_hash`, made once (``json.dumps`` with options builds one per call,
and a resume checks every row's link)."""
_quote: Final = json.encoder.encode_basestring
"""A text as that encoder writes it (``ensure_ascii=False``)."""


def chain_hash(previous: str, n: Any, at: Any, version: Any, kind: Any, barrier: Any, data: Any) -> str:
    """The hash an entry carries: SHA-256 (hex) of the UTF-8 JSON array ``[previous, n, at,
    version, kind, barrier, data]`` (compact separators, ``data`` as the stored text), where
    ``previous`` is the hash of the game's entry before it (:data:`GENESIS` for the first). So a
    changed byte in any row (a face 2 turned 4) breaks that row's hash and every later link, and
    the first broken row is named."""
    if isinstance(data, bytes):
        data = data.decode("utf-8", "backslashreplace")
    if (type(n) is type(version) is type(barrier) is int
            and type(previous) is type(at) is type(kind) is type(data) is str):
        q = _quote
        return _plain_hash(q(previous), n, at, version, q(kind), barrier, q(data))
    # a damaged row's odd types (a real for a number, a blob), as the encoder writes them
    text = _CHAIN_ENCODER.encode([previous, n, at, version, kind, barrier, data])
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _plain_hash(previous: str, n: int, at: str, version: int, kind: str, barrier: int, data: str) -> str:
    """:func:`chain_hash` of a row as the journal writes it (three ``int``, not ``bool``, and four
    ``str``), given ``previous``, ``kind`` and ``data`` already quoted (a resume quotes a repeated
    data text once, and knows how the kinds and its own hashes quote): the encoder's own text, put
    together without its machinery."""
    text = f"[{previous},{n},{_quote(at)},{version},{kind},{barrier},{data}]"
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


_QUOTED_KINDS: Final = {kind: _quote(kind) for kind in ENTRY_KINDS}
"""Each entry kind as :func:`chain_hash` writes it."""


def _migrate_1_to_2(db: sqlite3.Connection) -> None:
    """Version 2 names each game's mode, options and rules revision. Every game of a version 1 file
    is Ankh-Morpork, played by its edition's rulings, at revision 1."""
    db.execute("ALTER TABLE games ADD COLUMN mode TEXT NOT NULL DEFAULT 'ankh-morpork'")
    db.execute("ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}'")
    db.execute("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 1")
    for gid, edition in list(db.execute("SELECT id, edition FROM games")):
        db.execute("UPDATE games SET options = ? WHERE id = ?", (_options_text({"edition": str(edition)}), gid))


def _migrate_2_to_3(db: sqlite3.Connection) -> None:
    """Version 3 adds the hash chain: each entry's ``hash`` is computed from the rows as they are
    stored (a row already damaged gets a hash of its damaged text, and is still refused when read).
    The append-only triggers are lifted for this one update, inside the migration's transaction."""
    db.execute("ALTER TABLE entries ADD COLUMN hash TEXT")
    db.execute("DROP TRIGGER IF EXISTS entries_append_only_update")
    for (gid,) in list(db.execute("SELECT DISTINCT game FROM entries")):
        previous = GENESIS
        for raw in list(db.execute("SELECT n, at, version, kind, barrier, data FROM entries WHERE game = ? "
                                   "ORDER BY n", (gid,))):
            previous = chain_hash(previous, *raw)
            db.execute("UPDATE entries SET hash = ? WHERE game = ? AND n = ?", (previous, gid, raw[0]))
    for statement in _split_sql(_TRIGGERS):
        if "entries_append_only_update" in statement:
            db.execute(statement)


MIGRATIONS: Final[dict[int, Callable[[sqlite3.Connection], None]]] = {1: _migrate_1_to_2, 2: _migrate_2_to_3}
"""``MIGRATIONS[v]`` turns the tables of version ``v`` into version ``v + 1``, inside one transaction
with the new ``user_version``; only the games table changes, entries are never rewritten."""


def _options_text(options: dict[str, str]) -> str:
    return json.dumps(options, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


class JournalError(CompanionError):
    """A journal that cannot be read or written as asked. ``game`` and ``row`` (the entry number, or
    the line of an export file) say where, when known, so the screen can name the damaged row.

    The problems a table meets on a screen (a full disk, a read-only card, a lock, a damaged or newer
    file, a row the engine refuses on replay) carry a ``key`` (``journal.disk-full``, …) and
    ``params`` as every :class:`CompanionError` does, so the app says them in the table's language
    (``e:<key>``); ``detail`` is the engine's own refusal behind a replay problem, said the same way.
    The English message stays the command line's."""

    def __init__(self, message: str, game: int | None = None, row: int | None = None, unit: str = "row",
                 key: str = "", params: Mapping[str, object] | None = None,
                 detail: BaseException | None = None) -> None:
        where = []
        if game is not None:
            where.append(f"game {game}")
        if row is not None:
            where.append(f"{unit} {row}")  # an export file's problems are named by "line"
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
        self.game = game
        self.row = row
        self.detail = detail
        if key:
            self._keyed(key, params, None)


class DamagedFileError(JournalError):
    """SQLite itself cannot read the file (a truncated or overwritten file): :func:`salvage_file`."""


class ReadOnlyJournalError(JournalError):
    """The file or its folder cannot be written (a read-only card, file or folder): nothing is wrong
    with the journal; make it writable."""


class DiskFullError(JournalError):
    """The disk (or card) is full: the journal is sound, the last input was not written; free space."""


class LockedJournalError(JournalError):
    """Another program holds the journal (a second companion, a backup in progress)."""


class DiskIOError(JournalError):
    """The disk could not read or write the file (a failing card or drive): the journal may be sound."""


class NewerJournalError(JournalError):
    """The journal (or one game in it) was written by a newer companion: a newer table version, entry
    version, game mode, option or rules revision. Nothing is wrong with it; update the companion.
    It must never be "recovered" or moved aside."""


ENVIRONMENT_ERRORS: Final = (ReadOnlyJournalError, DiskFullError, LockedJournalError, DiskIOError)
"""Errors of the place the journal lives, not of the journal: the file is left alone."""


SQLITE_ERRORS: Final = (sqlite3.Error, UnicodeDecodeError)
"""What reading or writing the file can raise: SQLite's errors, and Python's own when a damaged
schema or error message is not UTF-8 (the ``sqlite3`` module decodes those itself)."""


def sqlite_problem(path: str, exc: Exception, doing: str) -> JournalError:
    """One clear :class:`JournalError` for an ``sqlite3.Error``, by SQLite's own error code: only a
    damaged file (``SQLITE_CORRUPT``, ``SQLITE_NOTADB``) is sent to ``game recover``; a full disk,
    a read-only file or folder and a lock are said as such, and the file is left alone."""
    name = str(getattr(exc, "sqlite_errorname", "") or "")
    text = str(exc)
    if isinstance(exc, UnicodeDecodeError):
        name, text = "SQLITE_CORRUPT", f"a text or the schema is not UTF-8 ({exc.reason})"
    where = {"path": path, "doing": doing, "text": text}
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text or "not a database" in text:
        return DamagedFileError(f"{path!r} is damaged ({text}) while {doing}; 'game recover' salvages what can "
                                "still be read into a fresh file and keeps the damaged one aside",
                                key="journal.damaged", params=where)
    if name.startswith("SQLITE_FULL") or "disk is full" in text or \
            name.startswith("SQLITE_IOERR") and _free_bytes(path) < 65536:
        return DiskFullError(f"the disk holding {path!r} is full while {doing}; nothing was written and the "
                             "journal is sound: free some space and try again", key="journal.disk-full", params=where)
    if name.startswith(("SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH")) or "readonly" in text:
        return ReadOnlyJournalError(f"{path!r} (or its folder) is read-only while {doing}; nothing was written: "
                                    "make the file and its folder writable", key="journal.read-only", params=where)
    if name.startswith("SQLITE_CANTOPEN") or "unable to open" in text:
        return ReadOnlyJournalError(f"cannot open {path!r} while {doing}: the file or its folder cannot be "
                                    "read or written (check it exists and is writable)", key="journal.cannot-open",
                                    params=where)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return LockedJournalError(f"{path!r} is locked by another program while {doing}; nothing was written: "
                                  "close the other companion and try again", key="journal.locked", params=where)
    if name.startswith("SQLITE_IOERR") or "disk I/O error" in text:
        return DiskIOError(f"the disk could not read or write {path!r} while {doing} ({text}); nothing was "
                            "written: check the card or drive", key="journal.disk-io", params=where)
    return JournalError(f"SQLite refused {doing} on {path!r} ({name or type(exc).__name__}: {text})",
                        key="journal.sqlite", params=where)


NOT_UTF8: Final = "database disk image is malformed (a text is not UTF-8)"
"""How a TEXT whose bytes are not UTF-8 is refused: damage, said the way SQLite says it."""


def _decode_text(raw: bytes) -> str:
    """SQLite's TEXT as Python text; bytes that are not UTF-8 are damage, said the way SQLite says
    it (Python's own ``UnicodeDecodeError`` would escape every handler as a traceback)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise sqlite3.DatabaseError(NOT_UTF8) from None


_UNDECODABLE: Final = "Could not decode to UTF-8 column "
"""How the ``sqlite3`` module's own decoding (``text_factory = str``) refuses such a TEXT."""


@contextmanager
def _texts_decoded_in_c(db: sqlite3.Connection) -> Iterator[None]:
    """Rows read meanwhile have their TEXT decoded by the ``sqlite3`` module itself (a call of
    :func:`_decode_text` per column was 3 % of a resume: four texts a row), and a text that is not
    UTF-8 refused as :func:`_decode_text` refuses it (:data:`NOT_UTF8`), word for word."""
    db.text_factory = str
    try:
        yield
    except sqlite3.OperationalError as exc:
        if str(exc).startswith(_UNDECODABLE):
            raise sqlite3.DatabaseError(NOT_UTF8) from None
        raise
    finally:
        db.text_factory = _decode_text


SQLITE_HEADER: Final = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""


def _refuse_foreign_bytes(path: str) -> None:
    """Raise SQLite's own "not a database" for a non-empty file that does not start with
    :data:`SQLITE_HEADER`. SQLite refuses such a file itself once it is two bytes or longer, but
    takes a one-byte file for a new, empty database and writes its tables over it. An empty file
    is left to SQLite: that is how SQLite itself creates a database (``sqlite3.connect`` makes a
    0-byte file and the first write fills it), so an empty file holds nothing to lose."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(SQLITE_HEADER))
    except OSError:  # missing (a new journal), a folder, unreadable: SQLite says it when it opens it
        return
    if head and head != SQLITE_HEADER:
        raise sqlite3.DatabaseError("file is not a database")


def _connect(path: str, timeout: float = 10.0) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, timeout=timeout)
    db.text_factory = _decode_text
    return db


def _free_bytes(path: str) -> int:
    """The space left where ``path`` lives (SQLite reports a full disk met while growing its shared
    memory file as an I/O error, so the disk itself is asked)."""
    try:
        stats = os.statvfs(os.path.dirname(os.path.abspath(path)))
    except OSError:
        return 1 << 62
    return stats.f_bavail * stats.f_frsize


P = ParamSpec("P")
R = TypeVar("R")


def _guarded(doing: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Turn any ``sqlite3.Error`` out of a :class:`Journal` method into :func:`sqlite_problem`."""
    def wrap(method: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(method)
        def guarded(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return method(*args, **kwargs)
            except SQLITE_ERRORS as exc:
                journal = args[0]
                raise sqlite_problem(str(getattr(journal, "path", "?")), exc, doing) from None
        return guarded
    return wrap


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
    def from_json(cls, doc: Any) -> GameResult:
        """A result as stored or exported; a field of the wrong type is a ``ValueError`` naming it."""
        doc = _typed(doc, dict, "result")
        personalities = _typed(doc.get("personalities", {}), dict, "result.personalities")
        scores = _typed(doc.get("scores", {}), dict, "result.scores")
        return cls(tuple(_texts(doc.get("winners", []), "result.winners")),
                   _typed(doc.get("reason", ""), str, "result.reason"),
                   {_text(k, "result.personalities"): None if v is None else _text(v, f"result.personalities.{k}")
                    for k, v in personalities.items()},
                   {_text(k, "result.scores"): _whole(v, f"result.scores.{k}") for k, v in scores.items()},
                   _whole(doc.get("turns", 0), "result.turns"), _whole(doc.get("inputs", 0), "result.inputs"))


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
    parsed: Input | None = field(default=None, compare=False, repr=False)
    """The input ``data`` holds, as :func:`parse_entry` read and checked it with its row (a resume
    needs each one, and parsing it a second time was a tenth of a resume); None otherwise."""

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "at": self.at, "version": self.version, "kind": self.kind,
                "barrier": self.barrier, "data": self.data}

    def to_input(self) -> Input:
        """The input of an ``input`` entry: the one read with its row, else parsed from ``data`` now."""
        return self.parsed if self.parsed is not None else input_from_json(self.data)


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


@contextmanager
def _write(db: sqlite3.Connection) -> Iterator[None]:
    """One write transaction. ``BEGIN IMMEDIATE`` takes the write lock before anything is read, so
    two companions on one file queue instead of interleaving; any failure rolls all of it back."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def _stamp(clock: Clock) -> str:
    return clock().astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


# -- reading rows ------------------------------------------------------------------------------

KnownData: TypeAlias = dict[tuple[int, str, str], tuple[dict[str, Any], Input | None, bool, str]]
"""Rows' data already read while reading one game, by ``(version, kind, data text)``: the data as
parsed and upcast, its input (see :func:`parse_entry`), whether the data is flat (holds no
list, so a shallow copy is the row's own), and the text quoted as :func:`chain_hash` writes it."""


def parse_entry(game: int | None, n: Any, at: Any, version: Any, kind: Any, barrier: Any, data: Any, *,
                known: KnownData | None = None) -> Entry:
    """Check one raw row (from the table or an export line) and upcast it; a garbage row raises
    :class:`JournalError` naming it. The input itself is checked against :mod:`companion.core.inputs`.

    ``known``: the data texts of rows read before it in the same game. A game repeats a few
    texts over and over (``{"type":"answer","value":"end-turn"}``, the same rolls and scans): in a
    500-row game 150 distinct texts, and parsing and checking each row's text was over half of
    reading it. A text seen before, under the same version and kind, passed every check then and
    gives the same data and input; the row gets its own copy of the data (the input is frozen).
    The row's own fields (number, time, barrier) are checked every time."""
    row = n if isinstance(n, int) and not isinstance(n, bool) else None
    if row is None or row < 1:
        raise JournalError(f"entry number {n!r} is not a positive whole number", game)
    if not isinstance(at, str) or not at or len(at) > 40:
        raise JournalError(f"timestamp {at!r:.80} is not a time", game, row)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise JournalError(f"version {version!r} is not a positive whole number", game, row)
    if version > INPUT_VERSION:
        raise NewerJournalError(f"unknown schema version {version!r}: this companion reads versions up to "
                           f"{INPUT_VERSION}; the journal was written by a newer one", game, row,
                                key="journal.newer-game")
    if kind not in ENTRY_KINDS:
        raise JournalError(f"unknown entry kind {kind!r:.80}; expected one of {', '.join(ENTRY_KINDS)}", game, row)
    if not isinstance(barrier, (int, bool)) or barrier not in (0, 1):
        raise JournalError(f"barrier flag {barrier!r:.80} is not 0 or 1", game, row)
    key = (version, kind, data) if known is not None and type(data) is str else None
    seen = known.get(key) if key is not None and known is not None else None
    if seen is not None:
        # a copy of the data, down to a roll's list of faces: no entry shares what another holds
        stored, parsed, flat, _ = seen
        return _entry(row, at, version, kind, stored.copy() if flat else _own_copy(stored), bool(barrier), parsed)
    if isinstance(data, (str, bytes)):
        try:
            data = parse_json(data, "data")
        except JsonTextError as exc:
            raise JournalError(f"{exc}: {data!r:.80}", game, row) from None
    if not isinstance(data, dict):
        raise JournalError(f"data {data!r:.80} is not a JSON object", game, row)
    for v in range(version, INPUT_VERSION):
        if v not in UPCASTERS:
            raise JournalError(f"no upcaster from schema version {v!r}", game, row)
        data = UPCASTERS[v](data)
    parsed = None
    if kind == "input":
        try:
            parsed = input_from_json(data)
        except InputError as exc:
            raise JournalError(f"not an input: {exc}", game, row) from None
    else:
        steps = data.get("steps")
        if set(data) != {"steps"} or isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
            raise JournalError(f"a {kind!r} entry is {{\"steps\": N}} with N >= 1, not {data!r:.80}", game, row)
    if key is not None and known is not None:
        known[key] = (_own_copy(data), parsed, list not in map(type, data.values()),  # no value a list
                      _quote(key[2]))
    return _entry(row, at, version, kind, data, bool(barrier), parsed)


def _own_copy(data: dict[str, Any]) -> dict[str, Any]:
    """A copy of a row's data that shares nothing another row could change (a roll's faces)."""
    return {k: v[:] if type(v) is list else v for k, v in data.items()}


def _entry(n: int, at: str, version: int, kind: str, data: dict[str, Any], barrier: bool, parsed: Input | None) -> Entry:
    """``Entry(...)`` made at once (:func:`~companion.core.frozen.instance`): a resume makes one per
    row, and the frozen constructor's call per field was a sixth of reading a row."""
    return instance(Entry, {"n": n, "at": at, "version": version, "kind": kind, "data": data, "barrier": barrier,
                            "parsed": parsed})


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
            self._db = _connect(self.path)
        except SQLITE_ERRORS as exc:
            raise sqlite_problem(self.path, exc, "opening the journal") from None
        try:
            self._prepare()
        except SQLITE_ERRORS as exc:
            self._db.close()
            problem = sqlite_problem(self.path, exc, "opening the journal")
            if isinstance(problem, DamagedFileError):
                raise DamagedFileError(f"{self.path!r} is damaged ({exc}): {describe_damage(self.path)}; "
                                       "'game recover' salvages what can still be read", key="journal.damaged",
                                       params={"path": self.path, "text": str(exc)}) from None
            raise problem from None
        except BaseException:  # a refusal, and anything else (Ctrl-C in a long migration): never left open
            self._db.close()
            raise

    def _prepare(self) -> None:
        _refuse_foreign_bytes(self.path)
        db = self._db
        # what the file is, before anything is written: switching another program's SQLite file to
        # WAL would change its header even though it is then refused as not a journal
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        fresh = False  # a journal says what it is in its header: a marked file needs no count of its tables
        if app_id == 0 and version == 0:
            fresh = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
        if not fresh and app_id != APPLICATION_ID:
            raise JournalError(f"{self.path!r} is an SQLite file but not a companion journal "
                               f"(application id {app_id!r})", key="journal.not-a-journal", params={"path": self.path})
        mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise JournalError(f"{self.path!r}: cannot switch to WAL mode (got {mode!r})")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        if fresh:
            with _write(db):
                # one statement at a time: executescript() would COMMIT half-way through
                for statement in _split_sql(_SCHEMA + _TRIGGERS):
                    db.execute(statement)
                db.execute(f"PRAGMA application_id={APPLICATION_ID}")
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            return
        if version > SCHEMA_VERSION:
            raise NewerJournalError(f"{self.path!r} has table version {version!r}; this companion knows up to "
                               f"{SCHEMA_VERSION}: it was written by a newer companion", key="journal.newer",
                                    params={"path": self.path})
        if version < SCHEMA_VERSION:
            self._migrate()
        _check_columns(db)

    def _migrate(self) -> None:
        """Bring an older file's tables to :data:`SCHEMA_VERSION`, in one transaction (another
        process may have done it while this one waited for the lock: the version is read again)."""
        db = self._db
        with _write(db):
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            while version < SCHEMA_VERSION:
                if version not in MIGRATIONS:
                    raise JournalError(f"{self.path!r} has table version {version!r}, which no migration reads")
                MIGRATIONS[version](db)
                version += 1
                db.execute(f"PRAGMA user_version={version}")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Journal({self.path!r})"

    # -- games ---------------------------------------------------------------------------------
    @_guarded('starting a game')
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

    @_guarded('reading a game')
    def game(self, game_id: int) -> GameRecord:
        row = self._db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise JournalError(f"no game {game_id!r} in {self.path!r}")
        return _game_from_row(row)

    @_guarded('listing the games')
    def games(self) -> list[GameRecord]:
        """Every game, oldest first."""
        return [_game_from_row(r) for r in self._rows(f"SELECT {_GAME_COLUMNS} FROM games ORDER BY id")]

    @_guarded('finding the game to resume')
    def current_game(self) -> GameRecord | None:
        """The game to resume: the newest one still being played, else None."""
        row = self._db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'playing' "
                               "ORDER BY id DESC LIMIT 1").fetchone()
        return _game_from_row(row) if row else None

    @_guarded('finding the newest game')
    def latest_game(self) -> GameRecord | None:
        """The newest game whatever its status (to show the last position after a game ended)."""
        row = self._db.execute(f"SELECT {_GAME_COLUMNS} FROM games ORDER BY id DESC LIMIT 1").fetchone()
        return _game_from_row(row) if row else None

    @_guarded('listing finished games')
    def history(self) -> list[GameRecord]:
        """Finished games, newest first, with their results."""
        return [_game_from_row(r) for r in self._rows(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'finished' ORDER BY id DESC")]

    def _rows(self, sql: str) -> list[tuple[Any, ...]]:
        """Every row of a query, read to its end before any is looked at. A row refused while the
        statement still ran (a damaged games row, the first of two) left the statement running, held
        by the refusal's traceback: :meth:`close` could not close the file, which stayed open (its
        ``-wal`` beside it) until Python's garbage collector ran."""
        return self._db.execute(sql).fetchall()

    @_guarded('recording a result')
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
    @_guarded('counting entries')
    def last_n(self, game_id: int) -> int:
        """The number of the last entry of a game (0 when it has none)."""
        return int(self._db.execute("SELECT coalesce(max(n), 0) FROM entries WHERE game = ?",
                                    (game_id,)).fetchone()[0])

    @_guarded('writing an entry')
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
        with _write(db):
            status = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
            if status is None:
                raise JournalError(f"no game {game_id!r} in {self.path!r}")
            if status[0] == "broken":
                raise JournalError("this game's journal is damaged and was set aside; "
                                   "continue in the game forked from it", game_id, key="journal.set-aside")
            last_row = db.execute("SELECT n, hash FROM entries WHERE game = ? ORDER BY n DESC LIMIT 1",
                                  (game_id,)).fetchone()
            last, previous = (int(last_row[0]), str(last_row[1])) if last_row else (0, GENESIS)
            number = last + 1 if n is None else n
            if number != last + 1:
                raise JournalError(f"stale append: expected to write entry {number}, but the journal "
                                   f"holds {last} entries (another writer?)", game_id)
            _insert_entries(db, game_id, [(number, at, INPUT_VERSION, kind, int(barrier), text)], previous)
        return Entry(number, at, INPUT_VERSION, kind, json.loads(text), barrier)

    def read_prefix(self, game_id: int) -> tuple[list[Entry], JournalError | None]:
        """The longest valid prefix of a game's entries and the first problem after it (None when the
        whole game reads). Problems are garbage rows, unknown versions, gaps in the numbering, undo
        entries that do not fit, and pages SQLite cannot read."""
        entries, problem, _ = self._read(game_id)
        return entries, problem

    def timeline(self, game_id: int) -> tuple[Timeline, int]:
        """What a resume needs of a game: the fold of its entries (:func:`fold_entries`) and the
        number of its last entry, every row checked as :meth:`entries` checks it (the first problem
        raises :class:`JournalError` naming it). The fold that checks the rows is the one returned:
        folding them a second time was a tenth of reading a long game."""
        entries, problem, timeline = self._read(game_id)
        if problem is not None:
            raise problem
        assert timeline is not None
        return timeline, len(entries)  # numbered 1, 2, … without a gap: checked

    def _read(self, game_id: int) -> tuple[list[Entry], JournalError | None, Timeline | None]:
        """:meth:`read_prefix`, and the fold of the entries when they all read and fold."""
        entries: list[Entry] = []
        previous = GENESIS
        known: KnownData = {}
        cursor: sqlite3.Cursor | None = None
        try:
            # row by row (a page SQLite cannot read keeps the rows before it), and the cursor closed
            # on every way out: a refused row's traceback holds it, and a statement left running
            # keeps the file open after close() (see _rows)
            with _texts_decoded_in_c(self._db):
                cursor = self._db.execute(f"SELECT {_ENTRY_COLUMNS} FROM entries WHERE game = ? ORDER BY n",
                                          (game_id,))
                for raw in cursor:
                    n, at, version, kind, barrier, data, stored = raw
                    seen = known.get((version, kind, data))
                    if (seen is not None and type(n) is int and n == len(entries) + 1 and type(at) is str
                            and 0 < len(at) <= 40 and type(version) is int and type(barrier) is int
                            and (barrier == 0 or barrier == 1)):
                        # most rows: a text read before (under a version and kind that passed), and
                        # every other field what parse_entry would pass, checked here at once (its
                        # call per row was a third of reading one); anything else goes through it
                        stored_data, parsed, flat, quoted = seen
                        entry = _entry(n, at, version, kind, stored_data.copy() if flat else _own_copy(stored_data),
                                       barrier == 1, parsed)
                    else:  # a garbage row is named for what is wrong, a gap as such (not as a broken link)
                        entry = parse_entry(game_id, n, at, version, kind, barrier, data, known=known)
                        if entry.n != len(entries) + 1:
                            raise JournalError(f"missing: the next row is numbered {entry.n}", game_id,
                                               len(entries) + 1)
                        seen = known.get((version, kind, data))  # a text: kept now, with its quoted form
                        if seen is None or not type(n) is type(version) is type(barrier) is int or type(at) is not str:
                            previous = check_link(game_id, previous, raw, len(entries) + 1)  # odd types: the encoder's
                            entries.append(entry)
                            continue
                        quoted = seen[3]
                    # the row's link, its texts quoted once per game (the data), or known (the kind, the
                    # hash before); one that does not match is named by check_link, as it always was
                    link = _plain_hash(f'"{previous}"', n, at, version, _QUOTED_KINDS[kind], barrier, quoted)
                    previous = link if link == stored else check_link(game_id, previous, raw, len(entries) + 1)
                    entries.append(entry)
        except JournalError as exc:
            return entries, exc, None
        except SQLITE_ERRORS as exc:
            return entries, JournalError(f"the rows after entry {len(entries)} cannot be read ({exc})",
                                         game_id, len(entries) + 1), None
        finally:
            if cursor is not None:
                cursor.close()
        try:
            timeline = fold_entries(entries, game_id)
        except JournalError as exc:
            assert exc.row is not None
            return entries[:exc.row - 1], exc, None
        return entries, None, timeline

    def entries(self, game_id: int) -> list[Entry]:
        """Every entry of a game, checked; the first problem raises :class:`JournalError` naming it."""
        entries, problem = self.read_prefix(game_id)
        if problem is not None:
            raise problem
        return entries

    @_guarded('continuing a damaged game')
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
        with _write(db):
            cur = db.execute(
                "INSERT INTO games (created, players, edition, names, note, forked_from, forked_at, mode, "
                "options, revision) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (_stamp(self._clock), json.dumps(list(record.players)), record.edition,
                 json.dumps(list(record.names)) if record.names is not None else None,
                 f"forked from game {game_id} at entry {upto}", game_id, upto, record.mode,
                 _options_text(record.options), record.revision))
            new_id = int(cur.lastrowid or 0)
            _insert_entries(db, new_id, [_entry_row(e) for e in entries[:upto]])
            db.execute("UPDATE games SET status='broken', note=? WHERE id=?", (f"{why} (game {new_id})", game_id))
        return new_id

    @_guarded('reading the settings')
    def settings(self) -> dict[str, Any]:
        """The durability settings actually in force on this connection (for tests and diagnostics)."""
        return {name: self._db.execute(f"PRAGMA {name}").fetchone()[0]
                for name in ("journal_mode", "synchronous", "user_version", "application_id")}

    @_guarded('checking the file')
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

    @_guarded('importing a game')
    def import_game(self, header: GameRecord, entries: list[Entry], note: str | None = None) -> int:
        """Store an exported game as a new game (a new id; entries keep their numbers, times and
        kinds). Status starts as ``playing``: the session's replay decides whether it is over."""
        fold_entries(entries)
        db = self._db
        with _write(db):
            cur = db.execute(
                "INSERT INTO games (created, players, edition, names, note, mode, options, revision) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (header.created, json.dumps(list(header.players)), header.edition,
                 json.dumps(list(header.names)) if header.names is not None else None,
                 note or f"imported (was game {header.id})", header.mode, _options_text(header.options),
                 header.revision))
            new_id = int(cur.lastrowid or 0)
            _insert_entries(db, new_id, [_entry_row(e) for e in entries])
        return new_id


def _entry_row(e: Entry) -> tuple[Any, ...]:
    return (e.n, e.at, INPUT_VERSION, e.kind, int(e.barrier),
            json.dumps(e.data, ensure_ascii=False, separators=(",", ":"), sort_keys=True))


def _insert_entries(db: sqlite3.Connection, game_id: int, rows: Iterable[tuple[Any, ...]],
                    previous: str = GENESIS) -> None:
    """Insert rows ``(n, at, version, kind, barrier, data)`` continuing the game's hash chain from
    ``previous``; a row given with a seventh value (its stored hash, as salvage copies it) keeps it."""
    for row in rows:
        stored = row[6] if len(row) > 6 else None
        link = chain_hash(previous, *row[:6]) if stored is None else stored
        db.execute("INSERT INTO entries (game, n, at, version, kind, barrier, data, hash) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (game_id, *row[:6], link))
        previous = link


def check_link(game_id: int | None, previous: str, raw: tuple[Any, ...], position: int) -> str:
    """The hash of a stored row ``(n, at, version, kind, barrier, data, hash)`` if it continues the
    chain from ``previous``; otherwise a :class:`JournalError` naming the row as changed."""
    expected = chain_hash(previous, *raw[:6])
    if raw[6] != expected:
        raise JournalError("this row was changed after it was written (its hash does not match its content "
                           "and the rows before it): a damaged or edited file; 'game recover' continues "
                           "from the rows before it", game_id, position)
    return expected


T = TypeVar("T")


def _typed(value: Any, kind: type[T], name: str) -> T:
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ValueError(f"{name} must be {_KIND_NAMES.get(kind, kind.__name__)}, not {value!r:.80}")
    return value


_KIND_NAMES: dict[type[Any], str] = {dict: "an object", list: "a list", str: "a text", int: "a whole number"}


def _whole(value: Any, name: str, minimum: int = 0) -> int:
    number = _typed(value, int, name)
    if number < minimum:
        raise ValueError(f"{name} must be at least {minimum}, not {number!r}")
    return number


def _text(value: Any, name: str, longest: int = 200) -> str:
    text = _typed(value, str, name)
    if not text or len(text) > longest or not text.isprintable():
        raise ValueError(f"{name} must be 1 to {longest} printable characters, not {text!r:.80}")
    return text


def _texts(value: Any, name: str) -> list[str]:
    return [_text(item, f"{name}[{i}]") for i, item in enumerate(_typed(value, list, name))]


def _optional(value: Any, check: Callable[[Any, str], T], name: str) -> T | None:
    return None if value is None else check(value, name)


def _record_from_json(game: Any) -> GameRecord:
    """A games row as an export's header carries it, every field checked by type and value; a
    wrong one is a ``ValueError`` naming the field (``id``, ``names[1]``, ``result.winners`` …)."""
    game = _typed(game, dict, "game")
    edition = _typed(game.get("edition", "en"), str, "edition")
    if len(edition) > 20:
        raise ValueError(f"edition must be at most 20 characters, not {edition!r:.80}")
    status = game.get("status", "playing")
    if status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {status!r:.80}")
    players = _texts(game.get("players"), "players")
    if not players:
        raise ValueError("players must name at least one colour")
    names = _optional(game.get("names"), _texts, "names")
    options = _check_options(game.get("options", {"edition": edition}))
    if options.get("edition", edition) != edition:  # which book the game follows is said once
        raise ValueError(f"edition {edition!r:.20} disagrees with options.edition {options['edition']!r:.20}")
    return GameRecord(
        _whole(game.get("id"), "id", 1), _text(game.get("created"), "created", 40), tuple(players), edition,
        tuple(names) if names is not None else None, status,
        _optional(game.get("note"), lambda v, n: _typed(v, str, n), "note"),
        _optional(game.get("forked_from"), lambda v, n: _whole(v, n, 1), "forked_from"),
        _optional(game.get("forked_at"), _whole, "forked_at"),
        _optional(game.get("finished"), lambda v, n: _text(v, n, 40), "finished"),
        _optional(game.get("result"), lambda v, n: GameResult.from_json(v), "result"),
        _text(game.get("mode", DEFAULT_MODE), "mode", 64),  # an export of the first format: Ankh-Morpork
        options, _check_revision(game.get("revision", 1)))


_GAME_COLUMNS = ("id, created, players, edition, names, status, note, forked_from, forked_at, finished, result, "
                 "mode, options, revision")


def _game_from_row(row: tuple[Any, ...]) -> GameRecord:
    gid, created, players, edition, names, status, note, forked_from, forked_at, finished, result, \
        mode, options, revision = row
    try:
        def column(value: Any, name: str) -> Any:
            return parse_json(value, name) if isinstance(value, (str, bytes)) else value
        return _record_from_json({
            "id": gid, "created": created, "players": column(players, "players"), "edition": edition,
            "names": column(names, "names") if names else None, "status": status, "note": note,
            "forked_from": forked_from, "forked_at": forked_at, "finished": finished,
            "result": column(result, "result") if result else None, "mode": mode,
            "options": column(options, "options"), "revision": revision})
    except (TypeError, ValueError) as exc:
        raise JournalError(f"the games row is damaged ({exc}); 'game recover' salvages the file",
                           gid if isinstance(gid, int) else None) from None


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
            doc = parse_json(line, "the line")
        except JsonTextError as exc:
            hint = "" if isinstance(exc, DuplicateKeyError) else " (a truncated file?)"  # a key twice: all was read
            problem = JournalError(f"{exc}{hint}: {line.strip()!r:.80}", row=lineno, unit="line")
            if header is None:
                raise problem from None
            break
        if header is None:
            header = _header_from_json(doc, lineno)
            continue
        try:
            if not isinstance(doc, dict) or set(doc) - {"n", "at", "version", "kind", "barrier", "data"}:
                raise JournalError(f"not a journal entry: {doc!r:.80}")
            if not isinstance(doc.get("data"), dict) or not isinstance(doc.get("barrier", False), bool):
                raise JournalError(f"an entry's data is an object and its barrier true or false: {doc!r:.80}")
            entries.append(parse_entry(header.id, doc.get("n"), doc.get("at"), doc.get("version"),
                                       doc.get("kind"), doc.get("barrier", False), doc.get("data")))
            linenos.append(lineno)
        except JournalError as exc:
            problem = JournalError(str(exc), row=lineno, unit="line")
            break
    if header is None:
        raise JournalError("an empty file: an export starts with a header line", row=1, unit="line")
    try:
        fold_entries(entries, header.id)
    except JournalError as exc:
        index = (exc.row or 1) - 1  # rows before the problem are numbered 1, 2, 3 … as they should be
        return header, entries[:index], JournalError(str(exc), row=linenos[index], unit="line")
    return header, entries, problem


def _header_from_json(doc: Any, lineno: int) -> GameRecord:
    if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT or not isinstance(doc.get("game"), dict):
        fmt = doc.get("format") if isinstance(doc, dict) else doc
        raise JournalError(f"expected a header with format {EXPORT_FORMAT!r}, got {fmt!r:.80}",
                           row=lineno, unit="line")
    try:
        return _record_from_json(doc["game"])
    except ValueError as exc:
        raise JournalError(f"the header's {exc}", row=lineno, unit="line") from None


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


class _ScratchCopy:
    """A byte copy of a journal and its ``-wal`` in a temporary folder, opened there: SQLite may
    replay the WAL and checkpoint into the copy, never into the file being salvaged or checked."""

    def __init__(self, path: str) -> None:
        self.folder = tempfile.mkdtemp(prefix="journal-salvage-")
        self.path = os.path.join(self.folder, "journal.sqlite")
        try:
            shutil.copyfile(path, self.path)
            if os.path.exists(path + "-wal"):
                shutil.copyfile(path + "-wal", self.path + "-wal")
            _refuse_foreign_bytes(self.path)  # a one-byte copy is no "sound, empty" file either
            self.db = _connect(self.path)
        except BaseException:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise

    def __enter__(self) -> sqlite3.Connection:
        return self.db

    def __exit__(self, *exc: object) -> None:
        self.db.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def _check_columns(db: sqlite3.Connection) -> None:
    """The tables have the columns this companion reads and writes. A damaged schema (a byte of
    ``CREATE TABLE games`` changed: ``stat\ts``) still passes SQLite's checks and still takes an
    ``INSERT`` that leaves the damaged column out, so ``game new`` wrote its game and only then
    failed reading it back; the damage is reported when the file is opened, before any write."""
    for table, columns in (("games", _GAME_COLUMNS), ("entries", _ENTRY_COLUMNS)):
        try:
            db.execute(f"SELECT {columns} FROM {table} LIMIT 0")
        except sqlite3.OperationalError as exc:
            raise sqlite3.DatabaseError(f"database disk image is malformed (table {table}: {exc})") from None


def file_problem(path: str | os.PathLike[str]) -> str | None:
    """What SQLite finds wrong with the file at ``path`` (read on a scratch copy, so nothing is
    written to it), or None when it is a sound SQLite file. A full disk or a read-only folder is
    not damage: those only fail when writing, and this check only reads."""
    try:
        with _ScratchCopy(os.fspath(path)) as db:
            rows = [str(r[0]) for r in db.execute("PRAGMA quick_check")]
            if rows != ["ok"]:
                return "; ".join(rows[:3])
            for table in ("games", "entries"):
                db.execute(f"SELECT * FROM {table}").fetchall()
            if db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
                _check_columns(db)
    except SQLITE_ERRORS as exc:
        return str(exc)
    return None


RawGames = list[tuple[Any, ...]]
RawEntries = dict[int, tuple[list[tuple[Any, ...]], str | None]]


_GAME_DEFAULTS: Final = {1: "1970-01-01T00:00:00.000Z", 3: "en", 5: "playing", 11: "ankh-morpork", 12: None, 13: 1}
"""What a salvaged games row gets for a NOT NULL column its damaged page no longer holds (index in
``_GAME_COLUMNS`` → value; the options default to the edition's, as for a table-version-1 game)."""


def _fill_damaged_game_row(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """A games row read from a damaged page, with its unreadable NOT NULL columns given defaults so
    the salvaged copy can hold it (a cut through the games page leaves NULLs; the whole salvage
    failed on them). The game's note says which were filled."""
    filled = list(row)
    missing = []
    for index, default in _GAME_DEFAULTS.items():
        if index < len(filled) and filled[index] is None:
            missing.append(_GAME_COLUMNS.replace(" ", "").split(",")[index])
            filled[index] = default if index != 12 else json.dumps({"edition": filled[3] or "en"})
    if missing:
        filled[6] = (str(filled[6]) + " " if filled[6] else "") + f"[unreadable, filled in: {', '.join(missing)}]"
    return tuple(filled)


def _read_damaged(path: str) -> tuple[RawGames, RawEntries]:
    """Read every games row that SQLite can still read and, per game, its raw entry rows ``(n, at,
    version, kind, barrier, data, hash)`` in order up to the first one it cannot read. Read on a
    scratch copy with ``writable_schema`` (which lets SQLite open a file shorter than its header
    says): the damaged file itself is never opened for writing."""
    with _ScratchCopy(path) as source:
        source.execute("PRAGMA writable_schema=ON")
        games_columns = _salvage_columns(source, "games")
        games: RawGames = []
        for gid in _readable_game_ids(source):
            try:
                row = source.execute(f"SELECT {games_columns} FROM games WHERE id = ?", (gid,)).fetchone()
            except SQLITE_ERRORS:
                continue
            if row is not None and row[0] is not None and row[2] is not None:
                games.append(_fill_damaged_game_row(row))
        if not games:
            raise JournalError(f"{path!r}: not one game can be read from it")
        try:
            columns = _salvage_columns(source, "entries")
        except SQLITE_ERRORS:
            columns = _ENTRY_COLUMNS
        found: RawEntries = {}
        for game_row in games:
            # row by row, each its own lookup: a scan would lose the last good row before a bad
            # page (Python's cursor reads one row ahead), and a later row is no use after a gap
            rows: list[tuple[Any, ...]] = []
            problem: str | None = None
            while True:
                try:
                    raw = source.execute(f"SELECT {columns} FROM entries WHERE game = ? AND n = ?",
                                         (game_row[0], len(rows) + 1)).fetchone()
                except SQLITE_ERRORS as exc:
                    problem = f"row {len(rows) + 1} and later cannot be read ({exc})"
                    break
                if raw is None:
                    problem = _rows_after(source, game_row[0], len(rows))
                    break
                rows.append(raw)
            found[int(game_row[0])] = (rows, problem)
        return games, found


def _rows_after(source: sqlite3.Connection, game: Any, last: int) -> str | None:
    """Why the rows of ``game`` stop after ``last``: None when there really are no more; a problem
    when a scan finds later rows (a gap) or cannot read on (a page that is gone)."""
    try:
        later = [n for (n,) in source.execute("SELECT n FROM entries WHERE game = ? AND n > ? ORDER BY n",
                                              (game, last))]
    except SQLITE_ERRORS as exc:
        return f"row {last + 1} and later cannot be read ({exc})"
    return f"row {last + 1} is missing ({len(later)} later rows are kept aside)" if later else None


def _readable_game_ids(source: sqlite3.Connection) -> list[int]:
    """The ids of the games rows SQLite can still find: a scan, then (as a scan stops at the first
    unreadable page and loses the row it read ahead) a look-up of each of the next few ids."""
    ids: list[int] = []
    try:
        for (gid,) in source.execute("SELECT id FROM games ORDER BY id"):
            if isinstance(gid, int) and not isinstance(gid, bool):
                ids.append(gid)
    except SQLITE_ERRORS:
        start = max(ids, default=0)
        ids.extend(range(start + 1, start + 17))
    return ids


def _salvage_columns(source: sqlite3.Connection, table: str) -> str:
    """The columns to read from a damaged file, whatever its table version: a version 1 file has no
    mode, options or revision (its games are Ankh-Morpork by their edition, revision 1), a version
    1 or 2 file no entry hashes (they are computed for the fresh file)."""
    present = {str(row[1]) for row in source.execute(f"PRAGMA table_info({table})")}
    if table == "entries":
        return _ENTRY_COLUMNS.replace("hash", "hash" if "hash" in present else "NULL AS hash")
    fallback = {"mode": f"'{DEFAULT_MODE}'", "options": "json_object('edition', edition)", "revision": "1"}
    return ", ".join(name if name in present or name not in fallback else f"{fallback[name]} AS {name}"
                     for name in _GAME_COLUMNS.split(", "))


def describe_damage(path: str | os.PathLike[str]) -> str:
    """Name the first unreadable row of each damaged game in a file SQLite refuses to open."""
    try:
        _, found = _read_damaged(os.fspath(path))
    except (JournalError, *SQLITE_ERRORS, OSError) as exc:
        return str(exc)
    damaged = [f"game {gid} {problem}" for gid, (_, problem) in found.items() if problem]
    return "; ".join(damaged) if damaged else "every row still reads"


def salvage_file(path: str | os.PathLike[str], clock: Clock = _now) -> SalvageReport:
    """Copy what SQLite can still read of a damaged journal into a fresh file at ``path``.

    Salvage first, then swap: the rows are read from a scratch copy, written to a fresh file
    beside the damaged one, and only when that file is complete is the damaged file (and its
    ``-wal``/``-shm``) renamed to ``PATH.damaged-<time>`` and the fresh one put in its place. So
    nothing is ever written into the damaged file, and a failure half-way (a full disk) leaves it
    where it was. Rows that could not be read stay in the kept file for whoever wants to look, and
    the report (and each salvaged game's note) says from which row on. Each game keeps its id and its
    longest readable prefix of raw rows, with their stored hashes (garbage or changed rows are
    copied as they are, so the ordinary row checks and :meth:`Journal.fork` deal with them).
    """
    path = os.fspath(path)
    aside = f"{path}.damaged-{clock().astimezone(timezone.utc).strftime('%Y%m%dT%H%M%S%f')}"
    try:
        games, found = _read_damaged(path)
    except (*SQLITE_ERRORS, OSError) as exc:
        raise JournalError(f"cannot read {path!r} to salvage it ({exc})") from None
    fresh = f"{path}.salvaging"
    for leftover in (fresh, fresh + "-wal", fresh + "-shm"):
        if os.path.exists(leftover):
            os.remove(leftover)
    report: dict[int, tuple[int, str | None]] = {}
    try:
        with Journal(fresh, clock) as target:
            db = target._db
            with _write(db):
                for game_row in games:
                    gid = int(game_row[0])
                    rows, problem = found[gid]
                    note = (str(game_row[6]) + " " if game_row[6] else "") + \
                        (f"[salvaged from {aside!r}: {problem}]" if problem else f"[salvaged from {aside!r}]")
                    db.execute(f"INSERT INTO games ({_GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                               (*game_row[:6], note, *game_row[7:]))
                    _insert_entries(db, gid, [r if r[6] is not None else r[:6] for r in rows])
                    report[gid] = (len(rows), problem)
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except SQLITE_ERRORS as exc:
        for leftover in (fresh, fresh + "-wal", fresh + "-shm"):
            if os.path.exists(leftover):
                os.remove(leftover)
        raise sqlite_problem(fresh, exc, "writing the salvaged copy") from None
    except BaseException:
        for leftover in (fresh, fresh + "-wal", fresh + "-shm"):
            if os.path.exists(leftover):
                os.remove(leftover)
        raise
    os.replace(path, aside)
    for suffix in ("-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.replace(path + suffix, aside + suffix)
    for suffix in ("-wal", "-shm"):
        if os.path.exists(fresh + suffix):
            os.remove(fresh + suffix)
    os.replace(fresh, path)
    return SalvageReport(aside, report)


def backup_file(path: str | os.PathLike[str], target: str | os.PathLike[str]) -> int:
    """Copy the journal at ``path`` to ``target`` with SQLite's backup API while it may be in use:
    the copy holds every acknowledged input, including those still in the ``-wal`` file that a
    plain file copy misses. ``target`` must not exist (nothing is overwritten). Returns the number
    of entries copied."""
    path, target = os.fspath(path), os.fspath(target)
    if os.path.exists(target):
        raise JournalError(f"{target!r} already exists; a backup never overwrites a file")
    with Journal(path) as journal:
        try:
            copy = sqlite3.connect(target, isolation_level=None)
        except SQLITE_ERRORS as exc:
            raise sqlite_problem(target, exc, "creating the backup") from None
        try:
            journal._db.backup(copy)
            count = int(copy.execute("SELECT count(*) FROM entries").fetchone()[0])
        except BaseException as exc:
            copy.close()
            for leftover in (target, target + "-wal", target + "-shm"):
                if os.path.exists(leftover):
                    os.remove(leftover)
            if isinstance(exc, SQLITE_ERRORS):
                raise sqlite_problem(target, exc, "writing the backup") from None
            raise
        copy.close()
    return count
