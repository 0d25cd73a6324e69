"""What fires when a token arrives where others stand, after its square is resolved (R5), in ELAM:
the Luggage follows its companion, an Assassin may attack, a newcomer may hire the Assassins, and
the NPCs on the square meet the newcomer. Each check is made again after the one before, because a
death or a flight takes the token off the square."""
from __future__ import annotations

from collections.abc import Generator

from companion.core.procedure import Narrator, Question
from companion.morpoly.editions import Edition
from companion.morpoly.elam import assassins, npcs
from companion.morpoly.elam.table import is_played
from companion.morpoly.revisions import AUDITED
from companion.morpoly.rules import token_alive
from companion.morpoly.state import State

Meeting = Generator[Question, str, None]


def after_arrival(state: State, edition: Edition, narrator: Narrator, token_id: str, square: int,
                  spat_out_by: str | None = None) -> Meeting:
    """``token_id``'s walk ended on ``square`` and the square was resolved. Nothing happens when the
    square already sent it on (a card, jail, a death): the later arrival had its own meetings. A
    player the Luggage spat out here (``spat_out_by``, L195) has landed too (R5), but is not met
    again by the Luggage that carried him."""
    if not is_played(state) or not token_alive(state, token_id):
        return
    luggage_came = _luggage_comes(state, token_id, square)
    npcs.follow(state, token_id)
    if _still_on(state, token_id, square):
        yield from assassins.may_attack(state, edition, narrator, token_id)
    if _still_on(state, token_id, square):
        yield from assassins.may_hire(state, edition, narrator, token_id)
    if _still_on(state, token_id, square):
        yield from npcs.meet_arrival(state, edition, narrator, token_id, spat_out_by)
    if luggage_came:
        yield from npcs.luggage_arrives(state, edition, narrator, token_id, square)


def resolve_square(state: State, edition: Edition, narrator: Narrator, token_id: str, dice_total: int) -> Meeting:
    """A token placed on a square that it must resolve (the Assassin after a contract, L180): the
    square, then the NPCs standing there."""
    from companion.morpoly.landing import arrive

    square = state.token(token_id).square
    yield from arrive(state, edition, narrator, token_id, dice_total)
    if state.revision >= AUDITED and _still_on(state, token_id, square):
        from companion.morpoly.powers import meetings

        yield from meetings(state, edition, narrator, token_id)  # an arrival: the guilds' meetings too (R5)
    if _still_on(state, token_id, square):
        luggage_came = _luggage_comes(state, token_id, square)
        npcs.follow(state, token_id)
        yield from npcs.meet_arrival(state, edition, narrator, token_id)
        if luggage_came:
            yield from npcs.luggage_arrives(state, edition, narrator, token_id, square)


def _luggage_comes(state: State, token_id: str, square: int) -> bool:
    """Whether the Luggage comes to ``square`` with ``token_id``, its companion, and so meets the
    tokens already there (L192, R65; rules revision 9): the token arrived there, out of jail, and the
    Luggage last stood elsewhere."""
    return (state.revision >= AUDITED and state.npcs is not None and state.npcs.luggage_with == token_id
            and state.npcs.luggage != square and _still_on(state, token_id, square))


def _still_on(state: State, token_id: str, square: int) -> bool:
    if state.game_over is not None or not token_alive(state, token_id):
        return False
    token = state.token(token_id)
    return token.square == square and not token.in_jail
