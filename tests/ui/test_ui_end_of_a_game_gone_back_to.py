"""A game the table went back to from Home and ended comes back at its end after a restart, by
touch in a real window, though a newer game is unfinished.

Found playing a Discworld game to its end after going back to it from Home's list (an Ankh-Morpoly
game begun after it still unfinished): the app restarted at the end came back with "Resume" offering
the Ankh-Morpoly game, the end and its Journal's undo gone. The end the table was looking at was
brought back only when it was the newest game; a game the table went back to is brought back
whatever its age — and a start replays that game alone (issue 16: the newer unfinished game was
replayed first, then thrown away)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.ui.test_ui_restart_at_the_end import journal_one_step_short


def test_the_end_of_a_game_gone_back_to_comes_back_after_a_restart(tmp_path: Path, request: Any,
                                                                   replays: list[int]) -> None:
    from companion.core.session import Session
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    steps, last = journal_one_step_short(data)  # a Discworld game one answer from its end
    with Session.open(data / "games.sqlite") as session:  # and an Ankh-Morpoly game begun after it
        session.new_game(["red", "yellow"], None, ["Zan", "Ugo"], mode="ankh-morpoly", options={})
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.tap(d.screen.ids.resume)
        assert d.screen.name == "morpoly-board"
        d.tap(d.screen.home_button)
        (discworld,) = d.unfinished()
        d.tap(discworld)
        assert len(app.session.inputs) == steps and not app.game.is_over
        game = app.session.game_id
        d.choose(last)  # the step that ends it
        assert app.game.is_over and d.screen.name == "gameend"
        conftest.stop_app(app)
        replays.clear()
        app = conftest.start_app(data)
        d = conftest.Driver(app)
        d.frames(3)
        assert replays == [game], replays  # not the Ankh-Morpoly game first
        d.tap(d.screen.ids.resume)
        assert (app.session.game_id, d.screen.name) == (game, "gameend")
        assert len(app.session.inputs) == steps + 1
        assert replays == [game], replays
    finally:
        conftest.stop_app(app)
