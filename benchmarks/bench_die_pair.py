"""Pair of dice latency: the throw complete on the wire -> the Throw delivered to a subscriber.

Run: python3 benchmarks/bench_die_pair.py [--throws 1000]

A throw is complete when the second die's roll line is written; the clock starts just before that
line and stops inside ``when_thrown``. Measured for two dice on one pseudo-terminal (the
emulator's --pair, ``serial://PTY?pair=1``), for one pty per die
(``pair:serial://PTY_A;serial://PTY_B``), and for the simulated pair (``sim://?pair=1``, roll() ->
when_thrown, no device). The serial dice are read by the serial source exactly as the app reads
them; before each roll both dice report handling/rolling/settled, as real dice do.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from timing import percentile, report  # noqa: E402

from firmware_bridge.emulator import EmulatedDie, EmulatedPair  # noqa: E402
from firmware_bridge.protocol import DieState, RollReport, State  # noqa: E402
from hardware.dice import PairDieSource, StatusKind, Throw, open_die_source  # noqa: E402


def measure_serial(name: str, url: str, dice: tuple[EmulatedDie, EmulatedDie], throws: int) -> None:
    source = open_die_source(url, window=30.0)
    assert isinstance(source, PairDieSource)
    delivered = threading.Event()
    stamp: list[float] = []
    hellos: set[str] = set()
    got: list[Throw] = []

    def thrown(throw: Throw) -> None:
        stamp.append(time.perf_counter())
        got.append(throw)
        delivered.set()

    source.when_thrown = thrown
    source.when_status = (lambda s: hellos.add(s.die_id)
                          if s.kind is StatusKind.CONNECTED and s.die_id else None)
    source.start()
    try:
        deadline = time.monotonic() + 10
        while len(hellos) < 2 and time.monotonic() < deadline:
            for part in source.parts:  # the boot hellos went out before the port was opened
                part.request_hello()  # type: ignore[attr-defined]
            time.sleep(0.05)
        if len(hellos) < 2:
            raise SystemExit(f"{name}: the dice never both said hello ({hellos!r})")
        latencies = []
        for i in range(throws):
            faces = (i % 6 + 1, (i // 6) % 6 + 1)
            for state in (DieState.HANDLING, DieState.ROLLING):
                for die in dice:
                    die.send_message(State(state))
            for die, face in zip(dice, faces):
                die.send_message(State(DieState.SETTLED, face))
            dice[0].send_message(RollReport(faces[0]))
            delivered.clear()
            stamp.clear()
            start = time.perf_counter()
            dice[1].send_message(RollReport(faces[1]))
            if not delivered.wait(10):
                raise SystemExit(f"{name}: throw {i} never arrived")
            if got[-1].faces != faces:
                raise SystemExit(f"{name}: throw {i} came as {got[-1].faces}, not {faces}")
            latencies.append(stamp[0] - start)
        report(name, latencies)
        print(f"  rejected lines: {sum(source.rejected.values())}, pairer: {dict(source.pairer.counts)}")
    finally:
        source.stop()


def measure_sim(throws: int) -> None:
    source = open_die_source("sim://?pair=1&seed=1", tick_interval=None)
    stamp: list[float] = []
    source.when_thrown = lambda throw: stamp.append(time.perf_counter())
    latencies = []
    with source:
        assert isinstance(source, PairDieSource)
        for _ in range(throws):
            stamp.clear()
            start = time.perf_counter()
            source.roll()
            latencies.append(stamp[0] - start)
    report("sim pair: roll() -> when_thrown", latencies)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--throws", type=int, default=1000)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    with EmulatedPair(("bench-a", "bench-b"), seed=1) as pair:
        (path,) = pair.paths
        measure_serial("one pty, two dice: 2nd roll line -> when_thrown",
                       f"serial://{path}?dice=bench-a,bench-b", pair.dice, args.throws)
    with EmulatedPair(("bench-a", "bench-b"), seed=2, links=2) as pair:
        a, b = pair.paths
        measure_serial("one pty per die: 2nd roll line -> when_thrown",
                       f"pair:serial://{a};serial://{b}", pair.dice, args.throws)
    measure_sim(args.throws)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
