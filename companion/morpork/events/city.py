"""The events that need no die for pieces, or touch the city as a whole: Riots and Bloody Stupid
Johnson (Fog, which touches the cards, is in ``companion.morpork.events.fog``)."""
from __future__ import annotations

from companion.morpork.events.common import EventContext, area_name, roll_event_area
from companion.morpork.scoring import RIOT_THRESHOLD
from companion.morpork.steps import Steps, end_on_points
from companion.morpork.events.removal import remove_piece_by_event
from companion.core.procedure import Narrator
from companion.morpork.state import State


def riots(state: State, narrator: Narrator, ctx: EventContext) -> Steps:
    """Eight or more trouble markers: the game ends at once and is scored on points (Commander Vimes
    does not win by it; he may still win on points)."""
    markers = state.trouble_on_board()
    if markers < RIOT_THRESHOLD:
        narrator.say("event.riots.calm", f"{markers} trouble markers: fewer than {RIOT_THRESHOLD}, no riot",
                     markers=markers)
        return
    end_on_points(state, "riots")
    winners = ", ".join(state.game_over.winners) if state.game_over else ""
    narrator.say("event.riots.game-over", f"{markers} trouble markers: riots! The game ends on points; winner: {winners}",
                 markers=markers, winners=winners)
    return
    yield  # pragma: no cover - makes this a generator like every event


def bloody_stupid_johnson(state: State, narrator: Narrator, ctx: EventContext) -> Steps:
    """Roll; if that area's City Area card is in play it is set aside for the rest of the game (its
    power is gone; the building still counts for control and value), and its owner removes one of
    their minions from that area."""
    area = yield from roll_event_area(narrator, ctx)
    owner = state.area_card_holder(area)
    if owner is None:
        narrator.say("event.johnson.nothing", f"the City Area card for {area_name(area)} is not in play", area)
        return
    state.lost_area_cards.append(area)
    narrator.say("event.johnson.card-lost", f"{owner} loses the City Area card for {area_name(area)} for the rest of the game",
                 area, player=owner)
    if state.areas[area].minion_count(owner) == 0:
        narrator.say("event.johnson.no-minion", f"{owner} has no minion in {area_name(area)} to remove", area, player=owner)
        return
    yield from remove_piece_by_event(state, narrator, ctx, area, owner)
