"""Discworld: Ankh-Morpork as a game mode (:class:`companion.core.mode.GameMode`).

The rules live in this package (``game``, ``turn``, ``actions``, ``cards``, ``events``, ``scoring``);
this module only presents them to the core: the options a table can set, set-up, ``apply``, the
question, the views, what is being played or resolved now, and the result.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from companion.core.errors import InputError
from companion.core.inputs import Input
from companion.core.journal import GameResult
from companion.core.mode import Progress, RollPurpose
from companion.core.procedure import Narration, Question
from companion.morpork import game as engine
from companion.morpork.game import Game
from companion.morpork.options import OPTIONS

REVISION: Final = 1
"""The rules revision games are started with now; raise it when a change alters what is asked or
decided, and keep the old behaviour for games recorded with an older one."""


class AnkhMorporkMode:
    """See the module docstring."""

    id: Final = "ankh-morpork"
    title: Final = "Discworld: Ankh-Morpork"
    revision: Final = REVISION
    options: Final = OPTIONS

    def new_game(self, players: Sequence[str], options: Mapping[str, str], names: Sequence[str] | None,
                 revision: int = REVISION) -> Game:
        if not 1 <= revision <= REVISION:
            raise InputError(f"rules revision {revision!r}: this companion plays {self.id} revisions 1 to "
                             f"{REVISION}; the game was started by a newer one")
        return engine.new_game(list(players), options.get("edition", "en"),
                               list(names) if names is not None else None, options)

    def apply(self, game: Game, inp: Input) -> Game:
        return engine.apply(game, inp)

    def question(self, game: Game) -> Question | None:
        return game.question

    def narration(self, game: Game) -> Sequence[Narration]:
        return game.narration

    def narration_for(self, game: Game, viewer: str | None) -> Sequence[Narration]:
        return engine.narration_for(game, viewer)

    def view(self, game: Game, viewer: str | None) -> dict[str, Any]:
        return engine.view(game, viewer)

    def question_for(self, game: Game, viewer: str | None) -> dict[str, Any] | None:
        return engine.question_for(game, viewer)

    def progress(self, game: Game) -> Progress:
        question = game.question
        roll = None
        if question is not None and question.kind == "roll":
            roll = RollPurpose(question.player, question.key)
        return Progress(self._screen(game), (), roll)

    @staticmethod
    def _screen(game: Game) -> str:
        if game.is_over:
            return "gameend"
        question = game.question
        if game.pending is not None and game.pending.name == "setup":
            return "setup"
        if question is not None and (question.key.startswith("event") or question.kind == "roll"):
            return "events"
        return "turn"

    def result(self, game: Game, inputs: int) -> GameResult | None:
        from companion.morpork.scoring import final_score

        state = game.state
        if state.game_over is None:
            return None
        return GameResult(tuple(state.game_over.winners), state.game_over.reason,
                          {p.color: p.personality for p in state.players}, dict(final_score(state).points),
                          state.turn.number, inputs)


MODE: Final = AnkhMorporkMode()
