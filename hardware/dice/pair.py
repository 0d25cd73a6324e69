"""Two dice thrown together as one throw (Ankh-Morpoly's 2d6, docs/die-protocol.md "A pair").

:class:`Pairer` is the whole rule, as a pure object fed events with their times (no thread, no
clock of its own), so it is tested with plain values. :class:`PairDieSource` wraps one or two
ordinary die sources, feeds their rolls and statuses to a Pairer and delivers whole throws.

The rule, for dice A and B and a throw window ``window`` (seconds):

1. **A throw attempt opens** at the first roll of either die, at that roll's ``arrived_at``.
2. **It counts** when the other die's roll arrives no later than ``window`` after the opening:
   one :class:`~hardware.dice.throw.Throw`, rolls in the pair's die order, delivered once.
3. **A crooked report** from either die voids the attempt (open or not yet open): "throw again".
   Its partner was thrown with it, so the partner's next roll, if it comes within ``window`` of
   the void, belongs to the void throw and is dropped (``swallowed``) -- unless the partner says
   ``rolling``/``handling`` first, which is a new throw.
4. **A single die settling alone** times out: at ``window`` after the opening with the other die
   still missing, the attempt is void ("throw again"); the missing die's roll, if it comes within
   ``window`` after that, is swallowed as in 3.
5. **A die that rolls twice before the other** starts a new attempt: its first roll is dropped
   (``superseded``) and the attempt reopens at the new roll. So a late third roll (a die rolled
   again after a throw counted) opens a new attempt and never changes the delivered throw.
6. **A settled die that moves again** (``handling``/``rolling``) withdraws its roll: its face is no
   longer the one it reported. A die that disconnects or goes silent voids the attempt.

Every rule ends either in a throw or in a "throw again" status; nothing ever pairs faces from two
different physical throws, because a void always clears both dice and swallows the stragglers.
"""
from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hardware.dice.model import DieSource, Roll, Status, StatusKind
from hardware.dice.throw import Throw

_LOG = logging.getLogger("hardware.dice.pair")

DEFAULT_WINDOW = 3.0  # seconds between the two dice settling; a real 2d6 throw takes well under 1 s

_MOVING = (StatusKind.HANDLING, StatusKind.ROLLING)
_LOST = (StatusKind.DISCONNECTED, StatusKind.SILENT)

# Why a throw was voided: the ``detail`` of the THROW_AGAIN status starts with one of these.
CROOKED = "crooked"
TIMEOUT = "timeout"
LOST = "lost"


@dataclass(frozen=True)
class Void:
    """A throw attempt that did not count: the player throws both dice again."""

    reason: str  # CROOKED, TIMEOUT or LOST
    die_id: str | None  # the die at fault (crooked, missing, lost), None if not known
    at: float
    detail: str

    def status(self) -> Status:
        return Status(StatusKind.THROW_AGAIN, self.die_id, self.at, f"{self.reason}: {self.detail}")


Outcome = Throw | Void


