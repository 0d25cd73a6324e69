"""Mysterious Murders (ruling 13): each player in turn from the active player rolls and removes any
minion, troll or demon of their choice in that area, their own included; when only their own are
there, one of them must go; nothing happens in an empty area. The trouble marker there leaves with
the piece (the trouble rule)."""
from __future__ import annotations

from companion.morpork.events.common import EventContext, area_name, roll_event_area
from companion.morpork.steps import Steps, ask, choose
from companion.morpork.events.removal import remove_piece_by_event
from companion.core.procedure import Narrator
from companion.morpork.state import NEUTRAL_PIECES, State


def murder_victims(state: State, area: str) -> list[str]:
    """The pieces one may murder in ``area``: colours in turn order, then ``troll``, ``demon``."""
    here = state.areas[area]
    colors = [c for c in state.colors if here.minion_count(c) > 0]
    return colors + [p for p in NEUTRAL_PIECES if (here.trolls if p == "troll" else here.demons) > 0]


def mysterious_murders(state: State, narrator: Narrator, ctx: EventContext) -> Steps:
    for roller in state.turn_order_from(ctx.active):
        area = yield from roll_event_area(narrator, ctx, roller=roller)
        victims = murder_victims(state, area)
        if not victims:
            narrator.say("event.murders.empty", f"nobody is in {area_name(area)}: no murder", area, player=roller)
            continue
        piece = yield from choose(ask("event.murders.victim", f"{roller}: which piece in {area_name(area)} is murdered?",
                                      roller, victims, area=area))
        # A free choice of one's own minion is not the event's doing; a forced one is.
        chosen_by = roller if len(victims) > 1 else None
        yield from remove_piece_by_event(state, narrator, ctx, area, piece, chosen_by=chosen_by)
