"""Standard Monopoly (``base=standard``) against the printed rules, case by case: the cases the other
rule tests (test_standard_rules.py, test_cards.py, test_revision_5.py, test_editions.py) leave open.

Amounts are the US edition's unless a test names another set; the German sets' amounts are their
data (``de``: the euro set, US-sized; ``de-dm``: the D-Mark set, twenty times). Quotations are from
the US rules as printed by Parker Brothers / Hasbro ("the printed rules")."""
from __future__ import annotations

import pytest

from companion.morpoly.game import Game
from morpoly_table import CardScan, cash, do, key, options, own, square, start, table


def _keys(game: Game) -> list[str]:
    return [line.key for line in game.narration]


# -- rent ---------------------------------------------------------------------------------------------

def test_a_mortgaged_railroad_still_counts_for_its_owners_other_railroads() -> None:
    """A mortgaged deed collects no rent, but it is still owned: "If 2 R.R.'s are owned" counts it.
    Blue owns Reading Railroad (mortgaged) and Pennsylvania Railroad: landing on Pennsylvania costs $50."""
    state = table()
    own(state, "blue", 15)
    own(state, "blue", 5, mortgaged=True)
    state.token("red").square = 12
    game = do(start(state), "roll", (1, 2))  # 12 -> 15
    assert cash(game, "red") == 1500 - 50 and cash(game, "blue") == 1500 + 50


def test_a_utility_charges_ten_times_while_the_other_one_is_mortgaged() -> None:
    """"If both Utilities are owned, rent is 10 times amount shown on dice": the mortgaged Water Works
    is still owned, so Electric Company charges 10 × 5."""
    state = table()
    own(state, "blue", 12)
    own(state, "blue", 28, mortgaged=True)
    state.token("red").square = 7
    game = do(start(state), "roll", (1, 4))
    assert cash(game, "red") == 1500 - 10 * 5


def test_double_rent_on_an_unimproved_street_of_a_complete_group_with_houses_elsewhere() -> None:
    """The owner of a whole colour group "may charge double rent for unimproved properties in that
    color-group": St. James Place has a house, Tennessee Avenue (rent $14) has none and charges $28."""
    state = table()
    own(state, "blue", 16, houses=1)
    own(state, "blue", 18, 19)
    state.token("red").square = 15
    game = do(start(state), "roll", (1, 2))  # 15 -> 18 Tennessee Avenue
    assert cash(game, "red") == 1500 - 28 and cash(game, "blue") == 1500 + 28


def test_no_rent_on_ones_own_square() -> None:
    state = table()
    own(state, "red", 37, 39, houses=5)
    state.token("red").square = 35
    game = do(start(state), "roll", (1, 3))
    assert cash(game, "red") == 1500 and key(game) == "morpoly.turn.menu"


# -- buying and auctions ------------------------------------------------------------------------------

def test_a_deed_is_bought_at_the_printed_price() -> None:
    """"Whenever you land on an unowned property you may buy that property from the Bank at its
    printed price": Boardwalk, $400."""
    state = table()
    state.token("red").square = 35
    bank = state.bank.cash
    game = do(start(state), "roll", (1, 3), "buy")
    assert game.state.squares[39].owner == "red" and cash(game, "red") == 1100
    assert game.state.bank.cash == bank + 400


def test_the_player_who_declined_may_win_the_auction_below_the_printed_price() -> None:
    """"Any player, including the one who declined the option to buy it at the printed price, may
    bid": red declines Boardwalk ($400) and buys it at the auction for $250."""
    state = table()
    state.token("red").square = 35
    game = do(start(state), "roll", (1, 3), "decline")
    assert key(game) == "morpoly.deed.auction" and "red" in options(game)
    game = do(game, "red", "250")
    assert game.state.squares[39].owner == "red" and cash(game, "red") == 1500 - 250


# -- houses, hotels, mortgages --------------------------------------------------------------------------

def test_a_house_costs_the_price_on_the_deed_and_sells_back_for_half() -> None:
    """"Houses cost $200 each" (Park Place, Boardwalk); "sold back to the Bank at any time for
    one-half the price paid"."""
    state = table()
    own(state, "red", 37, 39)
    game = do(start(state), "build:37")
    assert game.state.squares[37].houses == 1 and cash(game, "red") == 1300 and game.state.bank.houses == 31
    game = do(game, "sell:37")
    assert game.state.squares[37].houses == 0 and cash(game, "red") == 1400 and game.state.bank.houses == 32


