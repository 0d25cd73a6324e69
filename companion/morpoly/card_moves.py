"""The cards that move a token, as kit walks: "advance to …", "advance to the nearest …", "go back
three squares", "go back to …". Every one is a relocation by a card (the Wizards' cover, L140, R50).

"Advance" cards walk forward — relative to the token's running direction unless option
``cards-always-clockwise`` (R1) — and pay GO on the way; an exact landing on GO by the "Advance to
GO" card pays double unless option ``advance-to-go-card-pays-double`` is off (R3). "Go back" cards
walk backward.

A Wizard's teleport control (L137, R49) is asked when such a card moves him in the variant: he may
go to the square opposite the card's destination instead (reached the same way), choose the
direction of "go back three squares", and go to the *previous* station or utility instead of the
nearest one (walking backward). The kit's :func:`~companion.morpoly.guilds.wizards.control_choices`
says when control applies.
"""
from __future__ import annotations

from collections.abc import Generator

from companion.core.procedure import Narrator, Question
from companion.morpoly.editions import Card, Edition
from companion.morpoly.events import Direction, RelocationCause, Step
from companion.morpoly.guilds import wizards
from companion.morpoly.layout import SQUARES, opposite
from companion.morpoly.moves import move, running
from companion.morpoly.movement import Rotation, card_rotation, walk
from companion.morpoly.questions import ask_choice
from companion.morpoly.rent import CardRent
from companion.morpoly.rules import is_variant
from companion.morpoly.state import State
from companion.morpoly.table_position import position_of

Hook = Generator[Question, str, None]

MOVING_CARDS = frozenset({"advance", "advance-nearest", "back", "back-to"})
AS_DRAWN = "as-drawn"
TIMES = "times"
"""A moving card's own key for the Fools' doubles (L112, rules revision 10): the GO money it pays and
its special rent, times this (:func:`companion.morpoly.fool_cards.modified_card`)."""


def distance(start: int, target: int, direction: Direction, rotation: Rotation) -> int:
    """Squares from ``start`` to ``target`` walking ``direction`` (a full lap when they are equal)."""
    sign = rotation.value * (1 if direction is Direction.FORWARD else -1)
    return ((target - start) * sign) % SQUARES or SQUARES


def nearest(start: int, squares: tuple[int, ...], rotation: Rotation = Rotation.CLOCKWISE) -> int:
    """The first of ``squares`` ahead of ``start``."""
    return min(squares, key=lambda square: distance(start, square, Direction.FORWARD, rotation))


def previous(start: int, squares: tuple[int, ...], rotation: Rotation = Rotation.CLOCKWISE) -> int:
    """The first of ``squares`` behind ``start`` (a Wizard's alternative, L137)."""
    return min(squares, key=lambda square: distance(start, square, Direction.BACKWARD, rotation))


def destinations(state: State, edition: Edition, token_id: str, card: Card) -> dict[str, tuple[int, Direction]]:
    """Where ``card`` may move ``token_id`` — ``as-drawn`` first, then a Wizard's alternatives — as
    (square, direction of the walk)."""
    start = state.token(token_id).square
    rotation = card_rotation(running(state, token_id), state.rules)
    kind = card.kind
    if kind == "advance":
        found = {AS_DRAWN: (int(card.get("to")), Direction.FORWARD)}
    elif kind == "back-to":
        found = {AS_DRAWN: (int(card.get("to")), Direction.BACKWARD)}
    elif kind == "advance-nearest":
        squares = edition.of_kind(str(card.get("to")))
        found = {AS_DRAWN: (nearest(start, squares, rotation), Direction.FORWARD)}
    else:
        back = int(card.get("squares"))
        found = {AS_DRAWN: ((start - rotation.value * back) % SQUARES, Direction.BACKWARD)}
    if not is_variant(state) or not wizards.is_wizard(position_of(state), token_id):
        return found
    target, direction = found[AS_DRAWN]
    if kind == "back":
        found["forward"] = ((start + rotation.value * int(card.get("squares"))) % SQUARES, Direction.FORWARD)
    elif kind == "advance-nearest":
        found["previous"] = (previous(start, edition.of_kind(str(card.get("to"))), rotation), Direction.BACKWARD)
    elif opposite(target) in wizards.control_choices(position_of(state), token_id, RelocationCause.CARD, target,
                                                     state.rules):
        found["opposite"] = (opposite(target), direction)
    return found


def card_move(state: State, edition: Edition, narrator: Narrator, token_id: str, card: Card,
              dice_total: int) -> Hook:
    """Walk where ``card`` sends the token (a Wizard asked first when he has a choice)."""
    found = destinations(state, edition, token_id, card)
    choice = AS_DRAWN
    if len(found) > 1:
        (as_drawn, _), (other, _) = found.values()
        name, other_name = edition.squares[as_drawn].name, edition.squares[other].name
        choice = yield from ask_choice(state, narrator, "morpoly.card.wizard-control",
                                       f"{token_id}: the card sends you to {name}; go there, or to {other_name} "
                                       "instead?", token_id, list(found), token=token_id, card=card.id, name=name,
                                       other=other_name)
    target, direction = found[choice]
    yield from card_walk(state, edition, narrator, token_id, card, target, direction, dice_total,
                         by_card=card.kind == "advance")


def card_walk(state: State, edition: Edition, narrator: Narrator, token_id: str, card: Card, target: int,
              direction: Direction, dice_total: int, *, by_card: bool) -> Hook:
    """Walk ``direction`` to ``target`` because of ``card`` (a relocation by a card, R50). A nearest
    station / utility card's special rent applies when the square is of the card's kind (a Fool's
    reversed card may send him to a street opposite a utility: ordinary rent there). A Fool's doubled
    card (:data:`TIMES`) pays double GO money and charges double the special rent; a plain "advance
    to" card's ordinary rent is the square's, not the card's, and is not doubled."""
    start = state.token(token_id).square
    rotation = card_rotation(running(state, token_id), state.rules)
    steps: tuple[Step, ...] = walk(token_id, start, distance(start, target, direction, rotation), direction, rotation)
    times = int(dict(card.effect).get(TIMES, 1))
    nearest_kind = card.kind == "advance-nearest" and edition.squares[target].kind == str(card.get("to"))
    rent_rule = CardRent(str(card.get("rent")), times) if nearest_kind else None
    yield from move(state, edition, narrator, token_id, steps, dice_total, cause=RelocationCause.CARD,
                    rent_rule=rent_rule, by_card=by_card, go_times=times)
