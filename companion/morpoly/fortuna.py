"""Fortuna tokens (optional, reference §5.2, L157–164; rulings R59, R60): the poorest party passing
GO earns a re-roll token after its turn, a party passing GO while not the poorest gives it up.

Only a forward *walk past* GO counts (R59): an exact landing on GO neither earns nor loses a token
(L160), and teleport jumps and backward crossings are no passes. Cash is compared at the moment of
passing, before the salary; ties count as least. A party (a team too, L154) holds at most one token.
Spending a token is the engine's business (a journal barrier at the roll); this module decides who
earns and who loses one.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum

from companion.morpoly.events import Direction, Mode, Passed, Step
from companion.morpoly.layout import GO
from companion.morpoly.position import PartyId


class FortunaChange(Enum):
    NONE = "none"
    GRANT_AFTER_TURN = "grant-after-turn"
    LOSE = "lose"


def passes_go(steps: Iterable[Step]) -> bool:
    """A forward walk went past GO (not onto it)."""
    return any(isinstance(step, Passed) and step.square == GO and step.mode is Mode.WALK
               and step.direction is Direction.FORWARD for step in steps)


def is_poorest(party: PartyId, cash: Mapping[PartyId, int]) -> bool:
    """Least cash of all parties, ties counting as least (R59)."""
    return cash[party] <= min(cash.values())


def at_go(party: PartyId, steps: Iterable[Step], cash_before_salary: Mapping[PartyId, int], holds_token: bool) -> FortunaChange:
    """What a move's steps do to ``party``'s Fortuna token. Appendix 14: the poorest passes GO and
    earns one after his turn; landing exactly on GO keeps it; passing GO while no longer poorest
    loses it."""
    if not passes_go(steps):
        return FortunaChange.NONE
    if is_poorest(party, cash_before_salary):
        return FortunaChange.NONE if holds_token else FortunaChange.GRANT_AFTER_TURN
    return FortunaChange.LOSE if holds_token else FortunaChange.NONE
