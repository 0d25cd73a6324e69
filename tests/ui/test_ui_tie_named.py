"""A shared win as the table reads it at the end, in a real window: found replaying a game
that ends on the draw pile with both players level after the tie-break, the journal's last row read
"…the game ends; winner: Ann, Bob" in English (one "winner", two names) and named nobody at all in
German, Polish and Italian ("Der Nachziehstapel ist leer: das Spiel endet")."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.cli.simulate import _new_lines, choose_input, deal, follow_narration
from companion.core.inputs import Input
from companion.morpork.game import apply, new_game
from tests.ui.conftest import Driver, start_app, stop_app

TIED_SEED = 488
COLOURS = ["red", "yellow", "green"]
"""The simulator's three-player game of this seed ends on the draw pile in a shared win of red and
yellow (found by playing seeds 1–599 with 2, 3 and 4 players under rules revision 5: the only
three-player one, beside the two-player game of seed 75; under revision 3 it was seed 302, and under
revision 2 the two-player game of seed 75). A rule change that changes simulated play
may end it otherwise: ``_tied_game_inputs`` then fails saying so, and another seed is found the same
way (``play_game(random.Random(seed), players, check=False).winners`` of two)."""


def _tied_game_inputs() -> list[Input]:
    """The inputs of the simulator's game (as benchmarks/gate_morpork.py plays it)."""
    rng = random.Random(TIED_SEED)
    table = deal(rng, COLOURS)
    game = new_game(COLOURS)
    inputs = []
    while game.question is not None:
        inp = choose_input(game, table, game.question)
        inputs.append(inp)
        after = apply(game, inp, snapshot=False)
        follow_narration(after, table, _new_lines(game, after))
        game = after
    assert game.state.game_over is not None and game.state.game_over.winners == ["red", "yellow"]
    return inputs


@pytest.fixture(scope="module")
def tied_inputs() -> list[Input]:
    return _tied_game_inputs()


@pytest.mark.parametrize(("language", "said"), [
    ("en", "won by ● Ann, ▲ Bob"), ("de", "Sieg: ● Ann, ▲ Bob"), ("pl", "zwycięstwo: ● Ann, ▲ Bob"),
    ("it", "vittoria: ● Ann, ▲ Bob")])
def test_a_shared_win_names_every_winner_in_the_journal(tmp_path: Path, language: str, said: str,
                                                        tied_inputs: list[Input]) -> None:
    """Rulebook, "Winning the game": "If there is still a tie then the tied players shared the honours
    of a joint win": the line that ends the game names them all, in every language, in a form that
    holds for one winner or several."""
    app: Any = start_app(tmp_path / "data", language=language)
    d = Driver(app)
    try:
        app.start_game(COLOURS, ["Ann", "Bob", "Cy"], "en")
        for inp in tied_inputs:
            if inp.type == "random" and app.game.question.kind != "random":
                continue  # a random draw the app made itself (the game still ends in this shared win: asserted)
            assert app.submit(inp), app.message
        assert app.game.state.game_over.winners == ["red", "yellow"]
        assert app.game.state.game_over.reason == "draw-pile"
        app.show("journal")
        d.frames(4)
        shown = d.texts()
        plain = shown.replace("[color=db332e]", "").replace("[color=f5c71a]", "").replace("[/color]", "")
        assert said in plain, plain[-400:]
        app.show("gameend")
        d.frames(4)
        winner = d.screen.ids.winner.text
        assert "Ann" in winner and "Bob" in winner, winner
    finally:
        stop_app(app)
