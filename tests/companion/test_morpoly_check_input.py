"""Ankh-Morpoly's input check: the quick path accepts nothing the full checks refuse, and gives the
same answer (as ``tests/companion/test_check_input.py`` holds the first game's).

``check_input`` first tries a quick path (a choice answered with one of its options, a throw of as
many dice as asked: some six calls fewer at every input) and only then the full checks that word a
refusal (``_checked_value``). Every question of random games (the variant, ELAM and standard
Monopoly) is met with many inputs — its options, other values, corrections, scans, rolls of one and
two dice, another player's input, a stale one — and ``check_input`` must say what the full checks
say: the same answer, or the same refusal.
"""
from __future__ import annotations

import random

from companion.core.errors import InputError
from companion.core.inputs import Answer, CardScan, DieRoll, Input, RandomDraw
from companion.core.procedure import Question
from companion.morpoly.game import _checked_value, apply, check_input, new_game
from companion.morpoly.random_play import PLAYERS, random_input


def _questions() -> list[tuple[Question, int, Input]]:
    """Every question of a few random games, with its seq and the random player's own answer."""
    met: list[tuple[Question, int, Input]] = []
    rng = random.Random(11)
    for rules in ({}, {"elam": "on"}, {"base": "standard"}):
        game = new_game(list(PLAYERS[:4]), rules)
        while game.current_question is not None and len(met) < 1500 * (1 + len(rules)):
            inp = random_input(game, rng)
            met.append((game.current_question, game.seq, inp))
            game = apply(game, inp)
    return met


def _inputs(question: Question, seq: int, given: Input) -> list[Input]:
    other = "blue" if question.player != "blue" else "red"
    values = [*question.options[:3], *[option for option, _ in question.unavailable[:2]], "no-such-value", "7",
              "3,4", "place:red:5", "place:nobody:5"]
    inputs: list[Input] = [given]
    for value in values:
        inputs += [Answer(value), Answer(value, player=question.player), Answer(value, player=other),
                   Answer(value, seq=seq), Answer(value, seq=seq + 1), RandomDraw(value)]
    for kind in ("chance", "chest", "card"):
        for card in question.options[:2]:
            inputs += [CardScan(kind, card), CardScan(kind, card, player=other)]
    for faces in ((3, 4), (6, 6), (7, 1), (3,), (1, 2, 3)):
        inputs += [DieRoll(faces=faces), DieRoll(faces=faces, seq=seq + 1), DieRoll(faces=faces, seq=seq)]
    inputs += [DieRoll(7), DieRoll(12)]
    return inputs


def test_the_quick_path_accepts_only_what_the_full_checks_accept() -> None:
    checked = 0
    for question, seq, given in _questions():
        for inp in _inputs(question, seq, given):
            try:
                quick: str | InputError = check_input(question, inp, seq)
            except InputError as refused:
                quick = refused
            try:
                full: str | InputError = _checked_value(question, inp, seq)
            except InputError as refused:
                full = refused
            if isinstance(quick, str) or isinstance(full, str):
                checked += isinstance(quick, str)
                assert quick == full, (question.key, inp, quick, full)
            else:
                assert (str(quick), quick.key) == (str(full), full.key), (question.key, inp)
    assert checked > 5000, "the inputs the table gives were met"

