"""The Dragon, Flood, Mysterious Murders, Demons from the Dungeon Dimensions and Trolls with fixed
rolls and answers (rulebook's last page; rulings 3, 13 and 14 of ``shared/reference/board.md``)."""
from __future__ import annotations

from typing import Any

from companion.morpork.board import ADJACENT, AREA_BY_ID, AREA_IDS, DEMONS, TROLLS, area_for_roll
from companion.morpork.events import event_procedure
from companion.core.procedure import Outcome, run
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json


def position(areas: dict[str, Any], colors: tuple[str, ...] = ("red", "blue"), **extra: Any) -> State:
    return state_from_json({"players": [{"color": c} for c in colors], "areas": areas, "draw_pile": 30, **extra})


def resolve(state: State, event: str, answers: list[Any], active: str | None = None) -> Outcome:
    return run(event_procedure, state, {"event": event, "active": active or state.active_player},
               [str(a) for a in answers])


# -- The Dragon -------------------------------------------------------------------------------------

def test_the_dragon_clears_the_area() -> None:
    start = position({"the-hippo": {"minions": {"red": 2, "blue": 1}, "building": "blue", "trouble": True,
                                    "trolls": 1, "demons": 1},
                      "the-shades": {"minions": {"red": 1}}})
    done = resolve(start, "the-dragon", [6])
    assert done.is_finished
    assert done.state.areas["the-hippo"].is_empty
    assert done.state.minions_in_supply("red") == 11 and done.state.minions_in_supply("blue") == 12
    assert done.state.trolls_in_supply() == TROLLS and done.state.demons_in_supply() == DEMONS
    assert done.state.areas["the-shades"].minions == {"red": 1}


def test_the_dragon_in_an_empty_area() -> None:
    start = position({"the-shades": {"minions": {"red": 1}}})
    done = resolve(start, "the-dragon", [3])
    assert done.is_finished and done.state.areas == start.areas


# -- Flood ------------------------------------------------------------------------------------------

def test_flood_on_areas_away_from_the_river_does_nothing() -> None:
    # Dragon's Landing (3) and The Hippo (6) do not border the river.
    start = position({"dragons-landing": {"minions": {"red": 2}, "trouble": True},
                      "the-hippo": {"minions": {"blue": 1}, "building": "red"}})
    done = resolve(start, "flood", [3, 6])
    assert done.is_finished and done.answers_used == 2
    assert done.state.areas == start.areas
    assert done.state.event_deck == [e for e in start.event_deck if e != "flood"]


def test_flood_on_two_river_areas_every_player_moves_out_in_turn_order() -> None:
    # The Shades (7) and Dimwell (8) border each other: nobody may flee from one into the other.
    start = position({"the-shades": {"minions": {"red": 2, "blue": 1}, "trouble": True, "building": "red",
                                     "trolls": 1},
                      "dimwell": {"minions": {"blue": 1}, "demons": 1, "trouble": True}},
                     colors=("red", "blue"), active_player="blue")
    first = resolve(start, "flood", [7, 8])
    q = first.question
    assert q is not None and q.kind == "choice"
    assert q.player == "blue"  # the active player moves first
    assert q.options == ("the-scours", "the-hippo")  # The Shades' neighbours except flooded Dimwell
    answers = [7, 8, "the-hippo", "longwall", "the-scours", "the-scours"]
    second = resolve(start, "flood", answers[:3])
    assert second.question is not None and second.question.player == "blue"
    assert second.question.options == ("the-scours", "longwall")  # Dimwell's, except The Shades
    done = resolve(start, "flood", answers)
    assert done.is_finished
    areas = done.state.areas
    assert areas["the-shades"].minions == {} and areas["dimwell"].minions == {}
    # Buildings, trolls and demons stay. The troll and the demon keep the markers company: leaving
    # minions took the markers away (the trouble rule), as moves always do.
    assert areas["the-shades"].building == "red" and areas["the-shades"].trolls == 1
    assert areas["dimwell"].demons == 1
    assert areas["the-hippo"].minions == {"blue": 1}
    assert areas["longwall"].minions == {"blue": 1}
    assert areas["the-scours"].minions == {"red": 2}
    assert areas["the-scours"].trouble  # the second red minion arrived where the first already was
    assert not areas["the-hippo"].trouble


def test_flood_one_river_area_and_one_dry_area() -> None:
    start = position({"the-shades": {"minions": {"red": 1}}})
    done = resolve(start, "flood", [3, 7, "the-hippo"])
    assert done.is_finished and done.state.areas["the-hippo"].minions == {"red": 1}


# -- Mysterious Murders -----------------------------------------------------------------------------

def test_murders_in_an_empty_area_nothing_happens() -> None:
    start = position({"the-shades": {"minions": {"red": 1, "blue": 1}, "trouble": True}})
    done = resolve(start, "mysterious-murders", [3, 6])  # red rolls 3, blue rolls 6: both empty
    assert done.is_finished and done.answers_used == 2
    assert done.state.areas == start.areas


