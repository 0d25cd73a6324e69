"""Small questions about an ELAM table that several ELAM modules ask."""
from __future__ import annotations

from companion.morpoly.covers import Guild
from companion.morpoly.currency import CurrencyProfile
from companion.morpoly.editions import Edition
from companion.morpoly.position import TablePosition
from companion.morpoly.state import State


def is_played(state: State) -> bool:
    return state.rules.get("elam") == "on"


def guilds_of_token(state: State, token_id: str) -> frozenset[Guild]:
    """Every guild of the token's team applies to the token (L154)."""
    return frozenset(Guild(g) for g in state.party_of(token_id).guilds)


def has_guild(state: State, token_id: str, guild: Guild) -> bool:
    return guild in guilds_of_token(state, token_id)


def position(state: State) -> TablePosition:
    """The kit's read-only view of the table, for its pure rule functions."""
    return TablePosition(
        squares={t.id: t.square for t in state.tokens},
        parties={t.id: t.party for t in state.tokens},
        guilds={p.id: frozenset(Guild(g) for g in p.guilds) for p in state.parties},
        money={p.id: p.cash for p in state.parties},
        owners={i: sq.owner for i, sq in state.squares.items() if sq.owner is not None},
        houses={i: sq.houses for i, sq in state.squares.items() if sq.houses},
        mortgaged=frozenset(i for i, sq in state.squares.items() if sq.mortgaged),
        jailed=frozenset(t.id for t in state.tokens if t.in_jail),
        members=dict(state.lives),
    )


def profile(edition: Edition) -> CurrencyProfile:
    """The kit's currency profile of the set on the table (scale and rounding unit, R6, R73)."""
    currency = edition.currency
    return CurrencyProfile(currency.symbol, currency.scale, currency.rounding_unit)


def tokens_on(state: State, square: int) -> list[str]:
    """Tokens standing on ``square`` in seating order; prisoners sit *in* jail and stand nowhere (R4)."""
    order = {token: i for i, token in enumerate(state.seating)}
    return sorted((t.id for t in state.tokens if t.square == square and not t.in_jail),
                  key=lambda t: order.get(t, len(order)))
