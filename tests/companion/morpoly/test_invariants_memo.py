"""The simulator's :class:`companion.morpoly.invariants.Memo` never changes what the checks find: with
one memo carried through a game — taking positions back (undo: an older game replays its turn) and
resuming from the position format on the way — every check gives the same lines as a check from
scratch, and a table broken right after a sound one was memoised is still caught."""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from companion.morpoly.covers import Cover
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.game import Game, apply, from_state
from companion.morpoly.invariants import Memo, check_invariants
from companion.morpoly.mode import MODE
from companion.morpoly.random_play import PLAYERS, random_input
from companion.morpoly.state import State
from companion.morpoly.state_format import state_from_json, state_to_json

from tests.companion.morpoly.test_invariants_break import BREAKS, sound_table


@pytest.mark.parametrize("options", [{}, {"fortuna": "on", "elam": "on"}], ids=["defaults", "fortuna+elam"])
def test_a_memo_carried_through_undo_and_resume_finds_what_a_fresh_check_finds(options: dict[str, str]) -> None:
    rng = random.Random(5)
    game: Game = MODE.new_game(list(PLAYERS[:3]), options, None)
    history: list[Game] = [game]
    memo = Memo()
    undos = resumes = 0
    for step in range(1, 700):
        if game.question is None:
            break
        if step % 37 == 0 and len(history) > 5:  # undo: back a few inputs, then play on from there
            game = history[-5]
            del history[-4:]
            undos += 1
        elif step % 53 == 0 and game.question is not None and game.question.key == "morpoly.turn.menu":
            game = from_state(state_from_json(state_to_json(game.state)))  # resume from the position
            resumes += 1
        else:
            game = apply(game, random_input(game, rng))
            history.append(game)
        assert check_invariants(game.state, False, memo) == check_invariants(game.state, False) == []
    assert undos > 5 and resumes > 0


@pytest.mark.parametrize("breaks, expected", BREAKS, ids=[b.__name__.strip("_") for b, _ in BREAKS])
def test_a_memo_that_saw_the_sound_table_still_catches_each_break(breaks: Callable[[State], None],
                                                                   expected: str) -> None:
    state = sound_table()
    memo = Memo()
    assert check_invariants(state, False, memo) == []
    breaks(state)
    found = check_invariants(state, False, memo)
    assert found == check_invariants(state, False)
    assert any(expected in line for line in found), found


def test_a_memo_that_saw_a_sound_ledger_still_catches_a_broken_one() -> None:
    state = sound_table()
    insurer, beneficiary = state.parties[0], state.parties[1]
    sound = Fsu(1, insurer.id, beneficiary.id, beneficiary.tokens[0], 1, 10, frozenset({Cover.TAX}), False)
    state.ledger = Ledger((sound,), 2)
    memo = Memo()
    assert check_invariants(state, False, memo) == []
    state.ledger = Ledger((sound, replace(sound, fsu_id=2, premium=0)), 3)  # the engine replaces, never changes
    found = check_invariants(state, False, memo)
    assert found == check_invariants(state, False)
    assert any("premium 0 is not positive" in line for line in found), found
