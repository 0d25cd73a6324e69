"""The remaining texts: trouble markers, secrets (Mrs Cake, Zorgo), cards that stick in a hand
(The Fools' Guild, Dr Whiteface), and playing two more cards (Drumknott, Ponder Stibbons)."""
from __future__ import annotations

from companion.morpork.board import ADJACENT, AREA_IDS
from companion.morpork.cards.common import (
    Effect, NoTarget, TurnContext, choose_player, other_players, unused_personalities,
)
from companion.morpork.steps import Steps, ask, pay_or
from companion.morpork.cards.interrupts import text_cancelled
from companion.morpork.pieces import add_trouble
from companion.core.procedure import Narrator, Question, Reason, because
from companion.morpork.state import State

STICKY_PRICE = 5
TAKE_CARD = "take-card"
SWAP = "swap"
SEEN = "seen"


def doctor_hix(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Doctor Hix: place a trouble marker in any area you like."""
    yield from _place_trouble(state, narrator, ctx, [a for a in AREA_IDS if not state.areas[a].trouble])


def the_mob(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """The Mob: place a trouble marker in an area next to one that already has one."""
    yield from _place_trouble(state, narrator, ctx, [a for a in AREA_IDS if not state.areas[a].trouble
                                                     and any(state.areas[b].trouble for b in ADJACENT[a])])


def _place_trouble(state: State, narrator: Narrator, ctx: TurnContext, options: list[str]) -> Steps:
    """Offer ``options`` for a trouble marker (or skip); nothing to offer when none is left in the box."""
    if not options or state.trouble_in_supply() == 0:
        narrator.say("symbol.no-option.place-trouble", "no trouble marker can be placed", player=ctx.player)
        return
    area = yield ask("card.place-trouble", f"{ctx.player}: place a trouble marker where?", ctx.player,
                     [*options, "skip"], card=ctx.card)
    if area != "skip":
        add_trouble(state, area)
        narrator.say("trouble.placed", f"{ctx.player} places a trouble marker in {area}", area, player=ctx.player)


def sticky_card(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """The Fools' Guild, Dr Whiteface: a player pays you $5, or takes this card, which then sits in
    their hand for the rest of the game (counting toward their five)."""
    victim = yield from choose_player(state, ctx, f"{ctx.player}: which player must pay $5 or take the card?",
                                      other_players(state, ctx.player))
    if victim is None or (yield from text_cancelled(state, narrator, ctx, victim)):
        return
    if not (yield from pay_or(state, narrator, victim, ctx.player, STICKY_PRICE, TAKE_CARD, key="card.sticky",
                              text=f"{victim}: pay {ctx.player} $5 or take {ctx.card} for good?", card=ctx.card)):
        ctx.destination[ctx.card] = ("stuck", victim)


def mrs_cake(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Mrs Cake: secretly look at the unused personalities except one. The session draws the one
    withheld (a hidden random draw); the others are shown to the active player only."""
    unused = unused_personalities(state)
    withheld = yield Question("random", "card.mrs-cake-withheld", "draw the personality Mrs Cake does not show",
                              None, tuple(unused), private=True)
    shown = [p for p in unused if p != withheld]
    yield Question("choice", "card.mrs-cake-look", f"{ctx.player}: unused personalities: {', '.join(shown)}",
                   ctx.player, (SEEN,), params=(("shown", ",".join(shown)), ("card", ctx.card)), private=True)
    narrator.say("card.mrs-cake", f"{ctx.player} looks at unused personalities", player=ctx.player)


def zorgo(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Zorgo the Retro-phrenologist: you may swap your personality for one drawn at random from
    those not in use (a hidden random draw the session answers and journals)."""
    answer = yield ask("card.zorgo", f"{ctx.player}: swap your personality for a random unused one?", ctx.player,
                       [SWAP, "skip"], card=ctx.card)
    if answer != SWAP:
        return
    unused = unused_personalities(state)
    drawn = yield Question("random", "card.zorgo-draw", "draw a random unused personality", None, tuple(unused),
                           private=True)
    player = state.player(ctx.player)
    old = player.personality
    player.personality = drawn
    narrator.say("card.zorgo", f"{ctx.player} swaps personalities", player=ctx.player)
    narrator.say("private.zorgo", f"{ctx.player}: your personality is now {drawn} (was {old})", player=ctx.player,
                 personality=drawn, was=old or "")


def play_two_more(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Drumknott, Ponder Stibbons: play two more cards; each, with any chain it starts, is finished
    before the second begins (FAQ). A hand emptied by the first says so rather than ending in silence
    (the text with no card at all to play is skipped, :func:`_no_card_to_play`)."""
    from companion.morpork.turn import choose_card, play_sequence  # the turn plays cards; cards call back into it

    for n in (1, 2):
        if n == 2 and not ctx.is_over(state) and (why := _no_card_to_play(state, ctx)) is not None:
            narrator.say("symbol.no-option.no-card-to-play", why.text, **dict(why.params))
            return
        card = yield from choose_card(state, narrator, ctx, key="card.play-more")
        if card is None:
            return
        yield from play_sequence(state, narrator, ctx, card)


def _no_card_to_play(state: State, ctx: TurnContext) -> Reason | None:
    """Drumknott, Ponder Stibbons: no further card to play from a hand with none left that can be
    played (interrupts are played otherwise; a card stuck in the hand stays)."""
    from companion.morpork.turn import playable_cards  # the turn lists the cards; cards call back into it

    return None if playable_cards(state, ctx) else because(
        "skipped.no-card-to-play", f"{ctx.player} has no card left to play", player=ctx.player)


EFFECTS: dict[str, Effect] = {
    "doctor-hix": doctor_hix,
    "the-mob": the_mob,
    "the-fools-guild": sticky_card,
    "dr-whiteface": sticky_card,
    "mrs-cake": mrs_cake,
    "zorgo-the-retro-phrenologist": zorgo,
    "drumknott": play_two_more,
    "ponder-stibbons": play_two_more,
}

NO_TARGET: dict[str, NoTarget] = {
    "drumknott": _no_card_to_play,
    "ponder-stibbons": _no_card_to_play,
}
