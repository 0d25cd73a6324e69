"""Demons from the Dungeon Dimensions and Trolls: neutral pieces arrive where the die says.

Demons: four rolls; a demon always brings a trouble marker, even into an empty area. Trolls: three
rolls; a troll brings one only where a minion, troll or demon already was (a building alone does
not count, ruling 14) — exactly the trouble rule of ``pieces.place_piece``. Only the pieces in the
box can arrive (4 demons, 3 trolls): once it is empty the event asks for no more rolls. The Small
Gods holder may pay $3 to set aside a piece about to land among their pieces; it stays in the box.
"""
from __future__ import annotations

from companion.morpork.events.common import EventContext, area_name, roll_event_area
from companion.morpork.steps import Steps
from companion.morpork.events.small_gods import offer_small_gods_for_arrival
from companion.morpork.pieces import piece_in_supply, place_piece
from companion.core.procedure import Narrator
from companion.morpork.state import State

DEMON_ROLLS = 4
TROLL_ROLLS = 3


def _arrive(state: State, narrator: Narrator, ctx: EventContext, piece: str, rolls: int) -> Steps:
    for _ in range(rolls):
        if piece_in_supply(state, piece) <= 0:
            narrator.say("event.box-empty", f"no {piece} is left in the box", piece=piece)
            return
        area = yield from roll_event_area(narrator, ctx)
        set_aside = yield from offer_small_gods_for_arrival(state, narrator, ctx, area, piece)
        if set_aside:
            continue
        place_piece(state, area, piece, always_trouble=(piece == "demon"))
        narrator.say("event.piece-placed", f"a {piece} appears in {area_name(area)}", area, piece=piece)


def demons(state: State, narrator: Narrator, ctx: EventContext) -> Steps:
    yield from _arrive(state, narrator, ctx, "demon", DEMON_ROLLS)


def trolls(state: State, narrator: Narrator, ctx: EventContext) -> Steps:
    yield from _arrive(state, narrator, ctx, "troll", TROLL_ROLLS)
