"""The counts the state keeps to answer quickly (``State.tally``, the remembered controllers, the
cards memo) always equal what a recount of the table says: in whole random games, checked after
every input, and each check shown able to fail."""
from __future__ import annotations

import random

import pytest

from companion.cli.simulate import play_game
from companion.core.inputs import Input
from companion.morpork import scoring
from companion.morpork.cards.common import TurnContext, possible_cards
from companion.morpork.game import Game
from companion.morpork.hidden_cards import known_elsewhere
from companion.morpork.invariants import kept_count_problems, table_problems
from companion.morpork.pieces import move_piece, place_building, place_piece, remove_building, remove_piece
from companion.morpork.setup import new_state
from companion.morpork.state import Tally
from companion.morpork.board import AREA_IDS, DEMONS, TROLLS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kept_counts_equal_a_recount_after_every_input_of_random_games(players: int) -> None:
    seen = {"inputs": 0, "controllers": 0, "memo": 0}

    def look(game: Game, _inp: Input) -> None:
        state = game.state
        assert kept_count_problems(state) == []
        for area in AREA_IDS:  # fill the controller cache, then check it against the rule again
            assert scoring.controller(state, area) == scoring.control_now(state, area)
        seen["inputs"] += 1
        seen["controllers"] += len(state.tally.controllers)
        seen["memo"] += len(state.cards_memo.values)

    rng = random.Random(players)
    for _ in range(3):
        play_game(rng, players, on_input=look, every_input=True)  # every_input: kept_count_problems too
    assert seen["inputs"] > 300 and seen["controllers"] and seen["memo"]


def test_moves_through_pieces_keep_the_tally() -> None:
    state = new_state(["red", "blue", "green"])
    place_piece(state, "dimwell", "red")
    place_piece(state, "dimwell", "troll")
    place_piece(state, "the-shades", "demon", always_trouble=True)
    move_piece(state, "the-scours", "longwall", "blue")
    remove_piece(state, "dolly-sisters", "green")
    place_building(state, "dimwell", "red")
    place_building(state, "longwall", "blue")
    remove_building(state, "longwall")
    assert state.tally.counts() == Tally.of(state.areas).counts()
    assert state.minions_on_board("red") == 4 and state.minions_on_board("green") == 2
    assert state.buildings_on_board("red") == 1 and state.buildings_on_board("blue") == 0
    assert state.trolls_in_supply() == TROLLS - 1 and state.demons_in_supply() == DEMONS - 1
    assert state.trouble_on_board() == sum(1 for a in state.areas.values() if a.trouble)
    assert kept_count_problems(state) == []


def test_a_remembered_controller_is_forgotten_when_a_piece_moves_there() -> None:
    state = new_state(["red", "blue"])
    assert scoring.controller(state, "dimwell") is None
    place_piece(state, "dimwell", "red")
    assert scoring.controller(state, "dimwell") == "red"
    place_piece(state, "dimwell", "blue")
    assert scoring.controller(state, "dimwell") is None  # one each: a tie
    place_building(state, "dimwell", "blue")
    assert scoring.controller(state, "dimwell") == "blue"
    place_piece(state, "dimwell", "demon")
    assert scoring.controller(state, "dimwell") is None
    assert kept_count_problems(state) == []


def test_a_hand_edit_without_recount_is_named_and_recount_mends_it() -> None:
    state = new_state(["red", "blue"])
    assert scoring.controller(state, "the-shades") is None
    state.areas["the-shades"].minions["red"] = 3  # by hand, not through companion.morpork.pieces
    problems = kept_count_problems(state)
    assert any("kept piece counts" in p for p in problems)
    assert any("the-shades: remembered controller None" in p for p in problems)
    assert table_problems(state) == []  # the table itself is possible: it is recounted there
    state.recount()
    assert kept_count_problems(state) == [] and scoring.controller(state, "the-shades") == "red"


def test_the_cards_memo_follows_the_public_cards_and_copies_may_share_it() -> None:
    state = new_state(["red", "blue", "green"])
    ctx = TurnContext("red")
    first = possible_cards(state, "red", ctx)
    assert "mr-boggis" in first and state.cards_memo.values
    state.discard_pile.append("mr-boggis")
    assert "mr-boggis" not in possible_cards(state, "red", ctx)
    twin = state.copy()
    assert twin.cards_memo is state.cards_memo
    twin.player("blue").loans.append("mr-bent")
    assert "mr-bent" not in possible_cards(twin, "red", ctx)
    assert "mr-bent" in possible_cards(state, "red", ctx)  # the shared memo checks which state asks
    ctx.in_play.append("groat")
    assert "groat" not in possible_cards(state, "red", ctx) and "groat" in known_elsewhere(state, ctx)
    assert kept_count_problems(state) == [] and kept_count_problems(twin) == []


def test_a_stale_memo_answer_would_be_named() -> None:
    state = new_state(["red", "blue"])
    possible_cards(state, "red")
    memo = state.cards_memo
    key = next(k for k in memo.values if isinstance(k, tuple))
    memo.values[key] = ("groat",)  # a wrong answer remembered for the right cards
    assert any("remembered cards" in p for p in kept_count_problems(state))


def test_the_playable_cards_follow_the_discard_pile_and_a_stale_answer_would_be_named() -> None:
    """The cards a turn offers to play (``hidden_cards.unseen_less``: the unseen cards less the
    interrupts) are kept in the memo: brought up to date as cards are discarded, worked out again
    with other cards in play, held to a recount by ``kept_count_problems``."""
    from companion.morpork.cards.common import INTERRUPT_ONLY
    from companion.morpork.hidden_cards import public_cards_now, unseen_among, unseen_less
    state = new_state(["red", "blue"])
    left_out = frozenset(INTERRUPT_ONLY)
    ctx = TurnContext("red", in_play=["groat"])

    def fresh() -> tuple[str, ...]:
        return tuple(c for c in unseen_among(public_cards_now(state), ctx.in_play) if c not in left_out)

    assert unseen_less(state, ctx, left_out) == fresh() and "gaspode" not in fresh()
    state.discard_pile += ["mr-boggis", "mr-bent"]
    assert unseen_less(state, ctx, left_out) == fresh() and "mr-boggis" not in fresh()
    assert "mr-shine" in unseen_less(state, ctx, left_out)
    ctx.in_play.append("mr-shine")
    assert unseen_less(state, ctx, left_out) == fresh() and "mr-shine" not in fresh()
    assert kept_count_problems(state) == []
    state.cards_memo.values[(left_out, ())] = ("groat",)
    assert any("remembered cards" in p for p in kept_count_problems(state))
