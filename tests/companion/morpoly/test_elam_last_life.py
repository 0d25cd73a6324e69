"""A party that loses its last guild member is out at once (L166, R72): its FSUs are void, so no
claim is paid for that very death. The 300-game run had found this at seed 115 (3 players, Fortuna
and ELAM: the table stood at a payment for the death's claim with blue on 0 lives); the random
player now builds differently, so that seed no longer reaches it, and the situation is set here."""
from __future__ import annotations

from companion.morpoly.covers import Cover
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.invariants import check_invariants
from companion.morpoly.setup import new_state
from companion.morpoly.state import Npcs
from morpoly_table import cash, do, start


def test_a_death_on_the_last_life_pays_no_claim_and_asks_nobody_to_pay() -> None:
    state = new_state(["red", "blue", "green"], {"edition": "us", "base": "variant", "elam": "on"})
    state.party("red").guilds = ["assassins"]
    state.lives["blue"] = 1
    state.npcs = Npcs(13, 20, 20, None)  # Death on States Avenue
    state.token("blue").square = 10
    state.token("red").square, state.token("green").square = 25, 35
    state.bank.cash += state.party("red").cash - 50
    state.party("red").cash = 50  # a 3 × 100 claim would make the Assassins raise money
    state.ledger = Ledger((Fsu(1, "red", "blue", "blue", 1, 100, frozenset({Cover.DEATH}), False),), 2)
    game = do(start(state, "blue"), "roll", (1, 2), "decline")  # blue: 10 -> 13, where Death stands
    assert [p.id for p in game.state.parties] == ["red", "green"] and "blue" not in game.state.lives
    assert cash(game, "red") == 50 and game.state.ledger.active() == ()
    assert not any(line.key in ("morpoly.fsu.redeemed", "morpoly.fsu.claimed") for line in game.narration)
    assert game.question is not None and game.question.key == "morpoly.turn.menu" and game.question.player == "green"
    assert not check_invariants(game.state)
