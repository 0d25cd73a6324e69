"""The basic actions, with the English rulebook's worked examples rebuilt as positions."""
from __future__ import annotations

from typing import Any

import pytest

from companion.morpork import actions
from companion.morpork.actions import (
    Assassinate,
    Build,
    EndTurn,
    PlaceMinion,
    RemoveTrouble,
    TakeMoney,
    UseAreaPower,
    apply_action,
)
from companion.morpork.board import AREA_IDS
from companion.core.errors import RuleViolation
from companion.morpork.scoring import controller
from companion.morpork.setup import new_state
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json


def position(areas: dict[str, Any], players: list[dict[str, Any]] | None = None, **extra: Any) -> State:
    """A hand-written position, as a user would save it."""
    doc: dict[str, Any] = {"players": players or [{"color": "red"}, {"color": "yellow"}], "areas": areas}
    doc.update(extra)
    return state_from_json(doc)


def rejected(state: State, rule: str, fn: Any, *args: Any, **kwargs: Any) -> None:
    """``fn`` must raise RuleViolation(rule) and leave ``state`` exactly as it was."""
    before = state.copy()
    with pytest.raises(RuleViolation) as info:
        fn(state, *args, **kwargs)
    assert info.value.rule == rule, str(info.value)
    assert state == before


# -- place a minion ------------------------------------------------------------------------------

def test_rulebook_example_placing_a_minion_from_dolly_sisters() -> None:
    """Red's only minion is in Dolly Sisters: the arrows point to Dolly Sisters itself, Unreal
    Estate, Dragon's Landing and, across the bridge, Nap Hill."""
    state = position({"dolly-sisters": {"minions": {"red": 1}}, "the-shades": {"minions": {"yellow": 1}}})
    assert set(actions.minion_placement_areas(state, "red")) == {
        "dolly-sisters", "unreal-estate", "dragons-landing", "nap-hill"}
    actions.place_minion(state, "red", "nap-hill")
    assert state.areas["nap-hill"].minions == {"red": 1}
    assert not state.areas["nap-hill"].trouble
    rejected(state, "place.adjacency", actions.place_minion, "red", "the-shades")


def test_rulebook_example_trouble_marker_in_dimwell() -> None:
    """A minion placed where a minion already is brings a trouble marker."""
    state = position({"the-shades": {"minions": {"red": 1}}, "dimwell": {"minions": {"yellow": 1}}})
    actions.place_minion(state, "red", "dimwell")
    assert state.areas["dimwell"].minions == {"yellow": 1, "red": 1}
    assert state.areas["dimwell"].trouble
    assert state.trouble_on_board() == 1


def test_trouble_even_with_only_own_minions_and_only_one_marker() -> None:
    # FAQ: placing next to your own minion still causes trouble; an area holds one marker at most.
    state = position({"dimwell": {"minions": {"red": 1}}})
    actions.place_minion(state, "red", "dimwell")
    assert state.areas["dimwell"].trouble
    actions.place_minion(state, "red", "dimwell")
    assert state.trouble_on_board() == 1


def test_trolls_and_demons_count_for_trouble() -> None:
    state = position({"dimwell": {"minions": {"red": 1}}, "longwall": {"trolls": 1}, "the-shades": {"demons": 1}})
    actions.place_minion(state, "red", "longwall")
    actions.place_minion(state, "red", "the-shades")
    assert state.areas["longwall"].trouble and state.areas["the-shades"].trouble


def test_building_alone_does_not_cause_trouble() -> None:
    state = position({"dimwell": {"minions": {"red": 1}}, "longwall": {"building": "yellow"}})
    actions.place_minion(state, "red", "longwall")
    assert not state.areas["longwall"].trouble


def test_no_minion_on_the_board_places_anywhere() -> None:
    state = position({"dimwell": {"minions": {"yellow": 1}}})
    assert actions.minion_placement_areas(state, "red") == list(AREA_IDS)
    actions.place_minion(state, "red", "nap-hill")
    assert state.areas["nap-hill"].minions == {"red": 1}


