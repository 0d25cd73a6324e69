"""Taking pieces off the board because of an event, with the answers the rules allow first:
Small Gods for the holder's pieces (ruling 5), then an interrupt window for a player's minion
(ruling 6). Every event that removes something goes through here, so the two protections behave the
same in all twelve.
"""
from __future__ import annotations

from collections.abc import Generator

from companion.morpork.events.common import EventContext, area_name
from companion.morpork.events.interrupts import offer_removal_interrupt
from companion.morpork.events.small_gods import offer_small_gods
from companion.morpork.pieces import remove_building, remove_piece
from companion.core.procedure import Narrator, Question
from companion.morpork.state import State


def piece_phrase(piece: str) -> str:
    """"red minion", "troll", "demon"."""
    return piece if piece in ("troll", "demon") else f"{piece} minion"


def remove_piece_by_event(state: State, narrator: Narrator, ctx: EventContext, area: str, piece: str, *,
                          chosen_by: str | None = None) -> Generator[Question, str, bool]:
    """Remove one ``piece`` (a colour, ``troll`` or ``demon``) from ``area``; returns True when it
    left the area (removed, or relocated by Igor / Fresh Start Club).

    ``chosen_by`` is the player who freely picked this piece (Mysterious Murders): a player who
    chooses their own minion when they could have chosen another is offered neither Small Gods nor
    an interrupt against their own choice.
    """
    owner = piece if state.has_player(piece) else None
    if owner is not None and chosen_by != owner:
        spared = yield from offer_small_gods(state, narrator, ctx, owner, area, "minion")
        if spared:
            return False
        outcome = yield from offer_removal_interrupt(state, narrator, owner, area, piece,
                                                     ask=ctx.ask_interrupts, cause=ctx.event_name)
        if outcome.prevented_removal:
            return outcome.minion_left_area
    remove_piece(state, area, piece)
    narrator.say("event.piece-removed", f"a {piece_phrase(piece)} is removed from {area_name(area)}", area,
                 piece=piece, event=ctx.event)
    return True


def remove_building_by_event(state: State, narrator: Narrator, ctx: EventContext,
                             area: str) -> Generator[Question, str, bool]:
    """Remove the building in ``area`` (its City Area card goes back); True when it was removed,
    False when there was none or its owner saved it with Small Gods."""
    owner = state.areas[area].building
    if owner is None:
        return False
    spared = yield from offer_small_gods(state, narrator, ctx, owner, area, "building")
    if spared:
        return False
    remove_building(state, area)
    narrator.say("event.building-removed", f"the {owner} building in {area_name(area)} is destroyed", area,
                 player=owner, event=ctx.event)
    return True
