"""Single-bit flips of a genuine die conversation through the host's reader: how many are refused,
how many get through, how fast.

Run: python3 benchmarks/bench_die_flips.py [--lines 1000000] [--seed 15]

Every single-bit flip of every line of a genuine two-dice conversation is fed just before the line
it damages (:func:`firmware_bridge.faults.flip_fuzz`), so a flip that got through would be
believed where the genuine line is. The CI test (tests/firmware_bridge/test_die_flip_fuzz.py)
runs a million; this script runs any number and prints tried / refused / passed / lost.
"""
from __future__ import annotations

import argparse
import logging
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from firmware_bridge import faults  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1_000_000, help="damaged lines to feed")
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args(argv)
    logging.disable(logging.CRITICAL)  # the reader logs every rejected line at DEBUG
    start = time.perf_counter()
    figures = faults.flip_fuzz(random.Random(args.seed), args.lines)
    seconds = time.perf_counter() - start
    print(figures.summary())
    print(f"{seconds:.1f} s, {seconds / max(figures.tried, 1) * 1e6:.1f} us per damaged line")
    return 0 if figures.passed == 0 and figures.lost_rolls == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
