"""The exposure view (reference §8.1): what the FSU ledger screen draws, computed here so that the UI
only draws it.

For every active FSU: insurer, beneficiary, the square and the premium paid, its covers (ids of
:class:`~companion.morpoly.covers.Cover`, which a screen puts in words), how far the holder token is
from the square that ends it ("ends when ⟨token⟩ passes ⟨square⟩ (n squares ahead)",
:func:`~companion.morpoly.fsu.squares_to_expiry`), the chance that the holder's next roll ends it
(a forward walk of at least n squares), and — where a cover hangs on a square the beneficiary can
land on (Chance, Community Chest, a cemetery, a tax square, Go To Jail) — the chance that the
beneficiary's next roll triggers a claim (:func:`~companion.morpoly.movement.chance_to_land`). Covers
that hang on other people's moves or on payments (a theft, any payment, a teleport, a death, a
Beggar's landing, third doubles) have no such square: their chance is ``None``, "depends on play".

And for one square (the board's tap): what a landing there costs now — rent, or on a built street of
the variant the premium that buys an FSU — and the FSUs bought there.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from companion.morpoly import rent
from companion.morpoly.covers import Cover
from companion.morpoly.dice import probability
from companion.morpoly.editions import Edition
from companion.morpoly.fsu import CLAIM_MULTIPLE, COVER_ORDER, Fsu, squares_to_expiry
from companion.morpoly.guilds.undead import is_cemetery
from companion.morpoly.guilds import receives_income
from companion.morpoly.layout import CHANCE, COMMUNITY_CHEST, GO_TO_JAIL, OWNABLE, STREETS, TAXES
from companion.morpoly.movement import chance_to_land
from companion.morpoly.rules import is_variant
from companion.morpoly.state import State
from companion.morpoly.table_position import position_of

LANDING_COVERS: Final[dict[Cover, frozenset[int]]] = {
    Cover.CHANCE: CHANCE,
    Cover.COMMUNITY_CHEST: COMMUNITY_CHEST,
    Cover.CHANCE_OR_CHEST: CHANCE | COMMUNITY_CHEST,
    Cover.TAX: TAXES,
    Cover.JAILED: frozenset({GO_TO_JAIL}),
}
"""Covers a landing of the beneficiary's token triggers, with their squares (the cemeteries are
computed from the position: they change with owners and buildings)."""


@dataclass(frozen=True)
class FsuLine:
    """One running FSU as the ledger screen shows it. ``chance_to_end``: the holder's next roll walks
    past (or onto) the square; ``chance_of_claim``: the beneficiary's next roll lands where a cover
    pays, ``None`` when no cover hangs on a square. ``payout``: what a claim pays, three times the
    premium (L26; the Merchants pay a payment up to it, L65); ``fool_modifiable``: the Fools among the
    insurers may roll to change it (table C, L125–129)."""

    fsu_id: int
    insurer: str
    beneficiary: str
    holder_token: str
    square: int
    premium: int
    covers: tuple[str, ...]
    squares_ahead: int
    chance_to_end: Fraction
    claim_squares: tuple[int, ...]
    chance_of_claim: Fraction | None
    payout: int
    fool_modifiable: bool

    def to_json(self) -> dict[str, Any]:
        return {"fsu": self.fsu_id, "insurer": self.insurer, "beneficiary": self.beneficiary,
                "token": self.holder_token, "square": self.square, "premium": self.premium,
                "covers": list(self.covers), "squares_ahead": self.squares_ahead,
                "chance_to_end": str(self.chance_to_end), "claim_squares": list(self.claim_squares),
                "chance_of_claim": None if self.chance_of_claim is None else str(self.chance_of_claim),
                "payout": self.payout, "fool_modifiable": self.fool_modifiable}


@dataclass(frozen=True)
class Charge:
    """What a landing on a square costs now: ``kind`` is ``rent``, ``premium`` (a built street of
    the variant: the same amount buys an FSU, B5) or ``none`` (unowned, mortgaged, a jailed owner's)."""

    kind: str
    amount: int


def next_token_of(state: State, party: str) -> str | None:
    """The token of ``party`` that rolls next: from the turn's token on, in seating order."""
    tokens = {t.id for t in state.tokens if t.party == party}
    seating = list(state.seating) or [t.id for t in state.tokens]
    start = seating.index(state.turn.token) if state.turn.token in seating else 0
    for token in seating[start:] + seating[:start]:
        if token in tokens:
            return token
    return None


def claim_squares(state: State, fsu: Fsu) -> tuple[int, ...]:
    """The squares where a landing of the beneficiary's token makes ``fsu`` pay (see the module)."""
    squares: set[int] = set()
    for cover in fsu.covers:
        squares |= LANDING_COVERS.get(cover, frozenset())
    if Cover.CEMETERY in fsu.covers:
        position = position_of(state)
        squares |= {s for s in OWNABLE if is_cemetery(position, s, state.rules)}
    return tuple(sorted(squares))


def fsu_line(state: State, fsu: Fsu) -> FsuLine:
    holder = state.token(fsu.holder_token)
    ahead = squares_to_expiry(fsu, holder.square)
    ends = Fraction(0) if holder.in_jail else probability(lambda dice: dice.total >= ahead)
    squares = claim_squares(state, fsu)
    chance: Fraction | None = None
    if squares:
        token = next_token_of(state, fsu.beneficiary)
        chance = Fraction(0) if token is None or state.token(token).in_jail else chance_to_land(
            state.token(token).square, squares)
    return FsuLine(fsu.fsu_id, fsu.insurer, fsu.beneficiary, fsu.holder_token, fsu.square, fsu.premium,
                   tuple(cover.value for cover in COVER_ORDER if cover in fsu.covers), ahead, ends, squares, chance,
                   CLAIM_MULTIPLE * fsu.premium, fsu.fool_modifiable)


def exposure(state: State) -> tuple[FsuLine, ...]:
    """Every active FSU of the ledger, in the order bought."""
    return tuple(fsu_line(state, fsu) for fsu in state.ledger.active())


def fsus_on(state: State, square: int) -> tuple[FsuLine, ...]:
    """The active FSUs bought on ``square``."""
    return tuple(line for line in exposure(state) if line.square == square)


def charge_now(state: State, edition: Edition, square: int) -> Charge:
    """What a token of another party pays for landing on ``square`` now: ``rent``, ``premium`` (B5),
    ``per-pip`` (a utility: ``amount`` times the dice) or ``none``."""
    owned = state.squares.get(square)
    if owned is None or owned.owner is None or owned.mortgaged:
        return Charge("none", 0)
    if is_variant(state) and not receives_income(position_of(state), owned.owner):
        return Charge("none", 0)  # B1 / R10: a jailed owner collects neither rent nor premiums
    if edition.squares[square].kind == "utility":
        return Charge("per-pip", rent.utility_rent(state, edition, square, 1))
    amount = rent.rent_due(state, edition, square, 0)
    premium = is_variant(state) and square in STREETS and owned.houses > 0
    return Charge("premium" if premium else "rent", amount)


@dataclass(frozen=True)
class NextRoll:
    """Where ``token``'s next ordinary roll may lead: the chance it ends on a Chance or a Community
    Chest square (the exposure view's "P(lands on Chance next roll)")."""

    token: str
    square: int
    in_jail: bool
    chance: Fraction
    chest: Fraction

    def to_json(self) -> dict[str, Any]:
        return {"token": self.token, "square": self.square, "in_jail": self.in_jail,
                "chance": str(self.chance), "chest": str(self.chest)}


def next_rolls(state: State) -> tuple[NextRoll, ...]:
    """Every token's chance to land on a card square with its next roll, in seating order."""
    return tuple(NextRoll(t.id, t.square, t.in_jail, chance_to_land(t.square, CHANCE),
                          chance_to_land(t.square, COMMUNITY_CHEST)) for t in state.tokens)


def view(state: State) -> dict[str, Any]:
    """The exposure view as the mode publishes it (``exposure`` and ``next_rolls`` in the view)."""
    return {"exposure": [line.to_json() for line in exposure(state)],
            "next_rolls": [roll.to_json() for roll in next_rolls(state)]}
