"""Rulebook audit: the situations of the English rulebook (``shared/rules/ankh-morpork-rules.en.txt``)
for the random events, the City Area cards and the end of the game that no other test takes from
the book. Each test names the rulebook line it rests on; ``shared/rules/README.md`` lists the edition
differences (an option of ``state.rules``, never a bug)."""
from __future__ import annotations

from typing import Any

import pytest

from companion.core.errors import RuleViolation
from companion.core.procedure import Outcome, run
from companion.morpork import actions, scoring
from companion.morpork.board import ADJACENT, AREA_IDS, BUILDINGS_PER_PLAYER
from companion.morpork.events import event_procedure
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json

FOUR = [{"color": "red"}, {"color": "yellow"}, {"color": "green"}, {"color": "blue"}]


def position(areas: dict[str, Any], players: list[dict[str, Any]] | None = None, **extra: Any) -> State:
    doc: dict[str, Any] = {"players": players or [{"color": "red"}, {"color": "blue"}], "areas": areas,
                           "draw_pile": 30, **extra}
    return state_from_json(doc)


def resolve(state: State, event: str, answers: list[Any], active: str | None = None) -> Outcome:
    return run(event_procedure, state, {"event": event, "active": active or state.active_player},
               [str(a) for a in answers])


def buildings(state: State) -> dict[str, str]:
    return {a: s.building for a, s in state.areas.items() if s.building}


# -- Random events: a lost building hands back its City Area card -------------------------------------

@pytest.mark.parametrize("event, rolls", [("explosion", [6]), ("earthquake", [6, 3]), ("the-dragon", [6]),
                                          ("fire", [6, 3])])
def test_a_building_lost_to_an_event_hands_back_its_city_area_card(event: str, rolls: list[int]) -> None:
    """en.txt l.329 ("If you lose a building then you must hand back the City Area card that goes
    with it") and l.161 ("If, for any reason, the building is removed later on then you must return
    the City Area card to the display"). Blue's building in The Hippo (6) goes: blue holds the card
    no more, its power is gone, the building is back in blue's supply, and the card is on display
    again, so red may build there and take it."""
    start = position({"the-hippo": {"building": "blue", "minions": {"red": 1}}},
                     players=[{"color": "red", "money": 20}, {"color": "blue", "money": 10}], active_player="blue")
    assert start.area_cards_held("blue") == ["the-hippo"]
    done = resolve(start, event, rolls)
    assert done.is_finished
    state = done.state
    assert state.areas["the-hippo"].building is None
    assert state.area_card_holder("the-hippo") is None and state.area_cards_held("blue") == []
    assert "the-hippo" not in actions.usable_area_powers(state, "blue")
    assert state.buildings_in_supply("blue") == BUILDINGS_PER_PLAYER
    assert scoring.final_score(state).breakdown["blue"].tie_break_value == 0
    if event != "the-dragon":  # the dragon took red's minion too
        actions.build(state, "red", "the-hippo")
        assert state.area_cards_held("red") == ["the-hippo"]


# -- Fire ---------------------------------------------------------------------------------------------

def test_fire_crosses_the_river_by_a_bridge_and_spreads_from_the_last_area_rolled() -> None:
    """en.txt l.77 ("Areas are adjacent if they share a common border or are connected by bridge")
    and l.341 ("If the next area rolled is adjacent to the previous area and there is a building in
    it then remove that building too ... until you roll an area that ... is not adjacent to the last
    area you rolled"). The Shades (7) and Dimwell (8) are joined by a bridge over the Ankh: the river
    does not stop the fire. Longwall (9) borders Dimwell but not The Shades: it burns, because it is
    next to the *last* area rolled. Dolly Sisters (1) is not next to Longwall: it is spared."""
    start = position({a: {"building": "red"} for a in ("the-shades", "dimwell", "longwall", "dolly-sisters")})
    done = resolve(start, "fire", [7, 8, 9, 1, 2])
    assert done.is_finished and done.answers_used == 4
    assert buildings(done.state) == {"dolly-sisters": "red"}


