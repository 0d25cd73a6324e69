"""A player's turn, card by card, as one resumable procedure.

1. Start of turn: the active player's secret condition is checked (every personality but Vimes,
   who wins only when the draw pile runs out); if it holds they win and the game ends.
2. They play a card, or pass when they cannot. The companion cannot see hands, so it offers every
   card not known to be elsewhere; the scanner answers the same question with a ``CardScan``.
3. The card's symbols are taken left to right, each optional except the random event; the scroll
   runs the card's text (``companion.morpork.cards``); "play another card" lets them go on.
   Drumknott / Ponder Stibbons: two more cards, each finished with its chain before the next (FAQ).
4. City Area powers can be used at any point (they are options of the turn's questions).
5. The turn ends when they say so (or Doctor Mossy Lawn ends it): refill to five, next player.
"""
from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Any

from companion.morpork.actions import end_turn
from companion.morpork.cards import SCROLL_EFFECTS, no_target
from companion.morpork.cards.common import DO, SKIP, INTERRUPT_ONLY, TurnContext, free_hand, may_hold, say_why
from companion.morpork.hidden_cards import unseen_less, unseen_tuple
from companion.morpork.cards.powers import ask_with_powers, power_options
from companion.morpork.cards.symbols import (
    assassinate_steps,
    build_steps,
    event_steps,
    money_steps,
    place_minion_steps,
    remove_trouble_steps,
)
from companion.morpork.catalog import CARD_BY_ID, LOAN_CARD_IDS
from companion.core.procedure import Narrator, ProcedureBody, Question, Reason, choice_question
from companion.morpork.progress import DONE, SKIPPED, TO_COME, take_symbol, turn_over
from companion.morpork.scoring import winner_at_turn_start
from companion.morpork.state import GameOver, State

PASS = "pass"
STOP = "stop"
END_TURN = "end-turn"
MOSSY_LAWN = "doctor-mossy-lawn"


def turn_procedure(state: State, narrator: Narrator, args: Mapping[str, Any]) -> ProcedureBody:
    color = state.active_player
    ctx = TurnContext(color)
    narrator.say("turn.start", f"turn {state.turn.number}: {color} to play", player=color,
                 number=state.turn.number)
    if winner_at_turn_start(state, color) is not None:
        personality = state.player(color).personality
        state.game_over = GameOver(reason="personality", winners=[color], personality=personality)
        narrator.say("game.over-personality", f"{color} wins as {personality}", player=color,
                     personality=personality or "")
        return
    card = yield from choose_card(state, narrator, ctx, first=True)
    if card is not None:
        yield from play_sequence(state, narrator, ctx, card)
    if state.game_over is not None:
        return
    mossy: list[str] | None = [] if ctx.stopped else _mossy_option(state, ctx)
    usable = None if ctx.stopped or mossy else power_options(state, ctx)
    if mossy or usable:
        # Asked only when there is something left to do (a power, Doctor Mossy Lawn): a forced
        # "end turn" is not confirmed. What was just listed serves the first question.
        def question(powers: list[str]) -> Question:
            nonlocal mossy
            offered = _mossy_option(state, ctx) if mossy is None else mossy
            mossy = None
            return choice_question("turn.end", f"{color}: end your turn?", color, [END_TURN, *offered, *powers])

        answer = yield from ask_with_powers(state, narrator, ctx, question, listed=usable)
        if answer == MOSSY_LAWN:
            play_mossy_lawn(state, narrator, ctx)
        if state.ended() is not None:
            return
    before = state.player(color).hand
    end_turn(state)
    drawn = state.player(color).hand - before
    if drawn:  # a hand already full draws nothing ("you just do not pick up any more cards"): no line
        narrator.say("cards.draw", f"{color} draws {drawn} card(s)", player=color, count=drawn)
    over = state.ended()
    if over is not None:
        narrator.say("game.over-draw-pile", "the draw pile is empty: the game ends",
                     winners=",".join(over.winners))
    else:
        narrator.say("turn.end", f"{color}'s turn ends", player=color)


def playable_cards(state: State, ctx: TurnContext) -> list[str]:
    """Card ids the active player might play now (any card not known to be elsewhere, interrupts aside)."""
    return list(_card_options(state, ctx)[0])


def _card_options(state: State, ctx: TurnContext) -> tuple[tuple[str, ...], list[str]]:
    """:func:`playable_cards` and :func:`_mossy_option` from one listing of the cards the active
    player might hold: the question for the next card offers both. The playable ones (the unseen
    cards less the interrupts) are kept in the state's cards memo (``hidden_cards.unseen_less``)."""
    if free_hand(state, ctx.player) == 0:  # possible_cards: nothing to play from an empty hand
        return (), []
    playable = unseen_less(state, ctx, _INTERRUPT_ONLY)
    mossy = [MOSSY_LAWN] if ctx.started and MOSSY_LAWN in unseen_tuple(state, ctx) else []
    return playable, mossy


