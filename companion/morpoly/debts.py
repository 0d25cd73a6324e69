"""Paying what is owed: at once when the cash is there, after raising money when it can be raised,
and through the insolvency hook when it cannot.

A party that could pay by selling buildings or mortgaging (reference R14: cash + half the building
costs + the mortgage value of its unmortgaged squares ≥ the debt) is asked, one sale or mortgage at a
time (or, from rules revision 8, a trade: ruling R74), until its cash covers the debt. One that could not is insolvent at once:
:func:`companion.morpoly.takeover.insolvent` decides what happens (the variant's takeover, §5.1).
"""
from __future__ import annotations

from collections.abc import Generator

from companion.core.procedure import Narrator, Question
from companion.morpoly import building
from companion.morpoly.editions import Edition
from companion.morpoly.events import PaymentKind
from companion.morpoly.money import BANK, building_value, liquidation_value, transfer
from companion.morpoly.mortgaged_transfer import interest_on, lift_at_once, say_interest, standard_transfers
from companion.morpoly.purposes import Why, received_interest
from companion.morpoly.questions import ask_choice
from companion.morpoly.revisions import AMOUNTS_AND_JAIL_DEALS, AUDITED, DEBT_TRADES
from companion.morpoly.rules import is_variant, party_exists, party_jailed
from companion.morpoly.state import State
from companion.morpoly.takeover import insolvent
from companion.morpoly.trade import TRADE, deal, debt_trade

Paying = Generator[Question, str, bool]


def is_insolvent(state: State, edition: Edition, party: str, amount: int) -> bool:
    """R14: a party cannot pay ``amount`` when its cash, half the cost of its buildings and the
    mortgage value of its unmortgaged squares (not for a party with the Patrician) together fall
    short of it; with the option
    ``insolvent-if-cash-short`` (a table that reads L149 literally) already when its cash does."""
    if not is_variant(state):
        return liquidation_value(state, edition, party) < amount
    if state.rules.get("insolvent-if-cash-short") == "yes":
        return state.party(party).cash < amount
    if "patrician" in state.party(party).guilds:  # he cannot mortgage (L98): his squares add nothing
        return state.party(party).cash + building_value(state, edition, party) < amount
    return liquidation_value(state, edition, party) < amount


def pay_each(state: State, edition: Edition, narrator: Narrator, token_id: str, amount: int, why: Why) -> Generator[
        Question, str, None]:
    """The drawer of a "pay each player" card pays every other party ``amount`` (a party all of
    whose tokens sit in jail receives nothing in the variant, B1). The creditors are taken in seating
    order from the drawer; the first that cannot be paid in full takes the drawer over (R55). With
    ``creditor=largest-claim`` a drawer who cannot pay them all is taken over at once by the largest
    claim (all claims equal: the first in seating order) and nobody is paid — the Merchants' cover
    is not counted for that test (R55 weighs the drawer's own means).

    Each payment is a card payment the drawer must make (R32: "card payments" count for the
    Merchants' cover, L64 "FSU-Nehmer muss Geld zahlen"), so from rules revision 4 it goes through
    :func:`~companion.morpoly.settle.charge` like every other card's payment; a game recorded before
    it paid past the ledger, as it was played."""
    from companion.morpoly.settle import charge  # settle pays through this module: imported when first needed

    payer = state.token(token_id).party
    creditors = [p for p in parties_in_seating_order(state, token_id) if p != payer
                 and not (is_variant(state) and party_jailed(state, p)
                          and not (state.revision >= AUDITED and "thieves" in state.party(p).guilds))]
    if not creditors:
        return
    if (state.rules.get("creditor") == "largest-claim" and is_variant(state)
            and is_insolvent(state, edition, payer, amount * len(creditors))):
        yield from insolvent(state, edition, narrator, payer, creditors[0], amount * len(creditors), why)
        return
    for creditor in creditors:
        if state.game_over is not None or not party_exists(state, payer) or not party_exists(state, creditor):
            return  # the drawer was taken over by an earlier creditor: the debt is settled (R55)
        if state.revision >= AMOUNTS_AND_JAIL_DEALS:
            yield from charge(state, edition, narrator, payer, creditor, amount, PaymentKind.CARD, why)
        else:  # as it was played: the Merchants' cover never saw these payments
            yield from pay(state, edition, narrator, payer, creditor, amount, why)


def interest_on_received(state: State, edition: Edition, narrator: Narrator, creditor: str, debtor: str,
                         squares: list[int]) -> Generator[Question, str, None]:
    """The creditor of a standard bankruptcy pays the interest on the mortgaged deeds it received
    (raising it, or bankrupt to the bank in turn, like any debt) and may then lift them at once
    (:mod:`companion.morpoly.mortgaged_transfer`; nothing once the game is over, nor in a game recorded
    before rules revision 5)."""
    if state.game_over is not None or not standard_transfers(state) or not party_exists(state, creditor):
        return
    interest = interest_on(state, edition, squares)
    names = ", ".join(edition.squares[s].name for s in squares)
    if not (yield from cover(state, edition, narrator, creditor, BANK, interest, received_interest(names, debtor))):
        return
    transfer(state, creditor, BANK, interest)
    say_interest(state, edition, narrator, creditor, squares, interest)
    if state.game_over is None:
        yield from lift_at_once(state, edition, narrator, creditor, squares)


def parties_in_seating_order(state: State, token_id: str) -> list[str]:
    """Every party once, in the seating order of their tokens starting after ``token_id``."""
    seating = state.seating
    start = seating.index(token_id) + 1 if token_id in seating else 0
    party_of = {t.id: t.party for t in state.tokens}
    ordered: list[str] = []
    for offset in range(len(seating)):
        party = party_of.get(seating[(start + offset) % len(seating)])
        if party is not None and party not in ordered:
            ordered.append(party)
    return ordered


