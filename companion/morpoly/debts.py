"""Paying what is owed: at once when the cash is there, after raising money when it can be raised,
and through the insolvency hook when it cannot.

A party that could pay by selling buildings or mortgaging (reference R14: cash + half the building
costs + the mortgage value of its unmortgaged squares ≥ the debt) is asked, one sale or mortgage at a
time, until its cash covers the debt. One that could not is insolvent at once:
:func:`companion.morpoly.takeover.insolvent` decides what happens (the variant's takeover, §5.1).
"""
from __future__ import annotations

from collections.abc import Generator

from companion.core.procedure import Narrator, Question
from companion.morpoly import building
from companion.morpoly.editions import Edition
from companion.morpoly.money import BANK, liquidation_value, transfer
from companion.morpoly.questions import ask_choice
from companion.morpoly.state import State
from companion.morpoly.takeover import insolvent

Paying = Generator[Question, str, bool]


def pay(state: State, edition: Edition, narrator: Narrator, payer: str, payee: str, amount: int,
        why: str) -> Paying:
    """``payer`` pays ``payee`` (a party or the bank) ``amount`` for ``why``. Returns ``True`` when it
    was paid, ``False`` when the payer was insolvent and the hook settled the debt instead."""
    if amount <= 0:
        return True
    if payee != BANK and payee not in {p.id for p in state.parties}:
        payee = BANK
    if state.party(payer).cash < amount:
        if liquidation_value(state, edition, payer) < amount:
            insolvent(state, edition, narrator, payer, payee, amount, why)
            return False
        while state.party(payer).cash < amount:
            boss = state.party(payer).boss
            options = building.raising_options(state, edition, payer)
            choice = yield from ask_choice(state, narrator, "morpoly.debt.raise",
                                           f"{boss}: raise {edition.currency.format(amount)} for {why} "
                                           f"(cash {edition.currency.format(state.party(payer).cash)})",
                                           boss, options, boss=boss, amount=edition.currency.format(amount),
                                           cash=edition.currency.format(state.party(payer).cash))
            verb, square = choice.split(":")
            if verb == "sell":
                building.sell(state, edition, payer, int(square))
                name = edition.squares[int(square)].name
                narrator.say("morpoly.building.sold", f"{payer} sells a building on {name}",
                             party=payer, square=square, name=name)
            else:
                building.mortgage(state, edition, payer, int(square))
                narrator.say("morpoly.deed.mortgaged", f"{payer} mortgages {edition.squares[int(square)].name}",
                             party=payer, square=square, name=edition.squares[int(square)].name)
    transfer(state, payer, payee, amount)
    narrator.say("morpoly.money.paid", f"{payer} pays {edition.currency.format(amount)} to {payee} for {why}",
                 payer=payer, payee=payee, amount=edition.currency.format(amount), why=why)
    return True