_INTERRUPT_ONLY = frozenset(INTERRUPT_ONLY)
"""The same cards as a set: what the memo leaves out of the cards offered to play."""


def _mossy_option(state: State, ctx: TurnContext) -> list[str]:
    if ctx.started and may_hold(state, ctx.player, MOSSY_LAWN, ctx):
        return [MOSSY_LAWN]
    return []


def choose_card(state: State, narrator: Narrator, ctx: TurnContext, *, first: bool = False,
                key: str | None = None) -> Generator[Question, str, str | None]:
    """Ask which card the active player plays next; ``None`` for pass / stop / Mossy Lawn."""
    color = ctx.player
    if ctx.is_over(state):
        return None
    now = _card_options(state, ctx)
    if not first and not now[0]:
        return None
    listed = [now]
    stop = PASS if first else STOP
    question_key = key or ("turn.play-card" if first else "turn.play-another")
    text = f"{color}: play a card (or pass if you cannot)" if first else f"{color}: play another card?"

    def offered(powers: list[str]) -> tuple[str, ...]:
        # the cards just listed serve the first question; a power used meanwhile may change them
        cards, mossy = listed.pop() if listed else _card_options(state, ctx)
        return (*cards, stop, *mossy, *powers)  # a tuple: the question keeps it as it is, no second copy

    answer = yield from ask_with_powers(state, narrator, ctx, lambda powers: choice_question(
        question_key, text, color, offered(powers)))
    if answer == SKIP:  # a power ended the game (ask_with_powers): no card is played
        return None
    if answer == MOSSY_LAWN:
        play_mossy_lawn(state, narrator, ctx)
        return None
    if answer in (PASS, STOP):
        if first:
            narrator.say("turn.pass", f"{color} passes", player=color)
        return None
    return answer


def play_mossy_lawn(state: State, narrator: Narrator, ctx: TurnContext) -> None:
    """Doctor Mossy Lawn interrupts one's own turn: the card played just before goes back to the
    hand instead of the discard pile (ruling 8) and the turn ends.

    "Just before" is the card last put on the table: inside Drumknott / Ponder Stibbons that is the
    card asking for more cards, still in play — it then goes back to the hand when it finishes."""
    player = state.player(ctx.player)
    player.hand -= 1
    state.discard_pile.append(MOSSY_LAWN)
    narrator.say("interrupt.played", f"{ctx.player} plays {MOSSY_LAWN}", player=ctx.player, card=MOSSY_LAWN)
    previous = ctx.started[-1] if ctx.started else None
    if previous is not None and previous in ctx.in_play:
        ctx.destination[previous] = ("hand", ctx.player)
    elif previous is not None and previous in state.discard_pile:
        state.discard_pile.remove(previous)
        player.hand += 1
        narrator.say("cards.return", f"{previous} goes back to {ctx.player}'s hand", player=ctx.player,
                     card=previous)
    ctx.stopped = True


def play_sequence(state: State, narrator: Narrator, ctx: TurnContext, card: str) -> Generator[Question, str, None]:
    """Play ``card`` and then, while the last card allows it, further cards (a chain)."""
    has_more = yield from play_card(state, narrator, ctx, card)
    while has_more and not ctx.is_over(state):
        following = yield from choose_card(state, narrator, ctx)
        if following is None:
            return
        has_more = yield from play_card(state, narrator, ctx, following)


def play_card(state: State, narrator: Narrator, ctx: TurnContext, card: str) -> Generator[Question, str, bool]:
    """Play one card: its symbols left to right; True when it lets the player play another. How
    each symbol went is recorded in ``state.under_way`` (``companion.morpork.progress``)."""
    color = ctx.player
    info = CARD_BY_ID[card]
    state.player(color).hand -= 1
    ctx.in_play.append(card)
    ctx.started.append(card)
    saved_shield, saved_passed = ctx.shielded, ctx.text_passed
    ctx.shielded, ctx.text_passed = set(), set()
    record = state.under_way.start_card(card, color, info.symbols)
    narrator.say("card.played", f"{color} plays {info.name()}", player=color, card=card)
    has_more = False
    for index, symbol in enumerate(info.symbols):
        if ctx.is_over(state):
            for rest in range(index, len(info.symbols)):
                if record.statuses[rest] == TO_COME:
                    record.mark(rest, SKIPPED, turn_over(color, state.game_over is not None))
            break
        if symbol == "P":
            has_more = True
            record.mark(index, DONE)
        else:
            yield from take_symbol(state.under_way, record, index, _symbol_steps(state, narrator, ctx, symbol))
    state.under_way.finish_card(record)
    ctx.in_play.remove(card)
    ctx.shielded, ctx.text_passed = saved_shield, saved_passed
    _put_away(state, narrator, ctx, card)
    ctx.played.append(card)
    return has_more and not ctx.is_over(state)


