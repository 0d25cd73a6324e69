"""Trades between parties: a deed bought from another party for cash (reference B6, R57, §8.3).

The players negotiate at the table; the companion records the result and checks it against the
rules. The first form a trade takes here is the one that completes colour groups: at a turn's menu
the boss of the token's party answers ``trade``, then names a square of another party
(``trade:<square>``, or ``cancel``), and that party's boss answers with the price agreed (any whole
amount in the set's rounding unit up to the buyer's cash; a few are offered) or ``refuse``.

Rules checked: only bosses trade (R57); a square of a group with buildings cannot change hands (sell
them first, as in standard Monopoly); in the variant a party all of whose tokens sit in jail makes no
deals (B1, R10), unless it includes the Thieves (L36); a mortgaged square moves mortgaged, and the buyer
pays the bank a tenth of its mortgage value as the table reads R12 (in standard Monopoly by default,
then offered to lift it at once: :mod:`companion.morpoly.mortgaged_transfer`).
"""
from __future__ import annotations

from collections.abc import Generator, Iterator
from functools import lru_cache
from typing import Final

from companion.core.procedure import Narrator, Question
from companion.morpoly.editions import Edition, load_edition
from companion.morpoly.money import BANK, transfer
from companion.morpoly.mortgaged_transfer import interest_due, lift_at_once, say_interest
from companion.morpoly.questions import ask_amount, ask_choice
from companion.morpoly.rules import is_variant, party_jailed
from companion.morpoly.state import SquareState, State

Trading = Generator[Question, str, None]

TRADE: Final = "trade"
"""The menu answer that starts a trade (the boss's, when a square may change hands)."""
PREFIX: Final = "trade:"
CANCEL: Final = "cancel"
REFUSE: Final = "refuse"
LABELS: Final = tuple(f"{PREFIX}{index}" for index in range(40))
"""The answers naming each square, made once (menus list them before every roll)."""


def makes_no_deals(state: State, party: str) -> bool:
    """B1 (L9): in the variant a party all of whose tokens sit in jail concludes no deals — except
    the Thieves, who do business from jail (L36)."""
    return is_variant(state) and party_jailed(state, party) and "thieves" not in state.party(party).guilds


def tradeable(state: State, edition: Edition, buyer: str) -> Iterator[int]:
    """The squares the boss of ``buyer`` may propose to buy now, by square number."""
    if makes_no_deals(state, buyer):
        return
    cash = state.party(buyer).cash
    unit = edition.currency.rounding_unit
    if cash < unit:
        return
    squares = state.squares
    order, groups = _squares(edition.id)
    jailed: dict[str, bool] = {}
    built: dict[int, bool] = {}  # per group (by its first square), found once (the menu asks before every roll)
    for index in order:
        sq = squares[index]
        owner = sq.owner
        if owner is None or owner == buyer:
            continue
        group = groups[index]
        first = group[0] if group else -1
        has_buildings = built.get(first)
        if has_buildings is None:
            has_buildings = built[first] = _has_buildings(squares, group)
        if has_buildings:
            continue
        if owner not in jailed:
            jailed[owner] = makes_no_deals(state, owner)
        if jailed[owner] or (sq.mortgaged and cash < unit + interest_due(state, edition, index)):
            continue
        yield index


@lru_cache(maxsize=None)
def _squares(edition_id: str) -> tuple[tuple[int, ...], dict[int, tuple[int, ...]]]:
    """The edition's ownable squares by number — the squares of every valid position, as
    ``state_format`` holds them — and each one's group (``Edition.group``), made once: the scan
    went through ``sorted(state.squares)`` (some 5,000 instructions of a menu's 27,000) and asked
    the edition for each group, then hashed the group's tuple for its memo (keyed by the group's
    first square instead: an int hashes at once)."""
    edition = load_edition(edition_id)
    order = edition.ownable()
    return order, {index: edition.group(index) for index in order}


def _has_buildings(squares: dict[int, SquareState], group: tuple[int, ...]) -> bool:
    for member in group:
        if squares[member].houses:
            return True
    return False


def can_trade(state: State, edition: Edition, buyer: str) -> bool:
    """Whether the menu offers ``trade`` (found at the first square that may change hands)."""
    return next(tradeable(state, edition, buyer), None) is not None


def trade_options(state: State, edition: Edition, buyer: str) -> list[str]:
    """Every ``trade:<square>`` the boss of ``buyer`` may propose now."""
    return [LABELS[index] for index in tradeable(state, edition, buyer)]


def trade(state: State, edition: Edition, narrator: Narrator, buyer: str) -> Trading:
    """Which square the buyer's boss proposes to buy (or ``cancel``); then the owner's boss names
    the price agreed, or refuses; then the deed and the money change hands."""
    boss = state.party(buyer).boss
    choice = yield from ask_choice(state, narrator, "morpoly.trade.square", f"{boss}: which square do you buy "
                                   f"from another party?", boss, [*trade_options(state, edition, buyer), CANCEL],
                                   party=buyer, boss=boss)
    if choice == CANCEL:
        return
    square = int(choice[len(PREFIX):])
    seller = state.squares[square].owner
    assert seller is not None
    name = edition.squares[square].name
    interest = interest_due(state, edition, square)
    unit = edition.currency.rounding_unit
    maximum = state.party(buyer).cash - interest
    boss = state.party(seller).boss
    answer = yield from ask_amount(state, narrator, "morpoly.trade.price", f"{boss}: sell {name} to {buyer}? "
                                   f"the price agreed, or refuse", boss, unit, maximum, (REFUSE,),
                                   square=str(square), buyer=buyer, seller=seller, name=name)
    if answer == REFUSE:
        narrator.say("morpoly.trade.refused", f"{seller} keeps {name}", seller=seller, buyer=buyer, square=square,
                     name=name)
        return
    price = int(answer)
    transfer(state, buyer, seller, price)
    if interest:
        transfer(state, buyer, BANK, interest)
    state.squares[square] = state.squares[square].with_owner(buyer)
    narrator.say("morpoly.trade.done", f"{buyer} buys {name} from {seller} for {edition.currency.format(price)}",
                 seller=seller, buyer=buyer, square=square, name=name, price=edition.currency.format(price))
    if interest:
        say_interest(state, edition, narrator, buyer, [square], interest)
        yield from lift_at_once(state, edition, narrator, buyer, [square])
