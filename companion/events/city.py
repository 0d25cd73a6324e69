"""The events that need no die for pieces, or touch the city as a whole: Riots, Fog and Bloody
Stupid Johnson."""
from __future__ import annotations

from companion.events.common import EventContext, EventSteps, area_name, end_on_draw_pile, end_on_points, roll_for_area
from companion.events.removal import remove_piece_by_event
from companion.procedure import Narrator
from companion.state import State

RIOT_THRESHOLD = 8
FOG_CARDS = 5


def riots(state: State, narrator: Narrator, ctx: EventContext) -> EventSteps:
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


def fog(state: State, narrator: Narrator, ctx: EventContext) -> EventSteps:
    """The top five cards of the draw pile go to the discard pile, face up (fewer when fewer are
    left: ruling 9); an empty draw pile ends the game. The companion counts the draw pile but does
    not learn which cards these were, so the discard pile's list of known cards is unchanged."""
    gone = min(FOG_CARDS, state.draw_pile)
    state.draw_pile -= gone
    narrator.say("event.fog.discards", f"fog: {gone} card(s) from the draw pile are discarded; {state.draw_pile} left",
                 cards=gone, left=state.draw_pile)
    if state.draw_pile == 0:
        end_on_draw_pile(state)
        winners = ", ".join(state.game_over.winners) if state.game_over else ""
        narrator.say("event.fog.game-over", f"the draw pile is empty: the game ends; winner: {winners}",
                     winners=winners)
    return
    yield  # pragma: no cover - makes this a generator like every event


def bloody_stupid_johnson(state: State, narrator: Narrator, ctx: EventContext) -> EventSteps:
    """Roll; if that area's City Area card is in play it is set aside for the rest of the game (its
    power is gone; the building still counts for control and value), and its owner removes one of
    their minions from that area."""
    area = yield from roll_for_area(narrator, ctx)
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
