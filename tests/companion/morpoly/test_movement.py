"""The movement vocabulary of §0.3 and the special moves: appendix scenarios 5, 6, 8 and 9."""
from __future__ import annotations

from companion.morpoly.dice import Dice
from companion.morpoly.events import Direction, Landed, Mode, Passed
from companion.morpoly.layout import opposite
from companion.morpoly.movement import (Rotation, card_rotation, destination, fool_directions, go_salaries,
                                        is_occupied, lspace_move, next_square, placement, pub_parts, split_salaries,
                                        teleport, undead_split, walk, wizard_teleport)
from companion.morpoly.options import defaults
from companion.morpoly.position import TablePosition


def test_a_walk_passes_every_square_and_lands_on_the_destination() -> None:
    assert walk("t", 38, 4) == (Passed("t", 39), Passed("t", 0), Passed("t", 1), Landed("t", 2))
    assert walk("t", 2, 3, Direction.BACKWARD) == (Passed("t", 1, Direction.BACKWARD), Passed("t", 0, Direction.BACKWARD),
                                                   Landed("t", 39, Mode.WALK, Direction.BACKWARD))
    assert teleport("t", 6) == (Landed("t", 6, Mode.TELEPORT),)
    assert placement("t", 10) == (Landed("t", 10, Mode.PLACEMENT),)


def test_reversed_running_direction_turns_forward_counter_clockwise() -> None:
    assert walk("t", 1, 2, Direction.FORWARD, Rotation.COUNTER_CLOCKWISE)[-1] == Landed("t", 39)
    assert next_square(0, Rotation.COUNTER_CLOCKWISE) == 39
    assert card_rotation(Rotation.COUNTER_CLOCKWISE) is Rotation.COUNTER_CLOCKWISE
    assert card_rotation(Rotation.COUNTER_CLOCKWISE, {"cards-always-clockwise": "yes"}) is Rotation.CLOCKWISE


def test_go_money() -> None:
    assert go_salaries(walk("t", 38, 4)) == 1                         # passing
    assert go_salaries(walk("t", 38, 2)) == 2                         # exact landing (B7)
    assert go_salaries(teleport("t", 0)) == 2                         # teleport landing exactly
    assert go_salaries(teleport("t", 6)) == 0                         # a teleport jumping over GO
    assert go_salaries(placement("t", 0)) == 0                        # returned to GO after a death
    assert go_salaries(walk("t", 2, 4, Direction.BACKWARD)) == 0      # crossing backward (L110)


def test_backward_landing_on_go_follows_the_source_by_default_and_the_reference_by_option() -> None:
    steps = walk("t", 3, 3, Direction.BACKWARD)
    assert go_salaries(steps, defaults()) == 2
    assert go_salaries(steps, {"backward-go-landing": "nothing"}) == 0


def test_advance_to_go_card_option() -> None:
    steps = walk("t", 36, 4)
    assert go_salaries(steps, defaults(), by_card=True) == 2
    assert go_salaries(steps, {"advance-to-go-card-pays-double": "no"}, by_card=True) == 1


def test_opposite_squares() -> None:
    assert [opposite(s) for s in (0, 10, 5, 15, 22, 12, 28)] == [20, 30, 25, 35, 2, 32, 8]


def test_occupancy_ignores_prisoners_and_by_default_npcs() -> None:
    position = TablePosition(squares={"me": 5, "prisoner": 10, "other": 12}, jailed=frozenset({"prisoner"}))
    assert not is_occupied(position, 10, "me")
    assert is_occupied(position, 12, "me") and not is_occupied(position, 5, "me")
    assert not is_occupied(position, 20, "me", npc_squares=(20,))
    assert is_occupied(position, 20, "me", npc_squares=(20,), options={"npcs-occupy-squares": "yes"})


def test_scenario_6_l_space() -> None:
    distance, direction = lspace_move(Dice(4, 5))
    steps = walk("t", 20, distance, direction)
    assert steps[-1].square == 0 and go_salaries(steps) == 2
    distance, direction = lspace_move(Dice(5, 5))
    assert (distance, direction) == (25, Direction.BACKWARD)
    assert destination(20, distance, direction) == 35


def test_the_l_space_table_of_section_4_2() -> None:
    landings = {destination(20, *lspace_move(Dice(a, b))) for a in range(1, 7) for b in range(1, 7)}
    assert 20 not in landings
    assert landings == {19, 22, 17, 24, 15, 26, 28, 11, 30, 32, 5, 36, 38, 0, 4, 35, 10, 16}