def test_anywhere_and_no_trouble_for_cards_that_say_so() -> None:
    state = position({"dimwell": {"minions": {"red": 1}}, "nap-hill": {"minions": {"yellow": 1}}})
    actions.place_minion(state, "red", "nap-hill", anywhere=True, trouble=False)
    assert state.areas["nap-hill"].minions == {"yellow": 1, "red": 1}
    assert not state.areas["nap-hill"].trouble


def test_all_twelve_on_the_board_means_moving_one() -> None:
    state = position({"dimwell": {"minions": {"red": 11}, "trouble": True}, "longwall": {"minions": {"red": 1}}})
    assert actions.must_move_minion(state, "red")
    rejected(state, "place.move-required", actions.place_minion, "red", "the-shades")
    rejected(state, "place.move-source", actions.place_minion, "red", "the-shades", from_area="nap-hill")
    rejected(state, "place.move-same-area", actions.place_minion, "red", "dimwell", from_area="dimwell")
    # Moving the only Longwall minion: adjacency is judged once it has left.
    assert "isle-of-gods" not in actions.minion_placement_areas(state, "red", from_area="longwall")
    rejected(state, "place.adjacency", actions.place_minion, "red", "isle-of-gods", from_area="longwall")
    # A minion leaving Dimwell takes Dimwell's trouble marker with it, even though ten remain.
    actions.place_minion(state, "red", "the-shades", from_area="dimwell")
    assert state.areas["dimwell"].minions == {"red": 10} and not state.areas["dimwell"].trouble
    assert state.areas["the-shades"].minions == {"red": 1}
    assert state.minions_on_board("red") == 12


def test_a_moved_minion_brings_trouble_where_a_minion_already_is() -> None:
    """EN "Trouble markers": "Whenever a minion is placed or moved into an area that already has
    one or more minions in it then you must place a trouble marker in that area"; with all twelve
    out the minion is removed "and then placed" ("Place a minion"), so the area it leaves loses its
    marker ("As soon as a minion is moved or removed from an area, any trouble marker in the area is
    also removed (even if there are two or more minions remaining)")."""
    state = position({"dimwell": {"minions": {"red": 11}, "trouble": True},
                      "the-shades": {"minions": {"red": 1}},
                      "longwall": {"minions": {"yellow": 1}}})
    actions.place_minion(state, "red", "longwall", from_area="dimwell")
    assert state.areas["longwall"].minions == {"yellow": 1, "red": 1} and state.areas["longwall"].trouble
    assert state.areas["dimwell"].minions == {"red": 10} and not state.areas["dimwell"].trouble
    assert state.trouble_on_board() == 1


def test_from_area_refused_while_minions_remain_in_supply() -> None:
    state = position({"dimwell": {"minions": {"red": 2}}})
    rejected(state, "place.from-supply", actions.place_minion, "red", "the-shades", from_area="dimwell")


def test_unknown_area_and_player() -> None:
    state = new_state(["red", "yellow"])
    rejected(state, "area.unknown", actions.place_minion, "red", "atlantis")
    rejected(state, "player.unknown", actions.place_minion, "green", "the-shades")


# -- build ---------------------------------------------------------------------------------------

def nap_hill_example() -> State:
    """The building example: red has minions in Dolly Sisters (trouble), Seven Sleepers (green
    building) and Nap Hill (where yellow has more minions); none in Unreal Estate or Dragon's Landing."""
    return position(
        {
            "dolly-sisters": {"minions": {"red": 1}, "trouble": True},
            "seven-sleepers": {"minions": {"red": 1, "green": 1}, "building": "green"},
            "nap-hill": {"minions": {"red": 1, "yellow": 2}, "trouble": False},
            "unreal-estate": {"minions": {"yellow": 1}},
            "dragons-landing": {"minions": {"green": 1}},
        },
        players=[{"color": "red", "money": 20}, {"color": "yellow"}, {"color": "green"}],
    )


def test_rulebook_example_building_in_nap_hill() -> None:
    state = nap_hill_example()
    assert actions.buildable_areas(state, "red") == ["nap-hill"]
    rejected(state, "build.trouble", actions.build, "red", "dolly-sisters")
    rejected(state, "build.occupied", actions.build, "red", "seven-sleepers")
    rejected(state, "build.minion", actions.build, "red", "unreal-estate")
    rejected(state, "build.minion", actions.build, "red", "dragons-landing")
    bank = state.bank
    actions.build(state, "red", "nap-hill")
    assert state.areas["nap-hill"].building == "red"
    assert state.player("red").money == 8 and state.bank == bank + 12
    assert state.area_cards_held("red") == ["nap-hill"]
    assert not state.areas["nap-hill"].trouble  # building causes no trouble


