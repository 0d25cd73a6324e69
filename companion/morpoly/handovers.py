"""The checker's words (option ``bank=checker``, reference §8.1 "Money"): who hands whom which amount,
for a table that plays with paper money while the companion keeps the accounts.

Money only ever moves between the parties and the bank, so the cash every holder gained or lost
between two positions (a step of the game) says what must change hands on the table. The handovers
are that difference, netted: each payer hands its loss to the payees, largest first, so the table
makes as few handovers as possible and ends with exactly the cash the companion holds. A party that
left the game (a takeover) hands over all it held.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from companion.morpoly.money import BANK
from companion.morpoly.state import State

CHECKER: Final = "checker"
"""The ``bank`` option's value for a table that handles paper money (the other, ``app``: no paper)."""


@dataclass(frozen=True)
class Handover:
    """``payer`` hands ``payee`` ``amount`` (either may be :data:`~companion.morpoly.money.BANK`)."""

    payer: str
    payee: str
    amount: int


def is_checker(state: State) -> bool:
    return state.rule("bank") == CHECKER


def holdings(state: State) -> dict[str, int]:
    """Cash by holder: every party, then the bank."""
    cash = {party.id: party.cash for party in state.parties}
    cash[BANK] = state.bank.cash
    return cash


def handovers(before: State, after: State) -> tuple[Handover, ...]:
    """What changes hands between ``before`` and ``after``, netted (see the module docstring): the
    largest payer first, each paying the largest payees first; ties in seating order, the bank last."""
    old, new = holdings(before), holdings(after)
    order = list(old) + [holder for holder in new if holder not in old]
    change = {holder: new.get(holder, 0) - old.get(holder, 0) for holder in order}
    payers = sorted((h for h in order if change[h] < 0), key=lambda h: (change[h], order.index(h)))
    payees = sorted((h for h in order if change[h] > 0), key=lambda h: (-change[h], order.index(h)))
    due = {payee: change[payee] for payee in payees}
    result: list[Handover] = []
    for payer in payers:
        owes = -change[payer]
        for payee in payees:
            part = min(owes, due[payee])
            if part > 0:
                result.append(Handover(payer, payee, part))
                due[payee] -= part
                owes -= part
    return tuple(result)
