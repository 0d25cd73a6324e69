"""The Fools (Narren, L106–132): step onto a card square, walk backward on a 7 and choose the
direction on doubles, modify cards (table A). Their FSU insures against a rolled kind (table B) and
its payout may be modified by a roll (table C, settled by the ledger)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from companion.morpoly.covers import Cover, Guild
from companion.morpoly.dice import CardModification, Dice, fool_cover
from companion.morpoly.events import Direction, Event, Landed, Rolled, RollPurpose
from companion.morpoly.layout import CHANCE, COMMUNITY_CHEST, opposite
from companion.morpoly.movement import Rotation, destination, fool_directions, is_occupied, next_square
from companion.morpoly.options import value
from companion.morpoly.position import PartyId, Position, TokenId

COVERS: Final = (Cover.TRIPLE_DOUBLES, Cover.CHANCE_OR_CHEST, Cover.COMMUNITY_CHEST, Cover.CHANCE)
CARD_SQUARES: Final = CHANCE | COMMUNITY_CHEST


def is_fool(position: Position, token: TokenId) -> bool:
    return Guild.FOOLS in position.guilds_of(position.party_of(token))


def triple_doubles(event: Event, beneficiary: PartyId, insurer: PartyId, position: Position,
                   options: Mapping[str, str]) -> bool:
    """A beneficiary token rolls its third doubles in a row in one turn, whatever follows (R45)."""
    return (isinstance(event, Rolled) and event.purpose is RollPurpose.MOVE and event.dice.is_doubles
            and event.doubles_in_row == 3 and position.party_of(event.token) == beneficiary)


def _lands_on(event: Event, beneficiary: PartyId, position: Position, squares: frozenset[int]) -> bool:
    return isinstance(event, Landed) and event.square in squares and position.party_of(event.token) == beneficiary


def chance_or_chest(event: Event, beneficiary: PartyId, insurer: PartyId, position: Position,
                    options: Mapping[str, str]) -> bool:
    return _lands_on(event, beneficiary, position, CARD_SQUARES)


def community_chest(event: Event, beneficiary: PartyId, insurer: PartyId, position: Position,
                    options: Mapping[str, str]) -> bool:
    return _lands_on(event, beneficiary, position, COMMUNITY_CHEST)


def chance(event: Event, beneficiary: PartyId, insurer: PartyId, position: Position,
           options: Mapping[str, str]) -> bool:
    return _lands_on(event, beneficiary, position, CHANCE)


def kind_of_cover(dice: Dice) -> Cover:
    """Table B, rolled when a Fools' FSU is bought."""
    return fool_cover(dice)


def directions(position: Position, token: TokenId, dice: Dice) -> tuple[Direction, ...]:
    """The directions a token may walk a movement roll: the Fools' rule for a team with the Fools
    (L110, L155), forward otherwise."""
    return fool_directions(dice) if is_fool(position, token) else (Direction.FORWARD,)


def step_target(position: Position, token: TokenId, square: int, running: Rotation = Rotation.CLOCKWISE,
                npc_squares: Sequence[int] = (), options: Mapping[str, str] | None = None) -> int | None:
    """L109, R36: a Fool landing on a square whose next square is Chance or Community Chest with
    nobody on it may step onto it instead (either/or); ``None`` when he may not."""
    if not is_fool(position, token):
        return None
    target = next_square(square, running)
    if target not in CARD_SQUARES or is_occupied(position, target, token, npc_squares, options):
        return None
    return target


def modified_amount(amount: int, modification: CardModification) -> int:
    """Table A on a card's money (positive: he receives, negative: he pays): doubles double it,
    a 7 flips it (same amount, same counterparty), the rest leaves it."""
    if modification is CardModification.DOUBLED:
        return 2 * amount
    if modification is CardModification.REVERSED:
        return -amount
    return amount


def reversed_card_destination(start: int, card_destination: int, card_direction: Direction,
                              options: Mapping[str, str], running: Rotation = Rotation.CLOCKWISE) -> int:
    """Table A's 7 on a card that moves him (L116, R44): the square opposite the card's destination
    (default), or — option ``fool_reverse_movement = reverse-direction`` — the same distance the
    other way. From 10 with "go back three squares" (to 7): 27 by default, 13 reversed."""
    if value(options, "fool-reverse-movement") == "opposite-square":
        return opposite(card_destination)
    sign = 1 if card_direction is Direction.FORWARD else -1
    distance = ((card_destination - start) * sign * running.value) % 40
    back = Direction.BACKWARD if card_direction is Direction.FORWARD else Direction.FORWARD
    return destination(start, distance, back, running)


JAIL_CARD_SWAP: Final = {"go-to-jail": "get-out-of-jail-free", "get-out-of-jail-free": "go-to-jail"}
"""Table A's 7: go-to-jail and get-out-of-jail-free cards swap (L115)."""