def test_murders_in_an_area_of_only_the_rollers_minions_one_must_go() -> None:
    start = position({"the-hippo": {"minions": {"red": 2}, "trouble": True}})
    done = resolve(start, "mysterious-murders", [6, 3])  # no choice to ask: one red minion goes
    assert done.is_finished and done.answers_used == 2
    assert done.state.areas["the-hippo"].minions == {"red": 1}
    assert not done.state.areas["the-hippo"].trouble


def test_murders_each_player_rolls_and_chooses_any_piece() -> None:
    start = position({"the-hippo": {"minions": {"red": 1, "blue": 2}, "trolls": 1, "trouble": True},
                      "the-shades": {"minions": {"red": 1}, "demons": 1, "trouble": True}},
                     colors=("red", "blue", "green"))
    asked = resolve(start, "mysterious-murders", [6])
    assert asked.question is not None and asked.question.player == "red"
    assert asked.question.options == ("red", "blue", "troll")
    done = resolve(start, "mysterious-murders", [6, "troll", 7, "demon", 1])
    assert done.is_finished and done.answers_used == 5
    assert done.state.areas["the-hippo"].trolls == 0 and done.state.areas["the-hippo"].minions == {"red": 1, "blue": 2}
    assert done.state.areas["the-shades"].demons == 0 and done.state.areas["the-shades"].minions == {"red": 1}


def test_murders_start_with_the_active_player() -> None:
    start = position({"the-hippo": {"minions": {"red": 1, "blue": 1}}}, colors=("red", "blue", "green"),
                     active_player="green")
    asked = resolve(start, "mysterious-murders", [6])
    assert asked.question is not None and asked.question.player == "green"


# -- Demons, Trolls ----------------------------------------------------------------------------------

def test_demons_four_rolls_and_trouble_even_where_alone() -> None:
    start = position({"the-shades": {"minions": {"red": 1}}})
    done = resolve(start, "demons-from-the-dungeon-dimensions", [3, 3, 7, 12])
    assert done.is_finished and done.answers_used == 4
    areas = done.state.areas
    assert areas["dragons-landing"].demons == 2 and areas["dragons-landing"].trouble  # rolled twice: twice
    assert areas["the-shades"].demons == 1 and areas["the-shades"].trouble
    assert areas["nap-hill"].demons == 1 and areas["nap-hill"].trouble
    assert done.state.demons_in_supply() == 0


def test_demons_stop_when_the_box_is_empty() -> None:
    start = position({"the-hippo": {"demons": 3, "trouble": True}})
    done = resolve(start, "demons-from-the-dungeon-dimensions", [5, 6, 7, 8])
    assert done.is_finished and done.answers_used == 1  # only one demon was left in the box
    assert done.state.areas["the-scours"].demons == 1 and done.state.demons_in_supply() == 0
    empty_box = position({"the-hippo": {"demons": 4, "trouble": True}})
    none = resolve(empty_box, "demons-from-the-dungeon-dimensions", [5])
    assert none.is_finished and none.answers_used == 0


def test_trolls_trouble_only_where_a_minion_troll_or_demon_already_was() -> None:
    start = position({"the-hippo": {"building": "red"}, "the-shades": {"minions": {"blue": 1}},
                      "dimwell": {"demons": 1, "trouble": True}})
    done = resolve(start, "trolls", [6, 7, 3])
    assert done.is_finished and done.answers_used == 3
    areas = done.state.areas
    assert areas["the-hippo"].trolls == 1 and not areas["the-hippo"].trouble  # a building alone: no marker
    assert areas["the-shades"].trolls == 1 and areas["the-shades"].trouble
    assert areas["dragons-landing"].trolls == 1 and not areas["dragons-landing"].trouble


def test_trolls_second_troll_in_the_same_area_brings_trouble() -> None:
    done = resolve(position({}), "trolls", [3, 3, 4])
    assert done.state.areas["dragons-landing"].trolls == 2 and done.state.areas["dragons-landing"].trouble


def test_trolls_stop_when_the_box_is_empty() -> None:
    start = position({"the-hippo": {"trolls": 2, "trouble": True}})
    done = resolve(start, "trolls", [5, 6, 7])
    assert done.is_finished and done.answers_used == 1
    assert done.state.trolls_in_supply() == 0


def test_flood_always_leaves_a_minion_somewhere_to_go() -> None:
    # "What if a minion has nowhere to go?" It cannot happen: a flood hits at most two areas and every
    # area has at least three neighbours, so at least two are dry. Checked for every pair of rolls,
    # with a minion of each colour in both areas: every move question offers two areas or more.
    assert min(len(ADJACENT[a]) for a in AREA_IDS) >= 3
    for first in range(1, 13):
        for second in range(1, 13):
            flooded = {area_for_roll(f) for f in (first, second) if AREA_BY_ID[area_for_roll(f)].river}
            start = position({a: {"minions": {"red": 1, "blue": 1}} for a in flooded})
            answers: list[Any] = [first, second]
            progress = resolve(start, "flood", answers)
            while not progress.is_finished:
                q = progress.question
                assert q is not None and q.key == "event.flood.move" and len(q.options) >= 2
                assert not set(q.options) & flooded
                answers.append(q.options[0])
                progress = resolve(start, "flood", answers)
            assert not any(progress.state.areas[a].minions for a in flooded)
