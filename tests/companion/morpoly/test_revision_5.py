"""Rules revision 5 (``companion.morpoly.revisions.PRINTED_STANDARD``): a mortgaged deed changing
hands in standard Monopoly, as the printed rules say it (Mortgages; Bankruptcy): "the new owner must
at once pay the Bank the amount of interest on the loan, which is 10 %", "may then, at his option, pay
the principal or hold the property", and lifting it later costs "the interest again". Each position
is played under revision 5 and under revision 4, which must replay as it was played (nothing charged
in standard Monopoly unless R12 was set to ``standard-10pct``, on a trade only, with no offer)."""
from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.morpoly.game import Game
from companion.morpoly.revisions import AMOUNTS_AND_JAIL_DEALS, LATEST, PRINTED_STANDARD
from companion.morpoly.state import State
from companion.morpoly.state_format import state_to_json
from morpoly_table import cash, do, own, start, table

BOTH = pytest.mark.parametrize("revision", [AMOUNTS_AND_JAIL_DEALS, PRINTED_STANDARD])


def test_revision_5_comes_before_the_latest_that_new_games_are_played_by() -> None:
    assert PRINTED_STANDARD == 5 < LATEST and table().revision == LATEST


def _three(base: str = "standard", revision: int = LATEST, **rules: str) -> State:
    state = table(("red", "blue", "green"), base=base)
    state.revision = revision
    state.rules.update(rules)
    return state


def _bought_mortgaged(state: State) -> Game:
    """Red buys blue's mortgaged Baltic Avenue (3; mortgage $30) for $40 at the start of its turn
    (the one-deed purchase of revisions 1-5; revision 6's offer: test_trade.py)."""
    state.revision = min(state.revision, PRINTED_STANDARD)
    own(state, "blue", 3, mortgaged=True)
    return do(start(state), "trade", "trade:3", "40")


def _keys(game: Game) -> list[str]:
    return [line.key for line in game.narration]


@BOTH
def test_a_mortgaged_deed_bought_in_standard_monopoly_costs_the_tenth_and_may_be_lifted_at_once(revision: int) -> None:
    game = _bought_mortgaged(_three(revision=revision))
    assert game.state.squares[3].owner == "red" and game.state.squares[3].mortgaged
    question = game.question
    assert question is not None
    if revision < PRINTED_STANDARD:  # as it was played: nothing charged, nothing asked
        assert cash(game, "red") == 1500 - 40 and question.key == "morpoly.turn.menu"
        assert "morpoly.transfer.interest" not in _keys(game)
        return
    assert cash(game, "red") == 1500 - 40 - 3 and "morpoly.transfer.interest" in _keys(game)
    assert question.key == "morpoly.transfer.lift" and question.player == "red"
    assert question.options == ("lift:3", "keep")
    lifted = do(game, "lift:3")  # the principal alone: the interest is paid
    assert not lifted.state.squares[3].mortgaged and cash(lifted, "red") == 1500 - 40 - 3 - 30
    assert lifted.question is not None and lifted.question.key == "morpoly.turn.menu"
    assert _keys(lifted)[-1] == "morpoly.transfer.lifted"
    kept = do(game, "keep")
    assert kept.state.squares[3].mortgaged and cash(kept, "red") == 1500 - 43
    later = do(kept, "lift:3")  # from the turn's menu, later: the mortgage and the interest again
    assert not later.state.squares[3].mortgaged and cash(later, "red") == 1500 - 43 - 33


def test_the_offer_names_only_what_the_cash_can_lift() -> None:
    """Red can pay $40 and the $3 interest but not the $30 principal after it: nothing is asked."""
    state = _three()
    state.party("red").cash = 60
    game = _bought_mortgaged(state)
    assert cash(game, "red") == 17 and game.state.squares[3].mortgaged
    assert game.question is not None and game.question.key == "morpoly.turn.menu"


def test_the_price_leaves_room_for_the_interest() -> None:
    state = _three(revision=PRINTED_STANDARD)
    state.party("red").cash = 100
    own(state, "blue", 3, mortgaged=True)
    game = do(start(state), "trade", "trade:3")
    assert game.question is not None and game.question.maximum == 97


@pytest.mark.parametrize("base, reading, interest, asked", [
    ("standard", "by-base", 3, True),
    ("standard", "none", 0, False),  # the table's own reading of R12 holds in standard Monopoly too
    ("standard", "standard-10pct", 3, True),
    ("variant", "by-base", 0, False),  # R12: "No extra interest when a mortgaged square changes hands"
    ("variant", "standard-10pct", 3, False),  # the tenth only: the offer is standard Monopoly's
])
def test_r12_as_the_table_reads_it_in_either_base(base: str, reading: str, interest: int, asked: bool) -> None:
    game = _bought_mortgaged(_three(base, **{"transfer-interest": reading}))
    assert cash(game, "red") == 1500 - 40 - interest
    assert game.question is not None and (game.question.key == "morpoly.transfer.lift") == asked


