"""The die and the card scanner as the app sees them: opened by URL through ``hardware``'s public
API, with every callback handed to Kivy's main thread.

Device callbacks arrive on the device's own thread; they only capture the value and schedule
``on_roll`` / ``on_scan`` with ``Clock.schedule_once``, so game state and widgets are touched by the
main thread alone. When the configured device cannot be opened, the app falls back to the simulated
one and ``status`` says so in words the screen shows — never silently.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kivy.clock import Clock

log = logging.getLogger(__name__)

SIM_URL = "sim://"


def _face_of(event: Any) -> int:
    """A roll event from ``hardware.dice`` as a face: an int, or an object with ``face``/``value``."""
    for name in ("face", "value"):
        if hasattr(event, name):
            return int(getattr(event, name))
    return int(event)


def _payload_of(event: Any) -> Any:
    return event


@dataclass
class DeviceStatus:
    """What the status line says about one device."""

    url: str
    simulated: bool
    problem: str = ""


@dataclass
class DeviceLink:
    """Owns the die source and the scanner while the app runs."""

    on_roll: Callable[[int, str], None]
    on_scan: Callable[[Any], None]
    on_failure: Callable[[str], None] = lambda message: None
    die: Any = None
    scanner: Any = None
    die_status: DeviceStatus = field(default_factory=lambda: DeviceStatus(SIM_URL, True))
    scanner_status: DeviceStatus = field(default_factory=lambda: DeviceStatus(SIM_URL, True))

    # -- the die -----------------------------------------------------------------------------
    def open_die(self, url: str) -> None:
        self.close_die()
        try:
            from hardware.dice import open_die_source
        except ImportError as exc:
            self.die, self.die_status = None, DeviceStatus(url, True, f"die support not installed ({exc})")
            return
        try:
            die = self._start_die(open_die_source, url)
            status = DeviceStatus(url, url.startswith("sim:"))
        except (OSError, ValueError) as exc:
            log.error("die %r: %s", url, exc)
            die = self._start_die(open_die_source, SIM_URL)
            status = DeviceStatus(SIM_URL, True, f"{url}: {exc}")
        self.die, self.die_status = die, status

    def _start_die(self, opener: Any, url: str) -> Any:
        die = opener(url)
        die.when_rolled = self._die_rolled
        if hasattr(die, "when_status"):
            die.when_status = self._die_status
        die.start()
        return die

    def _die_rolled(self, event: Any, *rest: Any) -> None:
        """Runs on the die's thread: capture the face, hand it to the main thread."""
        face = _face_of(event)
        url = str(getattr(event, "source", "") or self.die_status.url)
        source = url.split(":", 1)[0] or "sim"
        Clock.schedule_once(lambda _dt: self.on_roll(face, source), 0)

    def _die_status(self, status: Any, *rest: Any) -> None:
        kind = str(getattr(getattr(status, "kind", ""), "value", getattr(status, "kind", "")))
        if kind == "disconnected":
            detail = getattr(status, "detail", "")
            Clock.schedule_once(lambda _dt: self.on_failure(f"die disconnected {detail}".strip()), 0)

    def roll_simulated(self, face: int | None = None) -> None:
        """The on-screen "roll" button of the simulated die."""
        if self.die is None or not hasattr(self.die, "roll"):
            raise OSError("no simulated die is open")
        if face is None:
            self.die.roll()
        else:
            self.die.roll(face)

    def close_die(self) -> None:
        if self.die is not None:
            if hasattr(self.die, "when_status"):
                self.die.when_status = None  # closing on purpose is not a "die disconnected" to report
            for name in ("stop", "close"):
                if hasattr(self.die, name):
                    getattr(self.die, name)()
                    break
        self.die = None

    # -- the scanner -------------------------------------------------------------------------
    def open_scanner(self, url: str) -> None:
        self.close_scanner()
        try:
            from hardware.scanners import open_scanner
        except ImportError as exc:
            self.scanner, self.scanner_status = None, DeviceStatus(url, True, f"scanner support not installed ({exc})")
            return
        try:
            scanner = open_scanner(url)
            status = DeviceStatus(url, url.startswith("sim:"))
            scanner.when_scanned = self._scanned
            if hasattr(scanner, "when_failed"):
                scanner.when_failed = self._scanner_failed
            if hasattr(scanner, "when_rejected"):
                scanner.when_rejected = self._scan_rejected
            scanner.start()
        except (OSError, ValueError) as exc:
            log.error("scanner %r: %s", url, exc)
            scanner = open_scanner(SIM_URL)
            scanner.when_scanned = self._scanned
            scanner.start()
            status = DeviceStatus(SIM_URL, True, f"{url}: {exc}")
        self.scanner, self.scanner_status = scanner, status

    def _scanned(self, scan: Any, *rest: Any) -> None:
        Clock.schedule_once(lambda _dt: self.on_scan(scan), 0)

    def _scan_rejected(self, rejection: Any, *rest: Any) -> None:
        reason = getattr(rejection, "reason", str(rejection))
        Clock.schedule_once(lambda _dt: self.on_failure(f"scanner: not one of our cards ({reason})"), 0)

    def _scanner_failed(self, exc: Any, *rest: Any) -> None:
        Clock.schedule_once(lambda _dt: self.on_failure(f"scanner: {exc}"), 0)

    def close_scanner(self) -> None:
        if self.scanner is not None and hasattr(self.scanner, "stop"):
            self.scanner.stop()
        self.scanner = None

    def close(self) -> None:
        self.close_die()
        self.close_scanner()
