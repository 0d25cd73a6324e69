"""Rules revision 11 (``companion.morpoly.revisions.RAISE_TO_BUY``, ``NO_BIDS_FROM_JAIL``): a purchase
and an auction as the German source's jail rule and Monopoly's own rules have them, each played under
revision 11 and under revision 10, which a journal written before it must replay as it was played."""
from __future__ import annotations

import pytest

from companion.morpoly.game import Game
from companion.morpoly.revisions import FORTUNA_AND_FOOLS_AUDITED, LATEST, NO_BIDS_FROM_JAIL, RAISE_TO_BUY
from companion.morpoly.state import State
from morpoly_table import cash, do, key, options, own, start, table

BOTH = pytest.mark.parametrize("revision", [FORTUNA_AND_FOOLS_AUDITED, RAISE_TO_BUY])


def test_revision_11_follows_revision_10() -> None:
    assert FORTUNA_AND_FOOLS_AUDITED + 1 == RAISE_TO_BUY == NO_BIDS_FROM_JAIL == 11 < LATEST


def short_of_baltic(revision: int) -> Game:
    """L8 ("die normalen Monopoly-Regeln"): red (the Thieves) has $50 and an unmortgaged Mediterranean
    Avenue (mortgage value $30), and rolls 1 and 2 onto Baltic Avenue ($60); blue heads the Merchants."""
    state = table(("red", "blue"), base="variant")
    state.revision = revision
    state.party("red").guilds, state.party("blue").guilds = ["thieves"], ["merchants"]
    own(state, "red", 1)
    state.party("red").cash = 50
    state.bank.cash += 1450
    return do(start(state), "roll", (1, 2))


@BOTH
def test_a_lander_short_of_the_price_may_mortgage_and_buy(revision: int) -> None:
    """Standard Monopoly mortgages at any time; the variant takes only the auction away (L10)."""
    game = short_of_baltic(revision)
    if revision < RAISE_TO_BUY:  # as revision 10 played it: not asked, the square stayed with the bank
        assert any(line.key == "morpoly.deed.cannot-buy" for line in game.narration)
        assert key(game) == "morpoly.merchants.buy"
        return
    assert key(game) == "morpoly.deed.buy" and options(game) == ("buy", "decline")
    game = do(game, "buy")
    assert key(game) == "morpoly.deed.raise" and options(game) == ("mortgage:1", "decline")
    game = do(game, "mortgage:1")
    assert game.state.squares[3].owner == "red" and game.state.squares[1].mortgaged
    assert cash(game, "red") == 50 + 30 - 60 and key(game) == "morpoly.turn.menu"


@pytest.mark.parametrize("declined", [("decline",), ("buy", "decline")])
def test_a_lander_who_declines_or_stops_raising_leaves_the_square_to_the_merchants(declined: tuple[str, ...]) -> None:
    """No auction in the variant (L10): a declined square stays with the bank, and the Merchants may
    buy it at once (L62); nothing was mortgaged for a purchase given up."""
    game = do(short_of_baltic(LATEST), *declined)
    assert key(game) == "morpoly.merchants.buy" and options(game) == ("buy", "leave")
    assert any(line.key == "morpoly.deed.declined" for line in game.narration)
    assert game.state.squares[3].owner is None and not game.state.squares[1].mortgaged and cash(game, "red") == 50


def test_a_lander_who_could_not_raise_the_price_is_not_asked() -> None:
    """Nothing to mortgage or sell: "cannot afford", as before."""
    state = table(("red", "blue"), base="variant")
    state.party("red").guilds, state.party("blue").guilds = ["thieves"], ["watch"]
    state.party("red").cash = 50
    state.bank.cash += 1450
    game = do(start(state), "roll", (1, 2))
    assert any(line.key == "morpoly.deed.cannot-buy" for line in game.narration)
    assert game.state.squares[3].owner is None and key(game) == "morpoly.turn.menu"


def bankrupt_to_the_bank(revision: int, jailed: tuple[str, ...]) -> Game:
    """L153: red (the Merchants, $10) cannot pay the doctor's $50 to the bank; its guild is auctioned.
    Blue heads the Thieves, green the Undead; ``jailed`` tokens sit in jail."""
    state = table(("red", "blue", "green"), base="variant")
    state.revision = revision
    state.party("red").guilds, state.party("blue").guilds, state.party("green").guilds = \
        ["merchants"], ["thieves"], ["undead"]
    state.party("red").cash = 10
    state.bank.cash += 1490
    for token in jailed:
        state.token(token).square, state.token(token).in_jail = 10, True
    return do(start(state), "roll", (1, 1), "chest.doctor")


@BOTH
def test_a_party_all_in_jail_bids_for_no_guild(revision: int) -> None:
    """L9: "dass im Gefängnis keine Gelder eingenommen oder Handel abgeschlossen werden können
    (Ausnahme: Diebe)" — green, in jail, is not among the bidders; blue, the Thieves, bids from jail too."""
    game = bankrupt_to_the_bank(revision, ("green",))
    assert key(game) == "morpoly.takeover.auction"
    assert options(game) == (("blue", "nobody") if revision >= NO_BIDS_FROM_JAIL else ("blue", "green", "nobody"))
    game = bankrupt_to_the_bank(revision, ("green", "blue"))
    assert options(game) == (("blue", "nobody") if revision >= NO_BIDS_FROM_JAIL else ("blue", "green", "nobody"))
