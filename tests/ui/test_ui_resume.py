"""A pulled plug loses nothing: a new app on the same data folder offers "resume" and continues the
unfinished game where it stood (the session replays its journal)."""
from __future__ import annotations

from pathlib import Path
from typing import Any


def test_resume_after_the_app_stops(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    app = conftest.start_app(data)
    try:
        app.start_game(["red", "blue"], ["Ann", "Bob"], "en")
        app.on_die_roll(2, "manual")
        for value in ("vetinari", "vimes", "groat", "dimwell"):
            assert app.answer(value), app.message
        seq, state = app.game.seq, app.game.state
    finally:
        conftest.stop_app(app)
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        assert d.screen.name == "home" and not d.screen.ids.resume.disabled
        d.tap(d.screen.ids.resume)
        assert app.game.seq == seq and app.game.state == state
        assert d.screen.name == "turn"
        assert app.game.state.areas["dimwell"].minion_count("blue") == 1
    finally:
        conftest.stop_app(app)
