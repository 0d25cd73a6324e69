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
from companion.core.inputs import Answer, CardScan, DieRoll, Input, answer_text, check_kind
from companion.core.procedure import (
    Narration,
    Narrator,
    Pending,
    ProcedureBody,
    ProcedureFactory,
    Question,
    because,
    not_an_option,
    roll_mismatch,
)
from companion.morpoly.covers import Guild
from companion.morpoly.guilds import check_guild_choice, guild_refusal
from companion.morpoly.questions import ask_choice
from companion.morpoly.revisions import LATEST, PATH_ORDER_AND_BANKER
from companion.morpoly.rules import is_variant
from companion.morpoly.setup import ELAM_GUILDS, GUILDS, new_state
from companion.morpoly.state import State
from companion.morpoly.turn import turn_procedure


def setup_procedure(state: State, narrator: Narrator, args: Mapping[str, Any]) -> ProcedureBody:
    """In the variant each player heads a guild, chosen in seating order (R7): each guild at most
    once, the Assassins only in ELAM (:func:`companion.morpoly.guilds.guild_refusal`). A guild that
    may not be chosen is shown greyed, and answering it is refused naming the rule (standard Monopoly
    has no guilds). With ELAM the table then names the banker (:func:`choose_banker`)."""
    if is_variant(state):
        yield from choose_guilds(state, narrator)
    yield from choose_banker(state, narrator)


def choose_guilds(state: State, narrator: Narrator) -> ProcedureBody:
    """Each player's guild, in seating order (R7)."""
    elam = state.rules.get("elam") == "on"
    chosen: list[Guild] = []
    for party in state.parties:
        refused = {}
        for g in Guild:
            text = guild_refusal(chosen, g, elam)
            if text is not None:
                refused[g.value] = because("morpoly.setup.guild-taken", text, guild=g.value) if g in chosen \
                    else because("morpoly.setup.assassins-elam-only", text)
        free = [g for g in (ELAM_GUILDS if elam else GUILDS) if g not in refused]
        guild = yield from ask_choice(state, narrator, "morpoly.setup.guild", f"{party.id}: which guild do you head?",
                                      party.id, free, unavailable=refused, party=party.id)
        chosen.append(Guild(guild))
        party.guilds.append(guild)
        narrator.say("morpoly.setup.guild", f"{party.id} heads the {guild}", party=party.id, guild=guild)
    check_guild_choice(chosen, elam)  # the whole table, as R7 states it


def choose_banker(state: State, narrator: Narrator) -> ProcedureBody:
    """ELAM: the NPCs are moved by "the player who runs the bank" (L188), and a Monopoly table
    chooses its banker; so the table names him (reference §8.3, set-up), asked of the first seated
    player for the table, the players in seating order as options, the first seated first. A game of
    rules revision 1 was not asked: the first seated player runs the bank there."""
    if state.npcs is None or state.revision < PATH_ORDER_AND_BANKER:
        return
    first = state.seating[0]
    banker = yield from ask_choice(state, narrator, "morpoly.setup.banker", f"{first}: who runs the bank "
                                   f"(and moves Death, the Luggage and CMOT Dibbler)?", first, list(state.seating),
                                   first=first)
    state.npcs.banker = banker
    narrator.say("morpoly.setup.banker", f"{banker} runs the bank and moves the NPCs", banker=banker)


PROCEDURES: dict[str, ProcedureFactory] = {"setup": setup_procedure, "turn": turn_procedure}


class Game(core_game.Game[State]):
    """A game of Ankh-Morpoly at one moment (:class:`companion.core.game.Game`)."""


def new_game(players: Sequence[str], rules: Mapping[str, str], names: Sequence[str] | None = None,
             revision: int = LATEST) -> Game:
    """A new game at set-up, played by rules ``revision`` (``companion.morpoly.revisions``)."""
    state = new_state(list(players), rules)
    state.revision = revision
    if names is not None and len(names) != len(players):
        raise RuleViolation("setup.names", f"{len(names)} names for {len(players)} players: {list(names)!r}")
    return ENGINE.start(state, "setup")