def _symbol_steps(state: State, narrator: Narrator, ctx: TurnContext,
                  symbol: str) -> Generator[Question, str, object]:
    """The steps of one printed symbol (``P`` is handled by :func:`play_card`): the symbol's own
    procedure, handed to :func:`~companion.morpork.progress.take_symbol` as it is (not wrapped in
    a generator of this function's own: one level less for each answer to pass through). What it
    returns is the reason when it could do nothing and said so (the scroll, :func:`scroll_steps`;
    money from an empty bank), which is all ``take_symbol`` reads of it; a minion placed or a
    building built returns its area, which ``take_symbol`` passes over as it does ``None``."""
    if symbol == "M":
        return place_minion_steps(state, narrator, ctx)
    if symbol == "B":
        return build_steps(state, narrator, ctx)
    if symbol == "A":
        return assassinate_steps(state, narrator, ctx)
    if symbol == "T":
        return remove_trouble_steps(state, narrator, ctx)
    if symbol.startswith("$"):
        return money_steps(state, narrator, ctx, int(symbol[1:]))
    if symbol == "E":
        return event_steps(state, narrator, ctx)
    if symbol == "S":
        return scroll_steps(state, narrator, ctx)
    return _no_steps()


def _no_steps() -> Generator[Question, str, None]:
    """A symbol without steps: asks nothing."""
    return None
    yield  # pragma: no cover - makes this a generator


def scroll_steps(state: State, narrator: Narrator, ctx: TurnContext) -> Generator[Question, str, Reason | None]:
    """The card's text: optional like every symbol but the event, so it is confirmed first — unless
    it has no legal target now (``cards.no_target``, from rules revision 3): then nothing is asked.
    It is skipped like a symbol with nothing to do, with a line that says why and the reason for
    the checklist strip (returned, ``progress.take_symbol``); a "do" that then did nothing, saying
    nothing, looked like a broken app. A text that may do something only after a City Area power
    is used is not without a target: while the player has a power to use, it is asked with "do"
    greyed by the reason."""
    card = ctx.card
    effect = SCROLL_EFFECTS.get(card)
    if effect is None:
        narrator.say("symbol.scroll-missing", f"{card}: do the text by hand", card=card)
        return None
    why = no_target(state, ctx, card)
    powers = power_options(state, ctx) if why is not None else None
    if why is not None and not powers:
        say_why(narrator, ctx, why)
        return why
    listed = [why]

    def question(powers: list[str]) -> Question:
        # A City Area power usable now may give the text a target first (Dolly Sisters places a
        # minion next to Unreal Estate for The Dean, The Shades a trouble marker for Rincewind): the
        # text is then asked, "do" greyed with the reason until it has one (looked at again after
        # each power used), so the player keeps the moment to use it. The first question takes the
        # reason just found (nothing has changed the table since: listing the powers reads it only).
        blocked = listed.pop() if listed else no_target(state, ctx, card)
        options = [SKIP, *powers] if blocked is not None else [DO, SKIP, *powers]
        return choice_question("symbol.scroll", f"{ctx.player}: {CARD_BY_ID[card].text}", ctx.player, options,
                               unavailable=None if blocked is None else {DO: blocked}, card=card)

    answer = yield from ask_with_powers(state, narrator, ctx, question, listed=powers)
    if answer == SKIP:
        # skipped while "do" was greyed: the text could do nothing, and the line and the strip say why
        blocked = no_target(state, ctx, card)
        if blocked is not None:
            say_why(narrator, ctx, blocked)
        return blocked
    yield from effect(state, narrator, ctx)
    return None


def _put_away(state: State, narrator: Narrator, ctx: TurnContext, card: str) -> None:
    destination = ctx.destination.pop(card, None)
    if destination is None:
        state.discard_pile.append(card)
        return
    where, owner = destination
    if where == "loan" and card in LOAN_CARD_IDS:
        state.player(owner).loans.append(card)
        narrator.say("card.loan", f"{card} lies in front of {owner}", player=owner, card=card)
    elif where == "hand":
        state.player(owner).hand += 1
        narrator.say("cards.return", f"{card} goes back to {owner}'s hand", player=owner, card=card)
    elif where == "stuck":
        victim = state.player(owner)
        victim.hand += 1
        victim.stuck_cards.append(card)
        narrator.say("card.stuck", f"{card} goes into {owner}'s hand for good", player=owner, card=card)
    else:  # pragma: no cover - destinations are set only by the cards above
        state.discard_pile.append(card)
