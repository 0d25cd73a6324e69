"""Texts about cards in hand. The companion sees no hand: a card that becomes public (discarded,
taken from the discard pile) is named by scan or pick; a card that changes hands unseen only moves
the counts, and the narration tells the table what to do."""
from __future__ import annotations

from collections.abc import Generator

from companion.morpork.actions import take_money
from companion.morpork.cards.common import (
    Effect, NoTarget, TurnContext, ask_discard, choose_player, discard_card, draw_cards, free_hand, give_cards,
    no_card_to_discard, nobody_holds_a_card, other_players, others_with_cards, possible_cards,
)
from companion.morpork.revisions import TEXTS_WITHOUT_TARGET_SKIPPED
from companion.morpork.steps import Steps, pay_player
from companion.morpork.cards.interrupts import text_cancelled, texts_cancelled
from companion.core.procedure import Narrator, Question, Reason, because, choice_question
from companion.morpork.pieces import transfer
from companion.morpork.state import State

HAND_SIZE = 5
MONEY = "money"
CARD = "card"


def _draw(count: int) -> Effect:
    def effect(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
        """Hex, Librarian, Leonard of Quirm, Moist von Lipwig, …: draw cards from the draw pile."""
        draw_cards(state, narrator, ctx.player, count)
        return
        yield  # pragma: no cover
    return effect


def gargoyles(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Gargoyles: draw one card per building of yours on the board."""
    draw_cards(state, narrator, ctx.player, state.buildings_on_board(ctx.player))
    return
    yield  # pragma: no cover


def two_cards_of_their_choosing(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """The Beggars' Guild, Queen Molly: a player hands you two cards of their own choosing. From
    rules revision 3 a player with no card to hand over is shown greyed with the reason, as for
    Cable Street Particulars and Stanley (:func:`_choose_card_holder`)."""
    text = f"{ctx.player}: who gives you two cards?"
    if state.revision >= TEXTS_WITHOUT_TARGET_SKIPPED:
        victim = yield from _choose_card_holder(state, narrator, ctx, text)
    else:
        victim = yield from choose_player(state, ctx, text, other_players(state, ctx.player))
        if victim is not None and (yield from text_cancelled(state, narrator, ctx, victim)):
            victim = None
    if victim is None:
        return
    give_cards(state, narrator, victim, ctx.player, 2, chooser=victim)


def _discard_for_money(per_card: int) -> Effect:
    def effect(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
        """Harry King ($2), Shonky Shop ($1): discard any number of cards, money for each."""
        while True:
            card = yield from ask_discard(state, narrator, ctx, ctx.player, "card.discard-any",
                                          f"{ctx.player}: discard a card for ${per_card} (or done)",
                                          amount=str(per_card))
            if card is None:
                return
            got = take_money(state, ctx.player, per_card)
            narrator.say("money.taken", f"{ctx.player} takes ${got} from the bank", player=ctx.player, amount=got)
    return effect


def discard_one(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Modo, The Luggage: discard one card."""
    yield from ask_discard(state, narrator, ctx, ctx.player, "card.discard-one",
                           f"{ctx.player}: discard a card", optional=False)


def _no_card_to_give(state: State, ctx: TurnContext) -> Reason | None:
    """Rosie Palm, The Seamstresses' Guild: nothing to sell from an empty hand."""
    return None if free_hand(state, ctx.player) else because(
        "skipped.no-card-to-give", f"{ctx.player} has no card to give", player=ctx.player)


def sell_a_card(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Rosie Palm, The Seamstresses' Guild: give a player one of your cards; they pay you $2 for it."""
    if free_hand(state, ctx.player) == 0:
        narrator.say("symbol.no-option.no-card", f"{ctx.player} has no card to give", player=ctx.player)
        return
    buyer = yield from choose_player(state, ctx, f"{ctx.player}: give a card to whom (they pay $2)?",
                                     other_players(state, ctx.player))
    if buyer is None or (yield from text_cancelled(state, narrator, ctx, buyer)):
        return
    give_cards(state, narrator, ctx.player, buyer, 1, chooser=ctx.player)
    pay_player(state, narrator, buyer, ctx.player, 2)


def sanctuary(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """The Sunshine Dragon Sanctuary: every other player gives you $1 or one of their cards."""
    others = other_players(state, ctx.player)
    yield from texts_cancelled(state, narrator, ctx, others)
    for color in others:
        if (yield from text_cancelled(state, narrator, ctx, color)):
            continue
        options = ([MONEY] if state.player(color).money > 0 else []) + ([CARD] if free_hand(state, color) else [])
        if not options:
            narrator.say("symbol.no-option.nothing-to-give", f"{color} has neither money nor a card to give",
                         player=color)
            continue
        choice = options[0] if len(options) == 1 else (
            yield choice_question("card.sanctuary", f"{color}: give {ctx.player} $1 or a card?", color, options,
                                  card=ctx.card, payee=ctx.player))
        if choice == MONEY:
            transfer(state, color, ctx.player, 1)
            narrator.say("money.paid", f"{color} pays {ctx.player} $1", payer=color, payee=ctx.player, amount=1)
        else:
            give_cards(state, narrator, color, ctx.player, 1, chooser=color)


def alchemists(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """The Alchemists' Guild: discard up to three cards, then draw back up to five."""
    for _ in range(3):
        card = yield from ask_discard(state, narrator, ctx, ctx.player, "card.discard-up-to-three",
                                      f"{ctx.player}: discard a card (up to three, or done)")
        if card is None:
            break
    draw_cards(state, narrator, ctx.player, max(0, HAND_SIZE - state.player(ctx.player).hand))


def swap_hands(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """The Chair of Indefinite Studies: swap your whole hand with another player's. Cards stuck in
    a hand (Fools' Guild, Dr Whiteface) stay with their victim: "stuck for the rest of the game"."""
    other = yield from choose_player(state, ctx, f"{ctx.player}: swap hands with whom?",
                                     other_players(state, ctx.player))
    if other is None or (yield from text_cancelled(state, narrator, ctx, other)):
        return
    mine, theirs = state.player(ctx.player), state.player(other)
    free_mine, free_theirs = free_hand(state, ctx.player), free_hand(state, other)
    mine.hand = len(mine.stuck_cards) + free_theirs
    theirs.hand = len(theirs.stuck_cards) + free_mine
    narrator.say("cards.swap-hands", f"{ctx.player} and {other} swap hands", a=ctx.player, b=other)


def _no_cards(state: State, ctx: TurnContext) -> dict[str, Reason]:
    """Other players with no card that could be taken or discarded (stuck cards stay), and why."""
    return {c: because("hand.no-free-card", f"{c} has no card in hand that can leave it", player=c)
            for c in other_players(state, ctx.player) if not free_hand(state, c)}


def _choose_card_holder(state: State, narrator: Narrator, ctx: TurnContext,
                        text: str) -> Generator[Question, str, str | None]:
    """The player whose cards a text takes or discards: another player with a card that can leave
    their hand (the others shown greyed, :func:`_no_cards`), who may then cancel the text for
    themselves (Wallace Sonky). ``None`` when nobody is chosen or the text is cancelled."""
    victim = yield from choose_player(state, ctx, text, others_with_cards(state, ctx), refused=_no_cards(state, ctx))
    if victim is None or (yield from text_cancelled(state, narrator, ctx, victim)):
        return None
    return victim


def cable_street(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Cable Street Particulars: look at a player's hand and have one of those cards discarded."""
    victim = yield from _choose_card_holder(state, narrator, ctx, f"{ctx.player}: whose hand do you look at?")
    if victim is None:
        return
    card = yield choice_question("card.cable-street", f"{ctx.player}: which of {victim}'s cards is discarded?",
                                 ctx.player, possible_cards(state, victim, ctx), card=ctx.card, victim=victim)
    discard_card(state, narrator, ctx, victim, card)


def stanley(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Stanley: take two cards at random from a player, keep one, give the other back (net: one).

    The counts move by one card; the line tells the table what to do with the real cards (two drawn
    blind from the victim's hand, one kept), or that the victim's only free card is taken."""
    victim = yield from _choose_card_holder(state, narrator, ctx, f"{ctx.player}: take cards from whom?")
    if victim is None:
        return
    state.player(victim).hand -= 1
    state.player(ctx.player).hand += 1
    if free_hand(state, victim):
        narrator.say("cards.stanley", f"{ctx.player} takes two cards at random from {victim}, keeps one and "
                     "gives the other back", taker=ctx.player, giver=victim)
    else:
        narrator.say("cards.stanley-one", f"{ctx.player} takes {victim}'s only card", taker=ctx.player,
                     giver=victim)


def history_monks(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """History Monks: shuffle the discard pile, draw four at random; the rest stays the discard pile.
    The player draws the real cards and scans (or picks) each so the discard pile stays true."""
    for _ in range(4):
        if not state.discard_pile:
            break
        card = yield choice_question("card.history-monks", f"{ctx.player}: scan a card drawn from the discard pile",
                                     ctx.player, sorted(set(state.discard_pile)), reveals=True, card=ctx.card)
        state.discard_pile.remove(card)
        state.player(ctx.player).hand += 1
        narrator.say("cards.from-discard", f"{ctx.player} takes {card} from the discard pile", player=ctx.player,
                     card=card)


EFFECTS: dict[str, Effect] = {
    "hex": _draw(3),
    "librarian": _draw(4),
    "leonard-of-quirm": _draw(4),
    "moist-von-lipwig": _draw(2),
    "professor-of-recent-runes": _draw(2),
    "sergeant-cheery-littlebottom": _draw(2),
    "the-clacks": _draw(2),
    "gargoyles": gargoyles,
    "the-beggars-guild": two_cards_of_their_choosing,
    "queen-molly": two_cards_of_their_choosing,
    "harry-king": _discard_for_money(2),
    "shonky-shop": _discard_for_money(1),
    "modo": discard_one,
    "the-luggage": discard_one,
    "rosie-palm": sell_a_card,
    "the-seamstresses-guild": sell_a_card,
    "the-ankh-morpork-sunshine-dragon-sanctuary": sanctuary,
    "the-alchemists-guild": alchemists,
    "the-chair-of-indefinite-studies": swap_hands,
    "cable-street-particulars": cable_street,
    "stanley": stanley,
    "history-monks": history_monks,
}


def _empty_discard_pile(state: State, ctx: TurnContext) -> Reason | None:
    """History Monks draw from the discard pile: nothing to draw when it is empty."""
    return None if state.discard_pile else because("skipped.discard-pile-empty", "the discard pile is empty")


NO_TARGET: dict[str, NoTarget] = {
    "the-beggars-guild": nobody_holds_a_card,
    "queen-molly": nobody_holds_a_card,
    "cable-street-particulars": nobody_holds_a_card,
    "stanley": nobody_holds_a_card,
    "harry-king": no_card_to_discard,
    "shonky-shop": no_card_to_discard,
    "modo": no_card_to_discard,
    "the-luggage": no_card_to_discard,
    "history-monks": _empty_discard_pile,
    "rosie-palm": _no_card_to_give,
    "the-seamstresses-guild": _no_card_to_give,
}
