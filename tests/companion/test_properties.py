"""Random games of legal basic actions keep the table physically possible.

Hypothesis plays sequences drawn from the engine's own legal-option queries and, between them,
throws arbitrary (mostly illegal) actions at it. After every step: each colour has 12 minions and 6
buildings between board and supply, at most one trouble marker per area and 12 in all, the bank and
the players' money make up the edition's total, and a rejected action changed nothing.
"""
from __future__ import annotations

import functools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.morpork import actions
from companion.morpork.actions import (
    Action,
    Assassinate,
    Build,
    EndTurn,
    PlaceMinion,
    RemoveTrouble,
    TakeMoney,
    UseAreaPower,
    apply_action,
    perform_action,
)
from companion.morpork.board import ADJACENT, AREA_IDS, COLORS
from companion.core.errors import RuleViolation
from companion.morpork.invariants import table_problems
from companion.morpork.pieces import place_piece
from companion.morpork.setup import new_state
from companion.morpork.state import EDITIONS, State
from companion.morpork.soundness import NEUTRAL_EVENTS


NEUTRAL_EVENT = {name: event for _field, event, name in NEUTRAL_EVENTS}
"""The event that alone brings a troll or a demon onto the board (the rule of :mod:`companion.morpork.soundness`)."""


def legal_actions(state: State) -> list[Action]:
    """Every basic action the queries offer now (powers with every target they accept)."""
    found: list[Action] = []
    for color in state.colors:
        if actions.must_move_minion(state, color):
            for source in actions.minion_sources(state, color):
                found += [PlaceMinion(color, a, from_area=source)
                          for a in actions.minion_placement_areas(state, color, from_area=source)]
        else:
            found += [PlaceMinion(color, a) for a in actions.minion_placement_areas(state, color)]
        sources: list[str | None] = [None]
        if actions.must_move_building(state, color):
            sources = [a for a in AREA_IDS if state.areas[a].building == color]
        found += [Build(color, a, from_area=s) for a in actions.buildable_areas(state, color) for s in sources]
        found += [Assassinate(color, a, p) for a, p in actions.assassination_targets(state, color)]
        found += [TakeMoney(color, n) for n in (1, 3)]
    found += [RemoveTrouble(a) for a in actions.trouble_marker_areas(state)]
    active = state.active_player
    for power in actions.usable_area_powers(state, active):
        if power in ("dolly-sisters", "dimwell"):
            source = actions.minion_sources(state, active)[0] if actions.must_move_minion(state, active) else None
            found += [UseAreaPower(active, power, target=a, from_area=source)
                      for a in [power, *sorted(ADJACENT[power])] if a != source]
        elif power == "isle-of-gods":
            found += [UseAreaPower(active, power, target=a) for a in actions.trouble_marker_areas(state)]
        elif power == "the-shades":
            found += [UseAreaPower(active, power, target=a) for a in AREA_IDS
                      if a in ADJACENT["the-shades"] | {"the-shades"} and state.areas[a].has_any_minion
                      and not state.areas[a].trouble]
        elif power != "small-gods":
            found.append(UseAreaPower(active, power))
    found.append(EndTurn())
    return found


def check_invariants(state: State) -> None:
    """The table's physical invariants (12 minions and 6 buildings a colour between board and supply,
    at most one trouble marker an area and 12 in all, neutral pieces within the box, bank plus the
    players' money equal to the edition's total): one list, shared with the simulator."""
    assert table_problems(state) == []


any_area = st.sampled_from(AREA_IDS)
maybe_area = st.one_of(st.none(), any_area)


@functools.lru_cache(maxsize=None)
def arbitrary_action(colors: tuple[str, ...]) -> st.SearchStrategy[Action]:
    """Any action at all, mostly with the players' colours (so that deeper rules are reached)."""
    color = st.one_of(st.sampled_from(colors), st.sampled_from(COLORS))
    return st.one_of(
        st.builds(PlaceMinion, color, any_area, maybe_area, st.booleans(), st.booleans()),
        st.builds(Build, color, any_area, maybe_area, st.one_of(st.none(), st.integers(-3, 30))),
        st.builds(Assassinate, color, any_area, st.sampled_from([*COLORS, "troll", "demon", "wizard"])),
        st.builds(RemoveTrouble, any_area),
        st.builds(TakeMoney, color, st.integers(-5, 200)),
        st.builds(UseAreaPower, color, any_area, st.one_of(st.none(), any_area, st.just("mr-boggis")), maybe_area),
        st.just(EndTurn()),
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 4),
    edition=st.sampled_from(EDITIONS),
    data=st.data(),
)
def test_random_legal_play_keeps_the_invariants(players: int, edition: str, data: st.DataObject) -> None:
    state = new_state(list(COLORS[:players]), edition)
    # A busier table than the opening one, so that full supplies, trolls and demons come up.
    for color in state.colors:
        for area in data.draw(st.lists(any_area, max_size=9), label=f"{color} minions"):
            actions.place_minion(state, color, area, anywhere=True)
        actions.take_money(state, color, data.draw(st.integers(0, 25), label=f"{color} money"))
    for piece, area in data.draw(st.lists(st.tuples(st.sampled_from(["troll", "demon"]), any_area), max_size=3),
                                 label="neutrals"):
        place_piece(state, area, piece, always_trouble=piece == "demon")
        if NEUTRAL_EVENT[piece] in state.event_deck:  # they come only with their event, drawn once
            state.event_deck.remove(NEUTRAL_EVENT[piece])
    state.draw_pile = data.draw(st.integers(1, 30), label="draw pile")
    check_invariants(state)
    for _ in range(data.draw(st.integers(10, 60), label="steps")):
        if state.game_over is not None:
            break
        # An arbitrary action, applied in place: when rejected, nothing may have changed (every rule
        # is checked before the first change, not papered over by working on a copy).
        attempt = data.draw(arbitrary_action(tuple(state.colors)), label="attempt")
        trial = state.copy()
        try:
            perform_action(trial, attempt)
        except RuleViolation:
            assert trial == state, f"rejected {attempt!r} changed the state"
        else:
            check_invariants(trial)
        # A legal one, taken from the engine's own queries; it must be accepted.
        # Pick the kind first so that rare ones (powers, end of turn) come up as often as the rest.
        by_kind: dict[str, list[Action]] = {}
        for option in legal_actions(state):
            by_kind.setdefault(type(option).__name__, []).append(option)
        kind = data.draw(st.sampled_from(sorted(by_kind)), label="kind")
        choice = data.draw(st.sampled_from(by_kind[kind]), label="action")
        state = apply_action(state, choice)
        check_invariants(state)
