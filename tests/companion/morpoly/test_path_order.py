"""§2.4 step 1: the squares of a move's path are settled in the token's order — GO money, the
mortgage interest due there (B8, L16) and the Fortuna check when the path reaches GO, the FSU
expiries of the squares before GO before it and of those after GO after it. Rules revision 2; a game
of revision 1 keeps the order it was played by (GO settled after the whole path)."""
from __future__ import annotations

from companion.morpoly.covers import Cover
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.invariants import check_invariants
from companion.morpoly.revisions import FIRST, PATH_ORDER_AND_BANKER
from companion.morpoly.state import State
from morpoly_table import cash, do, own, start, table


def merchants_cover_over_go(revision: int) -> State:
    """Blue (the Watch) holds an FSU from red (the Merchants, L64–65: it pays what blue must pay, up
    to 3 × the premium) bought on Baltic Avenue (3), just past GO. Blue has Park Place (175) and
    Boardwalk (200) mortgaged: 37 interest each time it comes past GO (L16, 375 / 10 rounded down)."""
    state = table(("red", "blue"), base="variant")
    state.revision = revision
    state.party("red").guilds, state.party("blue").guilds = ["merchants"], ["watch"]
    own(state, "red", 1, 3, houses=1)
    own(state, "blue", 37, 39, mortgaged=True)
    own(state, "blue", 6)
    state.ledger = Ledger((Fsu(1, "red", "blue", "blue", 3, 20, frozenset({Cover.MUST_PAY}), False),), 2)
    state.token("blue").square = 37
    state.token("red").square = 20
    return state


def test_interest_at_go_is_covered_by_an_fsu_on_a_square_after_go() -> None:
    """Blue walks 37 → 6 (a 4 and a 5): it passes GO before Baltic Avenue, so the interest falls due
    while the Merchants' FSU still runs; they pay the 37 for blue and the FSU is redeemed — it does
    not expire on Baltic Avenue afterwards."""
    game = do(start(merchants_cover_over_go(PATH_ORDER_AND_BANKER), "blue"), "roll", (4, 5))
    assert game.state.token("blue").square == 6
    assert cash(game, "blue") == 1500 + 200 and cash(game, "red") == 1500 - 37
    keys = [line.key for line in game.narration]
    assert "morpoly.fsu.redeemed" in keys and "morpoly.fsu.expired" not in keys
    assert keys.index("morpoly.go.salary") < keys.index("morpoly.fsu.redeemed")
    assert game.state.ledger.active() == ()
    assert not check_invariants(game.state)


def test_an_fsu_on_a_square_before_go_expires_before_the_interest() -> None:
    """The other way round: the FSU was bought on red's Boardwalk (39), and blue (Marvin Gardens
    mortgaged: 140 / 10 = 14 interest) walks 36 → 6 (a 4 and a 6). It passes Boardwalk before GO, so
    the FSU has expired when the interest falls due, and blue pays it itself."""
    state = table(("red", "blue"), base="variant")
    state.party("red").guilds, state.party("blue").guilds = ["merchants"], ["watch"]
    own(state, "red", 37, 39, houses=1)
    own(state, "blue", 29, mortgaged=True)
    own(state, "blue", 6)
    state.ledger = Ledger((Fsu(1, "red", "blue", "blue", 39, 200, frozenset({Cover.MUST_PAY}), False),), 2)
    state.token("blue").square, state.token("red").square = 36, 20
    game = do(start(state, "blue"), "roll", (4, 6))
    assert game.state.token("blue").square == 6
    assert cash(game, "blue") == 1500 + 200 - 14 and cash(game, "red") == 1500
    keys = [line.key for line in game.narration]
    assert keys.index("morpoly.fsu.expired") < keys.index("morpoly.go.salary") and "morpoly.fsu.redeemed" not in keys


def test_a_game_of_revision_1_settles_go_after_the_whole_path() -> None:
    """A journal recorded before revision 2 replays as it was played: the FSU expired on Baltic
    Avenue first, and blue paid the interest."""
    game = do(start(merchants_cover_over_go(FIRST), "blue"), "roll", (4, 5))
    assert cash(game, "blue") == 1500 + 200 - 37 and cash(game, "red") == 1500
    keys = [line.key for line in game.narration]
    assert "morpoly.fsu.expired" in keys and "morpoly.fsu.redeemed" not in keys
