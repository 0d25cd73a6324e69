"""Chance and Community Chest effects from positions, in the US and German sets."""
from __future__ import annotations

from companion.core.inputs import CardScan
from morpoly_table import cash, do, own, start, table


def test_birthday_collects_from_every_other_party() -> None:
    state = table(("red", "blue", "green"))
    game = do(start(state), "roll", (1, 1), "chest.birthday")  # 2: Community Chest, then doubles: roll again
    assert (cash(game, "red"), cash(game, "blue"), cash(game, "green")) == (1520, 1490, 1490)


def test_chairman_pays_each_player_but_not_a_jailed_one_in_the_variant() -> None:
    for base, blue in (("standard", 1550), ("variant", 1500)):
        state = table(("red", "blue", "green"), base=base)
        state.token("blue").square, state.token("blue").in_jail = 10, True
        state.token("red").square = 4
        game = do(start(state), "roll", (1, 2), "chance.chairman")
        assert cash(game, "blue") == blue and cash(game, "green") == 1550, base


def test_repairs_count_houses_and_hotels() -> None:
    state = table()
    own(state, "red", 1, houses=5)
    own(state, "red", 3, houses=4)
    state.token("red").square = 4
    game = do(start(state), "roll", (1, 2), "chance.general-repairs")
    assert cash(game, "red") == 1500 - (4 * 25 + 100)


def test_back_three_from_chance_lands_on_income_tax() -> None:
    state = table()
    state.token("red").square = 4
    game = do(start(state), "roll", (1, 2), CardScan("chance", "chance.back-3"))
    assert game.state.token("red").square == 4 and cash(game, "red") == 1300


def test_advance_to_go_pays_double_in_the_variant_only() -> None:
    for base, expected in (("standard", 1700), ("variant", 1900)):
        state = table(base=base)
        state.token("red").square = 4
        game = do(start(state), "roll", (1, 2), "chance.advance-go")
        assert cash(game, "red") == expected and game.state.token("red").square == 0, base


def test_advance_to_go_card_by_option_r3() -> None:
    state = table(base="variant")
    state.rules["advance-to-go-card-pays-double"] = "no"
    state.token("red").square = 4
    game = do(start(state), "roll", (1, 2), "chance.advance-go")
    assert cash(game, "red") == 1700


def test_advance_past_go_pays_the_salary() -> None:
    state = table()
    state.token("red").square = 33
    game = do(start(state), "roll", (1, 2), "chance.advance-st-charles")  # 36 -> 11 past GO
    assert game.state.token("red").square == 11 and cash(game, "red") == 1700


def test_german_go_back_to_badstrasse_walks_backward_without_salary() -> None:
    state = table(edition="de")
    state.token("red").square = 31
    game = do(start(state), "roll", (1, 1), "chest.back-to-badstrasse")  # 33 -> 1
    assert game.state.token("red").square == 1 and cash(game, "red") == 1500
    assert game.question is not None and game.question.key == "morpoly.deed.buy"


def test_german_pay_a_fine_or_draw_a_chance_card() -> None:
    state = table(edition="de-dm")
    state.token("red").square = 15
    game = do(start(state), "roll", (1, 1), "chest.fine-or-chance")  # 17
    game = do(game, "pay")
    assert cash(game, "red") == 30000 - 200
    state = table(edition="de-dm")
    state.token("red").square = 15
    game = do(start(state), "roll", (1, 1), "chest.fine-or-chance", "draw")
    assert game.question is not None and game.question.key == "morpoly.card.chance"
    game = do(game, CardScan("chance", "chance.dividend"))
    assert cash(game, "red") == 31000


def test_go_to_jail_card_ends_the_turn_even_after_doubles() -> None:
    state = table()
    game = do(start(state), "roll", (1, 1), "chest.go-to-jail")
    assert game.state.token("red").in_jail and game.question is not None and game.question.player == "blue"


def test_insolvent_towards_the_bank_leaves_the_game_and_its_deeds_return() -> None:
    state = table(("red", "blue", "green"))
    own(state, "red", 1, 3, houses=1)
    state.party("red").cash = 0
    state.token("red").square = 2
    game = do(start(state), "roll", (1, 1))  # Income Tax 200: worth 50 + 2 * 30 < 200
    assert [p.id for p in game.state.parties] == ["blue", "green"]
    assert game.state.squares[1].owner is None and not game.state.squares[1].mortgaged
    assert game.state.bank.houses == 32 and game.question is not None and game.question.player == "blue"


def test_selling_a_hotel_in_a_house_shortage_takes_the_group_down_evenly() -> None:
    """Two houses in the bank cannot break Park Place's hotel into four, and a bare Park Place beside
    Boardwalk's hotel would not be even: both come down to the one house each the bank can give."""
    state = table()
    own(state, "red", 37, 39, houses=5)
    state.bank.houses = 2
    game = do(start(state), "sell:37")
    assert [game.state.squares[s].houses for s in (37, 39)] == [1, 1]
    assert game.state.bank.hotels == 12 and game.state.bank.houses == 0
    assert cash(game, "red") == 1500 + 8 * 200 // 2
