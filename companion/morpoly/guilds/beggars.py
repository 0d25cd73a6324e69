"""The Beggars (Bettler, L69–79): take a tenth of the cash of tokens they meet, and step past other
players' squares. Their FSU pays when a Beggar lands on an unmortgaged square of the insured."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from companion.morpoly.covers import Cover, Guild
from companion.morpoly.currency import CurrencyProfile, fraction_of
from companion.morpoly.events import Event, Landed
from companion.morpoly.layout import OWNABLE, STREETS
from companion.morpoly.movement import Rotation, is_occupied, next_square
from companion.morpoly.options import is_on, value
from companion.morpoly.position import PartyId, Position, TokenId

COVER: Final[Cover] = Cover.BEGGAR_LANDS


def is_beggar(position: Position, token: TokenId) -> bool:
    return Guild.BEGGARS in position.guilds_of(position.party_of(token))


def condition(event: Event, beneficiary: PartyId, insurer: PartyId, position: Position,
              options: Mapping[str, str]) -> bool:
    """A Beggar token lands on an unmortgaged square owned by the beneficiary, built or not (L75)."""
    return (isinstance(event, Landed) and is_beggar(position, event.token)
            and position.owner(event.square) == beneficiary and not position.is_mortgaged(event.square))


def tithe(position: Position, token: TokenId, other: TokenId, profile: CurrencyProfile,
          options: Mapping[str, str]) -> int:
    """What a Beggar may take when he and ``other`` meet (L72, R35): one tenth of the other party's
    cash, rounded (R6); 0 between teammates, with a prisoner, or when neither token is a Beggar."""
    beggar, target = (token, other) if is_beggar(position, token) else (other, token)
    if not is_beggar(position, beggar) or position.party_of(beggar) == position.party_of(target):
        return 0
    if position.in_jail(beggar) or position.in_jail(target):
        return 0
    return fraction_of(max(0, position.cash(position.party_of(target))), 1, 10, profile, value(options, "rounding"))


def step_target(position: Position, token: TokenId, square: int, running: Rotation = Rotation.CLOCKWISE,
                npc_squares: Sequence[int] = (), options: Mapping[str, str] | None = None) -> int | None:
    """The square a Beggar about to land on ``square`` may step on to instead (L73, L78, R36), or
    ``None``: ``square`` must belong to another party; the next square must belong to the Beggars or
    to nobody (any unowned or unownable square) and have no player on it."""
    opts = options or {}
    if not is_beggar(position, token):
        return None
    owner = position.owner(square)
    party = position.party_of(token)
    if owner is None or owner == party:
        return None
    if square not in (STREETS if is_on(opts, "merchant-swap-streets-only") else OWNABLE):
        return None
    target = next_square(square, running)
    if position.owner(target) not in (None, party):
        return None
    return None if is_occupied(position, target, token, npc_squares, opts) else target
