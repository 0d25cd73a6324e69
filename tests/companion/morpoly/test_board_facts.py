"""The management candidates kept from one board to the next (``board_facts``) are those of the
board as it stands: a kept answer that went stale would offer a build the rules forbid, or hide one."""
from __future__ import annotations

import random

import pytest

from companion.morpoly.board_facts import candidates, facts_of
from companion.morpoly.building import management_options, management_options_one_by_one
from companion.morpoly.editions import load_edition
from companion.morpoly.game import apply, new_game
from companion.morpoly.random_play import random_input
from companion.morpoly.state import square_state
from morpoly_table import own, table


@pytest.mark.parametrize("seed, rules", [
    (1, {"edition": "us", "base": "standard"}),
    (2, {"edition": "us", "base": "variant"}),
    (3, {"edition": "de", "base": "variant", "fortuna": "on", "elam": "on"}),
    (4, {"edition": "de-dm", "base": "variant"}),
])
def test_the_kept_candidates_are_those_worked_out_afresh(seed: int, rules: dict[str, str]) -> None:
    """Games played as the simulator plays them (one working table, never copied, so the facts are
    kept and updated group by group from input to input): after every input, every party's kept
    candidates equal those worked out afresh from the squares, and at every menu the options equal
    the rules asked square by square (``can_build``, ``can_sell``, ``can_mortgage``, ``can_lift``)."""
    rng = random.Random(seed)
    game = new_game(["red", "blue", "green"], rules)
    edition = load_edition(game.state.edition)
    menus = 0
    while game.question is not None and game.state.turn.number < 400:
        state = game.state
        fresh = facts_of(state.squares, state.edition)
        for party in state.parties:
            assert candidates(state, party.id) == fresh.by_party.get(party.id, ())
        if game.question.key == "morpoly.turn.menu":
            menus += 1
            for party in state.parties:
                assert management_options(state, edition, party.id) == \
                    management_options_one_by_one(state, edition, party.id)
        game = apply(game, random_input(game, rng), snapshot=False, replayable=False)
    assert menus > 100


def test_a_changed_square_changes_the_candidates() -> None:
    """A square put in anew (the only way a square changes) is seen at the next question."""
    state = table(("red", "blue"))
    own(state, "red", 1, 3)
    assert [label for _, _, label in candidates(state, "red")] == ["build:1", "mortgage:1", "build:3", "mortgage:3"]
    state.squares[3] = square_state("red", 0, True)
    assert [label for _, _, label in candidates(state, "red")] == ["mortgage:1", "lift:3"]
    state.squares[1] = square_state("blue")
    assert [label for _, _, label in candidates(state, "red")] == ["lift:3"]
    assert [label for _, _, label in candidates(state, "blue")] == ["mortgage:1"]


def test_a_copy_keeps_nothing_of_the_original_s_facts() -> None:
    """``State.copy`` starts without the kept facts, and a change to the copy leaves the original's."""
    state = table(("red", "blue"))
    own(state, "red", 1, 3)
    before = candidates(state, "red")
    copy = state.copy()
    assert copy.board_memo is None
    copy.squares[1] = square_state("blue")
    assert candidates(copy, "red") != before
    assert candidates(state, "red") == before
