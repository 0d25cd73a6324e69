"""Appendix scenario 14: Fortuna tokens earned, kept on an exact GO landing, and lost."""
from __future__ import annotations

from companion.morpoly.dice import Dice
from companion.morpoly.events import Direction
from companion.morpoly.fortuna import FortunaChange, at_go
from companion.morpoly.movement import teleport, walk, wizard_teleport_target


def test_scenario_14_earn_keep_lose() -> None:
    poor = {"red": 100, "blue": 900}
    assert at_go("red", walk("red", 36, 8), poor, holds_token=False) is FortunaChange.GRANT_AFTER_TURN
    assert at_go("red", walk("red", 36, 4), poor, holds_token=True) is FortunaChange.NONE       # exact landing
    assert at_go("red", walk("red", 36, 4), poor, holds_token=False) is FortunaChange.NONE      # never earns
    rich = {"red": 1000, "blue": 900}
    assert at_go("red", walk("red", 36, 8), rich, holds_token=True) is FortunaChange.LOSE


def test_ties_count_as_least_and_only_forward_walks_pass() -> None:
    tied = {"red": 500, "blue": 500}
    assert at_go("red", walk("red", 38, 5), tied, holds_token=False) is FortunaChange.GRANT_AFTER_TURN
    assert at_go("red", walk("red", 2, 5, Direction.BACKWARD), tied, holds_token=False) is FortunaChange.NONE
    target = wizard_teleport_target(36, Dice(3, 3))
    assert target is not None
    assert at_go("red", teleport("red", target), tied, holds_token=False) is FortunaChange.NONE
