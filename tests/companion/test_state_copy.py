"""``State.copy`` is written by hand for speed; it must stay a true deep copy."""
from __future__ import annotations

import copy
import dataclasses

from companion.morpork.state import AreaState, GameOver, Player, State, TurnState
from companion.morpork.state_format import state_from_json

RICH = {
    "players": [
        {"color": "red", "money": 4, "personality": "vetinari", "loans": ["mr-bent"], "hand": 6,
         "stuck_cards": ["the-fools-guild"], "name": "Ann"},
        {"color": "blue", "money": 7, "personality": "vimes"},
    ],
    "areas": {"the-shades": {"minions": {"red": 1, "blue": 2}, "building": "red", "trouble": True,
                             "demons": 1, "trolls": 1}},
    "draw_pile": 40, "discard_pile": ["groat"], "event_deck": ["fog", "fire"], "lost_area_cards": ["dimwell"],
    "turn": {"number": 7, "powers_used": ["the-shades"], "cards_gained": ["longwall"]},
    "game_over": {"reason": "points", "winners": ["blue"]},  # red: $4 and an unpaid loan; the demon voids the rest
}


def test_copy_equals_a_deep_copy_and_shares_nothing_mutable() -> None:
    state = state_from_json(RICH)
    state.under_way.start_card("captain-carrot", "red", ("M", "T", "$1")).mark(0, "done")
    state.under_way.start_event("fire", "red").face = 7
    state.revision = 1
    twin = state.copy()
    assert twin == copy.deepcopy(state)
    assert twin.revision == 1  # not compared with the table, but copied
    assert twin.under_way == copy.deepcopy(state.under_way)  # not compared with the table
    twin.players[0].loans.append("the-bank-of-ankh-morpork")
    twin.players[0].stuck_cards.clear()
    twin.areas["the-shades"].minions["red"] = 5
    twin.discard_pile.append("modo")
    twin.event_deck.pop()
    twin.lost_area_cards.clear()
    twin.turn.powers_used.clear()
    twin.turn.cards_gained.clear()
    assert twin.game_over is not None
    twin.game_over.winners.append("blue")
    twin.under_way.cards[0].mark(1, "now")
    twin.under_way.cards.append(twin.under_way.cards[0].copy())
    assert twin.under_way.event is not None
    twin.under_way.event.over = True
    assert state.under_way.cards[0].statuses == ["done", "to-come", "to-come"] and len(state.under_way.cards) == 1
    assert state.under_way.event is not None and not state.under_way.event.over
    assert state == state_from_json(RICH)
    assert state.tally.counts() == state_from_json(RICH).tally.counts()  # the twin's edit left it alone


def test_a_new_field_must_be_copied_too() -> None:
    """Fails when a field is added to the state's dataclasses: extend ``State.copy`` and this list."""
    names = {cls.__name__: [f.name for f in dataclasses.fields(cls)]
             for cls in (State, Player, AreaState, TurnState, GameOver)}
    assert names == {
        "State": ["players", "areas", "active_player", "edition", "bank", "draw_pile", "discard_pile",
                  "event_deck", "lost_area_cards", "turn", "game_over", "rulings", "revision",
                  "under_way", "tally", "cards_memo"],
        "Player": ["color", "money", "personality", "loans", "hand", "stuck_cards", "name"],
        "AreaState": ["minions", "building", "trouble", "demons", "trolls"],
        "TurnState": ["number", "powers_used", "cards_gained"],
        "GameOver": ["reason", "winners", "personality"],
    }
