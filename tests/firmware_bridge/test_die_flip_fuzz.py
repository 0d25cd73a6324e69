"""Every single-bit flip of a genuine conversation, fed where the genuine line would be believed:
a million damaged lines, not one believed (issue 15: a flipped case bit in a checksum digit let
phantom rolls through, because the checksum was read with ``int(text, 16)``).

Run by hand at other sizes: ``python3 benchmarks/bench_die_flips.py --lines 10000000``.
"""
import logging
import random

from firmware_bridge import faults, wire

MILLION = 1_000_000


def test_bit_flips_are_every_single_bit_change_each_ending_a_line():
    line = wire.encode(3, "d", "roll", [("face", 2)])
    flips = list(faults.bit_flips(line))
    assert len(flips) == 8 * len(line) == len(set(flips))
    for damaged in flips:
        assert damaged.endswith(b"\n")
        core = damaged[:len(line)]
        assert sum(bin(a ^ b).count("1") for a, b in zip(core, line)) == 1


def test_a_million_single_bit_flips_give_no_phantom_roll_and_lose_no_genuine_one():
    figures = faults.flip_fuzz(random.Random(15), MILLION, logging.getLogger("test.flips.quiet"))
    assert figures.tried == MILLION
    assert (figures.refused, figures.passed, figures.phantom_rolls) == (MILLION, 0, 0), figures.summary()
    assert figures.genuine_rolls > 300 and figures.lost_rolls == 0, figures.summary()
    # Only the conversation's own lying rolls are refused for their meaning; every damaged line
    # is refused by the line codec (checksum or grammar) before the host looks at its meaning.
    assert set(figures.rejected) == {wire.CHECKSUM, wire.MALFORMED, "roll_without_rolling"}