def test_a_hotel_needs_four_houses_on_every_street_of_the_group() -> None:
    """"You must have four houses on each property of a complete color-group before you can buy a
    hotel": four on Mediterranean Avenue, three on Baltic Avenue: no hotel yet, only Baltic's fourth."""
    state = table()
    own(state, "red", 1, houses=4)
    own(state, "red", 3, houses=3)
    menu = options(start(state))
    assert "build:1" not in menu and "build:3" in menu


def test_no_mortgage_while_another_street_of_the_group_has_a_house() -> None:
    """"All buildings on all the properties of its color-group must be sold back to the Bank" before a
    property is mortgaged: Mediterranean Avenue is bare, but Baltic Avenue has a house."""
    state = table()
    own(state, "red", 1)
    own(state, "red", 3, houses=1)
    menu = options(start(state))
    assert "mortgage:1" not in menu and "mortgage:3" not in menu and "sell:3" in menu


def test_lifting_a_mortgage_of_175_rounds_the_tenth_down() -> None:
    """"Pay the amount of the mortgage plus 10 % interest": Park Place's $175 mortgage makes $17.50
    interest. The printed rules do not round it; the engine rounds down in standard Monopoly
    (``rules.tenth_rounding``, as the reference's R6 does for the variant): $192."""
    state = table()
    own(state, "red", 37, mortgaged=True)
    game = do(start(state), "lift:37")
    assert cash(game, "red") == 1500 - 192 and not game.state.squares[37].mortgaged


def test_a_player_in_jail_may_build_and_mortgage() -> None:
    """"A player in Jail may buy and sell property, buy and sell houses and hotels and collect rents"."""
    state = table()
    own(state, "red", 1, 3)
    state.token("red").square, state.token("red").in_jail = 10, True
    menu = options(start(state))
    assert {"build:1", "build:3", "mortgage:1", "mortgage:3", "pay-fine"} <= set(menu)
    game = do(start(state), "build:1")
    assert game.state.squares[1].houses == 1 and game.state.token("red").in_jail


def test_an_owner_may_build_before_another_players_roll() -> None:
    """"You may buy and erect at any time as many houses as your judgment and financial standing will
    allow": with red about to roll, blue may still put a house on Park Place (its complete group).
    Any answer of red's menu (other than the roll) that hands blue a question offering ``build:37``
    would do (rules revision 12's ``others-manage``; test_manage_any_menu.py)."""
    state = table()
    own(state, "blue", 37, 39)
    game = start(state)
    offered: set[str] = set()
    for answer in options(game):
        if answer == "roll":
            continue
        after = do(game, answer)
        if after.question is not None and after.question.player == "blue":
            offered.update(after.question.options)
    assert "build:37" in offered


# -- jail -------------------------------------------------------------------------------------------------

def test_landing_on_jail_is_just_visiting() -> None:
    """"If you are not 'sent' to Jail, but in the ordinary course of play land on that space, you are
    'Just Visiting'": no penalty, and the next turn moves as usual."""
    state = table()
    state.token("red").square = 7
    game = do(start(state), "roll", (1, 2))
    assert square(game) == 10 and not game.state.token("red").in_jail and cash(game, "red") == 1500
    game = do(game, "roll", (1, 2), "decline", "nobody")  # blue: GO -> 3, not bought
    game = do(game, "roll", (1, 3))  # red: 10 -> 14 Virginia Avenue
    assert square(game) == 14 and key(game) == "morpoly.deed.buy"


def test_free_parking_pays_nothing() -> None:
    """"A player landing on this place does not receive any money, property or reward of any kind"."""
    state = table()
    state.token("red").square = 17
    bank = state.bank.cash
    game = do(start(state), "roll", (1, 2))
    assert square(game) == 20 and cash(game, "red") == 1500 and game.state.bank.cash == bank
    assert key(game) == "morpoly.turn.menu" and game.question is not None and game.question.player == "blue"


