"""What the board ring marks beyond owners and buildings: the opposite-square pairing when it matters.

The opposite square (``layout.opposite``, "20 squares further", L116, L137) matters to two guilds: a
Wizard under teleport control may go to the square opposite a destination instead (L137, R49), and a
Fool's reversed movement card sends him to the opposite square (L116, R44). So the ring pairs the
square of every token whose party has the Wizards or the Fools with its opposite; for everyone else
the pairing would only be noise.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from companion.morpoly.layout import opposite
from companion.morpoly.state import State

PAIRING_GUILDS: Final = frozenset({"wizards", "fools"})
"""Guilds whose powers send a token to the opposite square."""


@dataclass(frozen=True)
class OppositePair:
    """``token`` stands on ``square``; an effect may send it to ``opposite`` instead."""

    token: str
    square: int
    opposite: int


def opposite_pairs(state: State) -> tuple[OppositePair, ...]:
    """The pairs worth drawing now: tokens (not in jail) of parties with the Wizards or the Fools."""
    guilds = {party.id: set(party.guilds) for party in state.parties}
    return tuple(OppositePair(token.id, token.square, opposite(token.square)) for token in state.tokens
                 if guilds.get(token.party, set()) & PAIRING_GUILDS and not token.in_jail)
