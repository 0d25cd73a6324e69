"""The currency profile of §6: scale from the GO salary, rounding (R6), formatting, NPC money (R73)."""
from __future__ import annotations

import pytest

from companion.morpoly.currency import (D_MARK, EURO, US_DOLLAR, dibbler_money, format_amount, fraction_of,
                                        luggage_money, profile_for, scale_for_go_salary, shares)


def test_scale_is_derived_from_the_go_salary() -> None:
    assert scale_for_go_salary(200) == 1 and scale_for_go_salary(4000) == 20
    with pytest.raises(ValueError, match="go_salary"):
        scale_for_go_salary(250)
    assert profile_for("DM", 4000, grouping=".").rounding_unit == 20


def test_npc_money_in_both_sets() -> None:
    assert [luggage_money(s, US_DOLLAR) for s in (3, 5, 9, 11)] == [60, 100, 180, 220]
    assert [luggage_money(s, D_MARK) for s in (3, 5, 9, 11)] == [1200, 2000, 3600, 4400]
    assert [dibbler_money(s, US_DOLLAR) for s in (3, 5, 9, 11)] == [30, 50, 90, 110]
    assert [dibbler_money(s, D_MARK) for s in (3, 5, 9, 11)] == [600, 1000, 1800, 2200]


def test_rounding_down_and_to_the_nearest() -> None:
    assert fraction_of(275, 1, 10, US_DOLLAR) == 27            # appendix 12
    assert fraction_of(275, 1, 10, US_DOLLAR, "nearest") == 28
    assert fraction_of(5500, 1, 10, D_MARK) == 540              # DM 550 rounds down to the DM 20 unit
    assert fraction_of(5500, 1, 10, D_MARK, "nearest") == 560
    assert shares(100, 3, US_DOLLAR, "down") == 33
    with pytest.raises(ValueError, match="rounding"):
        fraction_of(10, 1, 10, US_DOLLAR, "up")


def test_formatting() -> None:
    assert format_amount(4000, D_MARK) == "DM 4.000"
    assert format_amount(1100, US_DOLLAR) == "$1,100"
    assert format_amount(400, EURO) == "400 €"
    assert format_amount(-1234567, US_DOLLAR) == "-$1,234,567"
