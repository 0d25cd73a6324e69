"""The engine events of reference §8.4, as frozen dataclasses.

The engine emits them in the order things happen during a move; the rule modules (the FSU ledger,
the guilds) consume them. Path steps (:class:`Passed`, :class:`Landed`) come from
:mod:`companion.morpoly.movement`; money events (:class:`MustPay`, :class:`PremiumDue`,
:class:`Stolen`) are settled by the ledger's one resolution function, which is why they carry the
amounts the edition data decided.

``direction`` is always relative to the moving token's running direction (R1, R71): a Fool's 7
walks ``BACKWARD`` even after a Dibbler reversal has turned "forward" counter-clockwise.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.morpoly.dice import Dice
from companion.morpoly.position import PartyId, TokenId


class Mode(Enum):
    """How a token reached a square (§0.3)."""

    WALK = "walk"            # square by square: dice, pub parts, halves, steps, fleeing, cards, L-Space
    TELEPORT = "teleport"    # the Wizard's dice teleport, the Luggage's carry: nothing passed
    PLACEMENT = "placement"  # jail, back to GO after a death, the contract jump: nothing passed


class Direction(Enum):
    FORWARD = "forward"
    BACKWARD = "backward"

    __hash__ = object.__hash__
    """Identity, as :class:`~companion.morpoly.covers.Guild` hashes: Enum's own hash is a Python function, and a walk's steps are looked up by direction and rotation at every move."""


@dataclass(frozen=True)
class Passed:
    """A walk went past ``square`` (it did not stop there)."""

    token: TokenId
    square: int
    direction: Direction = Direction.FORWARD
    mode: Mode = Mode.WALK


@dataclass(frozen=True)
class Landed:
    """A walk, teleport or placement ended on ``square`` ("betritt")."""

    token: TokenId
    square: int
    mode: Mode = Mode.WALK
    direction: Direction = Direction.FORWARD


class PaymentKind(Enum):
    """Why money is owed. The Merchants' cover (R32) pays the kinds in ``fsu.COVERED_PAYMENTS``."""

    RENT = "rent"
    PREMIUM = "premium"
    DOUBLE_FEE = "double-fee"
    TAX = "tax"
    FINE = "fine"
    CARD = "card"
    INTEREST = "interest"
    JAIL_FINE = "jail-fine"
    FUNERAL = "funeral"
    TITHE = "tithe"
    DIBBLER_CARD = "dibbler-card"
    THEFT = "theft"
    CLAIM = "claim"
    PURCHASE = "purchase"
    HOUSES = "houses"
    LIFT_MORTGAGE = "lift-mortgage"
    AUCTION_BID = "auction-bid"
    SWAP_DIFFERENCE = "swap-difference"
    CONTRACT_FEE = "contract-fee"


@dataclass(frozen=True)
class MustPay:
    """``party`` owes ``amount`` to ``payee`` (``None``: the bank). Settled by the ledger's
    resolution, which may have the Merchants pay part of it on the party's behalf."""

    party: PartyId
    amount: int
    kind: PaymentKind
    payee: PartyId | None = None


@dataclass(frozen=True)
class PremiumDue:
    """``token`` landed on ``insurer``'s built street ``square`` and a payment is due (R19): the
    ledger decides between a premium that buys an FSU (``rent``, with buildings) and the double fee
    (from ``base_rent``, the printed rent without buildings, R18)."""

    token: TokenId
    square: int
    insurer: PartyId
    rent: int
    base_rent: int


@dataclass(frozen=True)
class Stolen:
    """A Thief token stole the fee ``amount`` from ``victim`` on ``square`` (§3.1): the Thieves' cover's
    event. The fee is paid over by the victim under ``thief-steal=take-from-owner`` only (R24); it is 0
    only where (rules revision 12) the owner sits in jail and is owed nothing (B1), the cover due all the
    same (L41)."""

    thief: TokenId
    victim: PartyId
    square: int
    amount: int


class JailCause(Enum):
    GO_TO_JAIL = "go-to-jail"
    CARD = "card"
    THIRD_DOUBLES = "third-doubles"
    CAUGHT_STEALING = "caught-stealing"
    ARREST = "arrest"


@dataclass(frozen=True)
class Jailed:
    token: TokenId
    cause: JailCause


class RelocationCause(Enum):
    """What moved a token other than its own dice walk (R50 sorts them for the Wizards' cover)."""

    L_SPACE = "l-space"
    CARD = "card"
    LUGGAGE_RACE = "luggage-race"
    WIZARD_TELEPORT = "wizard-teleport"
    CONTRACT_JUMP = "contract-jump"
    GO_TO_JAIL = "go-to-jail"
    DEATH_RETURN = "death-return"
    CORRECTION = "correction"


@dataclass(frozen=True)
class Relocated:
    token: TokenId
    cause: RelocationCause
    origin: int
    destination: int


class RollPurpose(Enum):
    MOVE = "move"
    JAIL = "jail"
    L_SPACE = "l-space"
    TABLE = "table"
    NPC = "npc"

    __hash__ = object.__hash__
    """Identity, as :class:`~companion.morpoly.covers.Guild` hashes: Enum's own hash is a Python function, and a roll question names its purpose at every other input."""


@dataclass(frozen=True)
class Rolled:
    """``token`` rolled ``dice`` for ``purpose``; ``doubles_in_row`` counts this turn's movement
    doubles including this one (3 = the third doubles, R45)."""

    token: TokenId
    dice: Dice
    purpose: RollPurpose = RollPurpose.MOVE
    doubles_in_row: int = 0


class DeathCause(Enum):
    ASSASSIN = "assassin"
    DEATH = "death"
    LUGGAGE = "luggage"
    DIBBLER = "dibbler"
    HEART_ATTACK = "heart-attack"
    STARVATION = "starvation"


@dataclass(frozen=True)
class Died:
    token: TokenId
    cause: DeathCause


@dataclass(frozen=True)
class Met:
    """``token`` arrived on a square where ``other`` already stands (R5)."""

    token: TokenId
    other: TokenId


Event = Passed | Landed | MustPay | PremiumDue | Stolen | Jailed | Relocated | Rolled | Died | Met
Step = Passed | Landed
