"""Two six-sided dice thrown together, and the variant's dice tables (reference §0.4, tables A–F).

Every roll in Ankh-Morpoly is 2d6, and the rules need both faces: doubles, "the lower die first" and
products depend on the single faces, so a roll is a :class:`Dice` pair, never a sum. Most tables
sort a roll into four classes tested in order (doubles, seven, other even, other odd); the
Assassins' table D uses three (doubles, even, odd with 7). Tables are data here so that a screen can
show them and a test can check them against the source.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Final

from companion.morpoly.covers import Cover


@dataclass(frozen=True, order=True)
class Dice:
    """One throw of two d6, each face kept (a cocked die voids the whole throw before it gets here)."""

    first: int
    second: int

    def __post_init__(self) -> None:
        for face in (self.first, self.second):
            if not isinstance(face, int) or not 1 <= face <= 6:
                raise ValueError(f"a d6 shows 1 to 6, not {face!r}")

    @classmethod
    def parse(cls, text: str) -> Dice:
        """``"3+5"`` or ``"3 5"`` → ``Dice(3, 5)``; anything else is a ValueError naming the text."""
        parts = text.replace("+", " ").replace(",", " ").split()
        if len(parts) != 2 or not all(part.isdigit() for part in parts):
            raise ValueError(f"a roll of two dice is written like '3+5', not {text!r}")
        return cls(int(parts[0]), int(parts[1]))

    @property
    def total(self) -> int:
        return self.first + self.second

    @property
    def product(self) -> int:
        """L-Space, the Wizards' teleport and the Luggage's race multiply the faces."""
        return self.first * self.second

    @property
    def is_doubles(self) -> bool:
        return self.first == self.second

    @property
    def low(self) -> int:
        return min(self.first, self.second)

    @property
    def high(self) -> int:
        return max(self.first, self.second)

    def __str__(self) -> str:
        return f"{self.first}+{self.second}"


ALL_ROLLS: Final = tuple(Dice(a, b) for a in range(1, 7) for b in range(1, 7))

_THROWS: Final = {(d.first, d.second): d for d in ALL_ROLLS}
_ANSWERS: Final = {f"{d.first},{d.second}": d for d in ALL_ROLLS}


def throw(first: int, second: int) -> Dice:
    """``Dice(first, second)``: the same value, one of :data:`ALL_ROLLS` made once (a throw is read
    several times a turn, and a checked dataclass costs microseconds to make)."""
    made = _THROWS.get((first, second))
    return Dice(first, second) if made is None else made


def answered(answer: str) -> Dice:
    """The throw a roll question's answer ``"3,4"`` names (one of :data:`ALL_ROLLS`); any other text
    as it always read: its two comma-separated faces, checked."""
    made = _ANSWERS.get(answer)
    if made is None:
        first, second = answer.split(",")
        return Dice(int(first), int(second))
    return made
"""The 36 equally likely throws, for probabilities (the exposure view, tests)."""


def probability(condition: Callable[[Dice], bool]) -> Fraction:
    """The chance that one throw meets ``condition``."""
    return Fraction(sum(1 for dice in ALL_ROLLS if condition(dice)), len(ALL_ROLLS))


class RollClass(Enum):
    """The four classes of §0.4, tested in this order."""

    DOUBLES = "doubles"
    SEVEN = "seven"
    OTHER_EVEN = "other-even"
    OTHER_ODD = "other-odd"


def classify(dice: Dice) -> RollClass:
    """Doubles first (a double is never a seven), then 7, then the parity of the sum."""
    if dice.is_doubles:
        return RollClass.DOUBLES
    if dice.total == 7:
        return RollClass.SEVEN
    return RollClass.OTHER_EVEN if dice.total % 2 == 0 else RollClass.OTHER_ODD


class AssassinClass(Enum):
    """Table D's three classes: doubles (1/6), even not doubles (1/3), odd with 7 (1/2)."""

    DOUBLES = "doubles"
    EVEN = "even"
    ODD = "odd"


def classify_assassin(dice: Dice) -> AssassinClass:
    if dice.is_doubles:
        return AssassinClass.DOUBLES
    return AssassinClass.EVEN if dice.total % 2 == 0 else AssassinClass.ODD


def product_is_odd(dice: Dice) -> bool:
    """Odd only when both faces are odd (9/36): L-Space and the Luggage then move backward."""
    return dice.product % 2 == 1


# --- Table A: the Fools' card modification (L111–118) -----------------------------------------

class CardModification(Enum):
    DOUBLED = "doubled"        # every amount he would pay or receive is doubled
    REVERSED = "reversed"      # money flips, jail cards swap, a destination becomes its opposite
    GIVE_AWAY = "give-away"    # he gives the card to another player, who resolves it
    NORMAL = "normal"          # resolved as drawn


