"""The twelve City Area powers, one table (``actions.AREA_POWERS``), checked against the English
rulebook's "City Area Cards" aside: each row's price, income, draw and target, and each power used
once by its holder in its own turn changes exactly what the card says."""
from __future__ import annotations

from typing import Any

import pytest

from companion.morpork import actions
from companion.morpork.actions import AREA_POWERS
from companion.morpork.board import ADJACENT, AREA_IDS
from companion.morpork.cards.common import TurnContext
from companion.morpork.cards.powers import power_options, use_power
from companion.core.errors import RuleViolation
from companion.core.procedure import Narrator
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json

RULEBOOK: dict[str, tuple[str, int, int, int, str | None]] = {
    # area: (the rulebook's words, price, income, draws, what the holder names)
    "the-shades": ("place one trouble marker in The Shades or an adjacent area (area must contain at least one "
                   "minion)", 0, 0, 0, "area"),
    "dolly-sisters": ("pay $3 and place one of your minions in Dolly Sisters or an adjacent area", 3, 0, 0, "minion"),
    "the-scours": ("discard one card and take $2 from the bank", 0, 2, 0, "card"),
    "dimwell": ("pay $3 and place one of your minions in Dimwell or an adjacent area", 3, 0, 0, "minion"),
    "nap-hill": ("take $1 from the bank", 0, 1, 0, None),
    "longwall": ("take $1 from the bank", 0, 1, 0, None),
    "the-hippo": ("take $2 from the bank", 0, 2, 0, None),
    "dragons-landing": ("take $2 from the bank", 0, 2, 0, None),
    "isle-of-gods": ("pay $2 to remove one trouble marker from the board", 2, 0, 0, "area"),
    "small-gods": ("pay $3 to ignore the effect [of a random event on one of your pieces], $3 for each piece",
                   3, 0, 0, None),
    "seven-sleepers": ("take $3 from the bank", 0, 3, 0, None),
    "unreal-estate": ("draw one card and then discard a card", 0, 0, 1, "card"),
}


def test_the_table_has_one_row_per_area() -> None:
    assert sorted(AREA_POWERS) == sorted(AREA_IDS) == sorted(RULEBOOK)


@pytest.mark.parametrize("area", sorted(RULEBOOK))
def test_each_row_says_what_the_rulebook_says(area: str) -> None:
    _, price, income, draws, target = RULEBOOK[area]
    power = AREA_POWERS[area]
    assert (power.price, power.income, power.draws, power.target) == (price, income, draws, target)
    assert power.reactive == (area == "small-gods")  # "the exception … when it is not your turn"


def holder_position(area: str, **extra: Any) -> State:
    """Red holds ``area``'s card (its building and a minion there), $10, red to play; yellow has a
    minion in The Hippo (next to The Shades); The Scours has a trouble marker."""
    areas: dict[str, Any] = {area: {"building": "red", "minions": {"red": 1}}}
    areas.setdefault("the-hippo", {}).setdefault("minions", {})["yellow"] = 1
    areas.setdefault("the-scours", {})["trouble"] = True
    doc = {"players": [{"color": "red", "money": 10, "hand": 5}, {"color": "yellow", "money": 10}],
           "areas": areas, "draw_pile": 30, "active_player": "red", **extra}
    return state_from_json(doc)


@pytest.mark.parametrize("area", [a for a in AREA_IDS if AREA_POWERS[a].target is None
                                  and not AREA_POWERS[a].reactive])
def test_the_money_powers_take_from_the_bank(area: str) -> None:
    state = holder_position(area)
    bank = state.bank
    actions.use_area_power(state, "red", area)
    assert state.player("red").money == 10 + RULEBOOK[area][2]
    assert state.bank == bank - RULEBOOK[area][2]
    assert state.turn.powers_used == [area]


@pytest.mark.parametrize("area", ["dolly-sisters", "dimwell"])
def test_the_minion_powers_place_in_the_area_or_next_to_it_for_three(area: str) -> None:
    state = holder_position(area)
    assert AREA_POWERS[area].targets(state, "red") == [a for a in AREA_IDS if a == area or a in ADJACENT[area]]
    far = next(a for a in AREA_IDS if a != area and a not in ADJACENT[area])
    with pytest.raises(RuleViolation):
        actions.use_area_power(state, "red", area, target=far)
    neighbour = sorted(ADJACENT[area])[0]
    actions.use_area_power(state, "red", area, target=neighbour)
    assert state.areas[neighbour].minion_count("red") == 1 and state.player("red").money == 7