def test_fire_does_not_jump_to_an_area_next_to_the_first_fire_but_not_to_the_last() -> None:
    """en.txt l.341: adjacency is to "the previous area" rolled. Fire in The Shades (7), spreads to
    The Hippo (6); The Scours (5) borders both, Dimwell (8) borders The Shades only: rolling 8 after
    6 ends the fire and Dimwell's building stands."""
    start = position({a: {"building": "blue"} for a in ("the-shades", "the-hippo", "dimwell")})
    done = resolve(start, "fire", [7, 6, 8])
    assert done.is_finished and done.answers_used == 3
    assert buildings(done.state) == {"dimwell": "blue"}


# -- Flood --------------------------------------------------------------------------------------------

def test_flood_rolling_one_river_area_twice_floods_only_it() -> None:
    """en.txt l.337: "Roll the die twice to see which areas are affected by flood ... You cannot move
    your minion to another area affected by flood." The Shades (7) rolled twice is the only flooded
    area: red's minion may go to any of its neighbours, river areas included."""
    start = position({"the-shades": {"minions": {"red": 1}}})
    asked = resolve(start, "flood", [7, 7])
    q = asked.question
    assert q is not None and q.key == "event.flood.move" and q.player == "red"
    assert set(q.options) == set(ADJACENT["the-shades"]) == {"the-scours", "the-hippo", "dimwell"}
    done = resolve(start, "flood", [7, 7, "dimwell"])
    assert done.is_finished and done.state.areas["dimwell"].minions == {"red": 1}
    assert done.state.areas["the-shades"].minions == {}


def test_flood_each_player_in_turn_from_the_active_player_four_players() -> None:
    """en.txt l.337: "In player order, starting with the active player, each player must move their
    minions". Four players, green active, each with a minion in flooded Longwall (9): green, blue,
    red, yellow are asked in that order."""
    start = position({"longwall": {"minions": {c: 1 for c in ("red", "yellow", "green", "blue")}}},
                     players=[dict(p) for p in FOUR], active_player="green")
    answers: list[Any] = [9, 3]  # Dragon's Landing (3) is away from the river
    asked = []
    progress = resolve(start, "flood", answers)
    while not progress.is_finished:
        q = progress.question
        assert q is not None and q.key == "event.flood.move"
        asked.append(q.player)
        answers.append("dimwell")
        progress = resolve(start, "flood", answers)
    assert asked == ["green", "blue", "red", "yellow"]
    assert progress.state.areas["dimwell"].minions == {"red": 1, "yellow": 1, "green": 1, "blue": 1}


# -- Mysterious Murders -------------------------------------------------------------------------------

def test_murders_the_die_goes_round_to_the_left_once_for_every_player() -> None:
    """en.txt l.357: "You roll one die ... You then pass the die to the player to your left ...
    Repeat this procedure until all players have rolled the die once." Four players, yellow active:
    yellow, green, blue, red roll, once each, and no fifth roll is asked."""
    start = position({}, players=[dict(p) for p in FOUR], active_player="yellow")
    rollers = []
    answers: list[Any] = []
    progress = resolve(start, "mysterious-murders", answers)
    while not progress.is_finished:
        q = progress.question
        assert q is not None and q.kind == "roll"
        rollers.append(q.player)
        answers.append(3)  # Dragon's Landing, empty: nobody to murder
        progress = resolve(start, "mysterious-murders", answers)
    assert rollers == ["yellow", "green", "blue", "red"]


# -- Riots --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("markers", [8, 9, 12])
def test_riots_eight_or_more_markers_end_the_game_and_the_dragon_king_does_not_win_by_them(markers: int) -> None:
    """en.txt l.349 ("If there are eight or more trouble markers on the board then the game ends
    immediately. You now work out who has won by adding up points") and l.235; de.txt l.358 says it
    outright: "Die Siegbedingung von Kommandeur Mumm oder dem Drachenkönig der Wappen sind damit nicht
    erfüllt". Red is the Dragon King of Arms with $0 and no piece; blue's minions make every marker:
    blue wins on points, not red on his card."""
    areas = {a: {"trouble": True, "minions": {"blue": 1}} for a in AREA_IDS[:markers]}
    start = position(areas, players=[{"color": "red", "personality": "dragon-king-of-arms", "money": 0},
                                     {"color": "blue", "personality": "rust", "money": 0}])
    done = resolve(start, "riots", [])
    over = done.state.game_over
    assert over is not None and over.reason == "riots"
    assert over.winners == ["blue"] and over.personality is None