def test_build_needs_the_money() -> None:
    state = nap_hill_example()
    state.player("red").money = 11
    state.bank += 9
    assert actions.buildable_areas(state, "red") == []
    rejected(state, "build.money", actions.build, "red", "nap-hill")
    assert actions.buildable_areas(state, "red", cost=0) == ["nap-hill"]
    actions.build(state, "red", "nap-hill", cost=0)
    assert state.player("red").money == 11


def test_sixth_building_out_means_moving_one() -> None:
    areas: dict[str, Any] = {a: {"building": "red"} for a in AREA_IDS[:6]}
    areas["nap-hill"] = {"minions": {"red": 1}}
    state = position(areas, players=[{"color": "red", "money": 20}, {"color": "yellow"}])
    rejected(state, "build.move-required", actions.build, "red", "nap-hill")
    rejected(state, "build.move-source", actions.build, "red", "nap-hill", from_area="longwall")
    actions.build(state, "red", "nap-hill", from_area="dolly-sisters")
    assert state.areas["dolly-sisters"].building is None
    assert state.area_card_holder("dolly-sisters") is None
    assert state.areas["nap-hill"].building == "red" and state.buildings_on_board("red") == 6


def test_a_moved_building_pays_the_new_area_s_cost_and_takes_its_card() -> None:
    """EN "Place a building": "If you already have six buildings on the board then you can choose
    one to remove and place in the area you wish to build in", and placing it is still building:
    "The cost of placing the building is shown in the area ... You pay this amount of money to the
    bank. You then take the matching City Area card" (IT says it outright: "pagando sempre il
    dovuto"); the card of the area left goes back ("Make sure you return the City Area card for the
    area that you remove your building from"). Without the money nothing moves."""
    areas: dict[str, Any] = {a: {"building": "red"} for a in AREA_IDS[:6]}
    areas["nap-hill"] = {"minions": {"red": 1}}
    state = position(areas, players=[{"color": "red", "money": 11}, {"color": "yellow"}])
    rejected(state, "build.money", actions.build, "red", "nap-hill", from_area="dolly-sisters")
    state.player("red").money = 20
    state.bank -= 9
    bank = state.bank
    actions.build(state, "red", "nap-hill", from_area="dolly-sisters")
    assert state.player("red").money == 8 and state.bank == bank + 12
    assert state.area_card_holder("nap-hill") == "red" and state.area_card_holder("dolly-sisters") is None
    assert "nap-hill" in state.turn.cards_gained  # "you cannot use the ability ... in the same turn"


# -- assassinate, remove trouble, take money -----------------------------------------------------

def test_assassination() -> None:
    state = position({
        "dimwell": {"minions": {"red": 1, "yellow": 2}, "trolls": 1, "demons": 1, "trouble": True},
        "longwall": {"minions": {"yellow": 1, "red": 1}},
        "the-shades": {"minions": {"yellow": 1}, "trouble": True},
    })
    assert set(actions.assassination_targets(state, "red")) == {
        ("dimwell", "yellow"), ("dimwell", "troll"), ("dimwell", "demon"), ("the-shades", "yellow")}
    rejected(state, "assassinate.own", actions.assassinate, "red", "dimwell", "red")
    rejected(state, "assassinate.trouble", actions.assassinate, "red", "longwall", "yellow")
    rejected(state, "assassinate.piece", actions.assassinate, "red", "dimwell", "green")
    rejected(state, "assassinate.absent", actions.assassinate, "red", "the-shades", "troll")
    actions.assassinate(state, "red", "dimwell", "troll")
    assert state.areas["dimwell"].trolls == 0 and not state.areas["dimwell"].trouble
    assert actions.assassination_targets(state, "red") == [("the-shades", "yellow")]


