"""What every scanner delivers, and the one place where decoded text becomes a game input.

The sources (camera, keyboard wedge, sim) only move text; :meth:`ScannerBase._deliver` parses it
with :func:`hardware.qr_payload.parse` and either calls ``when_scanned`` with a :class:`Scan` or
counts, logs and reports a :class:`Rejection` through ``when_rejected``. So no source can let a
foreign code reach the game by forgetting a check.
"""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from hardware.qr_payload import NotOurCard, parse

log = logging.getLogger("hardware.scanners")


@dataclass(frozen=True)
class Scan:
    """One of our cards was shown once. ``private`` scans (personalities) must only be revealed to
    the player holding the card. ``at`` is the source's clock (``time.monotonic`` by default)."""

    kind: str
    id: str
    private: bool
    at: float


@dataclass(frozen=True)
class Rejection:
    """A code was read but is not one of our cards; ``reason`` says why, for the screen and log.

    ``reason`` never quotes the text: a near-miss of a personality sticker (``AM1:P:VIMEZ``, a
    Caps-Lock ``am1:p:vimes``) would name a player's secret. ``text`` is what was read, for the
    code that asked for the scan; it is kept out of ``repr`` and no scanner logs it."""

    text: str = field(repr=False)
    reason: str
    at: float


ScanCallback = Callable[[Scan], None]
RejectCallback = Callable[[Rejection], None]
FailCallback = Callable[[OSError], None]


class ScannerBase:
    """The interface the app sees: ``start()``, ``stop()``, ``when_scanned``, ``when_rejected``,
    ``when_failed``, and the counters ``scanned_count`` / ``rejected_count``.

    Callbacks run in the source's thread (a camera's worker thread, the wedge's reader thread, or
    the caller's thread for :meth:`feed_text`-style input): the app hops to Kivy's main thread
    itself (``Clock.schedule_once``). A callback that raises is logged and does not stop the source.
    """

    def __init__(self, url: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.url = url
        self.clock = clock
        self.when_scanned: ScanCallback | None = None
        self.when_rejected: RejectCallback | None = None
        self.when_failed: FailCallback | None = None
        self._lock = threading.Lock()
        self._scanned_count = 0
        self._rejected_count = 0

    def __repr__(self) -> str:
        return f"open_scanner({self.url!r})"

    @property
    def scanned_count(self) -> int:
        return self._scanned_count

    @property
    def rejected_count(self) -> int:
        return self._rejected_count

    def start(self) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    @property
    def is_running(self) -> bool:
        raise NotImplementedError

    def __enter__(self) -> "ScannerBase":
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _deliver(self, text: str, at: float | None = None) -> Scan | Rejection:
        """Turn one counted reading into a Scan or a Rejection and report it."""
        when = self.clock() if at is None else at
        try:
            code = parse(text)
        except NotOurCard as exc:
            return self._reject(text, exc.reason, when)
        scan = Scan(code.kind, code.id, code.is_private, when)
        with self._lock:
            self._scanned_count += 1
        if scan.private:
            log.info("%s: scanned a %s (private)", self.url, scan.kind)
        else:
            log.info("%s: scanned %s %r", self.url, scan.kind, scan.id)
        self._call(self.when_scanned, scan)
        return scan

    def _reject(self, text: str, reason: str, at: float) -> Rejection:
        """Count, log and report a reading that is not one of our cards. The log names the
        reason and the length, never the text (see :class:`Rejection`)."""
        rejection = Rejection(text, reason, at)
        with self._lock:
            self._rejected_count += 1
        log.warning("%s: not one of our cards (%s; %d characters)", self.url, reason, len(text))
        self._call(self.when_rejected, rejection)
        return rejection

    def _fail(self, error: OSError) -> None:
        log.error("%s: %s", self.url, error)
        self._call(self.when_failed, error)

    def _call(self, callback: Callable[..., None] | None, arg: object) -> None:
        if callback is None:
            return
        try:
            callback(arg)
        except Exception:  # a broken handler must not kill the reader thread
            log.exception("%s: callback %r failed", self.url, callback)
