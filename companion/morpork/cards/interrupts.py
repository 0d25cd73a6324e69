"""Interrupt windows: the moment a player may answer another player's card with an interrupt card.

Before another player's card moves or removes a player's minion, or its text affects that player,
the engine asks the affected player whether they play an interrupt (the options list only the
interrupt cards they might hold). One interrupt answers one effect (the FAQ's Death example: the
second assassination needs a second interrupt).

- Gaspode: stops a minion being moved or removed by another player's card.
- Susan: stops a minion being removed.
- Igor, Fresh Start Club: the removed minion goes to a different area instead (normal placement).
- Wallace Sonky: cancels a card's *text* for that player only — never symbols, never events —
  and the cancelled text cannot then be turned on someone else (``ctx.shielded``).

From rules revision 2 (``companion.morpork.revisions``) a text or move that affects several
opponents at once (Mr Boggis, The Auditors, The Sunshine Dragon Sanctuary, The Bursar) opens **one**
window for all of them (:func:`anyone_window`): a question for nobody in particular whose options
are ``none`` and one ``<colour>:<card>`` per interrupt an affected player might hold. Whoever plays
answers; ``none`` passes for everyone with one tap. Each interrupt card exists once, so a window
reopens for the players still affected only while one of them might still hold a card for it.
Games recorded under revision 1 ask each opponent in turn, as they did.
"""
from __future__ import annotations

from collections.abc import Generator, Sequence

from companion.morpork.cards.common import TurnContext, possible_cards
from companion.morpork.events.interrupts import play_interrupt_card, relocate_minion
from companion.morpork.pieces import move_piece, remove_piece
from companion.core.procedure import Narrator, Question, choice_question
from companion.morpork.revisions import SINGLE_WINDOW
from companion.morpork.state import State

GASPODE = "gaspode"
SUSAN = "susan"
IGOR = "igor"
FRESH_START_CLUB = "fresh-start-club"
WALLACE_SONKY = "wallace-sonky"
NONE = "none"
ANYONE = "interrupt.anyone"
"""The key of the one window for several opponents (revision 2)."""

REMOVAL_INTERRUPTS: tuple[str, ...] = (GASPODE, SUSAN, IGOR, FRESH_START_CLUB)
MOVE_INTERRUPTS: tuple[str, ...] = (GASPODE,)


def play_interrupt(state: State, narrator: Narrator, color: str, card: str) -> None:
    """``color`` plays an interrupt card from their hand onto the discard pile."""
    play_interrupt_card(state, narrator, color, card)


def window(state: State, narrator: Narrator, ctx: TurnContext, victim: str, kinds: Sequence[str],
           what: str) -> Generator[Question, str, str | None]:
    """Offer ``victim`` the interrupts in ``kinds`` they might hold; the one played, or ``None``."""
    if victim == ctx.player or not state.has_player(victim):
        return None
    offered = possible_cards(state, victim, ctx, among=tuple(kinds))
    if not offered:
        return None
    answer = yield choice_question(
        "interrupt.window", f"{victim}: play an interrupt against {what}?", victim, [NONE, *offered],
        card=ctx.card, what=what)
    if answer == NONE:
        return None
    play_interrupt(state, narrator, victim, answer)
    return answer


def interrupt_option(color: str, card: str) -> str:
    """The option of :func:`anyone_window` by which ``color`` plays ``card``: ``blue:gaspode``."""
    return f"{color}:{card}"


def parse_interrupt_option(option: str) -> tuple[str, str]:
    """``blue:gaspode`` → ``("blue", "gaspode")``."""
    color, _, card = option.partition(":")
    return color, card


def anyone_window(state: State, narrator: Narrator, ctx: TurnContext, offers: Sequence[tuple[str, Sequence[str]]],
                  what: str) -> Generator[Question, str, tuple[str, str] | None]:
    """One window for several opponents (revision 2): each ``(victim, kinds)`` of ``offers`` may
    play one of ``kinds`` they might hold. Asks nothing when nobody has one to offer. Returns who
    played which card (already on the discard pile), or ``None`` when everyone passed."""
    victims = [v for v, _ in offers if v != ctx.player and state.has_player(v)]
    options = [interrupt_option(victim, card) for victim, kinds in offers if victim in victims
               for card in possible_cards(state, victim, ctx, among=tuple(kinds))]
    if not options:
        return None
    answer = yield choice_question(
        ANYONE, f"anyone: play an interrupt against {what}?", None, [NONE, *options],
        card=ctx.card, what=what, players=",".join(victims))
    if answer == NONE:
        return None
    victim, card = parse_interrupt_option(answer)
    play_interrupt(state, narrator, victim, card)
    return victim, card


