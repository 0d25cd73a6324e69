"""Discworld: Ankh-Morpork as a game mode (:class:`companion.core.mode.GameMode`).

The rules live in this package (``game``, ``turn``, ``actions``, ``cards``, ``events``, ``scoring``);
this module only presents them to the core: the options a table can set, set-up, ``apply``, the
question, the views, what is being played or resolved now, and the result.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from companion.core.inputs import Input
from companion.core.journal import GameResult
from companion.core.mode import Activity, Progress, RollPurpose, Step, check_revision
from companion.core.procedure import Narration, Question
from companion.morpork import game as engine
from companion.morpork.game import Game
from companion.morpork.options import OPTIONS
from companion.morpork.revisions import LATEST

REVISION: Final = LATEST
"""The rules revision games are started with now (``companion.morpork.revisions``); raise it when a
change alters what is asked or decided, and keep the old behaviour for games recorded with an older
one."""


class AnkhMorporkMode:
    """See the module docstring."""

    id: Final = "ankh-morpork"
    title: Final = "Discworld: Ankh-Morpork"
    revision: Final = REVISION
    options: Final = OPTIONS

    def new_game(self, players: Sequence[str], options: Mapping[str, str], names: Sequence[str] | None,
                 revision: int = REVISION) -> Game:
        check_revision(self.id, revision, REVISION)
        return engine.new_game(list(players), options.get("edition", "en"),
                               list(names) if names is not None else None, options, revision)

    def apply(self, game: Game, inp: Input) -> Game:
        return engine.apply(game, inp)

    def apply_transient(self, game: Game, inp: Input) -> Game:
        """``apply`` for a replay that drops the game returned at the next input: it shares the
        live procedure's table instead of holding a copy (``companion.morpork.game.apply``)."""
        return engine.apply(game, inp, snapshot=False)

    def question(self, game: Game) -> Question | None:
        return game.current_question  # the field (``Game.question`` is a property: a call of its own per input)

    def narration(self, game: Game) -> Sequence[Narration]:
        return game.narration

    def narration_for(self, game: Game, viewer: str | None) -> Sequence[Narration]:
        return engine.narration_for(game, viewer)

    def view(self, game: Game, viewer: str | None) -> dict[str, Any]:
        return engine.view(game, viewer)

    def question_for(self, game: Game, viewer: str | None) -> dict[str, Any] | None:
        return engine.question_for(game, viewer)

    def progress(self, game: Game) -> Progress:
        """What the turn and event procedures recorded in ``state.under_way`` as they went
        (``companion.morpork.progress``), the roll awaited and what it is for, the screen for
        the current question, and the events screen as the ``outcome`` while the event that ended
        with the last input is what the table just saw (a game that ended with it goes to its
        end screen instead)."""
        under_way = game.state.under_way
        activities = [Activity("card", c.card, c.player,
                               tuple(Step(s, status, why) for s, status, why in zip(c.symbols, c.statuses, c.why)),
                               c.face) for c in under_way.cards]
        event = under_way.event
        if event is not None:
            activities.append(Activity("event", event.event, event.player, (), event.face,
                                       "done" if event.over else "now"))
        question = game.question
        roll = None
        if question is not None and question.kind == "roll":
            roll = RollPurpose(question.player, self._roll_for(game))
        outcome = "events" if event is not None and event.just_over and not game.is_over else ""
        return Progress(self._screen(game), tuple(activities), roll, outcome=outcome)

    @staticmethod
    def _roll_for(game: Game) -> str:
        """What the awaited roll is for: the event under way, else the card whose text rolls, else
        set-up's choice of the first player."""
        under_way = game.state.under_way
        if under_way.event is not None and under_way.event_running:
            return f"event.{under_way.event.event}"
        if under_way.cards:
            return f"card.{under_way.cards[-1].card}"
        if game.pending is not None and game.pending.name == "setup":
            return "setup.first-player"
        return game.question.key if game.question is not None else ""

    @staticmethod
    def _screen(game: Game) -> str:
        """``gameend``, ``setup``, ``events`` while an event is drawn or resolved (the card's ``E``
        symbol), else ``turn`` — a card's own roll included."""
        if game.is_over:
            return "gameend"
        if game.pending is not None and game.pending.name == "setup":
            return "setup"
        under_way = game.state.under_way
        if under_way.event_running or (under_way.cards and under_way.cards[-1].current == "E"):
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
