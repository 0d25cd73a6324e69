"""The random-play simulator: whole games finish with every invariant holding, reproducibly.

The full runs (``--games 200`` and ``--games 1000`` per player count) are recorded in the issue
note; CI plays fewer games to stay quick.
"""
from __future__ import annotations

import random

import pytest

from companion.cli.simulate import (
    InvariantViolation, Table, check_invariants, choose_input, deal, follow_narration, main, play_game, simulate,
)
from companion.morpork.game import Game, apply, new_game
from companion.core.inputs import CardScan, DieRoll
from companion.core.procedure import Narration

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


def test_revision_1_games_finish_and_play_as_revision_2_games_do(capsys: pytest.CaptureFixture[str]) -> None:
    """``--revision 1`` plays by the old prompts; the same seed reaches the same ends in fewer inputs
    under revision 2 (one interrupt window for several opponents, forced choices taken)."""
    assert main(["--games", "4", "--players", "4", "--seed", "7", "--revision", "1"]) == 0
    old, _ = simulate(6, 4, 7, revision=1)
    new, _ = simulate(6, 4, 7, revision=2)
    assert [(r.reason, r.winners, r.turns) for r in old] == [(r.reason, r.winners, r.turns) for r in new]
    assert sum(r.steps for r in new) < sum(r.steps for r in old)
    assert main(["--revision", "3"]) == 2


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
    for argv in (["--players", "5"], ["--games", "0"], ["--games", "9" * 5000], ["--revision", "0"]):
        assert main(argv) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1, captured.err


def test_one_game_reports_how_it_ended() -> None:
    result = play_game(random.Random(9), 4)
    assert result.reason in ("personality", "draw-pile", "riots")
    assert result.winners and result.steps > 10


def _play_until_fog(seed: int, players: int = 3) -> tuple[Game, Table, list[str]] | None:
    """Play like ``play_game`` until a Fog has discarded its cards; return the game, the real table
    and the cards that were on top of the real draw pile when Fog began."""
    rng = random.Random(seed)
    colors = ["red", "blue", "green", "yellow"][:players]
    table = deal(rng, colors)
    game = new_game(colors)
    top: list[str] = []
    while game.question is not None:
        question = game.question
        if question.key == "event.fog.card" and not top:
            top = table.deck[:int(dict(question.params)["count"])]
        inp = choose_input(game, table, question)
        after = apply(game, inp)
        follow_narration(after, table, after.narration[len(game.narration):])
        game = after
        check_invariants(game, table)
        if top and (game.question is None or game.question.key != "event.fog.card"):
            return game, table, top
    return None


def test_the_simulator_answers_fog_with_the_real_top_cards_and_the_engine_knows_them() -> None:
    found = next((f for f in (_play_until_fog(seed) for seed in range(40)) if f is not None), None)
    assert found is not None, "no Fog in 40 games"
    game, table, top = found
    assert top and all(card in game.state.discard_pile for card in top)
    assert not set(top) & set(table.deck)  # they left the real draw pile
    assert len(table.deck) == game.state.draw_pile
    if game.question is not None and game.question.key in ("turn.play-card", "turn.play-another", "card.play-more"):
        assert not set(top) & set(game.question.options)


def test_invariants_catch_a_fog_card_that_is_not_the_real_top_card() -> None:
    rng = random.Random(3)
    table = deal(rng, ["red", "blue"])
    game = new_game(["red", "blue"])
    second = table.deck[1]
    with pytest.raises(InvariantViolation, match="real top card"):
        follow_narration(game, table, [Narration("event.fog.card", "fog discards …", None, (("card", second),))])
