"""The game end's winner line takes the lines it needs: found by playing in Italian with a long name,
"★ Massimiliano-Gianluca — vittoria del personaggio (Lord Vetinari)" wrapped to a second line that
the fixed 40 dp label drew over the score table's header row."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.conftest import Driver, start_app, stop_app
from tests.ui.test_ui_game import finish_game


@pytest.mark.parametrize(("language", "name"), [("it", "Massimiliano-Gianluca"), ("pl", "Krzesimir-Bolesław")])
def test_a_long_winner_line_does_not_cover_the_scores(tmp_path: Path, language: str, name: str) -> None:
    app = start_app(tmp_path / "data", language=language, edition=language)
    d = Driver(app)
    try:
        app.start_game(["red", "yellow", "green", "blue"], [name, "Ola", "Ugo", "Zoe"], language)
        while app.game.question.kind == "roll":
            app.on_die_roll(len(app.session.inputs) + 1, "manual")  # every player rolls: no tie
        for personality in ("vetinari", "rust", "vimes", "chrysoprase"):
            assert app.answer(personality), app.message
        finish_game(app)
        app.show("gameend")
        d.frames(4)
        winner, scores = d.screen.ids.winner, d.screen.ids.scores
        assert name in winner.text and app.translator.personality("vetinari") in winner.text
        winner.texture_update()
        assert winner.texture_size[1] <= winner.height + 1, (winner.texture_size, winner.height)
        assert winner.y >= scores.top - 1, (winner.y, scores.top)
    finally:
        stop_app(app)
