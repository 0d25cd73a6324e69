"""Pairs of dice from every kind of source: the simulated pair, two GPIO readers on gpiozero's
MockFactory pins, and serial dice through the emulator on real pseudo-terminals (one link carrying
both dice, and one link per die). The rule itself is tested in test_die_pairer.py."""
import threading

import pytest

from firmware_bridge.emulator import EmulatedDie, EmulatedPair
from hardware.dice import PairDieSource, StatusKind, open_die_source

from fake_clock import FakeClock

WAIT = 60.0  # a deadlock guard only; nothing here asserts speed


class PairRecorder:
    def __init__(self, source):
        self.throws, self.statuses, self.rolls = [], [], []
        self._cond = threading.Condition()
        source.when_thrown = lambda t: self._add(self.throws, t)
        source.when_status = lambda s: self._add(self.statuses, s)
        source.when_die_rolled = lambda r: self._add(self.rolls, r)
        source.when_rolled = lambda r: pytest.fail(f"a pair must not deliver single rolls: {r!r}")

    def _add(self, bucket, item):
        with self._cond:
            bucket.append(item)
            self._cond.notify_all()

    def again(self):
        with self._cond:
            return [s for s in self.statuses if s.kind is StatusKind.THROW_AGAIN]

    def wait_for(self, predicate, what):
        with self._cond:
            if not self._cond.wait_for(predicate, timeout=WAIT):
                raise AssertionError(f"timed out waiting for {what}: throws={self.throws!r} "
                                     f"statuses={[s.kind.value for s in self.statuses]!r}")

    def hellos(self):
        with self._cond:
            return {s.die_id for s in self.statuses if s.kind is StatusKind.CONNECTED and s.die_id}


# --- the simulated pair --------------------------------------------------------------------------


def test_the_simulated_pair_throws_both_dice_at_once():
    source = open_die_source("sim://?pair=1&seed=3", tick_interval=None)
    assert isinstance(source, PairDieSource) and source.dice_per_throw == 2
    seen = PairRecorder(source)
    with source:
        throw = source.roll()
        assert throw is not None and seen.throws == [throw]
        assert throw.dice == ("sim-1", "sim-2")
        assert all(1 <= f <= 6 for f in throw.faces) and len(seen.rolls) == 2
        tapped = source.roll((3, 4))  # two faces tapped on screen
        assert tapped is not None and tapped.faces == (3, 4)
        assert tapped.as_input() == {"type": "roll", "faces": [3, 4]}
    assert seen.again() == []


def test_the_simulated_pair_is_repeatable_by_seed_and_refuses_impossible_faces():
    def faces(seed):
        with open_die_source(f"sim://?pair=1&seed={seed}", tick_interval=None) as s:
            return [s.roll().faces for _ in range(20)]

    assert faces(9) == faces(9) != faces(10)
    with open_die_source("sim://?pair=1&die=x,y&faces=6", tick_interval=None) as source:
        with pytest.raises(ValueError):
            source.roll((7, 1))
        with pytest.raises(ValueError):
            source.roll((1, 2, 3))
        assert source.roll((6, 6)).dice == ("x", "y")


# --- two GPIO readers ---------------------------------------------------------------------------

A_DATA, A_STROBE, B_DATA, B_STROBE = (5, 6, 13, 19), 26, (17, 27, 22, 23), 24


def present(factory, data, strobe, code):
    for bit, pin in enumerate(data):
        (factory.pin(pin).drive_high if code >> bit & 1 else factory.pin(pin).drive_low)()
    factory.pin(strobe).drive_high()
    factory.pin(strobe).drive_low()


def test_two_gpio_dice_pair_into_throws_and_a_lone_die_times_out(factory):
    clock = FakeClock(50.0)
    source = open_die_source("gpio://?pair=1", pin_factory=factory, clock=clock, tick_interval=None)
    seen = PairRecorder(source)
    with source:
        present(factory, A_DATA, A_STROBE, 2)
        clock.advance(0.3)
        present(factory, B_DATA, B_STROBE, 5)
        assert [t.faces for t in seen.throws] == [(2, 5)]
        assert seen.throws[0].dice == ("gpio-1", "gpio-2")
        clock.advance(5.0)
        present(factory, B_DATA, B_STROBE, 6)  # die B alone
        clock.advance(3.5)
        source.tick()
        assert [(s.die_id, s.detail.split(":")[0]) for s in seen.again()] == [("gpio-1", "timeout")]
        present(factory, A_DATA, A_STROBE, 7)  # no face of a d6: rejected, never half a throw
        assert source.rejected == {"invalid_code": 1} and len(seen.throws) == 1