def test_a_used_get_out_of_jail_card_goes_back_under_its_deck() -> None:
    """The card, once used, "is returned to the bottom of the deck": it can be drawn again."""
    state = table()
    state.token("red").square, state.token("red").in_jail = 10, True
    state.party("red").jail_cards.append("chest.jail-free")
    game = do(start(state), "use-card:chest.jail-free", (3, 4))  # 10 -> 17 Community Chest
    assert key(game) == "morpoly.card.chest" and "chest.jail-free" in options(game)
    game = do(game, CardScan("chest", "chest.jail-free"))
    assert game.state.party("red").jail_cards == ["chest.jail-free"]


def test_doubles_after_the_jail_card_throw_again() -> None:
    """Leaving jail by the card before rolling, the turn is an ordinary one: doubles throw again
    (unlike doubles thrown to get out of jail)."""
    state = table()
    state.token("red").square, state.token("red").in_jail = 10, True
    state.party("red").jail_cards.append("chance.jail-free")
    game = do(start(state), "use-card:chance.jail-free", (2, 2), "decline", "nobody")  # 14 Virginia Avenue
    assert square(game) == 14 and game.question is not None and game.question.player == "red"
    assert key(game) == "morpoly.turn.menu"


def test_the_fine_after_the_third_failed_throw_is_raised_like_any_debt() -> None:
    """After the third failed throw "he must pay the $50 fine": red has $20 and mortgages Baltic
    Avenue ($30) to pay it, then moves by that throw."""
    state = table()
    own(state, "red", 1, 3)
    state.party("red").cash = 20
    token = state.token("red")
    token.square, token.in_jail, token.jail_attempts = 10, True, 2
    game = do(start(state), "roll", (1, 2))
    assert key(game) == "morpoly.debt.raise" and game.question is not None and game.question.player == "red"
    game = do(game, "mortgage:3")
    assert cash(game, "red") == 20 + 30 - 50 and not game.state.token("red").in_jail and square(game) == 13


def test_go_to_jail_card_beyond_go_to_jail_pays_no_salary() -> None:
    """"Go directly to Jail, do not pass Go, do not collect $200", drawn on Chance 36, which lies past
    both the jail and Go To Jail: the token is placed in jail, nothing is paid."""
    state = table()
    state.token("red").square = 33
    game = do(start(state), "roll", (1, 2), "chance.go-to-jail")
    assert square(game) == 10 and game.state.token("red").in_jail and cash(game, "red") == 1500
    assert game.question is not None and game.question.player == "blue"


# -- taxes -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("edition, income, luxury", [("us", 200, 100), ("de", 200, 100), ("de-dm", 4000, 2000)])
def test_income_tax_and_luxury_tax_by_edition(edition: str, income: int, luxury: int) -> None:
    """US (2008): Income Tax $200, Luxury Tax $100; the German euro set: Einkommensteuer 200 €,
    Zusatzsteuer 100 €; the D-Mark set: 4.000 DM and 2.000 DM (its data, twenty times)."""
    state = table(edition=edition)
    start_cash = state.party("red").cash
    state.token("red").square = 1
    game = do(start(state), "roll", (1, 2))  # 1 -> 4
    assert cash(game, "red") == start_cash - income
    state = table(edition=edition)
    state.token("red").square = 34
    game = do(start(state), "roll", (1, 3))  # 34 -> 38
    assert cash(game, "red") == start_cash - luxury


# -- cards -------------------------------------------------------------------------------------------------

def test_nearest_railroad_from_the_last_chance_passes_go_and_pays_twice_the_rent() -> None:
    """Chance 36's nearest railroad is Reading Railroad, past GO: $200 salary, then "twice the rental
    to which they are otherwise entitled" ($25 for one railroad: $50)."""
    state = table()
    own(state, "blue", 5)
    state.token("red").square = 33
    game = do(start(state), "roll", (1, 2), "chance.nearest-railroad-2")
    assert square(game) == 5 and cash(game, "red") == 1500 + 200 - 50 and cash(game, "blue") == 1550


def test_nearest_utility_from_the_last_chance_passes_go_and_charges_ten_times_a_new_throw() -> None:
    state = table()
    own(state, "blue", 12)
    state.token("red").square = 33
    game = do(start(state), "roll", (1, 2), "chance.nearest-utility")
    assert square(game) == 12 and cash(game, "red") == 1700
    assert key(game) == "morpoly.roll.utility-card"
    game = do(game, (2, 3))
    assert cash(game, "red") == 1700 - 50 and cash(game, "blue") == 1550


