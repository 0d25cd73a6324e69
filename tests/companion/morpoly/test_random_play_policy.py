"""The random player builds as a player heading for hotels would, so that simulated games end: the
4-player games that ran past the simulator's 2,000-turn cap (seeds 26, 27, 49, 55 of
``simulate --mode ankh-morpoly --players 4 --seed 1``) all stood with the bank's 32 houses spread at
one to three a street, no street at four, and so no hotel that would give four houses back."""
from __future__ import annotations

import random

import pytest

from companion.cli.simulate_morpoly import play_game
from companion.core.inputs import Answer
from companion.morpoly.game import Game
from companion.morpoly.random_play import random_input
from morpoly_table import own, start, table


def menu(houses: dict[int, int]) -> Game:
    """Red's menu, owning the light blues (6, 8, 9) and the oranges (16, 18, 19) with ``houses`` (a
    street with four when the turn begins may take a hotel, B4)."""
    state = table(("red", "blue"), base="variant")
    own(state, "red", 6, 8, 9, 16, 18, 19)
    for square, n in houses.items():
        own(state, "red", square, houses=n)
    state.party("red").cash = 5000
    state.bank.cash -= 5000 - 1500
    return start(state, "red")


def builds(game: Game, tries: int = 200) -> set[str]:
    assert game.question is not None and game.question.key == "morpoly.turn.menu"
    rng = random.Random(3)
    chosen = {random_input(game, rng) for _ in range(tries)}
    return {a.value for a in chosen if isinstance(a, Answer) and a.value.startswith("build:")}


def test_a_house_goes_on_the_group_with_the_most_houses() -> None:
    game = menu({6: 1, 8: 1, 9: 1, 16: 2, 18: 2, 19: 2})
    assert builds(game) == {"build:16", "build:18", "build:19"}


def test_a_hotel_where_one_is_allowed_comes_first() -> None:
    game = menu({6: 4, 8: 4, 9: 4, 16: 3, 18: 3, 19: 3})  # the oranges have more houses, but no hotel
    assert builds(game) == {"build:6", "build:8", "build:9"}


def test_the_fuller_group_even_when_it_is_the_cheaper() -> None:
    game = menu({6: 3, 8: 4, 9: 4, 16: 2, 18: 2, 19: 2})
    assert builds(game) == {"build:6"}


@pytest.mark.parametrize("seed", [26, 27, 49, 55])
def test_the_games_that_ran_past_the_cap_end(seed: int) -> None:
    result = play_game(seed, 4, {}, check_every=64)
    assert result.reason == "one party left" and result.turns < 2000


def _positions(seed: int, revision: int) -> tuple[list[str], list[str]]:
    """A random game of ``revision``: its positions in order (a position repeated while an offer is
    built counted once, the revision left out) and its trades' log lines."""
    import json
    from companion.morpoly.game import apply
    from companion.morpoly.mode import MODE
    from companion.morpoly.state_format import state_to_json
    rng = random.Random(seed)
    game = MODE.new_game(["red", "yellow", "green"], {}, None, revision)
    positions: list[str] = []
    while game.question is not None:
        game = apply(game, random_input(game, rng), snapshot=False)
        position = json.dumps(state_to_json(game.state), sort_keys=True)
        if not positions or positions[-1] != position:
            positions.append(position)
    return positions, [line.key for line in game.narration if line.key.startswith("morpoly.trade.")]


@pytest.mark.parametrize("seed", [1, 2])
def test_revision_6_s_trades_move_what_revision_5_s_did(seed: int) -> None:
    """Rules revision 6's trade is an offer built answer by answer; the random player offers cash for
    the square that completes a group (accepted), or where the owner refused to sell before, a swap
    (refused): the same numbers drawn, so a seeded game goes through the same positions, and the
    seeded games the tests and the simulator rely on stay where they were."""
    old, old_trades = _positions(seed, 5)
    new, new_trades = _positions(seed, 6)
    assert old == new
    assert old_trades.count("morpoly.trade.done") == new_trades.count("morpoly.trade.deal") > 0
    assert "morpoly.trade.declined" in new_trades  # swaps offered and refused are played too


def test_a_thrown_face_is_randint_s_from_the_same_draws() -> None:
    """The player throws a die without ``randint``'s calls (``random_play._face``): the same faces
    from the same seed, and the generator left where ``randint`` leaves it, or no seeded game would
    stay the same."""
    from companion.morpoly.random_play import _face

    ours, theirs = random.Random(7), random.Random(7)
    assert [_face(ours) for _ in range(5000)] == [theirs.randint(1, 6) for _ in range(5000)]
    assert ours.random() == theirs.random()
