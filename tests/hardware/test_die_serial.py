"""The serial die source against the emulator on a real pseudo-terminal."""
import os
import threading

import pytest

from firmware_bridge import host
from firmware_bridge.emulator import EmulatedDie
from firmware_bridge.protocol import LedColour, LedMode, Unknown
from hardware.dice import (DeviceMissing, DieSourceError, SerialDieSource, StatusKind,
                           open_die_source)

LIVENESS = (StatusKind.SILENT, StatusKind.RESUMED)
WAIT = 60.0  # a deadlock guard only: a loaded CI machine must not fail these; nothing asserts speed


class Recorder:
    """Collects what a source delivers; tests wait on conditions, never on sleeps."""

    def __init__(self, source):
        self.rolls, self.statuses, self.pongs = [], [], []
        self.threads = set()
        self._cond = threading.Condition()
        source.when_rolled = self._on_roll
        source.when_status = self._on_status
        if hasattr(source, "when_pong"):
            source.when_pong = self._on_pong

    def _add(self, bucket, item):
        with self._cond:
            bucket.append(item)
            self.threads.add(threading.current_thread().name)
            self._cond.notify_all()

    def _on_roll(self, roll):
        self._add(self.rolls, roll)

    def _on_status(self, status):
        self._add(self.statuses, status)

    def _on_pong(self, die, token):
        self._add(self.pongs, (die, token))

    def wait_for(self, predicate, what):
        with self._cond:
            if not self._cond.wait_for(predicate, timeout=WAIT):
                raise AssertionError(f"timed out waiting for {what}; rolls={self.rolls!r}, "
                                     f"statuses={[s.kind.value for s in self.statuses]!r}")

    def kinds(self):
        """Status kinds in order, without silent/resumed: on a loaded machine the real clock may
        see a 3 s gap anywhere; that rule is tested with an injected clock in test_die_liveness."""
        with self._cond:
            return [s.kind for s in self.statuses if s.kind not in LIVENESS]

    def hello_count(self):
        with self._cond:
            return sum(1 for s in self.statuses if s.kind is StatusKind.CONNECTED and s.die_id)

    def mark(self):
        with self._cond:
            return len(self.statuses)

    def hello_on_a_new_port(self, mark):
        """Since ``mark``: the port dropped, was reopened, and the die said hello on the new one.

        Only then is a line the die writes sure to be read: pyserial discards whatever was queued
        before it opened the port, and a hello counted across ports (say a late answer on the old
        one) could let a test roll the die before the source is listening.
        """
        with self._cond:
            stage = 0
            for s in self.statuses[mark:]:
                if stage == 0 and s.kind is StatusKind.DISCONNECTED:
                    stage = 1
                elif stage == 1 and s.kind is StatusKind.CONNECTED and s.die_id is None:
                    stage = 2
                elif stage == 2 and s.kind is StatusKind.CONNECTED and s.die_id:
                    return True
            return False


@pytest.fixture
def die(tmp_path):
    emulated = EmulatedDie("emu-1", faces=12, seed=11, link_path=str(tmp_path / "die"))
    emulated.plug()
    yield emulated
    emulated.unplug()


@pytest.fixture
def source(die):
    src = open_die_source(f"serial://{die.link_path}")
    yield src
    src.stop()


def started(source):
    rec = Recorder(source)
    source.start()
    rec.wait_for(lambda: rec.hello_count() >= 1, "the die's hello")
    return rec


def test_rolls_arrive_in_order_once_each_with_arrival_times(die, source):
    rec = started(source)
    faces = [die.roll() for _ in range(30)]
    rec.wait_for(lambda: len(rec.rolls) >= 30, "30 rolls")
    # One more marker roll: had anything been delivered twice, it would show before the marker.
    die.roll(12)
    rec.wait_for(lambda: len(rec.rolls) >= 31, "the marker roll")
    assert [r.face for r in rec.rolls] == faces + [12]
    assert all(r.die_id == "emu-1" and r.faces == 12 for r in rec.rolls)
    assert all(r.source == f"serial://{die.link_path}" for r in rec.rolls)
    times = [r.arrived_at for r in rec.rolls]
    assert times == sorted(times)
    assert source.counters.rolls == 31 and source.rejected_total == 0
    assert all(name.startswith("die-reader") for name in rec.threads)


