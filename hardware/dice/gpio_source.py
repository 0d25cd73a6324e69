"""A die reader on GPIO pins: the face as a 4-bit code on data pins, latched by a strobe pin,
plus a "roll" push-button.

The reader board (e.g. a dice tray with its own microcontroller) puts the face's binary code on
the data pins (first pin = bit 0), raises the strobe, holds the data while the strobe is high and
drops the strobe. The source latches the code on the rising edge and confirms it on the falling
edge: a code that changed during the pulse is rejected as ``unstable`` — the data was not settled.

Filtering is done here with the injected clock, not with gpiozero's ``bounce_time``, because mock
pins do not emulate it and a filter the tests cannot exercise is a filter nobody has tested:

* strobe edges within ``debounce`` seconds of the last accepted one are ``bounce``;
* codes 0 and above ``faces`` (13-15 on a d12) are ``invalid_code``;
* button presses within ``debounce`` of the last are ignored (not counted: buttons bounce).

Pressing the button reports ``rolling`` (the player announces a throw); the roll itself is always
the next strobed face. gpiozero runs these callbacks in its pin thread (in the caller's thread
with mock pins).
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence

from hardware.dice.model import DieSource, DieSourceError, Roll, Status, StatusKind

_LOG = logging.getLogger("hardware.dice.gpio")

DEFAULT_DATA_PINS: tuple[int, ...] = (5, 6, 13, 19)
DEFAULT_STROBE_PIN = 26
DEFAULT_BUTTON_PIN = 21
DEFAULT_DEBOUNCE = 0.02  # seconds; a strobe pulse from the reader is >= 1 ms, rolls are seconds apart

BOUNCE = "bounce"
INVALID_CODE = "invalid_code"
UNSTABLE = "unstable"

Pin = int | str


class GpioDieSource(DieSource):
    def __init__(self, data_pins: Sequence[Pin] = DEFAULT_DATA_PINS,
                 strobe_pin: Pin = DEFAULT_STROBE_PIN, button_pin: Pin | None = DEFAULT_BUTTON_PIN,
                 *, faces: int = 12, die_id: str = "gpio-1", url: str | None = None,
                 pin_factory: object | None = None, debounce: float = DEFAULT_DEBOUNCE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if len(data_pins) != 4:
            raise ValueError(f"the die reader needs exactly 4 data pins: {tuple(data_pins)!r}")
        pins = [*data_pins, strobe_pin] + ([button_pin] if button_pin is not None else [])
        if len(set(map(str, pins))) != len(pins):
            raise ValueError(f"a pin is used twice: {tuple(pins)!r}")
        if not 2 <= faces <= 15:
            raise ValueError(f"4 data pins code faces 1..15: {faces!r}")
        super().__init__(url or f"gpio://?data={','.join(map(str, data_pins))}"
                                f"&strobe={strobe_pin}&button={button_pin}", _LOG)
        self.data_pins = tuple(data_pins)
        self.strobe_pin = strobe_pin
        self.button_pin = button_pin
        self.faces = faces
        self.die_id = die_id
        self._pin_factory = pin_factory
        self._debounce = debounce
        self._clock = clock
        self._lock = threading.Lock()
        self._devices: list[object] = []
        self._data: list[object] = []
        self._latched: int | None = None
        self._last_strobe: float | None = None
        self._last_press: float | None = None

    def start(self) -> None:
        """Claim the pins (OSError if they cannot be had) and start listening."""
        if self._devices:
            return
        try:
            from gpiozero import DigitalInputDevice
            from gpiozero.exc import GPIOZeroError
        except ImportError as exc:  # pragma: no cover - gpiozero is a dependency
            raise DieSourceError(f"gpiozero is not installed: {exc}") from exc
        kwargs = {"pin_factory": self._pin_factory} if self._pin_factory is not None else {}
        made: list[object] = []
        try:
            self._data = [DigitalInputDevice(pin, pull_up=False, **kwargs)
                          for pin in self.data_pins]
            made.extend(self._data)
            strobe = DigitalInputDevice(self.strobe_pin, pull_up=False, **kwargs)
            made.append(strobe)
            strobe.when_activated = self._on_strobe_rise
            strobe.when_deactivated = self._on_strobe_fall
            if self.button_pin is not None:
                # A plain input, not gpiozero's Button: Button's hold thread costs 0.1 s per
                # close and we use no hold features. Pulled up: pressed = low = active.
                button = DigitalInputDevice(self.button_pin, pull_up=True, **kwargs)
                made.append(button)
                button.when_activated = self._on_button
        except (GPIOZeroError, OSError, RuntimeError) as exc:
            for device in made:
                device.close()  # type: ignore[attr-defined]
            raise DieSourceError(f"cannot claim die pins for {self.url!r}: {exc}") from exc
        # Keep references: gpiozero devices nobody holds are collected and go silent.
        self._devices = made
        self._emit_status(Status(StatusKind.CONNECTED, self.die_id, self._clock(),
                                 f"GPIO die reader, d{self.faces}"))

    def stop(self) -> None:
        devices, self._devices = self._devices, []
        for device in devices:
            device.close()  # type: ignore[attr-defined]
        if devices:
            self._emit_status(Status(StatusKind.DISCONNECTED, self.die_id, self._clock(), "stopped"))

    def _read_code(self) -> int:
        code = 0
        for bit, pin in enumerate(self._data):
            if pin.is_active:  # type: ignore[attr-defined]
                code |= 1 << bit
        return code

    def _on_strobe_rise(self) -> None:
        now = self._clock()
        with self._lock:
            if self._last_strobe is not None and now - self._last_strobe < self._debounce:
                self._latched = None
                bounced = True
            else:
                self._last_strobe = now
                self._latched = self._read_code()
                bounced = False
        if bounced:
            self._count_rejected(BOUNCE, f"strobe edge {now - (self._last_strobe or now):.4f}s "
                                         "after the last one")

    def _on_strobe_fall(self) -> None:
        with self._lock:
            latched, self._latched = self._latched, None
            if latched is None:
                return
            code = self._read_code()
        if code != latched:
            self._count_rejected(UNSTABLE, f"code changed from {latched!r} to {code!r} "
                                           "while strobed")
        elif not 1 <= code <= self.faces:
            self._count_rejected(INVALID_CODE, f"code {code!r} is no face of a d{self.faces}")
        else:
            self._emit_roll(Roll(code, self.die_id, self.faces, self._clock(), self.url))

    def _on_button(self) -> None:
        now = self._clock()
        with self._lock:
            if self._last_press is not None and now - self._last_press < self._debounce:
                return
            self._last_press = now
        self._emit_status(Status(StatusKind.ROLLING, self.die_id, now, "roll button"))