def test_assassinating_one_of_two_demons_takes_the_marker_though_one_stays() -> None:
    """EN "Trouble markers": "Trolls and demons are regarded as being minions and so will affect
    trouble in the same way", and "As soon as a minion is moved or removed from an area, any trouble
    marker in the area is also removed (even if there are two or more minions remaining)";
    "Assassination": "Remember that this will also remove the trouble marker from the area". With
    the marker gone, nothing more can be assassinated there."""
    state = position({"dimwell": {"minions": {"yellow": 1}, "demons": 2, "trouble": True}})
    actions.assassinate(state, "red", "dimwell", "demon")
    assert state.areas["dimwell"].demons == 1 and state.areas["dimwell"].minions == {"yellow": 1}
    assert not state.areas["dimwell"].trouble
    assert actions.assassination_targets(state, "red") == []
    rejected(state, "assassinate.trouble", actions.assassinate, "red", "dimwell", "demon")


def test_remove_trouble_marker() -> None:
    state = new_state(["red", "yellow"])
    assert actions.trouble_marker_areas(state) == ["dolly-sisters", "the-scours", "the-shades"]
    actions.remove_trouble_marker(state, "the-scours")
    assert actions.trouble_marker_areas(state) == ["dolly-sisters", "the-shades"]
    rejected(state, "trouble.absent", actions.remove_trouble_marker, "the-scours")


def test_the_bank_pays_only_what_it_holds() -> None:
    state = position({}, players=[{"color": "red", "money": 60}, {"color": "yellow", "money": 57}])
    assert state.bank == 3
    assert actions.take_money(state, "red", 2) == 2
    assert actions.take_money(state, "red", 5) == 1
    assert actions.take_money(state, "yellow", 5) == 0  # DE: nobody takes from an empty bank
    assert state.bank == 0 and state.player("red").money == 63
    rejected(state, "money.amount", actions.take_money, "red", -1)


# -- City Area powers ----------------------------------------------------------------------------

def powers_position(**extra: Any) -> State:
    areas = {a: {"building": "red"} for a in
             ("dolly-sisters", "unreal-estate", "dragons-landing", "small-gods", "the-scours", "the-hippo")}
    areas.update({a: {"building": "yellow"} for a in
                  ("the-shades", "dimwell", "longwall", "isle-of-gods", "seven-sleepers", "nap-hill")})
    areas["the-hippo"]["minions"] = {"yellow": 1}
    areas["the-shades"]["minions"] = {"yellow": 1}
    areas["the-scours"]["trouble"] = True
    extra.setdefault("draw_pile", 30)
    return position(areas, players=[{"color": "red", "money": 10}, {"color": "yellow", "money": 10}], **extra)


def test_usable_powers_in_and_out_of_turn() -> None:
    state = powers_position()
    assert actions.usable_area_powers(state, "red") == [
        "dolly-sisters", "unreal-estate", "dragons-landing", "small-gods", "the-scours", "the-hippo"]
    # Yellow is not the active player: only Small Gods would work out of turn, and yellow lacks it.
    assert actions.usable_area_powers(state, "yellow") == []
    assert actions.usable_area_powers(state, "red", during_own_turn=False) == ["small-gods"]
    assert actions.can_use_small_gods(state, "red") and not actions.can_use_small_gods(state, "yellow")
    rejected(state, "power.reactive", actions.use_area_power, "red", "small-gods")
    rejected(state, "power.unusable", actions.use_area_power, "yellow", "seven-sleepers")
    rejected(state, "power.unusable", actions.use_area_power, "red", "seven-sleepers")


@pytest.mark.parametrize("area,amount", [("dragons-landing", 2), ("the-hippo", 2)])
def test_money_powers_once_per_turn(area: str, amount: int) -> None:
    state = powers_position()
    actions.use_area_power(state, "red", area)
    assert state.player("red").money == 10 + amount
    assert state.turn.powers_used == [area]
    assert area not in actions.usable_area_powers(state, "red")
    rejected(state, "power.unusable", actions.use_area_power, "red", area)


def test_every_money_power_for_its_holder() -> None:
    state = powers_position(active_player="yellow")
    for area, amount in (("longwall", 1), ("nap-hill", 1), ("seven-sleepers", 3)):
        before = state.player("yellow").money
        actions.use_area_power(state, "yellow", area)
        assert state.player("yellow").money == before + amount


