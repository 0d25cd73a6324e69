"""A settings file the app cannot read is said on screen, not only in the log: its defaults put the
simulated die in place of the real one and English in place of the table's language, and a table
that had written ``"die_url"`` twice (which of the two was meant is not known, so the file is
refused) saw its real die replaced by the simulated one with nothing on screen to say why."""
from __future__ import annotations

import random
from pathlib import Path

from ui.settings import AppSettings

TWICE = '{"die_url": "sim://", "language": "de", "die_url": "serial:///dev/ttyACM0"}'


def test_a_key_given_twice_is_a_file_that_cannot_be_read_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(TWICE, encoding="utf-8")
    settings, problem = AppSettings.read(path)
    assert settings == AppSettings()
    assert problem is not None and "die_url" in problem and "twice" in problem
    assert AppSettings.read(tmp_path / "missing.json") == (AppSettings(), None)
    good = tmp_path / "good.json"
    AppSettings(language="pl").save(good)
    assert AppSettings.read(good) == (AppSettings(language="pl"), None)


def test_the_app_says_on_screen_that_its_settings_file_cannot_be_read(tmp_path: Path) -> None:
    from kivy.base import EventLoop
    from ui.app import make_app
    from tests.ui.conftest import Driver
    from ui.screenshots import stop_app
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(TWICE, encoding="utf-8")
    app = make_app(data_dir=data, rng=random.Random(7))  # the settings read from the data folder, as at a start
    app._run_prepare()
    EventLoop.ensure_window()
    if EventLoop.status != "started":
        EventLoop.start()
    d = Driver(app)
    try:
        d.frames(3)
        assert app.settings == AppSettings()
        shown = d.texts(app.root)
        assert "The settings file cannot be read" in shown and "die_url" in shown, shown
    finally:
        stop_app(app)