TABLE_A: Final[dict[RollClass, CardModification]] = {
    RollClass.DOUBLES: CardModification.DOUBLED,
    RollClass.SEVEN: CardModification.REVERSED,
    RollClass.OTHER_EVEN: CardModification.GIVE_AWAY,
    RollClass.OTHER_ODD: CardModification.NORMAL,
}

# --- Table B: the kind of cover of a Fools' FSU (L120–124) -------------------------------------

TABLE_B: Final[dict[RollClass, Cover]] = {
    RollClass.DOUBLES: Cover.TRIPLE_DOUBLES,
    RollClass.SEVEN: Cover.CHANCE_OR_CHEST,
    RollClass.OTHER_EVEN: Cover.COMMUNITY_CHEST,
    RollClass.OTHER_ODD: Cover.CHANCE,
}


def fool_cover(dice: Dice) -> Cover:
    """The kind of cover a Fools' FSU insures against, rolled when it is bought (mandatory)."""
    return TABLE_B[classify(dice)]


# --- Table C: the Fools' payout modification (L125–129) ----------------------------------------

@dataclass(frozen=True)
class PayoutModification:
    """What the Fools pay, as a multiple of the premium, and whether the FSU stays active."""

    premium_multiple: int
    stays_active: bool


TABLE_C: Final[dict[RollClass, PayoutModification]] = {
    RollClass.DOUBLES: PayoutModification(0, True),
    RollClass.SEVEN: PayoutModification(3, True),
    RollClass.OTHER_EVEN: PayoutModification(1, False),
    RollClass.OTHER_ODD: PayoutModification(3, False),
}
UNMODIFIED_PAYOUT: Final = PayoutModification(3, False)
"""A claim nobody rolls on: 3 × premium, redeemed (L26, L28)."""


def payout_modification(dice: Dice | None) -> PayoutModification:
    """Table C for ``dice``; ``None`` (the Fool did not roll) is the ordinary payout."""
    return UNMODIFIED_PAYOUT if dice is None else TABLE_C[classify(dice)]


# --- Table D: assassination (L177–179) ---------------------------------------------------------

class AssassinOutcome(Enum):
    ASSASSIN_DIES = "assassin-dies"  # the tables turn; the victim's party takes a share
    MAY_FLEE = "may-flee"            # one square forward (a walk), else killed
    VICTIM_DIES = "victim-dies"      # the Assassins take a share


TABLE_D: Final[dict[AssassinClass, AssassinOutcome]] = {
    AssassinClass.DOUBLES: AssassinOutcome.ASSASSIN_DIES,
    AssassinClass.EVEN: AssassinOutcome.MAY_FLEE,
    AssassinClass.ODD: AssassinOutcome.VICTIM_DIES,
}

# --- Table E: the Luggage (L191–197) -----------------------------------------------------------

class LuggageOutcome(Enum):
    JOINS = "joins"          # it accompanies this player from now on
    SWALLOWS = "swallows"    # one life lost, token to GO, no funeral
    RACES = "races"          # carries him by the product (even forward, odd backward)
    SPITS_MONEY = "money"    # 20 × sum × scale from the bank, shared on the square


TABLE_E: Final[dict[RollClass, LuggageOutcome]] = {
    RollClass.DOUBLES: LuggageOutcome.JOINS,
    RollClass.SEVEN: LuggageOutcome.SWALLOWS,
    RollClass.OTHER_EVEN: LuggageOutcome.RACES,
    RollClass.OTHER_ODD: LuggageOutcome.SPITS_MONEY,
}

# --- Table F: CMOT Dibbler (L198–203) ----------------------------------------------------------

class DibblerOutcome(Enum):
    SAUSAGE_KILLS = "sausage"         # one life lost, usual funeral
    REVERSES = "reverses"             # running direction reversed until another Dibbler 7
    SELLS_CARD = "sells-card"         # 1/10 of cash to the bank, a card of his choice
    DROPS_MONEY = "drops-money"       # 10 × sum × scale from the bank


DIBBLER_CARD_FEE: Final = (1, 10)
"""What Dibbler's card costs (table F, other even): this fraction of the party's cash."""

TABLE_F: Final[dict[RollClass, DibblerOutcome]] = {
    RollClass.DOUBLES: DibblerOutcome.SAUSAGE_KILLS,
    RollClass.SEVEN: DibblerOutcome.REVERSES,
    RollClass.OTHER_EVEN: DibblerOutcome.SELLS_CARD,
    RollClass.OTHER_ODD: DibblerOutcome.DROPS_MONEY,
}
