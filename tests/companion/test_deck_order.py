"""The deck's order (rulebook, Setting up: "shuffle the green deck and place it on top of the brown
deck"): no hand holds a brown-bordered card until more cards were drawn than the green deck holds."""
from __future__ import annotations

from companion.morpork.catalog import CARD_BY_ID
from companion.morpork.hidden_cards import GREEN_CARDS, brown_deck_reached, cards_drawn, may_be_in_a_hand
from companion.morpork.setup import new_state


def test_the_green_deck_is_48_cards() -> None:
    assert GREEN_CARDS == 48


def test_brown_cards_wait_until_the_green_deck_is_drawn() -> None:
    state = new_state(["red", "blue", "green", "yellow"])
    assert cards_drawn(state) == 20 and not brown_deck_reached(state)
    assert CARD_BY_ID["the-dean"].border == "brown" and not may_be_in_a_hand(state, "the-dean")
    assert may_be_in_a_hand(state, "mr-bent")
    state.draw_pile -= 28  # 48 drawn: the last green card
    assert not brown_deck_reached(state)
    state.draw_pile -= 1  # the 49th card is the first brown one
    assert brown_deck_reached(state) and may_be_in_a_hand(state, "the-dean")


def test_two_players_leave_two_brown_cards_in_the_box() -> None:
    state = new_state(["red", "blue"])
    assert cards_drawn(state) == 10  # 99 cards in the game, 89 to draw
