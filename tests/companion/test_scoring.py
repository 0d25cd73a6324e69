"""Control, the personalities' conditions and the final score, from the rulebooks' texts."""
from __future__ import annotations

from typing import Any

import pytest

from companion.morpork import scoring
from companion.morpork.board import AREA_IDS
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json

FOUR = [{"color": "red"}, {"color": "yellow"}, {"color": "green"}, {"color": "blue"}]


def position(areas: dict[str, Any], players: list[dict[str, Any]] | None = None, **extra: Any) -> State:
    doc: dict[str, Any] = {"players": players or [{"color": "red"}, {"color": "yellow"}], "areas": areas}
    doc.update(extra)
    return state_from_json(doc)


def control_example() -> State:
    """The rulebook's control example, four players."""
    return position({
        "seven-sleepers": {"minions": {"green": 1, "yellow": 1}, "building": "green"},
        "nap-hill": {"minions": {"yellow": 2, "red": 1}, "trouble": True},
        "dolly-sisters": {"minions": {"red": 2}, "demons": 1, "trouble": True},
        "unreal-estate": {"minions": {"blue": 1}, "trolls": 1},
        "dragons-landing": {"minions": {"yellow": 1, "green": 1}},
    }, players=FOUR)


def test_rulebook_control_example() -> None:
    state = control_example()
    assert scoring.controller(state, "seven-sleepers") == "green"
    assert scoring.controller(state, "nap-hill") == "yellow"  # trouble does not matter
    assert scoring.controller(state, "dolly-sisters") is None  # a demon is there
    assert scoring.controller(state, "unreal-estate") is None  # one troll ties blue's one piece
    assert scoring.controller(state, "dragons-landing") is None  # tie
    state.areas["unreal-estate"].building = "blue"  # "if blue had another piece there … he would control"
    state.recount()  # edited by hand, not through companion.morpork.pieces
    assert scoring.controller(state, "unreal-estate") == "blue"
    assert scoring.controlled_areas(state, "yellow") == ["nap-hill"]


def test_empty_area_has_no_controller() -> None:
    state = position({})
    assert all(scoring.controller(state, a) is None for a in AREA_IDS)


def test_building_counts_as_a_piece() -> None:
    state = position({"longwall": {"minions": {"yellow": 1}, "building": "red"}})
    assert scoring.controller(state, "longwall") is None
    state.areas["longwall"].minions["red"] = 1
    state.recount()
    assert scoring.controller(state, "longwall") == "red"


def test_infiltration_skips_demon_areas() -> None:
    state = position({"longwall": {"minions": {"red": 1}}, "dimwell": {"minions": {"red": 3}, "demons": 1},
                      "nap-hill": {"building": "red"}})
    assert scoring.infiltrated(state, "red") == ["longwall"]


