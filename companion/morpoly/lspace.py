"""Free Parking is L-Space (L146–147, R53): a token that lands there rolls at once, multiplies the
faces and walks the product — forward when even, backward when odd — and the square it reaches is
resolved normally. The roll is the square's effect and mandatory. A Wizard chooses the direction
himself (L137). Every L-Space move counts as a teleport for the Wizards' FSU (L140), so it is a
relocation with cause ``L_SPACE``, although it walks (GO passed forward pays, R53).
"""
from __future__ import annotations

from collections.abc import Generator

from companion.core.procedure import Narrator, Question
from companion.morpoly.dice import Dice
from companion.morpoly.editions import Edition
from companion.morpoly.events import Direction, RelocationCause, RollPurpose
from companion.morpoly.fortuna_play import ask_roll
from companion.morpoly.guilds import wizards
from companion.morpoly.moves import move, running
from companion.morpoly.movement import lspace_move, lspace_walk
from companion.morpoly.questions import ask_choice
from companion.morpoly.state import State
from companion.morpoly.table_position import position_of

Hook = Generator[Question, str, None]


def lspace(state: State, edition: Edition, narrator: Narrator, token_id: str) -> Hook:
    first, second = yield from ask_roll(state, narrator, "morpoly.roll.l-space",
                                        f"{token_id}: L-Space! roll the dice; their product moves you", token_id,
                                        RollPurpose.L_SPACE, token=token_id)
    dice = Dice(first, second)
    distance, natural = lspace_move(dice)
    choices = wizards.lspace_directions(position_of(state), token_id, natural)
    direction = natural
    if len(choices) > 1:
        answer = yield from ask_choice(state, narrator, "morpoly.l-space.direction",
                                       f"{token_id}: L-Space moves you {distance}: forward or backward?", token_id,
                                       [choice.value for choice in choices], token=token_id, distance=str(distance))
        direction = Direction(answer)
    if direction is Direction.FORWARD:
        narrator.say("morpoly.l-space.forward", f"{token_id} rolls {dice.first} and {dice.second} in L-Space: "
                     f"{distance} forward", token=token_id, first=dice.first, second=dice.second, distance=distance)
    else:
        narrator.say("morpoly.l-space.backward", f"{token_id} rolls {dice.first} and {dice.second} in L-Space: "
                     f"{distance} backward", token=token_id, first=dice.first, second=dice.second, distance=distance)
    start = state.token(token_id).square
    yield from move(state, edition, narrator, token_id,
                    lspace_walk(token_id, start, dice, running(state, token_id), direction), dice.total,
                    cause=RelocationCause.L_SPACE)
