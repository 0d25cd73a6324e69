"""City Area powers inside the turn: usable "at any point of your turn", so the turn's own questions
(which card, each symbol) list them as extra options ``power:<area>``; choosing one runs the power
(asking its target) and the same question comes back."""
from __future__ import annotations

from collections.abc import Callable, Generator

from companion.morpork.actions import (
    MINION_POWERS,
    REACTIVE_POWERS,
    minion_sources,
    must_move_minion,
    trouble_marker_areas,
    use_area_power,
    usable_area_powers,
)
from companion.morpork.board import ADJACENT, AREA_IDS
from companion.morpork.cards.common import SKIP, TurnContext, possible_cards
from companion.core.procedure import Narrator, Question, choice_question
from companion.morpork.state import State

POWER_PREFIX = "power:"


def power_options(state: State, ctx: TurnContext) -> list[str]:
    """``power:<area>`` for every City Area power the active player may use now."""
    if ctx.is_over(state):
        return []
    found = []
    for area in usable_area_powers(state, ctx.player):
        if area in REACTIVE_POWERS:
            continue
        if area in ("the-scours",) and not possible_cards(state, ctx.player, ctx):
            continue
        found.append(POWER_PREFIX + area)
    return found


def ask_with_powers(state: State, narrator: Narrator, ctx: TurnContext,
                    make: Callable[[list[str]], Question]) -> Generator[Question, str, str]:
    """Ask ``make(power_options)`` until the answer is not a power; run each power chosen."""
    while True:
        answer = yield make(power_options(state, ctx))
        if not answer.startswith(POWER_PREFIX):
            return answer
        yield from use_power(state, narrator, ctx, answer[len(POWER_PREFIX):])


def _shades_targets(state: State) -> list[str]:
    candidates = {"the-shades"} | ADJACENT["the-shades"]
    return [a for a in AREA_IDS if a in candidates and state.areas[a].has_any_minion and not state.areas[a].trouble]


def use_power(state: State, narrator: Narrator, ctx: TurnContext, area: str) -> Generator[Question, str, None]:
    """Use one City Area power, asking its target first.

    Choosing a power is not a commitment: every target question offers ``skip``, which leaves the
    power unused (nothing is paid before the target is known). Unreal Estate asks nothing before
    its draw, and the discard after that draw is owed.
    """
    color = ctx.player
    key = "power.target"
    if area in MINION_POWERS:
        from_area = None
        if must_move_minion(state, color):
            from_area = yield choice_question("power.move-from", f"{color}: all your minions are out; move one from",
                                              color, [*minion_sources(state, color), SKIP], power=area)
            if from_area == SKIP:
                return
        targets = [a for a in AREA_IDS if a == area or a in ADJACENT[area]]
        if from_area is not None:
            targets = [a for a in targets if a != from_area]
        target = yield choice_question(key, f"{color}: place a minion (power of {area})", color, [*targets, SKIP],
                                       power=area)
        if target == SKIP:
            return
        use_area_power(state, color, area, target=target, from_area=from_area)
    elif area == "isle-of-gods":
        target = yield choice_question(key, f"{color}: remove which trouble marker? (pay $2)", color,
                                       [*trouble_marker_areas(state), SKIP], power=area)
        if target == SKIP:
            return
        use_area_power(state, color, area, target=target)
    elif area == "the-shades":
        target = yield choice_question(key, f"{color}: put a trouble marker where?", color,
                                       [*_shades_targets(state), SKIP], power=area)
        if target == SKIP:
            return
        use_area_power(state, color, area, target=target)
    elif area == "the-scours":
        card = yield choice_question("power.discard", f"{color}: discard which card? (take $2)", color,
                                     [*possible_cards(state, color, ctx), SKIP], power=area)
        if card == SKIP:
            return
        use_area_power(state, color, area, target=card)
        narrator.say("cards.discard", f"{color} discards {card}", player=color, card=card)
    elif area == "unreal-estate":
        # Draw one, then discard one: the hand size is unchanged, the draw pile one shorter.
        use_area_power(state, color, area)
        state.player(color).hand += 1
        narrator.say("cards.draw", f"{color} draws 1 card(s)", player=color, count=1)
        if state.game_over is not None:
            narrator.say("game.over-draw-pile", "the draw pile is empty: the game ends",
                         winners=",".join(state.game_over.winners))
            return
        card = yield choice_question("power.discard", f"{color}: discard which card?", color,
                                     possible_cards(state, color, ctx), power=area)
        state.player(color).hand -= 1
        state.discard_pile.append(card)
        narrator.say("cards.discard", f"{color} discards {card}", player=color, card=card)
    else:
        use_area_power(state, color, area)
    narrator.say("power.used", f"{color} uses the power of {area}", area, player=color, power=area)

