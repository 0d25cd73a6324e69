"""The input check's quick path accepts nothing the full checks refuse, and gives the same answer.

``check_input`` first tries ``_fitting_value`` (the checks most inputs pass, in fewer steps: a few
percent of a simulated game) and only then the full checks that word a refusal. Two copies of one
rule drift apart unless something holds them together: here every question of three simulated
games is met with many inputs — its options, other values, scans of every kind, rolls of one and
two dice, another player's input, a stale one — and wherever the quick path says yes, the full
checks must say the same.
"""
from __future__ import annotations

import random
from typing import Any

from companion.cli.simulate import play_game
from companion.core.errors import InputError
from companion.core.inputs import Answer, CardScan, DieRoll, Input, RandomDraw
from companion.core.procedure import Question
from companion.morpork.board import AREA_IDS
from companion.morpork.catalog import CARD_IDS, EVENT_IDS, PERSONALITY_IDS
from companion.morpork.game import _checked_value, _fitting_value, check_input


def _questions() -> list[tuple[Question, int, Input]]:
    """Every question of three four-player games, with its seq and the table's own answer."""
    met: list[tuple[Question, int, Input]] = []

    def seen(game: Any, inp: Input) -> None:
        met.append((game.question, game.seq, inp))

    rng = random.Random(7)
    for _ in range(3):
        play_game(rng, 4, check=False, on_input=seen)
    return met


def _inputs(question: Question, seq: int, given: Input) -> list[Input]:
    other = "blue" if question.player != "blue" else "red"
    values = [*question.options[:3], "no-such-value", "7", "3,4"]
    inputs: list[Input] = [given]
    for value in values:
        inputs += [Answer(value), Answer(value, player=question.player), Answer(value, player=other),
                   Answer(value, seq=seq), Answer(value, seq=seq + 1), RandomDraw(value)]
    for kind, ids in (("card", CARD_IDS), ("event", EVENT_IDS), ("personality", PERSONALITY_IDS),
                      ("area", AREA_IDS)):
        for card in [*[o for o in question.options if o in ids][:2], sorted(ids)[0]]:
            inputs += [CardScan(kind, card), CardScan(kind, card, player=other)]
    for face in (1, 7, 12, 13):
        inputs += [DieRoll(face), DieRoll(face, seq=seq + 1)]
    inputs += [DieRoll(faces=(3, 4)), DieRoll(faces=(7,))]
    return inputs


def test_the_quick_path_accepts_only_what_the_full_checks_accept() -> None:
    quick = 0
    for question, seq, given in _questions():
        for inp in _inputs(question, seq, given):
            value = _fitting_value(question, inp) if inp.seq in (None, seq) else None
            try:
                full: str | None = _checked_value(question, inp, seq)
            except InputError:
                full = None
            if value is not None:
                quick += 1
                assert full == value, (question.key, inp, value, full)
            assert (value if value is not None else full) == _answer_or_none(question, inp, seq)
    assert quick > 1000, "the quick path was met (the table's answers take it)"


def _answer_or_none(question: Question, inp: Input, seq: int) -> str | None:
    try:
        return check_input(question, inp, seq)
    except InputError:
        return None
