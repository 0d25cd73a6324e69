"""A whole game of Ankh-Morpoly: set-up, then turn after turn, one input at a time.

Like the first game's engine, a :class:`Game` is a value: the table now, the procedure under way
(a :class:`~companion.core.procedure.Pending` replayable from its answers, kept :class:`Live` as a
cache), the number of inputs accepted and the log. :func:`apply` never changes the game it is given.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import InputError, RuleViolation
from companion.core.narration_log import NarrationLog
from companion.core.inputs import CardScan, DieRoll, Input, answer_text, check_kind
from companion.core.procedure import (
    Live,
    Narration,
    Narrator,
    Pending,
    ProcedureBody,
    ProcedureFactory,
    Question,
    because,
    roll_mismatch,
)
from companion.morpoly.covers import Guild
from companion.morpoly.guilds import check_guild_choice, guild_refusal
from companion.morpoly.questions import ask_choice
from companion.morpoly.rules import is_variant
from companion.morpoly.setup import ELAM_GUILDS, GUILDS, new_state
from companion.morpoly.state import State
from companion.morpoly.turn import turn_procedure


def setup_procedure(state: State, narrator: Narrator, args: Mapping[str, Any]) -> ProcedureBody:
    """In the variant each player heads a guild, chosen in seating order (R7): each guild at most
    once, the Assassins only in ELAM (:func:`companion.morpoly.guilds.guild_refusal`). A guild that
    may not be chosen is shown greyed, and answering it is refused naming the rule. Standard
    Monopoly asks nothing."""
    if not is_variant(state):
        return
    elam = state.rules.get("elam") == "on"
    chosen: list[Guild] = []
    for party in state.parties:
        refused = {g.value: because("morpoly.setup.guild-refused", text)
                   for g in Guild for text in [guild_refusal(chosen, g, elam)] if text is not None}
        free = [g for g in (ELAM_GUILDS if elam else GUILDS) if g not in refused]
        guild = yield from ask_choice(state, narrator, "morpoly.setup.guild", f"{party.id}: which guild do you head?",
                                      party.id, free, unavailable=refused, party=party.id)
        chosen.append(Guild(guild))
        party.guilds.append(guild)
        narrator.say("morpoly.setup.guild", f"{party.id} heads the {guild}", party=party.id, guild=guild)
    check_guild_choice(chosen, elam)  # the whole table, as R7 states it


PROCEDURES: dict[str, ProcedureFactory] = {"setup": setup_procedure, "turn": turn_procedure}


@dataclass
class Game:
    state: State
    pending: Pending[State] | None
    seq: int = 0
    narration: Sequence[Narration] = field(default_factory=list)
    settled: int = 0
    current_question: Question | None = field(default=None, repr=False)
    live: Live[State] | None = field(default=None, repr=False, compare=False)

    @property
    def question(self) -> Question | None:
        return self.current_question

    @property
    def is_over(self) -> bool:
        return self.state.game_over is not None


def new_game(players: Sequence[str], rules: Mapping[str, str], names: Sequence[str] | None = None) -> Game:
    state = new_state(list(players), rules)
    if names is not None and len(names) != len(players):
        raise RuleViolation("setup.names", f"{len(names)} names for {len(players)} players: {list(names)!r}")
    return _advance(state, Pending("setup", {}, state.copy()), 0, [], 0)


def from_state(state: State) -> Game:
    """A game that continues from a position (``ankh-morpoly-state/1``) with the next turn."""
    return _advance(state, _next_procedure(state), 0, [], 0)


def _advance(state: State, pending: Pending[State] | None, seq: int, narration: Sequence[Narration], settled: int,
             live: Live[State] | None = None, snapshot: bool = True) -> Game:
    """Run ``pending`` as far as its answers go, then start the next procedures until one asks.
    The game returned holds a copy of the working state (the live procedure goes on changing its
    own), or without ``snapshot`` the working state itself (see :func:`apply`). The narration is a
    :class:`NarrationLog`, so a long game does not copy all its lines at every input."""
    settled_log = NarrationLog.of(narration).prefix(settled)
    while pending is not None:
        if live is None:
            live = Live.replay(PROCEDURES[pending.name], pending.start, pending.args, pending.answers)
        lines = settled_log.plus(live.narrator.lines)
        if live.question is not None:
            return Game(live.state.copy() if snapshot else live.state, pending, seq, lines, settled,
                        live.question, live)
        state = live.state
        settled_log, settled = lines, len(lines)
        pending = _next_procedure(state, copy=False)  # nothing changes a finished procedure's state
        live = None
    return Game(state, None, seq, settled_log, settled, None)


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


def _next_procedure(state: State, copy: bool = True) -> Pending[State] | None:
    """The turn that comes next. Its start is ``state`` itself without ``copy``: a replay works on
    its own copy of the start, so only a state its caller goes on changing needs one."""
    if state.game_over is not None:
        return None
    token = next_token(state)
    if token is None:
        return None
    return Pending("turn", {"token": token}, state.copy() if copy else state)


def check_input(question: Question | None, inp: Input, seq: int) -> str:
    """The answer ``inp`` gives to ``question``, or an :class:`InputError` saying in one line why it
    does not fit (nothing is changed)."""
    if question is None:
        raise InputError("the game is over; no input is expected")
    if inp.seq is not None and inp.seq != seq:
        raise InputError(f"stale input: made at seq {inp.seq!r}, the game is at seq {seq!r}")
    check_kind(question, inp)
    refused = dict(question.unavailable).get(answer_text(inp)) if question.unavailable else None
    if refused is not None:
        raise InputError(refused.text)
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


def apply(game: Game, inp: Input, snapshot: bool = True) -> Game:
    """The game after ``inp``; an :class:`InputError` leaves ``game`` unchanged.

    ``snapshot=False`` is for a fold that drops each game as soon as it has the next (the
    simulator): the game returned shares the live procedure's working state instead of a copy, so it
    is valid only until the next ``apply`` to it (the copy per input was a third of a simulated game)."""
    value = check_input(game.question, inp, game.seq)
    assert game.pending is not None
    pending = Pending(game.pending.name, game.pending.args, game.pending.start, [*game.pending.answers, value])
    live = game.live
    if live is not None and live.is_at(len(game.pending.answers)):
        live.send(value)
    else:
        live = None
    return _advance(game.state, pending, game.seq + 1, game.narration, game.settled, live, snapshot)
