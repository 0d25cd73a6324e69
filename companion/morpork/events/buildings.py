"""The events that destroy buildings: Explosion, Earthquake, Fire and Subsidence.

A lost building takes its City Area card back to the display (``pieces.remove_building``). Small
Gods can save the holder's building from Explosion, Earthquake and Fire; at a saved building the
fire finds nothing to burn and goes out (the event ignores that piece, as if no building stood
there). Subsidence is a payment, not a removal: a holder who cannot pay $2 cannot pay $3 either.
"""
from __future__ import annotations

from companion.morpork.board import AREA_IDS, is_adjacent
from companion.morpork.events.common import EventContext, area_name, roll_event_area
from companion.morpork.steps import Steps, ask, choose
from companion.morpork.events.removal import remove_building_by_event
from companion.morpork.pieces import pay_bank, remove_building
from companion.core.procedure import Narrator
from companion.morpork.state import State

SUBSIDENCE_COST = 2


def _nothing_to_destroy(narrator: Narrator, area: str) -> None:
    narrator.say("event.no-building", f"there is no building in {area_name(area)}", area)


def explosion(state: State, narrator: Narrator, ctx: EventContext) -> Steps:
    """Roll; remove any building in that area."""
    area = yield from roll_event_area(narrator, ctx)
    if state.areas[area].building is None:
        _nothing_to_destroy(narrator, area)
        return
    yield from remove_building_by_event(state, narrator, ctx, area)


def earthquake(state: State, narrator: Narrator, ctx: EventContext) -> Steps:
    """Roll twice; remove any building in each area rolled (the second roll of the same area finds
    nothing left)."""
    for _ in range(2):
        area = yield from roll_event_area(narrator, ctx)
        if state.areas[area].building is None:
            _nothing_to_destroy(narrator, area)
            continue
        yield from remove_building_by_event(state, narrator, ctx, area)


def fire(state: State, narrator: Narrator, ctx: EventContext) -> Steps:
    """Roll; a building there burns and the die is rolled again. The fire spreads while each new area
    is adjacent to the previous one and holds a building; it dies on an area without a building, one
    not adjacent to the last, or the same area again (an area is not adjacent to itself)."""
    area = yield from roll_event_area(narrator, ctx, purpose="(where the fire breaks out)")
    if state.areas[area].building is None:
        narrator.say("event.fire.nothing", f"no building in {area_name(area)}: the fire finds nothing to burn", area)
        return
    narrator.say("event.fire.breaks-out", f"fire breaks out in {area_name(area)}", area)
    while True:
        burned = yield from remove_building_by_event(state, narrator, ctx, area)
        if not burned:
            narrator.say("event.fire.out", f"the fire goes out in {area_name(area)}", area)
            return
        previous = area
        area = yield from roll_event_area(narrator, ctx, purpose="(does the fire spread?)")
        if area == previous or not is_adjacent(previous, area):
            why = "again" if area == previous else f"is not next to {area_name(previous)}"
            narrator.say("event.fire.not-adjacent", f"{area_name(area)} {why}: the fire goes out", area,
                         previous=previous)
            return
        if state.areas[area].building is None:
            narrator.say("event.fire.no-fuel", f"no building in {area_name(area)}: the fire goes out", area)
            return
        narrator.say("event.fire.spreads", f"the fire spreads from {area_name(previous)} to {area_name(area)}",
                     area, previous=previous)


def subsidence(state: State, narrator: Narrator, ctx: EventContext) -> Steps:
    """Each player, in turn from the active player, pays $2 per building to the bank; a player who
    cannot pay for all pays for as many as they can and chooses which of the others go. With no
    building on the board it says so: nobody pays, and the event's result is not left without a line."""
    if not any(state.areas[a].building for a in AREA_IDS):
        narrator.say("event.subsidence.nothing", "no building on the board: nobody pays")
        return
    for color in state.turn_order_from(ctx.active):
        owned = [a for a in AREA_IDS if state.areas[a].building == color]
        if not owned:
            continue
        due = SUBSIDENCE_COST * len(owned)
        money = state.player(color).money
        if money >= due:
            pay_bank(state, color, due)
            narrator.say("event.subsidence.paid", f"{color} pays ${due} for {len(owned)} building(s)",
                         player=color, amount=due, buildings=len(owned))
            continue
        kept = money // SUBSIDENCE_COST
        if kept == 0:  # said once, before the removals: not "pays $0 for 0 buildings" after them
            narrator.say("event.subsidence.none", f"{color} cannot pay for any of their buildings: they all go",
                         player=color, buildings=len(owned))
        for _ in range(len(owned) - kept):
            standing = [a for a in AREA_IDS if state.areas[a].building == color]
            if kept == 0:
                area = standing[0]  # all of them go: nothing to choose
            else:
                area = yield from choose(ask(
                    "event.subsidence.lose",
                    f"{color}: you can pay for {kept} of your {len(owned)} buildings; which building goes?",
                    color, standing, kept=str(kept), owned=str(len(owned))))
            remove_building(state, area)
            narrator.say("event.building-removed", f"the {color} building in {area_name(area)} is removed",
                         area, player=color, event=ctx.event)
        if kept:
            paid = pay_bank(state, color, SUBSIDENCE_COST * kept)
            narrator.say("event.subsidence.paid", f"{color} pays ${paid} for {kept} building(s)",
                         player=color, amount=paid, buildings=kept)
