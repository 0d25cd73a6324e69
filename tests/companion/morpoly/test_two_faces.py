"""A roll of two dice is an input with both faces; a roll question says how many dice it wants."""
from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.core.inputs import DieRoll, answer_text, input_from_json, input_to_json
from companion.core.procedure import dice_question, roll_mismatch, roll_question


def test_two_faces_round_trip_in_the_journal_form() -> None:
    roll = input_from_json({"type": "roll", "faces": [3, 4]})
    assert isinstance(roll, DieRoll) and roll.faces == (3, 4) and roll.face is None
    assert input_to_json(roll) == {"type": "roll", "faces": [3, 4], "source": "manual"}
    assert answer_text(roll) == "3,4"
    assert input_to_json(input_from_json({"type": "roll", "face": 7})) == {"type": "roll", "face": 7, "source": "manual"}


@pytest.mark.parametrize("doc", [
    {"type": "roll"}, {"type": "roll", "face": 7, "faces": [3, 4]}, {"type": "roll", "faces": "34"},
    {"type": "roll", "faces": [3, "4"]}, {"type": "roll", "faces": []}, {"type": "roll", "faces": [True, 2]},
])
def test_malformed_rolls_are_refused(doc: dict[str, object]) -> None:
    with pytest.raises(InputError):
        input_from_json(doc)


def test_a_question_refuses_the_wrong_number_of_dice_in_one_line() -> None:
    two, one = dice_question("morpoly.roll.move", "red: roll the dice"), roll_question("event", "roll the die")
    assert roll_mismatch(two, (3, 4)) is None and roll_mismatch(one, None) is None
    wrong = roll_mismatch(two, None)
    assert wrong is not None and "needs 2 d6 faces" in wrong and "\n" not in wrong
    wrong = roll_mismatch(one, (3, 4))
    assert wrong is not None and "needs one d12 face" in wrong
    wrong = roll_mismatch(two, (3,))  # `{"type": "roll", "faces": [3]}`: one face, said in the singular
    assert wrong is not None and wrong.endswith("not 1 face [3]"), wrong
    assert two.to_json() == {"kind": "roll", "question": "red: roll the dice", "player": None, "dice": 2, "sides": 6}
    assert one.to_json() == {"kind": "roll", "question": "roll the die"}
    assert two.accepts("6,6") and not two.accepts("7") and not two.accepts("0,3")


def test_the_first_game_refuses_two_faces() -> None:
    from companion.morpork.game import apply, new_game

    game = new_game(["red", "blue"])
    with pytest.raises(InputError, match="needs one d12 face"):
        apply(game, DieRoll(faces=(3, 4)))