# -- Subsidence ---------------------------------------------------------------------------------------

def test_subsidence_charges_a_building_where_a_demon_is() -> None:
    """en.txt l.365: "All players must pay $2 for each building they have on the board." A demon makes
    a building worth $0 (l.361) but it is still on the board: red pays $4 for two buildings."""
    start = position({"the-hippo": {"building": "red", "demons": 1, "trouble": True},
                      "longwall": {"building": "red"}},
                     players=[{"color": "red", "money": 5}, {"color": "blue", "money": 0}])
    done = resolve(start, "subsidence", [])
    assert done.is_finished
    assert done.state.player("red").money == 1 and buildings(done.state) == {"the-hippo": "red", "longwall": "red"}


# -- City Area cards: once per turn ---------------------------------------------------------------------

def holder_position(area: str) -> State:
    """Red holds ``area``'s card (building and two minions there) with $20 and five cards, red to
    play; yellow has minions in The Hippo and The Scours, both with a trouble marker, and in
    Dimwell."""
    areas: dict[str, Any] = {area: {"building": "red", "minions": {"red": 2}}}
    for a in ("the-hippo", "the-scours", "dimwell"):
        areas.setdefault(a, {}).setdefault("minions", {})["yellow"] = 1
    areas["the-hippo"]["trouble"] = areas["the-scours"]["trouble"] = True
    doc = {"players": [{"color": "red", "money": 20, "hand": 5}, {"color": "yellow", "money": 10}],
           "areas": areas, "draw_pile": 30, "active_player": "red"}
    return state_from_json(doc)


@pytest.mark.parametrize("area, first, second", [
    ("dolly-sisters", "unreal-estate", "nap-hill"),
    ("dimwell", "longwall", "the-shades"),
    ("isle-of-gods", "the-hippo", "the-scours"),
    ("the-shades", "the-shades", "dimwell"),
    ("the-scours", "groat", "modo"),
    ("unreal-estate", "groat", "modo"),
])
def test_a_city_area_power_with_a_target_is_used_once_per_turn(area: str, first: str, second: str) -> None:
    """en.txt l.173-197: "Once per turn you can ..." (Dolly Sisters, Dimwell, The Scours, Isle of
    Gods, Unreal Estate; The Shades "at any point in your turn ... one trouble marker", which
    ``test_shades_ruling`` reads as once per turn in every edition). A second use in the same turn is
    refused though a legal target is left, and nothing changes; the next turn it works again."""
    state = holder_position(area)
    actions.use_area_power(state, "red", area, target=first)
    assert area not in actions.usable_area_powers(state, "red")
    before = state.copy()
    with pytest.raises(RuleViolation) as caught:
        actions.use_area_power(state, "red", area, target=second)
    assert caught.value.rule == "power.unusable"
    assert state == before
    actions.end_turn(state)  # yellow's turn
    actions.end_turn(state)  # red's next turn
    assert state.active_player == "red" and area in actions.usable_area_powers(state, "red")
    actions.use_area_power(state, "red", area, target=second)


# -- Control (the Lords, the German tie-break) ------------------------------------------------------

def test_control_against_several_trolls_counts_them_all_together() -> None:
    """en.txt l.243 ("You would also have to have more pieces there than the total number of trolls
    in the area") and l.373 ("treat them as belonging to 'another player'"). Two red minions against
    two trolls: nobody. A red building makes three pieces: red. Blue's single minion there does not
    add to the trolls' count."""
    state = position({"the-hippo": {"minions": {"red": 2, "blue": 1}, "trolls": 2}})
    assert scoring.controller(state, "the-hippo") is None
    state = position({"the-hippo": {"minions": {"red": 2, "blue": 1}, "trolls": 2, "building": "red"}})
    assert scoring.controller(state, "the-hippo") == "red"


