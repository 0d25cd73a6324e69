"""A mortgaged deed that changes hands: the interest its new owner pays, and the offer to lift it at once.

Standard Monopoly's printed rules (Mortgages; Bankruptcy): whoever receives a mortgaged property —
the buyer of a trade, the creditor of a bankrupt player — "must at once pay the Bank the amount of
interest on the loan, which is 10 %", and "may then, at his option, pay the principal or hold the
property until some later turn"; lifting it later costs "the interest again". The variant rules
otherwise (reference R12: "No extra interest when a mortgaged square changes hands").

Option ``transfer-interest`` (R12) is the table's reading, in either base: ``none``, or
``standard-10pct``; its default ``by-base`` charges the tenth in standard Monopoly and nothing in the
variant. The offer to lift at once belongs to the standard rules and is made in standard Monopoly
only. Both from rules revision 5 (:data:`~companion.morpoly.revisions.PRINTED_STANDARD`); a game
recorded before plays as it was played: the tenth on a trade with ``standard-10pct`` alone, nothing on
a bankruptcy, no offer.
"""
from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Final

from companion.core.procedure import Narrator, Question
from companion.morpoly.editions import Edition
from companion.morpoly.guilds import patrician
from companion.morpoly.money import BANK, transfer
from companion.morpoly.options import value
from companion.morpoly.questions import ask_choice
from companion.morpoly.purposes import received_interest
from companion.morpoly.revisions import AUDITED, PRINTED_STANDARD
from companion.morpoly.rules import is_variant, tenth_rounding
from companion.morpoly.state import State
from companion.morpoly.table_position import currency_profile, position_of

KEEP: Final = "keep"
"""The answer that keeps the deeds received mortgaged."""
LIFT: Final = "lift:"


def charges_interest(state: State) -> bool:
    """Whether a mortgaged deed changing hands costs its new owner the tenth (R12 as the table reads
    it; ``by-base``: standard Monopoly's rule in standard Monopoly, the reference's in the variant)."""
    reading = value(state.rules, "transfer-interest")
    if reading == "by-base":
        return state.revision >= PRINTED_STANDARD and not is_variant(state)
    return reading == "standard-10pct"


def interest_due(state: State, edition: Edition, square: int) -> int:
    """The interest the new owner of ``square`` pays the bank when it changes hands now: a tenth of
    its mortgage value, rounded as R6 says for "1/10 of mortgages" (the one place of that tenth is
    :func:`~companion.morpoly.guilds.patrician.go_interest`); 0 for a deed not mortgaged, or when
    nothing is charged."""
    if not state.squares[square].mortgaged or not charges_interest(state):
        return 0
    return patrician.go_interest([edition.deed(square).mortgage], currency_profile(edition),
                                 {"rounding": tenth_rounding(state)})


def standard_transfers(state: State) -> bool:
    """Whether the standard rules' whole text applies: the creditor of a bankruptcy pays the tenth
    too, and the new owner may lift at once for the mortgage value alone (standard Monopoly from
    rules revision 5, unless the table reads R12 as ``none``)."""
    return state.revision >= PRINTED_STANDARD and not is_variant(state) and charges_interest(state)


def interest_on(state: State, edition: Edition, squares: Sequence[int]) -> int:
    """The interest on several deeds received at once (a bankrupt's): each one's tenth, summed."""
    return sum(interest_due(state, edition, square) for square in squares)


def say_interest(state: State, edition: Edition, narrator: Narrator, party: str, squares: Sequence[int],
                 amount: int) -> None:
    """The log's line for the interest paid (from rules revision 5: a game recorded before said none)."""
    if amount and state.revision >= PRINTED_STANDARD:
        names = ", ".join(edition.squares[s].name for s in squares)
        narrator.say("morpoly.transfer.interest", f"{party} pays {edition.currency.format(amount)} interest "
                     f"to the bank on the mortgaged {names}", party=party, names=names,
                     amount=edition.currency.format(amount))


def interest_collector(state: State, edition: Edition, party: str) -> str | None:
    """Who is paid the interest ``party`` owes on mortgaged squares received in a trade: the bank
    (:data:`BANK`), or in the variant from rules revision 9 the Patrician's party, who "kassiert alle …
    Hypothek-Zinsen" (L97; the bank while he is jailed, R41, unless his team has the Thieves);
    ``None`` when that is ``party``'s own team (it pays itself nothing)."""
    collector = None
    if is_variant(state) and state.revision >= AUDITED:
        collector = patrician.collector(position_of(state, edition), state.rules, thieves_collect_in_jail=True)
    if collector is None:
        return BANK
    return None if collector == party else collector


def interest_owed(state: State, edition: Edition, party: str, squares: Sequence[int]) -> int:
    """The interest ``party`` pays on the mortgaged ``squares`` it receives in a trade: each one's
    tenth (:func:`interest_on`), or nothing when its own team collects it (:func:`interest_collector`)."""
    interest = interest_on(state, edition, squares)
    return interest if interest and interest_collector(state, edition, party) is not None else 0


def pay_received_interest(state: State, edition: Edition, narrator: Narrator, party: str, squares: Sequence[int],
                          amount: int, giver: str) -> None:
    """``party`` pays the interest on the mortgaged ``squares`` it received from ``giver`` in a trade to
    its :func:`interest_collector`: to the bank, said as :func:`say_interest` says it; to the Patrician,
    said as a payment; nothing when his own team receives them (as interest at GO)."""
    collector = interest_collector(state, edition, party)
    if collector == BANK:
        transfer(state, party, BANK, amount)
        say_interest(state, edition, narrator, party, squares, amount)
    elif collector is not None:
        transfer(state, party, collector, amount)
        why = received_interest(", ".join(edition.squares[s].name for s in squares), giver)
        money = edition.currency.format(amount)
        narrator.say("morpoly.money.paid", f"{party} pays {money} to {collector} for {why}", payer=party,
                     payee=collector, amount=money, why=why, **why.said())


def lift_at_once(state: State, edition: Edition, narrator: Narrator, party: str,
                 squares: Sequence[int]) -> Generator[Question, str, None]:
    """Offer ``party``'s boss to lift, one by one, the mortgages of ``squares`` (deeds it has just
    received, the interest paid) for the mortgage value alone, while its cash allows; ``keep`` keeps
    the rest mortgaged. Nothing is asked when no such mortgage can be paid."""
    if not standard_transfers(state):
        return
    left = [s for s in squares if state.squares[s].owner == party and state.squares[s].mortgaged]
    while left:
        cash = state.party(party).cash
        affordable = [s for s in left if edition.deed(s).mortgage <= cash]
        if not affordable:
            return
        boss = state.party(party).boss
        names = ", ".join(edition.squares[s].name for s in left)
        choice = yield from ask_choice(
            state, narrator, "morpoly.transfer.lift",
            f"{boss}: lift a mortgage now for its value alone ({names}; later it costs the interest again)?",
            boss, [*(f"{LIFT}{s}" for s in affordable), KEEP], party=party, boss=boss, names=names)
        if choice == KEEP:
            return
        square = int(choice[len(LIFT):])
        principal = edition.deed(square).mortgage
        transfer(state, party, BANK, principal)
        state.squares[square] = state.squares[square].with_mortgaged(False)
        left.remove(square)
        name = edition.squares[square].name
        narrator.say("morpoly.transfer.lifted", f"{party} lifts the mortgage on {name} at once for "
                     f"{edition.currency.format(principal)}", party=party, square=square, name=name,
                     amount=edition.currency.format(principal))
