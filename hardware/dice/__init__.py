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

A pair of dice thrown together (Ankh-Morpoly's 2d6; see :mod:`hardware.dice.pair` for the rule)::

    sim://?pair=1                             two simulated d6 (faces defaults to 6 for a pair),
    sim://?pair=1&seed=7&faces=6&die=a,b      ... seeded (die b uses seed+1), with these die ids
    serial:///dev/ttyACM0?pair=1              one link carrying two dice (a tray, or the
                                              emulator's --pair): the first two die ids heard
    serial:///dev/ttyACM0?dice=d6-a,d6-b      ... these two die ids, in this throw order
    gpio://?pair=1                            two GPIO die readers: die A on data=5,6,13,19
                                              strobe=26 (and the roll button=21), die B on
                                              data2=17,27,22,23 strobe2=24; faces 6
    gpio://?pair=1&data2=…&strobe2=…&die=a,b  ... die B's pins and both die ids given
    pair:URL_A;URL_B                          one die per source, e.g.
                                              pair:serial:///dev/ttyACM0;serial:///dev/ttyACM1
    …&window=2.5                              (any pair form above, on the query of a one-source
                                              form) seconds allowed between the two dice settling

A pair source (:class:`PairDieSource`, ``dice_per_throw == 2``) delivers ``when_thrown(Throw)``
(``throw.faces == (a, b)``, ``throw.dice`` their ids, ``throw.as_input()`` the engine's
``{"type": "roll", "faces": [a, b]}``), ``when_die_rolled(Roll)`` for each die as it settles,
and ``when_status(Status)``, where kind ``throw_again`` says the attempt did not count (a
crooked die, one die settling alone, a die lost); it never calls ``when_rolled``. Sim pairs have
``roll(faces=None)``: both dice at once, faces tapped on screen or drawn.

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
from hardware.dice.pair import PairDieSource, Pairer
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
           "DeviceMissing", "URL_FORMS", "PairDieSource", "Pairer"]

URL_FORMS = ("serial:///dev/ttyACM0", "serial://usb/2e8a:0005[/SERIAL]",
             "gpio://?data=5,6,13,19&strobe=26&button=21", "sim://", "sim://?seed=N",
             "sim://?pair=1", "serial:///dev/ttyACM0?pair=1", "gpio://?pair=1", "pair:URL_A;URL_B")

#: die B's pins in ``gpio://?pair=1`` (BCM numbers), unless ``data2``/``strobe2`` say otherwise.
DEFAULT_PAIR_DATA_PINS = (17, 27, 22, 23)
DEFAULT_PAIR_STROBE_PIN = 24
_PAIR_OPTIONS = ("window", "tick_interval")


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


def _flag(url: str, params: dict[str, str], key: str) -> bool:
    value = params.get(key, "0")
    if value not in ("0", "1"):
        raise _bad(url, f"{key} must be 0 or 1, not {value!r}")
    return value == "1"


def _window(url: str, params: dict[str, str], options: dict[str, Any]) -> None:
    if "window" in params:
        try:
            options["window"] = float(params["window"])
        except ValueError:
            raise _bad(url, f"window must be a number of seconds, not {params['window']!r}") from None
        if not options["window"] > 0:
            raise _bad(url, f"window must be positive, not {params['window']!r}")


def _pair_ids(url: str, params: dict[str, str], default: tuple[str, str]) -> tuple[str, str]:
    if "die" not in params and "dice" not in params:
        return default
    ids = tuple(p.strip() for p in params.get("die", params.get("dice", "")).split(","))
    if len(ids) != 2 or not all(ids) or ids[0] == ids[1]:
        raise _bad(url, f"a pair needs two distinct die ids, not {params.get('die', params.get('dice'))!r}")
    return ids[0], ids[1]


