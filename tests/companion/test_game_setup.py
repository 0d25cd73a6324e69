"""The game value: set-up by the die, secret personalities, stale inputs, per-viewer views."""
from __future__ import annotations

import json

import pytest

from companion.core.errors import CompanionError, InputError, RuleViolation
from companion.morpork.game import Game, apply, narration_for, new_game, question_for, view
from companion.core.inputs import Answer, CardScan, DieRoll, RandomDraw


def set_up(colors: list[str], face: int, personalities: list[str], edition: str = "en") -> Game:
    game = new_game(colors, edition)
    game = apply(game, DieRoll(face))
    for personality in personalities:
        game = apply(game, CardScan("personality", personality))
    return game


def test_new_game_waits_for_the_first_players_roll() -> None:
    game = new_game(["red", "blue", "green"], names=["Ann", "Ben", "Cy"])
    assert game.question is not None and game.question.kind == "roll"
    assert game.seq == 0 and game.pending is not None
    assert [p.name for p in game.state.players] == ["Ann", "Ben", "Cy"]


@pytest.mark.parametrize("face,first", [(1, "red"), (2, "blue"), (3, "green"), (4, "red"), (12, "green")])
def test_die_face_picks_the_first_player(face: int, first: str) -> None:
    game = apply(new_game(["red", "blue", "green"]), DieRoll(face))
    assert game.state.active_player == first


def test_each_player_scans_a_private_personality_then_the_first_turn_starts() -> None:
    game = apply(new_game(["red", "blue"]), DieRoll(2))
    q = game.question
    assert q is not None and q.private and q.player == "red"
    assert "chrysoprase" not in q.options  # two players: no Chrysoprase
    game = apply(game, CardScan("personality", "vimes"))
    game = apply(game, Answer("rust"))
    assert game.state.player("red").personality == "vimes"
    assert game.state.player("blue").personality == "rust"
    assert game.question is not None and game.question.key == "turn.play-card"
    assert game.question.player == "blue"


def test_a_personality_already_dealt_is_refused_and_nothing_changes() -> None:
    game = apply(new_game(["red", "blue", "green"]), DieRoll(1))
    game = apply(game, CardScan("personality", "vimes"))
    with pytest.raises(RuleViolation):
        apply(game, CardScan("personality", "vimes"))
    assert game.state.player("blue").personality is None and game.seq == 2


def test_german_edition_highest_roll_starts_and_ties_roll_again() -> None:
    game = new_game(["red", "blue", "green"], edition="de")
    assert game.question is not None and game.question.player == "red"
    for face in (9, 12, 12):  # blue and green tie on 12
        game = apply(game, DieRoll(face))
    assert game.question is not None and game.question.key == "setup.roll-each"
    assert game.question.player == "blue"
    game = apply(game, DieRoll(3))
    game = apply(game, DieRoll(8))
    assert game.state.active_player == "green"
    assert game.question is not None and game.question.key == "setup.personality"


def test_stale_sequence_number_is_rejected() -> None:
    game = new_game(["red", "blue"])
    game2 = apply(game, DieRoll(3, seq=0))
    with pytest.raises(InputError, match="stale"):
        apply(game2, CardScan("personality", "vimes", seq=0))
    assert apply(game2, CardScan("personality", "vimes", seq=1)).seq == 2


@pytest.mark.parametrize("inp", [Answer("3"), CardScan("card", "groat"), RandomDraw("3")])
def test_only_a_die_roll_answers_a_roll_question(inp: object) -> None:
    game = new_game(["red", "blue"])
    with pytest.raises(InputError):
        apply(game, inp)  # type: ignore[arg-type]


def test_a_scan_answers_only_a_question_listing_the_card() -> None:
    game = set_up(["red", "blue"], 1, ["vimes", "rust"])
    with pytest.raises(InputError):
        apply(game, CardScan("card", "not-a-card"))
    after = apply(game, CardScan("card", "groat"))
    assert after.question is not None and after.question.key == "symbol.minion"
    assert game.state.player("red").hand == 5 and after.state.player("red").hand == 4


def test_apply_is_pure() -> None:
    game = set_up(["red", "blue"], 1, ["vimes", "rust"])
    before = json.dumps(view(game, "red"), sort_keys=True)
    apply(game, Answer("groat"))
    assert json.dumps(view(game, "red"), sort_keys=True) == before


def test_no_view_leaks_another_players_personality() -> None:
    game = set_up(["red", "blue", "green", "yellow"], 1, ["vimes", "rust", "vetinari", "chrysoprase"])
    secrets = {"red": "vimes", "blue": "rust", "green": "vetinari", "yellow": "chrysoprase"}
    for viewer in [None, "red", "blue", "green", "yellow"]:
        text = json.dumps(view(game, viewer)) + json.dumps(question_for(game, viewer)) + \
            json.dumps([(n.key, n.text, n.params) for n in narration_for(game, viewer)])
        for color, personality in secrets.items():
            assert (f"\"{personality}\"" in text) == (color == viewer), (viewer, personality)


def test_private_question_hidden_from_others() -> None:
    game = apply(new_game(["red", "blue"]), DieRoll(2))
    assert question_for(game, "blue") is not None
    assert "options" not in question_for(game, "blue")  # type: ignore[operator]
    assert question_for(game, "red")["options"]  # type: ignore[index]


def test_errors_are_value_errors() -> None:
    assert issubclass(CompanionError, ValueError)