def test_gpio_pair_pins_clashing_are_refused(factory):
    with pytest.raises(ValueError, match="share pins"):
        open_die_source("gpio://?pair=1&data2=5,1,2,3", pin_factory=factory)


# --- serial: the emulator on real pseudo-terminals ------------------------------------------------


def test_a_serial_link_carrying_both_dice_delivers_throws_and_throw_again():
    with EmulatedPair(("d6-a", "d6-b"), seed=4) as pair:
        (path,) = pair.paths
        source = open_die_source(f"serial://{path}?dice=d6-a,d6-b&window=30")
        seen = PairRecorder(source)
        with source:
            seen.wait_for(lambda: seen.hellos() >= {"d6-a", "d6-b"}, "both hellos")
            assert pair.throw((3, 4)) == (3, 4)
            seen.wait_for(lambda: seen.throws, "a throw")
            assert seen.throws[0].faces == (3, 4) and seen.throws[0].dice == ("d6-a", "d6-b")
            assert pair.throw((1, 1), crooked=1) == (1, None)
            seen.wait_for(lambda: seen.again(), "throw again")
            assert seen.again()[0].die_id == "d6-b"
            assert seen.again()[0].detail.startswith("crooked")
            pair.throw((6, 5))
            seen.wait_for(lambda: len(seen.throws) == 2, "the rethrow")
        assert [t.faces for t in seen.throws] == [(3, 4), (6, 5)]


def test_a_die_not_reporting_times_out_into_throw_again():
    with EmulatedPair(("d6-a", "d6-b"), seed=5) as pair:
        (path,) = pair.paths
        source = open_die_source(f"serial://{path}?pair=1&window=0.5")
        seen = PairRecorder(source)
        with source:
            seen.wait_for(lambda: seen.hellos() >= {"d6-a", "d6-b"}, "both hellos")
            assert pair.throw((2, 2), missing=0) == (None, 2)
            seen.wait_for(lambda: seen.again(), "the timeout")  # the source's own ticker
            assert seen.again()[0].detail.startswith("timeout")
            assert seen.throws == []
        assert source.dice == ("d6-a", "d6-b")  # adopted in the order heard


def test_one_link_per_die_makes_a_pair():
    with EmulatedDie("d6-a", faces=6, seed=1) as a, EmulatedDie("d6-b", faces=6, seed=2) as b:
        source = open_die_source(f"pair:serial://{a.path};serial://{b.path}", window=30.0)
        seen = PairRecorder(source)
        with source:
            seen.wait_for(lambda: seen.hellos() >= {"d6-a", "d6-b"}, "both hellos")
            b.roll(6)
            a.roll(1)
            seen.wait_for(lambda: seen.throws, "a throw")
        # The URL's order, whichever die spoke or settled first.
        assert seen.throws[0].faces == (1, 6)
        assert seen.throws[0].dice == ("d6-a", "d6-b")


# --- the URL forms --------------------------------------------------------------------------------


@pytest.mark.parametrize("url, why", [
    ("sim://?pair=2", "pair must be 0 or 1"),
    ("sim://?window=2", "window is for a pair"),
    ("sim://?pair=1&window=0", "window must be positive"),
    ("sim://?pair=1&window=soon", "window must be a number"),
    ("sim://?pair=1&die=a", "two distinct die ids"),
    ("sim://?pair=1&die=a,a", "two distinct die ids"),
    ("gpio://?data2=1,2,3,4", "for a pair"),
    ("pair:sim://", "joins two die URLs"),
    ("pair:sim://;sim://;sim://", "joins two die URLs"),
    ("pair:sim://?pair=1;sim://", "single die"),
])
def test_bad_pair_urls_say_why_in_one_line(url, why):
    with pytest.raises(ValueError, match=why) as caught:
        open_die_source(url)
    assert "\n" not in str(caught.value)


def test_single_die_urls_still_give_single_die_sources():
    for url in ("sim://", "sim://?faces=6", "sim://?pair=0"):
        source = open_die_source(url)
        assert not isinstance(source, PairDieSource)
        assert getattr(source, "dice_per_throw", 1) == 1
