"""Games per second of ``ankh-companion simulate --mode ankh-morpoly``, per player count and options.

    python3 benchmarks/bench_morpoly_simulate.py [--games 300] [--players 2,3,4] [--profile]

For 2, 3 and 4 players, ``--games`` games each (seeds 1…N, as ``simulate --seed 1 --games N`` plays
them), checked as the simulator checks by default (the totals after every input, the whole set after
every 16th input and the last, the state-format round-trip after every 128th and the last; with
fewer than 200 games no game is checked at every input), under four option sets: the defaults,
``fortuna=on``, ``elam=on``, and both. The **baseline** is measured in the same process, before the
rest: the same games unchecked, i.e. the engine and the random player alone. Each figure is printed
as games per second and microseconds per input of **CPU time** of this one process (one core; the
machine is shared, so wall-clock time would measure the neighbours) and as a ratio to the baseline
of its player count, which stays meaningful when the machine is busy. Two last lines per player
count give the defaults with the whole set after every input (``--check-every 1``, the simulator's
default until the checks were sampled) and with every check after every input (``--every-input``).
The issue's bar is 50 games/s on one core.

``--profile`` also prints the 15 most expensive functions of the defaults' checked run (cProfile).
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.cli.simulate_morpoly import WHOLE_SET_EVERY, GameResult, simulate  # noqa: E402

OPTION_SETS: dict[str, dict[str, str]] = {
    "defaults": {},
    "fortuna": {"fortuna": "on"},
    "elam": {"elam": "on"},
    "fortuna+elam": {"fortuna": "on", "elam": "on"},
}


def measure(games: int, players: int, options: dict[str, str], check_every: int = WHOLE_SET_EVERY,
            every_input: bool = False, check: bool = True) -> tuple[float, float, list[GameResult]]:
    """Games per CPU second, CPU microseconds per input, and the games."""
    started = time.process_time()
    results, _ = simulate(games, players, 1, options, check_every, every_input=every_input, check=check)
    seconds = time.process_time() - started
    return games / seconds, seconds * 1e6 / sum(r.inputs for r in results), results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        baseline, base_us, base_results = measure(args.games, players, {}, check=False)
        turns = sorted(r.turns for r in base_results)
        print(f"{players} players, baseline (engine and random play, unchecked): {baseline:.1f} games/s CPU,"
              f" {base_us:.1f} µs/input; turns median {turns[len(turns) // 2]}, max {turns[-1]}")
        for name, options in OPTION_SETS.items():
            rate, us, results = measure(args.games, players, options)
            past = sum(1 for r in results if r.reason == "past the cap")
            print(f"  {name:13} checked as by default: {rate:6.1f} games/s CPU, {us:5.1f} µs/input"
                  f" = {rate / baseline:.2f} × baseline{'' if rate >= 50 else '  (below the 50 games/s bar)'};"
                  f" {past} past the cap")
        for label, check_every, every_input in (("whole set after every input", 1, False),
                                                ("every check after every input", 1, True)):
            rate, us, _ = measure(args.games, players, {}, check_every, every_input)
            print(f"  {'defaults':13} {label}: {rate:6.1f} games/s CPU, {us:5.1f} µs/input"
                  f" = {rate / baseline:.2f} × baseline")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(simulate, min(args.games, 50), 3, 1, {})
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
        print(out.getvalue())


if __name__ == "__main__":
    main()