def from_state(state: State) -> Game:
    """A game that continues from a position (``ankh-morpoly-state/1``) with the next turn (from a
    copy: the next turn's start is the state it is given, see :func:`_next_procedure`)."""
    return ENGINE.resume(state.copy())


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
    """The turn that comes next, starting from ``state`` itself: the loop hands over a finished
    procedure's state, which nothing changes any more, and a replay works on its own copy of the
    start (a copy here was a tenth of a simulated game)."""
    if state.game_over is not None:
        return None
    token = next_token(state)
    if token is None:
        return None
    return Pending("turn", {"token": token}, state)


ENGINE: core_game.Procedures[State, Game] = core_game.Procedures(PROCEDURES, _next_procedure, Game)


def check_input(question: Question | None, inp: Input, seq: int) -> str:
    """The answer ``inp`` gives to ``question``, or an :class:`InputError` saying in one line why it
    does not fit (nothing is changed).

    The inputs most are — a player's answer among the options of a choice that greys nothing, a
    throw of as many dice as the roll asks — pass every check here in a few steps; any other goes
    through the full checks one by one (:func:`_checked_value`: they word why, and read greyed
    options still to be worked out, as before). Those one by one were some six calls at every
    input, a few percent of a simulated game; ``tests/companion/test_morpoly_check_input.py``
    holds the two together, as ``tests/companion/test_check_input.py`` does the first game's."""
    if question is not None and (inp.seq is None or inp.seq == seq) and not question.__dict__["unavailable"]:
        if type(inp) is DieRoll:
            faces = inp.faces
            if question.kind == "roll" and faces is not None and len(faces) == question.dice:
                value = _ROLL_TEXTS.get(faces) or answer_text(inp)
                if value in question.options:
                    return value
        elif type(inp) is Answer:
            player = inp.player
            if question.kind == "choice" and (player is None or question.player is None or player == question.player) \
                    and inp.value in question.options:
                return inp.value
    return _checked_value(question, inp, seq)


_ROLL_TEXTS: dict[tuple[int, ...], str] = {(a, b): f"{a},{b}" for a in range(1, 7) for b in range(1, 7)}
"""``roll_text`` of each throw of two six-sided dice, made once (a throw at every other input)."""


def _checked_value(question: Question | None, inp: Input, seq: int) -> str:
    """:func:`check_input` one check at a time, each refusal worded (its quick path must accept
    nothing these refuse)."""
    if question is None:
        raise InputError("the game is over; no input is expected", "input.game-over")
    if inp.seq is not None and inp.seq != seq:
        raise InputError(f"stale input: made at seq {inp.seq!r}, the game is at seq {seq!r}", "input.stale",
                         {"made": inp.seq, "now": seq}, question)
    check_kind(question, inp)
    value = answer_text(inp)
    refused = dict(question.unavailable).get(value) if question.unavailable else None
    if refused is not None:
        raise InputError(refused.text, refused.key, dict(refused.params), question)
    if isinstance(inp, DieRoll):
        mismatch = roll_mismatch(question, inp.faces)
        if mismatch is not None:
            raise InputError(mismatch, "input.roll-dice", {"dice": question.dice, "sides": question.sides}, question)
    if isinstance(inp, CardScan) and inp.kind != dict(question.params).get("deck"):
        raise InputError(f"scanned {inp.kind} card {inp.card!r}, but {question.text!r} does not ask for one",
                         "input.scan-kind", {"kind": inp.kind}, question)
    if not question.accepts(value):
        if question.kind == "roll":
            raise InputError(f"a roll of two dice is two faces from 1 to 6, not {value!r}", "input.roll-two-dice",
                             {"value": value}, question)
        raise not_an_option(question, value, repr(value))
    return value


def apply(game: Game, inp: Input, snapshot: bool = True, replayable: bool = True) -> Game:
    """The game after ``inp``; an :class:`InputError` leaves ``game`` unchanged. ``snapshot=False``
    is for a fold that drops each game as soon as it has the next (a journal's replay): the game
    returned shares the live procedure's working state instead of a copy; ``replayable=False`` as
    well for one that never undoes or resumes either (the simulator): a turn works on the state the
    last one left instead of a copy (see :meth:`companion.core.game.Procedures.answer`)."""
    return ENGINE.answer(game, check_input(game.current_question, inp, game.seq), snapshot, replayable)
