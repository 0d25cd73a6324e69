"""Asking the table, with the correction every choice question also accepts.

The table may correct a token's position at any choice question: the answer
``place:<token>:<square>`` (or ``place:<token>:jail``) puts the token there as a **placement
without side effects** — nothing passed, nothing landed on, no salary — and the same question is
asked again. It is journalled like any answer (``{"type": "answer", "value": "place:red:24"}``), so
replay and undo treat it as one input of its own. Roll questions take only rolls, so a correction
waits for the next choice. A correction is the kit's :func:`~companion.morpoly.movement.placement`
but not a move of the game: it never goes through :func:`companion.morpoly.moves.moved_steps`, so no
rule (GO money, FSU expiry, a meeting) sees it.

Every roll is two faces bound to the question it answers: the roll question carries its
:class:`~companion.morpoly.events.RollPurpose` (movement, jail attempt, L-Space, a table…).
"""
from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass

from companion.core.frozen import instance
from companion.core.procedure import Narrator, Question, Reason, dice_question
from companion.morpoly.dice import Dice, answered
from companion.morpoly.events import RollPurpose
from companion.morpoly.movement import placement
from companion.morpoly.state import State

Ask = Generator[Question, str, str]


@dataclass(frozen=True)
class TableQuestion(Question):
    """A choice question that also accepts a correction for one of ``tokens``."""

    tokens: tuple[str, ...] = ()

    def accepts(self, answer: str) -> bool:
        return answer in self.options or parse_placement(answer, self.tokens) is not None


def parse_placement(answer: str, tokens: Sequence[str]) -> tuple[str, int, bool] | None:
    """``(token, square, in_jail)`` for a well-formed correction, else ``None``."""
    parts = answer.split(":")
    if len(parts) != 3 or parts[0] != "place" or parts[1] not in tokens:
        return None
    if parts[2] == "jail":
        return parts[1], 10, True
    if not parts[2].isdigit() or not 0 <= int(parts[2]) < 40:
        return None
    return parts[1], int(parts[2]), False


def place(state: State, narrator: Narrator, token_id: str, square: int, in_jail: bool) -> None:
    """The correction itself: the token stands on ``square`` (in jail or not), nothing else happens."""
    token = state.token(token_id)
    token.square, token.in_jail = placement(token_id, square)[-1].square, in_jail
    if not in_jail:
        token.jail_attempts = 0
    if in_jail:
        narrator.say("morpoly.correction.in-jail", f"correction: {token_id} is in jail", token=token_id)
    else:
        narrator.say("morpoly.correction.placed", f"correction: {token_id} is on square {square}",
                     token=token_id, square=square)


def ask_choice(state: State, narrator: Narrator, key: str, text: str, player: str | None,
               options: Sequence[str], *, reveals: bool = False, unavailable: Mapping[str, Reason] | None = None,
               **params: str) -> Ask:
    """Ask ``player`` to pick one of ``options``; corrections in between are applied and the question
    is asked again. Returns the option picked. ``reveals``: the answer is a card drawn face down (an
    undo barrier, see :class:`~companion.core.procedure.Question`). ``unavailable``: answers shown
    greyed, each refused with its reason (the rule it breaks)."""
    if not options:
        raise ValueError(f"a choice needs at least one option: {key!r}")
    tokens = tuple([t.id for t in state.tokens])
    question = instance(TableQuestion, {  # TableQuestion(…) made at once (core.frozen): asked at every input
        "kind": "choice", "key": key, "text": text, "player": player, "options": tuple(options),
        "unavailable": tuple(unavailable.items()) if unavailable else (), "params": tuple(params.items()), "private": False,
        "reveals": reveals, "dice": 1, "sides": 12, "tokens": tokens})
    # :func:`_asked` written out for its usual first answer, an option: a generator of its own for
    # every choice was some 0.7 generators an input of a simulated game, which most never needed
    answer = yield question
    if answer in question.options:
        return answer
    return (yield from _corrected(state, narrator, question, tokens, answer))


