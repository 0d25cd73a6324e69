"""Where the table was on screen: a small record beside the journal.

When a random event ends, the mode publishes its result (``Progress.outcome``) and the app shows it
until the players tap "continue". Which result they have dismissed is navigation, not a fact of the
game: no rule depends on it, replay must not see it, and an undo must not be asked to cross it. So it
is not a journal entry (the journal holds the table's facts only, and an older companion would refuse
an entry kind it does not know); it is this record, kept in the app's data folder next to the
journal, so that a restart — a closed app or a pulled plug — comes back to the screen the table was
looking at, not to a result it had already left.

The same holds for two more things the table sees and the game does not know:

- **the screen open over the game** (:class:`OpenScreen`): the Journal (and the step picked in it),
  the table, Ankh-Morpoly's FSU ledger. "Resume" brings it back instead of the question's screen.
  It names the game only, not its journal row: an undo or redo made in the Journal keeps it open.
- **the finished game whose end the table is looking at** (``ended``): the journal resumes only an
  unfinished game, so a restart at a game's end came back to Home with nothing to resume — the
  result gone from the screen, and with it the Journal's undo of the step that ended the game
  ("any step can be undone"). Named by game and creation stamp (an undo or redo there keeps it);
  the table leaving for Home, or a new game, forgets it.
- **the results left in other games** (``continued_before``): ``continued`` names one position,
  of the open game; those of the other games the table keeps going (Home lists them) are kept
  here, so going back to one does not show its result again.
- **the unfinished game the table went back to** (``playing``): the journal resumes the newest
  unfinished game, so a table that left a Discworld game for a new Ankh-Morpoly one, went back to
  the first from Home and restarted the app found the Ankh-Morpoly game behind "Resume". Named by
  game and creation stamp; a new game forgets it. A start reads it (and ``ended``) before it replays
  anything and replays that game alone (:func:`game_to_resume`).
- **what was typed on a pad and not yet applied** (:class:`Typed`): the card search text, the one
  face of Ankh-Morpoly's pair tapped so far, the digits of an amount being typed. After a power cut
  the pad shows them again — nothing of them is applied: the table still taps the card, the second
  face, "OK". They belong to the question they were typed for, so they name the journal position
  (its row): any input, undo or redo is another question, and they are dropped. Each game keeps its
  own (``typed`` the pads touched last, ``typed_before`` those of the other games the table keeps
  going): with one kept, a table that typed in one game, went to another and back found its pads
  empty once anything was typed in the other game (issue 16).

A position is named by where the journal stands (:class:`JournalPosition`: the game's id, its
creation stamp and its last journal row, :attr:`companion.core.session.Session.last_row`): any
change to the game (an input, an undo, a redo) appends a row and so is another position, whose
result is shown; a recovered game is another game. A record that does not match names nothing.

It is written before the screen changes, whole or not at all (:func:`ui.durable.write_durably`), so
a plug pulled after "continue" finds it. Anything wrong with it — missing, not JSON, the wrong
shape, unreadable, unwritable — degrades to what the table saw before this record existed: the
result is shown again, the question's screen comes back with empty pads, and the game goes on; a
damaged part costs only that part. Never a traceback. Kivy-free on purpose.

The file (``navigation.json``; ``open``, ``ended``, ``playing``, ``continued_before``, ``typed`` and
``typed_before`` are optional, so a record written before they existed still reads, and an older companion reads a
newer record's ``continued`` and ignores the rest)::

    {"format": "ankh-companion-navigation/1",
     "continued": {"game": 3, "created": "2026-11-25T02:14:56.123Z", "row": 41},
     "ended": {"game": 2, "created": "2026-11-24T20:01:13.402Z", "row": 377},
     "playing": {"game": 3, "created": "2026-11-25T02:14:56.123Z", "row": 41},
     "continued_before": [{"game": 1, "created": "2026-11-23T19:40:02.310Z", "row": 96}],
     "open": {"game": 3, "created": "2026-11-25T02:14:56.123Z", "screen": "journal", "step": 7},
     "typed": {"at": {"game": 3, "created": "2026-11-25T02:14:56.123Z", "row": 44},
               "search": "carc", "faces": [4, null], "amount": "15"},
     "typed_before": [{"at": {"game": 1, "created": "2026-11-23T19:40:02.310Z", "row": 97},
                       "search": "", "faces": [2, null], "amount": ""}]}
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from companion.core.errors import CompanionError
from companion.core.jsontext import parse_json
from ui.durable import write_durably

if TYPE_CHECKING:
    from companion.core.journal import GameRecord, Journal
    from companion.core.session import Session

log = logging.getLogger(__name__)

FILE_NAME: Final = "navigation.json"
FORMAT: Final = "ankh-companion-navigation/1"
MAX_BYTES: Final = 16384
"""The record is a few hundred bytes (at most about 1,600 with every part and eight results left in
other games, and about 450 more for each game's pads at their longest: nine of them, some 5,700);
anything longer is not one (and is not read in whole)."""


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
    def from_json(cls, doc: Any, where: str = "continued") -> JournalPosition:
        """The position a record names; a field of the wrong type is a ``ValueError`` naming it."""
        _fields(doc, where, (("game", int), ("created", str), ("row", int)))
        return cls(doc["game"], doc["created"], doc["row"])

    def same_game(self, game: int, created: str) -> bool:
        return (self.game, self.created) == (game, created)


def _fields(doc: Any, where: str, fields: tuple[tuple[str, type], ...]) -> None:
    """Check that ``doc`` is an object with ``fields`` of those types (``ValueError`` naming the first
    that is not: ``'open.step' is '3', not a int``)."""
    if not isinstance(doc, dict):
        raise ValueError(f"{where!r} is {type(doc).__name__}, not an object")
    for name, kind in fields:
        value = doc.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ValueError(f"'{where}.{name}' is {value!r:.40}, not a {kind.__name__}")


OVER_THE_GAME: Final = ("journal", "table", "morpoly-ledger")
"""The screens a table opens over a running game and a restart brings back (the others come back
as the screen for the game's question)."""

MAX_CONTINUED: Final = 8
"""The other games whose result left with "continue" is kept (a table keeps few games going)."""

MAX_TYPED: Final = 64
"""The longest pad text kept: a card's name or an amount is far shorter."""


@dataclass(frozen=True)
class OpenScreen:
    """The screen open over game ``game`` (its id and creation stamp), and for the Journal the step
    picked in it (-1: none, the latest shown)."""

    game: int
    created: str
    screen: str
    step: int = -1

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "created": self.created, "screen": self.screen, "step": self.step}

    @classmethod
    def from_json(cls, doc: Any) -> OpenScreen:
        _fields(doc, "open", (("game", int), ("created", str), ("screen", str), ("step", int)))
        if doc["screen"] not in OVER_THE_GAME:
            raise ValueError(f"'open.screen' is {doc['screen']!r:.40}, not one of {', '.join(OVER_THE_GAME)}")
        if doc["step"] < -1:
            raise ValueError(f"'open.step' is {doc['step']}, not a step")
        return cls(doc["game"], doc["created"], doc["screen"], doc["step"])

    def of_game(self, position: JournalPosition | None) -> bool:
        """True when this is the screen open over the game at ``position``."""
        return position is not None and position.same_game(self.game, self.created)


Faces = tuple[int | None, int | None]


@dataclass(frozen=True)
class Typed:
    """What the pads hold, typed for the question at ``at`` and not applied: the card search text,
    the faces of a pair tapped so far, the digits typed on the amount pad (which comes back open
    when there are some)."""

    at: JournalPosition
    search: str = ""
    faces: Faces = (None, None)
    amount: str = ""

    @property
    def is_empty(self) -> bool:
        return not self.search and self.faces == (None, None) and not self.amount

    def to_json(self) -> dict[str, Any]:
        return {"at": self.at.to_json(), "search": self.search, "faces": list(self.faces), "amount": self.amount}

    @classmethod
    def from_json(cls, doc: Any) -> Typed:
        _fields(doc, "typed", (("search", str), ("faces", list), ("amount", str)))
        at = JournalPosition.from_json(doc.get("at"), "typed.at")
        search, faces, amount = doc["search"], doc["faces"], doc["amount"]
        if len(search) > MAX_TYPED:
            raise ValueError(f"'typed.search' is longer than {MAX_TYPED} characters")
        if len(faces) != 2 or not all(f is None or (type(f) is int and 1 <= f <= 6) for f in faces):
            raise ValueError(f"'typed.faces' is {faces!r:.40}, not two faces 1-6 or null")
        if len(amount) > MAX_TYPED or amount and not (amount.isdecimal() and amount.isascii()):
            raise ValueError(f"'typed.amount' is {amount!r:.40}, not digits")
        return cls(at, search, (faces[0], faces[1]), amount)


@dataclass(frozen=True)
class Navigation:
    """The whole record: the result left with "continue" (in the open game and in others), the game
    whose end is on screen, the game the table went back to, the screen open over the game, what
    the pads hold. Each part is None, or ``()`` for ``continued_before``, when there is none (or it
    could not be read)."""

    continued: JournalPosition | None = None
    open: OpenScreen | None = None
    typed: Typed | None = None
    ended: JournalPosition | None = None
    """The finished game whose end the table is looking at (its row: where it ended when the end was
    first shown; only the game and its stamp name it, :meth:`ended_game`)."""
    playing: JournalPosition | None = None
    """The unfinished game the table went back to from Home, when it is not the newest one (its row:
    where it stood then; only the game and its stamp name it)."""
    continued_before: tuple[JournalPosition, ...] = ()
    """The results left with "continue" in other games (at most :data:`MAX_CONTINUED`, newest first):
    with one position kept, a result continued in one Discworld game was shown again when the
    table went back to another from Home."""
    typed_before: tuple[Typed, ...] = ()
    """What the pads hold in the other games (at most :data:`MAX_CONTINUED`, newest first; ``typed``:
    the game whose pads changed last), each for its own question: a game's pads are its own."""

    def left(self, position: JournalPosition | None) -> bool:
        """True when the table left the result of ``position`` with "continue"."""
        return position is not None and (position == self.continued or position in self.continued_before)

    def continuing(self, position: JournalPosition | None) -> Navigation:
        """This record with the result of ``position`` left: another game's result left before stays
        left (:attr:`continued_before`)."""
        earlier = [p for p in (self.continued, *self.continued_before)
                   if p is not None and (position is None or not position.same_game(p.game, p.created))]
        return replace(self, continued=position, continued_before=tuple(earlier[:MAX_CONTINUED]))

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"format": FORMAT,
                               "continued": self.continued.to_json() if self.continued is not None else None}
        if self.open is not None:
            doc["open"] = self.open.to_json()
        if self.ended is not None:
            doc["ended"] = self.ended.to_json()
        if self.playing is not None:
            doc["playing"] = self.playing.to_json()
        if self.continued_before:
            doc["continued_before"] = [p.to_json() for p in self.continued_before]
        if self.typed is not None and not self.typed.is_empty:
            doc["typed"] = self.typed.to_json()
        if self.typed_before:
            doc["typed_before"] = [t.to_json() for t in self.typed_before]
        return doc

    def ended_game(self, position: JournalPosition | None) -> bool:
        """True when ``position``'s game is the finished one whose end the table is looking at."""
        ended = self.ended
        return ended is not None and position is not None and position.same_game(ended.game, ended.created)

    def typed_at(self, position: JournalPosition | None) -> Typed | None:
        """What the pads hold for the question at ``position`` (None: nothing typed for it), in
        whichever game it is."""
        if position is None:
            return None
        return next((t for t in (self.typed, *self.typed_before) if t is not None and t.at == position), None)

    def typing(self, typed: Typed) -> Navigation:
        """This record with ``typed`` what the pads hold in its game (none when it is empty); what the
        other games' pads hold stays (:attr:`typed_before`, the one touched last first)."""
        at = typed.at
        others = [t for t in (self.typed, *self.typed_before)
                  if t is not None and not t.at.same_game(at.game, at.created)]
        return replace(self, typed=None if typed.is_empty else typed, typed_before=tuple(others[:MAX_CONTINUED]))


