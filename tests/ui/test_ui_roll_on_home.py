"""A die thrown or a card scanned while Home or a new game's form is on screen answers no game.

A roll (and a scan) is stamped with the question on screen when it arrives. Home shows no question,
but the stamp was the open game's, so a die knocked while the table chose "New game" (or went back to
another game) was journalled in the game left open and the app jumped into it. Found playing across
the two games; each screen is reached by touch in a real window."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from hardware.scanners.base import Scan


def _dropped(app: Any, d: Any, screen: str, inputs: int) -> None:
    """A throw of the simulated die and a scanned personality on ``screen``: said, nothing else."""
    app.devices.roll_simulated(5)
    d.frames(5)
    assert len(app.session.inputs) == inputs and app.manager.current == screen, screen
    assert "nothing to roll for now" in app.message, (screen, app.message)
    app.on_card_scan(Scan("personality", "vimes", True, 0.0))
    assert len(app.session.inputs) == inputs and "nothing to scan for now" in app.message, (screen, app.message)
    assert "vimes" not in app.message.lower()
    app.message = ""


def test_a_die_thrown_on_home_and_on_the_new_game_forms_is_said_and_dropped(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    app = conftest.start_app(tmp_path / "data")
    d = conftest.Driver(app)
    try:
        conftest.seat_three(app, "en")  # Ann, Bob and Cy at their first card
        d.frames(3)
        inputs = len(app.session.inputs)
        d.tap(d.nav("nav_home"))
        _dropped(app, d, "home", inputs)
        d.tap(d.screen.ids.new_game)
        assert d.screen.form  # the new game's form, not the open game's questions
        _dropped(app, d, "setup", inputs)
        d.tap(d.nav("nav_home"))
        d.tap(d.screen.ids.new_morpoly)
        _dropped(app, d, "morpoly-setup", inputs)
        d.tap(d.screen.start_button)  # the Ankh-Morpoly game: its guilds are asked on its board
        assert app.manager.current == "morpoly-board"
        d.tap(d.screen.home_button)
        _dropped(app, d, "home", 0)
        d.tap(d.unfinished()[0])  # back in the Discworld game: a card answers its question again
        assert app.manager.current == "turn" and len(app.session.inputs) == inputs
    finally:
        conftest.stop_app(app)


def test_the_set_up_roll_is_not_taken_on_home_but_on_its_set_up_screen(tmp_path: Path, request: Any) -> None:
    """A game waiting for the first player's roll: the die thrown on Home went into it. The set-up
    screen shows a Discworld game's set-up questions too: there the die answers, as before."""
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    app = conftest.start_app(tmp_path / "data")
    d = conftest.Driver(app)
    try:
        app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
        d.frames(3)
        assert app.manager.current == "setup" and app.game.question.kind == "roll"
        d.tap(d.nav("nav_home"))
        _dropped(app, d, "home", 0)
        d.tap(d.screen.ids.resume)
        assert app.manager.current == "setup" and not d.screen.form
        app.devices.roll_simulated(5)
        d.frames(5)
        assert [i.face for i in app.session.inputs] == [5]
    finally:
        conftest.stop_app(app)
