"""The invariant list must catch each kind of impossible table (else the property tests prove nothing)."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.morpork.board import BUILDINGS_PER_PLAYER, DEMONS, MINIONS_PER_PLAYER, TROLLS, TROUBLE_MARKERS
from companion.morpork.invariants import piece_problems, table_problems
from companion.morpork.setup import new_state
from companion.morpork.state import State, Tally


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


@pytest.mark.parametrize("counts", [
    Tally(minions={"red": MINIONS_PER_PLAYER + 1}), Tally(minions={"red": -1}),
    Tally(buildings={"blue": BUILDINGS_PER_PLAYER + 1}), Tally(buildings={"blue": -1}),
    Tally(trouble=TROUBLE_MARKERS + 1), Tally(trolls=TROLLS + 1), Tally(demons=DEMONS + 1), Tally(demons=-1),
])
def test_each_count_past_the_box_is_named(counts: Tally) -> None:
    """``piece_problems`` answers the usual case at once; what it lets through must still be real."""
    assert piece_problems(counts, ["red", "blue"]) != []


def test_counts_within_the_box_are_no_problem() -> None:
    full = Tally(minions={"red": MINIONS_PER_PLAYER, "blue": 0}, buildings={"blue": BUILDINGS_PER_PLAYER},
                 trouble=TROUBLE_MARKERS, trolls=TROLLS, demons=DEMONS)
    assert piece_problems(full, ["red", "blue"]) == []
    assert piece_problems(Tally.of(new_state(["red", "blue"]).areas), ["red", "blue"]) == []
