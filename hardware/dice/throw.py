"""A throw of several dice, counted only when every one of them has settled.

The protocol tags every roll with its die, so two d6 on one link (or on two links) arrive as two
rolls. :class:`ThrowCollector` holds them until each die of the throw has a roll and none is moving
or crooked; a die that is picked up, starts rolling again or lands crooked loses its roll and must
settle again. Feed it from ``when_rolled`` and ``when_status`` (on any one thread).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from hardware.dice.model import Roll, Status, StatusKind

_UNSETTLING = (StatusKind.HANDLING, StatusKind.ROLLING, StatusKind.CROOKED)


@dataclass(frozen=True)
class Throw:
    """The rolls of one throw, in the order of the die ids the collector was given."""

    rolls: tuple[Roll, ...]

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(roll.face for roll in self.rolls)

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def dice(self) -> tuple[str, ...]:
        """The die ids, in the same order as ``faces``."""
        return tuple(roll.die_id for roll in self.rolls)

    @property
    def source(self) -> str:
        """The URL of the source that delivered the throw (of its first die for a split pair)."""
        return self.rolls[0].source if self.rolls else ""

    @property
    def settled_at(self) -> float:
        """When the throw counted: the arrival of its last roll (source clock)."""
        return max(roll.arrived_at for roll in self.rolls)

    @property
    def is_double(self) -> bool:
        """Every die shows the same face (Monopoly's doubles)."""
        return len(self.rolls) > 1 and len(set(self.faces)) == 1

    def as_input(self) -> dict[str, object]:
        """The engine's roll input for this throw: ``{"type": "roll", "faces": [a, b]}``."""
        return {"type": "roll", "faces": list(self.faces)}


class ThrowCollector:
    def __init__(self, die_ids: Iterable[str],
                 when_thrown: Callable[[Throw], None] | None = None) -> None:
        self.die_ids = tuple(die_ids)
        if not self.die_ids or len(set(self.die_ids)) != len(self.die_ids):
            raise ValueError(f"a throw needs distinct die ids: {self.die_ids!r}")
        self.when_thrown = when_thrown
        self._rolls: dict[str, Roll] = {}
        self._moving: set[str] = set()

    def __repr__(self) -> str:
        return f"ThrowCollector({list(self.die_ids)!r})"

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """Dice still without a settled roll in this throw."""
        return tuple(d for d in self.die_ids if d not in self._rolls or d in self._moving)

    def on_status(self, status: Status) -> Throw | None:
        die = status.die_id
        if die not in self.die_ids:
            return None
        if status.kind in _UNSETTLING:
            self._rolls.pop(die, None)
            self._moving.add(die)
        elif status.kind is StatusKind.DISCONNECTED:
            self._rolls.pop(die, None)
        return None

    def on_roll(self, roll: Roll) -> Throw | None:
        """Record ``roll``; returns (and passes to ``when_thrown``) the Throw once complete."""
        if roll.die_id not in self.die_ids:
            return None
        self._rolls[roll.die_id] = roll
        self._moving.discard(roll.die_id)
        if self.waiting_for:
            return None
        throw = Throw(tuple(self._rolls[d] for d in self.die_ids))
        self._rolls.clear()
        if self.when_thrown is not None:
            self.when_thrown(throw)
        return throw
