"""The new-game form is dropped when the set-up screen is left and made again when it comes back
(issue 16: memory), but for a player nothing is lost: the names typed, the player count and the
colours are there again (the rules edition is Settings' on each visit, as it always was), and the
on-screen keyboard of a name box that had the focus does not stay on the next screen."""
from __future__ import annotations

from typing import Any

from ui.keyboard import KeyboardDock


def test_the_form_keeps_what_was_typed_and_chosen_when_left_and_shown_again(driver: Any) -> None:
    d = driver
    app = d.app
    d.tap(d.screen.ids.new_game)
    assert d.screen.name == "setup"
    setup = d.screen
    form = setup._parts()[0]
    d.tap(form.ids.count4)
    d.tap(form.ids.row0.ids.blue)  # blue was row 3's: the two rows swap colours
    d.tap(form.ids.ed_de)
    for i, name in enumerate(["Anneliese", "Bartholomäus", "Cy", "Dora"]):
        form.ids[f"row{i}"].ids.name.text = name
    d.tap(form.ids.row1.ids.name)
    assert form.ids.row1.ids.name.focus and KeyboardDock.of(app).shown

    app.show("settings")  # not by a tap on the bar: a screen change the player did not make in the box
    d.frames(4)
    assert d.screen.name == "settings"
    assert not KeyboardDock.of(app).shown, "the keyboard of a name box stays on the next screen"
    assert setup._form_widget is None and form.parent is None, "the hidden form is kept"

    d.tap(d.nav("nav_home"))
    d.tap(d.screen.ids.new_game)
    assert d.screen is setup
    again = setup._parts()[0]
    assert again is not form and again.parent is not None
    ids = again.ids
    assert [ids[f"row{i}"].ids.name.text for i in range(4)] == ["Anneliese", "Bartholomäus", "Cy", "Dora"]
    assert [ids[f"count{n}"].state for n in (2, 3, 4)] == ["normal", "normal", "down"]
    assert all(not ids[f"row{i}"].disabled and ids[f"row{i}"].opacity == 1 for i in range(4))
    assert ids.row0.ids.blue.state == "down" and ids.row3.ids.red.state == "down"
    # the edition is Settings' again on every visit (as it always was): Settings may have changed it
    assert ids.ed_en.state == "down" and ids.ed_de.state == "normal"
    d.tap(ids.ed_de)
    assert not any(ids[f"row{i}"].ids.name.focus for i in range(4))

    d.tap(ids.row2.ids.name)  # the new boxes type as the old ones did
    assert KeyboardDock.of(app).shown and KeyboardDock.of(app).keyboard.target is ids.row2.ids.name.__self__
    ids.row2.ids.name.focus = False  # as the keyboard's Enter does: the keyboard covers the start button
    d.frames(2)
    assert not KeyboardDock.of(app).shown
    d.tap(ids.start)
    assert app.game is not None
    players = app.game.state.players
    assert [p.name for p in players] == ["Anneliese", "Bartholomäus", "Cy", "Dora"]
    assert [p.color for p in players][0] == "blue" and [p.color for p in players][3] == "red"
    assert app.game.state.edition == "de"
