"""GPIO die latency on gpiozero mock pins: strobe pulse -> the roll delivered to a subscriber.

Run: python3 benchmarks/bench_die_gpio.py [--rolls 1000]

The face is put on the four data pins first (as the reader board does), then the clock starts
and the strobe is pulsed; it stops inside the subscriber. Mock pins call back in the driving
thread, so this is the cost of gpiozero's event dispatch plus the source's latch-confirm-check,
not of a real Pi's edge detection (which adds its pin thread's wake-up).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from timing import percentile  # noqa: E402

from gpiozero.pins.mock import MockFactory  # noqa: E402

from hardware.dice import open_die_source  # noqa: E402

DATA, STROBE = (5, 6, 13, 19), 26


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=1000)
    args = parser.parse_args(argv)
    factory = MockFactory()
    fake_now = [0.0]  # the bounce filter's clock: each roll one second after the last
    source = open_die_source("gpio://", pin_factory=factory, clock=lambda: fake_now[0])
    stamp: list[float] = []
    source.when_rolled = lambda roll: stamp.append(time.perf_counter())
    source.start()
    strobe = factory.pin(STROBE)
    latencies = []
    try:
        for i in range(args.rolls):
            face = i % 12 + 1
            for bit, pin in enumerate(DATA):
                (factory.pin(pin).drive_high if face >> bit & 1 else factory.pin(pin).drive_low)()
            fake_now[0] += 1.0
            stamp.clear()
            start = time.perf_counter()
            strobe.drive_high()
            strobe.drive_low()
            if len(stamp) != 1:
                raise SystemExit(f"roll {i} delivered {len(stamp)} times")
            latencies.append(stamp[0] - start)
    finally:
        source.stop()
        factory.close()
    ms = [s * 1000 for s in latencies]
    print(f"mock GPIO strobe -> subscriber: n={len(ms)} median={statistics.median(ms):.3f} ms "
          f"p99={percentile(ms, 99):.3f} ms max={max(ms):.3f} ms")
    print(f"rejected: {dict(source.rejected)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
