"""The Undead (Untote, L80–92): split into two half-moves, no extra roll on doubles, immune to NPCs
and starvation in ELAM. Their FSU pays when an insured token lands on a cemetery (an unbuilt
Undead square). The split itself is a move: :func:`companion.morpoly.movement.undead_split`."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from companion.morpoly.covers import Cover, Guild
from companion.morpoly.events import DeathCause, Event, Landed
from companion.morpoly.layout import CULTURAL_SITES, OWNABLE, PUBS
from companion.morpoly.options import is_on
from companion.morpoly.position import PartyId, Position, TokenId

COVER: Final[Cover] = Cover.CEMETERY
NPC_DEATHS: Final = frozenset({DeathCause.DEATH, DeathCause.LUGGAGE, DeathCause.DIBBLER})


def is_cemetery(position: Position, square: int, options: Mapping[str, str]) -> bool:
    """An unbuilt square owned by a party with the Undead (L88): a street without buildings, a pub or
    a cultural site — except pubs (sites) when that party owns all four (both): those "count as
    built" (R38, for this condition only). Mortgaged squares are cemeteries too, unless option
    ``cemetery-excludes-mortgaged``."""
    owner = position.owner(square)
    if square not in OWNABLE or owner is None or Guild.UNDEAD not in position.guilds_of(owner):
        return False
    if position.buildings(square) > 0:
        return False
    if position.is_mortgaged(square) and is_on(options, "cemetery-excludes-mortgaged"):
        return False
    for group in (PUBS, CULTURAL_SITES):
        if square in group and all(position.owner(member) == owner for member in group):
            return False
    return True


def condition(event: Event, beneficiary: PartyId, insurer: PartyId, position: Position,
              options: Mapping[str, str]) -> bool:
    """A beneficiary token lands on a cemetery (L88)."""
    return (isinstance(event, Landed) and position.party_of(event.token) == beneficiary
            and is_cemetery(position, event.square, options))


def is_undead(position: Position, token: TokenId) -> bool:
    return Guild.UNDEAD in position.guilds_of(position.party_of(token))


def rolls_again_on_doubles(position: Position, token: TokenId) -> bool:
    """L85: the Undead (and, after a takeover, every token of their team, L155) never roll again."""
    return not is_undead(position, token)


def immune_to(position: Position, token: TokenId, cause: DeathCause) -> bool:
    """L86, R39: an Undead token cannot die from NPCs or starvation; the Assassins and a heart
    attack (which cannot reach them: no extra rolls) still can."""
    return is_undead(position, token) and (cause in NPC_DEATHS or cause is DeathCause.STARVATION)


def half_to_keep(first_in_jail: bool, second_in_jail: bool) -> str | None:
    """L83: if one half sits in jail the *other* is removed, so the jailed half is kept; ``None``:
    the player chooses. Returns ``"first"`` or ``"second"``."""
    if first_in_jail and not second_in_jail:
        return "first"
    if second_in_jail and not first_in_jail:
        return "second"
    return None