def test_states_are_reported_as_they_change(die, source):
    rec = started(source)
    die.crooked_landing()
    rec.wait_for(lambda: StatusKind.CROOKED in rec.kinds(), "crooked")
    assert rec.kinds()[-3:] == [StatusKind.HANDLING, StatusKind.ROLLING, StatusKind.CROOKED]
    assert rec.rolls == []


def test_handling_then_settled_without_rolling_gives_no_roll(die, source):
    rec = started(source)
    die.pick_up_and_put_down()
    die.lying_roll(6)  # even when the die claims one
    die.roll(2)
    rec.wait_for(lambda: rec.rolls, "the genuine roll")
    assert [r.face for r in rec.rolls] == [2]
    assert source.rejected == {host.ROLL_WITHOUT_ROLLING: 1}


def test_damaged_lines_are_counted_and_logged_and_not_acted_on(die, source, caplog):
    rec = started(source)
    die.send_garbage()
    die.send_bad_checksum_roll(4)
    die.roll(3)
    die.repeat_last_line()
    die.send_message(Unknown("glow", (("hue", "1"),)))
    die.roll(9)
    rec.wait_for(lambda: len(rec.rolls) >= 2, "two rolls")
    assert [r.face for r in rec.rolls] == [3, 9]
    counters = source.counters
    assert counters.rejected == {"malformed": 1, "checksum": 1, host.DUPLICATE: 1}
    assert counters.ignored == 1
    assert "checksum" in caplog.text and "duplicate" in caplog.text


def test_unplug_and_replug_is_survived_within_two_seconds(die, source):
    rec = started(source)
    die.roll(1)
    rec.wait_for(lambda: rec.rolls, "the first roll")
    mark = rec.mark()
    die.unplug()
    rec.wait_for(lambda: StatusKind.DISCONNECTED in rec.kinds(), "disconnected")
    assert not source.is_connected
    with pytest.raises(DieSourceError, match="not connected"):
        source.ping("p")
    new_path = die.plug()
    rec.wait_for(lambda: rec.hello_on_a_new_port(mark), "the replugged die's hello")
    assert os.readlink(die.link_path) == new_path
    die.roll(8)
    rec.wait_for(lambda: len(rec.rolls) >= 2, "a roll after replug")
    assert [r.face for r in rec.rolls] == [1, 8]
    assert source.reconnects == 1
    # How fast (the 2 s promise) is measured by benchmarks/bench_die_serial.py, not asserted here.


def test_reconnects_repeatedly(die, source):
    rec = started(source)
    for i in range(3):
        mark = rec.mark()
        die.replug()
        rec.wait_for(lambda: rec.hello_on_a_new_port(mark), f"hello after replug {i + 1}")
        die.roll(i + 1)
        rec.wait_for(lambda: len(rec.rolls) >= i + 1, f"roll after replug {i + 1}")
    assert [r.face for r in rec.rolls] == [1, 2, 3]


def test_commands_reach_the_die(die, source):
    rec = started(source)
    source.ping("hi")
    source.set_led(LedColour.GREEN, LedMode.BLINK)
    source.ping("there")
    rec.wait_for(lambda: len(rec.pongs) >= 2, "two pongs")
    assert rec.pongs == [("emu-1", "hi"), ("emu-1", "there")]
    assert die.led.colour is LedColour.GREEN and die.led.mode is LedMode.BLINK


