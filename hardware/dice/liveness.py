"""Notice a die that is still plugged in but has gone quiet.

A die whose firmware hangs, or whose battery browns out while the USB bridge stays powered, keeps
its port open: the reader sees no error and no end of file, only silence, and the table would wait
for a roll that never comes. The protocol promises a ``beat`` at least every 2 s
(docs/die-protocol.md), so a die not heard from for ``timeout`` seconds (3 s by default: the
promise plus room for a busy host) is reported ``silent`` once, and ``resumed`` when it is heard
again.

Pure and clock-free on purpose: the caller passes the time of every line and of every check, so
the rule is tested with an injected clock and no sleeping, and the serial reader stays the only
thread that touches it.
"""
from __future__ import annotations

#: seconds without any line from a die before it counts as silent (beats come at least every 2 s).
DEFAULT_SILENCE_TIMEOUT = 3.0


class Liveness:
    """When each die on one link was last heard, and which of them have gone silent."""

    def __init__(self, timeout: float = DEFAULT_SILENCE_TIMEOUT) -> None:
        if not timeout > 0:
            raise ValueError(f"silence timeout must be positive: {timeout!r}")
        self.timeout = timeout
        self._last: dict[str, float] = {}
        # Replaced, never mutated: another thread may read ``silent`` while the reader checks.
        self._silent: frozenset[str] = frozenset()

    def __repr__(self) -> str:
        return f"Liveness(timeout={self.timeout!r})"

    @property
    def silent(self) -> frozenset[str]:
        """The dice currently reported silent."""
        return self._silent

    def last_heard(self, die: str) -> float | None:
        return self._last.get(die)

    def heard(self, die: str, at: float) -> bool:
        """Record a trustworthy line from ``die`` at ``at``; True if it had been silent until now."""
        self._last[die] = at
        if die in self._silent:
            self._silent = self._silent - {die}
            return True
        return False

    def check(self, now: float) -> list[tuple[str, float]]:
        """Dice that went silent since the last check, each with the time it was last heard.

        A die is reported once per silence; a die never heard from is never reported (it is not
        known to exist yet: the port being open says nothing about a die on it).
        """
        gone = [(die, at) for die, at in self._last.items()
                if die not in self._silent and now - at >= self.timeout]
        if gone:
            self._silent = self._silent | {die for die, _ in gone}
        return gone

    def forget(self) -> None:
        """The link dropped or was reopened: nothing heard before it says anything now."""
        self._last.clear()
        self._silent = frozenset()