def test_a_lone_building_controls_its_area() -> None:
    """en.txt l.243: "You control an area if you have more playing pieces in it than any single other
    player (a playing piece being a minion or a building)". Red's building alone in Longwall is one
    piece against none."""
    state = position({"longwall": {"building": "red"}})
    assert scoring.controller(state, "longwall") == "red"
    assert scoring.controlled_areas(state, "red") == ["longwall"]


def test_a_lord_counts_areas_held_by_buildings_alone() -> None:
    """en.txt l.243 (three players: "control five areas"). Yellow, Lord Rust, has buildings alone in
    four areas and a minion alone in a fifth: five areas, yellow wins at the start of the turn."""
    areas: dict[str, Any] = {a: {"building": "yellow"} for a in ("longwall", "nap-hill", "the-hippo", "dimwell")}
    areas["the-shades"] = {"minions": {"yellow": 1}}
    players = [{"color": "red"}, {"color": "yellow", "personality": "rust"}, {"color": "green"}]
    state = position(areas, players)
    assert len(scoring.controlled_areas(state, "yellow")) == 5
    assert scoring.winner_at_turn_start(state, "yellow") == "yellow"


# -- End of the game: points and the tie-break ---------------------------------------------------------

def test_the_tie_break_looks_only_at_the_tied_players_cards() -> None:
    """en.txt l.255: "In the case of a tie the tied player with the highest monetary value City Area
    card is the winner." Red (Nap Hill, $12, and $10) and yellow (Dimwell, $6, and $16) tie on 22
    points; green, behind on 18, holds the best card, Seven Sleepers ($18): red wins, green's card
    plays no part."""
    state = position({"nap-hill": {"building": "red"}, "dimwell": {"building": "yellow"},
                      "seven-sleepers": {"building": "green"}},
                     players=[{"color": "red", "money": 10}, {"color": "yellow", "money": 16},
                              {"color": "green", "money": 0}])
    score = scoring.final_score(state)
    assert score.points == {"red": 22, "yellow": 22, "green": 18}
    assert score.breakdown["green"].tie_break_value == 18
    assert score.winners == ["red"]


def test_polish_double_building_points_do_not_double_chrysoprases_net_worth() -> None:
    """README: the Polish edition doubles "points for a building at game end" only (pl.txt l.272);
    Chrysoprase's net worth is "your cash plus the monetary cost of each building" (en.txt l.251,
    pl.txt l.268 "wartość posiadanych budynków oraz gotówki"). Red has $20 and Seven Sleepers ($18):
    $38, not $56, so no win; at the end the building scores 36 points."""
    players = [{"color": "red", "personality": "chrysoprase", "money": 20}, {"color": "blue"}, {"color": "green"}]
    state = position({"seven-sleepers": {"building": "red"}}, players, edition="pl")
    assert scoring.net_worth(state, "red") == 38
    assert scoring.winner_at_turn_start(state, "red") is None
    assert scoring.final_score(state).breakdown["red"].building_points == 36


def test_a_loan_repaid_exactly_leaves_nothing_and_costs_no_penalty() -> None:
    """en.txt l.255: "If you have the Dent card or the Bank card then you must pay back the amount
    noted on the card" ($12, reference/cards.md) "If you cannot do so then you lose fifteen points".
    Red has exactly $12 and Mr Bent: repaid, 0 points from money, no penalty; blue with $11 cannot:
    11 - 15 = -4."""
    state = position({}, [{"color": "red", "money": 12, "loans": ["mr-bent"]},
                          {"color": "blue", "money": 11, "loans": ["the-bank-of-ankh-morpork"]}])
    score = scoring.final_score(state)
    assert score.points == {"red": 0, "blue": -4}
    assert score.winners == ["red"]


# -- Bloody Stupid Johnson and Small Gods ---------------------------------------------------------------

