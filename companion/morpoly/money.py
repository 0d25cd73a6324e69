"""Money moving between parties and the bank, and what a party could raise if it had to.

Payees and payers are party ids or :data:`BANK`. Every transfer is between two holders, so the sum
of the bank's and all parties' cash never changes (the random-play test checks it after every input).
"""
from __future__ import annotations

from typing import Final

from companion.morpoly.editions import Edition
from companion.morpoly.state import HOTEL, State

BANK: Final = "bank"


def cash_of(state: State, holder: str) -> int:
    return state.bank.cash if holder == BANK else state.party(holder).cash


def transfer(state: State, payer: str, payee: str, amount: int) -> None:
    """Move ``amount`` from ``payer`` to ``payee``; the bank may go below zero (it never runs out:
    standard rules let the banker write IOUs), a party may not."""
    if amount < 0:
        raise ValueError(f"a transfer is never negative: {amount!r}")
    if payer == BANK:
        state.bank.cash -= amount
    else:
        paying = state.party(payer)  # found once, for the check and the payment (a transfer at most moves)
        if paying.cash < amount:
            raise ValueError(f"{payer} cannot pay {amount}: has {paying.cash}")
        paying.cash -= amount
    _add(state, payee, amount)


def _add(state: State, holder: str, amount: int) -> None:
    if holder == BANK:
        state.bank.cash += amount
    else:
        state.party(holder).cash += amount


def building_value(state: State, edition: Edition, party: str) -> int:
    """Half the cost of every house and hotel ``party`` owns: what the bank pays when they are sold."""
    total = 0
    for index in state.owned_by(party):
        houses = state.squares[index].houses
        if houses:
            total += houses * edition.deed(index).house_cost // 2
    return total


def net_worth(state: State, edition: Edition, party: str) -> int:
    """What a party is worth (R8's measure of wealth, the money panel, ``analyse``): cash + the
    printed price of every square owned + half the cost of its buildings, less the mortgage value of
    each mortgaged square (money its owner already took and owes back: without it, mortgaging would
    make a party richer)."""
    worth = state.party(party).cash + building_value(state, edition, party)
    for square in state.owned_by(party):
        deed = edition.deed(square)
        worth += deed.price - (deed.mortgage if state.squares[square].mortgaged else 0)
    return worth


def liquidation_value(state: State, edition: Edition, party: str) -> int:
    """Cash + half the building costs + the mortgage value of unmortgaged squares (reference R14):
    the most ``party`` could pay; a debt larger than this makes it insolvent."""
    mortgages = sum(edition.deed(i).mortgage for i in state.owned_by(party) if not state.squares[i].mortgaged)
    if state.rules.get("base", "variant") == "variant" and "patrician" in state.party(party).guilds:
        mortgages = 0  # the Patrician can never mortgage (L98, R14, R42)
    return state.party(party).cash + building_value(state, edition, party) + mortgages


def mortgaged_total(state: State, edition: Edition, party: str) -> int:
    return sum(edition.deed(i).mortgage for i in state.owned_by(party) if state.squares[i].mortgaged)


def buildings_of(state: State, party: str) -> tuple[int, int]:
    """(houses, hotels) standing on ``party``'s streets, for repair cards."""
    houses = hotels = 0
    for index in state.owned_by(party):
        n = state.squares[index].houses
        if n == HOTEL:
            hotels += 1
        else:
            houses += n
    return houses, hotels
