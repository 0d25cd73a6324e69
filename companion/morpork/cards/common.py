"""What every card effect shares: the turn's context, hidden-card bookkeeping, questions, drawing.

The companion cannot see the players' hands: it knows how many cards each holds, which cards are
public (the discard pile, loans on the table, cards stuck in a hand) and which are being played.
A card that must be named (played, discarded) is asked for among every card *not known to be
elsewhere*; cards that change hands unseen only move counts, and the narration says what the table
must do ("blue gives red two cards of blue's choice"). Narration keys starting ``cards.`` carry the
counts in their params so that a program mirroring the real cards (the simulator) can follow.
"""
from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Callable

from companion.morpork.catalog import CARD_IDS, PERSONALITY_IDS, TWO_PLAYER_REMOVED_PERSONALITIES
from companion.morpork.hidden_cards import is_known_elsewhere, known_elsewhere, unseen_cards
from companion.core.procedure import Narrator, Question, Reason, because, choice_question
from companion.morpork.state import State
from companion.morpork.revisions import TEXTS_WITHOUT_TARGET_SKIPPED
from companion.morpork.steps import Steps, ask, end_on_draw_pile, has_no_money

INTERRUPT_ONLY: tuple[str, ...] = ("gaspode", "fresh-start-club", "wallace-sonky", "igor", "susan",
                                   "doctor-mossy-lawn")
"""Cards whose only symbol is the interrupt: never played as a turn's card (Mossy Lawn is offered
separately, to end one's own turn)."""

SKIP = "skip"
DO = "do"
DONE = "done"


@dataclass
class TurnContext:
    """The turn under way: whose it is, the cards in play (not yet discarded), the cards finished,
    and per card which players cancelled its text with Wallace Sonky."""

    player: str
    in_play: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    started: list[str] = field(default_factory=list)
    """Every card played this turn, in the order it was put on the table (Drumknott before the
    cards it lets one play): the last is "the card played just before" for Doctor Mossy Lawn."""
    stopped: bool = False
    shielded: set[str] = field(default_factory=set)
    text_passed: set[str] = field(default_factory=set)
    """Players who passed the one window against the current card's text (revision 2), so they
    are not asked again for it."""
    destination: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Where a finished card goes instead of the discard pile: ``("loan", color)`` or
    ``("stuck", color)`` (The Fools' Guild, Dr Whiteface), ``("hand", color)`` (Doctor Mossy Lawn
    played while this card is still on the table)."""

    @property
    def card(self) -> str:
        """The card whose symbols are being taken now."""
        return self.in_play[-1]

    def is_over(self, state: State) -> bool:
        return self.stopped or state.game_over is not None


# -- hidden cards ------------------------------------------------------------------------------

def free_hand(state: State, color: str) -> int:
    """Cards ``color`` may play, give or discard (stuck cards stay)."""
    player = state.player(color)
    return max(0, player.hand - len(player.stuck_cards))


def possible_cards(state: State, color: str, ctx: TurnContext | None = None,
                   among: Sequence[str] = CARD_IDS) -> list[str]:
    """Card ids ``color`` might hold (``among`` them), or none when their hand has no free card."""
    if free_hand(state, color) == 0:
        return []
    if among is CARD_IDS:
        return unseen_cards(state, ctx)  # remembered: asked several times per input
    known = known_elsewhere(state, ctx)
    return [c for c in among if c not in known]


def may_hold(state: State, color: str, card: str, ctx: TurnContext | None = None) -> bool:
    """Whether ``card`` is among :func:`possible_cards` for ``color`` (without listing them all)."""
    return free_hand(state, color) > 0 and not is_known_elsewhere(state, card, ctx)


def draw_cards(state: State, narrator: Narrator, color: str, count: int) -> int:
    """``color`` draws up to ``count`` cards; the game ends at once if the draw pile runs out."""
    drawn = max(0, min(count, state.draw_pile))
    state.draw_pile -= drawn
    state.player(color).hand += drawn
    narrator.say("cards.draw", f"{color} draws {drawn} card(s)", player=color, count=drawn)
    if state.draw_pile == 0 and state.game_over is None:
        end_on_draw_pile(state, narrator)
    return drawn


def give_cards(state: State, narrator: Narrator, giver: str, receiver: str, count: int, chooser: str) -> int:
    """``giver`` hands ``receiver`` up to ``count`` free cards, picked by ``chooser`` (counts only)."""
    given = min(count, free_hand(state, giver))
    state.player(giver).hand -= given
    state.player(receiver).hand += given
    if given:
        narrator.say("cards.give", f"{giver} gives {receiver} {given} card(s) of {chooser}'s choice",
                     giver=giver, receiver=receiver, count=given, chooser=chooser)
    return given


def discard_card(state: State, narrator: Narrator, ctx: TurnContext | None, color: str, card: str) -> None:
    """``color`` discards a named free card from their hand."""
    state.player(color).hand -= 1
    state.discard_pile.append(card)
    narrator.say("cards.discard", f"{color} discards {card}", player=color, card=card)


def ask_discard(state: State, narrator: Narrator, ctx: TurnContext | None, color: str, key: str, text: str,
                optional: bool = True, **params: str) -> Generator[Question, str, str | None]:
    """Ask ``color`` which card they discard (scan or pick it); ``None`` when they stop or can't."""
    options = possible_cards(state, color, ctx)
    if not options:
        return None
    extra = [DONE] if optional else []
    answer = yield choice_question(key, text, color, [*options, *extra], unavailable=None, private=False,
                                   reveals=False, **params)
    if answer == DONE:
        return None
    discard_card(state, narrator, ctx, color, answer)
    return answer


