"""``sim://``: a die with no hardware. Rolls come from the screen's "roll" button (``roll()``),
with faces from a seeded random generator, so a demo or a test game is repeatable.

Delivery is synchronous, on the thread that calls ``roll`` — there is no device to wait for.
"""
from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable

from hardware.dice.model import DieSource, Roll, Status, StatusKind

_LOG = logging.getLogger("hardware.dice.sim")


class SimDieSource(DieSource):
    def __init__(self, *, seed: int | None = None, faces: int = 12, die_id: str = "sim-1",
                 url: str | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        if faces < 2:
            raise ValueError(f"a die needs at least 2 faces: {faces!r}")
        super().__init__(url or (f"sim://?seed={seed}" if seed is not None else "sim://"), _LOG)
        self.faces = faces
        self.die_id = die_id
        self.seed = seed
        self._rng = random.Random(seed)
        self._clock = clock
        self._running = False

    def start(self) -> None:
        self._running = True
        self._emit_status(Status(StatusKind.CONNECTED, self.die_id, self._clock(),
                                 f"simulated d{self.faces}"))

    def stop(self) -> None:
        if self._running:
            self._running = False
            self._emit_status(Status(StatusKind.DISCONNECTED, self.die_id, self._clock(), "stopped"))

    def roll(self, face: int | None = None) -> Roll:
        """Roll now: ``face`` as given (the screen picked it), or drawn from the seeded generator."""
        if not self._running:
            raise RuntimeError(f"{self.url!r} is not started")
        if face is None:
            face = self._rng.randint(1, self.faces)
        elif not 1 <= face <= self.faces:
            # Counted like a real die's impossible face: a screen offering a 7 on a d6 is a bug.
            self._count_rejected("face_out_of_range", f"face {face!r} on a d{self.faces}")
            raise ValueError(f"face must be 1..{self.faces}: {face!r}")
        now = self._clock()
        self._emit_status(Status(StatusKind.ROLLING, self.die_id, now))
        self._emit_status(Status(StatusKind.SETTLED, self.die_id, now, f"face {face}"))
        roll = Roll(face, self.die_id, self.faces, now, self.url)
        self._emit_roll(roll)
        return roll
