"""Flood: two rolls; each rolled area by the river floods. In turn order from the active player,
every player moves each of their minions out of the flooded areas to an adjacent area this flood did
not hit (they choose where). Buildings, trolls and demons stay. Moves follow the trouble rule; the
Small Gods holder may pay $3 to keep a minion where it is."""
from __future__ import annotations

from companion.morpork.board import ADJACENT, AREA_BY_ID, AREA_IDS
from companion.morpork.events.common import EventContext, area_name, roll_event_area
from companion.morpork.steps import Steps, ask, choose
from companion.morpork.events.small_gods import offer_small_gods
from companion.morpork.pieces import move_piece
from companion.core.procedure import Narrator
from companion.morpork.state import State


def flood(state: State, narrator: Narrator, ctx: EventContext) -> Steps:
    flooded: list[str] = []
    for _ in range(2):
        area = yield from roll_event_area(narrator, ctx)
        if not AREA_BY_ID[area].river:
            narrator.say("event.flood.dry", f"{area_name(area)} does not border the river: no flood there", area)
        elif area in flooded:
            narrator.say("event.flood.again", f"{area_name(area)} is already flooded", area)
        else:
            flooded.append(area)
            narrator.say("event.flood.floods", f"{area_name(area)} is flooded", area)
    for color in state.turn_order_from(ctx.active):
        for area in flooded:
            targets = [a for a in AREA_IDS if a in ADJACENT[area] and a not in flooded]
            stays = 0
            while state.areas[area].minion_count(color) > stays:
                spared = yield from offer_small_gods(state, narrator, ctx, color, area, "minion")
                if spared:
                    stays += 1
                    continue
                target = yield from choose(ask("event.flood.move",
                                                f"{color}: move your minion out of flooded {area_name(area)} to which area?",
                                                color, targets, area=area))
                move_piece(state, area, target, color)
                narrator.say("event.flood.moved", f"a {color} minion escapes from {area_name(area)} to {area_name(target)}",
                             target, player=color, source=area, target=target)
