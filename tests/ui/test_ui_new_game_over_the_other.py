"""A new game of one kind begun from Home while a game of the other kind is still in its set-up, by
touch in a real window.

Home's "New game" opens the Discworld set-up screen, which shows the open game's set-up questions
when that game is still being set up (a personality to pick, the first player to roll for). It took
any game in set-up for its own: with an Ankh-Morpoly game at its guild choice, a tap on "Menu" and
then on "New game" drew the Ankh-Morpoly question with Discworld's player lookup, and the app
stopped (``AttributeError: 'State' object has no attribute 'player'``): the table lost the app, and
the game it was setting up only came back from the journal at the next start. The screen now
shows its form, as for no game, unless the open game is a Discworld game in set-up."""
from __future__ import annotations

from pathlib import Path
from typing import Any


def test_new_game_from_home_during_an_ankh_morpoly_set_up_shows_the_form(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    app = conftest.start_app(tmp_path / "data")
    d = conftest.Driver(app)
    try:
        app.start_game(["red", "yellow"], ["Ann", "Bob"], "", mode="ankh-morpoly", options={})
        d.frames(3)
        assert app.game.pending.name == "setup" and d.screen.name == "morpoly-board"
        asked = app.game.question
        d.tap(d.screen.home_button)  # the board's own "Home"
        assert d.screen.name == "home"
        d.tap(d.screen.ids.new_game)
        screen = d.screen
        assert screen.name == "setup" and screen.form  # the form for a new Discworld game
        assert screen.ids.content.children == [screen._parts()[0]]
        d.tap(d.nav("nav_home"))
        assert d.screen.name == "home"
        d.tap(d.screen.ids.resume)  # the Ankh-Morpoly set-up, where it was
        assert d.screen.name == "morpoly-board" and app.game.question == asked
    finally:
        conftest.stop_app(app)
