"""Standard Monopoly from positions: rent, building, mortgages, jail, doubles, cards, GO, corrections.
Amounts are the US edition's (Boardwalk $400, rent $50; Park Place with three houses $1,100)."""
from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.core.inputs import Answer, CardScan, DieRoll
from companion.morpoly.editions import load_edition
from companion.morpoly.invariants import check_invariants
from companion.morpoly.rent import card_utility_rent
from companion.morpoly.revisions import EVEN_HOTEL_SALE, LATEST, PATH_ORDER_AND_BANKER
from morpoly_table import cash, do, own, start, table


def test_unimproved_complete_group_pays_double_rent() -> None:
    state = table()
    own(state, "blue", 37, 39)
    state.token("red").square = 35
    game = do(start(state), "roll", (2, 2))  # 35 -> 39 Boardwalk; doubles: red rolls again after paying
    assert cash(game, "red") == 1500 - 100
    assert cash(game, "blue") == 1500 + 100


def test_incomplete_group_pays_base_rent_and_houses_pay_the_table() -> None:
    state = table()
    own(state, "blue", 39)
    state.token("red").square = 35
    game = do(start(state), "roll", (1, 3))
    assert cash(game, "red") == 1450
    state = table()
    own(state, "blue", 37, 39, houses=3)
    state.token("red").square = 33
    game = do(start(state), "roll", (1, 3))  # Park Place with three houses (§2.6: $1,100)
    assert cash(game, "red") == 1500 - 1100


def test_utility_rent_is_four_or_ten_times_the_dice() -> None:
    state = table()
    own(state, "blue", 12)
    state.token("red").square = 7
    game = do(start(state), "roll", (1, 4))
    assert cash(game, "red") == 1500 - 4 * 5
    state = table()
    own(state, "blue", 12, 28)
    state.token("red").square = 7
    game = do(start(state), "roll", (1, 4))
    assert cash(game, "red") == 1500 - 10 * 5


def test_station_rent_by_count_and_nearest_railroad_card_doubles_it() -> None:
    state = table()
    own(state, "blue", 5, 15, 25)
    state.token("red").square = 3
    game = do(start(state), "roll", (1, 1))
    assert cash(game, "red") == 1500 - 100
    state = table()
    own(state, "blue", 15, 25)
    state.token("red").square = 4
    game = do(start(state), "roll", (1, 2), "chance.nearest-railroad-1")  # 7 -> 15
    assert game.state.token("red").square == 15
    assert cash(game, "red") == 1500 - 2 * 50


def test_nearest_utility_card_rolls_again_for_ten_times() -> None:
    state = table()
    own(state, "blue", 28)
    state.token("red").square = 20
    game = do(start(state), "roll", (1, 1))  # 22 Chance
    game = do(game, CardScan("chance", "chance.nearest-utility"))
    assert game.question is not None and game.question.key == "morpoly.roll.utility-card"
    game = do(game, (6, 5))
    assert cash(game, "red") == 1500 - 110


def test_the_nearest_utility_cards_ten_times_is_scaled_to_the_set() -> None:
    """The card's "ten times the amount thrown" is US money: in a set of scale 20 (the D-Mark set,
    whose works charge 80 × and 200 × the dice) it is 200 × (R73); no shipped D-Mark deck has the
    card, but a set that adds one must not charge the bare 10 ×."""
    assert card_utility_rent(load_edition("us"), 11, revision=LATEST) == 110
    dm = load_edition("de-dm")
    assert card_utility_rent(dm, 11, revision=LATEST) == dm.utility_multipliers[-1] * 11 == 2200


def test_even_building_and_house_shortage() -> None:
    state = table()
    own(state, "red", 1, 3)
    game = start(state)
    options = game.question.options if game.question else ()
    assert "build:1" in options and "build:3" in options
    game = do(game, "build:1")
    assert "build:1" not in game.question.options  # type: ignore[union-attr]
    assert "build:3" in game.question.options  # type: ignore[union-attr]
    state = table()
    own(state, "red", 1, 3)
    state.bank.houses = 0
    assert not [o for o in start(state).question.options if o.startswith("build")]  # type: ignore[union-attr]


def test_a_hotel_sold_with_houses_in_the_bank_becomes_four_houses() -> None:
    """Standard rules: a hotel is sold as one level (half its cost) and breaks into four houses."""
    state = table()
    own(state, "red", 1, 3, houses=5)
    houses = state.bank.houses
    game = do(start(state), "sell:1")
    assert [game.state.squares[s].houses for s in (1, 3)] == [4, 5]
    assert game.state.bank.houses == houses - 4 and cash(game, "red") == 1500 + 25  # half of 50
    assert [n.key for n in game.narration][-1] == "morpoly.building.sold"


