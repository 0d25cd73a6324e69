"""The Merchants (Händler, L55–68): force 1:1 swaps, buy what others decline. Their FSU pays the
insured's next mandatory payment, up to 3 × premium (the payout itself is settled by the ledger)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from companion.morpoly.covers import Cover, Guild
from companion.morpoly.events import Event, MustPay, PaymentKind
from companion.morpoly.layout import OWNABLE, STREETS
from companion.morpoly.options import is_on
from companion.morpoly.position import PartyId, Position, TokenId, tokens_of, whole_group_owned

COVER: Final[Cover] = Cover.MUST_PAY

COVERED_PAYMENTS: Final[frozenset[PaymentKind]] = frozenset({
    PaymentKind.RENT, PaymentKind.PREMIUM, PaymentKind.DOUBLE_FEE, PaymentKind.TAX, PaymentKind.FINE,
    PaymentKind.CARD, PaymentKind.INTEREST, PaymentKind.JAIL_FINE, PaymentKind.FUNERAL, PaymentKind.TITHE,
    PaymentKind.DIBBLER_CARD,
})
"""Payments the Merchants' cover pays (§3.3, R32): every payment a party *must* make, except thefts
and claims it owes as an insurer ("burst FSUs", L64); voluntary spending (purchases, houses,
lifting a mortgage, bids, the swap difference, a contract fee) never counts."""


def condition(event: Event, beneficiary: PartyId, insurer: PartyId, position: Position,
              options: Mapping[str, str]) -> bool:
    """The beneficiary must pay money (L64); one owed to the Merchants themselves counts too and is
    waived (R33), unless option ``merchant-self-payment-excluded``."""
    if not isinstance(event, MustPay) or event.party != beneficiary or event.kind not in COVERED_PAYMENTS:
        return False
    return not (event.payee == insurer and is_on(options, "merchant-self-payment-excluded"))


def is_merchant(position: Position, token: TokenId) -> bool:
    return Guild.MERCHANTS in position.guilds_of(position.party_of(token))


def _tradeable(square: int, options: Mapping[str, str]) -> bool:
    return square in (STREETS if is_on(options, "merchant-swap-streets-only") else OWNABLE)


def swap_available(position: Position, merchant: TokenId, other: TokenId, options: Mapping[str, str]) -> bool:
    """L58–61, R30: the Merchant token stands on a square of the other party, the other token on a
    Merchants' square, neither square's group is owned completely by one player (tested before the
    swap), and neither token sits in jail (B1)."""
    if not is_merchant(position, merchant) or position.party_of(merchant) == position.party_of(other):
        return False
    if position.in_jail(merchant) or position.in_jail(other):
        return False
    theirs, ours = position.square_of(merchant), position.square_of(other)
    if not (_tradeable(theirs, options) and _tradeable(ours, options)):
        return False
    if position.owner(theirs) != position.party_of(other) or position.owner(ours) != position.party_of(merchant):
        return False
    return not whole_group_owned(position, theirs) and not whole_group_owned(position, ours)


def swap_difference(price_given: int, price_received: int) -> int:
    """R30: whoever receives the dearer square pays the difference in printed prices. Positive: the
    Merchants pay the other party; negative: the other party pays the Merchants."""
    return price_received - price_given


def may_buy_declined(position: Position, merchants: PartyId, square: int, options: Mapping[str, str], *,
                     thieves_buy_in_jail: bool = False) -> bool:
    """L62, R31: right after a decline the Merchants may buy the square at its printed price, wherever
    their token stands — not while all their tokens sit in jail, unless (``thieves_buy_in_jail``, rules
    revision 9) their team has the Thieves, who deal from jail (L9, L36, L154)."""
    if Guild.MERCHANTS not in position.guilds_of(merchants) or position.owner(square) is not None:
        return False
    if not _tradeable(square, options):
        return False
    if thieves_buy_in_jail and Guild.THIEVES in position.guilds_of(merchants):
        return True
    tokens = tokens_of(position, merchants)
    return bool(tokens) and not all(position.in_jail(token) for token in tokens)
