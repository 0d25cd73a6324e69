"""The Journal says a long game's rows over several frames (``SAID_PER_FRAME`` a frame); a table that
leaves it at once for the other game must not have those rows said as the other game's.

Found reading the change that auctions the bank's last houses (an undo from the Journal, then a
restart): the rows were said by whichever session the app held when each frame came, not the one the
Journal listed — an Ankh-Morpoly row said as a Discworld one looked for a Discworld player in an
Ankh-Morpoly table and raised out of Kivy's event loop (on the table the app would close). Here, in
a real window: a Discworld game at set-up and a 1,500-step Ankh-Morpoly game (with ELAM) in one journal; the
Ankh-Morpoly game resumed, its Journal opened, and at once back to the Discworld game."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.core.session import Session
from tests.ui.test_ui_morpoly_at_the_table import _conftest, _feed, _resume

STEPS = 1500


def test_leaving_the_journal_at_once_for_the_other_game_says_its_rows_as_its_own(tmp_path: Path,
                                                                                  request: Any) -> None:
    data = tmp_path / "data"
    data.mkdir(parents=True)
    with Session.open(data / "games.sqlite") as session:  # the Discworld game, older, at its set-up
        session.new_game(["red", "yellow", "green"], None, ["Ann", "Bob", "Cy"])
        discworld = session.game_id
    played = iter(range(STEPS + 1))
    _feed(data, ["Anna", "Bernd", "Clara", "Dora"], {"edition": "de", "elam": "on"},
          lambda _game: next(played) == STEPS, seed=3)  # seed 3: a game of ELAM that lasts
    conftest = _conftest(request)
    app, d = _resume(conftest, data, "en")
    try:
        assert app.session.record.mode == "ankh-morpoly" and len(app.session.inputs) == STEPS
        d.tap(d.screen.journal_button)
        journal = app.manager.get_screen("journal")
        assert journal._saying is not None  # the rows not all said yet
        # what Home's button back to the other game calls (``HomeScreen.list_unfinished``), before the
        # rows are all said: the taps to Home and to the button take more frames here than the six
        # that say 1,500 rows, on the table's slower Pi fewer
        app.resume_other(discworld)
        assert app.session.game_id == discworld
        morpoly = journal._told[1]
        d.frames(20)  # the frames that would have said the rest of the Ankh-Morpoly game's rows
        assert journal._saying is None
        assert len(journal.ids.lines.data) == len(app.session.inputs) + 1  # the Discworld game's own list
        app.resume_other(morpoly)  # back to the long game: its Journal lists and says its own rows
        if d.screen.name != "journal":  # (the app shows the game's board; the table opens its Journal)
            d.tap(d.screen.journal_button)
        d.frames(20)
        assert d.screen.name == "journal" and journal._saying is None
        rows = [row["text"] for row in journal.ids.lines.data]
        assert len(rows) == STEPS + 1
        assert any("Bernd" in row for row in rows[1:])  # Ankh-Morpoly's seats named by their players
    finally:
        conftest.stop_app(app)