def test_pub_walk_low_die_first() -> None:
    assert pub_parts(Dice(6, 2)) == (2, 6)


def test_scenario_8_undead_split_and_go() -> None:
    position = TablePosition(squares={"undead": 37, "other": 20})
    halves = undead_split(position, "undead", Dice(2, 5))
    assert halves is not None and (halves.first, halves.second) == (39, 2)
    assert split_salaries(walk("undead", 37, 5)) == 1      # keeping the half on 2
    assert split_salaries(walk("undead", 37, 2)) == 0      # keeping the half on 39
    halves = undead_split(position, "undead", Dice(3, 5))
    assert halves is not None and (halves.first, halves.second) == (0, 2)
    assert split_salaries(walk("undead", 37, 3)) == 1      # on GO exactly: one salary, not two
    assert split_salaries(walk("undead", 37, 5)) == 1


def test_undead_split_is_barred_by_doubles_and_by_occupied_squares() -> None:
    assert undead_split(TablePosition(squares={"undead": 37}), "undead", Dice(3, 3)) is None
    blocked = TablePosition(squares={"undead": 37, "other": 2})
    assert undead_split(blocked, "undead", Dice(2, 5)) is None
    on_start = TablePosition(squares={"undead": 37, "other": 37})
    assert undead_split(on_start, "undead", Dice(2, 5)) is None
    prisoner = TablePosition(squares={"undead": 8, "other": 10}, jailed=frozenset({"other"}))
    assert undead_split(prisoner, "undead", Dice(2, 5)) is not None


def test_scenario_9_wizard_teleport_blocked_or_not() -> None:
    free = TablePosition(squares={"wizard": 10, "other": 24})
    assert wizard_teleport(free, "wizard", Dice(6, 6)) == 6
    assert go_salaries(teleport("wizard", 6)) == 0
    blocked = TablePosition(squares={"wizard": 10, "other": 6})
    assert wizard_teleport(blocked, "wizard", Dice(6, 6)) is None
    assert destination(10, 12) == 22
    start_blocked = TablePosition(squares={"wizard": 10, "other": 10})
    assert wizard_teleport(start_blocked, "wizard", Dice(6, 6)) is None
    prisoner = TablePosition(squares={"wizard": 10, "other": 10}, jailed=frozenset({"other"}))
    assert wizard_teleport(prisoner, "wizard", Dice(6, 6)) == 6
    assert wizard_teleport(free, "wizard", Dice(2, 4)) is None       # neither doubles nor 7
    assert wizard_teleport(free, "wizard", Dice(3, 4)) == 22        # a 7: product 12


def test_fool_directions() -> None:
    assert fool_directions(Dice(3, 4)) == (Direction.BACKWARD,)
    assert fool_directions(Dice(2, 2)) == (Direction.FORWARD, Direction.BACKWARD)
    assert fool_directions(Dice(2, 3)) == (Direction.FORWARD,)


def test_one_square_step_l_space_walk_and_the_luggage_race() -> None:
    from companion.morpoly.movement import lspace_walk, luggage_race, step
    assert step("t", 39) == (Landed("t", 0),) and go_salaries(step("t", 39)) == 2
    assert lspace_walk("t", 20, Dice(4, 6))[-1] == Landed("t", 4) and go_salaries(lspace_walk("t", 20, Dice(4, 6))) == 1
    wizard_choice = lspace_walk("t", 20, Dice(4, 6), direction=Direction.BACKWARD)
    assert wizard_choice[-1].square == 36 and go_salaries(wizard_choice) == 0
    race = luggage_race("t", 36, Dice(2, 2))                       # product 4, even: forward, exactly on GO
    assert race == (Landed("t", 0, Mode.TELEPORT),) and go_salaries(race) == 2
    assert luggage_race("t", 36, Dice(3, 5))[-1].square == 21      # product 15, odd: backward 36 → 21


def test_chance_to_land_on_the_chance_squares() -> None:
    from fractions import Fraction

    from companion.morpoly.layout import CHANCE
    from companion.morpoly.movement import chance_to_land
    assert chance_to_land(0, CHANCE) == Fraction(6, 36)          # a 7 from GO reaches Chance 7
    assert chance_to_land(15, CHANCE) == Fraction(6, 36)          # only 22 is within 2–12 of 15
    assert chance_to_land(30, CHANCE) == Fraction(5, 36)          # 36 by a 6
    assert chance_to_land(33, CHANCE | {2}) == Fraction(2 + 4, 36)  # 36 by a 3, across GO to 2 by a 9
