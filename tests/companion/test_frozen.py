""":func:`companion.core.frozen.instance` gives exactly the value the constructor gives, for each
frozen dataclass the engines build with it: the questions and refusals of both games, the narration lines, a walk's steps, the
ledger's changed FSUs and payments, the random player's answers and the Ankh-Morpork simulator's answers and scans.
And those classes stay ones it may build (no slots, no ``__post_init__``)."""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from companion.core.frozen import instance
from companion.cli.simulate import _answer as simulated_answer, _scan as simulated_scan
from companion.core.inputs import Answer, CardScan, DieRoll, RandomDraw, input_from_json
from companion.core.procedure import (
    ROLL_OPTIONS, TWO_D6_OPTIONS, Narration, Narrator, Question, Reason, because, choice_question, dice_question,
    roll_question,
)
from companion.morpoly.covers import Cover
from companion.morpoly.events import Direction, Landed, Mode, Passed, PaymentKind
from companion.morpoly.fsu import Fsu, Payment, Status
from companion.morpoly.movement import Rotation, destination, walk
from companion.morpoly.questions import TableQuestion, ask_choice
from companion.morpoly.random_play import _answer
from companion.morpoly.state import Bank, Party, State

BUILT: list[type[Any]] = [Question, TableQuestion, Narration, Passed, Landed, Fsu, Payment, Answer, CardScan, RandomDraw]


@pytest.mark.parametrize("cls", BUILT, ids=lambda c: c.__name__)
def test_each_class_built_at_once_is_a_plain_frozen_dataclass(cls: type[Any]) -> None:
    assert dataclasses.is_dataclass(cls) and getattr(cls, "__dataclass_params__").frozen
    assert "__slots__" not in vars(cls) and not hasattr(cls, "__post_init__")


def _same(made: Any, constructed: Any) -> None:
    assert type(made) is type(constructed)
    assert made == constructed and hash(made) == hash(constructed) and repr(made) == repr(constructed)
    assert list(vars(made)) == [f.name for f in dataclasses.fields(constructed)]
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.key = "changed"


def test_questions_and_reasons_made_at_once_are_the_constructor_s_values() -> None:
    refused = because("build.money", "building costs $12; red has $3", area="dimwell", price=12)
    _same(refused, Reason("build.money", "building costs $12; red has $3", (("area", "dimwell"), ("price", "12"))))
    _same(choice_question("symbol.build", "red: build where?", "red", ["dimwell", "skip"],
                          unavailable={"nap-hill": refused}, card="ruby"),
          Question("choice", "symbol.build", "red: build where?", "red", ("dimwell", "skip"),
                   (("nap-hill", refused),), (("card", "ruby"),)))
    _same(choice_question("setup.personality", "red: pick", "red", ("vimes",), private=True, reveals=True),
          Question("choice", "setup.personality", "red: pick", "red", ("vimes",), private=True, reveals=True))
    _same(roll_question("event.fire", "roll for the fire", "red", area="dimwell"),
          Question("roll", "event.fire", "roll for the fire", "red", ROLL_OPTIONS, params=(("area", "dimwell"),)))


def test_a_dice_question_is_the_constructor_s_value() -> None:
    _same(dice_question("morpoly.roll.move", "red: roll", "red", purpose="move", token="red"),
          Question("roll", "morpoly.roll.move", "red: roll", "red", TWO_D6_OPTIONS,
                   params=(("purpose", "move"), ("token", "red")), dice=2, sides=6))


def test_a_narration_line_is_the_constructor_s_value() -> None:
    narrator = Narrator()
    narrator.say("morpoly.go.salary", "red collects", area="go", party="red", amount=200)
    _same(narrator.lines[0], Narration("morpoly.go.salary", "red collects", "go",
                                       (("party", "red"), ("amount", "200"))))


