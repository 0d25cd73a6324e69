"""The small vocabulary every die source shares: a roll, a status, errors, and the base class.

Sources call ``when_rolled`` and ``when_status`` from their own thread (the serial reader thread,
gpiozero's pin thread, or the caller's thread for ``sim://``); the app hops to Kivy's main thread
itself. A callback that raises is logged and does not stop the source: one bad subscriber must
not make the die go deaf.
"""
from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum


class DieSourceError(OSError):
    """The die's device failed: missing, unplugged, refused, or its pins are unavailable."""


class DeviceMissing(DieSourceError, FileNotFoundError):
    """The device named by the URL is not there (no such port, no USB device with that id)."""


class StatusKind(str, Enum):
    CONNECTED = "connected"  # the port opened, or a die said hello (die_id set)
    DISCONNECTED = "disconnected"  # the port went away; the source keeps trying to reopen it
    HANDLING = "handling"
    ROLLING = "rolling"
    CROOKED = "crooked"
    SETTLED = "settled"
    SILENT = "silent"  # the port is open but the die has sent nothing for a while (no heartbeat)
    RESUMED = "resumed"  # a silent die was heard again
    THROW_AGAIN = "throw_again"  # a pair's throw did not count (crooked, timed out, die lost)


@dataclass(frozen=True)
class Roll:
    """One face a die settled on after a real roll, delivered once.

    ``arrived_at`` is the source clock's reading (``time.monotonic`` unless injected) when the
    roll reached the host: monotonic, so a Pi setting its clock by NTP mid-game cannot reorder
    rolls. ``source`` is the URL of the source that delivered it.
    """

    face: int
    die_id: str
    faces: int
    arrived_at: float
    source: str


@dataclass(frozen=True)
class Status:
    kind: StatusKind
    die_id: str | None
    at: float
    detail: str = ""


RollCallback = Callable[[Roll], None]
StatusCallback = Callable[[Status], None]


class DieSource:
    """Base of every die source: the callbacks, the rejection counters and their delivery."""

    url: str

    def __init__(self, url: str, logger: logging.Logger) -> None:
        self.url = url
        self.when_rolled: RollCallback | None = None
        self.when_status: StatusCallback | None = None
        self._log = logger
        self._counter_lock = threading.Lock()
        self._rejected: Counter[str] = Counter()

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_url({self.url!r})"

    def start(self) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> DieSource:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def rejected(self) -> Counter[str]:
        """Rejected inputs (lines, strobes, presses) by reason; a copy."""
        with self._counter_lock:
            return Counter(self._rejected)

    @property
    def rejected_total(self) -> int:
        return sum(self.rejected.values())

    def _count_rejected(self, reason: str, detail: str) -> None:
        with self._counter_lock:
            self._rejected[reason] += 1
        self._log.warning("%s: rejected (%s): %s", self.url, reason, detail)

    def _emit_roll(self, roll: Roll) -> None:
        self._call("when_rolled", roll)

    def _emit_status(self, status: Status) -> None:
        self._call("when_status", status)

    def _call(self, name: str, arg: object) -> None:
        callback = getattr(self, name)  # read at call time: subscribers may attach late
        if callback is None:
            return
        try:
            callback(arg)
        except Exception:  # noqa: BLE001 - a subscriber's bug must not kill the reader
            self._log.exception("%s: %s callback failed for %r", self.url, name, arg)
