"""What a token owes for landing on another party's square, by the standard Monopoly rent rules.

One function per kind of square: a street's rent table (base rent doubled for an unimproved street
whose owner has its whole colour group), a station by how many stations the owner has, a utility by
the dice (4 × or 10 × the roll, by how many utilities the owner has). Mortgaged squares charge nothing.
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from companion.core.procedure import Narrator, Question
from companion.morpoly.editions import Edition
from companion.morpoly.events import RollPurpose
from companion.morpoly.fortuna_play import ask_roll
from companion.morpoly.revisions import AMOUNTS_AND_JAIL_DEALS
from companion.morpoly.state import State


@dataclass(frozen=True)
class CardRent:
    """A card's special rent on the square it sends a token to: ``rule`` ``double`` ("pay the owner
    twice the rental": a station) or ``dice-10`` ("ten times the amount thrown": a utility), and
    ``times`` the Fools' doubles on the card (L112: the sum he would pay is doubled; rules revision 10)."""

    rule: str
    times: int = 1


def owns_group(state: State, edition: Edition, square: int, party: str) -> bool:
    """Whether ``party`` owns every square of ``square``'s group."""
    return all(state.squares[s].owner == party for s in edition.group(square))


def count_owned(state: State, edition: Edition, square: int, party: str) -> int:
    """How many squares of ``square``'s group ``party`` owns (stations, utilities)."""
    return sum(1 for s in edition.group(square) if state.squares[s].owner == party)


def street_rent(state: State, edition: Edition, square: int) -> int:
    sq = state.squares[square]
    deed = edition.deed(square)
    if sq.houses:
        return deed.rents[sq.houses]
    base = deed.rents[0]
    if sq.owner is not None and owns_group(state, edition, square, sq.owner):
        return 2 * base
    return base


def station_rent(state: State, edition: Edition, square: int) -> int:
    owner = state.squares[square].owner
    assert owner is not None
    return edition.station_rents[count_owned(state, edition, square, owner) - 1]


def utility_rent(state: State, edition: Edition, square: int, dice_total: int) -> int:
    owner = state.squares[square].owner
    assert owner is not None
    multiplier = edition.utility_multipliers[count_owned(state, edition, square, owner) - 1]
    if state.revision < AMOUNTS_AND_JAIL_DEALS:  # as it was played: the D-Mark works at the US set's 4 × / 10 ×
        multiplier //= edition.currency.scale
    return multiplier * dice_total


def rent_due(state: State, edition: Edition, square: int, dice_total: int) -> int:
    """The rent for landing on ``square`` (owned, by someone) after a move of ``dice_total``."""
    if state.squares[square].mortgaged:
        return 0
    kind = edition.squares[square].kind
    if kind == "street":
        return street_rent(state, edition, square)
    if kind == "station":
        return station_rent(state, edition, square)
    if kind == "utility":
        return utility_rent(state, edition, square, dice_total)
    raise ValueError(f"square {square} ({kind}) charges no rent")


def rent_for(state: State, edition: Edition, narrator: Narrator, token_id: str, square: int, dice_total: int,
             rent_rule: CardRent | None) -> Generator[Question, str, int]:
    """The fee for ``token_id`` landing on ``square``, with a card's special rent (``rent_rule``:
    ``double`` for a station, ``dice-10`` for a utility: 10 × a new roll in US money, asked here,
    :func:`card_utility_rent`), times a Fool's doubles."""
    if rent_rule is None:
        return rent_due(state, edition, square, dice_total)
    if rent_rule.rule == "double":
        return 2 * station_rent(state, edition, square) * rent_rule.times
    if rent_rule.rule != "dice-10":  # the editions' loader admits only these two (editions.py)
        raise ValueError(f"no card rent rule {rent_rule.rule!r}")
    first, second = yield from ask_roll(state, narrator, "morpoly.roll.utility-card",
                                        f"{token_id}: roll for the utility's rent (10 × the dice)", token_id,
                                        RollPurpose.TABLE, token=token_id)
    return card_utility_rent(edition, first + second, revision=state.revision) * rent_rule.times


def card_utility_rent(edition: Edition, dice_total: int, *, revision: int) -> int:
    """The "advance to the nearest utility" card's fee: "ten times the amount thrown" in US money,
    so 10 × the set's currency scale (R73: 200 × in the D-Mark set, whose works charge 80 × and
    200 × the dice), never the bare 10 of the card's text — from rules revision 4; a game recorded
    before it charges the bare 10 ×, as it was played."""
    scale = edition.currency.scale if revision >= AMOUNTS_AND_JAIL_DEALS else 1
    return 10 * scale * dice_total
