"""Which result the table has already left: a small record beside the journal.

When a random event ends, the mode publishes its result (``Progress.outcome``) and the app shows it
until the players tap "continue". Which result they have dismissed is navigation, not a fact of the
game: no rule depends on it, replay must not see it, and an undo must not be asked to cross it. So it
is not a journal entry (the journal holds the table's facts only, and an older companion would refuse
an entry kind it does not know); it is this record, kept in the app's data folder next to the
journal, so that a restart — a closed app or a pulled plug — comes back to the screen the table was
looking at, not to a result it had already left.

The record names the position by where the journal stands (:class:`JournalPosition`: the game's id,
its creation stamp and its last journal row, :attr:`companion.core.session.Session.last_row`): any
change to the game (an input, an undo, a redo) appends a row and so is another position, whose
result is shown; a recovered game is another game. A record that does not match names nothing.

It is written before the screen changes, whole or not at all (:func:`ui.durable.write_durably`), so
a plug pulled after "continue" finds it. Anything wrong with it — missing, not JSON, the wrong
shape, unreadable, unwritable — degrades to what the table saw before this record existed:
the result is shown again, and the game goes on. Never a traceback. Kivy-free on purpose.

The file (``navigation.json``)::

    {"format": "ankh-companion-navigation/1",
     "continued": {"game": 3, "created": "2026-11-25T02:14:56.123Z", "row": 41}}
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from companion.core.jsontext import parse_json
from ui.durable import write_durably

if TYPE_CHECKING:
    from companion.core.session import Session

log = logging.getLogger(__name__)

FILE_NAME: Final = "navigation.json"
FORMAT: Final = "ankh-companion-navigation/1"
MAX_BYTES: Final = 4096
"""The record is a few dozen bytes; anything longer is not one (and is not read in whole)."""


@dataclass(frozen=True)
class JournalPosition:
    """A position of a game as the journal holds it: the game (its id, and its creation stamp, so
    a journal replaced by another file whose game has the same id does not match) and the number of
    its last journal row."""

    game: int
    created: str
    row: int

    @classmethod
    def of(cls, session: Session[Any] | None) -> JournalPosition | None:
        """Where ``session``'s open game stands, or None when no game is open."""
        record = session.record if session is not None else None
        if session is None or record is None:
            return None
        return cls(record.id, record.created, session.last_row)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "created": self.created, "row": self.row}

    @classmethod
    def from_json(cls, doc: Any) -> JournalPosition:
        """The position a record names; a field of the wrong type is a ``ValueError`` naming it."""
        if not isinstance(doc, dict):
            raise ValueError(f"'continued' is {type(doc).__name__}, not an object")
        for name, kind in (("game", int), ("created", str), ("row", int)):
            value = doc.get(name)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise ValueError(f"'continued.{name}' is {value!r:.40}, not a {kind.__name__}")
        return cls(doc["game"], doc["created"], doc["row"])


def record_path(data_dir: Path) -> Path:
    return data_dir / FILE_NAME


def load_continued(path: Path) -> JournalPosition | None:
    """The position whose result the table last left with "continue", or None: no record yet, or
    one that cannot be read (logged; the result is then shown again)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise ValueError(f"longer than {MAX_BYTES} bytes")
        doc = parse_json(raw, "the navigation record")
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            found = doc.get("format") if isinstance(doc, dict) else type(doc).__name__
            raise ValueError(f"expected format {FORMAT!r}, found {found!r:.40}")
        continued = doc.get("continued")
        return None if continued is None else JournalPosition.from_json(continued)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:  # ValueError: also JsonTextError and UnicodeDecodeError
        log.warning("navigation record %r unreadable (%s): a result left before is shown again", str(path), exc)
        return None


def save_continued(path: Path, position: JournalPosition | None) -> bool:
    """Record that the table left the result of ``position``, durably (written, flushed to the
    disk, renamed into place). False (logged) when the record cannot be written: the game goes on,
    and only a restart would show that result again."""
    text = json.dumps({"format": FORMAT, "continued": position.to_json() if position is not None else None},
                      ensure_ascii=False, sort_keys=True)
    try:
        write_durably(path, text + "\n")
    except OSError as exc:
        log.warning("navigation record %r not written (%s): after a restart that result is shown again",
                    str(path), exc)
        return False
    return True
