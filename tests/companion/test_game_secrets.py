"""Secrets through a whole game: Zorgo's new personality and Mrs Cake's look stay with their player."""
from __future__ import annotations

import json

import pytest

from companion.core.errors import InputError
from companion.morpork.game import Game, apply, narration_for, new_game, question_for, view
from companion.core.inputs import Answer, CardScan, DieRoll, RandomDraw


def started() -> Game:
    game = apply(new_game(["red", "blue", "green"]), DieRoll(1))  # red starts
    for personality in ("vetinari", "vimes", "rust"):
        game = apply(game, CardScan("personality", personality))
    return game


def everything_seen_by(game: Game, viewer: str | None) -> str:
    return json.dumps(view(game, viewer)) + json.dumps(question_for(game, viewer)) + json.dumps(
        [(n.key, n.text, n.params) for n in narration_for(game, viewer)])


def test_zorgo_swap_is_seen_only_by_its_player() -> None:
    game = started()
    for inp in (CardScan("card", "zorgo-the-retro-phrenologist"), Answer("do"), Answer("swap")):
        game = apply(game, inp)
    question = game.question
    assert question is not None and question.kind == "random"
    with pytest.raises(InputError):
        apply(game, Answer("selachii"))  # a random question takes a RandomDraw only
    game = apply(game, RandomDraw("dragon-king-of-arms"))
    assert game.state.player("red").personality == "dragon-king-of-arms"
    assert '"dragon-king-of-arms"' in everything_seen_by(game, "red")
    for viewer in (None, "blue", "green"):
        seen = everything_seen_by(game, viewer)
        assert "dragon-king-of-arms" not in seen and '"vetinari"' not in seen


def test_mrs_cake_look_is_private() -> None:
    game = started()
    for inp in (CardScan("card", "mrs-cake"), Answer("do")):
        game = apply(game, inp)
    assert question_for(game, "red") is not None and "options" not in question_for(game, "red")  # type: ignore[operator]
    game = apply(game, RandomDraw("selachii"))
    mine = question_for(game, "red")
    assert mine is not None and "de-worde" in mine["question"] and "selachii" not in mine["question"]
    for viewer in (None, "blue", "green"):
        seen = everything_seen_by(game, viewer)
        assert "de-worde" not in seen and "chrysoprase" not in seen


def test_a_turn_through_apply_then_the_next_player() -> None:
    game = started()
    for inp in (CardScan("card", "groat"), Answer("the-hippo", player="red")):
        game = apply(game, inp)
    assert game.question is not None and game.question.key == "turn.end"
    with pytest.raises(InputError):
        apply(game, Answer("end-turn", player="blue"))
    game = apply(game, Answer("end-turn"))
    assert game.state.active_player == "blue" and game.question is not None
    assert game.question.key == "turn.play-card" and game.question.player == "blue"
    assert game.state.areas["the-hippo"].minion_count("red") == 1
    assert [n.key for n in game.narration].count("turn.start") == 2


def test_game_over_accepts_no_input() -> None:
    game = started()
    game.state.draw_pile = 1  # the refill at the end of red's turn takes the last card
    game.pending.start.draw_pile = 1  # type: ignore[union-attr]
    game.live = None  # the running turn was started from the old pile: replay it from the edited start
    for inp in (CardScan("card", "groat"), Answer("skip"), Answer("end-turn")):
        game = apply(game, inp)
    assert game.question is None and game.state.game_over is not None
    assert game.state.game_over.winners == ["blue"]  # Commander Vimes
    with pytest.raises(InputError, match="over"):
        apply(game, Answer("end-turn"))
