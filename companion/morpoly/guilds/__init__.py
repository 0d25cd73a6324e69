"""The guilds of Ankh-Morpoly (reference §3), one module each: its FSU condition(s) as a predicate
over one engine event, and its powers as pure functions over a :class:`~companion.morpoly.position.Position`.

A condition has the signature of :data:`Condition`: ``(event, beneficiary, insurer, position,
options) -> bool``; the FSU ledger assembles them into its cover table. The engine turns the powers'
answers (who may do what, for how much) into questions.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

from companion.morpoly.covers import Guild
from companion.morpoly.events import Event
from companion.morpoly.position import PartyId, Position, tokens_of

Condition = Callable[[Event, PartyId, PartyId, Position, Mapping[str, str]], bool]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 8


def check_guild_choice(guilds: Sequence[Guild], elam: bool) -> None:
    """R7: 2–8 players, each guild at most once, the Assassins only in ELAM (L173). A bad choice is
    a ValueError naming the rule."""
    if not MIN_PLAYERS <= len(guilds) <= MAX_PLAYERS:
        raise ValueError(f"Ankh-Morpoly is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(guilds)!r}")
    for guild in set(guilds):
        if guilds.count(guild) > 1:
            raise ValueError(f"each guild is headed by one player only (R7); {guild.value!r} was chosen twice")
    if Guild.ASSASSINS in guilds and not elam:
        raise ValueError("the Assassins play only in ELAM (L173)")


def is_teammate(position: Position, token: str, other: str) -> bool:
    """No rent, FSU, theft, tithe or arrest between teammates (R57)."""
    return position.party_of(token) == position.party_of(other)


def receives_income(position: Position, party: PartyId) -> bool:
    """B1/R10: a party all of whose tokens sit in jail collects no rent or premium (the Thieves are
    exempt and do business from jail, L9, L36)."""
    if Guild.THIEVES in position.guilds_of(party):
        return True
    tokens = tokens_of(position, party)
    return not tokens or not all(position.in_jail(token) for token in tokens)