def _split_options(options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(options for the pair, options for its inner sources); a clock goes to both."""
    pair = {k: v for k, v in options.items() if k in _PAIR_OPTIONS or k == "clock"}
    inner = {k: v for k, v in options.items() if k not in _PAIR_OPTIONS}
    return pair, inner


def open_die_source(url: str, **options: Any) -> DieSource:
    """The die source for ``url`` (see the module docstring), not yet started.

    ``options`` go to the source's constructor (tests pass ``pin_factory`` or ``clock``; a pair
    also takes ``window`` and ``tick_interval``).
    ValueError for a URL of no known form; OSError for a serial device that is not there.
    """
    if url.startswith("pair:"):
        urls = url[len("pair:"):].split(";")
        if len(urls) != 2 or not all(urls):
            raise _bad(url, "a pair: URL joins two die URLs with ';'")
        if any(u.startswith("pair:") or "pair=" in u or "dice=" in u for u in urls):
            raise _bad(url, "each half of a pair: URL is a single die")
        pair_opts, inner = _split_options(options)
        sources = [open_die_source(u, **inner) for u in urls]
        return PairDieSource(sources, url=url, **pair_opts)
    parts = urlsplit(url)
    scheme = parts.scheme
    if scheme == "serial":
        from hardware.dice.serial_source import SerialDieSource
        from hardware.dice.usb import UsbId, find_port

        params = _query(url, parts.query, {"baud", "pair", "dice", "window"})
        baud = _int(url, params, "baud", 115200)
        pair_opts, inner = _split_options(options)
        paired = _flag(url, params, "pair") or "dice" in params
        if paired:
            _window(url, params, pair_opts)
        elif "window" in params:
            raise _bad(url, "window is for a pair (pair=1 or dice=A,B)")
        if parts.netloc == "usb":
            try:
                usb_id = UsbId.parse(parts.path.lstrip("/"))
            except ValueError as exc:
                raise _bad(url, str(exc)) from None
            find_port(usb_id)  # DeviceMissing now, rather than at start()
            resolve: Callable[[], str] = lambda: find_port(usb_id)  # noqa: E731
            single: DieSource = SerialDieSource(resolve, url=url, baudrate=baud, **inner)
        else:
            if parts.netloc or not parts.path.startswith("/"):
                raise _bad(url, "a serial URL names a device path (three slashes) or usb/VID:PID")
            if not os.path.exists(parts.path):
                raise DeviceMissing(f"no serial device at {parts.path!r}")
            single = SerialDieSource(parts.path, url=url, baudrate=baud, **inner)
        if not paired:
            return single
        dice = _pair_ids(url, params, ("", "")) if "dice" in params else None
        return PairDieSource([single], url=url, dice=dice, **pair_opts)
    if scheme == "gpio":
        from hardware.dice.gpio_source import (DEFAULT_BUTTON_PIN, DEFAULT_DATA_PINS, DEFAULT_STROBE_PIN,
                                               GpioDieSource)

        if parts.netloc or parts.path not in ("", "/"):
            raise _bad(url, "a gpio URL takes only parameters")
        params = _query(url, parts.query, {"data", "strobe", "button", "faces", "die", "pair",
                                           "data2", "strobe2", "window"})
        paired = _flag(url, params, "pair")
        if not paired and ({"data2", "strobe2", "window"} & set(params)):
            raise _bad(url, "data2, strobe2 and window are for a pair (pair=1)")
        data = (tuple(_pin(p.strip()) for p in params["data"].split(","))
                if "data" in params else DEFAULT_DATA_PINS)
        strobe = _pin(params.get("strobe", str(DEFAULT_STROBE_PIN)))
        button_text = params.get("button", str(DEFAULT_BUTTON_PIN))
        button = None if button_text in ("", "none") else _pin(button_text)
        faces = _int(url, params, "faces", 6 if paired else 12)
        try:
            if not paired:
                return GpioDieSource(data, strobe, button, faces=faces,
                                     die_id=params.get("die", "gpio-1"), url=url, **options)
            pair_opts, inner = _split_options(options)
            _window(url, params, pair_opts)
            ids = _pair_ids(url, params, ("gpio-1", "gpio-2"))
            data2 = (tuple(_pin(p.strip()) for p in params["data2"].split(","))
                     if "data2" in params else DEFAULT_PAIR_DATA_PINS)
            strobe2 = _pin(params.get("strobe2", str(DEFAULT_PAIR_STROBE_PIN)))
            used = [*data, strobe, *([button] if button is not None else [])]
            clash = set(map(str, used)) & set(map(str, [*data2, strobe2]))
            if clash:
                raise ValueError(f"dice A and B share pins {sorted(clash)!r}")
            gpio_dice = [GpioDieSource(data, strobe, button, faces=faces, die_id=ids[0],
                                    url=url, **inner),
                      GpioDieSource(data2, strobe2, None, faces=faces, die_id=ids[1],
                                    url=url, **inner)]
            return PairDieSource(gpio_dice, url=url, dice=ids, **pair_opts)
        except ValueError as exc:
            raise _bad(url, str(exc)) from None
    if scheme == "sim":
        if parts.netloc or parts.path not in ("", "/"):
            raise _bad(url, "a sim URL takes only parameters")
        params = _query(url, parts.query, {"seed", "faces", "die", "pair", "window"})
        paired = _flag(url, params, "pair")
        if not paired and "window" in params:
            raise _bad(url, "window is for a pair (pair=1)")
        seed = _int(url, params, "seed", 0) if "seed" in params else None
        faces = _int(url, params, "faces", 6 if paired else 12)
        try:
            if not paired:
                return SimDieSource(seed=seed, faces=faces, die_id=params.get("die", "sim-1"),
                                    url=url, **options)
            pair_opts, inner = _split_options(options)
            _window(url, params, pair_opts)
            ids = _pair_ids(url, params, ("sim-1", "sim-2"))
            sim_dice = [SimDieSource(seed=seed if seed is None else seed + i, faces=faces,
                                   die_id=ids[i], url=url, **inner) for i in (0, 1)]
            return PairDieSource(sim_dice, url=url, dice=ids, **pair_opts)
        except ValueError as exc:
            raise _bad(url, str(exc)) from None
    raise _bad(url, f"unknown scheme {scheme!r}")