def _spread(color: str, areas: int, demon_in: str | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = {a: {"minions": {color: 1}} for a in AREA_IDS[:areas]}
    if demon_in:
        doc[demon_in]["demons"] = 1
    return doc


@pytest.mark.parametrize("count,needed", [(2, 11), (3, 10), (4, 9)])
def test_vetinari_thresholds(count: int, needed: int) -> None:
    players = [dict(p) for p in FOUR[:count]]
    players[0]["personality"] = "vetinari"
    assert scoring.wins_now(position(_spread("red", needed), players), "red")
    assert not scoring.wins_now(position(_spread("red", needed - 1), players), "red")
    assert not scoring.wins_now(position(_spread("red", needed, demon_in=AREA_IDS[0]), players), "red")


@pytest.mark.parametrize("count,needed", [(2, 7), (3, 5), (4, 4)])
@pytest.mark.parametrize("lord", ["selachii", "rust", "de-worde"])
def test_lords_thresholds(count: int, needed: int, lord: str) -> None:
    players = [dict(p) for p in FOUR[:count]]
    players[1]["personality"] = lord
    assert scoring.condition_holds(position(_spread("yellow", needed), players), "yellow")
    assert not scoring.condition_holds(position(_spread("yellow", needed - 1), players), "yellow")
    assert scoring.winner_at_turn_start(position(_spread("yellow", needed), players), "yellow") == "yellow"
    assert scoring.winner_at_turn_start(position(_spread("yellow", needed - 1), players), "yellow") is None


def test_dragon_king_needs_eight_trouble_markers() -> None:
    players = [{"color": "red", "personality": "dragon-king-of-arms"}, {"color": "yellow"}]
    seven = {a: {"trouble": True} for a in AREA_IDS[:7]}
    assert scoring.trouble_count(position(seven, players)) == 7
    assert not scoring.wins_now(position(seven, players), "red")
    eight = {a: {"trouble": True} for a in AREA_IDS[:8]}
    assert scoring.wins_now(position(eight, players), "red")


def test_chrysoprase_net_worth_with_loans_and_demons() -> None:
    players = [{"color": "red", "personality": "chrysoprase", "money": 26, "loans": ["mr-bent"]},
               {"color": "yellow"}, {"color": "green"}]
    areas = {"unreal-estate": {"building": "red"}, "small-gods": {"building": "red"}}
    state = position(areas, players)
    assert scoring.net_worth(state, "red") == 26 + 36 - 12 == 50
    assert scoring.wins_now(state, "red")
    state.areas["small-gods"].demons = 1  # ruling 12: worth $0 while the demon is there
    state.recount()
    assert scoring.net_worth(state, "red") == 32
    assert not scoring.wins_now(state, "red")


def test_vimes_and_unknown_never_win_now() -> None:
    state = position(_spread("red", 12), [{"color": "red", "personality": "vimes"}, {"color": "yellow"}])
    assert not scoring.wins_now(state, "red")
    assert not scoring.wins_now(state, "yellow")


# -- final score ---------------------------------------------------------------------------------

def test_points_minions_buildings_money() -> None:
    state = position({"nap-hill": {"minions": {"red": 2}, "building": "red"}, "longwall": {"minions": {"yellow": 1}}},
                     [{"color": "red", "money": 7}, {"color": "yellow", "money": 3}])
    score = scoring.final_score(state)
    assert score.points == {"red": 10 + 12 + 7, "yellow": 5 + 3}
    assert score.winners == ["red"]
    line = score.breakdown["red"]
    assert (line.minions, line.minion_points, line.buildings, line.building_points, line.money_points) == (2, 10, 1, 12, 7)


def test_demon_voids_points_in_its_area() -> None:
    state = position({"nap-hill": {"minions": {"red": 2}, "building": "red", "demons": 1},
                      "longwall": {"minions": {"red": 1}}},
                     [{"color": "red", "money": 0}, {"color": "yellow", "money": 0}])
    line = scoring.final_score(state).breakdown["red"]
    assert line.total == 5
    assert (line.voided_minions, line.voided_buildings, line.voided_points) == (2, 1, 10 + 12)
    doc = scoring.final_score(state).to_json()
    assert doc["breakdown"]["red"]["voided_points"] == 22 and doc["winners"] == ["red"]


def test_loans_repaid_while_possible_then_minus_fifteen() -> None:
    # There is one card of each loan, so red (both loans) and yellow (one) are two positions.
    state = position({}, [{"color": "red", "money": 30, "loans": ["mr-bent", "the-bank-of-ankh-morpork"]},
                          {"color": "yellow", "money": 11}])
    score = scoring.final_score(state)
    assert score.points["red"] == 30 - 24
    score = scoring.final_score(position({}, [{"color": "red", "money": 30},
                                              {"color": "yellow", "money": 11, "loans": ["mr-bent"]}]))
    assert score.points["yellow"] == 11 - 15
    assert score.breakdown["yellow"].loans_unpaid == 1 and score.breakdown["yellow"].loan_penalty == -15
    state.player("red").money = 20
    state.bank += 10
    line = scoring.final_score(state).breakdown["red"]
    assert (line.loans_repaid, line.loans_unpaid, line.money_points, line.total) == (1, 1, 8, 8 - 15)


def test_polish_buildings_score_twice() -> None:
    areas = {"nap-hill": {"minions": {"red": 1}, "building": "red"}}
    players = [{"color": "red", "money": 0}, {"color": "yellow", "money": 0}]
    assert scoring.final_score(position(areas, players)).points["red"] == 5 + 12
    assert scoring.final_score(position(areas, players, edition="pl")).points["red"] == 5 + 24
    assert scoring.final_score(position(areas, players, edition="de")).points["red"] == 5 + 12


def tie_position(edition: str) -> State:
    """Red and yellow tie. Red holds the Small Gods card ($18) but yellow controls Small Gods with two
    minions; yellow holds the Dimwell card ($6). Polish buildings score double, so yellow has more cash."""
    yellow_money = 14 if edition == "pl" else 2
    return position({
        "small-gods": {"building": "red", "minions": {"yellow": 2}},
        "dimwell": {"building": "yellow"},
    }, [{"color": "red", "money": 0}, {"color": "yellow", "money": yellow_money}, {"color": "green", "money": 0}],
        edition=edition)


@pytest.mark.parametrize("edition", ["en", "pl", "it"])
def test_tie_break_by_card_held_english_polish_italian(edition: str) -> None:
    score = scoring.final_score(tie_position(edition))
    assert score.points["red"] == score.points["yellow"] == (36 if edition == "pl" else 18)
    assert score.tie_break == "card"
    assert score.winners == ["red"]


def test_tie_break_by_area_controlled_german() -> None:
    score = scoring.final_score(tie_position("de"))
    assert score.points["red"] == score.points["yellow"] == 18
    assert score.tie_break == "control"
    assert score.winners == ["yellow"]  # yellow controls Small Gods ($18); red controls nothing


def test_tie_break_ignores_a_card_lost_to_bloody_stupid_johnson() -> None:
    state = tie_position("en")
    state.lost_area_cards.append("small-gods")
    assert scoring.final_score(state).winners == ["yellow"]


def test_shared_win_when_the_tie_break_ties() -> None:
    state = position({}, [{"color": "red", "money": 9}, {"color": "yellow", "money": 9}, {"color": "green", "money": 2}])
    assert scoring.final_score(state).winners == ["red", "yellow"]
