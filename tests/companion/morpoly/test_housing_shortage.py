"""Rules revision 13 (``companion.morpoly.revisions.HOUSING_AUCTION``): standard Monopoly's housing
shortage as printed — "If there is a limited number of houses and hotels available and two or more
players wish to buy more than the Bank has, the houses or hotels must be sold at auction to the
highest bidder." While two parties or more may build one now and could together place and pay for more
than the bank holds, every menu offers ``auction-buildings``; the table names the highest bidder, the bid and
the street, and the winner pays the bid instead of the printed price (:mod:`companion.morpoly.shortage`).
The variant has no auctions (B2)."""
from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from companion.core.errors import InputError
from companion.core.inputs import Answer, Input
from companion.morpoly.editions import load_edition
from companion.morpoly.game import apply
from companion.morpoly.invariants import check_invariants
from companion.morpoly.random_play import random_input
from companion.morpoly.revisions import HOUSING_AUCTION, LATEST, MANAGE_AT_ANY_MENU
from companion.morpoly.shortage import AUCTION_BUILDINGS, bidders, could_place, short_kinds
from companion.morpoly.state import SquareState, State
from companion.morpoly.state_format import state_to_json
from morpoly_table import asked, cash, do, menu, own, start, table

US = load_edition("us")


def short_of_houses(revision: int = LATEST, base: str = "standard") -> State:
    """Red holds the light blues (6, 8, 9: $50 a house), blue the dark blues (37, 39: $200), both bare;
    green's pinks and oranges carry four houses each and its reds two, and green has no cash left: 30
    of the 32 houses stand, the bank holds 2. Red could place 12 houses and blue 7 (its $1,500 at $200
    a house): more than the bank has."""
    state = table(("red", "blue", "green"), base=base)
    state.revision = revision
    own(state, "red", 6, 8, 9)
    own(state, "blue", 37, 39)
    own(state, "green", 11, 13, 14, 16, 18, 19, houses=4)
    own(state, "green", 21, 23, 24, houses=2)
    state.bank.cash += state.party("green").cash  # green has spent its money: it bids for nothing
    state.party("green").cash = 0
    return state


def test_revision_13_is_the_one_new_games_are_played_by() -> None:
    assert MANAGE_AT_ANY_MENU + 1 == HOUSING_AUCTION == 13 == LATEST and table().revision == LATEST


def test_the_position_is_sound() -> None:
    state = short_of_houses()
    assert state.bank.houses == 2 and check_invariants(state) == []


def test_two_parties_wanting_more_than_the_bank_has_are_offered_the_auction() -> None:
    state = short_of_houses()
    assert could_place(state, US, "red", "house") == 12 and could_place(state, US, "blue", "house") == 7
    assert short_kinds(state, US) == ["house"]  # 12 hotels in the bank: red and blue could place 5
    assert menu(start(state))[-1] == AUCTION_BUILDINGS


def test_before_revision_13_and_in_the_variant_there_is_no_auction() -> None:
    assert AUCTION_BUILDINGS not in menu(start(short_of_houses(MANAGE_AT_ANY_MENU)))
    assert AUCTION_BUILDINGS not in menu(start(short_of_houses(base="variant")))


def test_a_bank_with_houses_enough_is_no_shortage() -> None:
    """Red and blue alone build: red could place and pay for 12 houses, blue 7 ($1,500 at $200 a
    house). A bank of 19 houses serves them both; of 18 it cannot."""
    state = table(("red", "blue", "green"))
    own(state, "red", 6, 8, 9)
    own(state, "blue", 37, 39)
    assert could_place(state, US, "red", "house") == 12 and could_place(state, US, "blue", "house") == 7
    state.bank.houses = 19
    assert short_kinds(state, US) == [] and AUCTION_BUILDINGS not in menu(start(state))
    state.bank.houses = 18
    assert short_kinds(state, US) == ["house"] and menu(start(state))[-1] == AUCTION_BUILDINGS


def test_what_a_party_cannot_pay_for_it_does_not_wish_for() -> None:
    state = short_of_houses()
    state.party("blue").cash = 450  # two dark-blue houses
    state.party("red").cash = 0
    assert could_place(state, US, "blue", "house") == 2 and could_place(state, US, "red", "house") == 0


def test_one_party_able_to_build_is_no_shortage() -> None:
    """Blue's Park Place mortgaged: blue may not build on the dark blues (a mortgaged square in the
    group), so red alone wants houses, however few the bank holds."""
    state = short_of_houses()
    own(state, "blue", 37, mortgaged=True)
    assert short_kinds(state, US) == []
    assert AUCTION_BUILDINGS not in menu(start(state))


