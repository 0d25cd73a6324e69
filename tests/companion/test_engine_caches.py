"""What the engine keeps for speed gives exactly what working it out again gives: the kept counts
(``State.tally``, remembered controllers, the cards memo) equal a recount after undo, redo and a
resume from the journal, where positions are rebuilt rather than stepped into. (The questions and
refusals made at once through ``companion.core.frozen``: ``test_frozen.py``.)"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion.cli.simulate import choose_input, deal, follow_narration
from companion.core.journal import Journal
from companion.core.session import GameRules, Session
from companion.morpork import scoring
from companion.morpork.board import AREA_IDS, COLORS
from companion.morpork.cards.common import TurnContext, may_hold, possible_cards
from companion.morpork.hidden_cards import known_elsewhere, public_cards_now, unseen_among
from companion.morpork.invariants import kept_count_problems
from companion.morpork.setup import new_state
from companion.morpork.state import State
from companion.morpork.catalog import CARD_IDS


def _holds_a_free_card(state: State, color: str) -> bool:
    """A player may hold an unseen card only in the part of the hand not stuck (Gaspode, Fresh Start)."""
    player = state.player(color)
    return player.hand > len(player.stuck_cards)


def _check_kept(state: State) -> None:
    assert kept_count_problems(state) == []
    for area in AREA_IDS:
        assert scoring.controller(state, area) == scoring.control_now(state, area)
    fresh = list(unseen_among(public_cards_now(state), ()))
    some = fresh[len(fresh) // 2:len(fresh) // 2 + 2]
    playing = TurnContext(state.active_player, in_play=list(some))
    assert possible_cards(state, state.active_player, playing) == (
        [c for c in fresh if c not in some] if _holds_a_free_card(state, state.active_player) else [])
    for player in state.players:
        ctx = TurnContext(player.color)
        expected = fresh if _holds_a_free_card(state, player.color) else []
        assert possible_cards(state, player.color, ctx) == expected
        assert [c for c in CARD_IDS if may_hold(state, player.color, c, ctx)] == expected
        assert set(expected).isdisjoint(known_elsewhere(state, ctx))


def test_cards_put_on_the_discard_pile_update_the_memo_instead_of_emptying_it() -> None:
    state = new_state(["red", "blue"])
    ctx = TurnContext("red", in_play=["groat"])
    assert "mr-boggis" in possible_cards(state, "red", ctx) and "groat" not in possible_cards(state, "red", ctx)
    values = state.cards_memo.values
    state.discard_pile += ["mr-boggis", "mr-bent", "mr-boggis"]
    assert possible_cards(state, "red", ctx) == list(unseen_among(public_cards_now(state), ("groat",)))
    assert state.cards_memo.values is values  # brought up to date, not read again
    assert possible_cards(state, "red") == list(unseen_among(public_cards_now(state), ()))
    state.player("blue").loans.append("the-bank-of-ankh-morpork")  # not a discard: read again
    assert "the-bank-of-ankh-morpork" not in possible_cards(state, "red", ctx)
    assert state.cards_memo.values is not values
    older = state.copy()  # shares the memo; the newer pile moves it on, the older one resets it
    state.discard_pile.append("groat")
    assert "groat" not in possible_cards(state, "blue") and "groat" in possible_cards(older, "blue")
    assert "groat" not in possible_cards(state, "blue")
    assert kept_count_problems(state) == [] and kept_count_problems(older) == []


def test_kept_counts_equal_a_recount_after_undo_redo_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    rng = random.Random(5)
    colors = list(COLORS[:4])
    table = deal(rng, colors)
    session: Any = Session(Journal(path), GameRules())
    session.new_game(colors)
    undone = 0
    for step in range(1, 241):
        before = session.game
        if before.question is None:
            break
        done = session.submit(choose_input(before, table, before.question))
        follow_narration(done.game, table, list(done.game.narration[len(before.narration):]))
        _check_kept(session.game.state)
        if step % 7 == 0:  # back and forth: the same inputs again, so the real cards still agree
            session.undo(3, confirm=True)
            _check_kept(session.game.state)
            session.redo(3)
            _check_kept(session.game.state)
            undone += 1
    position = session.game
    session.close()
    resumed: Any = Session.open(path, GameRules())
    try:
        assert resumed.game.state == position.state and resumed.game.question == position.question
        _check_kept(resumed.game.state)
        assert undone > 10
    finally:
        resumed.close()