def pay(state: State, edition: Edition, narrator: Narrator, payer: str, payee: str, amount: int,
        why: Why) -> Paying:
    """``payer`` pays ``payee`` (a party or the bank) ``amount`` for ``why``. Returns ``True`` when it
    was paid, ``False`` when the payer was insolvent and the hook settled the debt instead."""
    if amount <= 0:
        return True
    if payee != BANK:
        for party in state.parties:  # a plain loop (a set of the parties was made at every payment)
            if party.id == payee:
                break
        else:
            payee = BANK
    if state.party(payer).cash < amount and not (yield from cover(state, edition, narrator, payer, payee, amount,
                                                                  why)):
        return False  # (the cash checked first: most payments need no generator for covering them)
    transfer(state, payer, payee, amount)
    money = edition.currency.format(amount)
    narrator.say("morpoly.money.paid", f"{payer} pays {money} to {payee} for {why}", payer=payer, payee=payee,
                 amount=money, why=why, **why.said())
    return True


def cover(state: State, edition: Edition, narrator: Narrator, payer: str, payee: str, amount: int,
          why: Why) -> Paying:
    """Make ``payer``'s cash cover the ``amount`` it owes ``payee``: as it stands, or after raising the
    money (:func:`raise_cash`); ``False`` when it cannot be raised (R14) and the insolvency hook
    settled the debt instead (a standard bankruptcy's creditor then owes the interest on the
    mortgaged deeds it received)."""
    if state.party(payer).cash >= amount:
        return True
    if is_insolvent(state, edition, payer, amount):
        yield from settle_insolvency(state, edition, narrator, payer, payee, amount, why)
        return False
    return (yield from raise_cash(state, edition, narrator, payer, amount, why, creditor=payee))


def settle_insolvency(state: State, edition: Edition, narrator: Narrator, debtor: str, creditor: str, amount: int,
                      why: Why) -> Generator[Question, str, None]:
    """The insolvency hook settles the debt (:func:`~companion.morpoly.takeover.insolvent`); a
    standard bankruptcy's creditor then owes the interest on the mortgaged deeds it received."""
    received = yield from insolvent(state, edition, narrator, debtor, creditor, amount, why)
    if received:
        yield from interest_on_received(state, edition, narrator, creditor, debtor, received)


def raise_cash(state: State, edition: Edition, narrator: Narrator, party: str, amount: int, why: Why,
               give_up: str | None = None, key: str = "morpoly.debt.raise", creditor: str | None = None,
               **params: str) -> Paying:
    """Ask ``party``'s boss, one sale or mortgage at a time, until its cash covers ``amount``; then
    ``True``. With ``give_up`` (an answer word) the boss may stop instead, for money raised by choice
    (a purchase): ``False``. A debt (owed to ``creditor``, a party or the bank) cannot be given up, and
    is asked only of a party that can raise it; from rules revision 8 its boss may also trade
    (:func:`debt_trade`), and a debtor the trade left unable to pay (R14) is insolvent at once: ``False``."""
    trades = creditor is not None and give_up is None and state.revision >= DEBT_TRADES
    while state.party(party).cash < amount:
        boss = state.party(party).boss
        hotel_answers: list[str] = []
        options = building.raising_options(state, edition, party, hotel_answers)
        dealing, greyed = debt_trade(state, edition, party) if trades else ([], None)
        form = {"form": TRADE} if dealing or greyed else {}  # the screens' sentence names the trade too
        choice = yield from ask_choice(state, narrator, key,
                                       f"{boss}: raise {edition.currency.format(amount)} for {why} "
                                       f"(cash {edition.currency.format(state.party(party).cash)})",
                                       boss, [*options, give_up] if give_up else [*options, *dealing], reveals=False,
                                       unavailable=greyed or None, boss=boss, amount=edition.currency.format(amount),
                                       cash=edition.currency.format(state.party(party).cash), why=str(why), **why.said(),
                                       **params, **form,
                                       **building.deed_params(state, edition, hotel_answers))
        if choice == give_up:
            return False
        if choice == TRADE:
            assert creditor is not None
            if not (yield from raise_by_trade(state, edition, narrator, party, creditor, amount, why)):
                return False
            continue
        verb, square = choice.split(":")
        if verb == "sell":
            building.sell_and_say(state, edition, narrator, party, int(square))
        else:
            building.mortgage(state, edition, party, int(square))
            narrator.say("morpoly.deed.mortgaged", f"{party} mortgages {edition.squares[int(square)].name}",
                         party=party, square=square, name=edition.squares[int(square)].name)
    return True


def raise_by_trade(state: State, edition: Edition, narrator: Narrator, debtor: str, creditor: str, amount: int,
                   why: Why) -> Paying:
    """R74: the debtor's boss trades as at the menu (:func:`~companion.morpoly.trade.deal`); then R14
    is read again. ``False`` when the trade left the debtor unable to pay (it gave more than it got):
    the insolvency hook has settled the debt, as for a debtor insolvent from the start; else ``True``
    (the raise question comes back with the new cash, or the debt is paid)."""
    yield from deal(state, edition, narrator, debtor)
    if state.party(debtor).cash >= amount or not is_insolvent(state, edition, debtor, amount):
        return True
    shown = edition.currency.format(amount)
    narrator.say("morpoly.debt.insolvent-after-trade", f"after the trade {debtor} can no longer raise {shown} for "
                 f"{why} (R14)", party=debtor, amount=shown, why=why, **why.said())
    yield from settle_insolvency(state, edition, narrator, debtor, creditor, amount, why)
    return False