def test_a_table_question_is_the_constructor_s_value() -> None:
    state = State("us", {}, [Party("red", 1500, ["red"], "red")], [], {}, Bank(0, 0, 0))
    asking = ask_choice(state, Narrator(), "morpoly.deed.buy", "red: buy?", "red", ["buy", "decline"],
                        reveals=True, square="1")
    _same(next(asking), TableQuestion("choice", "morpoly.deed.buy", "red: buy?", "red", ("buy", "decline"), (),
                                      (("square", "1"),), reveals=True, tokens=()))


@pytest.mark.parametrize("direction, running", [(d, r) for d in Direction for r in Rotation])
def test_a_walk_s_steps_are_the_constructor_s_values(direction: Direction, running: Rotation) -> None:
    steps = walk("red", 38, 5, direction, running)
    expected: list[Passed | Landed] = [Passed("red", destination(38, k, direction, running), direction)
                                       for k in range(1, 5)]
    expected.append(Landed("red", destination(38, 5, direction, running), Mode.WALK, direction))
    assert len(steps) == len(expected)
    for made, constructed in zip(steps, expected):
        assert type(made) is type(constructed) and made == constructed and hash(made) == hash(constructed)
        assert repr(made) == repr(constructed)


def test_an_fsu_and_a_payment_changed_at_once_are_replace_s_values() -> None:
    """The ledger's run changes an FSU's status and a payment's event index by handing ``instance`` a
    copy of the fields (``fsu._Run``): the value ``dataclasses.replace`` gives."""
    fsu = Fsu(3, "red", "blue", "blue", 11, 40, frozenset({Cover.TAX, Cover.JAILED}), False, 7, Status.ACTIVE, 20)
    _same(instance(Fsu, {**vars(fsu), "status": Status.REDEEMED, "paid": 140}),
          dataclasses.replace(fsu, status=Status.REDEEMED, paid=140))
    payment = Payment("red", None, 60, PaymentKind.TAX, 3, "blue")
    made = instance(Payment, {**vars(payment), "event_index": 2})
    _same(made, dataclasses.replace(payment, event_index=2))
    assert made.event_index == 2


def test_the_random_player_s_answer_is_the_constructor_s_value() -> None:
    _same(_answer("roll"), Answer("roll"))


def test_the_simulator_s_answers_and_scans_are_the_constructor_s_values() -> None:
    _same(simulated_answer("end-turn"), Answer("end-turn"))
    _same(simulated_scan("card", "the-dean"), CardScan("card", "the-dean"))
    _same(simulated_scan("personality", "vimes"), CardScan("personality", "vimes"))


@pytest.mark.parametrize("doc, constructed", [
    ({"type": "answer", "value": "end-turn"}, Answer("end-turn")),
    ({"value": "pay", "player": "red", "seq": 7, "type": "answer"}, Answer("pay", "red", 7)),
    ({"card": "rust", "kind": "personality", "source": "manual", "type": "scan"}, CardScan("personality", "rust")),
    ({"type": "scan", "kind": "card", "card": "the-dysk", "source": "scanner", "player": "blue", "seq": 3},
     CardScan("card", "the-dysk", "scanner", "blue", 3)),
    ({"type": "random", "value": "zorgo"}, RandomDraw("zorgo")),
    ({"type": "random", "value": "x", "seq": 0}, RandomDraw("x", 0)),
], ids=lambda v: repr(v)[:40])
def test_an_input_read_from_the_journal_is_the_constructor_s_value(doc: dict[str, Any], constructed: Any) -> None:
    _same(input_from_json(dict(doc)), constructed)


def test_a_roll_read_from_the_journal_is_still_made_by_its_constructor() -> None:
    """A roll's ``__post_init__`` turns a list of faces into a tuple and checks face against faces."""
    assert input_from_json({"type": "roll", "faces": [3, 4]}) == DieRoll(faces=(3, 4))
    assert isinstance(input_from_json({"type": "roll", "faces": [3, 4]}).faces, tuple)
