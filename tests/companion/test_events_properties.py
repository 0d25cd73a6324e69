"""Random events with random rolls and answers on random positions keep the table possible.

Hypothesis builds a position with the engine's own primitives (minions, buildings, trolls, demons,
trouble, money moved, some interrupt cards already discarded, Small Gods often held), then resolves a
random event feeding random die faces and random legal answers, with and without interrupt windows.
Afterwards: each colour has 12 minions and 6 buildings between board and supply, at most one trouble
marker per area, the bank and the players' money make up the box, no more trolls or demons on the
board than the box holds (those set aside are back in the box), the event left the deck, the result
is a valid position, and replaying the same answers gives the same result.
"""
from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import event as note_case
from hypothesis import strategies as st

from companion.morpork.board import AREA_IDS, COLORS
from companion.morpork.events import event_procedure
from companion.morpork.invariants import table_problems
from companion.morpork.pieces import add_trouble, pay_bank, piece_in_supply, place_building, place_piece, take_from_bank
from companion.core.procedure import Narrator, run
from companion.morpork.setup import new_state
from companion.morpork.state import EDITIONS, State
from companion.morpork.state_format import state_from_json, state_to_json
from companion.morpork.soundness import NEUTRAL_EVENTS

INTERRUPTS = ("susan", "igor", "fresh-start-club")
NEUTRAL_EVENT = {name: event for _field, event, name in NEUTRAL_EVENTS}
"""The event that alone brings a troll or a demon onto the board (the rule of :mod:`companion.morpork.soundness`)."""


@st.composite
def positions(draw: st.DrawFn) -> State:
    colors = draw(st.permutations(COLORS).map(list))[: draw(st.integers(2, 4))]
    state = new_state(colors, draw(st.sampled_from(EDITIONS)))
    state.active_player = draw(st.sampled_from(colors))
    if draw(st.booleans()):  # Small Gods held: its protection comes into play
        place_building(state, "small-gods", draw(st.sampled_from(colors)))
    for _ in range(draw(st.integers(0, 60))):
        kind = draw(st.sampled_from(["minion", "minion", "minion", "building", "building", "troll", "demon", "trouble", "money", "pay"]))
        area = draw(st.sampled_from(AREA_IDS))
        color = draw(st.sampled_from(colors))
        if kind == "minion" and piece_in_supply(state, color) > 0:
            place_piece(state, area, color)
        elif kind == "building" and state.areas[area].building is None and state.buildings_in_supply(color) > 0:
            place_building(state, area, color)
        elif kind in ("troll", "demon") and piece_in_supply(state, kind) > 0:
            place_piece(state, area, kind, always_trouble=kind == "demon")
            if NEUTRAL_EVENT[kind] in state.event_deck:  # they come only with their event, drawn once
                state.event_deck.remove(NEUTRAL_EVENT[kind])
        elif kind == "trouble":
            add_trouble(state, area)
        elif kind == "money":
            take_from_bank(state, color, draw(st.integers(0, 15)))
        elif kind == "pay":
            pay_bank(state, color, draw(st.integers(0, 10)))
    for player in state.players:
        player.hand = draw(st.integers(0, 7))
    state.discard_pile = draw(st.lists(st.sampled_from(INTERRUPTS), unique=True))
    # Bloody Stupid Johnson, drawn once, sets one City Area card aside (its building may have gone since)
    state.lost_area_cards = draw(st.lists(st.sampled_from(AREA_IDS), max_size=1))
    if state.lost_area_cards:
        state.event_deck.remove("bloody-stupid-johnson")
    state.draw_pile = draw(st.integers(1, 40))
    state.turn.cards_gained = []
    return state


def check_invariants(state: State) -> None:
    """The table's physical invariants (12 minions and 6 buildings a colour between board and supply,
    at most one trouble marker an area and 12 in all, neutral pieces within the box, bank plus the
    players' money equal to the edition's total): one list, shared with the simulator."""
    assert table_problems(state) == []


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=positions(), ask_interrupts=st.booleans(), data=st.data())
def test_random_events_keep_the_table_possible(start: State, ask_interrupts: bool, data: Any) -> None:
    check_invariants(start)
    event = data.draw(st.sampled_from(start.event_deck), label="event")  # each event happens once
    before = state_to_json(start)
    args = {"event": event, "active": start.active_player, "ask_interrupts": ask_interrupts}
    state = start.copy()
    narrator = Narrator()
    body = event_procedure(state, narrator, args)
    answers: list[str] = []
    question = next(body, None)
    while question is not None:
        assert len(answers) < 200, "an event must end"
        assert question.options, question
        if question.kind == "roll":
            answer = str(data.draw(st.integers(1, 12), label="roll"))
        else:
            assert question.player in state.colors
            answer = data.draw(st.sampled_from(question.options), label=question.key)
        answers.append(answer)
        note_case(question.key)
        check_invariants(state)
        try:
            question = body.send(answer)
        except StopIteration:
            question = None
    check_invariants(state)
    assert event not in state.event_deck and len(state.event_deck) == len(start.event_deck) - 1
    assert narrator.lines and narrator.lines[0].key == "event.drawn"
    assert state_from_json(state_to_json(state)) == state  # still a valid position
    assert state_to_json(start) == before  # the given position never changes
    replay = run(event_procedure, start, args, answers)
    assert replay.is_finished and replay.answers_used == len(answers)
    assert state_to_json(replay.state) == state_to_json(state)
    if state.game_over is not None:
        assert event in ("riots", "fog")
        assert set(state.game_over.winners) <= set(state.colors) and state.game_over.winners
