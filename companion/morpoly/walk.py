"""Moving a token square by square, and what crossing GO pays (private to this package: the
movement module of the variant's kit replaces it).

Standard Monopoly: a forward walk that passes or lands on GO pays one salary. The variant (B7, R3):
passing pays one, landing exactly on GO pays two. Backward walks and placements pay nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

BOARD = 40


@dataclass(frozen=True)
class Walk:
    start: int
    end: int
    salaries: int
    """How many GO salaries the walk earns."""


def walk(start: int, steps: int, forward: bool = True, double_on_exact: bool = False) -> Walk:
    """``steps`` squares forward (or backward) from ``start``."""
    if not forward:
        return Walk(start, (start - steps) % BOARD, 0)
    end = (start + steps) % BOARD
    if start + steps < BOARD:
        return Walk(start, end, 0)
    exact = end == 0
    return Walk(start, end, 2 if exact and double_on_exact else 1)


def steps_to(start: int, target: int) -> int:
    """Forward steps from ``start`` to ``target`` (a full lap when they are the same square)."""
    return (target - start) % BOARD or BOARD


def nearest(start: int, squares: tuple[int, ...]) -> int:
    """The first of ``squares`` ahead of ``start`` (forward)."""
    return min(squares, key=lambda s: steps_to(start, s))