def test_a_party_that_cannot_pay_a_house_does_not_bid() -> None:
    state = short_of_houses()
    state.party("blue").cash = 199  # a dark-blue house costs $200
    assert short_kinds(state, US) == []


def test_blue_wins_a_house_at_auction_and_pays_the_bid() -> None:
    """On red's menu the table auctions one of the two last houses: blue bid $450 and puts it on
    Boardwalk; the bank has one left, still short, so the menu offers the next."""
    game = do(start(short_of_houses()), AUCTION_BUILDINGS)
    # every party that may build a house now bids (green cannot pay one)
    assert asked(game, "morpoly.shortage.winner", "red") == ("red", "blue", "nobody", "cancel")
    assert dict(game.question.params)["supply"] == "2"  # type: ignore[union-attr]
    game = do(game, "blue")
    assert game.question is not None and game.question.key == "morpoly.shortage.bid"
    assert game.question.player == "blue"
    game = do(game, "450")
    assert asked(game, "morpoly.shortage.where", "blue") == ("build:37", "build:39")
    game = do(game, "build:39")
    assert game.state.squares[39].houses == 1 and game.state.bank.houses == 1
    assert cash(game, "blue") == 1500 - 450 and cash(game, "red") == 1500
    line = game.narration[-1]
    assert line.key == "morpoly.shortage.auctioned"
    assert dict(line.params) == {"party": "blue", "kind": "house", "square": "39", "name": "Boardwalk",
                                 "price": "$450"}
    assert menu(game)[-1] == AUCTION_BUILDINGS and check_invariants(game.state) == []


def test_a_winner_with_one_street_to_build_on_is_not_asked_where() -> None:
    """Blue's Boardwalk already has a house: building evenly, only Park Place takes the next."""
    state = short_of_houses()
    own(state, "blue", 39, houses=1)
    state.squares[21] = SquareState("green", 1)  # the house Boardwalk took, from green's Kentucky Avenue
    state.bank.houses = 2
    assert check_invariants(state) == []
    game = do(start(state), AUCTION_BUILDINGS, "blue", "200")
    assert game.state.squares[37].houses == 1 and cash(game, "blue") == 1300
    assert menu(game)[-1] == AUCTION_BUILDINGS


def test_nobody_bids_and_nothing_changes() -> None:
    before = start(short_of_houses())
    game = do(before, AUCTION_BUILDINGS, "nobody")
    assert game.narration[-1].key == "morpoly.shortage.no-bid"
    assert state_to_json(game.state) == state_to_json(before.state)
    assert menu(game)[-1] == AUCTION_BUILDINGS


def test_the_last_house_sold_ends_the_shortage_of_houses() -> None:
    game = do(start(short_of_houses()), AUCTION_BUILDINGS, "red", "60", "build:6",
              AUCTION_BUILDINGS, "blue", "300", "build:37")
    assert game.state.bank.houses == 0 and cash(game, "red") == 1440 and cash(game, "blue") == 1200
    assert AUCTION_BUILDINGS not in menu(game)
    assert check_invariants(game.state) == []


def short_of_both() -> State:
    """Red and blue as in :func:`short_of_houses`; green's pinks and yellow's greens (31, 32, 34) on
    four houses each (24 standing, 8 in the bank); hotels on green's oranges and yellow's browns, reds
    and yellows (11 standing, 1 in the bank). Red and blue could place 19 houses, green and yellow 6
    hotels: both short."""
    state = table(("red", "blue", "green", "yellow"))
    own(state, "red", 6, 8, 9)
    own(state, "blue", 37, 39)
    own(state, "green", 11, 13, 14, houses=4)
    own(state, "green", 16, 18, 19, houses=5)
    own(state, "yellow", 31, 32, 34, houses=4)
    own(state, "yellow", 1, 3, 21, 23, 24, 26, 27, 29, houses=5)
    return state


def test_houses_and_hotels_short_at_once_the_table_names_the_kind() -> None:
    state = short_of_both()
    assert (state.bank.houses, state.bank.hotels) == (8, 1) and check_invariants(state) == []
    assert short_kinds(state, US) == ["house", "hotel"]
    game = do(start(state), AUCTION_BUILDINGS)
    assert asked(game, "morpoly.shortage.kind", "red") == ("house", "hotel", "cancel")
    game = do(game, "hotel")
    assert asked(game, "morpoly.shortage.winner", "red") == ("green", "yellow", "nobody", "cancel")
    game = do(game, "yellow", "500")
    assert asked(game, "morpoly.shortage.where", "yellow") == ("build:31", "build:32", "build:34")
    game = do(game, "build:34")
    assert game.state.squares[34].houses == 5 and game.state.bank.hotels == 0
    assert game.state.bank.houses == 12 and cash(game, "yellow") == 1000  # the hotel's four houses back
    assert short_kinds(game.state, US) == ["house"]  # red and blue could still place 19
    assert check_invariants(game.state) == []