# -- personalities -----------------------------------------------------------------------------

def personalities_in_game(player_count: int) -> tuple[str, ...]:
    """The personality cards shuffled for this many players (two players: no Chrysoprase)."""
    if player_count == 2:
        return tuple(p for p in PERSONALITY_IDS if p not in TWO_PLAYER_REMOVED_PERSONALITIES)
    return PERSONALITY_IDS


def unused_personalities(state: State) -> list[str]:
    """The personality cards set aside at the start (and any swapped away with Zorgo)."""
    dealt = {p.personality for p in state.players}
    return [p for p in personalities_in_game(len(state.players)) if p not in dealt]


# -- questions ---------------------------------------------------------------------------------

def piece_option(area: str, piece: str) -> str:
    """An option naming a piece in an area: ``the-shades/blue``, ``dimwell/troll``."""
    return f"{area}/{piece}"


def parse_piece_option(option: str) -> tuple[str, str]:
    area, _, piece = option.partition("/")
    return area, piece


def other_players(state: State, color: str) -> list[str]:
    """The other colours in turn order after ``color``."""
    return state.turn_order_from(color)[1:]


def choose_player(state: State, ctx: TurnContext, text: str, candidates: Sequence[str],
                  key: str = "card.choose-player",
                  refused: Mapping[str, Reason] | None = None) -> Generator[Question, str, str | None]:
    """The active player names a player among ``candidates`` (or skips); ``None`` when none.
    ``refused`` players are shown greyed with the reason (so nobody wonders where they went)."""
    options = [c for c in candidates]
    if not options:
        return None
    answer = yield ask(key, text, ctx.player, [*options, SKIP], unavailable=refused, card=ctx.card)
    return None if answer == SKIP else answer


def choose_whom_to_rob(state: State, ctx: TurnContext, text: str) -> Generator[Question, str, str | None]:
    """The active player names another player to take money from (Nobby Nobbs, Here'n'Now). From
    rules revision 3 a player with no money is shown greyed with the reason, as a player with no
    card is for Stanley: taking from them would take nothing."""
    others = other_players(state, ctx.player)
    refused: dict[str, Reason] = {}
    if state.revision >= TEXTS_WITHOUT_TARGET_SKIPPED:
        refused = {c: why for c in others if (why := has_no_money(state, c)) is not None}
    return (yield from choose_player(state, ctx, text, [c for c in others if c not in refused],
                                     refused=refused or None))


def say_why(narrator: Narrator, ctx: TurnContext, why: Reason) -> None:
    """The line that says why a card's text (or its part) could do nothing, as the checklist strip
    says it: the reason's key and values go along (``{why}``, ``ui.i18n``)."""
    narrator.say("symbol.no-option.scroll", f"{ctx.card}: {why.text}",
                 **({"player": ctx.player, "card": ctx.card} | dict(why.params) | {"why": why.key}))


def nobody_has_money(state: State, ctx: TurnContext) -> Reason | None:
    """Mr Boggis, The Thieves' Guild, Nobby Nobbs: a text that takes money from other players has
    no target when none of them has any."""
    if any(state.player(c).money > 0 for c in other_players(state, ctx.player)):
        return None
    return because("skipped.no-money-to-take", "no other player has any money")


Effect = Callable[[State, Narrator, TurnContext], Steps]
"""A card's text: a procedure of ``companion.morpork.steps`` run in the turn's context."""

NoTarget = Callable[[State, TurnContext], "Reason | None"]
"""Why a card's text has no legal target now, or ``None`` when it may do something: each family
module lists one (``NO_TARGET``) for every text that can find nothing to act on, from the same
listing its effect offers, and ``companion.morpork.cards.no_target`` is the one rule that skips
such a text. A text that can still do part of what it says (a payment that is possible, a roll)
has none: it is done, and says what it could not do."""


def others_with_cards(state: State, ctx: TurnContext) -> list[str]:
    """The other players holding a card that can leave their hand (stuck cards stay)."""
    return [c for c in other_players(state, ctx.player) if free_hand(state, c)]


def nobody_holds_a_card(state: State, ctx: TurnContext) -> Reason | None:
    """The Beggars' Guild, Queen Molly, Cable Street Particulars, Stanley: a text that takes or
    discards another player's card has no target when no other player holds one."""
    if others_with_cards(state, ctx):
        return None
    return because("skipped.no-card-in-hand", "no other player has a card in hand")


def no_card_to_discard(state: State, ctx: TurnContext) -> Reason | None:
    """Modo, The Luggage, Harry King, Shonky Shop: nothing to discard from an empty hand."""
    if possible_cards(state, ctx.player, ctx):
        return None
    return because("skipped.no-card-to-discard", f"{ctx.player} has no card to discard", player=ctx.player)
