"""The emulator's pair of dice on a real pseudo-terminal, read as a host would read it: both dice
report each throw with their own ids, and the faults (a crooked die, a die not reporting) come out
as the protocol says."""
import logging
import subprocess
import sys

import pytest

from firmware_bridge import host, protocol
from firmware_bridge.emulator import EmulatedPair
from firmware_bridge.protocol import DieState, Hello, RollReport, State
from tests.firmware_bridge.test_die_emulator import ROOT, WAIT, HostEnd, first_line


@pytest.fixture
def pair():
    with EmulatedPair(("d6-a", "d6-b"), seed=11) as emulated:
        yield emulated


def read_events(end, lines, link):
    events = []
    for line in end.lines(lines):
        events += link.feed(line)
    return events


def test_both_dice_say_hello_on_the_one_pty_with_their_own_ids_and_boots(pair):
    end = HostEnd(pair.paths[0])
    try:
        hellos = [m for m in end.messages(2)]
    finally:
        end.close()
    assert [m.die for m in hellos] == ["d6-a", "d6-b"]
    assert all(isinstance(m.body, Hello) and m.body.faces == 6 for m in hellos)
    assert hellos[0].body.boot != hellos[1].body.boot
    assert [m.seq for m in hellos] == [0, 0]  # each die numbers its own lines


def test_a_throw_reports_both_dice_and_a_host_believes_both_rolls(pair):
    end = HostEnd(pair.paths[0])
    link = host.HostLink("pair", logging.getLogger("test.pair"))
    try:
        read_events(end, 2, link)
        assert pair.throw((3, 4)) == (3, 4)
        events = read_events(end, 8, link)
    finally:
        end.close()
    rolls = [(e.die, e.face, e.faces) for e in events if isinstance(e, host.RollEvent)]
    assert rolls == [("d6-a", 3, 6), ("d6-b", 4, 6)]
    assert link.counters.rejected_total == 0


@pytest.mark.parametrize("fault, expected", [({"crooked": 0}, (None, 5)),
                                             ({"crooked": 1}, (2, None))])
def test_a_crooked_die_sends_crooked_and_no_roll(pair, fault, expected):
    end = HostEnd(pair.paths[0])
    link = host.HostLink("pair")
    try:
        read_events(end, 2, link)
        assert pair.throw((2, 5), **fault) == expected
        events = read_events(end, 7, link)
    finally:
        end.close()
    crooked = pair.die_ids[fault["crooked"]]
    states = [(e.die, e.state) for e in events if isinstance(e, host.StateEvent)]
    assert (crooked, DieState.CROOKED) in states
    assert [e.die for e in events if isinstance(e, host.RollEvent)] == [
        d for d in pair.die_ids if d != crooked]


def test_a_die_not_reporting_stops_after_rolling(pair):
    end = HostEnd(pair.paths[0])
    try:
        end.messages(2)
        assert pair.throw((6, 1), missing=1) == (6, None)
        messages = end.messages(6)  # handling x2, rolling x2, a settled, a roll
    finally:
        end.close()
    from_b = [m.body for m in messages if m.die == "d6-b"]
    assert from_b == [State(DieState.HANDLING), State(DieState.ROLLING)]
    assert [m.body for m in messages if m.die == "d6-a"][-1] == RollReport(6)


def test_each_die_answers_the_host_by_its_own_id(pair):
    end = HostEnd(pair.paths[0])
    try:
        end.messages(2)
        end.write(protocol.encode(0, "d6-b", protocol.Ping("x")))
        (pong,) = end.messages(1)
        assert (pong.die, pong.body) == ("d6-b", protocol.Pong("x"))
        end.write(protocol.encode(1, "all", protocol.HelloRequest()))
        assert sorted(m.die for m in end.messages(2)) == ["d6-a", "d6-b"]
    finally:
        end.close()


def test_two_links_give_each_die_its_own_pty():
    with EmulatedPair(("p", "q"), links=2) as two:
        assert len(two.paths) == 2 and two.paths[0] != two.paths[1]
    with pytest.raises(ValueError):
        EmulatedPair(("p", "p"))


def test_the_command_emulates_a_pair_of_d6(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "die-emulator", "--pair", "--seed", "2", "--pace", "0",
         "--beat", "0"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        end = HostEnd(first_line(proc))
        try:
            end.write(protocol.encode(0, "all", protocol.HelloRequest()))
            proc.stdin.write(b"C")  # die B crooked
            proc.stdin.flush()
            seen = []
            while not any(isinstance(m.body, RollReport) for m in seen):
                seen += end.messages(1)
            hellos = {m.die: m.body.faces for m in seen if isinstance(m.body, Hello)}
            assert hellos == {"emu-a": 6, "emu-b": 6}
            assert any(m.die == "emu-b" and m.body == State(DieState.CROOKED) for m in seen)
            assert [m.die for m in seen if isinstance(m.body, RollReport)] == ["emu-a"]
        finally:
            end.close()
        proc.stdin.write(b"q")
        proc.stdin.flush()
        assert proc.wait(timeout=WAIT) == 0
        assert b"2d6" in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
