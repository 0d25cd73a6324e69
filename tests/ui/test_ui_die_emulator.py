"""The app on a real serial die source fed by the die emulator on a pseudo-terminal: the rolls come
from the source's reader thread, hop to Kivy's main thread, and drive set-up and a fire."""
from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from companion.core.inputs import DieRoll

emulator = pytest.importorskip("firmware_bridge.emulator")


def wait_until(d: Any, condition: Any, what: str, limit: float = 20.0) -> None:
    """Draw frames until ``condition()``; the limit only stops a broken test from hanging."""
    end = time.monotonic() + limit
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"gave up waiting for {what}")
        d.frames(1)
        time.sleep(0.01)


def test_a_game_from_the_die_emulator(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    die = emulator.EmulatedDie("emu-ui", faces=12, seed=5, link_path=str(tmp_path / "die"))
    die.plug()
    app = conftest.start_app(tmp_path / "data", die_url=f"serial://{tmp_path / 'die'}")
    d = conftest.Driver(app)
    threads: list[str] = []
    original = app.on_die_roll

    def spy(face: int, source: str, *rest: Any) -> None:
        threads.append(threading.current_thread().name)
        original(face, source, *rest)

    app.devices.on_roll = spy
    try:
        d.frames(3)
        assert not app.devices.die_status.simulated
        assert f"serial://{tmp_path / 'die'}" in app.status_text
        app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
        d.frames(2)
        assert d.screen.name == "setup"
        pad = [w for w in d.panel().walk() if w.__class__.__name__ == "DiePad"][0]
        assert pad.roll_button is None, "a real die: no simulated roll button"
        die.roll(3)
        wait_until(d, lambda: app.game.seq == 1, "the first-player roll")
        first = app.session.inputs[0]
        assert isinstance(first, DieRoll) and first.face == 3 and first.source == "serial"
        assert app.game.state.active_player == "green"  # face 3 of 3 players: the third colour
        for personality in ("vetinari", "rust", "vimes"):
            assert app.answer(personality)
        # green plays The Dean (E S P): the event is a fire, rolled on the emulated die
        assert app.answer("the-dean")
        assert app.answer("fire")
        d.frames(2)
        assert d.screen.name == "events" and "Fire" in d.screen.ids.event_name.text
        rolled = 0
        while app.game.question.kind == "roll" and rolled < 12:
            seq = app.game.seq
            face = die.roll()
            rolled += 1
            wait_until(d, lambda: app.game.seq == seq + 1, f"roll {rolled}")
            assert app.session.inputs[-1] == DieRoll(face, "serial", seq=seq)
            if d.screen.name == "events":
                assert d.screen.ids.face.text == str(face)
        assert rolled >= 1
        assert threads and set(threads) == {threading.main_thread().name}
    finally:
        conftest.stop_app(app)
        die.unplug()
