"""A die thrown while Settings is open over Home (or over a new game's form) answers no game.

Review of the roll-on-Home change (be98bb5): Home and the new-game forms stopped answering the game
left open, but Settings opened from them still answers it — and, Settings being a screen the app
does not leave after an input (``CompanionApp.route``), the roll is journalled in the game behind
Home without anything on screen saying so; "Back" then returns to Home. Reached by touch in a real
window. Settings now answers the game only when the screen it was opened over does."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.uix.button import Button


def _settings_button(screen: Any) -> Any:
    """Home's own "Settings" button (it has no id): the one whose text ends with "Settings"."""
    return next(w for w in screen.walk() if isinstance(w, Button) and w.text.endswith("Settings"))


def test_a_die_thrown_on_settings_opened_from_home_answers_no_game(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    app = conftest.start_app(tmp_path / "data")
    d = conftest.Driver(app)
    try:
        app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")  # waits for the first roll
        d.frames(3)
        assert app.manager.current == "setup" and app.game.question.kind == "roll"
        d.tap(d.nav("nav_home"))
        d.tap(_settings_button(d.screen))
        assert app.manager.current == "settings" and app.screen_before == "home"
        app.devices.roll_simulated(5)
        d.frames(5)
        assert len(app.session.inputs) == 0, "the roll on Settings over Home went into the game behind it"
        assert "nothing to roll for now" in app.message, app.message
        d.tap(d.nav("nav_home"))
        d.tap(d.screen.ids.resume)  # back at the game's set-up, Settings opened over it: the die answers
        assert app.manager.current == "setup"
        d.tap(d.nav("nav_settings"))
        assert app.manager.current == "settings" and app.screen_before == "setup"
        app.devices.roll_simulated(5)
        d.frames(5)
        assert [i.face for i in app.session.inputs] == [5]
    finally:
        conftest.stop_app(app)
