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
from companion.morpork.hidden_cards import known_elsewhere
from companion.core.procedure import Narrator, Question, Reason, because, choice_question
from companion.morpork.actions import end_game_on_draw_pile
from companion.morpork.pieces import transfer
from companion.morpork.state import State

Steps = Generator[Question, str, None]
"""A card effect: yields questions, receives answers, mutates the working state."""

INTERRUPT_ONLY: tuple[str, ...] = ("gaspode", "fresh-start-club", "wallace-sonky", "igor", "susan",
                                   "doctor-mossy-lawn")
"""Cards whose only symbol is the interrupt: never played as a turn's card (Mossy Lawn is offered
separately, to end one's own turn)."""

SKIP = "skip"
DO = "do"
DONE = "done"
PAY = "pay"


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
    known = known_elsewhere(state, ctx)
    return [c for c in among if c not in known]


def draw_cards(state: State, narrator: Narrator, color: str, count: int) -> int:
    """``color`` draws up to ``count`` cards; the game ends at once if the draw pile runs out."""
    drawn = max(0, min(count, state.draw_pile))
    state.draw_pile -= drawn
    state.player(color).hand += drawn
    narrator.say("cards.draw", f"{color} draws {drawn} card(s)", player=color, count=drawn)
    if state.draw_pile == 0 and state.game_over is None:
        end_on_draw_pile(state, narrator)
    return drawn


def end_on_draw_pile(state: State, narrator: Narrator) -> None:
    """The last card left the draw pile: Vimes wins if dealt, otherwise the most points."""
    end_game_on_draw_pile(state)
    assert state.game_over is not None
    narrator.say("game.over-draw-pile", "the draw pile is empty: the game ends",
                 winners=",".join(state.game_over.winners))


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
                optional: bool = True) -> Generator[Question, str, str | None]:
    """Ask ``color`` which card they discard (scan or pick it); ``None`` when they stop or can't."""
    options = possible_cards(state, color, ctx)
    if not options:
        return None
    extra = [DONE] if optional else []
    answer = yield choice_question(key, text, color, [*options, *extra])
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

def ask(key: str, text: str, player: str | None, options: Sequence[str], *,
        unavailable: Mapping[str, Reason] | None = None, **params: str) -> Question:
    """A public choice for ``player`` among ``options`` (never empty); ``unavailable`` are shown
    greyed with their reason."""
    if not options:
        raise ValueError(f"a choice needs at least one option: {key!r}")
    return Question("choice", key, text, player, tuple(options), tuple((unavailable or {}).items()),
                    tuple(params.items()))


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


def roll(key: str, text: str, player: str | None) -> Question:
    from companion.core.procedure import roll_question

    return roll_question(key, text, player)


Effect = Callable[[State, Narrator, TurnContext], Steps]


def short_of_money(player: str, money: int, price: int) -> Reason:
    """Why paying is greyed: ``player`` has ``money``, less than ``price``."""
    return because("money.short", f"{player} has ${money}, not ${price}", player=player, money=money, price=price)


def pay_or(state: State, narrator: Narrator, ctx: TurnContext, victim: str, price: int, alternative: str, *,
           key: str, text: str) -> Generator[Question, str, bool]:
    """The Fire Brigade, The Fools' Guild, Dr Whiteface: ``victim`` pays the active player ``price``
    or accepts ``alternative``; paying is greyed out when they cannot afford it. Returns True when paid.
    ``key`` is keyword-only so that the UI's translation scan sees each caller's literal key."""
    money = state.player(victim).money
    options = ([PAY] if money >= price else []) + [alternative]
    greyed = {} if money >= price else {PAY: short_of_money(victim, money, price)}
    answer = yield choice_question(key, text, victim, options, unavailable=greyed, card=ctx.card)
    if answer != PAY:
        return False
    transfer(state, victim, ctx.player, price)
    narrator.say("money.paid", f"{victim} pays {ctx.player} ${price}", payer=victim, payee=ctx.player, amount=price)
    return True
