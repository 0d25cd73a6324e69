"""Chance and Community Chest: the card drawn is an input, its effect is the edition's data.

The table says which card was drawn: a choice among the deck's card ids (a get-out-of-jail card that
a party holds is not in the deck), or a scan ``{"type": "scan", "kind": "chance", "card": ID}``.
Each effect kind of ``ankh-morpoly-edition/1`` is resolved here, once.
"""
from __future__ import annotations

from collections.abc import Generator

from companion.core.procedure import Narrator, Question
from companion.morpoly import purposes
from companion.morpoly.debts import pay_each
from companion.morpoly.editions import Card, Edition
from companion.morpoly.money import BANK, buildings_of, transfer
from companion.morpoly.card_moves import MOVING_CARDS, card_move
from companion.morpoly.fool_cards import resolve_drawn as fool_may_modify
from companion.morpoly.events import JailCause, PaymentKind
from companion.morpoly.guilds import watch
from companion.morpoly.powers import jail
from companion.morpoly.questions import ask_choice
from companion.morpoly.rules import is_variant, party_exists, token_alive
from companion.morpoly.settle import charge
from companion.morpoly.state import State
from companion.morpoly.table_position import position_of
from companion.morpoly.takeover import say_card_returned

Drawing = Generator[Question, str, None]

DECK_NAMES = {"chance": "Chance", "chest": "Community Chest"}


def deck_options(state: State, edition: Edition, deck: str) -> list[str]:
    held = {card for party in state.parties for card in party.jail_cards}
    return [card.id for card in edition.deck(deck) if card.id not in held]


def draw(state: State, edition: Edition, narrator: Narrator, token_id: str, deck: str, dice_total: int) -> Drawing:
    text = f"{token_id}: which {DECK_NAMES[deck]} card was drawn?"
    if deck == "chance":
        card_id = yield from ask_choice(state, narrator, "morpoly.card.chance", text, token_id,
                                        deck_options(state, edition, deck), reveals=True, deck=deck,
                                        token=token_id)
    else:
        card_id = yield from ask_choice(state, narrator, "morpoly.card.chest", text, token_id,
                                        deck_options(state, edition, deck), reveals=True, deck=deck,
                                        token=token_id)
    card = edition.card(card_id)
    narrator.say("morpoly.card.drawn", f"{token_id} draws: {card.text}", token=token_id, card=card.id,
                 card_text=card.text)
    yield from fool_may_modify(state, edition, narrator, token_id, card, dice_total)  # the Fools' table A, then resolve


def payment_kind(card: Card) -> PaymentKind:
    """A paying card's tag (R29): a fine for the Watch, a tax for the Patrician, else a card payment."""
    return {"fine": PaymentKind.FINE, "tax": PaymentKind.TAX}.get(card.tags.payment or "", PaymentKind.CARD)


def resolve(state: State, edition: Edition, narrator: Narrator, token_id: str, card: Card, dice_total: int) -> Drawing:
    token = state.token(token_id)
    party = token.party
    kind = card.kind
    if kind in MOVING_CARDS:
        yield from card_move(state, edition, narrator, token_id, card, dice_total)
    elif kind == "jail":
        yield from jail(state, edition, narrator, token_id, JailCause.CARD, "a card")
    elif kind == "jail-free" and is_variant(state) and not watch.keeps_jail_free_card(position_of(state, edition), party):
        say_card_returned(narrator, party, card.id)
    elif kind == "jail-free":
        state.party(party).jail_cards.append(card.id)
        narrator.say("morpoly.card.kept", f"{party} keeps the card", party=party, card=card.id)
    elif kind == "receive":
        transfer(state, BANK, party, int(card.get("amount")))
    elif kind == "pay":
        yield from charge(state, edition, narrator, party, BANK, int(card.get("amount")), payment_kind(card), purposes.card(card.id))
    elif kind == "repairs":
        houses, hotels = buildings_of(state, party)
        yield from charge(state, edition, narrator, party, BANK,
                          houses * int(card.get("house")) + hotels * int(card.get("hotel")), payment_kind(card), purposes.card(card.id))
    elif kind == "pay-each":
        yield from pay_each(state, edition, narrator, token_id, int(card.get("amount")), purposes.card(card.id))
    elif kind == "collect-each":
        for other in [p.id for p in state.parties if p.id != party]:
            if not (token_alive(state, token_id) and party_exists(state, other)) or state.game_over:
                continue
            drawer = state.token(token_id).party
            yield from charge(state, edition, narrator, other, drawer, int(card.get("amount")), PaymentKind.CARD,
                              purposes.card(card.id))
    elif kind == "pay-or-draw":
        amount = int(card.get("amount"))
        choice = yield from ask_choice(state, narrator, "morpoly.card.pay-or-draw", f"{token_id}: pay "
                                       f"{edition.currency.format(amount)} or draw a "
                                       f"{DECK_NAMES[str(card.get('deck'))]} card?", token_id, ["pay", "draw"],
                                       token=token_id, amount=edition.currency.format(amount))
        if choice == "pay":
            yield from charge(state, edition, narrator, party, BANK, amount, payment_kind(card), purposes.card(card.id))
        else:
            yield from draw(state, edition, narrator, token_id, str(card.get("deck")), dice_total)
    else:
        raise ValueError(f"card {card.id!r}: unknown effect {kind!r}")
