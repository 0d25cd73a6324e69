"""Opening the game journal when the app starts — and starting whatever its state.

The app holds a :class:`companion.core.session.Session` and nothing more: the session owns the
game's history (``session.positions``, ``session.inputs``, ``session.timeline``), the screens read it,
and no second copy is kept or replayed here.

A journal that will not replay must not stop the app (a game night is not lost to a traceback):
:func:`open_session` keeps the file aside, continues the damaged game from its longest valid
prefix as ``game recover`` does (:func:`~companion.core.journal.salvage_file` for a file SQLite
cannot read, :meth:`Session.recover` for a game whose rows do not all replay), and returns a
:class:`Launch` whose ``problem`` names the game and the reason, for the screen to say. Only when even
that fails is the file moved aside whole and a new, empty journal started.

Only damage ever moves or recovers a file. A journal written by a newer companion (another table
version, game mode or rules revision) is left untouched: the app starts without resuming that game
and says why. A journal the app cannot write where it lies (a full disk, a read-only card, a lock
held by a second companion, a failing drive) is no damage either: :class:`JournalUnavailable` stops
the start-up with one line, and the file is left as it is. Kivy-free on purpose.
"""
from __future__ import annotations

import logging
import os
import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError
from companion.core.journal import (ENVIRONMENT_ERRORS, DamagedFileError, Journal, JournalError,
                                    NewerJournalError, salvage_file)
from companion.core.session import Session

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LaunchProblem:
    """Why the unfinished game did not simply resume, and what was done about it."""

    game: int | None
    why: str
    kept_as: str
    continued_as: int | None = None
    entries: int = 0
    error: Exception | None = None
    """The problem itself, for the screen to say in the table's language (``why`` is its English)."""


class JournalUnavailable(Exception):
    """The journal cannot be used where it lies (full, read-only, locked, a failing disk): the app
    cannot keep its promise that nothing is lost, so it does not start; the message says what to do."""


@dataclass
class Launch:
    session: Session[Any]
    problem: LaunchProblem | None = None


def _aside_name(path: Path) -> str:
    return f"{path}.damaged-{datetime.now(timezone.utc).strftime('%Y%m%dT%H%M%S%f')}"


def _copy_aside(path: Path) -> str:
    """Copy the journal (and its ``-wal``) next to itself, untouched, for whoever wants to look."""
    aside = _aside_name(path)
    shutil.copy2(path, aside)
    for suffix in ("-wal", "-shm"):
        if os.path.exists(f"{path}{suffix}"):
            shutil.copy2(f"{path}{suffix}", aside + suffix)
    return aside


def _move_aside(path: Path) -> str:
    aside = _aside_name(path)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(f"{path}{suffix}"):
            os.replace(f"{path}{suffix}", aside + suffix)
    return aside


Choose = Callable[[Journal], int | None]
"""Which game a start resumes, read from the journal before any replay (None: the newest unfinished)."""