def test_a_hotel_the_bank_cannot_break_takes_its_group_down_evenly() -> None:
    """Standard rules: sell evenly, a hotel as five houses, and every house standing comes from the
    bank's 32. With two houses left in the bank, the hotel on Mediterranean Avenue cannot become four
    houses, and a bare street beside Baltic Avenue's hotel would not be even: both come down to one
    house each (the bank's two), eight levels at half of $50."""
    state = table()
    own(state, "red", 1, 3, houses=5)
    state.bank.houses = 2
    state.bank.hotels = 10  # the other thirty houses stand elsewhere on the table
    game = do(start(state), "sell:1")
    assert [game.state.squares[s].houses for s in (1, 3)] == [1, 1]
    assert game.state.bank.houses == 0 and game.state.bank.hotels == 12
    assert cash(game, "red") == 1500 + 8 * 25
    line = game.narration[-1]
    assert line.key == "morpoly.building.sold-short"
    assert dict(line.params)["levels"] == "Mediterranean Avenue: 1; Baltic Avenue: 1"


def test_the_menu_says_which_answers_touch_a_hotel_and_what_a_shortage_sale_lowers() -> None:
    """So a button can say "sell the hotel" (and, in a shortage, the whole group's houses after it)
    before it is tapped: ``hotels`` and ``sale_<square>`` params, only where a hotel is touched."""
    state = table()
    own(state, "red", 1, 3, houses=5)
    params = dict(start(state).question.params)  # type: ignore[union-attr]
    assert params["hotels"] == "sell:1,sell:3" and not [k for k in params if k.startswith("sale_")]
    state.bank.houses = 2
    params = dict(start(state).question.params)  # type: ignore[union-attr]
    assert params["hotels"] == "sell:1,sell:3" and params["sale_1"] == params["sale_3"] == "1:1;3:1"
    state = table()
    own(state, "red", 1, 3, houses=4)
    params = dict(start(state).question.params)  # type: ignore[union-attr]
    assert params["hotels"] == "build:1,build:3"  # a hotel on each (sell: one of four houses, no hotel)
    state = table()
    own(state, "red", 1, 3, houses=2)
    assert "hotels" not in dict(start(state).question.params)  # type: ignore[union-attr]


def test_a_game_of_an_older_rules_revision_sells_the_hotel_whole_as_it_was_played() -> None:
    """A game recorded under rules revision 2 replays as it was played: the hotel goes back whole,
    the street stands bare beside its group's hotel, the old line says so, and the position checks
    do not hold it against the game (revision 3 brought even selling in a shortage)."""
    state = table()
    state.revision = PATH_ORDER_AND_BANKER
    own(state, "red", 1, 3, houses=5)
    state.bank.houses, state.bank.hotels = 2, 10
    game = do(start(state), "sell:1")
    assert [game.state.squares[s].houses for s in (1, 3)] == [0, 5]
    assert game.state.bank.houses == 2 and game.state.bank.hotels == 11 and cash(game, "red") == 1500 + 5 * 25
    assert game.narration[-1].key == "morpoly.building.sold"
    assert not [line for line in check_invariants(game.state, round_trip=False) if "unevenly" in line]
    state = game.state.copy()  # (the position's other 30 houses stand nowhere: only the evenness is read)
    state.revision = EVEN_HOTEL_SALE
    assert any("built unevenly" in line for line in check_invariants(state, round_trip=False))


def test_a_hotel_sold_in_a_shortage_keeps_what_the_supply_allows() -> None:
    """Three streets, hotels on two and four houses on the third, no house in the bank: the four
    houses given back can stand again only as an even group of four houses: Kentucky Avenue, sold
    on, keeps one, Indiana Avenue two, Illinois Avenue one (of equal ways, the street sold on keeps
    the fewest, then the first in board order the most). Ten levels sold at half of $150."""
    state = table()
    own(state, "red", 21, 23, houses=5)
    own(state, "red", 24, houses=4)
    state.bank.houses = 0
    game = do(start(state), "sell:21")
    assert [game.state.squares[s].houses for s in (21, 23, 24)] == [1, 2, 1]
    assert game.state.bank.houses == 0 and game.state.bank.hotels == 12
    assert cash(game, "red") == 1500 + 10 * 75


