"""The GPIO die reader on gpiozero's own MockFactory pins (a fresh factory per test)."""
import pytest

from hardware.dice import DieSourceError, GpioDieSource, StatusKind, open_die_source
from hardware.dice.gpio_source import BOUNCE, INVALID_CODE, UNSTABLE

from fake_clock import FakeClock

DATA, STROBE, BUTTON = (5, 6, 13, 19), 26, 21


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def reader(factory, clock):
    source = GpioDieSource(DATA, STROBE, BUTTON, pin_factory=factory, clock=clock)
    rolls, statuses = [], []
    source.when_rolled = rolls.append
    source.when_status = statuses.append
    source.start()
    source.delivered, source.statuses = rolls, statuses
    yield source
    source.stop()


def present(factory, code, strobe=True):
    """What the reader board does: put the code on the data pins, then pulse the strobe."""
    for bit, pin in enumerate(DATA):
        (factory.pin(pin).drive_high if code >> bit & 1 else factory.pin(pin).drive_low)()
    if strobe:
        factory.pin(STROBE).drive_high()
        factory.pin(STROBE).drive_low()


@pytest.mark.parametrize("face", range(1, 13))
def test_each_strobed_face_reads_right(reader, factory, clock, face):
    present(factory, face)
    assert [(r.face, r.die_id, r.faces) for r in reader.delivered] == [(face, "gpio-1", 12)]
    assert reader.delivered[0].arrived_at == clock.now
    assert reader.rejected_total == 0


def test_faces_one_to_twelve_in_a_row(reader, factory, clock):
    for face in range(1, 13):
        present(factory, face)
        clock.advance(1.0)
    assert [r.face for r in reader.delivered] == list(range(1, 13))


@pytest.mark.parametrize("code", [0, 13, 14, 15])
def test_invalid_codes_are_rejected_and_counted(reader, factory, code, caplog):
    present(factory, code)
    assert reader.delivered == []
    assert reader.rejected == {INVALID_CODE: 1}
    assert repr(code) in caplog.text


def test_a_bouncing_strobe_gives_one_roll(reader, factory, clock):
    factory.pin(DATA[0]).drive_high()
    factory.pin(DATA[2]).drive_high()  # 5
    strobe = factory.pin(STROBE)
    for _ in range(4):  # contact bounce: four pulses within the same instant
        strobe.drive_high()
        strobe.drive_low()
        clock.advance(0.002)
    assert [r.face for r in reader.delivered] == [5]
    assert reader.rejected == {BOUNCE: 3}
    clock.advance(1.0)
    present(factory, 5)  # the same face thrown again later is a new roll
    assert [r.face for r in reader.delivered] == [5, 5]


def test_data_changing_during_the_strobe_is_rejected(reader, factory):
    present(factory, 3, strobe=False)
    factory.pin(STROBE).drive_high()
    factory.pin(DATA[3]).drive_high()  # 3 -> 11 while latched
    factory.pin(STROBE).drive_low()
    assert reader.delivered == []
    assert reader.rejected == {UNSTABLE: 1}


def test_data_lines_alone_never_make_a_roll(reader, factory, clock):
    for code in (1, 7, 12, 0, 9):
        present(factory, code, strobe=False)
        clock.advance(0.5)
    assert reader.delivered == []


def test_the_roll_button_reports_rolling_and_is_debounced(reader, factory, clock):
    button = factory.pin(BUTTON)
    for _ in range(3):  # a press that bounces
        button.drive_low()
        button.drive_high()
        clock.advance(0.001)
    clock.advance(1.0)
    button.drive_low()
    button.drive_high()
    presses = [s for s in reader.statuses if s.kind is StatusKind.ROLLING]
    assert len(presses) == 2 and presses[0].detail == "roll button"
    assert reader.delivered == []


def test_pins_are_configurable_by_url(factory, clock):
    source = open_die_source("gpio://?data=17,27,22,23&strobe=24&button=none&faces=6&die=tray",
                             pin_factory=factory, clock=clock)
    rolls = []
    source.when_rolled = rolls.append
    source.start()
    try:
        factory.pin(17).drive_high()
        factory.pin(22).drive_high()  # code 5
        factory.pin(24).drive_high()
        factory.pin(24).drive_low()
        clock.advance(1)
        factory.pin(23).drive_high()  # code 13: no face of a d6
        factory.pin(24).drive_high()
        factory.pin(24).drive_low()
        assert [(r.face, r.die_id, r.faces) for r in rolls] == [(5, "tray", 6)]
        assert source.rejected == {INVALID_CODE: 1}
    finally:
        source.stop()


def test_busy_pins_are_an_oserror(factory, reader):
    other = GpioDieSource(DATA, STROBE, BUTTON, pin_factory=factory)
    with pytest.raises(DieSourceError, match="cannot claim"):
        other.start()
    assert isinstance(DieSourceError("x"), OSError)


def test_stop_releases_the_pins(factory, clock):
    first = GpioDieSource(DATA, STROBE, BUTTON, pin_factory=factory, clock=clock)
    first.start()
    first.stop()
    second = GpioDieSource(DATA, STROBE, BUTTON, pin_factory=factory, clock=clock)
    rolls = []
    second.when_rolled = rolls.append
    second.start()
    try:
        present(factory, 4)
        assert [r.face for r in rolls] == [4]
    finally:
        second.stop()


@pytest.mark.parametrize("kwargs, match", [
    ({"data_pins": (1, 2, 3)}, "exactly 4"),
    ({"data_pins": (1, 2, 3, 4), "strobe_pin": 4}, "twice"),
    ({"faces": 16}, "1..15"),
])
def test_bad_pin_setups_are_value_errors(kwargs, match):
    with pytest.raises(ValueError, match=match):
        GpioDieSource(**kwargs)
