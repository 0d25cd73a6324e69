"""Explosion, Earthquake, Fire and Subsidence with fixed rolls, on positions from the rulebook's
last page ("Random events")."""
from __future__ import annotations

from typing import Any

from companion.morpork.events import event_procedure
from companion.core.procedure import Outcome, run
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json


def position(areas: dict[str, Any], players: list[dict[str, Any]] | None = None, **extra: Any) -> State:
    doc: dict[str, Any] = {"players": players or [{"color": "red"}, {"color": "blue"}], "areas": areas,
                           "draw_pile": 30, **extra}
    return state_from_json(doc)


def resolve(state: State, event: str, answers: list[Any]) -> Outcome:
    return run(event_procedure, state, {"event": event, "active": state.active_player},
               [str(a) for a in answers])


def buildings(state: State) -> dict[str, str]:
    return {a: s.building for a, s in state.areas.items() if s.building}


# -- Fire -----------------------------------------------------------------------------------------

def test_fire_spreads_along_three_buildings_and_stops_on_a_non_adjacent_roll() -> None:
    # Nap Hill (12) - Seven Sleepers (11) - Unreal Estate (2) are a chain of neighbours; The Scours (5)
    # has a building too but does not border Unreal Estate.
    start = position({"nap-hill": {"building": "red"}, "seven-sleepers": {"building": "blue"},
                      "unreal-estate": {"building": "blue"}, "the-scours": {"building": "red"}})
    done = resolve(start, "fire", [12, 11, 2, 5, 4, 4])
    assert done.is_finished
    assert done.answers_used == 4  # the leftover rolls are not used
    assert buildings(done.state) == {"the-scours": "red"}
    assert "fire" not in done.state.event_deck
    assert buildings(start) == {"nap-hill": "red", "seven-sleepers": "blue", "unreal-estate": "blue",
                                "the-scours": "red"}  # the given state is never changed
    assert [n.key for n in done.narration].count("event.building-removed") == 3
    assert done.narration[-1].key == "event.fire.not-adjacent"


def test_fire_without_a_building_ends_at_once() -> None:
    start = position({"nap-hill": {"building": "red"}})
    done = resolve(start, "fire", [3, 12])
    assert done.is_finished and done.answers_used == 1
    assert buildings(done.state) == {"nap-hill": "red"}


def test_fire_dies_in_an_adjacent_area_without_a_building() -> None:
    start = position({"nap-hill": {"building": "red"}, "seven-sleepers": {"building": "blue"}})
    done = resolve(start, "fire", [12, 1, 11])  # Dolly Sisters borders Nap Hill but has no building
    assert done.answers_used == 2
    assert buildings(done.state) == {"seven-sleepers": "blue"}


def test_fire_rolling_the_same_area_again_ends_it() -> None:
    start = position({"nap-hill": {"building": "red"}, "seven-sleepers": {"building": "blue"}})
    done = resolve(start, "fire", [12, 12, 11])
    assert done.answers_used == 2
    assert buildings(done.state) == {"seven-sleepers": "blue"}


def test_fire_asks_for_the_next_roll_while_it_burns() -> None:
    start = position({"nap-hill": {"building": "red"}, "seven-sleepers": {"building": "blue"}})
    halfway = resolve(start, "fire", [12, 11])
    assert halfway.question is not None and halfway.question.kind == "roll"
    assert buildings(halfway.state) == {}


# -- Explosion, Earthquake --------------------------------------------------------------------------

def test_explosion_removes_the_building_only() -> None:
    start = position({"the-hippo": {"building": "blue", "minions": {"blue": 2}, "trouble": True}})
    done = resolve(start, "explosion", [6])
    assert buildings(done.state) == {}
    assert done.state.areas["the-hippo"].minions == {"blue": 2} and done.state.areas["the-hippo"].trouble


def test_explosion_in_an_area_without_a_building() -> None:
    start = position({"the-hippo": {"building": "blue"}})
    done = resolve(start, "explosion", [7])
    assert done.is_finished and buildings(done.state) == {"the-hippo": "blue"}


def test_earthquake_two_rolls_two_buildings() -> None:
    start = position({"the-hippo": {"building": "blue"}, "longwall": {"building": "red"},
                      "dimwell": {"building": "red"}})
    done = resolve(start, "earthquake", [6, 9])
    assert done.answers_used == 2
    assert buildings(done.state) == {"dimwell": "red"}


def test_earthquake_rolling_one_area_twice() -> None:
    start = position({"the-hippo": {"building": "blue"}, "longwall": {"building": "red"}})
    done = resolve(start, "earthquake", [6, 6])
    assert buildings(done.state) == {"longwall": "red"}


# -- Subsidence --------------------------------------------------------------------------------------

def test_subsidence_a_player_who_can_pay_for_one_building_of_two_chooses_which_goes() -> None:
    start = position({"the-hippo": {"building": "red"}, "longwall": {"building": "red"},
                      "dimwell": {"building": "blue"}, "nap-hill": {"building": "blue"}},
                     players=[{"color": "red", "money": 3}, {"color": "blue", "money": 10}])
    asked = resolve(start, "subsidence", [])
    q = asked.question
    assert q is not None and q.kind == "choice" and q.player == "red"
    assert q.options == ("the-hippo", "longwall")
    done = resolve(start, "subsidence", ["longwall"])
    assert done.is_finished
    assert buildings(done.state) == {"the-hippo": "red", "dimwell": "blue", "nap-hill": "blue"}
    assert done.state.player("red").money == 1  # paid $2 for the building kept
    assert done.state.player("blue").money == 6
    assert done.state.bank == start.bank + 2 + 4


def test_subsidence_a_player_who_can_pay_for_none_loses_all_without_a_question() -> None:
    start = position({"the-hippo": {"building": "red"}, "longwall": {"building": "red"}},
                     players=[{"color": "red", "money": 1}, {"color": "blue"}])
    done = resolve(start, "subsidence", [])
    assert done.is_finished and buildings(done.state) == {}
    assert done.state.player("red").money == 1
    lines = done.narration[1:]  # after "Subsidence" is drawn: said before the removals, no "pays $0 for 0"
    assert [line.key for line in lines] == ["event.subsidence.none", "event.building-removed", "event.building-removed"]
    assert lines[0].text == "red cannot pay for any of their buildings: they all go"


def test_subsidence_everyone_pays() -> None:
    start = position({a: {"building": "green"} for a in ("the-hippo", "longwall", "dimwell")},
                     players=[{"color": "red"}, {"color": "green", "money": 6}])
    done = resolve(start, "subsidence", [])
    assert done.is_finished and len(buildings(done.state)) == 3
    assert done.state.player("green").money == 0 and done.state.player("red").money == 10


def test_fire_rolling_the_same_area_again_says_so() -> None:
    start = position({"nap-hill": {"building": "red"}})
    done = resolve(start, "fire", [12, 12])
    last = done.narration[-1]
    assert last.key == "event.fire.not-adjacent"
    assert last.text == "Nap Hill again: the fire goes out"  # not "Nap Hill is not next to Nap Hill"
