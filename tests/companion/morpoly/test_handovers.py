"""The checker (``bank=checker``): who hands whom which amount between two positions, netted, so a
table with paper money ends with exactly the cash the companion holds."""
from __future__ import annotations

from companion.core.inputs import Answer, DieRoll
from companion.core.mode import get_mode, resolve_options
from companion.morpoly.game import Game
from companion.morpoly.handovers import Handover, handovers, holdings, is_checker
from companion.morpoly.money import BANK, transfer

MODE = get_mode("ankh-morpoly")


def set_up(**options: str) -> Game:
    game: Game = MODE.new_game(["red", "blue", "green"], resolve_options(MODE.options, options), None, 1)
    for guild in ("beggars", "watch", "undead"):
        game = MODE.apply(game, Answer(guild))
    return game


def test_the_option_is_declared_with_its_description_and_reaches_the_state() -> None:
    option = next(o for o in MODE.options if o.name == "bank")
    assert (option.default, option.choices) == ("app", ("app", "checker")) and "paper money" in option.description
    assert not is_checker(set_up().state) and is_checker(set_up(bank="checker").state)


def test_rent_is_handed_from_payer_to_payee() -> None:
    before = set_up().state
    after = before.copy()
    transfer(after, "red", "blue", 50)
    assert handovers(before, after) == (Handover("red", "blue", 50),)


def test_a_salary_and_a_rent_in_one_step_are_netted() -> None:
    """Red collects 200 at GO and pays Blue 50 rent: the bank hands Red 150 and Blue 50 — the same
    cash on every side as the two payments, in two handovers."""
    before = set_up().state
    after = before.copy()
    transfer(after, BANK, "red", 200)
    transfer(after, "red", "blue", 50)
    assert handovers(before, after) == (Handover(BANK, "red", 150), Handover(BANK, "blue", 50))
    moved = holdings(before)
    for h in handovers(before, after):
        moved[h.payer] -= h.amount
        moved[h.payee] += h.amount
    assert moved == holdings(after)


def test_a_step_without_money_hands_nothing() -> None:
    game = set_up()
    after = MODE.apply(MODE.apply(game, Answer("roll")), DieRoll(faces=(1, 2)))  # to Baltic: unowned, a question
    assert handovers(game.state, after.state) == ()
