"""Whole random games of standard Monopoly and of the variant's base rules, with the table's
invariants after every input, and replay: the same inputs always give the same game."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import CompanionError
from companion.core.inputs import Answer, CardScan, DieRoll, Input, RandomDraw
from companion.morpoly.game import Game, apply, new_game
from companion.morpoly.state_format import state_to_json
from companion.morpoly.random_play import play


@pytest.mark.parametrize("seed, players, rules", [
    (0, 2, {"edition": "us", "base": "standard"}),
    (1, 3, {"edition": "us", "base": "standard"}),
    (4, 4, {"edition": "us", "base": "standard"}),
    (2, 3, {"edition": "de", "base": "variant"}),
    (3, 4, {"edition": "de-dm", "base": "variant"}),
])
def test_random_games_keep_the_invariants_and_replay(seed: int, players: int, rules: dict[str, str]) -> None:
    game, inputs = play(seed, players, rules, cap=1500)
    assert game.state.turn.number > 20
    again = new_game(["red", "blue", "green", "yellow"][:players], rules)
    for inp in inputs:
        again = apply(again, inp)
    assert state_to_json(again.state) == state_to_json(game.state)
    assert again.narration == game.narration


def test_some_games_end_with_one_party_left() -> None:
    ended = [play(seed, 3, {"edition": "us", "base": "standard"}, cap=1500)[0] for seed in (0, 4)]
    assert all(g.is_over and len(g.state.parties) == 1 for g in ended)


def _positions() -> list[Game]:
    out, g = [], new_game(["red", "blue", "green"], {"edition": "us", "base": "variant"})
    _, inputs = play(7, 3, {"edition": "us", "base": "variant"}, cap=300)
    for i, inp in enumerate(inputs):
        g = apply(g, inp)
        if i % 7 == 0:
            out.append(g)
    return out


POSITIONS = _positions()

any_input = st.one_of(
    st.builds(Answer, st.sampled_from(["roll", "buy", "decline", "pay-fine", "build:1", "mortgage:39", "lift:5",
                                       "place:red:41", "place:nobody:3", "chance.back-3", "", "sell:3"]),
              st.sampled_from([None, "red", "blue", "green", "white"])),
    st.builds(DieRoll, st.integers(-1, 13)),
    st.builds(lambda a, b: DieRoll(faces=(a, b)), st.integers(-1, 8), st.integers(-1, 8)),
    st.builds(CardScan, st.sampled_from(["chance", "chest", "card"]), st.sampled_from(["chance.back-3", "chest.inherit", "x"])),
    st.builds(RandomDraw, st.text(max_size=3)),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(POSITIONS), any_input, st.sampled_from([None, 0, 10**6]))
def test_every_rejected_input_changes_nothing(game: Game, inp: Input, seq: int | None) -> None:
    before = state_to_json(game.state)
    narration, question = list(game.narration), game.question
    if seq is not None:
        inp = type(inp)(**{**inp.__dict__, "seq": seq if seq else game.seq})
    try:
        apply(game, inp)
    except CompanionError:
        pass
    assert state_to_json(game.state) == before and game.narration == narration and game.question == question
    # the old game still plays on as before: a replay from its own answers agrees
    assert game.pending is not None or game.question is None
