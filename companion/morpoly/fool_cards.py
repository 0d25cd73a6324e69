"""The Fools' card modification in play (table A, L111–118, R44).

After a Fools' token (a token of a party with the Fools, L154) draws a Chance or Community Chest
card, the Fool may roll two dice to modify it — optional, decided after seeing the card (R44):
question ``morpoly.card.fool-modify`` (``as-drawn`` or ``modify``), then the roll
``morpoly.roll.fool-card``, a table roll asked through :func:`~companion.morpoly.fortuna_play.ask_roll`
so that Fortuna's window applies. The kit's :data:`~companion.morpoly.dice.TABLE_A` sorts it:

- **doubles** — every amount he would pay or receive is doubled (per-house and per-hotel repair
  costs too), on a card that moves him the GO money it pays and its special rent ("twice the
  rental", "ten times the amount thrown"; from rules revision 10); a card without money is played as
  drawn.
- **7** — the card is reversed: money he would receive he pays and the other way round (same amount,
  same counterparty: "collect from each player" becomes "pay each player"; repairs are paid *to*
  him); a go-to-jail card becomes a get-out-of-jail-free card that he keeps, and the other way round
  (L115); a card that moves him sends him to the square opposite its destination (option
  ``fool-reverse-movement``: the opposite square, or the same distance the other way), walking the
  other way — "go back three squares" is then 17 squares forward (R44).
- **other even** — he gives the card to another player's token (question ``morpoly.card.fool-give``,
  ``give:<token>``),
  which resolves it as if it had drawn it, from its own square (R44). Tokens in jail cannot take it;
  with nobody to take it he plays it as drawn.
- **other odd** — played as drawn.

Rulings of this module where neither the source nor §7 says: a reversed card's payment is an "other"
payment (not the fine or tax its printed twin may be, R29); a reversed "pay or draw" card pays him
the amount (nobody draws instead of being paid); the special rent of a "nearest station / utility"
card applies only when the reversed card ends on a square of that kind.
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from companion.core.procedure import Narrator, Question
from companion.morpoly.card_moves import AS_DRAWN, MOVING_CARDS, TIMES, card_walk, destinations
from companion.morpoly.dice import TABLE_A, CardModification, Dice, classify
from companion.morpoly.editions import Card, CardTags, Edition
from companion.morpoly.events import Direction, RollPurpose
from companion.morpoly.fortuna_play import ask_roll
from companion.morpoly.guilds import fools
from companion.morpoly.money import buildings_of
from companion.morpoly.movement import card_rotation
from companion.morpoly.moves import running
from companion.morpoly.questions import ask_choice
from companion.morpoly.revisions import FORTUNA_AND_FOOLS_AUDITED
from companion.morpoly.rules import is_variant, token_alive
from companion.morpoly.state import State
from companion.morpoly.table_position import position_of

Drawing = Generator[Question, str, None]

MODIFY = "modify"
GIVE = "give:"

_PAYING = {"pay": "receive", "pay-each": "collect-each", "pay-or-draw": "receive"}
_RECEIVING = {"receive": "pay", "collect-each": "pay-each"}
_JAIL_KINDS = {"jail": "go-to-jail", "jail-free": "get-out-of-jail-free"}
_KIND_OF_JAIL_CARD = {name: kind for kind, name in _JAIL_KINDS.items()}


def may_modify(state: State, token_id: str) -> bool:
    """The question is offered to a token of a party with the Fools, in the variant only."""
    return is_variant(state) and token_alive(state, token_id) and fools.is_fool(position_of(state), token_id)


def repairs_due(state: State, token_id: str, card: Card) -> int:
    """What a repairs card costs ``token_id``'s party: its houses and hotels at the card's rates."""
    houses, hotels = buildings_of(state, state.token(token_id).party)
    return houses * int(card.get("house")) + hotels * int(card.get("hotel"))


def modified_card(card: Card, modification: CardModification, repairs: int = 0) -> Card:
    """``card`` as table A changes it, but a card that moves the token reversed (that is
    :func:`reversed_move`'s). ``repairs``: what a repairs card would cost the drawer (a reversed
    repairs card pays him that). A give-away or an odd roll leaves the card as drawn; doubles on a
    card that moves him mark it :data:`~companion.morpoly.card_moves.TIMES` 2, which its walk reads."""
    kind = card.kind
    effect = dict(card.effect)
    if modification is CardModification.DOUBLED and kind in MOVING_CARDS:
        return replace(card, effect=tuple(sorted({**effect, TIMES: 2}.items())))
    if modification is CardModification.DOUBLED:
        for name in ("amount", "house", "hotel"):
            if name in effect:  # the kit's rule, as a signed amount: doubled either way
                effect[name] = abs(fools.modified_amount(int(effect[name]), modification))
        return replace(card, effect=tuple(sorted(effect.items())))
    if modification is not CardModification.REVERSED:
        return card
    if kind in _JAIL_KINDS:  # L115: go-to-jail and get-out-of-jail-free swap
        swapped = _KIND_OF_JAIL_CARD[fools.JAIL_CARD_SWAP[_JAIL_KINDS[kind]]]
        tags = CardTags(None, False, "jail" if swapped == "jail" else None, swapped == "jail-free")
        return replace(card, effect=(("kind", swapped),), tags=tags)
    if kind == "repairs":
        return replace(card, effect=(("amount", repairs), ("kind", "receive")), tags=CardTags(None, True, None, False))
    if kind in _PAYING:
        amount = fools.modified_amount(-int(effect["amount"]), modification)  # he pays: negative
        return replace(card, effect=(("amount", amount), ("kind", _PAYING[kind])), tags=CardTags(None, True, None, False))
    if kind in _RECEIVING:
        amount = -fools.modified_amount(int(effect["amount"]), modification)  # he receives: positive
        return replace(card, effect=(("amount", amount), ("kind", _RECEIVING[kind])),
                       tags=CardTags("other", False, None, False))
    return card


def resolve_drawn(state: State, edition: Edition, narrator: Narrator, token_id: str, card: Card,
                  dice_total: int) -> Drawing:
    """``token_id`` has drawn ``card`` (and everyone has seen it): a Fool may modify it, then it is
    resolved — by him, or by the token he gives it to."""
    from companion.morpoly.cards import resolve  # cards.draw comes here: imported when first needed

    if not may_modify(state, token_id):
        yield from resolve(state, edition, narrator, token_id, card, dice_total)
        return
    choice = yield from ask_choice(state, narrator, "morpoly.card.fool-modify",
                                   f"{token_id}: play the card as drawn, or roll to modify it?", token_id,
                                   [AS_DRAWN, MODIFY], token=token_id, card=card.id)
    if choice == AS_DRAWN:
        yield from resolve(state, edition, narrator, token_id, card, dice_total)
        return
    first, second = yield from ask_roll(state, narrator, "morpoly.roll.fool-card",
                                        f"{token_id}: roll to modify the card", token_id, RollPurpose.TABLE,
                                        token=token_id, card=card.id)
    modification = TABLE_A[classify(Dice(first, second))]
    _say(narrator, token_id, modification, first, second)
    if modification is CardModification.GIVE_AWAY:
        yield from give_away(state, edition, narrator, token_id, card, dice_total)
    elif modification is CardModification.REVERSED and card.kind in MOVING_CARDS:
        yield from reversed_move(state, edition, narrator, token_id, card, dice_total)
    elif card.kind in MOVING_CARDS and state.revision < FORTUNA_AND_FOOLS_AUDITED:
        yield from resolve(state, edition, narrator, token_id, card, dice_total)  # as played: no money doubled
    else:
        repairs = repairs_due(state, token_id, card) if card.kind == "repairs" else 0
        yield from resolve(state, edition, narrator, token_id, modified_card(card, modification, repairs), dice_total)


def reversed_move(state: State, edition: Edition, narrator: Narrator, token_id: str, card: Card,
                  dice_total: int) -> Drawing:
    """A reversed card that moves him (L116, R44): to the square opposite the card's destination (or,
    by option ``fool-reverse-movement``, the same distance the other way), walking the other way — a
    relocation by a card all the same (R50)."""
    target, direction = destinations(state, edition, token_id, card)[AS_DRAWN]
    start = state.token(token_id).square
    rotation = card_rotation(running(state, token_id), state.rules)
    square = fools.reversed_card_destination(start, target, direction, state.rules, rotation)
    other_way = Direction.BACKWARD if direction is Direction.FORWARD else Direction.FORWARD
    yield from card_walk(state, edition, narrator, token_id, card, square, other_way, dice_total, by_card=False)


def recipients(state: State, token_id: str) -> list[str]:
    """Who may be given the card: another party's tokens, in seating order, not in jail."""
    party = state.token(token_id).party
    return [t for t in position_of(state).tokens()
            if state.token(t).party != party and not state.token(t).in_jail]


