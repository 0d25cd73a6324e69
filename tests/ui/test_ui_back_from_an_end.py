"""The table looked at the end of its newest game, then went back from Home to an older unfinished
one and played on in it; the plug was pulled. The app must come back in the older game, where the
table was — it came back at the newest game's end (the end the table had left stayed recorded as
on screen, and an end newer than the game gone back to won). Found by the random taps
(``test_ui_random_taps.py``, it-2, a thousand taps)."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion.core.inputs import Input
from companion.core.session import Session
from companion.morpoly.random_play import random_input
from tests.ui.test_ui_morpoly_at_the_table import SEATS, _conftest

SEED = 3
"""Seeded random play of a two-player game to its end."""


def _throws_to_the_end(path: Path, names: list[str], seed: int) -> list[Input]:
    """The inputs of a two-player Ankh-Morpoly game played by seeded random inputs to its end (in a
    scratch journal at ``path``)."""
    rng = random.Random(seed)
    given: list[Input] = []
    with Session.open(path) as session:
        session.new_game(SEATS[:2], None, names, mode="ankh-morpoly", options={})
        while session.game is not None and session.game.question is not None:
            given.append(random_input(session.game, rng))
            session.submit(given[-1])
    return given


def test_back_from_a_game_s_end_to_an_older_game_the_restart_shows_the_older_game(tmp_path: Path,
                                                                                  request: Any) -> None:
    conftest = _conftest(request)
    data = tmp_path / "data"
    data.mkdir()
    journal = data / "games.sqlite"
    inputs = _throws_to_the_end(tmp_path / "scratch.sqlite", ["Clara", "Dora"], SEED)
    with Session.open(journal) as session:  # the older game: unfinished, two inputs in
        session.new_game(SEATS[:2], None, ["Anna", "Bernd"], mode="ankh-morpoly", options={})
        older = session.game_id
        rng = random.Random(1)
        for _ in range(2):
            session.submit(random_input(session.game, rng))
        # the newest game, one input before its end
        session.new_game(SEATS[:2], None, ["Clara", "Dora"], mode="ankh-morpoly", options={})
        newest = session.game_id
        for inp in inputs[:-1]:
            session.submit(inp)
        assert session.game is not None and session.game.question is not None
    assert newest != older

    app = conftest.start_app(data, language="de")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.wait_for(lambda: not app.resuming, "the journal to be resumed")
        assert app.session.game_id == newest
        d.tap(d.screen.ids.resume)
        assert app.submit(inputs[-1])  # the last throw: the newest game ends, its end on screen
        d.frames(3)
        assert app.game.is_over and app.navigation.ended is not None
    finally:
        conftest.stop_app(app)

    app = conftest.start_app(data, language="de")  # the plug pulled at the end
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.wait_for(lambda: not app.resuming, "the journal to be resumed")
        assert app.session.game_id == newest  # its end, as the table left it
        assert d.screen.name == "home"
        others = d.unfinished()
        assert len(others) == 1 and "Anna" in others[0].text
        d.tap(others[0])  # back to the older game from Home
        d.frames(3)
        assert app.session.game_id == older and d.screen.name == "morpoly-board"
        row = app.session.last_row
        rng = random.Random(2)
        assert app.submit(random_input(app.game, rng))  # played on in it
        assert app.session.last_row == row + 1
        position = (app.session.game_id, app.session.last_row)
    finally:
        conftest.stop_app(app)

    app = conftest.start_app(data, language="de")  # the plug pulled in the older game
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.wait_for(lambda: not app.resuming, "the journal to be resumed")
        assert (app.session.game_id, app.session.last_row) == position
    finally:
        conftest.stop_app(app)