def test_no_building_with_a_mortgage_in_the_group_and_no_mortgage_under_houses() -> None:
    state = table()
    own(state, "red", 1)
    own(state, "red", 3, mortgaged=True)
    options = start(state).question.options  # type: ignore[union-attr]
    assert "build:1" not in options and "lift:3" in options and "mortgage:1" in options
    state = table()
    own(state, "red", 1, 3, houses=1)
    options = start(state).question.options  # type: ignore[union-attr]
    assert "mortgage:1" not in options and "sell:1" in options


def test_mortgage_pays_half_and_lifting_costs_a_tenth_more() -> None:
    state = table()
    own(state, "red", 39)
    game = do(start(state), "mortgage:39")
    assert cash(game, "red") == 1700 and game.state.squares[39].mortgaged
    game = do(game, "lift:39")
    assert cash(game, "red") == 1700 - 220 and not game.state.squares[39].mortgaged


def test_mortgaged_square_charges_no_rent() -> None:
    state = table()
    own(state, "blue", 39, mortgaged=True)
    state.token("red").square = 35
    game = do(start(state), "roll", (1, 3))
    assert cash(game, "red") == 1500


def test_three_doubles_go_to_jail_without_moving() -> None:
    state = table()
    game = do(start(state), "roll", (1, 1), "chest.inherit", "roll", (2, 2), "decline", "nobody",
                  "roll", (3, 3))  # nobody bids at the auction of the declined deed
    token = game.state.token("red")
    assert token.in_jail and token.square == 10
    assert game.question is not None and game.question.player == "blue"


def test_jail_three_attempts_then_the_fine() -> None:
    state = table()
    for token in ("red", "blue"):
        state.token(token).square, state.token(token).in_jail = 10, True
    game = start(state)
    assert "pay-fine" in game.question.options  # type: ignore[union-attr]
    game = do(game, "roll", (1, 2))
    assert game.state.token("red").in_jail and game.state.token("red").jail_attempts == 1
    game = do(game, "roll", (1, 3), "roll", (2, 3), "roll", (1, 4), "roll", (2, 4))
    # red's third attempt (2, 4) fails: pays 50, moves 6 to 16 (St. James Place) and may buy it
    assert not game.state.token("red").in_jail and game.state.token("red").square == 16
    assert cash(game, "red") == 1450


def test_doubles_in_jail_leave_and_move_without_another_roll() -> None:
    state = table()
    state.token("red").square, state.token("red").in_jail = 10, True
    game = do(start(state), "roll", (3, 3))  # 16 St. James Place
    game = do(game, "decline", "nobody")  # nobody bids at the auction
    assert game.question is not None and game.question.player == "blue"
    assert game.state.token("red").square == 16


def test_get_out_of_jail_card_leaves_and_goes_back_into_the_deck() -> None:
    state = table()
    state.token("red").square, state.token("red").in_jail = 10, True
    state.party("red").jail_cards.append("chance.jail-free")
    game = start(state)
    assert "use-card:chance.jail-free" in game.question.options  # type: ignore[union-attr]
    game = do(game, "use-card:chance.jail-free", (3, 4))  # 17 Community Chest
    assert not game.state.token("red").in_jail and game.state.party("red").jail_cards == []


def test_held_jail_card_is_not_in_the_deck() -> None:
    state = table()
    state.party("blue").jail_cards.append("chance.jail-free")
    state.token("red").square = 4
    game = do(start(state), "roll", (1, 2))
    assert "chance.jail-free" not in game.question.options  # type: ignore[union-attr]
    with pytest.raises(InputError):
        do(game, CardScan("chance", "chance.jail-free"))
    with pytest.raises(InputError, match="scanned chest"):
        do(game, CardScan("chest", "chest.inherit"))


def test_go_salary_standard_once_variant_double_on_exact_landing() -> None:
    for base, expected in (("standard", 1700), ("variant", 1900)):
        state = table(base=base)
        state.token("red").square = 36
        game = do(start(state), "roll", (1, 3))
        assert cash(game, "red") == expected, base
    state = table(base="variant")
    state.token("red").square = 36
    game = do(start(state), "roll", (2, 3))
    assert cash(game, "red") == 1700


def test_variant_interest_at_go_appendix_12() -> None:
    state = table(base="variant")
    own(state, "red", 37, 5, mortgaged=True)
    state.token("red").square = 38
    game = do(start(state), "roll", (1, 2))  # passes GO to 1 (Mediterranean)
    assert cash(game, "red") == 1500 + 200 - 27


