"""The game end's score table as a player reads it, in a real window: found by playing to the end in
all four languages, the buildings column read "1: 6" for a building and "0: 0" for none, beside the
minions' "3×5=15", and the tie-break column "0" for a player with no City Area card."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.conftest import Driver, seat_three, start_app, stop_app


@pytest.mark.parametrize(("language", "points"), [("en", 6), ("de", 6), ("pl", 12), ("it", 6)])
def test_the_buildings_column_says_a_count_and_its_points(tmp_path: Path, language: str, points: int) -> None:
    """Rulebook, "Winning the game": "Each building is worth a number of points equal to its monetary
    cost"; the Polish edition: "Każdy budynek na planszy daje dwa razy więcej punktów zwycięstwa niż
    koszt jego postawienia" (shared/rules/README.md). Dimwell costs $6: one building there is
    "1⌂=6" (Polish "1⌂=12"); a player with none reads "–", as in the loans and demons columns."""
    app = start_app(tmp_path / "data", language=language, edition=language)
    d = Driver(app)
    try:
        seat_three(app, language)
        builder = app.game.question.player
        for value in ("ruby", "dimwell", "dimwell"):  # Ruby (M B): a minion in Dimwell, then build there
            assert app.answer(value), app.message
        assert app.game.state.areas["dimwell"].building == builder
        app.show("gameend")
        d.frames(4)
        screen = d.screen
        assert screen.ids.winner.text == app.t("If the game ended now:")
        cells = [w.text for w in reversed(screen.ids.scores.children)]
        columns = 8
        rows = {cells[i]: cells[i + 1:i + columns] for i in range(columns, len(cells), columns)}
        names = dict(zip(("red", "yellow", "green"), ("Ann", "Bob", "Cy")))
        for color in ("red", "yellow", "green"):
            row = next(cells for name, cells in rows.items() if names[color] in name)
            assert row[1] == (f"1⌂={points}" if color == builder else "–"), row
            if color != builder:  # no City Area card (nor area): no tie-break value, "–" rather than "0"
                assert row[6] == "–", row
    finally:
        stop_app(app)
