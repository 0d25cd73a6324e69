"""The pairing rule of two dice thrown together (hardware/dice/pair.py), with plain values:
rolls and statuses carry their own times, so there is no clock and no sleeping."""
import pytest

from hardware.dice import Pairer, Roll, Status, StatusKind, Throw
from hardware.dice.pair import CROOKED, LOST, TIMEOUT, Void

A, B = "d6-a", "d6-b"


def roll(die, face, at):
    return Roll(face, die, 6, at, "test://")


def status(die, kind, at):
    return Status(kind, die, at)


def throws(outcomes):
    return [o.faces for o in outcomes if isinstance(o, Throw)]


def voids(outcomes):
    return [(o.reason, o.die_id) for o in outcomes if isinstance(o, Void)]


def test_both_settling_within_the_window_make_one_throw_in_the_pairs_order():
    p = Pairer((A, B), window=3.0)
    assert p.on_roll(roll(B, 4, 10.0)) == []
    assert p.waiting_for == (A,)
    out = p.on_roll(roll(A, 3, 10.4))
    assert throws(out) == [(3, 4)]
    throw = out[0]
    assert throw.dice == (A, B) and throw.total == 7 and throw.settled_at == 10.4
    assert throw.as_input() == {"type": "roll", "faces": [3, 4]}
    assert p.waiting_for == () and p.deadline is None


def test_doubles_are_a_throw_like_any_other():
    p = Pairer((A, B))
    p.on_roll(roll(A, 5, 1.0))
    (throw,) = p.on_roll(roll(B, 5, 1.1))
    assert isinstance(throw, Throw) and throw.is_double


def test_the_window_edge_still_counts_and_just_past_it_times_out():
    p = Pairer((A, B), window=2.0)
    p.on_roll(roll(A, 1, 0.0))
    assert throws(p.on_roll(roll(B, 2, 2.0))) == [(1, 2)]
    p.on_roll(roll(A, 1, 10.0))
    out = p.on_roll(roll(B, 2, 12.001))
    assert voids(out) == [(TIMEOUT, B)] and throws(out) == []


def test_one_crooked_die_voids_the_throw_even_after_the_other_settled():
    p = Pairer((A, B))
    p.on_roll(roll(A, 6, 0.0))
    out = p.on_status(status(B, StatusKind.CROOKED, 0.3))
    assert voids(out) == [(CROOKED, B)]
    assert out[0].status().kind is StatusKind.THROW_AGAIN
    assert out[0].status().detail.startswith("crooked")
    # A's 6 is gone: B's roll of a new throw waits for A again.
    assert p.on_roll(roll(B, 2, 5.0)) == []
    assert p.waiting_for == (A,)


def test_a_crooked_die_before_its_partner_settles_swallows_the_partners_roll():
    p = Pairer((A, B), window=3.0)
    assert voids(p.on_status(status(A, StatusKind.CROOKED, 0.0))) == [(CROOKED, A)]
    assert p.on_roll(roll(B, 3, 0.4)) == []  # B flew with A: part of the void throw
    assert p.counts["swallowed"] == 1 and p.waiting_for == ()
    # The rethrow: B's stale 3 never pairs with A's new face.
    p.on_roll(roll(A, 1, 2.5))
    assert throws(p.on_roll(roll(B, 6, 2.6))) == [(1, 6)]


def test_a_partner_that_says_rolling_after_the_void_is_a_new_throw_not_a_straggler():
    p = Pairer((A, B), window=3.0)
    p.on_status(status(A, StatusKind.CROOKED, 0.0))
    p.on_status(status(B, StatusKind.ROLLING, 1.0))
    p.on_status(status(A, StatusKind.ROLLING, 1.0))
    p.on_roll(roll(B, 2, 1.5))
    assert throws(p.on_roll(roll(A, 4, 1.6))) == [(4, 2)]
    assert p.counts["swallowed"] == 0


def test_a_single_die_settling_alone_times_out_into_throw_again():
    p = Pairer((A, B), window=3.0)
    p.on_roll(roll(A, 2, 100.0))
    assert p.deadline == 103.0
    assert p.tick(102.9) is None
    void = p.tick(103.2)
    assert void is not None and (void.reason, void.die_id, void.at) == (TIMEOUT, B, 103.0)
    assert "only d6-a settled" in void.detail
    assert p.tick(200.0) is None  # reported once
    # The late partner is part of the timed-out throw, not the start of a new one.
    assert p.on_roll(roll(B, 5, 104.0)) == []
    assert p.counts["swallowed"] == 1