def test_variant_no_rent_to_a_jailed_owner() -> None:
    state = table(base="variant")
    own(state, "blue", 39)
    state.token("blue").square, state.token("blue").in_jail = 10, True
    state.token("red").square = 35
    game = do(start(state), "roll", (1, 3))
    assert cash(game, "red") == 1500
    state = table(base="standard")
    own(state, "blue", 39)
    state.token("blue").square, state.token("blue").in_jail = 10, True
    state.token("red").square = 35
    assert cash(do(start(state), "roll", (1, 3)), "red") == 1450


def test_variant_hotel_only_on_four_houses_at_the_start_of_the_turn_appendix_7() -> None:
    state = table(base="variant")
    own(state, "red", 1, 3, houses=3)
    game = do(start(state), "build:1", "build:3")
    assert "build:1" not in game.question.options  # type: ignore[union-attr]
    state = table(base="standard")
    own(state, "red", 1, 3, houses=3)
    game = do(start(state), "build:1", "build:3")
    assert "build:1" in game.question.options  # type: ignore[union-attr]
    game = do(game, "build:1")
    assert game.state.squares[1].hotel and game.state.bank.houses == 32 - 6 - 2 + 4  # the hotel gives its 4 houses back


def test_declined_square_stays_with_the_bank() -> None:
    game = do(start(table()), "roll", (1, 2), "decline", "nobody")  # nobody bids at the table's auction
    assert game.state.squares[3].owner is None


def test_insolvency_in_standard_monopoly_is_bankruptcy_the_creditor_takes_all() -> None:
    state = table()
    own(state, "blue", 37, 39, houses=5)
    own(state, "red", 1)
    state.party("red").cash = 100
    state.token("red").square = 35
    game = do(start(state), "roll", (1, 3))  # Boardwalk with a hotel: $2,000, red is insolvent
    assert [p.id for p in game.state.parties] == ["blue"]
    assert [t.id for t in game.state.tokens] == ["blue"]  # red is out: no team in standard Monopoly
    assert game.state.squares[1].owner == "blue" and not game.state.squares[1].mortgaged  # deeds as they stand
    assert cash(game, "blue") == 1500 + 100
    assert game.is_over and game.state.game_over is not None and game.state.game_over.winner == "blue"


def test_a_party_short_of_cash_is_asked_to_raise_it() -> None:
    state = table()
    own(state, "red", 1, 3)
    state.party("red").cash = 150  # Income Tax 200: 150 + two mortgages of 30 can pay it
    state.token("red").square = 2
    game = do(start(state), "roll", (1, 1))
    question = game.question
    assert question is not None and question.key == "morpoly.debt.raise"
    game = do(game, "mortgage:1")
    assert game.question is not None and game.question.key == "morpoly.debt.raise"
    game = do(game, "mortgage:3")
    assert cash(game, "red") == 10 and game.state.squares[1].mortgaged and game.state.squares[3].mortgaged


def test_correction_places_without_passing_effects() -> None:
    game = start(table())
    game = do(game, Answer("place:red:5"))
    assert game.state.token("red").square == 5 and cash(game, "red") == 1500
    assert game.question is not None and game.question.key == "morpoly.turn.menu"
    game = do(game, "place:blue:jail")
    assert game.state.token("blue").in_jail
    with pytest.raises(InputError):
        do(game, "place:red:40")


def test_rolls_want_two_faces() -> None:
    game = do(start(table()), "roll")
    with pytest.raises(InputError, match="needs 2 d6 faces"):
        do(game, DieRoll(7))
    with pytest.raises(InputError, match="two faces from 1 to 6"):
        do(game, DieRoll(faces=(0, 7)))
    with pytest.raises(InputError, match="waits for a roll"):
        do(game, "roll")


def test_the_menu_offers_exactly_what_the_rules_allow_square_by_square() -> None:
    """``management_options`` is computed group by group for speed; it must agree with asking
    ``can_build``/``can_sell``/``can_mortgage``/``can_lift`` for every square, in positions of real games."""
    import random

    from companion.morpoly.building import management_options, management_options_one_by_one
    from companion.morpoly.editions import load_edition
    from companion.morpoly.game import apply, new_game
    from companion.morpoly.random_play import random_input

    edition, compared = load_edition("us"), 0
    for seed, base in ((1, "standard"), (2, "variant")):
        rng = random.Random(seed)
        game = new_game(["red", "blue", "green"], {"edition": "us", "base": base})
        while game.question is not None and compared < 600:
            if game.question.key == "morpoly.turn.menu":
                for party in game.state.parties:
                    assert management_options(game.state, edition, party.id) == \
                        management_options_one_by_one(game.state, edition, party.id)
                compared += 1
            game = apply(game, random_input(game, rng))
    assert compared > 300


