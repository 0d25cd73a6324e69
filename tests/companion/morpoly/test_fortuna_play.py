"""Fortuna tokens in play (reference §5.2, L157–164, R59–R60; appendix 14): who gets and loses one
at GO, and the re-roll a token buys — a clean re-ask of the same roll question, journalled and
undoable. Amounts are the US edition's (GO $200, start $1,500)."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import InputError
from companion.core.inputs import Answer, DieRoll
from companion.core.session import Session
from companion.morpoly.game import Game
from companion.morpoly.random_play import play
from companion.morpoly.state import State
from companion.morpoly.state_format import state_from_json, state_to_json
from morpoly_table import cash, do, start, table


def fortuna_table(players: tuple[str, ...] = ("red", "blue")) -> State:
    state = table(players, base="variant")
    state.rules["fortuna"] = "on"
    return state


def poorer(state: State, party: str, by: int = 100) -> None:
    state.party(party).cash -= by
    state.bank.cash += by


def test_appendix_14_earned_after_the_turn_kept_on_an_exact_landing_lost_when_no_longer_poorest() -> None:
    state = fortuna_table()
    poorer(state, "red")
    state.token("red").square = 36
    game = do(start(state), "roll", (3, 3))  # 36 -> 2 past GO, poorest (1,400 < 1,500): doubles, still his turn
    assert game.state.fortuna == [] and game.state.fortuna_earned == ["red"]
    game = do(game, "chest.inherit", "roll", (1, 2), "decline")  # Community Chest, then 2 -> 5; the turn ends
    assert game.state.fortuna == ["red"] and game.state.fortuna_earned == []
    assert game.question is not None and game.question.player == "blue"
    # next lap: exactly on GO keeps it (no grant, no loss), though red is now the richest
    game.state.party("red").cash += 2000
    game.state.token("red").square = 30
    game.state.turn.token = "blue"
    game = do(start(game.state), "roll", (4, 6), "play-on")
    assert game.state.token("red").square == 0 and game.state.fortuna == ["red"]
    # passing GO while no longer poorest: it is given up at once
    game.state.token("red").square = 35
    game.state.turn.token = "blue"
    game = do(start(game.state), "roll", (4, 3), "play-on")
    assert game.state.token("red").square == 2 and game.state.fortuna == []


def test_ties_for_least_count_as_least_and_an_exact_landing_never_earns() -> None:
    state = fortuna_table()
    state.token("red").square = 34
    game = do(start(state), "roll", (3, 4), "decline")  # both at 1,500: a tie is least
    assert game.state.fortuna == ["red"]
    state = fortuna_table()
    poorer(state, "red")
    state.token("red").square = 33
    game = do(start(state), "roll", (3, 4))  # exactly on GO, however poor
    assert game.state.fortuna == [] and cash(game, "red") == 1400 + 400


def test_cash_is_compared_before_the_salary() -> None:
    state = fortuna_table()
    poorer(state, "red", 150)  # 1,350; the salary would lift him to 1,550 > 1,500
    state.token("red").square = 34
    game = do(start(state), "roll", (3, 4), "decline")
    assert game.state.fortuna == ["red"]


def test_without_the_option_nobody_earns_and_no_window_is_asked() -> None:
    state = table(base="variant")
    poorer(state, "red")
    state.token("red").square = 34
    game = do(start(state), "roll", (3, 4), "decline")
    assert game.state.fortuna == [] and "fortuna" not in state_to_json(game.state)
    assert game.question is not None and game.question.key == "morpoly.turn.menu"


def holding(*parties: str) -> Game:
    state = fortuna_table(("red", "blue", "green"))
    state.fortuna = list(parties)
    return start(state)


def test_spending_a_token_voids_the_throw_and_asks_the_same_roll_question_again() -> None:
    game = do(holding("blue"), "roll")
    asked = game.question
    game = do(game, (6, 6))
    window = game.question
    assert window is not None and window.key == "morpoly.fortuna.window"
    assert window.options == ("play-on", "fortuna:blue") and window.player == "blue"
    assert game.state.token("red").square == 0, "nothing moves before the window is answered"
    game = do(game, "fortuna:blue")
    assert game.question == asked, "a clean re-ask of the same roll question"
    assert game.state.fortuna == [] and game.state.turn.doubles == 0, "the voided doubles do not count"
    game = do(game, (1, 2))  # no token left: no window, the new roll is played
    assert game.state.token("red").square == 3 and game.state.turn.doubles == 0


def test_a_played_on_roll_moves_and_several_tokens_may_be_chained() -> None:
    game = do(holding("blue", "green"), "roll", (1, 2), "play-on")
    assert game.state.token("red").square == 3 and game.state.fortuna == ["blue", "green"]
    game = do(holding("blue", "green"), "roll", (1, 2))
    assert game.question is not None and game.question.player is None  # two holders: anyone
    game = do(game, "fortuna:green", (2, 2), "fortuna:blue", (3, 1))
    assert game.state.token("red").square == 4 and game.state.fortuna == []


def test_a_token_may_void_ones_own_roll_and_any_roll_bound_to_a_question() -> None:
    state = fortuna_table(("red", "blue"))
    state.fortuna = ["red"]
    state.token("red").square, state.token("red").in_jail = 10, True
    game = do(start(state), "roll", (1, 2))  # a jail attempt
    assert game.question is not None and dict(game.question.params)["roll"] == "morpoly.roll.jail"
    game = do(game, "fortuna:red", (4, 4))
    assert not game.state.token("red").in_jail and game.state.token("red").square == 18


def test_rejected_window_answers_change_nothing() -> None:
    game = do(holding("blue"), "roll", (1, 2))
    before = state_to_json(game.state)
    for bad in (Answer("fortuna:green"), Answer("fortuna:"), DieRoll(faces=(1, 2)), Answer("void")):
        with pytest.raises(InputError):
            do(game, bad)
        assert state_to_json(game.state) == before and game.question is not None
        assert game.question.key == "morpoly.fortuna.window"


def test_a_spent_token_is_journalled_and_undone_like_any_answer(tmp_path: Path) -> None:
    with Session.open(tmp_path / "g.sqlite") as session:
        session.new_game(["red", "blue"], mode="ankh-morpoly", options={"fortuna": "on"})
        for answer in ("thieves", "watch"):
            session.submit(Answer(answer))
        session.submit(Answer("place:red:34"))
        session.submit(Answer("roll"))
        session.submit(DieRoll(faces=(3, 4)))  # past GO with a tie: red earns a token after the turn
        session.submit(Answer("decline"))
        assert session.current.state.fortuna == ["red"]
        session.submit(Answer("roll"))  # blue
        session.submit(DieRoll(faces=(1, 2)))
        assert session.question is not None and session.question.key == "morpoly.fortuna.window"
        session.submit(Answer("fortuna:red"))
        assert session.current.state.fortuna == [] and session.question.key == "morpoly.roll.move"
        session.undo(1)  # the spend is a choice: undone without a confirmation
        assert session.current.state.fortuna == ["red"] and session.question.key == "morpoly.fortuna.window"
        session.submit(Answer("play-on"))
        assert session.current.state.token("blue").square == 3
        lines = list(session.export_lines())
    with Session.open(tmp_path / "h.sqlite") as other:
        other.import_lines(lines)
        assert state_to_json(other.current.state) == state_to_json(session.current.state)


def test_the_fortuna_key_round_trips_and_old_documents_load() -> None:
    state = fortuna_table(("red", "blue", "green"))
    state.fortuna, state.fortuna_earned = ["green"], ["red"]
    doc = state_to_json(state)
    assert doc["fortuna"] == {"holders": ["green"], "earned": ["red"]}
    assert state_from_json(doc) == state
    old = state_to_json(table(base="variant"))
    assert "fortuna" not in old and state_from_json(old).fortuna == []
    for broken in ({"holders": ["nobody"], "earned": []}, {"holders": ["red", "red"], "earned": []},
                   {"holders": ["red"], "earned": ["red"]}, {"holders": "red"}):
        with pytest.raises(InputError, match="(?i)fortuna|malformed"):
            state_from_json({**doc, "fortuna": broken})


def test_a_taken_over_partys_token_passes_to_the_team_unless_it_has_one() -> None:
    from companion.morpoly.fortuna_play import party_leaves
    state = fortuna_table(("red", "blue", "green"))
    state.fortuna = ["red"]
    party_leaves(state, "red", "blue")
    assert state.fortuna == ["blue"]
    state.fortuna = ["red", "blue"]
    party_leaves(state, "red", "blue")
    assert state.fortuna == ["blue"]
    state.fortuna, state.fortuna_earned = ["red"], ["green"]
    party_leaves(state, "red", None)
    party_leaves(state, "green", None)
    assert state.fortuna == [] and state.fortuna_earned == []


@pytest.mark.parametrize("seed, players", [(11, 2), (12, 3), (13, 4)])
def test_random_games_with_fortuna_keep_the_invariants(seed: int, players: int) -> None:
    game, inputs = play(seed, players, {"edition": "us", "base": "variant", "fortuna": "on"}, cap=1500)
    windows = sum(1 for line in game.narration if line.key == "morpoly.fortuna.spent")
    granted = sum(1 for line in game.narration if line.key == "morpoly.fortuna.granted")
    assert granted > 0 and game.state.turn.number > 20
    assert windows > 0, "holders spend tokens on rolls"
