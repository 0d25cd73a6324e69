"""What the square a token arrives on does: buy or decline, rent, tax, a card, Go To Jail, and in the
variant L-Space (Free Parking, :mod:`companion.morpoly.lspace`).

Declined squares stay with the bank in the variant, which has no auctions (B2); in standard Monopoly
the table auctions them and the companion records who won and the bid (:mod:`companion.morpoly.auction`,
from rules revision 5). In the variant a party in jail receives no rent (B1, R10).
"""
from __future__ import annotations

from collections.abc import Generator, Iterable

from companion.core.procedure import Narrator, Question
from companion.morpoly import cards, powers
from companion.morpoly import purposes
from companion.morpoly.auction import auction_deed, auctions
from companion.morpoly.debts import is_insolvent, pay, raise_cash
from companion.morpoly.editions import OWNABLE, Edition
from companion.morpoly.events import JailCause, PaymentKind
from companion.morpoly.layout import L_SPACE
from companion.morpoly.lspace import lspace
from companion.morpoly.money import BANK, transfer
from companion.morpoly.questions import ask_choice
from companion.morpoly.rent import CardRent, rent_due, rent_for
from companion.morpoly.revisions import RAISE_TO_BUY
from companion.morpoly.rules import is_variant
from companion.morpoly.settle import charge
from companion.morpoly.state import State, Token

Landing = Generator[Question, str, None]


def arrive(state: State, edition: Edition, narrator: Narrator, token_id: str, dice_total: int,
           rent_rule: CardRent | None = None) -> Iterable[Question]:
    """Resolve the square ``token_id`` stands on. ``rent_rule`` is a card's special rent on the square
    it sends the token to (``double`` for a station, ``dice-10`` for a utility).

    The square's own procedure, for the caller to ``yield from`` (``()`` when the square does
    nothing): a plain function choosing it, not a generator around it — a generator made and
    stepped through at every landing, and once more at every answer to a landing's question."""
    token = state.token(token_id)
    square = edition.squares[token.square]
    if square.kind in OWNABLE:
        return _ownable(state, edition, narrator, token, dice_total, rent_rule)
    if square.kind == "tax":
        return charge(state, edition, narrator, token.party, BANK, edition.tax(square.index), PaymentKind.TAX,
                      purposes.tax(square.name))
    if square.kind in ("chance", "chest"):
        return cards.draw(state, edition, narrator, token_id, square.kind, dice_total)
    if square.kind == "go-to-jail":
        return powers.jail(state, edition, narrator, token_id, JailCause.GO_TO_JAIL, square.name)
    if token.square == L_SPACE and is_variant(state):
        return lspace(state, edition, narrator, token_id)
    return ()


def _ownable(state: State, edition: Edition, narrator: Narrator, token: Token, dice_total: int,
             rent_rule: CardRent | None) -> Landing:
    """``token`` (the state's own, found by :func:`arrive`) stands on an ownable square."""
    token_id = token.id
    index = token.square
    name = edition.squares[index].name
    sq = state.squares[index]
    party = token.party
    if sq.owner is None:
        price = edition.deed(index).price
        if state.party(party).cash < price and (auctions(state) or state.revision >= RAISE_TO_BUY) \
                and not is_insolvent(state, edition, party, price):
            yield from _buy_raising(state, edition, narrator, token_id, index, price)
            return
        if state.party(party).cash < price:
            if auctions(state):
                narrator.say("morpoly.deed.cannot-buy-auction", f"{token_id} cannot afford {name}; the bank "
                             f"auctions it", token=token_id, square=index, name=name)
                yield from auction_deed(state, edition, narrator, index, token_id)
                return
            narrator.say("morpoly.deed.cannot-buy", f"{token_id} cannot afford {name}; it stays with the bank",
                         token=token_id, square=index, name=name)
            yield from powers.declined(state, edition, narrator, token_id, index)
            return
        choice = yield from ask_choice(state, narrator, "morpoly.deed.buy", f"{token_id}: buy {name} for "
                                       f"{edition.currency.format(price)}?", token_id, ["buy", "decline"],
                                       square=str(index), token=token_id, name=name,
                                       price=edition.currency.format(price))
        if choice == "buy" and state.party(party).cash >= price:
            _bought(state, edition, narrator, party, index)
        else:
            yield from _declined(state, edition, narrator, token_id, index)
        return
    owner = sq.owner
    if owner == party:
        return
    if is_variant(state):
        yield from powers.landed_on_owned(state, edition, narrator, token_id, dice_total, rent_rule)
        return
    if sq.mortgaged:
        return
    # the printed rent without rent_for's generator (a card's rule may ask a roll: then through it)
    amount = rent_due(state, edition, index, dice_total) if rent_rule is None \
        else (yield from rent_for(state, edition, narrator, token_id, index, dice_total, rent_rule))
    yield from pay(state, edition, narrator, party, owner, amount, purposes.rent(name))


def _declined(state: State, edition: Edition, narrator: Narrator, token_id: str, square: int) -> Landing:
    """``token_id`` does not buy ``square``: standard Monopoly's auction by the table, or in the variant
    (no auctions, L10) the square stays with the bank and the Merchants may buy it (L62)."""
    name = edition.squares[square].name
    if auctions(state):
        narrator.say("morpoly.deed.declined-auction", f"{token_id} declines {name}; the bank auctions it",
                     token=token_id, square=square, name=name)
        yield from auction_deed(state, edition, narrator, square, token_id)
        return
    narrator.say("morpoly.deed.declined", f"{token_id} declines {name}; it stays with the bank",
                 token=token_id, square=square, name=name)
    yield from powers.declined(state, edition, narrator, token_id, square)


def _buy_raising(state: State, edition: Edition, narrator: Narrator, token_id: str, square: int,
                 price: int) -> Landing:
    """A lander short of the price who could raise it (mortgages, houses sold: the printed rules
    allow both at any time): asked to buy as anyone is; buying asks its boss for the sales and
    mortgages one at a time (or ``decline`` after all), then the deed is bought. Declined: as any
    decline (:func:`_declined`). Standard Monopoly from rules revision 5 (before, the deed went
    straight to the auction), the variant from revision 11 (before, it stayed with the bank unasked)."""
    party = state.token(token_id).party
    name = edition.squares[square].name
    money = edition.currency.format(price)
    choice = yield from ask_choice(state, narrator, "morpoly.deed.buy", f"{token_id}: buy {name} for {money}?",
                                   token_id, ["buy", "decline"], square=str(square), token=token_id, name=name,
                                   price=money)
    if choice == "buy" and (yield from raise_cash(state, edition, narrator, party, price, purposes.purchase(name),
                                                  "decline", "morpoly.deed.raise", name=name)):
        _bought(state, edition, narrator, party, square)
        return
    yield from _declined(state, edition, narrator, token_id, square)


def _bought(state: State, edition: Edition, narrator: Narrator, party: str, square: int) -> None:
    """``party`` pays the bank the printed price and the deed is its own."""
    price = edition.deed(square).price
    name = edition.squares[square].name
    transfer(state, party, BANK, price)
    state.squares[square] = state.squares[square].with_owner(party)
    narrator.say("morpoly.deed.bought", f"{party} buys {name}", party=party, square=square, name=name,
                 price=edition.currency.format(price))
