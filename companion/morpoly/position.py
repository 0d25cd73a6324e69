"""The small view of a position that the rule modules read (parties, cash, owners, tokens).

The engine's own state implements :class:`Position`; the rule modules never see more, so they stay
pure and each can be tested with a :class:`TablePosition` written out in a few lines.

A **party** is a player, or a merged team after a takeover (§0.1): ownership, cash, FSUs and lives
belong to parties; tokens move. Every player has one token, named by the player.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from companion.morpoly.covers import Guild
from companion.morpoly.layout import GROUPS, group_of

PartyId = str
TokenId = str


class Position(Protocol):
    def tokens(self) -> tuple[TokenId, ...]:
        """Every player token, in seating order (NPCs are not tokens of a party)."""

    def party_of(self, token: TokenId) -> PartyId: ...

    def guilds_of(self, party: PartyId) -> frozenset[Guild]: ...

    def cash(self, party: PartyId) -> int: ...

    def owner(self, square: int) -> PartyId | None: ...

    def buildings(self, square: int) -> int:
        """Houses on a street, 5 for a hotel, 0 elsewhere."""

    def is_mortgaged(self, square: int) -> bool: ...

    def square_of(self, token: TokenId) -> int: ...

    def in_jail(self, token: TokenId) -> bool:
        """Sitting *in* jail (not just visiting square 10)."""

    def lives(self, party: PartyId) -> int:
        """ELAM guild members left (0 outside ELAM)."""


@dataclass(frozen=True)
class TablePosition:
    """A plain :class:`Position` for tests and the simulator: tokens in seating order with their
    party, square and jail flag; owners, buildings and mortgages by square."""

    squares: Mapping[TokenId, int]
    parties: Mapping[TokenId, PartyId] = field(default_factory=dict)
    guilds: Mapping[PartyId, frozenset[Guild]] = field(default_factory=dict)
    money: Mapping[PartyId, int] = field(default_factory=dict)
    owners: Mapping[int, PartyId] = field(default_factory=dict)
    houses: Mapping[int, int] = field(default_factory=dict)
    mortgaged: frozenset[int] = frozenset()
    jailed: frozenset[TokenId] = frozenset()
    members: Mapping[PartyId, int] = field(default_factory=dict)

    def tokens(self) -> tuple[TokenId, ...]:
        return tuple(self.squares)

    def party_of(self, token: TokenId) -> PartyId:
        return self.parties.get(token, token)

    def guilds_of(self, party: PartyId) -> frozenset[Guild]:
        return self.guilds.get(party, frozenset())

    def cash(self, party: PartyId) -> int:
        return self.money.get(party, 0)

    def owner(self, square: int) -> PartyId | None:
        return self.owners.get(square)

    def buildings(self, square: int) -> int:
        return self.houses.get(square, 0)

    def is_mortgaged(self, square: int) -> bool:
        return square in self.mortgaged

    def square_of(self, token: TokenId) -> int:
        return self.squares[token]

    def in_jail(self, token: TokenId) -> bool:
        return token in self.jailed

    def lives(self, party: PartyId) -> int:
        return self.members.get(party, 0)


def has_guild(position: Position, party: PartyId, guild: Guild) -> bool:
    """Every guild of a team applies to every token of the team (L154)."""
    return guild in position.guilds_of(party)


def token_has_guild(position: Position, token: TokenId, guild: Guild) -> bool:
    return has_guild(position, position.party_of(token), guild)


def tokens_of(position: Position, party: PartyId) -> tuple[TokenId, ...]:
    return tuple(token for token in position.tokens() if position.party_of(token) == party)


def whole_group_owned(position: Position, square: int) -> bool:
    """One party owns every square of ``square``'s group (colour group, all pubs, both sites)."""
    owners = {position.owner(member) for member in group_of(square)}
    return len(owners) == 1 and None not in owners


def group_owned_by(position: Position, party: PartyId, name: str) -> bool:
    return all(position.owner(member) == party for member in GROUPS[name])


def tokens_on(position: Position, square: int) -> tuple[TokenId, ...]:
    """Tokens standing on ``square``; prisoners sit *in* jail and stand nowhere (L91, R4)."""
    return tuple(token for token in position.tokens()
                 if position.square_of(token) == square and not position.in_jail(token))
