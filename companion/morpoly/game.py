"""A whole game of Ankh-Morpoly: set-up, then turn after turn, one input at a time.

Like the first game's engine, a :class:`Game` is a value: the table now, the procedure under way
(a :class:`~companion.core.procedure.Pending` replayable from its answers, kept live as a cache,
run by :class:`companion.core.game.Procedures`), the number of inputs accepted and the log.
:func:`apply` never changes the game it is given.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core import game as core_game
from companion.core.errors import InputError, RuleViolation
from companion.core.inputs import CardScan, DieRoll, Input, answer_text, check_kind
from companion.core.procedure import (
    Narration,
    Narrator,
    Pending,
    ProcedureBody,
    ProcedureFactory,
    Question,
    roll_mismatch,
)
from companion.morpoly.questions import ask_choice
from companion.morpoly.rules import is_variant
from companion.morpoly.setup import ELAM_GUILDS, GUILDS, new_state
from companion.morpoly.state import State
from companion.morpoly.turn import turn_procedure


def setup_procedure(state: State, narrator: Narrator, args: Mapping[str, Any]) -> ProcedureBody:
    """In the variant each player heads a guild, each guild at most once (R7), chosen in seating
    order; the Assassins only in ELAM. Standard Monopoly asks nothing."""
    if not is_variant(state):
        return
    offered = ELAM_GUILDS if state.rules.get("elam") == "on" else GUILDS
    for party in state.parties:
        free = [g for g in offered if all(g not in p.guilds for p in state.parties)]
        guild = yield from ask_choice(state, narrator, "morpoly.setup.guild", f"{party.id}: which guild do you head?",
                                      party.id, free, party=party.id)
        party.guilds.append(guild)
        narrator.say("morpoly.setup.guild", f"{party.id} heads the {guild}", party=party.id, guild=guild)


PROCEDURES: dict[str, ProcedureFactory] = {"setup": setup_procedure, "turn": turn_procedure}


class Game(core_game.Game[State]):
    """A game of Ankh-Morpoly at one moment (:class:`companion.core.game.Game`)."""


def new_game(players: Sequence[str], rules: Mapping[str, str], names: Sequence[str] | None = None) -> Game:
    state = new_state(list(players), rules)
    if names is not None and len(names) != len(players):
        raise RuleViolation("setup.names", f"{len(names)} names for {len(players)} players: {list(names)!r}")
    return ENGINE.start(state, "setup")


def from_state(state: State) -> Game:
    """A game that continues from a position (``ankh-morpoly-state/1``) with the next turn."""
    return ENGINE.resume(state)


def next_token(state: State) -> str | None:
    """The next token in seating order after the one whose turn it was (the first at the start)."""
    alive = {t.id for t in state.tokens}
    seating = state.seating
    start = seating.index(state.turn.token) + 1 if state.turn.token in seating else 0
    for offset in range(len(seating)):
        candidate = seating[(start + offset) % len(seating)]
        if candidate in alive:
            return candidate
    return None


def _next_procedure(state: State) -> Pending[State] | None:
    if state.game_over is not None:
        return None
    token = next_token(state)
    if token is None:
        return None
    return Pending("turn", {"token": token}, state.copy())


ENGINE: core_game.Procedures[State, Game] = core_game.Procedures(PROCEDURES, _next_procedure, Game)


def check_input(question: Question | None, inp: Input, seq: int) -> str:
    """The answer ``inp`` gives to ``question``, or an :class:`InputError` saying in one line why it
    does not fit (nothing is changed)."""
    if question is None:
        raise InputError("the game is over; no input is expected")
    if inp.seq is not None and inp.seq != seq:
        raise InputError(f"stale input: made at seq {inp.seq!r}, the game is at seq {seq!r}")
    check_kind(question, inp)
    if isinstance(inp, DieRoll):
        mismatch = roll_mismatch(question, inp.faces)
        if mismatch is not None:
            raise InputError(mismatch)
    if isinstance(inp, CardScan) and inp.kind != dict(question.params).get("deck"):
        raise InputError(f"scanned {inp.kind} card {inp.card!r}, but {question.text!r} does not ask for one")
    value = answer_text(inp)
    if not question.accepts(value):
        if question.kind == "roll":
            raise InputError(f"a roll of two dice is two faces from 1 to 6, not {value!r}")
        shown = ", ".join(question.options[:12]) + (" …" if len(question.options) > 12 else "")
        raise InputError(f"{value!r} is not an option for {question.text!r} (options: {shown})")
    return value


def apply(game: Game, inp: Input) -> Game:
    return ENGINE.answer(game, check_input(game.question, inp, game.seq))
