"""Riots, Fog (the table names each card it discards), Bloody Stupid Johnson, the event deck and the events' names."""
from __future__ import annotations

from typing import Any

import pytest

from companion.morpork import scoring
from companion.morpork.board import AREA_IDS
from companion.morpork.catalog import EVENT_IDS, EVENTS, display_name
from companion.core.errors import InputError, RuleViolation
from companion.morpork.events import EVENTS as PROCEDURES
from companion.morpork.events import event_procedure
from companion.core.procedure import Outcome, run
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json


def position(areas: dict[str, Any], players: list[dict[str, Any]] | None = None, **extra: Any) -> State:
    doc: dict[str, Any] = {"players": players or [{"color": "red"}, {"color": "blue"}], "areas": areas,
                           "draw_pile": 30, **extra}
    return state_from_json(doc)


def resolve(state: State, event: str, answers: list[Any]) -> Outcome:
    return run(event_procedure, state, {"event": event, "active": state.active_player}, [str(a) for a in answers])


def with_trouble(n: int) -> dict[str, Any]:
    return {a: {"trouble": True, "minions": {"blue": 1}} for a in AREA_IDS[:n]}


# -- Riots -------------------------------------------------------------------------------------------

def test_riots_with_seven_markers_nothing_happens() -> None:
    done = resolve(position(with_trouble(7)), "riots", [])
    assert done.is_finished and done.state.game_over is None


def test_riots_with_eight_markers_end_the_game_on_points_and_vimes_does_not_win_by_it() -> None:
    # Red is Vimes with $10 and no pieces: 10 points. Blue has 8 minions: 40 points + $10.
    start = position(with_trouble(8), players=[{"color": "red", "personality": "vimes"},
                                               {"color": "blue", "personality": "dragon-king-of-arms"}])
    done = resolve(start, "riots", [])
    assert done.state.game_over is not None
    assert done.state.game_over.reason == "riots"
    assert done.state.game_over.winners == ["blue"]


def test_riots_vimes_may_still_win_on_points() -> None:
    start = position(with_trouble(8), players=[{"color": "red", "personality": "vimes", "money": 60},
                                               {"color": "blue"}])
    done = resolve(start, "riots", [])
    assert done.state.game_over is not None and done.state.game_over.winners == ["red"]


# -- Fog ---------------------------------------------------------------------------------------------

FOG = ["groat", "modo", "ruby", "the-dysk", "leonard-of-quirm"]


def test_fog_names_five_cards_from_the_top_of_the_draw_pile() -> None:
    # "Draw and discard the top five cards ... make sure everyone can see which": the table scans each.
    start = position({}, discard_pile=["susan"])
    first = resolve(start, "fog", [])
    question = first.question
    assert question is not None and question.key == "event.fog.card" and question.kind == "choice"
    assert question.player == "red" and not question.private
    assert "susan" not in question.options and "groat" in question.options  # the discard pile is out
    done = resolve(start, "fog", FOG)
    assert done.is_finished and done.answers_used == 5
    assert done.state.draw_pile == 25 and done.state.game_over is None
    assert done.state.discard_pile == ["susan", *FOG]
    named = [dict(line.params)["card"] for line in done.narration if line.key == "event.fog.card"]
    assert named == FOG


def test_fog_asks_one_card_at_a_time_and_never_a_card_already_named() -> None:
    steps = resolve(position({}), "fog", FOG[:2])
    question = steps.question
    assert question is not None and dict(question.params) == {"number": "3", "count": "5"}
    assert "groat" not in question.options and "modo" not in question.options
    assert steps.state.draw_pile == 28 and steps.state.discard_pile == ["groat", "modo"]


def test_fog_does_not_offer_cards_lent_stuck_or_out_of_a_two_player_game() -> None:
    start = position({}, players=[{"color": "red", "loans": ["mr-bent"], "stuck_cards": ["the-fools-guild"], "hand": 5},
                                  {"color": "blue"}])
    question = resolve(start, "fog", []).question
    assert question is not None
    for card in ("mr-bent", "the-fools-guild", "hubert", "cosmo-lavish"):
        assert card not in question.options


def test_fog_with_three_cards_left_asks_three_cards_and_ends_the_game() -> None:
    start = position({"the-shades": {"minions": {"blue": 1}}}, draw_pile=3)
    for asked in range(3):
        question = resolve(start, "fog", FOG[:asked]).question
        assert question is not None and question.key == "event.fog.card"
        assert dict(question.params) == {"number": str(asked + 1), "count": "3"}
    done = resolve(start, "fog", FOG)  # the two answers left over are not used
    assert done.is_finished and done.answers_used == 3
    assert done.state.draw_pile == 0 and done.state.discard_pile == FOG[:3]
    assert done.state.game_over is not None and done.state.game_over.reason == "draw-pile"
    assert done.state.game_over.winners == ["blue"]  # on points: blue has a minion more


def test_fog_emptying_the_pile_makes_vimes_win() -> None:
    start = position({"the-shades": {"minions": {"blue": 5}}}, draw_pile=3,
                     players=[{"color": "red", "personality": "vimes"}, {"color": "blue"}])
    done = resolve(start, "fog", FOG)
    over = done.state.game_over
    assert over is not None and over.reason == "draw-pile" and over.winners == ["red"] and over.personality == "vimes"


def test_a_card_fog_cannot_have_turned_over_is_refused_and_nothing_changes() -> None:
    start = position({}, discard_pile=["groat"])
    with pytest.raises(InputError):
        resolve(start, "fog", ["groat"])
    with pytest.raises(InputError):
        resolve(start, "fog", ["skip"])
    assert start.discard_pile == ["groat"] and start.draw_pile == 30


