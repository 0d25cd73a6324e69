"""The engine's :class:`~companion.morpoly.state.State` seen as the kit's
:class:`~companion.morpoly.position.Position`, so the variant's pure rule modules (the FSU ledger,
the guilds) read the table the engine plays on.

The view is a thin wrapper that reads the state live (no copy), because the engine asks for it at
every hook of every move. It never changes the state.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from companion.morpoly.covers import Guild
from companion.morpoly.currency import CurrencyProfile
from companion.morpoly.editions import Edition
from companion.morpoly.position import PartyId, TokenId
from companion.morpoly.state import State

_new = object.__new__

_GUILDS = {guild.value: guild for guild in Guild}
_ONE_GUILD = {guild.value: frozenset({guild}) for guild in Guild}
"""The guild set of a party heading one guild, by its name (most parties, most of a game)."""


@lru_cache(maxsize=None)
def _guild_set(names: tuple[str, ...]) -> frozenset[Guild]:
    """The guilds named (unknown names left out), built once per list of names: the guilds of a
    party are read at every hook of every move."""
    return frozenset(_GUILDS[g] for g in names if g in _GUILDS)


class TableView:
    """:class:`~companion.morpoly.position.Position` over a live :class:`State`."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def tokens(self) -> tuple[TokenId, ...]:
        ids = [t.id for t in self.state.tokens]
        seating = self.state.seating
        if ids == seating:  # every player still in the game, in seating order: most of a game
            return tuple(ids)
        order = dict(zip(seating, range(len(seating))))
        rank = dict.fromkeys(ids, len(order))  # a token not seated sorts after the seated ones
        rank.update(order)
        return tuple(sorted(ids, key=rank.__getitem__))  # no Python key function: asked at every meeting

    def party_of(self, token: TokenId) -> PartyId:
        for candidate in self.state.tokens:  # written out (not ``state.token``): the guilds ask at every hook
            if candidate.id == token:
                return candidate.party
        raise KeyError(f"no token {token!r}")

    def guilds_of(self, party: PartyId) -> frozenset[Guild]:
        for candidate in self.state.parties:
            if candidate.id == party:
                guilds = candidate.guilds
                if len(guilds) == 1:  # a party of one player: its guild's set, made once
                    found = _ONE_GUILD.get(guilds[0])
                    if found is not None:
                        return found
                return _guild_set(tuple(guilds))
        return frozenset()

    def cash(self, party: PartyId) -> int:
        for candidate in self.state.parties:
            if candidate.id == party:
                return candidate.cash
        return 0

    def owner(self, square: int) -> PartyId | None:
        sq = self.state.squares.get(square)
        return None if sq is None else sq.owner

    def buildings(self, square: int) -> int:
        sq = self.state.squares.get(square)
        return 0 if sq is None else sq.houses

    def is_mortgaged(self, square: int) -> bool:
        sq = self.state.squares.get(square)
        return sq is not None and sq.mortgaged

    def square_of(self, token: TokenId) -> int:
        for candidate in self.state.tokens:
            if candidate.id == token:
                return candidate.square
        raise KeyError(f"no token {token!r}")

    def in_jail(self, token: TokenId) -> bool:
        for candidate in self.state.tokens:
            if candidate.id == token:
                return candidate.in_jail
        raise KeyError(f"no token {token!r}")

    def lives(self, party: PartyId) -> int:
        """ELAM guild members (``State.lives`` once ELAM lands; 0 outside ELAM)."""
        lives: Any = getattr(self.state, "lives", None)
        return int(lives.get(party, 0)) if isinstance(lives, dict) else 0


def heads_any(state: State, token_id: TokenId, guilds: frozenset[Guild]) -> bool:
    """Whether the party of ``token_id`` heads one of ``guilds`` (``guilds_of(party_of(token_id))``
    meets them), read straight off the table: the movement asks it of the mover at every roll and
    every walk (has it ways or steps of its own?), and a view, two lookups and a set were most of
    the answer, which is no for most movers."""
    for candidate in state.tokens:
        if candidate.id == token_id:
            party = candidate.party
            break
    else:
        raise KeyError(f"no token {token_id!r}")
    for head in state.parties:
        if head.id == party:
            for name in head.guilds:
                if _GUILDS.get(name) in guilds:
                    return True
            return False
    return False


def position_of(state: State, edition: Edition | None = None) -> TableView:
    """``state`` as the kit's ``Position`` (``edition`` is accepted for the views that will need the
    set's data; the board layout is the same in every edition)."""
    view = _new(TableView)  # TableView(state) without a call of __init__: asked at every hook of every move
    view.state = state
    return view


def currency_profile(edition: Edition) -> CurrencyProfile:
    """The kit's currency profile of the set on the table (fractions round to its unit, R6)."""
    currency = edition.currency
    return _profile(currency.symbol, currency.scale, currency.rounding_unit)


@lru_cache(maxsize=None)
def _profile(symbol: str, scale: int, rounding_unit: int) -> CurrencyProfile:
    """One profile per currency (an immutable value; asked at every payment a guild's power reads)."""
    return CurrencyProfile(symbol, scale, rounding_unit)