def open_session(path: Path, rng: random.Random | None = None, choose: Choose | None = None) -> Launch:
    """Open the journal at ``path`` (creating it) and resume its unfinished game — the one
    ``choose`` names (the game the table was on, :func:`ui.navigation.game_to_resume`), else the
    newest — whatever it takes (see the module docstring). That game alone is replayed. Never
    raises for a damaged journal; raises :class:`JournalUnavailable` when the file cannot be used
    where it lies."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return Launch(_opened(path, rng, choose))
    except ENVIRONMENT_ERRORS as exc:
        raise JournalUnavailable(str(exc)) from None
    except OSError as exc:
        raise JournalUnavailable(f"cannot use {str(path)!r}: {exc.strerror or exc}") from None
    except NewerJournalError as exc:
        return _untouched(path, exc, rng)
    except DamagedFileError as exc:
        problem: JournalError = exc
        try:
            report = salvage_file(path)  # keeps the damaged file aside itself
            kept = report.kept_aside
        except ENVIRONMENT_ERRORS as salvage_failed:
            raise JournalUnavailable(str(salvage_failed)) from None
        except (CompanionError, OSError) as salvage_failed:
            log.error("journal %s: %s; salvage failed: %s", path, exc, salvage_failed)
            return _fresh(path, salvage_failed, rng, kept=_newest_aside(path))
    except JournalError as exc:
        problem = exc
        try:
            kept = _copy_aside(path)
        except OSError as copy_failed:
            raise JournalUnavailable(f"{exc}; cannot keep a copy of the file aside "
                                     f"({copy_failed.strerror or copy_failed})") from None
    except CompanionError as exc:  # not a journal at all
        return _fresh(path, exc, rng)
    log.error("journal %s: %s (kept as %s)", path, problem, kept)
    try:
        session: Session[Any] = Session.open(path, rng=rng, resume=False)
    except ENVIRONMENT_ERRORS as exc:
        raise JournalUnavailable(str(exc)) from None
    except (CompanionError, OSError) as exc:
        return _fresh(path, exc, rng)
    try:
        _resume(session, choose)
        return Launch(session, LaunchProblem(problem.game, _reason(problem), kept, error=problem))
    except JournalError:
        pass
    except BaseException:  # the replay failed otherwise (Ctrl-C, an engine's bug): the file is not left open
        session.close()
        raise
    try:
        new_id = session.recover(problem.game)
    except ENVIRONMENT_ERRORS as exc:
        session.close()
        raise JournalUnavailable(str(exc)) from None
    except (CompanionError, OSError) as exc:
        session.close()
        log.error("journal %s: recovery failed: %s", path, exc)
        return _fresh(path, problem, rng)
    except BaseException:
        session.close()
        raise
    return Launch(session, LaunchProblem(problem.game, _reason(problem), kept, new_id,
                                         len(session.timeline.applied), error=problem))


def _opened(path: Path, rng: random.Random | None, choose: Choose | None) -> Session[Any]:
    """The journal at ``path`` opened with the chosen game resumed, as ``Session.open`` resumes the
    newest (the file closed again when that raises)."""
    session: Session[Any] = Session.open(path, rng=rng, resume=False)
    try:
        _resume(session, choose)
    except BaseException:
        session.close()
        raise
    return session


def _resume(session: Session[Any], choose: Choose | None) -> None:
    """Replay the game ``choose`` names in ``session``'s journal (None: the newest unfinished). One
    written by a newer companion is left as it is and the newest resumed, as when it was chosen
    after the newest had been opened; a damaged one raises, to be recovered as the newest is."""
    game_id = choose(session.journal) if choose is not None else None
    try:
        session.resume(game_id)
    except NewerJournalError as exc:
        if game_id is None:
            raise
        log.warning("the game %s the table was on did not open: %s", game_id, exc)
        session.resume()


def _untouched(path: Path, exc: NewerJournalError, rng: random.Random | None) -> Launch:
    """A journal (or a game in it) from a newer companion: open it without resuming, change nothing."""
    log.error("journal %s: %s (left untouched)", path, exc)
    try:
        return Launch(Session.open(path, rng=rng, resume=False), LaunchProblem(exc.game, _reason(exc), "", error=exc))
    except ENVIRONMENT_ERRORS as unusable:
        raise JournalUnavailable(str(unusable)) from None
    except (CompanionError, OSError):  # the whole file is newer: it cannot even be opened
        raise JournalUnavailable(f"{exc}; the file is left untouched") from None


def _reason(exc: JournalError) -> str:
    """The message without the "game N" prefix (the screen names the game itself)."""
    text = str(exc)
    prefix = f"game {exc.game}, " if exc.game is not None else ""
    return text[len(prefix):] if prefix and text.startswith(prefix) else text


def _newest_aside(path: Path) -> str:
    """The copy :func:`salvage_file` set aside before it gave up (it renames the file first)."""
    found = sorted(p for p in path.parent.glob(path.name + ".damaged-*") if not p.name.endswith(("-wal", "-shm")))
    return str(found[-1]) if found else ""


def _fresh(path: Path, exc: Exception, rng: random.Random | None, kept: str = "") -> Launch:
    """The last resort for a damaged file: the whole file aside, a new empty journal in its place."""
    try:
        if path.exists():
            kept = _move_aside(path)
        session: Session[Any] = Session.open(path, resume=False, rng=rng)
    except (CompanionError, OSError) as failed:
        raise JournalUnavailable(f"{exc}; and a new journal cannot be started: {failed}") from None
    game = exc.game if isinstance(exc, JournalError) else None
    reason = _reason(exc) if isinstance(exc, JournalError) else str(exc)
    return Launch(session, LaunchProblem(game, reason, kept, error=exc))


def past_games(session: Session[Any]) -> list[dict[str, Any]]:
    """Finished games, newest first, in the home screen's shape."""
    out = []
    for record in session.history():
        result = record.result
        names = list(record.names) if record.names else [None] * len(record.players)
        out.append({
            "finished": record.finished or record.created,
            "players": [{"color": c, "name": n} for c, n in zip(record.players, names)],
            "winners": list(result.winners) if result else [],
            "reason": result.reason if result else None,
            "points": dict(result.scores) if result else {},
            "mode": record.mode,
            "edition": record.options.get("edition", record.edition),
            "base": record.options.get("base"),
        })
    return out


def last_played(session: Session[Any]) -> str | None:
    """When the open game last changed: the time stamp of its newest journal entry (ISO, UTC)."""
    game_id = session.game_id
    if game_id is None:
        return None
    return last_played_in(session, game_id)


def last_played_in(session: Session[Any], game_id: int) -> str | None:
    """When game ``game_id`` of the journal last changed (its newest entry's stamp, or its creation's)."""
    entries = session.journal.entries(game_id)
    return entries[-1].at if entries else session.journal.game(game_id).created
