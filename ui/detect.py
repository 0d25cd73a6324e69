"""What a table can pick in Settings without typing a URL: the dice and scanners found on this
machine, each as the URL ``hardware`` opens.

- dice: serial ports with the die's USB id (``hardware.dice.usb.RP2040_MICROPYTHON``, opened as
  ``serial://usb/VID:PID/SERIAL`` so a replug into another socket still finds it), other USB serial
  ports by path, the GPIO die where the Pi's GPIO chip exists, and the simulated die;
- scanners: cameras (``/dev/video*`` as ``camera:///dev/videoN``), the Pi camera when ``picamera2``
  is installed, a keyboard-wedge scanner, and the simulated one.

The current URL is always among the choices (typed under "advanced", it stays pickable). Nothing is
opened here: whether a device answers is the live status of :class:`ui.devices.DeviceLink`.
"""
from __future__ import annotations

import glob
import importlib.util
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

SIM_URL = "sim://"


@dataclass(frozen=True)
class DeviceChoice:
    """One pickable device: the URL it opens and its label (an English msgid and its parameter)."""

    url: str
    label: str
    detail: str = ""


def _ports() -> list[Any]:
    try:
        from serial.tools import list_ports
    except ImportError:  # pyserial missing: no serial dice to offer
        return []
    return list(list_ports.comports())


def detected_dice(ports: Callable[[], Iterable[Any]] = _ports, gpio_chip: str = "/dev/gpiochip0",
                  current: str = "") -> list[DeviceChoice]:
    from hardware.dice.usb import RP2040_MICROPYTHON, UsbId
    out: list[DeviceChoice] = []
    for port in sorted(ports(), key=lambda p: str(p.device)):
        if (port.vid, port.pid) == RP2040_MICROPYTHON:
            usb = UsbId(port.vid, port.pid, port.serial_number or None)
            out.append(DeviceChoice(f"serial://usb/{usb}", "Die on USB", str(port.device)))
        elif port.vid is not None:
            out.append(DeviceChoice(f"serial://{port.device}", "Serial port", str(port.device)))
    if os.path.exists(gpio_chip):
        out.append(DeviceChoice("gpio://", "GPIO die"))
    out.append(DeviceChoice(SIM_URL, "Simulated die"))
    return _with_current(out, current)


def detected_scanners(video: str = "/dev/video*", current: str = "") -> list[DeviceChoice]:
    out = [DeviceChoice(f"camera://{path}", "Camera", os.path.basename(path))
           for path in sorted(glob.glob(video))]
    if importlib.util.find_spec("picamera2") is not None:
        out.append(DeviceChoice("picamera2://", "Pi camera"))
    out.append(DeviceChoice("wedge://", "USB scanner (keyboard)"))
    out.append(DeviceChoice(SIM_URL, "Simulated scanner"))
    return _with_current(out, current)


def _with_current(choices: list[DeviceChoice], current: str) -> list[DeviceChoice]:
    if current and all(c.url != current for c in choices):
        choices.insert(0, DeviceChoice(current, "Set by URL", current))
    return choices
