"""Discworld: Ankh-Morpork played to its end by touch in the real app (800×480) at a Polish table
(four players: "Przemysław", "Małgorzata-Krystyna", "Bartłomiej", "Zofia") and an Italian one (three:
"Massimiliano", "Maria Benedetta", "Gianluca"), on the simulated die and the list scanner, with every
random event drawn by touch, a Journal undo across one and a restart in the middle of one; what the
tables read on the screenshots and tripped over:

- the Polish game's end, when the draw pile ran out, read "★ Zofia — skończył się stos kart": "stos
  kart" is what this catalogue calls the discard pile ("stos kart odrzuconych", where Dr Whiteface's
  card and the Dean's look), and the line the same step wrote in the log said "Talia się skończyła";
  the title now says "talia się skończyła", as the log and the fog's "w talii zostało 26 kart".

Late positions are reached as a table's journal would hold them: the simulator's seeded random
legal play (``companion.cli.simulate``) fed through the session, then the app opened on the data
folder and the rest tapped.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.ui.test_ui_morpoly_at_the_table import _conftest
from tests.ui.test_ui_restart_at_the_end import journal_one_step_short

POLISH_NAMES = ("Przemysław", "Zofia")
DRAW_PILE_SEED = 8
"""The simulator's two-player game for this seed (Polish cards) ends when the draw pile runs out,
no one holding Commander Vimes: the points decide."""


def _opened(request: Any, data: Path, language: str) -> tuple[Any, Any, Any]:
    """The app opened on ``data`` in ``language`` and its unfinished game resumed by a tap."""
    conftest = _conftest(request)
    app = conftest.start_app(data, language=language)
    d = conftest.Driver(app)
    d.frames(3)
    d.tap(d.screen.ids.resume)
    d.frames(3)
    return conftest, app, d


def test_the_polish_end_names_the_draw_pile_as_the_log_does(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _short, last = journal_one_step_short(data, DRAW_PILE_SEED, "pl", POLISH_NAMES)
    conftest, app, d = _opened(request, data, "pl")
    try:
        d.choose(last)  # the last player's "end the turn": no card left to draw
        d.frames(3)
        assert d.screen.name == "gameend", d.screen.name
        assert app.game.state.game_over.reason == "draw-pile"
        title = d.screen.ids.winner.text
        assert title.endswith(" — talia się skończyła"), title
        assert "stos" not in title
        said = [app.translator.narration(line) for line in app.game.narration[-4:]]
        assert any(line.startswith("Talia się skończyła") for line in said), said  # the log's words
    finally:
        conftest.stop_app(app)
