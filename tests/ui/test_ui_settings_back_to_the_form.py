"""Settings' "Back" returns to the new game's form (or Home) it was opened from, by touch in a real
window, not to the open game of the other kind.

Found playing across the two games: an Ankh-Morpoly game open, Home, "New game", a name typed in the
Discworld form, the top bar's Settings to choose the rules edition for the new game, "Back": the
Ankh-Morpoly board was on screen — the form, its name and the edition just chosen a Home and a "New
game" away. Back goes where Settings was opened from when that was Home or a form; from a game's
screens it goes back to the game, as before."""
from __future__ import annotations

from pathlib import Path
from typing import Any


def _back(d: Any) -> Any:
    from kivy.uix.button import Button
    (back,) = [w for w in d.screen.walk() if isinstance(w, Button) and w.text.endswith("Back")]
    return back


def test_settings_back_returns_to_the_discworld_form_over_an_ankh_morpoly_game(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    app = conftest.start_app(tmp_path / "data")
    d = conftest.Driver(app)
    try:
        app.start_game(["red", "yellow"], ["Ann", "Bob"], "", mode="ankh-morpoly", options={})
        d.frames(3)
        asked = (app.session.game_id, app.game.seq)
        d.tap(d.screen.home_button)
        d.tap(d.screen.ids.new_game)
        form = d.screen
        assert form.name == "setup" and form.form
        form.form_ids.row0.ids.name.text = "Carla"  # typed
        d.tap(d.nav("nav_settings"))
        d.tap(d.screen.ids.edition_de)  # the rules edition for new games
        d.tap(_back(d))
        assert d.screen.name == "setup" and d.screen.form, d.screen.name
        assert d.screen.form_ids.row0.ids.name.text == "Carla"
        assert d.screen.form_ids.ed_de.state == "down"
        d.tap(d.nav("nav_home"))  # Home, Settings, Back: Home
        d.tap(d.screen.ids.new_game.parent.children[1])  # Home's own Settings button
        assert d.screen.name == "settings"
        d.tap(_back(d))
        assert d.screen.name == "home"
        d.tap(d.screen.ids.resume)  # the Ankh-Morpoly game, unchanged
        assert d.screen.name == "morpoly-board" and (app.session.game_id, app.game.seq) == asked
        d.tap(d.screen.journal_button)  # from a game's screens, Back goes to the game
        d.tap(d.nav("nav_settings"))
        d.tap(_back(d))
        assert d.screen.name == "morpoly-board"
    finally:
        conftest.stop_app(app)
