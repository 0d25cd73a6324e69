"""Texts about buildings: removing one (The Fire Brigade), swapping one for yours (Reacher Gilt,
Sybil Vimes), building for half price (Wee Mad Arthur)."""
from __future__ import annotations

from companion.morpork.actions import buildable_areas, build
from companion.morpork.board import AREA_BY_ID, AREA_IDS
from companion.morpork.cards.common import Effect, TurnContext, choose_player, other_players
from companion.morpork.steps import Steps, ask, pay_or
from companion.morpork.cards.interrupts import text_cancelled
from companion.morpork.pieces import place_building, remove_building, transfer
from companion.core.procedure import Narrator
from companion.morpork.state import State

FIRE_BRIGADE_PRICE = 5
REFUSE = "refuse"


def fire_brigade(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """The Fire Brigade: a player pays you $5, or you may remove one of their buildings."""
    victim = yield from choose_player(state, ctx, f"{ctx.player}: threaten whose buildings?",
                                      other_players(state, ctx.player))
    if victim is None or (yield from text_cancelled(state, narrator, ctx, victim)):
        return
    if (yield from pay_or(state, narrator, victim, ctx.player, FIRE_BRIGADE_PRICE, REFUSE,
                          key="card.fire-brigade-pay", text=f"{victim}: pay {ctx.player} $5, or risk a building?",
                          card=ctx.card)):
        return
    buildings = [a for a in AREA_IDS if state.areas[a].building == victim]
    if not buildings:
        narrator.say("symbol.no-option.no-building", f"{victim} has no building to lose", player=victim)
        return
    area = yield ask("card.fire-brigade-remove", f"{ctx.player}: remove which {victim} building?", ctx.player,
                     [*buildings, "skip"], card=ctx.card, victim=victim)
    if area != "skip":
        remove_building(state, area)
        narrator.say("building.removed", f"the {victim} building in {area} burns down", area, player=victim)


def _swap_building(with_trouble: bool) -> Effect:
    def effect(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
        """Reacher Gilt (area with a trouble marker) / Sybil Vimes (without): swap another player's
        building for one of yours, paying its owner the building's cost."""
        color = ctx.player
        if state.buildings_in_supply(color) == 0:
            narrator.say("symbol.no-option.swap-in", f"{color} has no building left to swap in", player=color)
            return
        options = [a for a in AREA_IDS
                   if state.areas[a].building not in (None, color) and state.areas[a].trouble == with_trouble
                   and state.areas[a].building not in ctx.shielded
                   and state.player(color).money >= AREA_BY_ID[a].cost]
        if not options:
            narrator.say("symbol.no-option.swap", f"{color} has no building it can swap", player=color)
            return
        area = yield ask("card.swap-building", f"{color}: take over which building (paying its cost)?", color,
                         [*options, "skip"], card=ctx.card)
        if area == "skip":
            return
        owner = state.areas[area].building
        assert owner is not None
        if (yield from text_cancelled(state, narrator, ctx, owner)):
            return
        cost = AREA_BY_ID[area].cost
        transfer(state, color, owner, cost)
        remove_building(state, area)
        place_building(state, area, color)
        narrator.say("building.swapped", f"{color} takes over {owner}'s building in {area}, paying ${cost}", area,
                     player=color, owner=owner, amount=cost)
    return effect


def half_price_areas(state: State, color: str) -> list[str]:
    """Where ``color`` may build for half the printed cost (all costs are even)."""
    return [a for a in AREA_IDS if a in buildable_areas(state, color, cost=AREA_BY_ID[a].cost // 2)]


def wee_mad_arthur(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Wee Mad Arthur: build one building for half its cost."""
    color = ctx.player
    options = half_price_areas(state, color)
    if not options:
        narrator.say("symbol.no-option.build", f"{color} cannot build anywhere now", player=color)
        return
    area = yield ask("card.half-price-build", f"{color}: build where for half the cost?", color, [*options, "skip"],
                     card=ctx.card)
    if area == "skip":
        return
    from_area = None
    if state.buildings_in_supply(color) == 0:
        from_area = yield ask("symbol.build.move-from", f"{color}: all six buildings are out; move which?", color,
                              [*(a for a in AREA_IDS if state.areas[a].building == color), "skip"], card=ctx.card)
        if from_area == "skip":
            return
    build(state, color, area, from_area=from_area, cost=AREA_BY_ID[area].cost // 2)
    narrator.say("building.built", f"{color} builds in {area} for ${AREA_BY_ID[area].cost // 2}", area, player=color)


EFFECTS: dict[str, Effect] = {
    "the-fire-brigade": fire_brigade,
    "reacher-gilt": _swap_building(True),
    "sybil-vimes": _swap_building(False),
    "wee-mad-arthur": wee_mad_arthur,
}