def test_power_not_on_the_turn_the_card_was_gained() -> None:
    state = position({"nap-hill": {"minions": {"red": 1}}}, players=[{"color": "red", "money": 12}, {"color": "yellow"}],
                     draw_pile=30)
    actions.build(state, "red", "nap-hill")
    assert actions.usable_area_powers(state, "red") == []
    rejected(state, "power.unusable", actions.use_area_power, "red", "nap-hill")
    state = apply_action(apply_action(state, EndTurn()), EndTurn())
    assert state.active_player == "red" and actions.usable_area_powers(state, "red") == ["nap-hill"]


def test_power_off_while_a_demon_is_there_and_when_lost() -> None:
    state = powers_position(lost_area_cards=["the-hippo"])
    state.areas["dragons-landing"].demons = 1
    state.recount()
    usable = actions.usable_area_powers(state, "red")
    assert "dragons-landing" not in usable and "the-hippo" not in usable
    rejected(state, "power.unusable", actions.use_area_power, "red", "dragons-landing")
    rejected(state, "power.unusable", actions.use_area_power, "red", "the-hippo")
    state.areas["small-gods"].demons = 1
    state.recount()
    assert not actions.can_use_small_gods(state, "red")


def test_dolly_sisters_power_places_a_minion_for_three() -> None:
    state = powers_position()
    rejected(state, "power.target", actions.use_area_power, "red", "dolly-sisters")
    rejected(state, "power.target", actions.use_area_power, "red", "dolly-sisters", target="the-shades")
    actions.use_area_power(state, "red", "dolly-sisters", target="nap-hill")
    assert state.areas["nap-hill"].minions == {"red": 1} and state.player("red").money == 7


def test_dimwell_power_with_trouble() -> None:
    state = powers_position(active_player="yellow")
    actions.use_area_power(state, "yellow", "dimwell", target="the-shades")
    assert state.areas["the-shades"].minions == {"yellow": 2} and state.areas["the-shades"].trouble
    assert state.player("yellow").money == 7


def test_isle_of_gods_removes_a_marker_for_two() -> None:
    state = powers_position(active_player="yellow")
    rejected(state, "power.target", actions.use_area_power, "yellow", "isle-of-gods", target="dimwell")
    actions.use_area_power(state, "yellow", "isle-of-gods", target="the-scours")
    assert state.trouble_on_board() == 0 and state.player("yellow").money == 8


def test_the_shades_puts_trouble_next_to_a_minion() -> None:
    state = powers_position(active_player="yellow")
    # The Hippo (adjacent) has a minion; The Scours already has a marker; Dimwell has no minion.
    rejected(state, "power.target", actions.use_area_power, "yellow", "the-shades", target="dimwell")
    rejected(state, "power.target", actions.use_area_power, "yellow", "the-shades", target="the-scours")
    rejected(state, "power.target", actions.use_area_power, "yellow", "the-shades", target="longwall")
    actions.use_area_power(state, "yellow", "the-shades", target="the-hippo")
    assert state.areas["the-hippo"].trouble


def test_unreal_estate_and_the_scours_cycle_cards() -> None:
    state = powers_position()
    actions.use_area_power(state, "red", "unreal-estate")
    assert state.player("red").hand == 5 and state.draw_pile == 29
    actions.use_area_power(state, "red", "the-scours", target="mr-boggis")
    assert state.player("red").hand == 4 and state.player("red").money == 12
    assert state.discard_pile == ["mr-boggis"]


def test_the_scours_cannot_discard_a_stuck_card() -> None:
    state = powers_position()
    state.player("red").hand = 1
    state.player("red").stuck_cards = ["the-fools-guild"]
    assert "the-scours" not in actions.usable_area_powers(state, "red")
    rejected(state, "power.unusable", actions.use_area_power, "red", "the-scours")


# -- end of turn ---------------------------------------------------------------------------------

def test_end_turn_refills_to_five_and_passes() -> None:
    state = new_state(["red", "yellow", "green"])
    state.player("red").hand = 2
    state.turn.powers_used.append("the-hippo")
    pile = state.draw_pile
    actions.end_turn(state)
    assert state.player("red").hand == 5 and state.draw_pile == pile - 3
    assert state.active_player == "yellow" and state.turn.number == 2 and state.turn.powers_used == []


