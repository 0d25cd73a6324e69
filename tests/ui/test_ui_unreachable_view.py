"""A position the rules cannot make, in the engine's own view, is drawn and logged — not a stop.

The table screen, the turn screen and the Journal's map read the engine's public view through the
position format, which refuses a position no table reaches (an end the rules do not make, an empty
draw pile in a game going on). Such a view is an engine slip — one happened: a City Area power
that ended the game in the middle of a question — and refusing it raised out of the screen's
update, so the app stopped, and stopped again at every start on that game. The slip here is made
by hand in the view (the draw pile said empty while the game goes on), on a real window."""
from __future__ import annotations

import logging
from typing import Any

import pytest

from companion.core.errors import StateFormatError
from companion.morpork import game as engine
from companion.morpork.state_format import state_from_json
from ui.screens.table import public_state


def _empty_draw_pile(real: Any) -> Any:
    def view(game: Any, viewer: str | None) -> dict[str, Any]:
        doc: dict[str, Any] = real(game, viewer)
        doc["draw_pile"] = 0
        return doc
    return view


def test_the_table_draws_a_view_no_table_reaches_and_logs_it(driver: Any, monkeypatch: pytest.MonkeyPatch,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    d = driver
    d.app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    slipped = _empty_draw_pile(engine.view)
    view = slipped(d.app.game, None)
    with pytest.raises(StateFormatError, match="draw_pile"):  # the format refuses it, as for a file
        state_from_json(view)
    monkeypatch.setattr(engine, "view", slipped)
    with caplog.at_level(logging.WARNING, logger="ui.screens.table"):
        for screen in ("table", "turn", "table"):  # the same step drawn three times
            d.app.show(screen)
            d.frames(3)
            assert d.app.manager.current == screen
    shown = d.app.manager.get_screen("table").ids.players.state
    assert shown.draw_pile == 0 and [p.color for p in shown.players] == ["red", "yellow", "green"]
    lines = [r.getMessage() for r in caplog.records if r.name == "ui.screens.table"]
    assert len(lines) == 1, lines  # said once, not at every draw
    assert f"at step {d.app.game.seq} " in lines[0] and "draw_pile: 0 cards left" in lines[0], lines
    assert "\n" not in lines[0]  # one line, no traceback


def test_a_view_whose_structure_is_broken_still_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the reachability check is left out: a view that is no position at all (one player) is
    still refused, by the screens' own read of it."""
    game = engine.new_game(["red", "yellow"])
    real = engine.view

    def one_player(game: Any, viewer: str | None) -> dict[str, Any]:
        doc: dict[str, Any] = real(game, viewer)
        doc["players"] = doc["players"][:1]
        return doc
    monkeypatch.setattr(engine, "view", one_player)
    with pytest.raises(StateFormatError, match="players"):
        public_state(game, set())