def test_a_square_is_changed_only_by_putting_a_new_one() -> None:
    """What is kept until a square changes relies on it (the simulator's totals): a square changed in
    place is refused."""
    import dataclasses

    state = table()
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.squares[1].owner = "red"  # type: ignore[misc]


def test_double_rent_holds_on_an_unmortgaged_street_beside_a_mortgaged_one() -> None:
    """The US rules: the owner of a whole colour group "may then charge double rent for unimproved
    properties in that color-group. This rule applies to unmortgaged properties even if another
    property in that color-group is mortgaged." Park Place mortgaged, Boardwalk still pays $100."""
    state = table()
    own(state, "blue", 39)
    own(state, "blue", 37, mortgaged=True)
    state.token("red").square = 35
    game = do(start(state), "roll", (1, 3))
    assert cash(game, "red") == 1500 - 2 * 50 and cash(game, "blue") == 1500 + 100


@pytest.mark.parametrize("stations, rent", [((5,), 25), ((5, 15, 25, 35), 200)])
def test_a_railroad_charges_by_how_many_the_owner_holds(stations: tuple[int, ...], rent: int) -> None:
    """The railroad deed: "Rent $25 / If 2 R.R.'s are owned 50 / If 3 … 100 / If 4 … 200" (two and
    three: the tests above)."""
    state = table()
    own(state, "blue", *stations)
    state.token("red").square = 1
    game = do(start(state), "roll", (1, 3))  # 1 -> 5 Reading Railroad
    assert cash(game, "red") == 1500 - rent


def test_doubles_throw_again_after_the_square_is_resolved() -> None:
    """Standard rules: "If you throw doubles, you move your token as usual … and are subject to any
    privileges or penalties pertaining to the space on which you land. Retaining the dice, throw again.\""""
    game = do(start(table()), "roll", (2, 2))  # GO -> 4 Income Tax, paid
    assert game.state.token("red").square == 4 and cash(game, "red") == 1500 - 200
    assert game.question is not None and game.question.player == "red" and game.question.key == "morpoly.turn.menu"


def test_go_to_jail_on_doubles_ends_the_turn() -> None:
    """Standard rules: a player sent to jail "cannot collect $200 salary in that move" and his turn
    ends, even on doubles."""
    state = table()
    state.token("red").square = 26
    game = do(start(state), "roll", (2, 2))  # 26 -> 30 Go To Jail
    assert game.state.token("red").in_jail and game.state.token("red").square == 10
    assert game.question is not None and game.question.player == "blue" and cash(game, "red") == 1500


def test_selling_is_even_too() -> None:
    """Standard rules: "Houses … must be sold evenly, in the same way as they were bought": with two
    houses on Mediterranean Avenue and one on Baltic Avenue only Mediterranean's may be sold."""
    state = table()
    own(state, "red", 1, houses=2)
    own(state, "red", 3, houses=1)
    options = start(state).question.options  # type: ignore[union-attr]
    assert "sell:1" in options and "sell:3" not in options


def test_no_hotel_when_the_bank_has_none() -> None:
    """The supply is 12 hotels (and 32 houses): with every hotel on the table, four houses on each
    street of a group stay four houses."""
    state = table()
    own(state, "red", 1, 3, houses=4)
    state.bank.hotels = 0
    options = start(state).question.options  # type: ignore[union-attr]
    assert not [o for o in options if o.startswith("build")]


def test_paying_the_fine_before_the_roll_leaves_jail_and_the_roll_moves() -> None:
    """Standard rules: "get out of Jail by … paying a fine of $50 before you roll the dice on either
    of your next two turns", then the turn goes on as usual (doubles throw again)."""
    state = table()
    state.token("red").square, state.token("red").in_jail = 10, True
    game = do(start(state), "pay-fine")
    assert cash(game, "red") == 1450 and not game.state.token("red").in_jail
    game = do(game, (3, 3), "decline", "nobody")  # 10 -> 16 St. James Place, declined, not bid for; doubles
    assert game.state.token("red").square == 16
    assert game.question is not None and game.question.player == "red" and game.question.key == "morpoly.turn.menu"
