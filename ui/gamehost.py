"""Opening the game journal when the app starts — and starting whatever its state.

The app holds a :class:`companion.core.session.Session` and nothing more: the session owns the
game's history (``session.positions``, ``session.inputs``, ``session.timeline``), the screens read it,
and no second copy is kept or replayed here.

A journal that will not replay must not stop the app (a game night is not lost to a traceback):
:func:`open_session` keeps the file aside, continues the damaged game from its longest valid
prefix as ``game recover`` does (:func:`~companion.core.journal.salvage_file` for a file SQLite
cannot read, :meth:`Session.recover` for a game whose rows do not all replay), and returns a
:class:`Launch` whose ``problem`` names the game and the reason, for the screen to say. Only when even
that fails is the file moved aside whole and a new, empty journal started. Kivy-free on purpose.
"""
from __future__ import annotations

import logging
import os
import random
import shutil
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError
from companion.core.journal import DamagedFileError, JournalError, salvage_file
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


def open_session(path: Path, rng: random.Random | None = None) -> Launch:
    """Open the journal at ``path`` (creating it) and resume its unfinished game, whatever it takes
    (see the module docstring). Never raises for a damaged journal."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return Launch(Session.open(path, rng=rng))
    except DamagedFileError as exc:
        problem: JournalError = exc
        try:
            report = salvage_file(path)  # keeps the damaged file aside itself
            kept = report.kept_aside
        except (CompanionError, OSError) as salvage_failed:
            log.error("journal %s: %s; salvage failed: %s", path, exc, salvage_failed)
            return _fresh(path, salvage_failed, rng, kept=_newest_aside(path))
    except JournalError as exc:
        problem = exc
        try:
            kept = _copy_aside(path)
        except OSError as copy_failed:
            log.error("journal %s: %s; cannot keep a copy: %s", path, exc, copy_failed)
            return _fresh(path, exc, rng)
    except (CompanionError, OSError) as exc:  # not a journal at all, or unreadable
        return _fresh(path, exc, rng)
    log.error("journal %s: %s (kept as %s)", path, problem, kept)
    try:
        session: Session[Any] = Session.open(path, rng=rng, resume=False)
    except (CompanionError, OSError) as exc:
        return _fresh(path, exc, rng)
    try:
        session.resume()
        return Launch(session, LaunchProblem(problem.game, _reason(problem), kept))
    except JournalError:
        pass
    try:
        new_id = session.recover(problem.game)
    except (CompanionError, OSError) as exc:
        session.close()
        log.error("journal %s: recovery failed: %s", path, exc)
        return _fresh(path, problem, rng)
    return Launch(session, LaunchProblem(problem.game, _reason(problem), kept, new_id,
                                         len(session.timeline.applied)))


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
    """The last resort: the whole file aside, a new empty journal in its place."""
    if path.exists():
        kept = _move_aside(path)
    game = exc.game if isinstance(exc, JournalError) else None
    reason = _reason(exc) if isinstance(exc, JournalError) else str(exc)
    return Launch(Session.open(path, resume=False, rng=rng), LaunchProblem(game, reason, kept))


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
        })
    return out


def last_played(session: Session[Any]) -> str | None:
    """When the open game last changed: the time stamp of its newest journal entry (ISO, UTC)."""
    game_id = session.game_id
    if game_id is None:
        return None
    entries = session.journal.entries(game_id)
    return entries[-1].at if entries else session.journal.game(game_id).created
