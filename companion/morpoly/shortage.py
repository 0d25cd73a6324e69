"""Standard Monopoly's housing shortage: the bank's last houses or hotels sold at auction.

The printed rules: "If there is a limited number of houses and hotels available and two or more
players wish to buy more than the Bank has, the houses or hotels must be sold at auction to the
highest bidder." The companion is the bank and keeps the supply, so it can tell when that may
happen, but not what the players wish: a kind of building (houses, hotels) is **short** when at
least two parties may build one of it now (their own turn's rules and cash, as
:func:`companion.morpoly.building.can_build` reads them) and together could place and pay for more
of it than the bank holds (houses: up to four on every street of the groups they may build on;
hotels: one on each of those streets without one; each party no more than its cash buys at its
cheapest street's price: :func:`could_place`), the bank holding at least one. Every menu then offers
:data:`AUCTION_BUILDINGS`, and the table taps it when two players do want them: it names the kind
when both are short (``morpoly.shortage.kind``), who bid highest among the parties that may build
one (``morpoly.shortage.winner``, or ``nobody``; ``cancel`` when the button was tapped by mistake),
the bid (``morpoly.shortage.bid``: any amount the winner holds, as at a deed's auction), and, when
the winner may build it on more than one street, where it goes (``morpoly.shortage.where``). The
winner pays the bid to the bank instead of the printed house price and builds, by the rules of
building (evenly, a hotel on four houses, which go back to the bank). One building per auction; the
menu offers the next while the shortage lasts.

The variant has no auctions (B2), so only standard Monopoly (``base=standard``) has this, from
rules revision 13 (:data:`~companion.morpoly.revisions.HOUSING_AUCTION`): a game recorded before
knew no such answer and replays as it was played.
"""
from __future__ import annotations

from collections.abc import Generator
from functools import lru_cache
from typing import Final

from companion.core.procedure import Narrator, Question
from companion.morpoly import building
from companion.morpoly.auction import NOBODY
from companion.morpoly.editions import Edition, load_edition
from companion.morpoly.questions import ask_amount, ask_choice
from companion.morpoly.revisions import HOUSING_AUCTION
from companion.morpoly.rules import is_variant
from companion.morpoly.state import HOTEL, State
from companion.morpoly.trade import CANCEL

AUCTION_BUILDINGS: Final = "auction-buildings"
"""The menu's answer that starts an auction of the bank's last houses or hotels."""

HOUSE: Final = "house"
HOTEL_KIND: Final = "hotel"
KINDS: Final = (HOUSE, HOTEL_KIND)
"""The kinds of building an auction sells, in the order they are offered."""


def auctions_buildings(state: State) -> bool:
    """Whether the bank's last buildings go to auction in this game: standard Monopoly, from rules
    revision 13."""
    return not is_variant(state) and state.revision >= HOUSING_AUCTION


def builds_of(state: State, edition: Edition, party: str, kind: str) -> list[str]:
    """The ``build:`` answers of ``party`` now that place a building of ``kind`` (a house on a street
    with fewer than four, a hotel on one with four), in board order."""
    found = []
    for square in sorted(state.owned_by(party)):
        houses = state.squares[square].houses
        if houses == HOTEL or (houses == 4) != (kind == HOTEL_KIND):
            continue
        if building.can_build(state, edition, party, square) is None:
            found.append(f"build:{square}")
    return found


def could_place(state: State, edition: Edition, party: str, kind: str) -> int:
    """How many buildings of ``kind`` ``party`` could still place and pay for at the printed price, on
    the groups it may build on (owned whole, none mortgaged): four houses less those standing on each
    street, or a hotel on each street without one — no more than its cash buys at the cheapest of
    those streets' prices (what a party cannot pay for it does not wish for)."""
    return _wishes(state, edition)[KINDS.index(kind)].get(party, 0)


