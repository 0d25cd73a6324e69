"""Small Gods protection against random events (ruling 5 of ``shared/reference/board.md``).

Whenever an event would remove or move one of the holder's own pieces (a minion or a building), or
place a demon or troll in an area holding the holder's pieces, the holder may pay $3 to the bank to
have the event ignore that piece (a demon or troll so refused is set aside: it stays in the box).
The holder is asked only when the question is real: they hold the Small Gods City Area card (it
was not lost to Bloody Stupid Johnson), they can pay $3, and no demon is in Small Gods (a demon
switches the power off). It is the one City Area power used outside one's own turn, so it is asked
here, inside the event, and not offered as a basic action.
"""
from __future__ import annotations

from collections.abc import Generator

from companion.morpork.actions import AREA_POWERS, can_use_small_gods
from companion.morpork.events.common import EventContext, area_name
from companion.morpork.pieces import pay_bank
from companion.core.procedure import Narrator, Question, choice_question
from companion.morpork.state import State
from companion.morpork.steps import PAY

SMALL_GODS = "small-gods"
PRICE = AREA_POWERS[SMALL_GODS].price
DECLINE = "decline"


def small_gods_holder(state: State) -> str | None:
    """The colour that could use Small Gods against an event right now, or None.

    Needs the card (its building, not lost, not gained this very turn: the rulebook's exception for
    Small Gods is only that it works outside its holder's turn), no demon in Small Gods, and $3 in
    hand. The card's own checks are ``actions.can_use_small_gods``, shared with the turn.
    """
    holder = state.area_card_holder(SMALL_GODS)
    if holder is None or not can_use_small_gods(state, holder):
        return None
    if state.player(holder).money < PRICE:
        return None
    return holder


def holder_has_pieces_in(state: State, holder: str, area: str) -> bool:
    """True when ``holder`` has a minion or the building in ``area`` (a demon or troll would land
    among their pieces)."""
    a = state.areas[area]
    return a.minion_count(holder) > 0 or a.building == holder


def offer_small_gods(state: State, narrator: Narrator, ctx: EventContext, owner: str | None, area: str,
                     kind: str) -> Generator[Question, str, bool]:
    """Ask ``owner`` (the holder whose piece the event touches) whether to pay $3 so the event
    ignores it; returns True when they paid. Asks nothing — and returns False — when ``owner`` is not
    someone who can use Small Gods now.

    ``kind`` is what the event touches: ``minion``, ``building`` or ``pieces`` (a demon or troll
    arriving among them: the event names it, and the line after says it is set aside). The English
    phrase ``what`` is made of it and the area ("minion in The Shades", "pieces in Dimwell"); the
    question's ``area``, ``what`` and ``kind`` params carry the same for translations, ``kind`` for a
    language whose sentence names the piece (Polish "pionki", said of a building on the way out, read
    as if minions were at stake). Every line reads "their {what}", one or many pieces alike ("the
    pieces … is spared" did not).
    """
    what = f"{kind} in {area_name(area)}"
    holder = small_gods_holder(state)
    if owner is None or holder != owner:
        return False
    answer = yield choice_question(
        "event.small-gods", f"{holder}: pay ${PRICE} to Small Gods to protect your {what} from {ctx.event_name}?",
        holder, [PAY, DECLINE], event=ctx.event, area=area, what=what, kind=kind)
    if answer != PAY:
        narrator.say("event.small-gods.declined", f"{holder} does not pay Small Gods for their {what}", area,
                     player=holder, what=what)
        return False
    pay_bank(state, holder, PRICE)
    narrator.say("event.small-gods.paid", f"{holder} pays ${PRICE} to Small Gods to spare their {what}",
                 area, player=holder, what=what, amount=PRICE)
    return True


def offer_small_gods_for_arrival(state: State, narrator: Narrator, ctx: EventContext, area: str,
                                 piece: str) -> Generator[Question, str, bool]:
    """A demon or troll is about to be placed in ``area``: if the Small Gods holder has pieces there
    they may pay $3 to set it aside. Returns True when it is set aside (not placed)."""
    holder = small_gods_holder(state)
    if holder is None or not holder_has_pieces_in(state, holder, area):
        return False
    spared = yield from offer_small_gods(state, narrator, ctx, holder, area, "pieces")
    if spared:
        narrator.say("event.set-aside", f"the {piece} is set aside and goes back to the box", area, piece=piece)
    return spared