def _bankrupt_to_blue(revision: int) -> Game:
    """Red ($100, Mediterranean and Baltic mortgaged) lands on blue's Park Place with a hotel ($1,500)."""
    state = _three(revision=revision)
    own(state, "blue", 37, 39, houses=5)
    own(state, "red", 1, 3, mortgaged=True)
    state.party("red").cash = 100
    state.token("red").square = 35
    return do(start(state), "roll", (1, 1))


@BOTH
def test_the_creditor_of_a_bankruptcy_pays_the_interest_on_the_mortgaged_deeds_it_receives(revision: int) -> None:
    game = _bankrupt_to_blue(revision)
    after = game.state
    assert [p.id for p in after.parties] == ["blue", "green"]
    assert after.squares[1].owner == after.squares[3].owner == "blue"
    assert after.squares[1].mortgaged and after.squares[3].mortgaged
    question = game.question
    assert question is not None
    if revision < PRINTED_STANDARD:
        assert cash(game, "blue") == 1500 + 100 and question.key != "morpoly.transfer.lift"
        return
    assert cash(game, "blue") == 1500 + 100 - 6  # a tenth of each $30 mortgage
    assert question.key == "morpoly.transfer.lift" and question.player == "blue"
    assert question.options == ("lift:1", "lift:3", "keep")
    game = do(game, "lift:3")
    assert game.question is not None and game.question.options == ("lift:1", "keep")
    game = do(game, "keep")
    assert not game.state.squares[3].mortgaged and game.state.squares[1].mortgaged
    assert cash(game, "blue") == 1500 + 100 - 6 - 30


def test_a_creditor_short_of_the_interest_raises_it_like_any_debt() -> None:
    state = _three()
    own(state, "blue", 37, 39, houses=5)
    own(state, "blue", 6)  # Oriental Avenue, unmortgaged: mortgage $50
    own(state, "red", 1, 3, mortgaged=True)
    state.party("red").cash = 0
    state.party("blue").cash = 2
    state.token("red").square = 35
    game = do(start(state), "roll", (1, 1))
    assert game.question is not None and game.question.key == "morpoly.debt.raise"
    assert game.question.player == "blue" and "mortgage:6" in game.question.options
    game = do(game, "mortgage:6")
    assert cash(game, "blue") == 2 + 50 - 6
    assert game.question is not None and game.question.key == "morpoly.transfer.lift"
    assert _keys(game)[-1] == "morpoly.transfer.interest"  # said as the interest, raised or not


def test_a_bankruptcy_that_ends_the_game_charges_nothing_more() -> None:
    state = table(("red", "blue"))
    own(state, "blue", 37, 39, houses=5)
    own(state, "red", 1, mortgaged=True)
    state.party("red").cash = 100
    state.token("red").square = 35
    game = do(start(state), "roll", (1, 1))
    assert game.is_over and cash(game, "blue") == 1500 + 100


# -- the table's auctions ---------------------------------------------------------------------------

@BOTH
def test_a_declined_deed_is_auctioned_and_the_highest_bidder_pays_the_bank(revision: int) -> None:
    """"If you do not wish to buy the property, the Banker sells it at auction to the highest bidder"
    (any player, the one who declined too): red declines Baltic Avenue, blue bids $75."""
    state = _three(revision=revision)
    bank = state.bank.cash
    game = do(start(state), "roll", (1, 2), "decline")  # GO -> 3, Baltic Avenue ($60)
    question = game.question
    assert question is not None
    if revision < PRINTED_STANDARD:  # as it was played: the deed stays with the bank, nobody is asked
        assert question.key == "morpoly.turn.menu" and question.player == "blue"
        assert game.state.squares[3].owner is None
        return
    assert "morpoly.deed.declined-auction" in _keys(game)
    assert question.key == "morpoly.deed.auction" and question.player == "red"
    assert question.options == ("red", "blue", "green", "nobody")
    game = do(game, "blue")
    question = game.question
    assert question is not None and question.key == "morpoly.deed.bid" and question.player == "blue"
    assert question.maximum == 1500  # type: ignore[attr-defined]
    game = do(game, "75")
    assert game.state.squares[3].owner == "blue" and cash(game, "blue") == 1500 - 75
    assert game.state.bank.cash == bank + 75 and "morpoly.deed.auctioned" in _keys(game)
    assert game.question is not None and game.question.key == "morpoly.turn.menu" and game.question.player == "blue"


def test_a_deed_the_lander_cannot_pay_for_is_auctioned_and_nobody_may_bid() -> None:
    state = _three()
    state.party("red").cash = 50
    state.token("red").square = 35
    game = do(start(state), "roll", (1, 3))  # 39 Boardwalk, $400
    assert "morpoly.deed.cannot-buy-auction" in _keys(game)
    assert game.question is not None and game.question.key == "morpoly.deed.auction"
    game = do(game, "nobody")
    assert game.state.squares[39].owner is None and "morpoly.deed.no-bid" in _keys(game)
    assert cash(game, "red") == 50


def test_the_variant_has_no_auctions() -> None:
    """B2: "No auctions. A declined square stays with the bank"."""
    state = _three("variant")
    for party, guild in zip(state.parties, ("beggars", "fools", "wizards")):
        party.guilds = [guild]
    game = do(start(state), "roll", (1, 2), "decline")
    assert game.state.squares[3].owner is None
    assert game.question is not None and game.question.key != "morpoly.deed.auction"