def test_end_turn_never_discards_down() -> None:
    state = new_state(["red", "yellow"])
    state.player("red").hand = 7
    pile = state.draw_pile
    actions.end_turn(state)
    assert state.player("red").hand == 7 and state.draw_pile == pile


def test_game_ends_when_the_last_card_is_drawn_points() -> None:
    state = position({"dimwell": {"minions": {"yellow": 1}}}, draw_pile=2,
                     players=[{"color": "red", "hand": 3}, {"color": "yellow"}])
    actions.end_turn(state)
    assert state.draw_pile == 0 and state.player("red").hand == 5
    assert state.game_over is not None and state.game_over.reason == "draw-pile"
    assert state.game_over.winners == ["yellow"]
    assert state.active_player == "red"
    rejected(state, "game.over", actions.end_turn)


def test_game_ends_when_the_last_card_is_drawn_vimes() -> None:
    state = position({"dimwell": {"minions": {"yellow": 1}}}, draw_pile=1,
                     players=[{"color": "red", "hand": 3, "personality": "vimes"}, {"color": "yellow"}])
    actions.end_turn(state)
    assert state.game_over is not None
    assert state.game_over.winners == ["red"] and state.game_over.personality == "vimes"


def test_unreal_estate_drawing_the_last_card_ends_the_game() -> None:
    state = powers_position(draw_pile=1)
    actions.use_area_power(state, "red", "unreal-estate")
    assert state.game_over is not None and state.game_over.reason == "draw-pile"


# -- apply_action --------------------------------------------------------------------------------

def test_apply_action_returns_a_new_state_and_keeps_the_old() -> None:
    state = new_state(["red", "yellow"])
    before = state.copy()
    after = apply_action(state, PlaceMinion("red", "the-hippo"))
    assert state == before and after != before
    after = apply_action(after, TakeMoney("red", 3))
    after = apply_action(after, RemoveTrouble("the-shades"))
    after = apply_action(after, Assassinate("red", "the-scours", "yellow"))
    after = apply_action(after, Build("red", "the-shades", cost=6))
    assert after.areas["the-shades"].building == "red" and after.player("red").money == 7
    assert after.areas["the-scours"].minions == {"red": 1}
    after = apply_action(after, EndTurn())
    assert after.active_player == "yellow"
    with pytest.raises(RuleViolation):
        apply_action(after, UseAreaPower("red", "the-shades"))


def test_apply_action_rejection_changes_nothing() -> None:
    state = new_state(["red", "yellow"])
    before = state.copy()
    for action in (PlaceMinion("red", "longwall"), Build("red", "the-shades"), Assassinate("red", "the-hippo", "yellow"),
                   RemoveTrouble("nap-hill"), TakeMoney("red", -5), UseAreaPower("red", "dimwell")):
        with pytest.raises(RuleViolation):
            apply_action(state, action)
        assert state == before


# -- the control example, played on ---------------------------------------------------------------

def test_rulebook_control_example_another_blue_piece_takes_control() -> None:
    """"If blue had another piece there, either another minion or a building, then he or she would
    control" Unreal Estate, where one blue minion stands with one troll."""
    players = [{"color": "red"}, {"color": "yellow"}, {"color": "green"}, {"color": "blue", "money": 20}]
    start = position({
        "seven-sleepers": {"minions": {"green": 1, "yellow": 1}, "building": "green"},
        "nap-hill": {"minions": {"yellow": 2, "red": 1}, "trouble": True},
        "dolly-sisters": {"minions": {"red": 2}, "demons": 1, "trouble": True},
        "unreal-estate": {"minions": {"blue": 1}, "trolls": 1},
        "dragons-landing": {"minions": {"yellow": 1, "green": 1}},
    }, players=players)
    assert [controller(start, a) for a in ("seven-sleepers", "nap-hill", "dolly-sisters", "unreal-estate",
                                           "dragons-landing")] == ["green", "yellow", None, None, None]
    with_minion = apply_action(start, PlaceMinion("blue", "unreal-estate"))
    assert with_minion.areas["unreal-estate"].trouble  # a troll was there: trouble
    assert controller(with_minion, "unreal-estate") == "blue"
    with_building = apply_action(start, Build("blue", "unreal-estate"))
    assert with_building.player("blue").money == 2
    assert controller(with_building, "unreal-estate") == "blue"
    # Red cannot take Dolly Sisters back while the demon is there, whatever it adds.
    crowded = apply_action(start, PlaceMinion("red", "dolly-sisters"))
    assert controller(crowded, "dolly-sisters") is None


