"""The City Watch (Stadtwache, L43–54): never jailed, arrest tokens they meet (a Thief must be
arrested), collect every fine. Their FSU pays when an insured token goes to jail."""
from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Final

from companion.morpoly.covers import Cover, Guild
from companion.morpoly.events import Event, JailCause, Jailed
from companion.morpoly.options import is_on
from companion.morpoly.position import PartyId, Position, TokenId, tokens_of

COVER: Final[Cover] = Cover.JAILED


def condition(event: Event, beneficiary: PartyId, insurer: PartyId, position: Position,
              options: Mapping[str, str]) -> bool:
    """A beneficiary token is sent to jail, for any reason (L50)."""
    return isinstance(event, Jailed) and position.party_of(event.token) == beneficiary


def is_watch(position: Position, token: TokenId) -> bool:
    return Guild.WATCH in position.guilds_of(position.party_of(token))


class InsteadOfJail(Enum):
    """What a Watch token does when something would jail it (R27)."""

    STAYS = "stays"        # Go To Jail: it stays on square 30
    IGNORED = "ignored"    # a go-to-jail card
    MOVES = "moves"        # a third doubles: the roll is moved normally, the turn ends
    DIES = "dies"          # ELAM: the third doubles is a heart attack (R62)


def instead_of_jail(position: Position, token: TokenId, cause: JailCause, elam: bool,
                    options: Mapping[str, str]) -> InsteadOfJail | None:
    """``None`` when ``token`` goes to jail as usual; else what a Watch token does instead (L46)."""
    if not is_watch(position, token):
        return None
    if cause is JailCause.THIRD_DOUBLES:
        if elam and not is_on(options, "watch-immune-to-heart-attack"):
            return InsteadOfJail.DIES
        return InsteadOfJail.MOVES
    return InsteadOfJail.STAYS if cause is JailCause.GO_TO_JAIL else InsteadOfJail.IGNORED


def arrest_choices(position: Position, token: TokenId, other: TokenId) -> tuple[str, ...]:
    """When a Watch token and another party's token meet (R28): ``("arrest", "let-go")``, only
    ``("arrest",)`` for a Thief (L47), or ``()`` — not a Watch meeting, teammates, or a prisoner.
    Either token may be the Watch's; it is the *other* one that can be jailed."""
    watch, target = (token, other) if is_watch(position, token) else (other, token)
    if not is_watch(position, watch) or position.party_of(watch) == position.party_of(target):
        return ()
    if position.in_jail(target) or position.in_jail(watch) or is_watch(position, target):
        return ()
    if Guild.THIEVES in position.guilds_of(position.party_of(target)):
        return ("arrest",)
    return ("arrest", "let-go")


def watch_party(position: Position) -> PartyId | None:
    for token in position.tokens():
        if is_watch(position, token):
            return position.party_of(token)
    return None


def fine_payee(position: Position, payer: PartyId, *, thieves_collect_in_jail: bool = False) -> PartyId | None:
    """Fines and the jail payment go to the Watch (L48, L53), to the bank while every Watch token
    sits in jail (B1) — unless, with ``thieves_collect_in_jail`` (rules revision 9), the Watch's team
    has the Thieves, who take money in jail (L9, L36, L154) — or when the Watch itself would pay (it
    pays no fines: see :func:`pays_fines`)."""
    party = watch_party(position)
    if party is None or party == payer:
        return None
    if thieves_collect_in_jail and Guild.THIEVES in position.guilds_of(party):
        return party
    if all(position.in_jail(token) for token in tokens_of(position, party)):
        return None
    return party


def pays_fines(position: Position, party: PartyId) -> bool:
    return Guild.WATCH not in position.guilds_of(party)


def keeps_jail_free_card(position: Position, party: PartyId) -> bool:
    """A Get-out-of-jail-free card the Watch gets goes straight back under its deck (L53)."""
    return Guild.WATCH not in position.guilds_of(party)
