"""A die that stays plugged in but stops talking is reported silent (injected clock, no sleeps)."""
import threading

import pytest

from firmware_bridge.emulator import EmulatedDie
from hardware.dice import StatusKind, open_die_source
from hardware.dice.liveness import DEFAULT_SILENCE_TIMEOUT, Liveness

from fake_clock import FakeClock

WAIT = 60.0  # a deadlock guard only: nothing here measures time


# --- the rule itself ----------------------------------------------------------------------------

def test_a_die_not_heard_for_the_timeout_is_silent_once_and_resumes_when_heard():
    live = Liveness(3.0)
    live.heard("red", 10.0)
    assert live.check(12.9) == []
    assert live.check(13.0) == [("red", 10.0)]
    assert live.check(20.0) == []  # reported once per silence, not on every check
    assert live.silent == {"red"}
    assert live.heard("red", 21.0) is True  # it was silent: the caller reports "resumed"
    assert live.heard("red", 21.5) is False
    assert live.silent == set() and live.check(24.0) == []
    assert live.check(24.5) == [("red", 21.5)]


def test_each_die_on_a_link_is_watched_on_its_own():
    live = Liveness(3.0)
    live.heard("red", 0.0)
    live.heard("blue", 0.0)
    live.heard("blue", 2.0)
    assert live.check(3.5) == [("red", 0.0)]
    assert live.check(5.0) == [("blue", 2.0)]


def test_a_die_never_heard_is_never_silent_and_forget_clears_everything():
    live = Liveness(3.0)
    assert live.check(1000.0) == []
    live.heard("red", 0.0)
    live.check(10.0)
    live.forget()
    assert live.silent == set() and live.check(100.0) == [] and live.last_heard("red") is None


@pytest.mark.parametrize("timeout", [0, -1.0])
def test_a_timeout_must_be_positive(timeout):
    with pytest.raises(ValueError, match=repr(timeout)):
        Liveness(timeout)


def test_the_default_leaves_room_over_the_protocols_two_second_beat():
    assert DEFAULT_SILENCE_TIMEOUT > 2.0


# --- the serial source against the emulator on a real pty ---------------------------------------

class Statuses:
    def __init__(self, source):
        self.items = []
        self._cond = threading.Condition()
        source.when_status = self._add
        source.when_pong = self._pong
        self.pongs = []

    def _add(self, status):
        with self._cond:
            self.items.append(status)
            self._cond.notify_all()

    def _pong(self, die, token):
        with self._cond:
            self.pongs.append(token)
            self._cond.notify_all()

    def of(self, kind):
        with self._cond:
            return [s for s in self.items if s.kind is kind]

    def wait_for(self, predicate, what):
        with self._cond:
            assert self._cond.wait_for(predicate, timeout=WAIT), (
                f"timed out waiting for {what}: {[(s.kind.value, s.die_id) for s in self.items]}")


@pytest.fixture
def die(tmp_path):
    emulated = EmulatedDie("emu-s", faces=12, seed=5, link_path=str(tmp_path / "die"))
    emulated.plug()
    yield emulated
    emulated.unplug()


def test_a_plugged_in_die_that_stops_beating_is_reported_silent_then_resumed(die):
    clock = FakeClock(1000.0)
    source = open_die_source(f"serial://{die.link_path}", clock=clock)
    seen = Statuses(source)
    source.start()
    try:
        seen.wait_for(lambda: any(s.die_id == "emu-s" for s in seen.of(StatusKind.CONNECTED)),
                      "the die's hello")
        # Real time passes, the injected clock does not: nothing may be reported silent.
        source.ping("sync-1")
        seen.wait_for(lambda: "sync-1" in seen.pongs, "the first pong")
        assert seen.of(StatusKind.SILENT) == [] and source.silent_dice == frozenset()

        clock.now += DEFAULT_SILENCE_TIMEOUT + 0.5  # the die says nothing for 3.5 s
        seen.wait_for(lambda: seen.of(StatusKind.SILENT), "the silent status")
        silent = seen.of(StatusKind.SILENT)
        assert [(s.die_id, s.at) for s in silent] == [("emu-s", clock.now)]
        assert "3.5" in silent[0].detail
        assert source.silent_dice == {"emu-s"} and source.is_connected
        assert seen.of(StatusKind.DISCONNECTED) == []  # the port is fine; only the die is quiet

        clock.now += 10.0
        die.beat()  # the die is back
        seen.wait_for(lambda: seen.of(StatusKind.RESUMED), "the resumed status")
        assert [(s.die_id, s.at) for s in seen.of(StatusKind.RESUMED)] == [("emu-s", clock.now)]
        assert len(seen.of(StatusKind.SILENT)) == 1 and source.silent_dice == frozenset()
        assert source.batteries["emu-s"].battery_pct == 87
    finally:
        source.stop()


def test_silence_watching_can_be_switched_off(die):
    clock = FakeClock(1000.0)
    source = open_die_source(f"serial://{die.link_path}", clock=clock, silence_timeout=None)
    seen = Statuses(source)
    source.start()
    try:
        seen.wait_for(lambda: any(s.die_id == "emu-s" for s in seen.of(StatusKind.CONNECTED)),
                      "the die's hello")
        clock.now += 1e6
        source.ping("sync")
        seen.wait_for(lambda: "sync" in seen.pongs, "the pong")
        die.roll(3)
        seen.wait_for(lambda: seen.of(StatusKind.SETTLED), "settled")
        assert seen.of(StatusKind.SILENT) == []
    finally:
        source.stop()
