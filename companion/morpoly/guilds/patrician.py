"""The Patrician's clan (Patrizier, L93–105): buy mortgaged squares, collect every tax and all
mortgage interest, pay no tax, never mortgage. Their FSU pays when the insured must pay a tax."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from companion.morpoly.covers import Cover, Guild
from companion.morpoly.currency import CurrencyProfile, fraction_of
from companion.morpoly.events import Event, MustPay, PaymentKind
from companion.morpoly.guilds import receives_income
from companion.morpoly.options import is_on, value
from companion.morpoly.position import PartyId, Position, TokenId, tokens_of

COVER: Final[Cover] = Cover.TAX


def condition(event: Event, beneficiary: PartyId, insurer: PartyId, position: Position,
              options: Mapping[str, str]) -> bool:
    """The beneficiary must pay a tax: a tax square or a tax card of either deck (L101, L104, R9)."""
    return isinstance(event, MustPay) and event.kind is PaymentKind.TAX and event.party == beneficiary


def patrician_party(position: Position) -> PartyId | None:
    for token in position.tokens():
        party = position.party_of(token)
        if Guild.PATRICIAN in position.guilds_of(party):
            return party
    return None


def collector(position: Position, options: Mapping[str, str], *, thieves_collect_in_jail: bool = False
              ) -> PartyId | None:
    """Who receives taxes and mortgage interest (L97): the Patrician's party; the bank (``None``)
    without a Patrician, or while all its tokens sit in jail (B1, R41) unless option
    ``patrician-collects-in-jail`` — or, with ``thieves_collect_in_jail`` (rules revision 9), unless
    the Patrician's team has the Thieves, who take money in jail (L9, L36, L154)."""
    party = patrician_party(position)
    if party is None:
        return None
    if thieves_collect_in_jail and Guild.THIEVES in position.guilds_of(party):
        return party
    if not is_on(options, "patrician-collects-in-jail") and all(
            position.in_jail(token) for token in tokens_of(position, party)):
        return None
    return party


def pays_tax(position: Position, party: PartyId) -> bool:
    """L98, R42: the Patrician pays no taxes — team-wide after a takeover."""
    return Guild.PATRICIAN not in position.guilds_of(party)


def may_mortgage(position: Position, party: PartyId) -> bool:
    """L98, R42: the Patrician (and any team with him) can never take a mortgage."""
    return Guild.PATRICIAN not in position.guilds_of(party)


def may_buy_out(position: Position, token: TokenId, square: int, *, jailed_owner_sells: bool) -> bool:
    """L96: the Patrician landing on another party's mortgaged square may buy it — unless every
    token of the owner sits in jail: the buy-out is a deal that pays the owner, and in jail a party
    "receives no money and concludes no deals" (B1, L9; the Thieves excepted, L36).
    ``jailed_owner_sells``: a game recorded before rules revision 4 offered it all the same."""
    party = position.party_of(token)
    owner = position.owner(square)
    return (Guild.PATRICIAN in position.guilds_of(party) and owner is not None and owner != party
            and position.is_mortgaged(square) and (jailed_owner_sells or receives_income(position, owner)))


def buyout_price(price: int, mortgage_value: int, options: Mapping[str, str]) -> int:
    """R40: the owner receives the printed price plus the mortgage value (L96 "price + mortgage to
    the owner"); the mortgage is cancelled with nothing to the bank. Option ``price-only``."""
    return price if value(options, "patrician-buyout") == "price-only" else price + mortgage_value


def go_interest(mortgage_values: Iterable[int], profile: CurrencyProfile, options: Mapping[str, str]) -> int:
    """B8, R12: at each GO event that pays a salary (once, even on a double salary), 1/10 of the
    summed mortgage values, rounded (R6). Appendix 12: 175 + 100 → 27."""
    return fraction_of(sum(mortgage_values), 1, 10, profile, value(options, "rounding"))


def lift_cost(mortgage_value: int, profile: CurrencyProfile, options: Mapping[str, str]) -> int:
    """B8: lifting a mortgage costs its value plus 1/10 (the tenth goes to the collector)."""
    return mortgage_value + fraction_of(mortgage_value, 1, 10, profile, value(options, "rounding"))


def takeover_lifts_mortgages(position: Position, creditor: PartyId) -> bool:
    """L99: a Patrician takeover skips the mortgaging step and lifts existing mortgages free."""
    return Guild.PATRICIAN in position.guilds_of(creditor)