def test_the_shades_puts_a_marker_only_where_a_minion_is() -> None:
    state = holder_position("the-shades")
    # The Shades itself (red's minion) and The Hippo (yellow's); The Scours already has a marker.
    assert AREA_POWERS["the-shades"].targets(state, "red") == ["the-hippo", "the-shades"]
    actions.use_area_power(state, "red", "the-shades", target="the-hippo")
    assert state.areas["the-hippo"].trouble and state.player("red").money == 10


def test_isle_of_gods_removes_any_marker_for_two() -> None:
    state = holder_position("isle-of-gods")
    assert AREA_POWERS["isle-of-gods"].targets(state, "red") == ["the-scours"]
    actions.use_area_power(state, "red", "isle-of-gods", target="the-scours")
    assert not state.areas["the-scours"].trouble and state.player("red").money == 8


def test_the_scours_discards_and_takes_two() -> None:
    state = holder_position("the-scours")
    actions.use_area_power(state, "red", "the-scours", target="groat")
    assert state.player("red").hand == 4 and state.player("red").money == 12 and state.discard_pile == ["groat"]


def test_unreal_estate_draws_then_discards() -> None:
    state = holder_position("unreal-estate")
    actions.use_area_power(state, "red", "unreal-estate", target="groat")
    assert state.player("red").hand == 5 and state.draw_pile == 29 and state.discard_pile == ["groat"]


def test_small_gods_is_not_used_on_demand() -> None:
    state = holder_position("small-gods")
    assert actions.can_use_small_gods(state, "red")
    with pytest.raises(RuleViolation) as info:
        actions.use_area_power(state, "red", "small-gods")
    assert info.value.rule == "power.reactive"


def test_a_power_dearer_than_the_holders_money_is_not_offered() -> None:
    state = holder_position("isle-of-gods", players=[{"color": "red", "money": 1}, {"color": "yellow"}])
    assert "isle-of-gods" not in actions.usable_area_powers(state, "red")


@pytest.mark.parametrize("area", ["dolly-sisters", "dimwell", "the-shades", "isle-of-gods"])
def test_the_turn_asks_for_exactly_the_tables_targets(area: str) -> None:
    """The turn's question (``cards.powers``) offers the table's targets, plus skip."""
    state = holder_position(area)
    ctx = TurnContext("red")
    assert "power:" + area in power_options(state, ctx)
    question = next(use_power(state, Narrator(), ctx, area))
    assert question.key == "power.target"
    assert list(question.options) == [*AREA_POWERS[area].targets(state, "red"), "skip"]


def test_a_card_taken_over_with_sybil_vimes_is_gained_this_turn() -> None:
    """Sybil Vimes swaps blue's building in The Hippo for red's: red now holds The Hippo's card
    ("You then take the matching City Area card"), gained this turn, so its power waits for red's
    next turn ("What you cannot do is use the ability on a card in the same turn that you gained
    it"); blue, whose building went, holds it no more."""
    from companion.core.procedure import run
    from companion.morpork.turn import turn_procedure
    doc = {"players": [{"color": "red", "money": 20}, {"color": "blue", "money": 10}],
           "areas": {"the-hippo": {"minions": {"blue": 1}, "building": "blue"}}, "active_player": "red",
           "draw_pile": 30, "discard_pile": ["gaspode", "fresh-start-club", "wallace-sonky", "igor", "susan"]}
    progress = run(turn_procedure, state_from_json(doc), {}, ["sybil-vimes", "take", "do", "the-hippo"])
    state = progress.state
    assert state.area_card_holder("the-hippo") == "red" and state.area_cards_held("blue") == []
    assert state.turn.cards_gained == ["the-hippo"] and actions.usable_area_powers(state, "red") == []
    assert progress.question is None or "power:the-hippo" not in progress.question.options
    with pytest.raises(RuleViolation):
        actions.use_area_power(state, "red", "the-hippo")


def test_a_card_lost_to_johnson_stays_out_when_the_building_goes_and_another_is_built() -> None:
    """Bloody Stupid Johnson: the card "is set to one side and is no longer in the game". The Hippo's
    building burns; yellow builds there later: yellow's building, but no card and no power."""
    from companion.morpork.pieces import remove_building
    state = holder_position("the-hippo", lost_area_cards=["the-hippo"],
                            players=[{"color": "red", "money": 10}, {"color": "yellow", "money": 12}])
    assert state.area_card_holder("the-hippo") is None
    remove_building(state, "the-hippo")
    state.active_player = "yellow"
    state.areas["the-hippo"].minions["yellow"] = 1
    state.recount()
    actions.build(state, "yellow", "the-hippo")
    state.turn.cards_gained.clear()  # yellow's next turn
    assert state.areas["the-hippo"].building == "yellow" and state.area_card_holder("the-hippo") is None
    assert actions.usable_area_powers(state, "yellow") == []
