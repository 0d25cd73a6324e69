"""The standard 40-square board (reference §0.2): what every edition shares — indices, square kinds,
groups and the opposite square. Names and amounts are edition data and live with the editions.

Index 0 is GO and indices increase clockwise, the normal direction of play.
"""
from __future__ import annotations

from enum import Enum
from typing import Final

SQUARES: Final = 40
GO: Final = 0
JAIL: Final = 10
L_SPACE: Final = 20
GO_TO_JAIL: Final = 30
COMMUNITY_CHEST: Final = frozenset({2, 17, 33})
CHANCE: Final = frozenset({7, 22, 36})
TAXES: Final = frozenset({4, 38})
PUBS: Final = (5, 15, 25, 35)
CULTURAL_SITES: Final = (12, 28)
COLOUR_GROUPS: Final[dict[str, tuple[int, ...]]] = {
    "brown": (1, 3), "light-blue": (6, 8, 9), "pink": (11, 13, 14), "orange": (16, 18, 19),
    "red": (21, 23, 24), "yellow": (26, 27, 29), "green": (31, 32, 34), "dark-blue": (37, 39),
}
GROUPS: Final[dict[str, tuple[int, ...]]] = {**COLOUR_GROUPS, "pubs": PUBS, "cultural-sites": CULTURAL_SITES}
"""Every "one player owns all of it" test uses these: each colour group, the four pubs, both sites."""

STREETS: Final = frozenset(square for group in COLOUR_GROUPS.values() for square in group)
OWNABLE: Final = STREETS | frozenset(PUBS) | frozenset(CULTURAL_SITES)


class Kind(Enum):
    GO = "go"
    STREET = "street"
    COMMUNITY_CHEST = "community-chest"
    CHANCE = "chance"
    TAX = "tax"
    PUB = "pub"
    CULTURAL_SITE = "cultural-site"
    JAIL = "jail"
    L_SPACE = "l-space"
    GO_TO_JAIL = "go-to-jail"


def kind(square: int) -> Kind:
    check_square(square)
    if square in STREETS:
        return Kind.STREET
    if square in PUBS:
        return Kind.PUB
    if square in CULTURAL_SITES:
        return Kind.CULTURAL_SITE
    if square in COMMUNITY_CHEST:
        return Kind.COMMUNITY_CHEST
    if square in CHANCE:
        return Kind.CHANCE
    if square in TAXES:
        return Kind.TAX
    return {GO: Kind.GO, JAIL: Kind.JAIL, L_SPACE: Kind.L_SPACE, GO_TO_JAIL: Kind.GO_TO_JAIL}[square]


def check_square(square: int) -> int:
    if not isinstance(square, int) or not 0 <= square < SQUARES:
        raise ValueError(f"a square is 0 to {SQUARES - 1}, not {square!r}")
    return square


def group_of(square: int) -> tuple[int, ...]:
    """The group an ownable square belongs to (all squares of it); a non-ownable square has none."""
    for group in GROUPS.values():
        if square in group:
            return group
    raise ValueError(f"square {square!r} is not ownable and has no group")


def opposite(square: int) -> int:
    """"20 squares further" (L116, L137): GO↔L-Space, jail↔Go To Jail, pubs↔pubs, 22↔2."""
    return (check_square(square) + SQUARES // 2) % SQUARES