@pytest.mark.parametrize("card, target", [("chance.nearest-railroad-1", 15), ("chance.nearest-utility", 12)])
def test_a_nearest_card_to_an_unowned_square_offers_it_at_the_printed_price(card: str, target: int) -> None:
    """"If unowned, you may buy it from the Bank": Chance 7 -> Pennsylvania Railroad ($200) / Electric
    Company ($150), bought at the printed price, no dice thrown for rent."""
    state = table()
    state.token("red").square = 4
    game = do(start(state), "roll", (1, 2), card)
    assert square(game) == target and key(game) == "morpoly.deed.buy"
    game = do(game, "buy")
    assert game.state.squares[target].owner == "red"
    assert cash(game, "red") == 1500 - {15: 200, 12: 150}[target]


@pytest.mark.parametrize("owner, mortgaged", [("red", False), ("blue", True)])
def test_a_nearest_card_to_ones_own_or_a_mortgaged_square_costs_nothing(owner: str, mortgaged: bool) -> None:
    """Twice nothing is nothing: no rent on one's own railroad, nor on a mortgaged one."""
    state = table()
    own(state, owner, 15, mortgaged=mortgaged)
    state.token("red").square = 4
    game = do(start(state), "roll", (1, 2), "chance.nearest-railroad-1")
    assert square(game) == 15 and cash(game, "red") == 1500 and cash(game, "blue") == 1500
    assert game.question is not None and game.question.player == "blue"


def test_advance_to_a_named_square_charges_the_ordinary_rent() -> None:
    """"Advance to Boardwalk" and "Take a trip to Reading Railroad" (past GO from Chance 36: $200) charge
    the rent the owner is otherwise entitled to: not doubled, as the nearest-railroad card's is."""
    state = table()
    own(state, "blue", 39)
    state.token("red").square = 19
    game = do(start(state), "roll", (1, 2), "chance.advance-boardwalk")  # from 22
    assert square(game) == 39 and cash(game, "red") == 1500 - 50
    state = table()
    own(state, "blue", 5)
    state.token("red").square = 33
    game = do(start(state), "roll", (1, 2), "chance.reading-railroad")
    assert square(game) == 5 and cash(game, "red") == 1500 + 200 - 25


def test_go_back_three_from_the_last_chance_lands_on_community_chest() -> None:
    """"Go Back 3 Spaces" from Chance 36 lands on Community Chest 33: a Community Chest card is drawn."""
    state = table()
    state.token("red").square = 33
    game = do(start(state), "roll", (1, 2), CardScan("chance", "chance.back-3"))
    assert square(game) == 33 and key(game) == "morpoly.card.chest" and cash(game, "red") == 1500
    game = do(game, "chest.bank-error")
    assert cash(game, "red") == 1700


def test_go_back_three_from_the_middle_chance_pays_rent_on_new_york_avenue() -> None:
    state = table()
    own(state, "blue", 16, 18, 19)
    state.token("red").square = 19
    game = do(start(state), "roll", (1, 2), CardScan("chance", "chance.back-3"))  # 22 -> 19
    assert square(game) == 19 and cash(game, "red") == 1500 - 2 * 16  # New York Avenue $16, doubled


def test_street_repairs_per_house_and_per_hotel() -> None:
    """"You are assessed for street repair. $40 per house. $115 per hotel": a hotel on Boardwalk, four
    houses on Park Place and two on each light blue street: 115 + 10 × 40."""
    state = table()
    own(state, "red", 37, houses=4)
    own(state, "red", 39, houses=5)
    own(state, "red", 6, 8, 9, houses=2)
    state.token("red").square = 15
    game = do(start(state), "roll", (1, 1), "chest.street-repairs")  # 17 Community Chest
    assert cash(game, "red") == 1500 - (115 + 10 * 40)


# -- bankruptcy ------------------------------------------------------------------------------------------

