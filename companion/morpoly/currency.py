"""The currency profile of the set on the table (reference §6, rulings R6 and R73).

Money is kept as integers in **table units**, the numbers printed on the set. Every amount of the
variant is relative (rent, 3 × premium, 1/10 of cash, one GO salary) except two: the Luggage's and
Dibbler's money per point of the dice. Those are stored in base units and multiplied by the
profile's ``scale``, which is 1 for US-sized sets and 20 for the old D-Mark set, and is derived from
the edition's GO salary (R73: ``scale == go_salary / 200``). Fractions are rounded to the profile's
``rounding_unit``: down by default, the remainder staying with the payer (R6).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Final

BASE_GO_SALARY: Final = 200
LUGGAGE_PER_POINT: Final = 20   # "das 20fache ($-Monopoly) bzw. 400fache (Deutsches Monopoly)" (L196)
DIBBLER_PER_POINT: Final = 10   # "das 10fache ($-Monopoly) bzw. 200fache (Deutsches Monopoly)" (L203)
ROUNDINGS: Final = ("down", "nearest")


@dataclass(frozen=True)
class CurrencyProfile:
    """How a set writes and rounds money. ``grouping`` is the thousands separator ("," US, "." German);
    ``symbol_after`` writes "400 €" instead of "$400"."""

    symbol: str
    scale: int
    rounding_unit: int
    grouping: str = ","
    symbol_after: bool = False
    space: bool = False

    def __post_init__(self) -> None:
        if self.scale < 1:
            raise ValueError(f"currency scale is a whole multiple of the US amounts, not {self.scale!r}")
        if self.rounding_unit < 1:
            raise ValueError(f"currency rounding_unit is at least 1, not {self.rounding_unit!r}")
        if self.grouping not in (",", ".", " ", ""):
            raise ValueError(f"currency grouping is ',', '.', ' ' or '', not {self.grouping!r}")


US_DOLLAR: Final = CurrencyProfile("$", 1, 1)
POUND: Final = CurrencyProfile("£", 1, 1)
MONOPOLY_DOLLAR: Final = CurrencyProfile("M", 1, 1, grouping=".")
EURO: Final = CurrencyProfile("€", 1, 1, grouping=".", symbol_after=True, space=True)
D_MARK: Final = CurrencyProfile("DM", 20, 20, grouping=".", space=True)
"""The D-Mark set: 20 × the US amounts (GO DM 4.000); its fractions round to the DM 20 unit (R6)."""

PROFILES: Final[dict[str, CurrencyProfile]] = {
    "usd": US_DOLLAR, "gbp": POUND, "monopoly-dollar": MONOPOLY_DOLLAR, "eur": EURO, "dm": D_MARK,
}


def scale_for_go_salary(go_salary: int) -> int:
    """R73: the scale is the edition's GO salary over 200; anything else is not a known set."""
    if go_salary <= 0 or go_salary % BASE_GO_SALARY:
        raise ValueError(f"edition go_salary must be a whole multiple of {BASE_GO_SALARY}, not {go_salary!r}")
    return go_salary // BASE_GO_SALARY


def profile_for(symbol: str, go_salary: int, grouping: str = ",", symbol_after: bool = False,
                space: bool = False, rounding_unit: int | None = None) -> CurrencyProfile:
    """A profile for an edition's data; the rounding unit defaults to one scale unit (R6)."""
    scale = scale_for_go_salary(go_salary)
    return CurrencyProfile(symbol, scale, scale if rounding_unit is None else rounding_unit, grouping,
                           symbol_after, space)


def round_amount(value: float | int, profile: CurrencyProfile, rounding: str = "down") -> int:
    """``value`` rounded to the profile's unit, down (R6's default) or to the nearest (halves up)."""
    if rounding not in ROUNDINGS:
        raise ValueError(f"option 'rounding' is one of {', '.join(ROUNDINGS)}, not {rounding!r}")
    unit = profile.rounding_unit
    if rounding == "down":
        return int(value // unit) * unit
    return int((value + unit / 2) // unit) * unit


def fraction_of(amount: int, numerator: int, denominator: int, profile: CurrencyProfile,
                rounding: str = "down") -> int:
    """``amount × numerator / denominator`` rounded (1/10 of cash, 1/10 of mortgages, ÷ (X + 1),
    a share of the Luggage's money). Exact integer arithmetic: no float error on large amounts."""
    if denominator <= 0:
        raise ValueError(f"a fraction's denominator is positive, not {denominator!r}")
    if amount < 0:
        raise ValueError(f"a fraction is taken of a non-negative amount, not {amount!r}")
    if rounding not in ROUNDINGS:
        raise ValueError(f"option 'rounding' is one of {', '.join(ROUNDINGS)}, not {rounding!r}")
    unit = profile.rounding_unit
    units, rest = divmod(amount * numerator, denominator * unit)
    if rounding == "nearest" and 2 * rest >= denominator * unit:
        units += 1
    return units * unit


def luggage_money(dice_sum: int, profile: CurrencyProfile) -> int:
    """What the Luggage spits out on an odd non-7 roll (table E): 20 × sum × scale."""
    return LUGGAGE_PER_POINT * dice_sum * profile.scale


def dibbler_money(dice_sum: int, profile: CurrencyProfile) -> int:
    """What Dibbler drops on an odd non-7 roll (table F): 10 × sum × scale."""
    return DIBBLER_PER_POINT * dice_sum * profile.scale


def format_amount(amount: int, profile: CurrencyProfile) -> str:
    """``4000`` in the D-Mark set → ``"DM 4.000"``; ``1100`` in the US set → ``"$1,100"``."""
    digits = f"{abs(amount):,}".replace(",", profile.grouping)
    sign = "-" if amount < 0 else ""
    gap = " " if profile.space else ""
    if profile.symbol_after:
        return f"{sign}{digits}{gap}{profile.symbol}"
    return f"{sign}{profile.symbol}{gap}{digits}"


def shares(amount: int, parties: int, profile: CurrencyProfile, rounding: str) -> int:
    """Each party's equal share of ``amount`` (the Luggage's money, R68), rounded down to the unit,
    the remainder staying with the bank; or to the nearest unit under option ``rounding`` (R6 names
    "shares of Luggage money"), the bank then paying what the shares add up to, which may be a little
    more than ``amount`` (six shares of $100: 6 × $17)."""
    if parties < 1:
        raise ValueError(f"money is shared among at least one party, not {parties!r}")
    return fraction_of(amount, 1, parties, profile, rounding)
