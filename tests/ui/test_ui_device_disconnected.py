"""Hardware failures are visible: a die that is not there (or goes away) is shown disconnected —
never quietly replaced by the simulated die — and reconnects by itself when it comes back (a real
serial source on the die emulator's pseudo-terminal). The simulated die takes over only when the
table asks for it. And a roll is stamped with the question on screen when it *arrived*: one that
raced a tap is refused as stale."""
from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from companion.core.inputs import DieRoll

emulator = pytest.importorskip("firmware_bridge.emulator")


def wait_until(d: Any, condition: Any, what: str, limit: float = 30.0) -> None:
    end = time.monotonic() + limit
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"gave up waiting for {what}")
        d.frames(1)
        time.sleep(0.02)


def die_pad(d: Any) -> Any:
    return [w for w in d.panel().walk() if w.__class__.__name__ == "DiePad"][0]


def test_a_missing_die_is_disconnected_not_simulated_and_reconnects(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    link = tmp_path / "die"
    url = f"serial://{link}"
    die = emulator.EmulatedDie("emu-ui", faces=12, seed=3, link_path=str(link))  # not plugged in yet
    app = conftest.start_app(tmp_path / "data", die_url=url)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        status = app.devices.die_status
        assert not status.connected and app.devices.die is None, "no simulated die swapped in"
        assert f"Die: disconnected ({url})" in app.status_text
        assert f"Die: disconnected ({url})" in d.texts(app.root)  # on the screen, in the status bar
        app.start_game(["red", "blue"], ["Ann", "Bob"], "en")
        d.frames(2)
        assert die_pad(d).roll_button is None, "no simulated roll button without the table's say-so"
        # the die is plugged in: the app finds it by itself
        die.plug()
        wait_until(d, lambda: app.devices.die_status.connected, "the die to reconnect")
        assert app.status_text.startswith(f"Die: {url}") and "disconnected" not in app.status_text
        face = die.roll(2)
        wait_until(d, lambda: app.game.seq == 1, "the roll")
        assert app.session.inputs[0] == DieRoll(face, "serial", seq=0)
        # pulled out mid-game: shown disconnected; plugged back: connected again
        die.unplug()
        wait_until(d, lambda: not app.devices.die_status.connected, "the die to be shown disconnected")
        assert f"Die: disconnected ({url})" in app.status_text and app.devices.die_status.url == url
        die.plug()
        wait_until(d, lambda: app.devices.die_status.connected, "the die to reconnect again")
        assert "disconnected" not in app.status_text
    finally:
        conftest.stop_app(app)
        die.unplug()


def test_the_simulated_die_only_on_the_tables_say_so(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    app = conftest.start_app(tmp_path / "data", die_url=f"serial://{tmp_path / 'nothing'}")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        app.show("settings")
        d.frames(2)
        button = d.screen.ids.use_sim
        assert not button.disabled and not app.devices.die_status.simulated
        d.tap(button)
        assert app.devices.die_status.simulated and app.devices.die_status.connected
        assert "Die: simulated (no hardware)" in app.status_text and d.screen.ids.use_sim.disabled
        assert app.settings.die_url == f"serial://{tmp_path / 'nothing'}", "the saved setting stays"
        app.start_game(["red", "blue"], ["Ann", "Bob"], "en")
        app.back_to_game()
        d.frames(2)
        d.tap(die_pad(d).roll_button)
        wait_until(d, lambda: app.game.seq == 1, "the simulated roll")
    finally:
        conftest.stop_app(app)


def test_a_roll_that_arrived_before_a_tap_answered_the_question_is_stale(driver: Any) -> None:
    d = driver
    app = d.app
    app.start_game(["red", "blue"], ["Ann", "Bob"], "en")
    d.frames(2)
    assert app.game.question.kind == "roll" and app.game.seq == 0
    # the die's thread delivers a 5 while "who starts?" is on screen …
    app.devices._die_rolled(SimpleNamespace(face=5, source="serial:///dev/ttyACM0"))
    # … but a player's tap on the face 2 is handled first (what the face button calls, at once: a
    # driven tap would draw frames, and so handle the roll, before it lands)
    button = die_pad(d).face_buttons[2]
    button.dispatch("on_release")
    assert app.game.seq == 1
    d.frames(3)  # now the roll is handled: made for seq 0, the game is at seq 1
    assert app.game.seq == 1 and app.session.inputs == (DieRoll(2, "manual", seq=0),)
    assert app.message.startswith("Too late: the game has moved on")  # the stale input, in the screen's words
