"""Every message kind round-trips; unknown kinds and fields are carried, not fatal."""
import pytest

from firmware_bridge import protocol, wire
from firmware_bridge.protocol import (Beat, DieState, Hello, HelloRequest, Led, LedColour, LedMode,
                                      Message, Ping, Pong, RollReport, SeqCounter, State, Unknown)

DIE_BODIES = [
    Hello(1, 12, "0.1.0", "1a2b3c4d"), Hello(1, 6, "2.0.0-rc1", "ffffffff"),
    State(DieState.HANDLING), State(DieState.ROLLING), State(DieState.CROOKED),
    State(DieState.SETTLED, 12), State(DieState.SETTLED), RollReport(1), RollReport(12),
    Beat(87, 3990, 125), Beat(0, 0, 0), Pong("abc"),
]
HOST_BODIES = [HelloRequest(), Ping("t-1"), Led(LedColour.GREEN, LedMode.BLINK),
               Led(LedColour.OFF)]


@pytest.mark.parametrize("body", DIE_BODIES, ids=repr)
def test_every_die_message_round_trips(body):
    line = protocol.encode(42, "d12-a", body)
    assert protocol.parse_from_die(line) == Message(42, "d12-a", body)


@pytest.mark.parametrize("body", HOST_BODIES, ids=repr)
def test_every_host_message_round_trips(body):
    line = protocol.encode(7, protocol.BROADCAST, body)
    assert protocol.parse_from_host(line) == Message(7, "all", body)


def test_an_unknown_kind_parses_as_unknown_in_both_directions():
    line = wire.encode(3, "d12-a", "glow", [("hue", "120")])
    assert protocol.parse_from_die(line).body == Unknown("glow", (("hue", "120"),))
    assert protocol.parse_from_host(line).body == Unknown("glow", (("hue", "120"),))
    assert protocol.encode(3, "d12-a", Unknown("glow", (("hue", "120"),))) == line


def test_fields_added_by_a_later_version_are_ignored():
    line = wire.encode(3, "d12-a", "roll", [("face", "4"), ("spin", "high")])
    assert protocol.parse_from_die(line).body == RollReport(4)


@pytest.mark.parametrize("kind, fields", [
    ("roll", []), ("roll", [("face", "0")]), ("roll", [("face", "121")]),
    ("roll", [("face", "07")]), ("roll", [("face", "x")]),
    ("state", [("s", "flying")]), ("state", [("s", "rolling"), ("face", "3")]),
    ("hello", [("proto", "1"), ("faces", "12"), ("fw", "1")]),  # no boot token
    ("hello", [("proto", "1"), ("faces", "1"), ("fw", "1"), ("boot", "a")]),  # a 1-sided die
    ("beat", [("bat", "101"), ("mv", "4000"), ("up", "1")]),
])
def test_known_kinds_with_missing_or_bad_fields_are_malformed(kind, fields):
    with pytest.raises(wire.LineError) as caught:
        protocol.parse_from_die(wire.encode(1, "d", kind, fields))
    assert caught.value.reason == wire.MALFORMED


def test_led_with_an_unknown_colour_is_malformed_for_the_die():
    with pytest.raises(ValueError, match="'purple'"):
        protocol.parse_from_host(wire.encode(1, "all", "led", [("c", "purple")]))


def test_sequence_numbers_wrap():
    counter = SeqCounter(65534)
    assert [counter.take() for _ in range(3)] == [65534, 65535, 0]
