"""The Dragon: roll; everything in that area goes — minions, trolls, demons, the trouble marker and
the building. Small Gods may spare each of the holder's pieces ($3 each), an interrupt each minion."""
from __future__ import annotations

from companion.morpork.events.common import EventContext, area_name, roll_event_area
from companion.morpork.steps import Steps
from companion.morpork.events.removal import remove_building_by_event, remove_piece_by_event
from companion.morpork.pieces import remove_piece, remove_trouble
from companion.core.procedure import Narrator
from companion.morpork.state import State


def the_dragon(state: State, narrator: Narrator, ctx: EventContext) -> Steps:
    area = yield from roll_event_area(narrator, ctx, purpose="(where the dragon lands)")
    narrator.say("event.dragon.lands", f"the dragon lands in {area_name(area)}", area)
    here = state.areas[area]
    for color in state.turn_order_from(ctx.active):
        # Each minion separately: each may be spared (Small Gods) or answered (an interrupt).
        spared = 0
        while here.minion_count(color) > spared:
            gone = yield from remove_piece_by_event(state, narrator, ctx, area, color)
            if not gone:
                spared += 1
    # The building before the trolls and demons: the dragon strikes everything at once, so a demon
    # standing in Small Gods keeps the power off for every piece there.
    yield from remove_building_by_event(state, narrator, ctx, area)
    while here.trolls:
        remove_piece(state, area, "troll")
        narrator.say("event.piece-removed", f"a troll is removed from {area_name(area)}", area, piece="troll",
                     event=ctx.event)
    while here.demons:
        remove_piece(state, area, "demon")
        narrator.say("event.piece-removed", f"a demon is removed from {area_name(area)}", area, piece="demon",
                     event=ctx.event)
    if remove_trouble(state, area):
        narrator.say("event.trouble-removed", f"the trouble marker in {area_name(area)} is removed", area)
