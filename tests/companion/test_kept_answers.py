"""What the engine remembers or shortens for speed gives exactly what the rule worked out again
gives, on every position of random games: each colour's buildings (``Tally.built_by``, the City
Area cards held), the usable City Area powers listed without wording the reasons why the others are
not, and the next player; each check shown able to fail."""
from __future__ import annotations

import random

import pytest

from companion.cli.simulate import play_game
from companion.core.inputs import Input
from companion.morpork.actions import _is_usable_held, _power_unusable, usable_area_powers
from companion.morpork.board import AREA_IDS
from companion.morpork.game import Game
from companion.morpork.invariants import kept_count_problems
from companion.morpork.pieces import place_building, remove_building
from companion.morpork.setup import new_state
from companion.morpork.state import State, built_now


def _held_now(state: State, color: str) -> list[str]:
    """The City Area cards ``color`` holds, from the rule (``State.area_card_holder``) over the board."""
    return [a for a in AREA_IDS if state.area_card_holder(a) == color]


def _check_position(state: State, seen: dict[str, int]) -> None:
    for color in state.colors:
        held = state.area_cards_held(color)
        assert held == _held_now(state, color)
        for own in (True, False):
            assert usable_area_powers(state, color, during_own_turn=own) == \
                [a for a in held if _power_unusable(state, color, a, own) is None]
            for area in held:
                assert _is_usable_held(state, color, area, own) == (_power_unusable(state, color, area, own) is None)
                seen["usable"] += _is_usable_held(state, color, area, own)
        seen["held"] += len(held)
    order = state.turn_order_from(state.active_player)
    assert state.next_player(state.active_player) == order[1 % len(order)]
    assert kept_count_problems(state) == []


@pytest.mark.parametrize("players", [2, 4])
def test_remembered_buildings_and_usable_powers_equal_the_rule_on_random_games(players: int) -> None:
    seen = {"inputs": 0, "held": 0, "usable": 0}

    def look(game: Game, _inp: Input) -> None:
        _check_position(game.state, seen)
        _check_position(game.state.copy(), seen)  # a copy keeps what it remembered, unshared
        seen["inputs"] += 1

    rng = random.Random(17 + players)
    for _ in range(4):
        play_game(rng, players, on_input=look)
    assert seen["inputs"] > 400 and seen["held"] > 100 and seen["usable"] > 20


def test_remembered_buildings_follow_every_building_moved_and_a_stale_one_is_named() -> None:
    state = new_state(["red", "blue"])
    assert state.area_cards_held("red") == []
    place_building(state, "dimwell", "red")
    assert state.area_cards_held("red") == ["dimwell"] and state.tally.built == {"red": ("dimwell",)}
    twin = state.copy()
    place_building(state, "the-shades", "red")
    assert state.area_cards_held("red") == ["the-shades", "dimwell"] == _held_now(state, "red")
    assert twin.area_cards_held("red") == ["dimwell"]  # the copy's own memory, not the original's
    remove_building(state, "dimwell")
    assert state.area_cards_held("red") == ["the-shades"]
    state.lost_area_cards.append("the-shades")  # Bloody Stupid Johnson: the card goes, the building stays
    assert state.area_cards_held("red") == [] and state.tally.built_by("red", state.areas) == ("the-shades",)
    assert kept_count_problems(state) == []
    state.tally.built["red"] = ("dimwell",)  # a stale memory would be named
    assert any("remembered buildings" in p for p in kept_count_problems(state))
    assert built_now(state.areas, "red") == ("the-shades",)
