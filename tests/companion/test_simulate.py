"""The random-play simulator: whole games finish with every invariant holding, reproducibly.

The full runs (``--games 200`` and ``--games 1000`` per player count) are recorded in the issue
note; CI plays fewer games to stay quick.
"""
from __future__ import annotations

import random

import pytest

from companion.cli.simulate import InvariantViolation, check_invariants, deal, main, play_game, simulate
from companion.game import apply, new_game
from companion.inputs import CardScan, DieRoll

CI_GAMES = 12


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulated_games_finish_without_invariant_violation(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", str(CI_GAMES), "--players", str(players), "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert f"games: {CI_GAMES} ({players} players, seed 1)" in out
    assert "games/second:" in out and "ended by personality:" in out and "ended by riots" in out
    assert "ended by the draw pile:" in out


def test_same_seed_same_games() -> None:
    first, _ = simulate(5, 3, 42)
    second, _ = simulate(5, 3, 42)
    assert [(r.reason, r.winners, r.steps) for r in first] == [(r.reason, r.winners, r.steps) for r in second]
    other, _ = simulate(5, 3, 43)
    assert [r.steps for r in other] != [r.steps for r in first]


def test_german_edition_games_finish() -> None:
    results, _ = simulate(3, 4, 5, edition="de")
    assert all(r.reason in ("personality", "draw-pile", "riots") for r in results)


def test_invariants_catch_a_hand_count_the_table_does_not_have() -> None:
    rng = random.Random(3)
    table = deal(rng, ["red", "blue"])
    game = apply(new_game(["red", "blue"]), DieRoll(1))
    game = apply(game, CardScan("personality", table.personalities["red"]))
    game = apply(game, CardScan("personality", table.personalities["blue"]))
    check_invariants(game, table)
    table.hands["red"].pop()
    with pytest.raises(InvariantViolation, match="red holds 4 real cards"):
        check_invariants(game, table)


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--players", "5"])
    with pytest.raises(SystemExit):
        main(["--games", "0"])


def test_one_game_reports_how_it_ended() -> None:
    result = play_game(random.Random(9), 4)
    assert result.reason in ("personality", "draw-pile", "riots")
    assert result.winners and result.steps > 10