@pytest.mark.parametrize("position", [short_of_both, short_of_houses], ids=["at-the-kind", "at-the-bidder"])
def test_cancel_holds_no_auction(position: Callable[[], State]) -> None:
    """A mistaken tap, cancelled where the kind is asked (both short) or the bidder (houses short): no
    line says that nobody bid, and the menu and the table are as they were."""
    before = start(position())
    game = do(before, AUCTION_BUILDINGS, "cancel")
    assert game.question is not None and before.question is not None
    assert game.question.options == before.question.options
    assert state_to_json(game.state) == state_to_json(before.state)
    assert not any(line.key.startswith("morpoly.shortage") for line in game.narration)


def test_a_bid_the_winner_cannot_pay_is_refused_and_changes_nothing() -> None:
    game = do(start(short_of_houses()), AUCTION_BUILDINGS, "blue")
    with pytest.raises(InputError):
        apply(game, Answer("1501"))
    assert game.question is not None and game.question.key == "morpoly.shortage.bid"
    assert cash(game, "blue") == 1500 and game.state.bank.houses == 2


def test_a_street_the_winner_may_not_build_on_is_refused() -> None:
    game = do(start(short_of_houses()), AUCTION_BUILDINGS, "red", "60")
    assert asked(game, "morpoly.shortage.where", "red") == ("build:6", "build:8", "build:9")
    with pytest.raises(InputError):
        apply(game, Answer("build:37"))


@pytest.mark.parametrize("seed", range(1, 41))
def test_random_tables_short_of_buildings_keep_every_invariant(seed: int) -> None:
    """From the two shortages above (even seeds: houses, three players; odd: houses and hotels, four),
    the random player takes the auction at half the menus that offer it and answers its questions at
    random, 400 inputs; every invariant after every input. Each game meets an auction."""
    rng = random.Random(seed)
    game = start(short_of_houses() if seed % 2 == 0 else short_of_both())
    met = 0
    for step in range(400):
        question = game.question
        if question is None:
            break
        if question.key == "morpoly.turn.menu" and AUCTION_BUILDINGS in question.options and rng.random() < 0.5:
            inp: Input = Answer(AUCTION_BUILDINGS)
        else:
            inp = random_input(game, rng)
        game = apply(game, inp)
        assert check_invariants(game.state, round_trip=step % 20 == 0) == [], (seed, step, inp)
    sold = [line for line in game.narration if line.key == "morpoly.shortage.auctioned"]
    assert sold or any(line.key == "morpoly.shortage.no-bid" for line in game.narration)


def _could_place_by_the_rule(state: State, party: str, kind: str) -> int:
    """:func:`could_place` read square by square from its docstring: the reference for the one pass."""
    wanted, prices = 0, []
    for square in sorted(state.owned_by(party)):
        group = US.group(square)
        if US.squares[square].kind != "street" or any(state.squares[s].owner != party or state.squares[s].mortgaged
                                                       for s in group):
            continue
        houses = state.squares[square].houses
        more = 0 if houses == 5 else 4 - houses if kind == "house" else 1
        if more:
            wanted += more
            prices.append(US.deed(square).house_cost)
    return min(wanted, state.party(party).cash // min(prices)) if wanted else 0


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_one_pass_counts_as_the_rule_reads(seed: int) -> None:
    """At every menu of random standard games (the US set, two to five players, the auction taken
    now and then), :func:`could_place` of every party and kind, and :func:`short_kinds`, equal the
    rule read square by square."""
    rng = random.Random(seed)
    game = start(short_of_both() if seed % 2 else table(("red", "blue", "green", "yellow", "white")[:2 + seed % 4]))
    menus = 0
    for _ in range(1500):
        question = game.question
        if question is None:
            break
        if question.key == "morpoly.turn.menu":
            menus += 1
            state = game.state
            for party in state.parties:
                for kind in ("house", "hotel"):
                    assert could_place(state, US, party.id, kind) == _could_place_by_the_rule(state, party.id, kind)
            supplies = {"house": state.bank.houses, "hotel": state.bank.hotels}
            expected = []
            for kind in ("house", "hotel"):
                able = bidders(state, US, kind)
                if supplies[kind] and len(able) >= 2 and \
                        sum(_could_place_by_the_rule(state, p, kind) for p in able) > supplies[kind]:
                    expected.append(kind)
            assert short_kinds(state, US) == expected
        take = question.key == "morpoly.turn.menu" and AUCTION_BUILDINGS in question.options and rng.random() < 0.3
        game = apply(game, Answer(AUCTION_BUILDINGS) if take else random_input(game, rng))
    assert menus > 50
