"""The game the app holds: a :class:`companion.core.session.Session` (the durable SQLite journal, issue 5)
plus, for the screens, the game after every input in effect — the journal screen shows the table at
any step and the score chart plots points over the game.

Kivy-free on purpose: the main thread calls :meth:`GameHost.submit` and nothing else changes the
game. The session journals each input (durably) before the new game is returned, so a pulled plug
loses nothing; opening the app resumes the unfinished game by replaying its journal. Undo appends an
``undo``/``correction`` entry — the journal never forgets.
"""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError
from companion.core.inputs import Input, input_from_json
from companion.core.session import GameRules, Session, replay

log = logging.getLogger(__name__)


@dataclass
class Step:
    """One input in effect and the game right after it."""

    index: int
    inp: Input
    game: Any
    narration_from: int


class GameHost:
    """See the module docstring. ``games[i]`` is the game after ``i`` inputs in effect."""

    def __init__(self, session: Session[Any]) -> None:
        self.session = session
        self.games: list[Any] = []
        self.inputs: list[Input] = []
        self.rejected = 0
        self._reload()

    # -- opening -----------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path, rng: random.Random | None = None) -> GameHost:
        """Open the journal (creating it) and resume its unfinished game, if any."""
        path.parent.mkdir(parents=True, exist_ok=True)
        return cls(Session.open(path, rng=rng))

    def new_game(self, colors: list[str], edition: str, names: list[str] | None) -> Any:
        self.session.new_game(list(colors), edition, names)
        self._reload()
        return self.game

    def close(self) -> None:
        self.session.close()

    def _reload(self) -> None:
        """Rebuild the per-step games from the journal (after opening, undo, or a random draw the
        session made on its own)."""
        record = self.session.record
        if record is None or self.session.game is None:
            self.games, self.inputs = [], []
            return
        applied = list(self.session.timeline.applied)
        self.inputs = [input_from_json(e.data) for e in applied]
        self.games, _timeline = replay(GameRules(), record, applied)

    # -- the game now ------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.session.game

    @property
    def has_game(self) -> bool:
        return self.session.game is not None

    @property
    def is_unfinished(self) -> bool:
        game = self.session.game
        return game is not None and not game.is_over

    # -- the one door ------------------------------------------------------------------------
    def submit(self, inp: Input) -> Any:
        """Apply and journal ``inp``; on a ``CompanionError`` nothing changes (and it is counted)."""
        try:
            step = self.session.submit(inp)
        except CompanionError as exc:
            self.rejected += 1
            log.warning("rejected %r: %s", inp, exc)
            raise
        self.games.append(step.game)
        self.inputs.append(inp)
        if len(self.session.timeline.applied) != len(self.inputs):
            self._reload()  # the session answered a random question itself
        return self.game

    # -- history -----------------------------------------------------------------------------
    def steps(self) -> list[Step]:
        return [Step(i + 1, inp, self.games[i + 1], len(self.games[i].narration))
                for i, inp in enumerate(self.inputs)]

    def barriers_after(self, step: int) -> list[Any]:
        """The journal's barrier entries (rolls, revealed cards, secrets) undoing back to ``step``
        would cross."""
        steps = len(self.inputs) - step
        return self.session.barriers_to_undo(steps) if steps > 0 else []

    def undo_to(self, step: int) -> Any:
        """Go back to the game after ``step`` inputs (0: the set-up table); the screen has already
        asked for confirmation when barriers are crossed."""
        if not 0 <= step <= len(self.inputs):
            raise ValueError(f"no step {step!r}; the game has steps 0 to {len(self.inputs)}")
        steps = len(self.inputs) - step
        if steps:
            self.session.undo(steps, confirm=True)
        self._reload()
        return self.game

    def past_games(self) -> list[dict[str, Any]]:
        """Finished games, newest first, in the home screen's shape."""
        out = []
        for record in self.session.history():
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