def give_away(state: State, edition: Edition, narrator: Narrator, token_id: str, card: Card,
              dice_total: int) -> Drawing:
    """An even roll (not doubles): the card goes to another player, who resolves it from his own
    square as if he had drawn it (R44)."""
    from companion.morpoly.cards import resolve

    others = recipients(state, token_id)
    if not others:
        narrator.say("morpoly.card.fool-no-taker", f"nobody can take the card: {token_id} plays it as drawn",
                     token=token_id)
        yield from resolve(state, edition, narrator, token_id, card, dice_total)
        return
    answer = yield from ask_choice(state, narrator, "morpoly.card.fool-give",
                                   f"{token_id}: give the card to whom?", token_id, [GIVE + t for t in others],
                                   token=token_id, card=card.id)
    recipient = answer[len(GIVE):]
    narrator.say("morpoly.card.given", f"{token_id} gives the card to {recipient}", token=token_id,
                 recipient=recipient)
    yield from resolve(state, edition, narrator, recipient, card, dice_total)


def _say(narrator: Narrator, token_id: str, modification: CardModification, first: int, second: int) -> None:
    if modification is CardModification.DOUBLED:
        narrator.say("morpoly.card.fool-doubled", f"{token_id} rolls {first} and {second}: every amount on the "
                     "card is doubled", token=token_id, first=first, second=second)
    elif modification is CardModification.REVERSED:
        narrator.say("morpoly.card.fool-reversed", f"{token_id} rolls {first} and {second}: the card is reversed",
                     token=token_id, first=first, second=second)
    elif modification is CardModification.GIVE_AWAY:
        narrator.say("morpoly.card.fool-gives", f"{token_id} rolls {first} and {second}: the card goes to "
                     "another player", token=token_id, first=first, second=second)
    else:
        narrator.say("morpoly.card.fool-as-drawn", f"{token_id} rolls {first} and {second}: the card is played "
                     "as drawn", token=token_id, first=first, second=second)