def _wishes(state: State, edition: Edition) -> tuple[dict[str, int], dict[str, int]]:
    """:func:`could_place` of every party that owns a group it may build on (the others could place
    none), houses and hotels, in one pass over the street groups written out: every menu of standard
    Monopoly asks it, and going through each party's squares made a simulated standard game half as
    slow again."""
    squares = state.squares
    found: dict[str, list[int]] = {}  # party → [houses, their cheapest price, hotels, theirs]
    for group, price in _street_groups(edition.id):
        owner = squares[group[0]].owner
        if owner is None:
            continue
        houses = hotels = 0
        for street in group:
            square = squares[street]
            if square.owner != owner or square.mortgaged:
                break
            if square.houses != HOTEL:
                houses += 4 - square.houses
                hotels += 1
        else:
            if hotels:
                facts = found.setdefault(owner, [0, price, 0, price])
                if houses:
                    facts[1] = min(facts[1], price) if facts[0] else price
                    facts[0] += houses
                facts[3] = min(facts[3], price)
                facts[2] += hotels
    house_wishes: dict[str, int] = {}
    hotel_wishes: dict[str, int] = {}
    for party, (houses, house_price, hotels, hotel_price) in found.items():
        cash = state.party(party).cash
        if houses:
            house_wishes[party] = min(houses, cash // house_price)
        hotel_wishes[party] = min(hotels, cash // hotel_price)
    return house_wishes, hotel_wishes


@lru_cache(maxsize=None)
def _street_groups(edition_id: str) -> tuple[tuple[tuple[int, ...], int], ...]:
    """An edition's colour groups, each with its cheapest house price (every set prints one price for a
    group), made once."""
    edition = load_edition(edition_id)
    return tuple((group, min(edition.deed(s).house_cost for s in group)) for group in edition.street_groups)


def bidders(state: State, edition: Edition, kind: str) -> list[str]:
    """The parties that may build a building of ``kind`` now, in seating order."""
    return [p.id for p in state.parties if builds_of(state, edition, p.id, kind)]


def short_kinds(state: State, edition: Edition) -> list[str]:
    """The kinds of building in short supply now (see the module docstring), houses first; none
    outside standard Monopoly under rules revision 13 and later. What the parties could place is
    counted first: only when it is more than the bank holds are the bidders' builds checked (a menu
    before nearly every roll asks it)."""
    if not auctions_buildings(state):
        return []
    short: list[str] = []
    bank = state.bank
    if bank.houses < 1 and bank.hotels < 1:  # nothing left to auction: the count is not even made
        return short
    for kind, wishes in zip(KINDS, _wishes(state, edition)):
        supply = bank.houses if kind == HOUSE else bank.hotels
        if supply < 1:
            continue
        if len(wishes) < 2 or sum(wishes.values()) <= supply:
            continue
        able = bidders(state, edition, kind)  # each owns a group it may build on: among the wishes
        if len(able) >= 2 and sum(wishes[party] for party in able) > supply:
            short.append(kind)
    return short


def auction_buildings(state: State, edition: Edition, narrator: Narrator,
                      token_id: str) -> Generator[Question, str, None]:
    """The menu's :data:`AUCTION_BUILDINGS` on the turn of ``token_id``: the table's auction of one of
    the bank's last houses or hotels (see the module docstring). The questions before the bid are
    asked of the token whose menu it is, as at a deed's auction; the bid and the street of the
    winner's boss."""
    kinds = short_kinds(state, edition)
    if not kinds:
        return
    kind = kinds[0]
    if len(kinds) > 1:
        kind = yield from ask_choice(state, narrator, "morpoly.shortage.kind",
                                     f"{token_id}: auction one of the bank's last houses or hotels?", token_id,
                                     [*kinds, CANCEL], token=token_id)
        if kind == CANCEL:
            return
    supply = str(state.bank.houses if kind == HOUSE else state.bank.hotels)
    winner = yield from ask_choice(state, narrator, "morpoly.shortage.winner",
                                   f"{token_id}: who bid highest for a {kind}? (the bank has {supply} left)",
                                   token_id, [*bidders(state, edition, kind), NOBODY, CANCEL], token=token_id,
                                   kind=kind, supply=supply)
    if winner == CANCEL:  # the button was tapped by mistake: no auction was held
        return
    if winner == NOBODY:
        narrator.say("morpoly.shortage.no-bid", f"nobody bids for the bank's {kind}; it stays with the bank",
                     kind=kind)
        return
    party = state.party(winner)
    boss = party.boss
    bid = int((yield from ask_amount(state, narrator, "morpoly.shortage.bid",
                                     f"{boss}: how much did you bid for the {kind}?", boss,
                                     edition.currency.rounding_unit, party.cash, winner=winner, boss=boss,
                                     kind=kind)))
    # the winner may build one: it was a bidder, and between the questions only corrections of tokens came
    places = builds_of(state, edition, winner, kind)
    assert places, f"{winner} won the auction of a {kind} it may not build"
    where = places[0]
    if len(places) > 1:
        where = yield from ask_choice(state, narrator, "morpoly.shortage.where",
                                      f"{boss}: where does your {kind} go?", boss, places, winner=winner,
                                      boss=boss, kind=kind)
    square = int(where.partition(":")[2])
    building.build(state, edition, winner, square, price=bid)
    name = edition.squares[square].name
    narrator.say("morpoly.shortage.auctioned",
                 f"{winner} buys the bank's {kind} at auction for {edition.currency.format(bid)} and builds it on"
                 f" {name}", party=winner, kind=kind, square=square, name=name,
                 price=edition.currency.format(bid))