def shield(narrator: Narrator, ctx: TurnContext, victim: str) -> None:
    """Wallace Sonky: the current card's text no longer affects ``victim``."""
    ctx.shielded.add(victim)
    narrator.say("interrupt.text-cancelled", f"{ctx.card}'s text does not affect {victim}",
                 player=victim, card=ctx.card)


def texts_cancelled(state: State, narrator: Narrator, ctx: TurnContext,
                    victims: Sequence[str]) -> Generator[Question, str, None]:
    """Before a text that affects every one of ``victims`` (revision 2): one window in which any
    of them may cancel it for themselves with Wallace Sonky. Those who passed are not asked again
    by :func:`text_cancelled` for this card. Under revision 1 nothing is asked here: each victim is
    asked in turn by :func:`text_cancelled`, as recorded games were."""
    if state.revision < SINGLE_WINDOW:
        return
    waiting = [v for v in victims if v != ctx.player and v not in ctx.shielded and state.has_player(v)]
    while waiting:
        played = yield from anyone_window(state, narrator, ctx, [(v, (WALLACE_SONKY,)) for v in waiting],
                                          f"the text of {ctx.card}")
        ctx.text_passed.update(waiting)
        if played is None:
            return
        victim = played[0]
        shield(narrator, ctx, victim)
        waiting.remove(victim)


def text_cancelled(state: State, narrator: Narrator, ctx: TurnContext, victim: str) -> Generator[Question, str, bool]:
    """Whether ``victim`` is (or now becomes) shielded from the current card's text by Wallace Sonky.
    A victim who already passed the card's one window (:func:`texts_cancelled`) is not asked again."""
    if victim in ctx.shielded:
        return True
    if victim in ctx.text_passed:
        return False
    played = yield from window(state, narrator, ctx, victim, (WALLACE_SONKY,), f"the text of {ctx.card}")
    if played == WALLACE_SONKY:
        shield(narrator, ctx, victim)
        return True
    return False


def remove_by_card(state: State, narrator: Narrator, ctx: TurnContext, area: str, piece: str, *,
                   by_text: bool) -> Generator[Question, str, bool]:
    """Remove ``piece`` from ``area`` because of the current card, after the owner's window.
    Returns True when the minion left the area (removed or relocated)."""
    victim = piece if state.has_player(piece) else None
    if victim is not None and victim != ctx.player:
        kinds = [*REMOVAL_INTERRUPTS, *([WALLACE_SONKY] if by_text else [])]
        played = yield from window(state, narrator, ctx, victim, kinds, f"the removal of a {victim} minion in {area}")
        if played in (GASPODE, SUSAN):
            narrator.say("interrupt.saved", f"{victim}'s minion in {area} stays", area, player=victim, card=played)
            return False
        if played == WALLACE_SONKY:
            shield(narrator, ctx, victim)
            return False
        if played in (IGOR, FRESH_START_CLUB):
            yield from relocate(state, narrator, victim, area, played)
            return True
    remove_piece(state, area, piece)
    narrator.say("piece.removed", f"a {piece} piece is removed from {area}", area, piece=piece)
    return True


def relocate(state: State, narrator: Narrator, victim: str, area: str, card: str) -> Generator[Question, str, None]:
    """Igor / Fresh Start Club: the minion leaves ``area`` and is placed in a different area by the
    normal placement rule (ruling 6), chosen by its owner — the events' own relocation, reused."""
    yield from relocate_minion(state, narrator, victim, area, card)


def move_by_card(state: State, narrator: Narrator, ctx: TurnContext, source: str, target: str, piece: str, *,
                 by_text: bool) -> Generator[Question, str, bool]:
    """Move ``piece`` because of the current card, after its owner's window (Gaspode; Wallace Sonky
    for a text). Returns True when it moved."""
    victim = piece if state.has_player(piece) else None
    if victim is not None and victim != ctx.player:
        kinds = [*MOVE_INTERRUPTS, *([WALLACE_SONKY] if by_text else [])]
        played = yield from window(state, narrator, ctx, victim, kinds, f"the move of a {victim} minion from {source}")
        if played == GASPODE:
            narrator.say("interrupt.saved", f"{victim}'s minion in {source} stays", source, player=victim, card=played)
            return False
        if played == WALLACE_SONKY:
            shield(narrator, ctx, victim)
            return False
    move_piece(state, source, target, piece)
    narrator.say("piece.moved", f"a {piece} piece moves from {source} to {target}", target,
                 piece=piece, source=source, target=target)
    return True