def test_bankrupt_to_a_player_everything_of_value_passes_to_the_creditor() -> None:
    """"If you are declared bankrupt to another player, ... turn over to that player all that you have
    of value": the buildings go back to the bank at half price and that money with the cash, the deeds
    as they stand (the mortgaged one mortgaged, its 10 % paid by the new owner) and the Get Out of Jail
    Free card to the creditor."""
    state = table(("red", "blue", "green"))
    own(state, "blue", 37, 39, houses=5)
    own(state, "red", 6, 8, 9, houses=1)  # three houses at $50: $75 back from the bank
    own(state, "red", 1, mortgaged=True)
    state.party("red").jail_cards.append("chest.jail-free")
    state.party("red").cash = 100
    state.token("red").square = 35
    houses = state.bank.houses
    game = do(start(state), "roll", (1, 3))  # Boardwalk with a hotel: $2,000
    after = game.state
    assert [p.id for p in after.parties] == ["blue", "green"] and "morpoly.bankrupt" in _keys(game)
    assert after.bank.houses == houses + 3
    assert all(after.squares[s].owner == "blue" and after.squares[s].houses == 0 and not after.squares[s].mortgaged
               for s in (6, 8, 9))
    assert after.squares[1].owner == "blue" and after.squares[1].mortgaged
    assert after.party("blue").jail_cards == ["chest.jail-free"]
    assert cash(game, "blue") == 1500 + 100 + 75 - 3
    assert key(game) == "morpoly.transfer.lift" and options(game) == ("lift:1", "keep")


def test_bankrupt_to_the_bank_its_get_out_of_jail_card_goes_back_to_the_deck() -> None:
    state = table(("red", "blue", "green"))
    state.party("red").jail_cards.append("chest.jail-free")
    state.party("red").cash = 100
    state.token("red").square = 2
    game = do(start(state), "roll", (1, 1))  # 4 Income Tax $200: nothing to raise it with
    assert [p.id for p in game.state.parties] == ["blue", "green"]
    assert key(game) == "morpoly.turn.menu" and game.question is not None and game.question.player == "blue"
    game.state.token("blue").square = 15
    game = do(game, "roll", (1, 1))  # blue: 15 -> 17 Community Chest
    assert key(game) == "morpoly.card.chest" and "chest.jail-free" in options(game)


# -- added: dice, the bank, the third turn in jail -------------------------------------------------------

def test_the_utility_cards_throw_is_not_a_move_and_its_doubles_do_not_count() -> None:
    """The nearest-utility card's throw only prices the rent: its doubles are not "doubles three times
    in succession". Red throws (2, 2) to Chance 22, the card's throw is (5, 5) ($100 to Water Works),
    then red's second movement doubles (2, 2) moves it on to North Carolina Avenue, not to jail."""
    state = table()
    own(state, "blue", 28)
    state.token("red").square = 18
    game = do(start(state), "roll", (2, 2), "chance.nearest-utility", (5, 5))
    assert square(game) == 28 and cash(game, "red") == 1400 and game.state.turn.doubles == 1
    assert key(game) == "morpoly.turn.menu" and game.question is not None and game.question.player == "red"
    game = do(game, "roll", (2, 2))
    assert square(game) == 32 and not game.state.token("red").in_jail and key(game) == "morpoly.deed.buy"


def test_the_bank_never_goes_broke() -> None:
    """"The Bank never 'goes broke'. If the Bank runs out of money, the Banker may issue as much more as
    needed": with $50 left it still pays red's $200 salary, and the money stays conserved."""
    from companion.morpoly.invariants import check_invariants

    state = table()
    state.party("blue").cash += state.bank.cash - 50
    state.bank.cash = 50
    state.token("red").square = 38
    game = do(start(state), "roll", (1, 2))  # 38 -> 1, past GO
    assert cash(game, "red") == 1700 and game.state.bank.cash == 50 - 200
    assert not [line for line in check_invariants(game.state, round_trip=False) if line.startswith("money")]


# (the fine before the throw on the first two turns in jail only: test_revision_12.py, rules revision 12)


@pytest.mark.parametrize("edition, fine, salary", [("us", 50, 200), ("de", 50, 200), ("de-dm", 1000, 4000)])
def test_the_jail_fine_and_the_go_salary_are_the_sets_own(edition: str, fine: int, salary: int) -> None:
    """The fine paid to leave jail and the salary for passing GO are the set's own ($50 / $200;
    50 € / 200 €; DM 1.000 / DM 4.000)."""
    state = table(edition=edition)
    cash0 = state.party("red").cash
    token = state.token("red")
    token.square, token.in_jail = 10, True
    game = do(start(state), "pay-fine")
    assert cash(game, "red") == cash0 - fine and not game.state.token("red").in_jail
    state = table(edition=edition)
    state.token("red").square = 36
    game = do(start(state), "roll", (2, 3))  # 36 -> 1, past GO
    assert cash(game, "red") == cash0 + salary