def test_heartbeats_report_the_battery(die, source):
    rec = started(source)
    die.beat()
    source.ping("sync")
    rec.wait_for(lambda: rec.pongs, "pong after the beat")
    assert source.batteries["emu-1"].battery_pct == 87


def test_two_dice_on_two_ports_deliver_tagged_rolls(tmp_path):
    red = EmulatedDie("red", 6, seed=1, link_path=str(tmp_path / "red"))
    blue = EmulatedDie("blue", 6, seed=2, link_path=str(tmp_path / "blue"))
    with red, blue:
        sources = [open_die_source(f"serial://{tmp_path / n}") for n in ("red", "blue")]
        recs = [started(s) for s in sources]
        try:
            red.roll(3)
            blue.roll(5)
            for rec in recs:
                rec.wait_for(lambda rec=rec: rec.rolls, "a roll")
            assert [(r.die_id, r.face, r.faces) for rec in recs for r in rec.rolls] == [
                ("red", 3, 6), ("blue", 5, 6)]
        finally:
            for s in sources:
                s.stop()


def test_a_missing_device_is_an_oserror_never_a_fake(tmp_path):
    with pytest.raises(DeviceMissing, match="nothing-here"):
        open_die_source(f"serial://{tmp_path / 'nothing-here'}")
    src = SerialDieSource(str(tmp_path / "gone"))
    with pytest.raises(OSError, match="gone"):
        src.start()


def test_stop_is_clean_and_idempotent(die, source):
    rec = started(source)
    source.stop()
    source.stop()
    assert rec.kinds()[-1] is StatusKind.DISCONNECTED
    assert not source.is_connected
    die.roll(4)  # nobody listening any more: nothing delivered, nothing crashes
    assert rec.rolls == []


def test_a_failing_subscriber_does_not_stop_the_reader(die, source, caplog):
    rec = started(source)
    calls = []

    def bad(roll):
        calls.append(roll)
        raise RuntimeError("subscriber bug")

    source.when_rolled = bad
    die.roll(5)
    source.ping("after")
    rec.wait_for(lambda: rec.pongs, "pong after the failing callback")
    assert len(calls) == 1 and "subscriber bug" in caplog.text


def test_a_failing_pong_subscriber_does_not_stop_the_reader(die, source, caplog):
    rec = started(source)
    called = threading.Event()

    def bad(die_id, token):
        called.set()
        raise RuntimeError("pong subscriber bug")

    source.when_pong = bad
    source.ping("first")
    assert called.wait(WAIT), "the pong never arrived"
    die.roll(6)  # only after the pong: the reader must still be there to read it
    rec.wait_for(lambda: rec.rolls, "a roll after the failing pong callback")
    assert [r.face for r in rec.rolls] == [6] and source.last_pong[:2] == ("emu-1", "first")
    assert "pong subscriber bug" in caplog.text


def test_a_die_rebooted_behind_an_open_port_with_its_hello_lost_is_asked_and_believed(die, source):
    # Issue 15: every real throw after such a reboot was refused as stale (300 of 300) until the
    # die's numbers caught up, and nothing asked for a new hello.
    rec = started(source)
    for i in range(400):  # the host's numbering for this die is now 1,600 lines ahead
        die.roll(i % 12 + 1)
    rec.wait_for(lambda: len(rec.rolls) >= 400, "400 rolls before the reboot")
    hellos = rec.hello_count()
    die.reboot(lose_hello=True)
    die.beat()
    die.beat()  # the second stale line in a row: the source asks emu-1 for hello
    rec.wait_for(lambda: rec.hello_count() > hellos, "the rebooted die's hello, asked for")
    faces = [die.roll() for _ in range(300)]
    rec.wait_for(lambda: len(rec.rolls) >= 700, "300 rolls after the reboot")
    assert [r.face for r in rec.rolls[400:]] == faces
    counters = source.counters
    assert counters.rejected == {host.STALE: 2} and counters.hello_requests == 1
