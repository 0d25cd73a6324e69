"""A million-plus random and damaged bytes into the parser: no crash, no phantom roll, and every
bad line counted — exactly, because the damaged stream's honest reading is known in advance."""
import logging
import random

import pytest

from firmware_bridge import faults, wire
from firmware_bridge.host import HostLink, RollEvent

MILLION = 1_000_000


def feed_in_random_chunks(link, data, rng):
    events, i = [], 0
    while i < len(data):
        n = rng.randint(1, 4096)
        events += link.feed(data[i:i + n])
        i += n
    return events


@pytest.mark.parametrize("seed", [1])
def test_damaged_conversation_yields_exactly_the_genuine_rolls_and_counts(seed):
    rng = random.Random(seed)
    plan = faults.build_plan(rng, MILLION)
    assert len(plan.data) >= MILLION
    assert set(plan.damage) == set(faults.DAMAGE_KINDS)  # every kind of damage was exercised
    link = HostLink("fuzz", logging.getLogger("test.fuzz.quiet"))
    events = feed_in_random_chunks(link, plan.data, rng)
    got = [(e.die, e.face) for e in events if isinstance(e, RollEvent)]
    assert got == plan.rolls  # in order, once each, nothing invented
    c = link.counters
    assert c.lines == plan.lines == plan.data.count(b"\n")
    assert c.rejected_total == plan.expected_rejected
    assert c.ignored == plan.ignored
    assert c.rolls == len(plan.rolls)
    assert c.accepted + c.ignored + c.rejected_total == c.lines


def test_pure_noise_never_yields_a_roll_and_every_line_is_accounted_for():
    rng = random.Random(7)
    # Newlines about every 40 bytes so lines of every length occur, plus long newline-free runs.
    data = bytearray(rng.randbytes(MILLION))
    for i in range(0, MILLION, 40):
        data[i + rng.randrange(40) if i + 40 < MILLION else i] = 0x0A
    data[200_000:210_000] = bytes(b | 0x80 for b in data[200_000:210_000])  # no newline here
    link = HostLink("noise", logging.getLogger("test.fuzz.quiet"))
    events = feed_in_random_chunks(link, bytes(data), rng)
    assert events == []
    c = link.counters
    assert c.lines == bytes(data).count(b"\n")
    assert c.rejected_total == c.lines and c.accepted == 0
    assert c.rejected[wire.OVERLONG] >= 1


def test_valid_lines_survive_between_noise_in_any_chunking():
    rng = random.Random(3)
    plan = faults.build_plan(rng, 20_000, damage_rate=0.8)
    for chunk in (1, 2, 3, 7, 160, 161):
        link = HostLink("chunks", logging.getLogger("test.fuzz.quiet"))
        events = []
        for i in range(0, len(plan.data), chunk):
            events += link.feed(plan.data[i:i + chunk])
        assert [(e.die, e.face) for e in events if isinstance(e, RollEvent)] == plan.rolls
        assert link.counters.rejected_total == plan.expected_rejected
