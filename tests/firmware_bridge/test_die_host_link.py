"""The host's rules for believing a die: numbering, boots, and no roll without rolling."""
import logging

import pytest

from firmware_bridge import host, protocol, wire
from firmware_bridge.host import HelloEvent, HostLink, RollEvent, StateEvent
from firmware_bridge.protocol import Beat, DieState, Hello, Pong, RollReport, State, Unknown

from die_lines import Die


def rolls(events):
    return [(e.die, e.face, e.faces) for e in events if isinstance(e, RollEvent)]


@pytest.fixture
def link():
    return HostLink("test", logging.getLogger("test.die"))


def test_a_throw_gives_states_then_one_roll(link):
    die = Die()
    events = link.feed(die.hello() + die.throw(7))
    assert isinstance(events[0], HelloEvent)
    assert [e.state for e in events if isinstance(e, StateEvent)] == [
        DieState.HANDLING, DieState.ROLLING, DieState.SETTLED]
    assert rolls(events) == [("d12-a", 7, 12)]
    assert link.counters.snapshot() == {"lines": 5, "accepted": 5, "ignored": 0, "rolls": 1,
                                        "rejected": {}, "hello_requests": 0}


def test_handling_then_settled_then_a_roll_claim_gives_no_roll(link):
    die = Die()
    link.feed(die.hello())
    events = link.feed(die.line(State(DieState.HANDLING)) + die.line(State(DieState.SETTLED, 3))
                       + die.line(RollReport(3)))
    assert rolls(events) == []
    assert link.counters.rejected == {host.ROLL_WITHOUT_ROLLING: 1}


def test_a_crooked_landing_disarms_the_roll(link):
    die = Die()
    link.feed(die.hello())
    lines = [State(DieState.HANDLING), State(DieState.ROLLING), State(DieState.CROOKED),
             State(DieState.SETTLED, 4), RollReport(4)]
    assert rolls(link.feed(b"".join(die.line(b) for b in lines))) == []
    assert link.counters.rejected[host.ROLL_WITHOUT_ROLLING] == 1


def test_one_rolling_allows_one_roll_only(link):
    die = Die()
    events = link.feed(die.hello() + die.throw(5) + die.line(RollReport(5)))
    assert rolls(events) == [("d12-a", 5, 12)]
    assert link.counters.rejected == {host.ROLL_WITHOUT_ROLLING: 1}


def test_a_repeated_line_is_a_duplicate_and_an_old_one_is_stale(link):
    die = Die()
    throw = die.hello() + die.throw(9)
    last = throw.splitlines(keepends=True)[-1]
    first_state = throw.splitlines(keepends=True)[1]
    events = link.feed(throw + last + first_state)
    assert rolls(events) == [("d12-a", 9, 12)]
    assert link.counters.rejected == {host.DUPLICATE: 1, host.STALE: 1}


def test_a_roll_before_hello_is_refused_because_the_faces_are_unknown(link):
    die = Die()
    link.feed(die.hello())
    link.reset()
    assert rolls(link.feed(die.throw(2))) == []
    assert link.counters.rejected == {host.NO_HELLO: 1}


def test_a_face_beyond_the_die_is_refused(link):
    die = Die(faces=6)
    assert rolls(link.feed(die.hello() + die.throw(6) + die.throw(7))) == [("d12-a", 6, 6)]
    assert link.counters.rejected == {host.FACE_OUT_OF_RANGE: 1}


def test_a_rebooted_die_starts_numbering_again(link):
    die = Die()
    link.feed(die.hello() + die.throw(1))
    reborn = Die(boot="0000cafe")
    assert rolls(link.feed(reborn.hello() + reborn.throw(11))) == [("d12-a", 11, 12)]


def test_a_die_speaking_another_protocol_version_is_believed_in_nothing(link, caplog):
    die = Die()
    newer = die.line(Hello(2, 12, "2.0.0", die.boot))
    events = link.feed(newer + die.throw(4) + die.line(Beat(50, 3700, 9)))
    assert events == [] and link.known_dice() == {"d12-a": None}
    assert link.counters.rejected == {host.UNSUPPORTED_PROTO: 6}
    assert "speaks protocol 2, this host reads 1" in caplog.text
    # The same die flashed back to our version (a new boot) is believed again.
    ours = Die(boot="0000cafe")
    assert rolls(link.feed(ours.hello() + ours.throw(8))) == [("d12-a", 8, 12)]


def test_two_dice_on_one_link_are_told_apart(link):
    red, blue = Die("red", 6, "00000001"), Die("blue", 6, "00000002")
    data = red.hello() + blue.hello() + red.throw(3) + blue.throw(3) + blue.throw(5)
    assert rolls(link.feed(data)) == [("red", 3, 6), ("blue", 3, 6), ("blue", 5, 6)]
    assert link.known_dice() == {"red": 6, "blue": 6}


def test_unknown_kinds_are_counted_as_ignored_and_do_not_disturb(link):
    die = Die()
    data = die.hello() + die.line(Unknown("glow", (("hue", "9"),))) + die.throw(4)
    assert rolls(link.feed(data)) == [("d12-a", 4, 12)]
    assert link.counters.ignored == 1 and link.counters.rejected_total == 0


def test_beats_and_pongs_become_events(link):
    die = Die()
    events = link.feed(die.hello() + die.line(Beat(50, 3750, 9)) + die.line(Pong("p1")))
    assert events[1] == host.BeatEvent("d12-a", Beat(50, 3750, 9))
    assert events[2] == host.PongEvent("d12-a", "p1")


def test_a_line_cut_by_a_disconnect_is_counted_and_forgotten(link):
    die = Die()
    link.feed(die.hello() + die.throw(8)[:30])
    link.reset()
    assert link.counters.rejected == {host.TRUNCATED: 1}
    assert link.feed(die.hello()) != []


def test_rejections_are_logged_but_a_flood_only_at_debug(caplog):
    link = HostLink("noisy", logging.getLogger("test.flood"))
    with caplog.at_level(logging.DEBUG, logger="test.flood"):
        link.feed(b"garbage\n" * 100)
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == host.WARN_LIMIT + 1
    assert "'garbage'" in warnings[0].getMessage() or "garbage" in warnings[0].getMessage()
    assert link.counters.rejected == {wire.MALFORMED: 100}
