"""The rules of a sound Ankh-Morpoly position that two readers hold, each rule written once: the
invariants (:mod:`companion.morpoly.invariants`, after every input of the random-play tests and the
simulator) and the position format (:mod:`companion.morpoly.state_format`, when a document is read).
They once disagreed (a built group the bank owns passed one and not the other), so neither writes a
rule here again: each asks these functions *what* is wrong and *where* (a party's index, a square,
a token's index) and words the finding its own way, the invariants in game terms ("mortgaged square 1
has buildings"), the format by the field ("squares[0]: …").

The rules: money only moves between the bank and the parties, and no party's cash is below zero
(R14, §5.1); a house or hotel is in the bank or on the board; buildings stand only on an unmortgaged
square whose whole group its owner holds; a token is listed by its own party and stands on the board,
in jail on the jail square; a get-out-of-jail card is held once. Each function is quick on a sound
table (the invariants ask after every input) and looks closer only where something is wrong."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from functools import lru_cache
from typing import NamedTuple

from companion.morpoly.editions import Edition, load_edition
from companion.morpoly.layout import JAIL
from companion.morpoly.state import HOTEL, Bank, Party, SquareState, State, Token


def money_total(state: State, edition: Edition) -> int | None:
    """The bank's and the parties' cash together when it is not the edition's money (None: it is):
    every payment moves money between them (the bank's own may go below zero, the banker's IOUs)."""
    total = state.bank.cash
    for party in state.parties:  # a loop: cheaper than a comprehension for a handful of parties
        total += party.cash
    return None if total == edition.bank_money else total


def parties_in_debt(parties: Sequence[Party]) -> list[int]:
    """The indices of the parties whose cash is below zero: a payment the cash does not cover waits
    while the party raises money or is taken over, so the cash itself never goes below zero."""
    for party in parties:
        if party.cash < 0:
            return [i for i, p in enumerate(parties) if p.cash < 0]
    return []


def buildings(squares: Mapping[int, SquareState]) -> tuple[int, int]:
    """The houses and the hotels standing on ``squares``."""
    built = [sq.houses for sq in squares.values()]
    hotels = built.count(HOTEL)
    return sum(built) - HOTEL * hotels, hotels


class Supply(NamedTuple):
    """One kind of building whose supply does not add up: ``key`` (``houses`` or ``hotels``, the
    bank's field), how many the bank holds, how many stand on the board, and the edition's."""

    key: str
    in_bank: int
    on_board: int
    supply: int


def supply_problems(bank: Bank, edition: Edition, houses: int, hotels: int) -> list[Supply]:
    """The houses, then the hotels, when the bank's and the board's (``houses`` and ``hotels``) do
    not make the edition's or the bank's are below zero (with none left nobody builds: the housing
    shortage)."""
    out = []
    if bank.houses < 0 or bank.houses + houses != edition.houses:
        out.append(Supply("houses", bank.houses, houses, edition.houses))
    if bank.hotels < 0 or bank.hotels + hotels != edition.hotels:
        out.append(Supply("hotels", bank.hotels, hotels, edition.hotels))
    return out


class Building(Enum):
    """What is wrong with a square that carries buildings (R12 and the standard rules: one builds only
    on a whole group, the bank builds nothing, and buildings are sold before a square is mortgaged)."""

    MORTGAGED = "mortgaged"
    UNOWNED = "unowned"
    SPLIT = "split"
    """Its owner does not hold its whole group."""


def building_problems(squares: Mapping[int, SquareState], group: tuple[int, ...],
                      square: SquareState) -> tuple[Building, ...]:
    """What is wrong with ``square``, built and in ``group``, in this order: mortgaged, the bank's or
    (owned) without its whole group; empty when it may carry its buildings."""
    owner = square.owner
    if owner is None:  # the bank builds nothing (and a group all the bank's is no whole group)
        return (Building.MORTGAGED, Building.UNOWNED) if square.mortgaged else (Building.UNOWNED,)
    if owns_group(squares, group, owner):
        return (Building.MORTGAGED,) if square.mortgaged else ()
    return (Building.MORTGAGED, Building.SPLIT) if square.mortgaged else (Building.SPLIT,)


def owns_group(squares: Mapping[int, SquareState], group: tuple[int, ...], owner: str) -> bool:
    """Whether ``owner`` holds every square of ``group``."""
    for member in group:
        if squares[member].owner != owner:
            return False
    return True


@lru_cache(maxsize=None)
def groups(edition_id: str) -> dict[int, tuple[int, ...]]:
    """Each ownable square's group in ``edition_id`` (what :meth:`Edition.group` answers), as one dict
    built once per edition."""
    edition = load_edition(edition_id)
    return {s.index: edition.group(s.index) for s in edition.squares if edition.group(s.index)}


class Misplaced(Enum):
    """What is wrong with a token."""

    UNLISTED = "unlisted"
    """Its party does not list it (tokens join a party only with a takeover, §5.1)."""
    OFF_SQUARE = "off square"
    """It stands off the board's squares 0 to 39, or in jail elsewhere than on the jail square."""


def token_problems(tokens: Sequence[Token], parties: Mapping[str, Party]) -> list[tuple[int, Misplaced]]:
    """Each token's problems (its index and what), in the tokens' order and for one token in the
    order of :class:`Misplaced`; ``parties`` by id."""
    out = []
    for i, token in enumerate(tokens):
        party = parties.get(token.party)
        if party is None or token.id not in party.tokens:
            out.append((i, Misplaced.UNLISTED))
        if not 0 <= token.square < 40 or (token.in_jail and token.square != JAIL):
            out.append((i, Misplaced.OFF_SQUARE))
    return out


def card_held_twice(parties: Sequence[Party]) -> tuple[int, str, str] | None:
    """The first get-out-of-jail card held a second time (there is one of each card): the index of
    the party that holds it again, the card, and the party that held it first; None: each is held once."""
    held_all = [card for party in parties for card in party.jail_cards]
    if len(held_all) < 2 or len(held_all) == len(set(held_all)):
        return None
    held: dict[str, str] = {}
    for i, party in enumerate(parties):
        for card in party.jail_cards:
            if card in held:
                return i, card, held[card]
            held[card] = party.id
    return None  # pragma: no cover - a card listed twice is found above