def _typed_before(doc: Any) -> tuple[Typed, ...]:
    """The ``typed_before`` part: a list of pads, each for its question (``ValueError`` naming the
    first that is not)."""
    if not isinstance(doc, list) or len(doc) > MAX_CONTINUED:
        raise ValueError(f"'typed_before' is not a list of at most {MAX_CONTINUED} pads")
    return tuple(Typed.from_json(t) for t in doc)


def _continued_before(doc: Any) -> tuple[JournalPosition, ...]:
    """The ``continued_before`` part: a list of positions (``ValueError`` naming the first that is not)."""
    if not isinstance(doc, list) or len(doc) > MAX_CONTINUED:
        raise ValueError(f"'continued_before' is not a list of at most {MAX_CONTINUED} positions")
    return tuple(JournalPosition.from_json(p, "continued_before") for p in doc)


def record_path(data_dir: Path) -> Path:
    return data_dir / FILE_NAME


def load(path: Path) -> Navigation:
    """The record at ``path``: empty when there is none, and each part that cannot be read left out
    (logged: that result is shown again, that screen or pad comes back as it starts)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise ValueError(f"longer than {MAX_BYTES} bytes")
        doc = parse_json(raw, "the navigation record")
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            found = doc.get("format") if isinstance(doc, dict) else type(doc).__name__
            raise ValueError(f"expected format {FORMAT!r}, found {found!r:.40}")
    except FileNotFoundError:
        return Navigation()
    except (OSError, ValueError) as exc:  # ValueError: also JsonTextError and UnicodeDecodeError
        log.warning("navigation record %r unreadable (%s): a result left before is shown again", str(path), exc)
        return Navigation()
    parts: dict[str, Any] = {}
    readers: dict[str, Any] = {"continued": JournalPosition.from_json, "open": OpenScreen.from_json,
                               "typed": Typed.from_json, "ended": lambda doc: JournalPosition.from_json(doc, "ended"),
                               "playing": lambda doc: JournalPosition.from_json(doc, "playing"),
                               "continued_before": _continued_before, "typed_before": _typed_before}
    for name, read in readers.items():
        value = doc.get(name)
        try:
            if value is not None:  # a part left out keeps its default
                parts[name] = read(value)
        except ValueError as exc:
            log.warning("navigation record %r: %s left out (%s)", str(path), name, exc)
    return Navigation(**parts)


def save(path: Path, navigation: Navigation) -> bool:
    """Write the record durably (written, flushed to the disk, renamed into place). False (logged)
    when it cannot be written: the game goes on, and only a restart would miss it."""
    text = json.dumps(navigation.to_json(), ensure_ascii=False, sort_keys=True)
    try:
        write_durably(path, text + "\n")
    except OSError as exc:
        log.warning("navigation record %r not written (%s): after a restart that screen is not brought back",
                    str(path), exc)
        return False
    return True


def game_to_resume(record: Navigation, journal: Journal) -> int | None:
    """The one game a start replays: the game the table was on. The journal's newest unfinished game
    (what :meth:`~companion.core.session.Session.resume` takes by default), unless the table had gone
    back to an older unfinished one from Home (``playing``), or was looking at the end of a finished
    one (``ended``: newer than that game, or the one it had gone back to). None: the newest, as
    before. Chosen before any replay, so a restart replays that game once, not the newest first and
    then this one (issue 16: on a long newest game that was its whole replay, thrown away)."""
    chosen = journal.current_game()
    playing, ended = record.playing, record.ended
    if playing is not None and (chosen is None or chosen.id != playing.game):
        chosen = _named(journal, playing, "playing") or chosen
    gone_back_to = playing is not None and ended is not None and playing.same_game(ended.game, ended.created)
    if ended is not None and (chosen is None or chosen.id < ended.game or gone_back_to):
        chosen = _named(journal, ended, "finished") or chosen
    return chosen.id if chosen is not None else None


def _named(journal: Journal, position: JournalPosition, status: str) -> GameRecord | None:
    """The game ``position`` names when it is in the journal with ``status`` and the same creation
    stamp (a journal replaced by another file, a game since finished or taken back): else None."""
    try:
        game = journal.game(position.game)
    except CompanionError as exc:
        log.warning("the game %s the table was on is not in the journal: %s", position.game, exc)
        return None
    return game if game.status == status and game.created == position.created else None


def load_continued(path: Path) -> JournalPosition | None:
    """The position whose result the table last left with "continue", or None: no record yet, or
    one that cannot be read (logged; the result is then shown again)."""
    return load(path).continued


def save_continued(path: Path, position: JournalPosition | None) -> bool:
    """Record that the table left the result of ``position`` (the record's other parts kept)."""
    return save(path, replace(load(path), continued=position))
