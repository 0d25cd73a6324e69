"""City Area powers inside the turn: usable "at any point of your turn", so the turn's own questions
(which card, each symbol) list them as extra options ``power:<area>``; choosing one runs the power
(asking its target) and the same question comes back."""
from __future__ import annotations

from collections.abc import Callable, Generator

from companion.morpork.actions import (
    AREA_POWERS,
    minion_sources,
    must_move_minion,
    use_area_power,
    usable_area_powers,
)
from companion.morpork.cards.common import SKIP, TurnContext, possible_cards
from companion.core.procedure import Narrator, Question, choice_question
from companion.morpork.progress import POWER_OPTION
from companion.morpork.state import State

POWER_PREFIX = POWER_OPTION
"""``power:<area>``: defined with the progress records (``morpork.progress``), which the state imports
and which tell a question asked only for the powers from a symbol's own."""


def power_options(state: State, ctx: TurnContext) -> list[str]:
    """``power:<area>`` for every City Area power the active player may use now.

    Asked for nearly every question of a turn: a player without a building holds no City Area
    card (``State.area_cards_held``), so has no power, which the kept count of their buildings
    says at once, without the calls that list their cards and check that they play."""
    if ctx.stopped or state.game_over is not None or not state.tally.buildings.get(ctx.player):
        return []
    found = []
    for area in usable_area_powers(state, ctx.player):
        power = AREA_POWERS[area]
        if power.reactive:
            continue
        if power.target == "card" and not power.draws and not possible_cards(state, ctx.player, ctx):
            continue
        found.append(POWER_PREFIX + area)
    return found


def ask_with_powers(state: State, narrator: Narrator, ctx: TurnContext, make: Callable[[list[str]], Question],
                    listed: list[str] | None = None) -> Generator[Question, str, str]:
    """Ask ``make(power_options)`` until the answer is not a power; run each power chosen.
    ``listed``: the power options the caller has just listed, for the first question.

    A power that ends the game (Unreal Estate taking the last card of the draw pile) ends the
    asking too: the answer is then :data:`SKIP`, which every caller reads as leaving its step, so
    nothing of the step it asked for happens once the game is over and scored. The question was
    asked again, and a scroll's text, a minion placed or money taken then changed the table after
    the winners were named (found by the position's soundness check: seed 840, 3 players)."""
    while True:
        answer = yield make(power_options(state, ctx) if listed is None else listed)
        listed = None
        if not answer.startswith(POWER_PREFIX):
            return answer
        yield from use_power(state, narrator, ctx, answer[len(POWER_PREFIX):])
        if state.game_over is not None:
            return SKIP


def _terms(area: str) -> str:
    """What the power costs or pays, for the question's English text: " (pay $2)", " (take $2)"."""
    power = AREA_POWERS[area]
    return f" (pay ${power.price})" if power.price else f" (take ${power.income})" if power.income else ""


def use_power(state: State, narrator: Narrator, ctx: TurnContext, area: str) -> Generator[Question, str, None]:
    """Use one City Area power, asking its target first (what it asks comes from ``AREA_POWERS``).

    Choosing a power is not a commitment: every target question offers ``skip``, which leaves the
    power unused (nothing is paid before the target is known). A power that draws (Unreal Estate)
    asks nothing before its draw, and the discard after that draw is owed.
    """
    color = ctx.player
    power = AREA_POWERS[area]
    if power.draws:
        # Draw, then discard as many: the hand size is unchanged, the draw pile shorter.
        use_area_power(state, color, area)
        state.player(color).hand += power.draws
        narrator.say("cards.draw", f"{color} draws {power.draws} card(s)", player=color, count=power.draws)
        if state.game_over is not None:
            narrator.say("game.over-draw-pile", "the draw pile is empty: the game ends",
                         winners=",".join(state.game_over.winners))
            return
        for _ in range(power.draws):
            card = yield choice_question("power.discard", f"{color}: discard which card?", color,
                                         possible_cards(state, color, ctx), power=area)
            state.player(color).hand -= 1
            state.discard_pile.append(card)
            narrator.say("cards.discard", f"{color} discards {card}", player=color, card=card)
    elif power.target == "card":
        card = yield choice_question("power.discard", f"{color}: discard which card?{_terms(area)}", color,
                                     [*possible_cards(state, color, ctx), SKIP], power=area)
        if card == SKIP:
            return
        use_area_power(state, color, area, target=card)
        narrator.say("cards.discard", f"{color} discards {card}", player=color, card=card)
    elif power.target in ("minion", "area"):
        from_area = None
        if power.target == "minion" and must_move_minion(state, color):
            from_area = yield choice_question("power.move-from", f"{color}: all your minions are out; move one from",
                                              color, [*minion_sources(state, color), SKIP], power=area)
            if from_area == SKIP:
                return
        targets = [a for a in power.targets(state, color) if a != from_area]
        target = yield choice_question("power.target", f"{color}: the power of {area} {power.does}: "
                                                       f"where?{_terms(area)}", color, [*targets, SKIP], power=area)
        if target == SKIP:
            return
        use_area_power(state, color, area, target=target, from_area=from_area)
    else:
        use_area_power(state, color, area)
    narrator.say("power.used", f"{color} uses the power of {area}", area, player=color, power=area)