def test_johnson_taking_the_small_gods_card_leaves_no_small_gods_to_save_the_minion() -> None:
    """en.txt l.369: "If the City Area Card of the same number is in play then it is set to one side
    and is no longer in the game, i.e. the power on the card is not in effect. Also, the owner of the
    card must remove one minion from the same area as the card." Johnson rolls Small Gods (4), whose
    card red holds with $10: the card goes first, so red is not offered Small Gods for the minion."""
    start = position({"small-gods": {"building": "red", "minions": {"red": 2}, "trouble": True}},
                     players=[{"color": "red", "money": 10}, {"color": "blue"}])
    done = resolve(start, "bloody-stupid-johnson", [4])
    assert done.is_finished and done.answers_used == 1
    assert done.state.lost_area_cards == ["small-gods"]
    assert done.state.areas["small-gods"].minions == {"red": 1} and done.state.player("red").money == 10
    assert not actions.can_use_small_gods(done.state, "red")


def test_small_gods_stops_a_demon_for_three_dollars_whatever_the_holder_has_there() -> None:
    """en.txt FAQ l.273-275: "Can the Small Gods card protect you against demons? Yes. You can pay $3
    to stop a demon piece being placed in an area. The demon piece should be placed to one side".
    Red has a building and two minions in The Hippo: one payment of $3 sets the demon aside.
    (de.txt l.227 reads differently: "Dazu musst du für jede deiner Figuren in dem Bezirk 3 $
    zahlen" — $3 for each of one's pieces in the area, $9 here; the rules README does not list this
    difference and the engine follows the English book.)"""
    start = position({"small-gods": {"building": "red"},
                      "the-hippo": {"building": "red", "minions": {"red": 2}, "trouble": True}},
                     players=[{"color": "red", "money": 10}, {"color": "blue"}])
    done = resolve(start, "demons-from-the-dungeon-dimensions", [6, "pay", 3, 3, 3])
    assert done.is_finished
    assert done.state.areas["the-hippo"].demons == 0 and done.state.player("red").money == 7
    assert done.state.areas["dragons-landing"].demons == 3


# -- Vetinari ------------------------------------------------------------------------------------------

def test_vetinari_counts_areas_with_trolls_and_other_players_but_not_demons() -> None:
    """en.txt l.241: "minions in different areas ... Areas must be free of demons" — only demons
    spoil an area for Vetinari; trolls and the other players' majorities do not (he need not control
    them). Four players: nine areas needed; red has a minion in ten, one of them with a demon, one
    with two trolls and one where blue has three minions."""
    areas: dict[str, Any] = {a: {"minions": {"red": 1}} for a in AREA_IDS[:10]}
    areas[AREA_IDS[0]]["demons"] = 1
    areas[AREA_IDS[1]]["trolls"] = 2
    areas[AREA_IDS[2]]["minions"]["blue"] = 3
    players = [{"color": "red", "personality": "vetinari"}, {"color": "yellow"}, {"color": "green"}, {"color": "blue"}]
    state = position(areas, players)
    assert len(scoring.infiltrated(state, "red")) == 9
    assert scoring.winner_at_turn_start(state, "red") == "red"
    state.areas[AREA_IDS[1]].demons = 1  # a second demon area: eight left
    state.recount()
    assert scoring.winner_at_turn_start(state, "red") is None


# -- At the start of your turn, not the end --------------------------------------------------------------

def test_a_condition_met_during_the_turn_wins_only_if_it_still_holds_at_the_next_turn_start() -> None:
    """en.txt l.237: "All of the Personality cards apart from Commander Vimes state that the conditions
    on the card must occur at the start of your turn, not the end of it." Red, the Dragon King of
    Arms, makes the eighth trouble marker in his own turn: the game goes on. If it still lies there
    when red's next turn starts, red wins; if blue removed a marker in between, red does not."""
    from companion.morpork.turn import turn_procedure
    seven = {a: {"minions": {"blue": 1}, "trouble": True} for a in AREA_IDS[:7]}
    seven["longwall"] = {"minions": {"red": 1}}
    doc = {"players": [{"color": "red", "personality": "dragon-king-of-arms"},
                       {"color": "blue", "personality": "vimes"}],
           "areas": seven, "active_player": "red", "draw_pile": 30}
    state = state_from_json(doc)
    assert AREA_IDS.index("longwall") >= 7 and scoring.trouble_count(state) == 7
    actions.place_minion(state, "red", "longwall")  # a second minion there: the eighth marker
    assert scoring.trouble_count(state) == 8 and state.game_over is None
    actions.end_turn(state)
    assert state.active_player == "blue" and state.game_over is None
    blue_turn = run(turn_procedure, state, {}, [])
    assert blue_turn.state.game_over is None  # only the active player's condition is checked
    removed = state.copy()
    actions.remove_trouble_marker(removed, "longwall")  # blue's turn: a marker goes
    for table, wins in ((state, True), (removed, False)):
        actions.end_turn(table)
        assert table.active_player == "red"
        red_turn = run(turn_procedure, table, {}, [])
        over = red_turn.state.game_over
        if wins:
            assert over is not None and over.reason == "personality" and over.winners == ["red"]
        else:
            assert over is None and red_turn.question is not None


