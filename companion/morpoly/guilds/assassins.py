"""The Assassins (Assasinen, ELAM only, L173–186): attack a token they land on (table D), can be
hired for a contract. Their FSU pays when an insured token dies."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from companion.morpoly.covers import Cover, Guild
from companion.morpoly.currency import CurrencyProfile, fraction_of
from companion.morpoly.dice import AssassinOutcome, Dice, TABLE_D, classify_assassin
from companion.morpoly.events import DeathCause, Died, Event
from companion.morpoly.layout import SQUARES
from companion.morpoly.options import value
from companion.morpoly.position import PartyId, Position, TokenId, tokens_on

COVER: Final[Cover] = Cover.DEATH
DEATH_SEQUENCE: Final = ("share", "death-claims", "funeral", "placed-on-go")
"""R61: a death's order — the killer's share on cash before anything else, then DEATH claims, then
the funeral (one GO salary to the bank), then the token is placed on GO (nothing passed)."""


def condition(event: Event, beneficiary: PartyId, insurer: PartyId, position: Position,
              options: Mapping[str, str]) -> bool:
    """A beneficiary token dies, whatever the cause (L182)."""
    return isinstance(event, Died) and position.party_of(event.token) == beneficiary


def is_assassin(position: Position, token: TokenId) -> bool:
    return Guild.ASSASSINS in position.guilds_of(position.party_of(token))


def attack_targets(position: Position, token: TokenId) -> tuple[TokenId, ...]:
    """The tokens an Assassin who landed may attack after resolving the square (L176): other
    parties' tokens already standing there, not prisoners. One target per landing (R51)."""
    if not is_assassin(position, token) or position.in_jail(token):
        return ()
    party = position.party_of(token)
    return tuple(other for other in tokens_on(position, position.square_of(token))
                 if other != token and position.party_of(other) != party)


def attack(dice: Dice) -> AssassinOutcome:
    """Table D, rolled by the victim."""
    return TABLE_D[classify_assassin(dice)]


def share(cash: int, lives_left: int, profile: CurrencyProfile, options: Mapping[str, str]) -> int:
    """The killer's share (L177, L179, R51): cash of the party that lost a life ÷ (X + 1), X its
    lives left after this death, rounded (R6). Appendix 15: 900 with 3 left → 225."""
    if lives_left < 0:
        raise ValueError(f"lives left cannot be negative, not {lives_left!r}")
    return fraction_of(max(0, cash), 1, lives_left + 1, profile, value(options, "rounding"))


def contract_fee(cash: int, profile: CurrencyProfile, options: Mapping[str, str]) -> int:
    """L180: hiring the Assassins costs 1/10 of the hirer's cash, paid to them."""
    return fraction_of(max(0, cash), 1, 10, profile, value(options, "rounding"))


def contract_target(position: Position, assassin: TokenId) -> TokenId | None:
    """R51: the nearest other party's token clockwise from the Assassin, at distance ≥ 1, not in
    jail; ``None``: no contract possible. Ties on one square go to seating order."""
    start = position.square_of(assassin)
    party = position.party_of(assassin)
    for distance in range(1, SQUARES):
        square = (start + distance) % SQUARES
        for token in tokens_on(position, square):
            if position.party_of(token) != party:
                return token
    return None


def funeral(go_salary: int, cause: DeathCause) -> int:
    """L167: a death costs one GO salary to the bank; the Luggage's 7 waives it (L194)."""
    return 0 if cause is DeathCause.LUGGAGE else go_salary
