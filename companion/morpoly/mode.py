"""Ankh-Morpoly as a game mode (:class:`companion.core.mode.GameMode`).

The rules live in this package (``game``, ``turn``, ``landing``, ``cards``, ``building``, ``debts``,
``takeover``); this module presents them to the core: the options, set-up, ``apply``, the question,
the (public) views, what is awaited now, and the result. Monopoly is a game of open information, so
every viewer sees everything (reference §8.4).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from companion.core.inputs import Input
from companion.core.journal import GameResult
from companion.core.mode import Option, Progress, RollPurpose, check_revision, resolve_options
from companion.core.procedure import Narration, Question
from companion.morpoly import game as engine
from companion.morpoly import ledger_view
from companion.morpoly.editions import EDITION_IDS, load_edition
from companion.morpoly.game import Game
from companion.morpoly.game_end import standings
from companion.morpoly.handovers import CHECKER
from companion.morpoly.options import OPTIONS as RULING_OPTIONS
from companion.morpoly.revisions import LATEST
from companion.morpoly.state_format import state_to_json

REVISION: Final = LATEST
"""The rules revision games are started with now (``companion.morpoly.revisions``); raise it when a
change alters what is asked or decided, and keep the old behaviour for games recorded with an older
one."""

OPTIONS: Final = (
    Option("edition", "us", EDITION_IDS,
           "the Monopoly set on the table: us (US dollars), de (German euro / Monopoly-dollar) or de-dm "
           "(the old German D-Mark set, every amount × 20)"),
    Option("base", "variant", ("variant", "standard"),
           "variant: the Ankh-Morpoly changes to standard Monopoly (§1: no income in jail, no auctions, the "
           "hotel rule, double GO salary on an exact landing, interest at GO); standard: plain Monopoly"),
    Option("bank", "app", ("app", CHECKER),
           "app: the companion is the bank and holds every party's cash (no paper money); checker: the table "
           "plays with paper money and the companion says who hands whom which amount"),
) + RULING_OPTIONS
"""The set, the base rules and who holds the money, then the Fortuna and ELAM switches and every §7 ruling with an
alternative (``companion.morpoly.options``)."""


class AnkhMorpolyMode:
    """See the module docstring."""

    id: Final = "ankh-morpoly"
    title: Final = "Ankh-Morpoly"
    revision: Final = REVISION
    options: Final = OPTIONS

    def new_game(self, players: Sequence[str], options: Mapping[str, str], names: Sequence[str] | None,
                 revision: int = REVISION) -> Game:
        check_revision(self.id, revision, REVISION)
        return engine.new_game(list(players), resolve_options(OPTIONS, options),
                               list(names) if names is not None else None, revision)

    def apply(self, game: Game, inp: Input) -> Game:
        return engine.apply(game, inp)

    def question(self, game: Game) -> Question | None:
        return game.question

    def narration(self, game: Game) -> Sequence[Narration]:
        return game.narration

    def narration_for(self, game: Game, viewer: str | None) -> Sequence[Narration]:
        return game.narration

    def view(self, game: Game, viewer: str | None) -> dict[str, Any]:
        """The position (``ankh-morpoly-state/1``) and the exposure view of the FSU ledger
        (``exposure``, :mod:`companion.morpoly.ledger_view`): every viewer sees all of it."""
        return {**state_to_json(game.state), **ledger_view.view(game.state)}

    def question_for(self, game: Game, viewer: str | None) -> dict[str, Any] | None:
        return None if game.question is None else game.question.to_json()

    def progress(self, game: Game) -> Progress:
        question = game.question
        roll = None
        if question is not None and question.kind == "roll":
            roll = RollPurpose(question.player, question.key, dice=question.dice, sides=question.sides)
        return Progress(self._screen(game), (), roll)

    @staticmethod
    def _screen(game: Game) -> str:
        if game.is_over:
            return "gameend"
        if game.pending is not None and game.pending.name == "setup":
            return "setup"
        return "turn"

    def result(self, game: Game, inputs: int) -> GameResult | None:
        """The finished game for the history: each party's boss with its guilds and, as its score,
        its net worth, richest first — the standings the game-end screen shows (R8's measure of
        wealth); Home listed the cash alone, $394 for a winner the game end ranked at $2,634."""
        state = game.state
        over = state.game_over
        if over is None:
            return None
        guilds = {p.boss: ",".join(p.guilds) or None for p in state.parties}
        worth = {s.boss: s.net_worth for s in standings(state, load_edition(state.edition))}
        return GameResult((over.winner,), over.reason, guilds, worth, state.turn.number, inputs)


MODE: Final = AnkhMorpolyMode()