def test_no_power_is_offered_once_the_game_is_over() -> None:
    """The queries offer exactly what the actions accept: once the game has ended, ``use_area_power``
    refuses every power, so ``usable_area_powers`` must list none (nor Small Gods out of turn)."""
    state = powers_position(draw_pile=1)
    actions.use_area_power(state, "red", "unreal-estate")  # draws the last card: the game ends
    assert state.game_over is not None
    assert actions.usable_area_powers(state, "red") == []
    assert actions.usable_area_powers(state, "red", during_own_turn=False) == []
    assert not actions.can_use_small_gods(state, "red")
    rejected(state, "game.over", actions.use_area_power, "red", "the-hippo")


def test_perform_action_refuses_everything_once_the_game_is_over_like_apply_action() -> None:
    """``apply_action`` is a copy plus ``perform_action``: the two doors must refuse the same things."""
    state = position({"dimwell": {"minions": {"red": 1}}}, draw_pile=0,
                     game_over={"reason": "draw-pile", "winners": ["red"]})
    for action in (PlaceMinion("red", "dimwell"), TakeMoney("red", 1), RemoveTrouble("dimwell"),
                   Build("red", "dimwell")):
        with pytest.raises(RuleViolation) as info:
            apply_action(state, action)
        assert info.value.rule == "game.over"
        rejected(state, "game.over", actions.perform_action, action)


def test_refusals_name_why_each_other_area_is_not_legal() -> None:
    """The rulebook's building example: only Nap Hill is buildable; the others say why not."""
    from companion.morpork.actions import build_refusals, minion_placement_areas, minion_placement_refusals

    state = state_from_json({
        "players": [{"color": "red", "money": 12}, {"color": "yellow"}],
        "areas": {
            "dolly-sisters": {"minions": {"red": 1}, "trouble": True},
            "seven-sleepers": {"minions": {"red": 1}, "building": "yellow"},
            "nap-hill": {"minions": {"red": 1, "yellow": 2}},
            "dimwell": {"minions": {"red": 1}},
        },
    })
    refusals = build_refusals(state, "red")
    assert set(refusals) == set(AREA_IDS) - {"nap-hill", "dimwell"}
    assert refusals["dolly-sisters"].key == "build.trouble" and "trouble marker" in refusals["dolly-sisters"].text
    assert refusals["seven-sleepers"].key == "build.occupied" and "already has" in refusals["seven-sleepers"].text
    assert refusals["unreal-estate"].key == "build.minion" and "needs a minion" in refusals["unreal-estate"].text
    poor = state.copy()
    poor.player("red").money = 5
    money = build_refusals(poor, "red")["nap-hill"]
    assert money.key == "build.money" and dict(money.params) == {"area": "nap-hill", "color": "red", "price": "12",
                                                                  "money": "5"}
    assert "costs $12" in money.text
    placement = minion_placement_refusals(state, "red")
    assert set(placement) == set(AREA_IDS) - set(minion_placement_areas(state, "red"))
    assert placement and all(reason.key == "place.adjacency" and "next door" in reason.text
                             for reason in placement.values())


def test_a_refused_build_raises_the_rule_its_greyed_reason_names() -> None:
    """The greyed reason and the RuleViolation of the same rule share its id and its sentence."""
    from companion.morpork.actions import build, build_refusals

    state = state_from_json({"players": [{"color": "red"}, {"color": "yellow"}],
                             "areas": {"dolly-sisters": {"minions": {"red": 1}, "trouble": True}}})
    reason = build_refusals(state, "red")["dolly-sisters"]
    with pytest.raises(RuleViolation) as refused:
        build(state.copy(), "red", "dolly-sisters")
    assert (refused.value.rule, str(refused.value)) == (reason.key, reason.text)
