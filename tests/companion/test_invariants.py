"""The invariant list must catch each kind of impossible table (else the property tests prove nothing)."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.morpork.invariants import table_problems
from companion.morpork.setup import new_state
from companion.morpork.state import State


def _extra_minions(s: State) -> None:
    s.areas["dimwell"].minions["red"] = 12


def _seventh_building(s: State) -> None:
    for area in ("dimwell", "longwall", "nap-hill", "the-hippo", "small-gods", "isle-of-gods", "seven-sleepers"):
        s.areas[area].building = "red"


def _money_from_nowhere(s: State) -> None:
    s.player("red").money += 1


def _fifth_demon(s: State) -> None:
    s.areas["dimwell"].demons = 5


def _ghost_colour(s: State) -> None:
    s.areas["dimwell"].minions["blue"] = 0


@pytest.mark.parametrize("spoil", [_extra_minions, _seventh_building, _money_from_nowhere, _fifth_demon, _ghost_colour])
def test_each_impossible_table_is_named(spoil: Callable[[State], None]) -> None:
    state = new_state(["red", "blue"])
    assert table_problems(state) == []
    spoil(state)
    assert table_problems(state) != []
