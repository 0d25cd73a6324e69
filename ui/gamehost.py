"""The game the app holds: the engine's :class:`companion.game.Game` plus every accepted input, so
the app can resume after a pulled plug, show the table at any past step and undo to it.

Kivy-free on purpose: the main thread calls :meth:`GameHost.submit` and nothing else changes the
game. Each accepted input is written (atomically) to ``current-game.json`` before the screen shows
the result; resuming replays those inputs through ``companion.game.apply`` — the engine is a pure
function, so replay gives back exactly the same position. Undo keeps the undone inputs in the file
(``undone``), it never forgets them.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.inputs import CardScan, DieRoll, Input, RandomDraw, input_from_json, input_to_json

log = logging.getLogger(__name__)

FORMAT = "ankh-companion-game/1"


def _engine() -> Any:
    from companion import game as engine  # issue 4's module: imported when a game starts
    return engine


def is_barrier(inp: Input) -> bool:
    """A die roll, a scanned card or a random draw: facts of the table that undo must confirm."""
    return isinstance(inp, (DieRoll, CardScan, RandomDraw))


@dataclass
class Step:
    """One accepted input and the game right after it."""

    index: int
    inp: Input
    game: Any
    narration_from: int


@dataclass
class GameHost:
    """See the module docstring. ``games[i]`` is the game after ``i`` inputs."""

    colors: list[str]
    edition: str
    names: list[str] | None
    path: Path | None = None
    games: list[Any] = field(default_factory=list)
    inputs: list[Input] = field(default_factory=list)
    undone: list[dict[str, Any]] = field(default_factory=list)
    rejected: int = 0
    started: str = ""

    @classmethod
    def new(cls, colors: list[str], edition: str, names: list[str] | None, path: Path | None = None) -> GameHost:
        game = _engine().new_game(list(colors), edition, names)
        host = cls(list(colors), edition, names, path, [game], [],
                   started=datetime.now(timezone.utc).isoformat(timespec="seconds"))
        host._save()
        return host

    @classmethod
    def resume(cls, path: Path) -> GameHost:
        """Replay a saved game; an input the engine now refuses stops the replay there (logged)."""
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("format") != FORMAT:
            raise ValueError(f"{str(path)!r} is not a saved game (format {doc.get('format')!r})")
        host = cls(doc["colors"], doc["edition"], doc.get("names"), path,
                   [_engine().new_game(doc["colors"], doc["edition"], doc.get("names"))], [],
                   list(doc.get("undone", [])), started=doc.get("started", ""))
        engine = _engine()
        for raw in doc["inputs"]:
            inp = input_from_json(raw)
            try:
                host.games.append(engine.apply(host.games[-1], inp))
            except CompanionError as exc:
                log.error("replay stopped at input %d %r: %s", len(host.inputs), raw, exc)
                break
            host.inputs.append(inp)
        return host

    # -- the one door ------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.games[-1]

    def submit(self, inp: Input) -> Any:
        """Apply ``inp``; on a ``CompanionError`` nothing changes (the count of rejections goes up)."""
        try:
            game = _engine().apply(self.game, inp)
        except CompanionError as exc:
            self.rejected += 1
            log.warning("rejected %r: %s", inp, exc)
            raise
        self.games.append(game)
        self.inputs.append(inp)
        self._save()
        return game

    # -- history -----------------------------------------------------------------------------
    def steps(self) -> list[Step]:
        out = []
        for i, inp in enumerate(self.inputs):
            out.append(Step(i + 1, inp, self.games[i + 1], len(self.games[i].narration)))
        return out

    def barriers_after(self, step: int) -> list[Input]:
        """The barrier inputs that undoing back to ``step`` would take back."""
        return [inp for inp in self.inputs[step:] if is_barrier(inp)]

    def undo_to(self, step: int) -> Any:
        """Go back to the game after ``step`` inputs (0: the set-up table)."""
        if not 0 <= step <= len(self.inputs):
            raise ValueError(f"no step {step!r}; the game has steps 0 to {len(self.inputs)}")
        taken = self.inputs[step:]
        self.undone.append({"at": step, "inputs": [input_to_json(i) for i in taken]})
        del self.inputs[step:]
        del self.games[step + 1:]
        self._save()
        return self.game

    # -- persistence -------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "colors": self.colors, "edition": self.edition, "names": self.names,
                "started": self.started, "inputs": [input_to_json(i) for i in self.inputs],
                "undone": self.undone}

    def _save(self) -> None:
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.to_json()), encoding="utf-8")
        tmp.replace(self.path)


def record_finished(history: Path, host: GameHost) -> None:
    """Append a finished game (winners, reason, points) to the past-games list."""
    from companion.scoring import final_score

    state = host.game.state
    over = state.game_over
    entry = {
        "started": host.started,
        "finished": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "players": [{"color": p.color, "name": p.name} for p in state.players],
        "winners": list(over.winners) if over else [],
        "reason": over.reason if over else None,
        "points": final_score(state).points,
    }
    past = load_history(history)
    past.append(entry)
    history.parent.mkdir(parents=True, exist_ok=True)
    history.write_text(json.dumps(past, indent=1), encoding="utf-8")


def load_history(history: Path) -> list[dict[str, Any]]:
    if not history.exists():
        return []
    try:
        data = json.loads(history.read_text(encoding="utf-8"))
        return data if isinstance(data, list) else []
    except ValueError:
        log.error("past games file %r unreadable", str(history))
        return []
