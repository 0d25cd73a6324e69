"""The step picked in one game's Journal is not picked in the next game's, by touch in a real
window.

Found playing across the two games: a step picked in the Journal of a Discworld game (step 2), then
Home, "New Ankh-Morpoly game" and its "Start", a few answers, and the board's "Journal": the new
game's step 2 was picked — "The table after step 2", "Undo to here (2)" offered for a step the table
never picked in this game — and the app, remembering where the table was, brought that step back
after a restart. The Journal screen kept its picked step across games; it now belongs to the game
it was picked in, and another game's Journal opens on its latest step."""
from __future__ import annotations

from pathlib import Path
from typing import Any


def _tap_answer(d: Any, value: str) -> None:
    """Tap the board's button for ``value``."""
    seq = d.app.game.seq
    d.frames(2)
    buttons = [w for w in d.screen.answer_area.walk(restrict=True) if getattr(w, "value", None) == value]
    assert buttons, (value, d.app.game.question.options)
    d.tap(buttons[0])
    d.wait_for(lambda: d.app.game.seq != seq, f"the answer {value!r} taken")


def _latest_shown(d: Any, steps: int) -> None:
    """The Journal on screen shows the latest step, nothing picked: no undo offered."""
    journal = d.screen
    assert journal.name == "journal"
    assert journal.selected == -1, f"step {journal.selected} is picked in a game where no step was"
    assert journal.ids.at.text == f"The table after step {steps}"
    assert journal.ids.undo.disabled


def test_a_step_picked_in_a_discworld_journal_is_not_picked_in_the_next_game(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        conftest.seat_three(app, "en")  # a Discworld game at its first card
        d.frames(3)
        d.tap(d.nav("nav_journal"))
        d.tap(d.screen.line_button(2))
        assert d.screen.selected == 2 and d.screen.ids.at.text == "The table after step 2"
        d.tap(d.nav("nav_home"))
        d.tap(d.screen.ids.new_morpoly)
        assert d.screen.name == "morpoly-setup"
        d.tap(d.screen.start_button)  # three players, the default set
        assert d.screen.name == "morpoly-board"
        while app.game.question.kind != "roll":  # the three guilds, then "roll the dice"
            options = app.game.question.options
            _tap_answer(d, "roll" if "roll" in options else options[0])
        steps = len(app.session.inputs)
        assert steps > 2  # the new game has a step 2 of its own
        d.tap(d.screen.journal_button)
        _latest_shown(d, steps)
        conftest.stop_app(app)
        app = conftest.start_app(data)  # the table was at this Journal: it comes back, as it was
        d = conftest.Driver(app)
        d.frames(3)
        d.tap(d.screen.ids.resume)
        _latest_shown(d, steps)
    finally:
        conftest.stop_app(app)