class Pairer:
    """The pairing rule (module docstring) for two dice. Not thread-safe: one feeder at a time.

    ``dice``: the two die ids in throw order; None adopts the first two distinct ids heard, in
    the order heard, or in the ``slot`` (0 or 1) the feeder names (a pair of two links puts each
    link's die in its URL's place). Rolls and statuses of any other die are ignored (counted
    ``foreign``).
    """

    def __init__(self, dice: Sequence[str] | None = None, window: float = DEFAULT_WINDOW) -> None:
        if not window > 0:
            raise ValueError(f"throw window must be positive: {window!r}")
        ids = tuple(dice) if dice is not None else ()
        if dice is not None and (len(ids) != 2 or ids[0] == ids[1]):
            raise ValueError(f"a pair needs two distinct die ids: {ids!r}")
        self.window = window
        self._slots: list[str | None] = list(ids) if ids else [None, None]
        self._pending: dict[str, Roll] = {}
        self._opened: float | None = None
        self._swallow: dict[str, float] = {}  # die -> until when its next roll is a straggler
        self.counts: Counter[str] = Counter()

    def __repr__(self) -> str:
        return f"Pairer(dice={self.dice!r}, window={self.window!r})"

    @property
    def dice(self) -> tuple[str, ...]:
        """The pair's die ids known so far, in throw order."""
        return tuple(d for d in self._slots if d is not None)

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """Known dice still missing from the open attempt (empty when no attempt is open)."""
        if self._opened is None:
            return ()
        return tuple(d for d in self.dice if d not in self._pending)

    @property
    def deadline(self) -> float | None:
        """When the open attempt times out, or None."""
        return None if self._opened is None else self._opened + self.window

    def _member(self, die: str | None, slot: int | None) -> bool:
        if die is None:
            return False
        if die in self._slots:
            return True
        free = [i for i, d in enumerate(self._slots) if d is None]
        if slot in free:
            self._slots[slot] = die
            return True
        if free and slot is None:
            self._slots[free[0]] = die
            return True
        self.counts["foreign"] += 1
        return False

    def _void(self, reason: str, die: str | None, at: float, detail: str,
              stragglers: Sequence[str]) -> Void:
        self._pending.clear()
        self._opened = None
        for other in stragglers:
            self._swallow[other] = at + self.window
        self.counts[f"void_{reason}"] += 1
        return Void(reason, die, at, detail)

    def tick(self, now: float) -> Void | None:
        """The attempt's timeout, checked at ``now`` (call it often; a roll also checks it)."""
        if self._opened is None or now <= self._opened + self.window:
            return None
        missing = [d for d in self.dice if d not in self._pending]
        settled = ", ".join(self._pending)
        return self._void(TIMEOUT, missing[0] if missing else None, self._opened + self.window,
                          f"only {settled} settled within {self.window:g} s", missing)

    def on_roll(self, roll: Roll, slot: int | None = None) -> list[Outcome]:
        """Feed one believed roll; returns what it caused (a timeout of the old attempt first)."""
        out: list[Outcome] = []
        timed_out = self.tick(roll.arrived_at)
        if timed_out is not None:
            out.append(timed_out)
        die = roll.die_id
        if not self._member(die, slot):
            return out
        until = self._swallow.pop(die, None)
        if until is not None and roll.arrived_at <= until:
            self.counts["swallowed"] += 1
            return out
        if die in self._pending:
            self.counts["superseded"] += 1  # rule 5: rolled twice before the other
            self._pending.clear()
            self._opened = None
        if self._opened is None:
            self._opened = roll.arrived_at
        self._pending[die] = roll
        if len(self._pending) < 2:
            return out
        throw = Throw(tuple(self._pending[d] for d in self.dice))  # both slots are known here
        self._pending.clear()
        self._opened = None
        self.counts["throws"] += 1
        out.append(throw)
        return out

    def on_status(self, status: Status, slot: int | None = None) -> list[Outcome]:
        """Feed one status of either die (or of a whole link: ``die_id`` None)."""
        out: list[Outcome] = []
        timed_out = self.tick(status.at)
        if timed_out is not None:
            out.append(timed_out)
        die = status.die_id
        kind = status.kind
        if kind in _LOST and die is None:  # a link went away: whichever dice it carried
            if self._opened is not None:
                out.append(self._void(LOST, None, status.at, f"die link {kind.value}", []))
            return out
        if kind not in _MOVING and kind is not StatusKind.CROOKED and kind not in _LOST:
            return out
        if not self._member(die, slot):
            return out
        assert die is not None
        if kind in _MOVING:
            self._swallow.pop(die, None)  # a new throw of this die: nothing to swallow
            if self._pending.pop(die, None) is not None:
                self.counts["withdrawn"] += 1
                if not self._pending:
                    self._opened = None
            return out
        partners = [d for d in self.dice if d != die and d not in self._pending]
        if kind is StatusKind.CROOKED:
            self._swallow.pop(die, None)
            out.append(self._void(CROOKED, die, status.at, f"{die} landed crooked", partners))
        elif self._opened is not None:
            out.append(self._void(LOST, die, status.at, f"{die} {kind.value}", []))
        return out


