"""The movement vocabulary of reference §0.3 and the destinations of every special move.

A **walk** passes every square between its start and destination and lands on the destination; a
**teleport** (the Wizard's dice teleport, the Luggage's carry) lands without passing anything; a
**placement** (jail, the return to GO, the contract jump) puts a token down without moving it. The
functions here turn a move into its path steps (:class:`~companion.morpoly.events.Passed` /
:class:`~companion.morpoly.events.Landed`), from which the GO money and the FSU expiries follow.

Directions are relative to the token's running direction (R1, R71): ``FORWARD`` means clockwise
until CMOT Dibbler reverses the token.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import lru_cache

from companion.core.frozen import instance
from companion.morpoly.dice import Dice, probability, product_is_odd
from companion.morpoly.events import (Died, Direction, Event, Jailed, Landed, Met, Mode, MustPay, Passed,
                                      PremiumDue, Relocated, Rolled, Step, Stolen)
from companion.morpoly.layout import GO, SQUARES, check_square, opposite
from companion.morpoly.options import is_on, value
from companion.morpoly.position import Position, TokenId

__all__ = [
    "Died", "Direction", "Event", "Jailed", "Landed", "Met", "Mode", "MustPay", "Passed", "PremiumDue",
    "Relocated", "Rolled", "Rotation", "SplitHalves", "Step", "Stolen", "card_rotation", "chance_to_land", "destination", "fool_directions",
    "go_salaries", "any_occupied", "is_occupied", "lspace_move", "lspace_walk", "luggage_race", "next_square", "opposite", "placement",
    "pub_parts", "split_salaries", "step", "teleport", "undead_split", "walk", "wizard_teleport",
    "wizard_teleport_target",
]


class Rotation(Enum):
    """A token's running direction on the board (clockwise at the start; Dibbler's 7 flips it)."""

    CLOCKWISE = 1
    COUNTER_CLOCKWISE = -1

    __hash__ = object.__hash__
    """Identity, as :class:`~companion.morpoly.covers.Guild` hashes: Enum's own hash is a Python function, and a walk's steps are looked up by direction and rotation at every move."""

    def reversed(self) -> Rotation:
        return Rotation.COUNTER_CLOCKWISE if self is Rotation.CLOCKWISE else Rotation.CLOCKWISE


def _sign(direction: Direction, running: Rotation) -> int:
    return _SIGNS[direction, running]


_SIGNS = {(direction, running): running.value * (1 if direction is Direction.FORWARD else -1)
          for direction in Direction for running in Rotation}
"""+1 or -1 for each direction and running direction, found once (an enum's ``value`` is a
Python-level property, and a move asks several times)."""


def destination(start: int, distance: int, direction: Direction = Direction.FORWARD,
                running: Rotation = Rotation.CLOCKWISE) -> int:
    """The square ``distance`` squares from ``start`` in ``direction``."""
    return (check_square(start) + _sign(direction, running) * distance) % SQUARES


def next_square(square: int, running: Rotation = Rotation.CLOCKWISE) -> int:
    """"Next square" = one square further in the running direction (R1)."""
    return destination(square, 1, Direction.FORWARD, running)


@lru_cache(maxsize=None)
def walk(token: TokenId, start: int, distance: int, direction: Direction = Direction.FORWARD,
         running: Rotation = Rotation.CLOCKWISE) -> tuple[Step, ...]:
    """The path steps of a walk: each square passed in order, then the landing.

    Made once per walk (token, start, distance, direction, running): the steps are immutable
    values, and a game walks the same few hundred walks again and again (a step a square, made at
    every move, was a twentieth of a simulated game)."""
    if distance < 1:
        raise ValueError(f"a walk covers at least one square, not {distance!r}")
    origin, sign = check_square(start), _sign(direction, running)  # each square as destination() finds it
    # Passed(token, square, direction) and Landed(…) made at once (core.frozen): a walk is a step a square
    steps: list[Step] = [instance(Passed, {"token": token, "square": (origin + sign * k) % SQUARES,
                                           "direction": direction, "mode": Mode.WALK}) for k in range(1, distance)]
    steps.append(instance(Landed, {"token": token, "square": (origin + sign * distance) % SQUARES,
                                   "mode": Mode.WALK, "direction": direction}))
    return tuple(steps)


def teleport(token: TokenId, to: int, direction: Direction = Direction.FORWARD) -> tuple[Step, ...]:
    """A teleport or carry: the squares jumped over are not passed (L136, R67)."""
    return (Landed(token, check_square(to), Mode.TELEPORT, direction),)


def placement(token: TokenId, to: int) -> tuple[Step, ...]:
    """Put on a square without moving (jail, GO after a death, the contract jump): nothing passed."""
    return (Landed(token, check_square(to), Mode.PLACEMENT),)


def go_salaries(steps: Iterable[Step], options: Mapping[str, str] | None = None, by_card: bool = False) -> int:
    """How many GO salaries a move's steps earn (B7, R3): one for passing GO on a forward walk, two
    for landing exactly on GO by a forward walk or a teleport, none for placements or a backward
    pass. A backward walk landing exactly on GO pays double under L15 (option
    ``backward-go-landing``, default from the source) or nothing (the reference's R3). ``by_card``:
    the move is an "Advance to GO" card (option ``advance-to-go-card-pays-double``)."""
    opts = options or {}
    salaries = 0
    for step in steps:
        if step.square != GO:
            continue
        if isinstance(step, Passed):
            salaries += 1 if step.mode is Mode.WALK and step.direction is Direction.FORWARD else 0
        elif step.mode is Mode.TELEPORT:
            salaries += 2
        elif step.mode is Mode.WALK and step.direction is Direction.FORWARD:
            salaries += 1 if by_card and not is_on(opts, "advance-to-go-card-pays-double") else 2
        elif step.mode is Mode.WALK:
            salaries += 2 if value(opts, "backward-go-landing") == "double" else 0
    return salaries


def is_occupied(position: Position, square: int, mover: TokenId, npc_squares: Sequence[int] = (),
                options: Mapping[str, str] | None = None) -> bool:
    """Another player's token stands on ``square`` (teammates included); prisoners sit in jail and
    never occupy square 10 (L91, R4); NPCs occupy only under option ``npcs-occupy-squares``."""
    for token in position.tokens():
        if token != mover and position.square_of(token) == square and not position.in_jail(token):
            return True
    return square in npc_squares and is_on(options or {}, "npcs-occupy-squares")


def any_occupied(position: Position, squares: tuple[int, ...], mover: TokenId, npc_squares: Sequence[int] = (),
                 options: Mapping[str, str] | None = None) -> bool:
    """Whether :func:`is_occupied` holds of any of ``squares``: the tokens walked once for all of
    them (the Undead's split asks it of three squares, the Wizards' teleport of two, at every roll
    of theirs: a walk over the tokens each, with two calls a token)."""
    for token in position.tokens():
        if token != mover and position.square_of(token) in squares and not position.in_jail(token):
            return True
    if not npc_squares:  # (outside ELAM: no generator made for the NPCs' squares)
        return False
    return any(square in npc_squares for square in squares) and is_on(options or {}, "npcs-occupy-squares")


# --- the special moves ------------------------------------------------------------------------

def pub_parts(dice: Dice) -> tuple[int, int]:
    """A token standing on a pub walks the lower die first, then the higher (L145)."""
    return dice.low, dice.high


def lspace_move(dice: Dice) -> tuple[int, Direction]:
    """L-Space (L147): the product of the faces, forward if even, backward if odd."""
    return dice.product, Direction.BACKWARD if product_is_odd(dice) else Direction.FORWARD


def fool_directions(dice: Dice) -> tuple[Direction, ...]:
    """The directions a Fool may walk a movement roll (L110, R43): a 7 backward, doubles either way."""
    if dice.is_doubles:
        return Direction.FORWARD, Direction.BACKWARD
    if dice.total == 7:
        return (Direction.BACKWARD,)
    return (Direction.FORWARD,)


@dataclass(frozen=True)
class SplitHalves:
    """The Undead split (L83): the first half walks the lower die, the second the higher, both from
    the start square; both landings are resolved, the first completely before the second."""

    start: int
    first_die: int
    second_die: int
    first: int
    second: int


def undead_split(position: Position, token: TokenId, dice: Dice, running: Rotation = Rotation.CLOCKWISE,
                 direction: Direction = Direction.FORWARD, npc_squares: Sequence[int] = (),
                 options: Mapping[str, str] | None = None) -> SplitHalves | None:
    """The split the Undead may make instead of moving, or ``None`` when it is not allowed: on
    doubles, or when another player's token stands on the start square or on either square a half
    reaches by its die walk (L83; prisoners do not count, L91). ``direction``: a Fools-Undead team
    splits backward on a 7 (L155)."""
    if dice.is_doubles:
        return None
    start = position.square_of(token)
    first = destination(start, dice.low, direction, running)
    second = destination(start, dice.high, direction, running)
    if any_occupied(position, (start, first, second), token, npc_squares, options):
        return None
    return SplitHalves(start, dice.low, dice.high, first, second)


def split_salaries(kept_half: Iterable[Step], *, backward_landing: bool = False) -> int:
    """GO with a split (L84): one salary if the kept half passed or landed on GO going forward —
    even when it landed exactly on GO — and nothing for the removed half's crossing.
    ``backward_landing`` (rules revision 9, under ``backward-go-landing=double``): a half kept on GO
    that landed there walking backward (a Fools-Undead team's 7, L155) is paid the single salary too —
    L84 "direkt auf Los landen" names no direction, and the source's only backward exception is
    crossing GO (L110)."""
    return 1 if any(step.square == GO and step.mode is Mode.WALK
                    and (step.direction is Direction.FORWARD or (backward_landing and not isinstance(step, Passed)))
                    for step in kept_half) else 0


def wizard_teleport_target(start: int, dice: Dice, running: Rotation = Rotation.CLOCKWISE) -> int | None:
    """Where a Wizard's spontaneous teleport goes (L136): forward by the product on doubles or a 7."""
    if not (dice.is_doubles or dice.total == 7):
        return None
    return destination(start, dice.product, Direction.FORWARD, running)


def wizard_teleport(position: Position, token: TokenId, dice: Dice, running: Rotation = Rotation.CLOCKWISE,
                    npc_squares: Sequence[int] = (), options: Mapping[str, str] | None = None) -> int | None:
    """The teleport destination the Wizard may choose, or ``None`` when he must walk: not doubles or
    7, or a token (another player's, teammates included, not a prisoner; R48) stands on his start
    square or on the target."""
    start = position.square_of(token)
    target = wizard_teleport_target(start, dice, running)
    if target is None:
        return None
    if any_occupied(position, (start, target), token, npc_squares, options):
        return None
    return target


def card_rotation(running: Rotation, options: Mapping[str, str] | None = None) -> Rotation:
    """The rotation an "advance to …" card moves a token (R1): its running direction, or clockwise
    under option ``cards-always-clockwise``."""
    return Rotation.CLOCKWISE if is_on(options or {}, "cards-always-clockwise") else running


def step(token: TokenId, square: int, running: Rotation = Rotation.CLOCKWISE) -> tuple[Step, ...]:
    """A one-square step forward (fleeing an Assassin, or a step taken after the square was
    resolved): a walk (R36), so it can pass or land on GO and end FSUs. The Beggars' and Fools'
    step is either/or (L78): the skipped square is not entered, so that move is one walk of
    ``distance + 1`` — the skipped square is *passed*, and only the step's square is landed on."""
    return walk(token, square, 1, Direction.FORWARD, running)


def lspace_walk(token: TokenId, start: int, dice: Dice, running: Rotation = Rotation.CLOCKWISE,
                direction: Direction | None = None) -> tuple[Step, ...]:
    """The L-Space move from ``start`` (L147, R53): the product, forward if even, backward if odd —
    a walk. A Wizard chooses the ``direction`` himself (L137)."""
    distance, natural = lspace_move(dice)
    return walk(token, start, distance, direction or natural, running)


def luggage_race(token: TokenId, start: int, dice: Dice) -> tuple[Step, ...]:
    """The Luggage's race (table E, R67): the swallowed player's product, even forward, odd backward
    (clockwise is forward), as a carry — nothing is passed, an exact landing on GO pays double."""
    distance, direction = lspace_move(dice)
    return teleport(token, destination(start, distance, direction, Rotation.CLOCKWISE), direction)


def chance_to_land(start: int, squares: Iterable[int], running: Rotation = Rotation.CLOCKWISE) -> Fraction:
    """The chance that the next ordinary movement roll from ``start`` ends on one of ``squares`` (the
    exposure view, §8.1: "P(lands on Chance next roll)")."""
    targets = frozenset(squares)
    return probability(lambda dice: destination(start, dice.total, Direction.FORWARD, running) in targets)