def test_riots_drawn_by_a_card_end_the_game_before_the_rest_of_the_card() -> None:
    """en.txt l.349: "If there are eight or more trouble markers on the board then the game ends
    immediately." Red (Commander Vimes) plays The Bursar (event, scroll, play another card) and draws
    Riots with eight markers on the board: the game is over at once — no scroll, no further card, no
    refill — and blue wins on points (Vimes "do[es] not win at this stage")."""
    from companion.morpork.turn import turn_procedure
    areas = {a: {"minions": {"blue": 1}, "trouble": True} for a in AREA_IDS[:8]}
    doc = {"players": [{"color": "red", "personality": "vimes"}, {"color": "blue", "personality": "rust"}],
           "areas": areas, "active_player": "red", "draw_pile": 30, "event_deck": ["riots", "fog"]}
    start = state_from_json(doc)
    done = run(turn_procedure, start, {}, ["the-bursar", "riots", "the-shades/blue", "the-scours/blue"])
    assert done.is_finished and done.answers_used == 2
    over = done.state.game_over
    assert over is not None and over.reason == "riots" and over.winners == ["blue"]
    assert done.state.player("red").hand == 4 and done.state.draw_pile == 30
    assert done.state.areas == start.areas


# -- Dolly Sisters / Dimwell and the placement rule -------------------------------------------------------

@pytest.mark.parametrize("area, minion_in", [("dolly-sisters", "seven-sleepers"), ("dimwell", "isle-of-gods")])
def test_a_power_that_names_its_area_places_there_wherever_the_players_minions_stand(area: str,
                                                                                    minion_in: str) -> None:
    """The fixed ruling ``named-placement`` (``companion.morpork.options.FIXED_RULINGS``): en.txt
    l.177/l.181, "pay $3 and place one of your minions in Dolly Sisters [Dimwell] or an adjacent area",
    name the place; en.txt l.141's placement rule ("in either an area that you already have a minion
    in or in an adjacent area … whenever you have to place a minion", it.txt l.157 the same; the
    German and Polish books have no such sentence) does not narrow it, or the power would add nothing
    a minion symbol does not already give. Red holds the card (its building is there, no red minion
    there) and its only minion is in Seven Sleepers (Isle of Gods): the area and every neighbour are
    offered, and the minion goes into the area itself, not next to any red minion. (The audit found
    the two readings; the companion plays this one in every edition and says so in the rulebook.)"""
    from companion.morpork.board import ADJACENT
    from companion.morpork.options import FIXED_RULINGS
    assert "named-placement" in FIXED_RULINGS
    doc = {"players": [{"color": "red", "money": 10, "hand": 5}, {"color": "blue"}],
           "areas": {area: {"building": "red"}, minion_in: {"minions": {"red": 1}}},
           "draw_pile": 30, "active_player": "red"}
    state = state_from_json(doc)
    assert set(actions.AREA_POWERS[area].targets(state, "red")) == {area, *ADJACENT[area]}
    assert area not in ADJACENT[minion_in] and minion_in not in ADJACENT[area]  # not reachable by the symbol
    actions.use_area_power(state, "red", area, target=area)
    assert state.areas[area].minions.get("red") == 1 and state.player("red").money == 7
