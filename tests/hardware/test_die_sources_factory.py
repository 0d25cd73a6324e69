"""Choosing a die source by URL, the simulated die, and throws of several dice."""
import os
import warnings

import pytest
from gpiozero.pins.mock import MockFactory

from firmware_bridge.emulator import EmulatedDie
from hardware.dice import (DeviceMissing, GpioDieSource, Roll, SerialDieSource, SimDieSource,
                           Status, StatusKind, Throw, ThrowCollector, open_die_source)
from hardware.dice import usb


# --- URLs ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("url", [
    "bluetooth://die", "serial:dev/ttyACM0", "serial://host/dev/ttyACM0", "sim://x",
    "sim://?seed=abc", "sim://?sides=6", "gpio://?data=1,2,3", "gpio://?faces=20",
    "serial://usb/2e8a", "serial://usb/zz:00", "serial:///dev/null?baud=fast", "",
    "sim://?seed=1&seed=2",
])
def test_unknown_or_bad_urls_are_value_errors_showing_the_forms(url):
    with pytest.raises(ValueError) as caught:
        open_die_source(url)
    text = str(caught.value)
    assert repr(url) in text
    assert "serial:///dev/ttyACM0" in text and "sim://?seed=N" in text and "gpio://" in text


def test_serial_url_names_a_path(tmp_path):
    with EmulatedDie(link_path=str(tmp_path / "die")) as die:
        source = open_die_source(f"serial://{die.link_path}?baud=115200")
        assert isinstance(source, SerialDieSource)
        assert source.url == f"serial://{die.link_path}?baud=115200"


def test_a_missing_serial_device_is_an_oserror_at_once():
    with pytest.raises(OSError) as caught:
        open_die_source("serial:///dev/ttyACM-not-here")
    assert isinstance(caught.value, FileNotFoundError)
    assert "'/dev/ttyACM-not-here'" in str(caught.value)


class Port:
    def __init__(self, device, vid, pid, serial_number=None):
        self.device, self.vid, self.pid, self.serial_number = device, vid, pid, serial_number


def test_usb_ids_find_the_right_port():
    ports = [Port("/dev/ttyUSB0", 0x0403, 0x6001), Port("/dev/ttyACM1", 0x2E8A, 0x0005, "B"),
             Port("/dev/ttyACM0", 0x2E8A, 0x0005, "A")]
    assert usb.find_port(usb.UsbId.parse("2e8a:0005"), lambda: ports) == "/dev/ttyACM0"
    assert usb.find_port(usb.UsbId.parse("2E8A:0005/B"), lambda: ports) == "/dev/ttyACM1"
    with pytest.raises(DeviceMissing, match="'2e8a:0005/C'"):
        usb.find_port(usb.UsbId.parse("2e8a:0005/C"), lambda: ports)


def test_a_usb_id_with_no_device_plugged_in_is_an_oserror():
    # No USB die on this machine (pyserial never lists ptys): the lookup must fail loudly.
    with pytest.raises(OSError, match="'2e8a:0005'"):
        open_die_source("serial://usb/2e8a:0005")


def test_gpio_url_defaults_and_options():
    source = open_die_source("gpio://")
    assert isinstance(source, GpioDieSource)
    assert (source.data_pins, source.strobe_pin, source.button_pin) == ((5, 6, 13, 19), 26, 21)
    source = open_die_source("gpio://?data=GPIO5,GPIO6,GPIO13,GPIO19&strobe=GPIO26&button=none")
    assert source.data_pins[0] == "GPIO5" and source.button_pin is None


ON_A_PI = "raspberry" in (open("/proc/device-tree/model", errors="replace").read().lower()
                          if os.path.exists("/proc/device-tree/model") else "")


@pytest.mark.skipif(ON_A_PI, reason="this machine has real GPIO pins")
def test_gpio_without_any_gpio_hardware_is_an_oserror(monkeypatch):
    # On this machine (no Pi) gpiozero finds no pin library: that must not become a fake die.
    from gpiozero import Device
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "pin_factory", None)
    source = open_die_source("gpio://")
    try:
        with pytest.raises(OSError, match="cannot claim"), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # gpiozero's "falling back from lgpio" chatter
            source.start()
    finally:
        source.stop()
        if Device.pin_factory is not None:
            Device.pin_factory.close()


# --- sim ----------------------------------------------------------------------------------------

def test_a_seeded_sim_repeats_its_faces():
    def faces(url):
        source = open_die_source(url)
        source.start()
        return [source.roll().face for _ in range(20)]

    assert faces("sim://?seed=7") == faces("sim://?seed=7")
    assert faces("sim://?seed=7") != faces("sim://?seed=8")
    assert set(faces("sim://?seed=1&faces=6")) <= set(range(1, 7))


def test_the_screen_rolls_the_sim_die():
    source = open_die_source("sim://?faces=6&die=blue", clock=lambda: 5.0)
    assert isinstance(source, SimDieSource)
    rolls, statuses = [], []
    source.when_rolled, source.when_status = rolls.append, statuses.append
    source.start()
    source.roll(4)
    assert rolls == [Roll(4, "blue", 6, 5.0, "sim://?faces=6&die=blue")]
    assert [s.kind for s in statuses] == [StatusKind.CONNECTED, StatusKind.ROLLING,
                                          StatusKind.SETTLED]
    with pytest.raises(ValueError, match="7"):
        source.roll(7)
    assert source.rejected == {"face_out_of_range": 1} and len(rolls) == 1
    source.stop()
    with pytest.raises(RuntimeError, match="not started"):
        source.roll()


def test_roll_is_a_frozen_value():
    roll = Roll(3, "d", 12, 1.0, "sim://")
    with pytest.raises(AttributeError):
        roll.face = 4  # type: ignore[misc]


# --- throws of several dice ---------------------------------------------------------------------

def r(die, face):
    return Roll(face, die, 6, 0.0, "sim://")


def st(die, kind):
    return Status(kind, die, 0.0)


def test_a_throw_of_two_d6_counts_only_when_both_have_settled():
    thrown = []
    throw = ThrowCollector(["red", "blue"], thrown.append)
    throw.on_status(st("red", StatusKind.ROLLING))
    throw.on_status(st("blue", StatusKind.ROLLING))
    assert throw.on_roll(r("blue", 4)) is None
    assert throw.waiting_for == ("red",)
    done = throw.on_roll(r("red", 2))
    assert done == Throw((r("red", 2), r("blue", 4)))
    assert thrown == [done] and done.faces == (2, 4) and done.total == 6


def test_a_die_knocked_before_the_other_settles_must_settle_again():
    throw = ThrowCollector(["red", "blue"])
    throw.on_roll(r("red", 5))
    throw.on_status(st("red", StatusKind.HANDLING))  # bumped by the other die
    assert throw.on_roll(r("blue", 1)) is None
    assert throw.waiting_for == ("red",)
    assert throw.on_roll(r("red", 6)).faces == (6, 1)


def test_a_crooked_die_holds_the_throw_until_rethrown():
    throw = ThrowCollector(["red", "blue"])
    throw.on_roll(r("red", 3))
    throw.on_status(st("blue", StatusKind.CROOKED))
    assert throw.waiting_for == ("blue",)
    assert throw.on_roll(r("blue", 2)).faces == (3, 2)


def test_other_dice_are_not_part_of_the_throw():
    throw = ThrowCollector(["red"])
    assert throw.on_roll(r("green", 1)) is None
    assert throw.on_roll(r("red", 1)).faces == (1,)
    with pytest.raises(ValueError):
        ThrowCollector(["a", "a"])
