"""Die sources, chosen by URL.

``open_die_source(url)`` parses the URL, builds the source and returns it NOT yet started; call
``start()`` to claim the device (OSError if it is missing or busy — the app shows that on screen
and never falls back to a simulated die by itself). For a serial path that does not exist the
factory already raises, so a typo shows up at once.

URL forms::

    serial:///dev/ttyACM0                     a serial port by path (also /dev/serial/by-id/...,
                                              or a pty made by ``ankh-companion die-emulator``)
    serial:///dev/ttyACM0?baud=115200         ... with another baud rate (115200 is the protocol's)
    serial://usb/2e8a:0005                    the first port with this USB vendor:product id,
    serial://usb/2e8a:0005/E6614C311B4A7A2B   ... and this USB serial number; looked up again
                                              on every reconnect
    gpio://                                   a GPIO die reader on the default pins:
                                              data=5,6,13,19 strobe=26 button=21 (BCM numbers)
    gpio://?data=5,6,13,19&strobe=26&button=21&faces=12&die=gpio-1
                                              ... pins, faces and die id given; button=none for
                                              no roll button
    sim://                                    a simulated die, rolled from the screen
    sim://?seed=7&faces=6&die=sim-1           ... seeded, a d6, with this die id

Every source has ``start()``, ``stop()``, the callbacks ``when_rolled(Roll)`` and
``when_status(Status)`` (called from the source's own thread), ``rejected`` (a Counter of rejected
inputs by reason) and ``url``. ``sim://`` sources also have ``roll(face=None)``. Serial sources
also report a die that stays plugged in but stops talking (``silent``, then ``resumed``).
"""
from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

from typing import TYPE_CHECKING

from hardware.dice.model import (DeviceMissing, DieSource, DieSourceError, Roll, Status,
                                 StatusKind)
from hardware.dice.sim_source import SimDieSource
from hardware.dice.throw import Throw, ThrowCollector

if TYPE_CHECKING:
    from hardware.dice.gpio_source import GpioDieSource
    from hardware.dice.serial_source import SerialDieSource

# The serial stack (pyserial, the firmware bridge) and the GPIO source are imported only when a URL
# of theirs is opened, or when one of their names is asked of this package: the simulated die
# should not pay for them at start-up.
_LAZY = {"SerialDieSource": "hardware.dice.serial_source", "GpioDieSource": "hardware.dice.gpio_source",
         "usb": "hardware.dice.usb"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module = importlib.import_module(_LAZY[name])
        return module if name == "usb" else getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["open_die_source", "DieSource", "SerialDieSource", "GpioDieSource", "SimDieSource",
           "Roll", "Status", "StatusKind", "Throw", "ThrowCollector", "DieSourceError",
           "DeviceMissing", "URL_FORMS"]

URL_FORMS = ("serial:///dev/ttyACM0", "serial://usb/2e8a:0005[/SERIAL]",
             "gpio://?data=5,6,13,19&strobe=26&button=21", "sim://", "sim://?seed=N")


def _bad(url: str, why: str) -> ValueError:
    return ValueError(f"bad die source URL {url!r}: {why}; expected one of: "
                      + ", ".join(URL_FORMS))


def _query(url: str, query: str, allowed: set[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, values in parse_qs(query, keep_blank_values=True, strict_parsing=False).items():
        if key not in allowed:
            raise _bad(url, f"unknown parameter {key!r} (allowed: {', '.join(sorted(allowed))})")
        if len(values) != 1:
            raise _bad(url, f"parameter {key!r} given twice")
        out[key] = values[0]
    return out


def _int(url: str, params: dict[str, str], key: str, default: int) -> int:
    if key not in params:
        return default
    try:
        return int(params[key])
    except ValueError:
        raise _bad(url, f"{key} must be a whole number, not {params[key]!r}") from None


def _pin(text: str) -> int | str:
    return int(text) if text.isdigit() else text


def open_die_source(url: str, **options: Any) -> DieSource:
    """The die source for ``url`` (see the module docstring), not yet started.

    ``options`` go to the source's constructor (tests pass ``pin_factory`` or ``clock``).
    ValueError for a URL of no known form; OSError for a serial device that is not there.
    """
    parts = urlsplit(url)
    scheme = parts.scheme
    if scheme == "serial":
        from hardware.dice.serial_source import SerialDieSource
        from hardware.dice.usb import UsbId, find_port

        params = _query(url, parts.query, {"baud"})
        baud = _int(url, params, "baud", 115200)
        if parts.netloc == "usb":
            try:
                usb_id = UsbId.parse(parts.path.lstrip("/"))
            except ValueError as exc:
                raise _bad(url, str(exc)) from None
            find_port(usb_id)  # DeviceMissing now, rather than at start()
            resolve: Callable[[], str] = lambda: find_port(usb_id)  # noqa: E731
            return SerialDieSource(resolve, url=url, baudrate=baud, **options)
        if parts.netloc or not parts.path.startswith("/"):
            raise _bad(url, "a serial URL names a device path (three slashes) or usb/VID:PID")
        if not os.path.exists(parts.path):
            raise DeviceMissing(f"no serial device at {parts.path!r}")
        return SerialDieSource(parts.path, url=url, baudrate=baud, **options)
    if scheme == "gpio":
        from hardware.dice.gpio_source import (DEFAULT_BUTTON_PIN, DEFAULT_DATA_PINS, DEFAULT_STROBE_PIN,
                                               GpioDieSource)

        if parts.netloc or parts.path not in ("", "/"):
            raise _bad(url, "a gpio URL takes only parameters")
        params = _query(url, parts.query, {"data", "strobe", "button", "faces", "die"})
        data = (tuple(_pin(p.strip()) for p in params["data"].split(","))
                if "data" in params else DEFAULT_DATA_PINS)
        strobe = _pin(params.get("strobe", str(DEFAULT_STROBE_PIN)))
        button_text = params.get("button", str(DEFAULT_BUTTON_PIN))
        button = None if button_text in ("", "none") else _pin(button_text)
        try:
            return GpioDieSource(data, strobe, button, faces=_int(url, params, "faces", 12),
                                 die_id=params.get("die", "gpio-1"), url=url, **options)
        except ValueError as exc:
            raise _bad(url, str(exc)) from None
    if scheme == "sim":
        if parts.netloc or parts.path not in ("", "/"):
            raise _bad(url, "a sim URL takes only parameters")
        params = _query(url, parts.query, {"seed", "faces", "die"})
        seed = _int(url, params, "seed", 0) if "seed" in params else None
        try:
            return SimDieSource(seed=seed, faces=_int(url, params, "faces", 12),
                                die_id=params.get("die", "sim-1"), url=url, **options)
        except ValueError as exc:
            raise _bad(url, str(exc)) from None
    raise _bad(url, f"unknown scheme {scheme!r}")
