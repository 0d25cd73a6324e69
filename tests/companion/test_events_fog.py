"""Fog inside a turn: the cards it turns over are known from then on, so the next turn does not offer
them as playable (before, the companion only counted them and kept offering them)."""
from __future__ import annotations

from typing import Any

from companion.morpork.events import resolve_event
from companion.core.procedure import Narrator, run
from companion.core.session import is_barrier
from companion.core.inputs import CardScan
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json
from companion.morpork.turn import turn_procedure

FOG = ["groat", "modo", "ruby", "the-dysk", "leonard-of-quirm"]


def table(draw_pile: int = 40) -> State:
    doc: dict[str, Any] = {
        "players": [{"color": "red", "personality": "vetinari"}, {"color": "blue", "personality": "rust"},
                    {"color": "green", "personality": "selachii"}],
        "areas": {a: {"minions": {"red": 1, "blue": 1, "green": 1}} for a in ("the-shades", "the-scours", "dolly-sisters")},
        "active_player": "red", "draw_pile": draw_pile, "discard_pile": [],
    }
    return state_from_json(doc)


def red_plays_ridcully_and_fog(draw_pile: int = 40) -> Any:
    # Archchancellor Ridcully: the random event (E) first, then his text (skipped); Doctor Mossy Lawn
    # might still be in red's hand, so the end of the turn is asked.
    return run(turn_procedure, table(draw_pile), {}, ["archchancellor-ridcully", "fog", *FOG, "skip", "end-turn"])


def test_fog_in_a_turn_asks_the_active_player_card_by_card_and_each_answer_is_a_barrier() -> None:
    progress = run(turn_procedure, table(), {}, ["archchancellor-ridcully", "fog"])
    question = progress.question
    assert question is not None and question.key == "event.fog.card" and question.player == "red"
    assert "groat" in question.options
    assert "archchancellor-ridcully" not in question.options  # the card being played is on the table
    assert is_barrier(question, CardScan("card", "groat"))  # a card drawn face down: undo stops here


def test_the_five_cards_fog_named_are_not_offered_in_the_next_turn() -> None:
    done = red_plays_ridcully_and_fog()
    assert done.is_finished and done.state.active_player == "blue"
    assert done.state.discard_pile[:5] == FOG and "archchancellor-ridcully" in done.state.discard_pile
    assert done.state.draw_pile == 40 - 5 - 1  # five fogged, then red refills one
    blue = run(turn_procedure, done.state, {}, []).question
    assert blue is not None and blue.key == "turn.play-card" and blue.player == "blue"
    for card in FOG:
        assert card not in blue.options
    assert "mr-boggis" in blue.options  # a card nobody has seen is still offered


def test_cards_lying_on_the_table_are_not_offered_as_fog_cards() -> None:
    # The card whose E symbol drew Fog is on the table, not in the draw pile (``in_play``).
    steps = resolve_event(table(), Narrator(), "fog", "red", in_play=["archchancellor-ridcully"])
    question = next(steps)
    assert question.key == "event.fog.card" and "archchancellor-ridcully" not in question.options
    plain = next(resolve_event(table(), Narrator(), "fog", "red"))
    assert "archchancellor-ridcully" in plain.options
