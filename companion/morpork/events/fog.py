"""Fog: "Draw and discard the top five cards from the draw pile. Make sure you and the rest of the
players can see which cards have been discarded."

The cards are turned face up, so the companion learns them: the active player scans or picks each one
in turn (question ``event.fog.card``), and it goes onto ``state.discard_pile``. Without that, the
companion would go on offering those cards as playable and History Monks could not draw them. The
options are every card that may still be in the draw pile (``companion.morpork.hidden_cards``: not on the
discard pile, lent, stuck in a hand, out of a two-player game, or being played). Fewer than five
cards left: as many as there are; an empty draw pile ends the game (ruling 9).

A card turned face up is drawn from a shuffled pile, so its question ``reveals`` and its answer is an
undo barrier (``companion.core.session.is_barrier``).
"""
from __future__ import annotations

from companion.morpork.catalog import display_name
from companion.morpork.events.common import EventContext
from companion.morpork.steps import Steps, end_on_draw_pile
from companion.morpork.hidden_cards import unseen_cards
from companion.core.procedure import Narrator, choice_question
from companion.morpork.state import State

FOG_CARDS = 5
CARD_QUESTION = "event.fog.card"


def fog(state: State, narrator: Narrator, ctx: EventContext) -> Steps:
    """Up to five cards from the top of the draw pile, each named, go to the discard pile."""
    count = min(FOG_CARDS, state.draw_pile)
    narrator.say("event.fog.discards", f"fog: the top {count} card(s) of the draw pile are discarded face up",
                 cards=count, left=state.draw_pile - count)
    for number in range(1, count + 1):
        options = unseen_cards(state, ctx)
        if not options:  # a position that already names every card elsewhere: count the rest only
            state.draw_pile -= count - number + 1
            narrator.say("event.fog.unnamed", f"fog: {count - number + 1} more card(s) discarded",
                         cards=count - number + 1, left=state.draw_pile)
            break
        card = yield choice_question(
            CARD_QUESTION, f"{ctx.active}: turn over the top card of the draw pile ({number} of {count}) and scan it",
            ctx.active, options, unavailable=None, private=False, reveals=True,
            number=str(number), count=str(count))
        state.draw_pile -= 1
        state.discard_pile.append(card)
        narrator.say("event.fog.card", f"fog discards {display_name('card', card)}", card=card,
                     number=number, left=state.draw_pile)
    if state.draw_pile == 0:
        end_on_draw_pile(state)
        winners = ", ".join(state.game_over.winners) if state.game_over else ""
        narrator.say("event.fog.game-over", f"the draw pile is empty: the game ends; winner: {winners}",
                     winners=winners)
