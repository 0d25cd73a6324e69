"""Setting up for 2, 3 and 4 players as "Starting the game" says."""
from __future__ import annotations

import pytest

from companion.morpork.catalog import CARDS
from companion.core.errors import RuleViolation
from companion.morpork.setup import new_state

BOX_MONEY = {"en": 35 + 17 * 5, "de": 35 + 17 * 5, "pl": 30 + 20 * 5, "it": 35 + 17 * 5}
"""The coins in each edition's box (shared/rules/README.md; the Italian 70 x $5 is a misprint)."""


@pytest.mark.parametrize("colors", [["red", "blue"], ["red", "yellow", "green"], ["red", "yellow", "green", "blue"]])
@pytest.mark.parametrize("edition", ["en", "de", "pl", "it"])
def test_opening_position(colors: list[str], edition: str) -> None:
    state = new_state(colors, edition)
    for area in ("the-shades", "the-scours", "dolly-sisters"):
        assert state.areas[area].minions == {c: 1 for c in colors}
        assert state.areas[area].trouble
    assert state.trouble_on_board() == 3
    assert all(p.money == 10 and p.hand == 5 and p.personality is None for p in state.players)
    assert state.bank == BOX_MONEY[edition] - 10 * len(colors)
    assert all(state.minions_in_supply(c) == 9 and state.buildings_in_supply(c) == 6 for c in colors)
    assert state.demons_in_supply() == 4 and state.trolls_in_supply() == 3
    assert len(state.event_deck) == 12
    assert state.active_player == colors[0]


def test_deck_sizes_with_the_two_player_removals() -> None:
    assert len(CARDS) == 48 + 53
    assert new_state(["red", "blue"]).draw_pile == 101 - 2 - 10  # without Hubert and Cosmo Lavish
    assert new_state(["red", "blue", "green"]).draw_pile == 101 - 15
    assert new_state(["red", "blue", "green", "yellow"]).draw_pile == 101 - 20


def test_bad_setups() -> None:
    for colors in (["red"], ["red", "red"], ["red", "pink"], ["red", "blue", "green", "yellow", "red"]):
        with pytest.raises(RuleViolation):
            new_state(colors)
    with pytest.raises(RuleViolation):
        new_state(["red", "blue"], edition="fr")
    assert new_state(["red", "blue"], first_player="blue").active_player == "blue"