def test_rolls_arriving_in_either_order_pair_the_same_way():
    for first, second in (((A, 3), (B, 4)), ((B, 4), (A, 3))):
        p = Pairer((A, B))
        p.on_roll(roll(first[0], first[1], 0.0))
        assert throws(p.on_roll(roll(second[0], second[1], 0.5))) == [(3, 4)]


def test_a_die_that_rolls_twice_before_the_other_restarts_the_attempt_at_its_new_roll():
    p = Pairer((A, B), window=3.0)
    p.on_roll(roll(A, 1, 0.0))
    p.on_roll(roll(A, 5, 2.5))  # A rolled again: its 1 is superseded, the window restarts
    assert p.counts["superseded"] == 1 and p.deadline == 5.5
    out = p.on_roll(roll(B, 2, 5.0))  # 5 s after A's first roll, but within the new window
    assert throws(out) == [(5, 2)] and voids(out) == []


def test_a_late_third_roll_never_changes_the_delivered_throw_and_times_out_alone():
    p = Pairer((A, B), window=3.0)
    p.on_roll(roll(A, 3, 0.0))
    assert throws(p.on_roll(roll(B, 4, 0.2))) == [(3, 4)]
    assert p.on_roll(roll(B, 6, 0.9)) == []  # B bounced off the board and was rolled again
    assert p.waiting_for == (A,)
    assert voids([p.tick(4.0)]) == [(TIMEOUT, A)]
    assert p.counts["throws"] == 1


def test_a_settled_die_that_is_picked_up_withdraws_its_roll():
    p = Pairer((A, B), window=3.0)
    p.on_roll(roll(A, 3, 0.0))
    p.on_status(status(A, StatusKind.HANDLING, 0.5))
    assert p.waiting_for == () and p.deadline is None
    assert p.on_roll(roll(B, 4, 0.6)) == []  # waits for A's new roll
    assert throws(p.on_roll(roll(A, 2, 1.0))) == [(2, 4)]


@pytest.mark.parametrize("kind", [StatusKind.DISCONNECTED, StatusKind.SILENT])
def test_a_die_lost_mid_throw_voids_it(kind):
    p = Pairer((A, B))
    p.on_roll(roll(A, 3, 0.0))
    assert voids(p.on_status(status(B, kind, 0.5))) == [(LOST, B)]
    assert voids(Pairer((A, B)).on_status(status(B, kind, 0.5))) == []  # nothing open: no void


def test_a_link_going_away_voids_an_open_throw():
    p = Pairer((A, B))
    p.on_roll(roll(A, 3, 0.0))
    assert voids(p.on_status(Status(StatusKind.DISCONNECTED, None, 0.4))) == [(LOST, None)]


def test_without_ids_the_first_two_dice_heard_are_the_pair_and_a_third_is_ignored():
    p = Pairer(None)
    p.on_roll(roll("x", 1, 0.0))
    p.on_roll(roll("y", 2, 0.1))
    assert p.dice == ("x", "y") and p.counts["throws"] == 1
    assert p.on_roll(roll("z", 3, 0.2)) == [] and p.counts["foreign"] == 1
    assert p.on_status(status("z", StatusKind.CROOKED, 0.3)) == []


def test_other_dice_and_harmless_statuses_change_nothing():
    p = Pairer((A, B))
    p.on_roll(roll(A, 3, 0.0))
    for kind in (StatusKind.SETTLED, StatusKind.CONNECTED, StatusKind.RESUMED):
        assert p.on_status(status(B, kind, 0.1)) == []
    assert p.on_roll(roll("other", 2, 0.2)) == []
    assert throws(p.on_roll(roll(B, 1, 0.3))) == [(3, 1)]


@pytest.mark.parametrize("dice, window", [(("a",), 1.0), (("a", "a"), 1.0), (("a", "b"), 0.0)])
def test_bad_pairs_are_refused(dice, window):
    with pytest.raises(ValueError):
        Pairer(dice, window)


def test_a_feeder_naming_slots_puts_each_die_in_its_place_whoever_speaks_first():
    p = Pairer(None)
    p.on_roll(roll("second", 4, 0.0), slot=1)
    assert p.dice == ("second",)
    assert throws(p.on_roll(roll("first", 2, 0.1), slot=0)) == [(2, 4)]
    assert p.dice == ("first", "second")
    assert p.on_roll(roll("third", 1, 0.2), slot=0) == [] and p.counts["foreign"] == 1