def _asked(state: State, narrator: Narrator, question: TableQuestion, tokens: tuple[str, ...]) -> Ask:
    """Ask ``question`` until it is answered: a correction (``place:<token>:<square>``) given in
    between is applied and the same question asked again."""
    answer = yield question
    if answer in question.options:  # most answers: no correction to parse
        return answer
    return (yield from _corrected(state, narrator, question, tokens, answer))


def _corrected(state: State, narrator: Narrator, question: TableQuestion, tokens: tuple[str, ...],
               answer: str) -> Ask:
    """``answer`` to ``question``, not one of its options: a correction is applied and the same
    question asked again, until an answer is not a correction (:func:`_asked`)."""
    while True:
        placement = parse_placement(answer, tokens)
        if placement is None:
            return answer
        place(state, narrator, *placement)
        answer = yield question
        if answer in question.options:
            return answer


def roll(key: str, text: str, player: str | None, purpose: RollPurpose = RollPurpose.TABLE,
         **params: str) -> Generator[Question, str, tuple[int, int]]:
    """Ask for one throw of two six-sided dice for ``purpose``; returns both faces."""
    dice = answered((yield roll_question(purpose, key, text, player, **params)))
    return dice.first, dice.second


_PURPOSES = {purpose: purpose.value for purpose in RollPurpose}
"""Each purpose's name, read once (an enum's ``value`` is a Python-level property; a roll at every
other input)."""


def roll_dice(purpose: RollPurpose, key: str, text: str, player: str | None,
              **params: str) -> Generator[Question, str, Dice]:
    """Ask for one throw of two six-sided dice for ``purpose`` (a parameter of the question, so a
    screen and the journal say what the roll is for); returns the :class:`Dice` pair."""
    return answered((yield roll_question(purpose, key, text, player, **params)))


def roll_question(purpose: RollPurpose, key: str, text: str, player: str | None, **params: str) -> Question:
    """The question of :func:`roll_dice`, for a caller that yields it itself (its answer read by
    :func:`companion.morpoly.dice.answered`): a roll is asked at every other input, and each
    generator between the turn and the question is one more made and stepped through per roll."""
    return dice_question(key, text, player, purpose=_PURPOSES[purpose], **params)


@dataclass(frozen=True)
class AmountQuestion(TableQuestion):
    """A sum of money agreed at the table (a trade's price, an auction's bid): any whole amount in
    ``unit`` steps from one ``unit`` to ``maximum``; ``options`` are the few a screen offers (and any
    word answers such as ``refuse``)."""

    unit: int = 1
    maximum: int = 0

    def accepts(self, answer: str) -> bool:
        if super().accepts(answer):
            return True
        if not (answer.isascii() and answer.isdigit()) or len(answer) > len(str(self.maximum)):
            return False
        value = int(answer)
        return self.unit <= value <= self.maximum and value % self.unit == 0


def amount_suggestions(unit: int, maximum: int) -> list[str]:
    """One unit, then round steps (1, 2, 5 × a power of ten units) up to ``maximum``, about ten."""
    step, factors, index = unit, (2, 5 / 2, 2), 0
    while maximum // step > 10:
        step = int(step * factors[index % 3])
        index += 1
    return [str(a) for a in sorted({unit, *range(step, maximum + 1, step), maximum}) if unit <= a <= maximum]


def ask_amount(state: State, narrator: Narrator, key: str, text: str, player: str | None, unit: int, maximum: int,
               words: Sequence[str] = (), **params: str) -> Ask:
    """Ask for an amount (see :class:`AmountQuestion`) or one of ``words``; corrections in between
    are applied and the question asked again, as at every choice."""
    tokens = tuple(t.id for t in state.tokens)
    question = AmountQuestion("choice", key, text, player, (*words, *amount_suggestions(unit, maximum)),
                              params=tuple(params.items()), tokens=tokens, unit=unit, maximum=maximum)
    return (yield from _asked(state, narrator, question, tokens))
