"""``sim://``: a scanner the screen and the tests drive by hand.

:meth:`SimScanner.show` stands for "a card was held under the scanner once": the text goes through
the same parse-and-reject path as a camera's, in the caller's thread, so the app's handling of real
and simulated scans is identical. It is chosen by URL like a real device and never replaces one
silently.
"""
from __future__ import annotations

import time
from typing import Callable

from hardware.scanners.base import Rejection, Scan, ScannerBase
from hardware.scanners.errors import ScannerNotStarted


class SimScanner(ScannerBase):
    """A scanner whose readings are whatever :meth:`show` is given."""

    def __init__(self, url: str = "sim://", clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(url, clock)
        self._running = False

    def start(self) -> None:
        self._running = True

    def stop(self) -> None:
        self._running = False

    @property
    def is_running(self) -> bool:
        return self._running

    def show(self, payload: str) -> Scan | Rejection:
        """One presentation of a code with text ``payload``; returns what was reported."""
        if not self._running:
            raise ScannerNotStarted(f"scanner {self.url!r} is not started; cannot show {payload!r}")
        return self._deliver(payload)