class PairDieSource(DieSource):
    """Two dice as one source of throws; built by :func:`hardware.dice.open_die_source`.

    ``parts``: the inner sources (one carrying both dice, or one per die). Callbacks:
    ``when_thrown(Throw)`` for each counted throw, ``when_status(Status)`` for the inner sources'
    statuses and ``throw_again`` voids, ``when_die_rolled(Roll)`` for each die as it settles (to
    show progress). ``when_rolled`` is never called: a pair delivers throws, not single rolls.
    A ticker thread checks the timeout every ``tick_interval`` seconds while an attempt is open
    (None: no thread; call :meth:`tick` yourself, as tests with an injected clock do).
    """

    dice_per_throw = 2

    def __init__(self, parts: Sequence[DieSource], *, url: str, dice: Sequence[str] | None = None,
                 window: float = DEFAULT_WINDOW, clock: Callable[[], float] = time.monotonic,
                 tick_interval: float | None = 0.05) -> None:
        super().__init__(url, _LOG)
        if not 1 <= len(parts) <= 2:
            raise ValueError(f"a pair is fed by one or two sources: {len(parts)!r}")
        self.parts = tuple(parts)
        self.pairer = Pairer(dice, window)
        self.when_thrown: Callable[[Throw], None] | None = None
        self.when_die_rolled: Callable[[Roll], None] | None = None
        self.last_throw: Throw | None = None
        self._clock = clock
        self._lock = threading.Lock()
        self._tick_interval = tick_interval
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None
        for i, part in enumerate(self.parts):
            slot = i if len(self.parts) == 2 else None  # one link per die: its place in the URL
            part.when_rolled = lambda roll, slot=slot: self._on_roll(roll, slot)
            part.when_status = lambda status, slot=slot: self._on_status(status, slot)

    @property
    def dice(self) -> tuple[str, ...]:
        return self.pairer.dice

    @property
    def rejected(self) -> Counter[str]:
        total: Counter[str] = Counter()
        for part in self.parts:
            total.update(part.rejected)
        return total

    def start(self) -> None:
        started: list[DieSource] = []
        try:
            for part in self.parts:
                part.start()
                started.append(part)
        except OSError:
            for part in reversed(started):
                part.stop()
            raise
        if self._tick_interval is not None and self._ticker is None:
            self._stop.clear()
            self._ticker = threading.Thread(target=self._tick_loop, daemon=True,
                                            name=f"die-pair {self.url}")
            self._ticker.start()

    def stop(self) -> None:
        ticker, self._ticker = self._ticker, None
        if ticker is not None:
            self._stop.set()
            ticker.join()
        for part in self.parts:
            part.stop()

    def roll(self, faces: Sequence[int] | None = None) -> Throw | None:
        """Simulated pairs only: roll both dice (``faces`` as tapped on screen, or random)."""
        sims = [p for p in self.parts if hasattr(p, "roll")]
        if len(sims) != 2:
            raise RuntimeError(f"{self.url!r} is not a simulated pair")
        if faces is not None and len(faces) != 2:
            raise ValueError(f"a throw of a pair has two faces: {tuple(faces)!r}")
        before = self.last_throw
        for part, face in zip(sims, faces if faces is not None else (None, None)):
            part.roll(face)
        return self.last_throw if self.last_throw is not before else None

    def tick(self) -> None:
        with self._lock:
            void = self.pairer.tick(self._clock())
        if void is not None:
            self._emit_status(void.status())

    def _tick_loop(self) -> None:
        assert self._tick_interval is not None
        while not self._stop.wait(self._tick_interval):
            self.tick()

    def _on_roll(self, roll: Roll, slot: int | None) -> None:
        self._call("when_die_rolled", roll)
        with self._lock:
            outcomes = self.pairer.on_roll(roll, slot)
        self._deliver(outcomes)

    def _on_status(self, status: Status, slot: int | None) -> None:
        self._emit_status(status)
        with self._lock:
            outcomes = self.pairer.on_status(status, slot)
        self._deliver(outcomes)

    def _deliver(self, outcomes: list[Outcome]) -> None:
        for outcome in outcomes:
            if isinstance(outcome, Void):
                _LOG.info("%s: throw again (%s)", self.url, outcome.detail)
                self._emit_status(outcome.status())
            else:
                self.last_throw = outcome
                self._call("when_thrown", outcome)
