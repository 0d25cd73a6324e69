"""The 2d6 classes of §0.4 and tables A–F against the source's probabilities and outcomes."""
from __future__ import annotations

from fractions import Fraction

import pytest

from companion.morpoly.covers import Cover
from companion.morpoly.dice import (ALL_ROLLS, TABLE_A, TABLE_D, TABLE_E, TABLE_F, AssassinClass, AssassinOutcome,
                                    CardModification, Dice, DibblerOutcome, LuggageOutcome, RollClass, classify,
                                    classify_assassin, fool_cover, payout_modification, probability, product_is_odd)


def test_the_four_classes_have_the_probabilities_of_section_0_4() -> None:
    assert probability(lambda d: classify(d) is RollClass.DOUBLES) == Fraction(1, 6)
    assert probability(lambda d: classify(d) is RollClass.SEVEN) == Fraction(1, 6)
    assert probability(lambda d: classify(d) is RollClass.OTHER_EVEN) == Fraction(1, 3)
    assert probability(lambda d: classify(d) is RollClass.OTHER_ODD) == Fraction(1, 3)
    assert {d.total for d in ALL_ROLLS if classify(d) is RollClass.OTHER_EVEN} == {4, 6, 8, 10}
    assert {d.total for d in ALL_ROLLS if classify(d) is RollClass.OTHER_ODD} == {3, 5, 9, 11}


def test_the_assassins_three_classes_put_the_seven_with_odd() -> None:
    assert classify_assassin(Dice(3, 4)) is AssassinClass.ODD
    assert classify_assassin(Dice(2, 2)) is AssassinClass.DOUBLES
    assert classify_assassin(Dice(1, 3)) is AssassinClass.EVEN
    assert probability(lambda d: classify_assassin(d) is AssassinClass.ODD) == Fraction(1, 2)
    assert TABLE_D[AssassinClass.ODD] is AssassinOutcome.VICTIM_DIES


def test_products_and_parity() -> None:
    assert Dice(4, 5).product == 20 and Dice(5, 5).product == 25
    assert probability(product_is_odd) == Fraction(1, 4)
    assert (Dice(6, 2).low, Dice(6, 2).high) == (2, 6)


def test_tables_a_to_f() -> None:
    assert TABLE_A[classify(Dice(3, 4))] is CardModification.REVERSED
    assert TABLE_A[classify(Dice(2, 4))] is CardModification.GIVE_AWAY
    assert fool_cover(Dice(6, 6)) is Cover.TRIPLE_DOUBLES and fool_cover(Dice(2, 3)) is Cover.CHANCE
    assert payout_modification(Dice(1, 3)).premium_multiple == 1
    expected = sum(payout_modification(d).premium_multiple for d in ALL_ROLLS)
    assert Fraction(expected, 36) == Fraction(11, 6)  # "pays on average 11/6 × premium"
    assert TABLE_E[classify(Dice(3, 4))] is LuggageOutcome.SWALLOWS
    assert TABLE_F[classify(Dice(1, 2))] is DibblerOutcome.DROPS_MONEY


@pytest.mark.parametrize("text", ["7", "0+3", "3+7", "a+b", "1+2+3"])
def test_a_bad_roll_is_a_clear_error(text: str) -> None:
    with pytest.raises(ValueError, match="d6|roll"):
        Dice.parse(text)


def test_parse() -> None:
    assert Dice.parse("3+5") == Dice(3, 5) and str(Dice(3, 5)) == "3+5"
