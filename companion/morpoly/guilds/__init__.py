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
    for index, guild in enumerate(guilds):
        refusal = guild_refusal(guilds[:index], guild, elam)
        if refusal is not None:
            raise ValueError(refusal)


def guild_refusal(chosen: Sequence[Guild], guild: Guild, elam: bool) -> str | None:
    """Why ``guild`` may not be chosen after ``chosen`` (R7), or ``None``: the set-up question's
    greyed answers and :func:`check_guild_choice` say it the same way."""
    if guild in chosen:
        return f"each guild is headed by one player only (R7): {guild.value!r} is chosen already and cannot be chosen twice"
    if guild is Guild.ASSASSINS and not elam:
        return "the Assassins play only in ELAM (R7, L173)"
    return None


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
