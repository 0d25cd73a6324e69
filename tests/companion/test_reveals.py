"""A question that turns over a card drawn face down says so itself (``Question.reveals``), and the
session's undo barrier is decided by that flag, not by a list of question keys."""
from __future__ import annotations

from companion.core.inputs import Answer, CardScan
from companion.core.procedure import Narrator, choice_question
from companion.core.session import is_barrier
from companion.morpork.cards.common import TurnContext
from companion.morpork.cards.symbols import event_steps
from companion.morpork.events import resolve_event
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json


def _table(**extra: object) -> State:
    return state_from_json({"players": [{"color": "red"}, {"color": "blue"}], "areas": {}, **extra})


def test_the_random_event_card_drawn_reveals_and_is_a_barrier() -> None:
    """The event symbol: "draw the top random event card" from a shuffled deck (rulebook, Symbols)."""
    state = _table(event_deck=["fog", "riots"])
    question = next(event_steps(state, Narrator(), TurnContext("red", in_play=["hex"])))
    assert question.key == "event.draw" and question.reveals
    assert is_barrier(question, Answer("fog", player="red"))


def test_a_card_fog_turns_over_reveals_and_is_a_barrier() -> None:
    """Fog discards the top five cards face up: each one names a card of the shuffled draw pile."""
    state = _table(draw_pile=30)
    question = next(resolve_event(state, Narrator(), "fog", "red"))
    assert question.key == "event.fog.card" and question.reveals
    assert is_barrier(question, Answer("groat", player="red"))


def test_a_revealing_question_is_a_barrier_whatever_its_key() -> None:
    """The barrier follows the flag: the same key, asked without ``reveals``, is an ordinary choice."""
    revealing = choice_question("any.key", "scan it", "red", ["groat", "modo"], reveals=True)
    ordinary = choice_question("any.key", "scan it", "red", ["groat", "modo"])
    for inp in (CardScan("card", "groat"), Answer("groat", player="red")):
        assert is_barrier(revealing, inp)
        assert not is_barrier(ordinary, inp)


def test_a_card_played_from_the_hand_does_not_reveal() -> None:
    """Taking back a card played from a hand reveals nothing new: the turn's play question is no barrier."""
    from companion.core.procedure import run
    from companion.morpork.turn import turn_procedure

    state = _table(draw_pile=30)
    question = run(turn_procedure, state, {}, []).question
    assert question is not None and not question.reveals
    assert not is_barrier(question, CardScan("card", "groat"))