# -- Bloody Stupid Johnson ------------------------------------------------------------------------------

def test_johnson_sets_the_card_aside_and_the_owner_loses_a_minion() -> None:
    start = position({"the-hippo": {"building": "red", "minions": {"red": 2, "blue": 1}, "trouble": True}})
    done = resolve(start, "bloody-stupid-johnson", [6])
    assert done.is_finished
    assert done.state.lost_area_cards == ["the-hippo"]
    assert done.state.area_card_holder("the-hippo") is None
    assert done.state.areas["the-hippo"].building == "red"  # still counts for control and value
    assert done.state.areas["the-hippo"].minions == {"red": 1, "blue": 1}
    assert not done.state.areas["the-hippo"].trouble


def test_johnson_without_the_owners_minion_there() -> None:
    start = position({"the-hippo": {"building": "red", "minions": {"blue": 1}}})
    done = resolve(start, "bloody-stupid-johnson", [6])
    assert done.state.lost_area_cards == ["the-hippo"] and done.state.areas["the-hippo"].minions == {"blue": 1}


@pytest.mark.parametrize("areas, lost", [({"the-hippo": {"minions": {"red": 1}}}, []),
                                         ({"the-hippo": {"building": "red", "minions": {"red": 1}}}, ["the-hippo"])])
def test_johnson_when_the_card_is_not_in_play(areas: dict[str, Any], lost: list[str]) -> None:
    start = position(areas, lost_area_cards=lost)
    done = resolve(start, "bloody-stupid-johnson", [6])
    assert done.state.areas == start.areas and done.state.lost_area_cards == lost


# -- the event deck, refusals, names ------------------------------------------------------------------

def test_each_event_happens_once() -> None:
    start = position({}, event_deck=["fog", "riots"])
    done = resolve(start, "fog", FOG)
    assert done.state.event_deck == ["riots"]
    with pytest.raises(RuleViolation) as caught:
        resolve(done.state, "fog", [])
    assert caught.value.rule == "event.used"


def test_no_event_after_the_game_ended() -> None:
    # Riots ended it: eight markers, blue's eight minions ahead on points, the Riots card drawn.
    start = position(with_trouble(8), event_deck=[e for e in EVENT_IDS if e != "riots"],
                     game_over={"reason": "riots", "winners": ["blue"]})
    with pytest.raises(RuleViolation) as caught:
        resolve(start, "fog", [])
    assert caught.value.rule == "game.over"


def test_unknown_event_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        resolve(position({}), "meteor", [])
    assert caught.value.rule == "event.unknown" and isinstance(caught.value, ValueError)


def test_every_catalog_event_has_a_procedure() -> None:
    assert sorted(PROCEDURES) == sorted(EVENT_IDS)


@pytest.mark.parametrize("language, event, name", [
    ("de", "fire", "Feuer"), ("de", "bloody-stupid-johnson", "Absolut Bekloppter Johnson"),
    ("de", "subsidence", "Erdrutsch"), ("pl", "the-dragon", "Smok"), ("pl", "subsidence", "Zapadlisko"),
    ("pl", "demons-from-the-dungeon-dimensions", "Demony z Piekielnych Wymiarów"),
    ("it", "flood", "Flood"), ("en", "mysterious-murders", "Mysterious Murders"),
])
def test_event_names_from_the_rulebooks(language: str, event: str, name: str) -> None:
    assert display_name("event", event, language) == name


def test_every_event_is_named_in_all_four_languages() -> None:
    for event in EVENTS:
        assert set(event.names) == {"en", "de", "pl", "it"}, event.id


def test_johnson_narration_names_the_card_once_and_says_when_no_minion_goes() -> None:
    # "the The Hippo City Area card" read badly; and a silent log left the table wondering
    # whether the owner still had to remove a minion somewhere.
    start = position({"the-hippo": {"building": "red", "minions": {"blue": 1}}})
    done = resolve(start, "bloody-stupid-johnson", [6])
    texts = [n.text for n in done.narration]
    assert not any("the The" in t for t in texts), texts
    assert "red loses the City Area card for The Hippo for the rest of the game" in texts
    assert done.narration[-1].key == "event.johnson.no-minion"
    assert done.narration[-1].text == "red has no minion in The Hippo to remove"
    nothing = resolve(position({}), "bloody-stupid-johnson", [6])
    assert nothing.narration[-1].text == "the City Area card for The Hippo is not in play"


def test_johnsons_building_still_counts_for_control_net_worth_and_points() -> None:
    # Rulebook, Random events, Bloody Stupid Johnson: "The building still counts towards control of
    # the area and retains its monetary value at the end of the game." Red has The Hippo ($12) and
    # two minions there, blue one: Johnson takes red's card and one red minion, and red's building
    # and last minion still outnumber blue's one.
    start = position({"the-hippo": {"building": "red", "minions": {"red": 2, "blue": 1}}},
                     players=[{"color": "red", "money": 0, "personality": "chrysoprase"},
                              {"color": "blue", "money": 0}, {"color": "green", "money": 0}])
    done = resolve(start, "bloody-stupid-johnson", [6])
    state = done.state
    assert state.lost_area_cards == ["the-hippo"] and state.areas["the-hippo"].minions == {"red": 1, "blue": 1}
    assert scoring.controller(state, "the-hippo") == "red"  # building + minion against one blue minion
    assert scoring.net_worth(state, "red") == 12  # its monetary value, card or no card
    line = scoring.final_score(state).breakdown["red"]
    assert (line.buildings, line.building_points, line.minion_points) == (1, 12, 5)
    assert line.tie_break_value == 0  # the card itself is "no longer in the game"