def _bankrupt_to_the_bank(revision: int, players: tuple[str, ...] = ("red", "blue", "green")) -> Game:
    """Red ($0, Mediterranean and Baltic mortgaged) lands on Income Tax ($200) and cannot pay it."""
    state = table(players)
    state.revision = revision
    own(state, "red", 1, 3, mortgaged=True)
    state.bank.cash += state.party("red").cash
    state.party("red").cash = 0
    state.token("red").square = 1
    return do(start(state), "roll", (1, 2))


@BOTH
def test_the_bank_auctions_a_bankrupts_deeds_one_by_one_free_of_mortgage(revision: int) -> None:
    """"The Bank immediately sells by auction all property so taken, except buildings"."""
    game = _bankrupt_to_the_bank(revision)
    assert [p.id for p in game.state.parties] == ["blue", "green"]
    question = game.question
    assert question is not None
    if revision < PRINTED_STANDARD:
        assert question.key == "morpoly.turn.menu" and game.state.squares[1].owner is None
        return
    assert question.key == "morpoly.deed.auction" and question.player == "blue"
    assert dict(question.params)["square"] == "1" and question.options == ("blue", "green", "nobody")
    game = do(game, "green", "10")
    assert game.state.squares[1].owner == "green" and not game.state.squares[1].mortgaged
    assert cash(game, "green") == 1490
    question = game.question
    assert question is not None and question.key == "morpoly.deed.auction" and dict(question.params)["square"] == "3"
    game = do(game, "nobody")
    assert game.state.squares[3].owner is None and not game.state.squares[3].mortgaged
    assert game.question is not None and game.question.key == "morpoly.turn.menu"


def test_a_bankruptcy_to_the_bank_that_ends_the_game_auctions_nothing() -> None:
    game = _bankrupt_to_the_bank(PRINTED_STANDARD, ("red", "blue"))
    assert game.is_over and game.state.squares[1].owner is None


def _short_of_boardwalk(revision: int = LATEST) -> State:
    """Red, $350 and Mediterranean and Baltic unmortgaged ($30 of mortgage each), will land on
    Boardwalk ($400): short of the price, but able to raise it."""
    state = _three(revision=revision)
    own(state, "red", 1, 3)
    state.party("red").cash = 350
    state.token("red").square = 35
    return state


@BOTH
def test_a_lander_short_of_the_price_may_raise_it_and_buy(revision: int) -> None:
    """The printed rules let a player mortgage (and sell houses) at any time: red raises $60 of
    mortgages and buys Boardwalk."""
    game = do(start(_short_of_boardwalk(revision)), "roll", (1, 3))
    question = game.question
    assert question is not None
    if revision < PRINTED_STANDARD:  # as it was played: "cannot afford", the deed stays with the bank
        assert "morpoly.deed.cannot-buy" in _keys(game) and question.key == "morpoly.turn.menu"
        return
    assert question.key == "morpoly.deed.buy" and question.options == ("buy", "decline")
    game = do(game, "buy")
    question = game.question
    assert question is not None and question.key == "morpoly.deed.raise" and question.player == "red"
    assert question.options == ("mortgage:1", "mortgage:3", "decline")
    game = do(game, "mortgage:1")
    assert game.question is not None and game.question.key == "morpoly.deed.raise"  # 380: still short
    game = do(game, "mortgage:3")
    assert game.state.squares[39].owner == "red" and cash(game, "red") == 350 + 60 - 400
    assert game.state.squares[1].mortgaged and game.state.squares[3].mortgaged


def test_a_lander_may_give_up_raising_and_the_deed_goes_to_auction() -> None:
    game = do(start(_short_of_boardwalk()), "roll", (1, 3), "buy", "mortgage:1", "decline")
    assert game.state.squares[1].mortgaged and cash(game, "red") == 380  # what was raised stays raised
    assert game.question is not None and game.question.key == "morpoly.deed.auction"
    assert game.state.squares[39].owner is None


def test_a_player_in_jail_may_bid() -> None:
    """Standard Monopoly: a player in jail may buy and sell property and take part in auctions."""
    state = _three()
    state.token("green").square, state.token("green").in_jail = 10, True
    game = do(start(state), "roll", (1, 2), "decline")
    assert game.question is not None and "green" in game.question.options
    game = do(game, "green", "61")
    assert game.state.squares[3].owner == "green" and cash(game, "green") == 1500 - 61


def test_a_bid_above_the_bidders_cash_or_a_bidder_who_cannot_pay_is_refused_and_changes_nothing() -> None:
    state = _three()
    state.party("green").cash = 0  # cannot pay the smallest bid: not among the bidders
    game = do(start(state), "roll", (1, 2), "decline")
    assert game.question is not None and "green" not in game.question.options
    before = state_to_json(game.state)
    with pytest.raises(InputError):
        do(game, "green")
    bidding = do(game, "blue")
    with pytest.raises(InputError, match="1500"):
        do(bidding, "1501")
    assert state_to_json(game.state) == before and bidding.state.squares[3].owner is None
