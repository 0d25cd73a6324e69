"""Serial die latency: a roll line written to the pty -> the roll delivered to a subscriber.

Run: python3 benchmarks/bench_die_serial.py [--rolls 1000] [--replugs 20]

The die is the emulator on a real pseudo-terminal, read by the serial source exactly as the app
reads it. Before each roll the die reports handling/rolling/settled (the host only believes a roll
after those); the clock starts just before the roll line is written and stops inside the
subscriber. Also measured: how long after a replug the source is back (the die's hello reaches
the subscriber), against the issue's 2 s promise.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from timing import percentile, report  # noqa: E402

from firmware_bridge.emulator import EmulatedDie  # noqa: E402
from firmware_bridge.protocol import DieState, RollReport, State  # noqa: E402
from hardware.dice import StatusKind, open_die_source  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=1000)
    parser.add_argument("--replugs", type=int, default=20)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)  # each unplug logs a warning; not a figure
    with tempfile.TemporaryDirectory() as tmp:
        die = EmulatedDie("bench", faces=12, seed=1, link_path=os.path.join(tmp, "die"))
        die.plug()
        source = open_die_source(f"serial://{die.link_path}")
        delivered = threading.Event()
        hello = threading.Event()
        stamp: list[float] = []
        source.when_rolled = lambda roll: (stamp.append(time.perf_counter()), delivered.set())
        source.when_status = (lambda s: hello.set()
                              if s.kind is StatusKind.CONNECTED and s.die_id else None)
        source.start()
        try:
            if not hello.wait(10):
                raise SystemExit("the die never said hello")
            latencies = []
            for i in range(args.rolls):
                face = i % 12 + 1
                for state in (DieState.HANDLING, DieState.ROLLING):
                    die.send_message(State(state))
                die.send_message(State(DieState.SETTLED, face))
                delivered.clear()
                stamp.clear()
                start = time.perf_counter()
                die.send_message(RollReport(face))
                if not delivered.wait(10):
                    raise SystemExit(f"roll {i} never arrived")
                latencies.append(stamp[0] - start)
            report("pty roll line -> subscriber", latencies)
            print(f"rejected lines: {source.rejected_total}, rolls counted: {source.counters.rolls}")
            replugs = []
            for _ in range(args.replugs):
                die.unplug()
                hello.clear()
                start = time.perf_counter()
                die.plug()
                if not hello.wait(10):
                    raise SystemExit("no hello after replug")
                replugs.append(time.perf_counter() - start)
            report("replug -> source back (hello delivered)", replugs)
        finally:
            source.stop()
            die.unplug()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
