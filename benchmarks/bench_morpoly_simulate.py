"""Games per second of ``ankh-companion simulate --mode ankh-morpoly``, per player count and options.

    python3 benchmarks/bench_morpoly_simulate.py [--games 300] [--players 2,3,4] [--profile]

For 2, 3 and 4 players, 300 games each (seeds 1…300, as ``simulate --seed 1 --games 300`` plays
them), with every invariant checked after every input as the simulator does by default (the
state-format round-trip on every 16th), under four option sets: the defaults, ``fortuna=on``,
``elam=on``, and both. The **baseline** is measured in the same process, before the rest: the same
games with the invariants checked only at the end (``--check-every`` larger than any game), i.e.
the engine and the random player alone. Each figure is printed as games per second of **CPU time**
of this one process (one core; the machine is shared, so wall-clock time would measure the
neighbours) and as a ratio to the baseline of its player count, which stays meaningful when the
machine is busy. A last line per player count gives the defaults with the invariants sampled after
every 10th input (``--check-every 10``). The issue's bar is 50 games/s on one core.

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

from companion.cli.simulate_morpoly import GameResult, simulate  # noqa: E402

OPTION_SETS: dict[str, dict[str, str]] = {
    "defaults": {},
    "fortuna": {"fortuna": "on"},
    "elam": {"elam": "on"},
    "fortuna+elam": {"fortuna": "on", "elam": "on"},
}
SAMPLE = 10
"""``--check-every`` of the sampled figure (``simulate --check-every 10``)."""
UNCHECKED = 10**9
"""``--check-every`` past any game's end: only the last input is checked (the baseline)."""


def measure(games: int, players: int, options: dict[str, str], check_every: int) -> tuple[float, list[GameResult]]:
    started = time.process_time()
    results, _ = simulate(games, players, 1, options, check_every)
    return games / (time.process_time() - started), results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        baseline, base_results = measure(args.games, players, {}, UNCHECKED)
        turns = sorted(r.turns for r in base_results)
        print(f"{players} players, baseline (engine and random play, invariants at the end only): "
              f"{baseline:.1f} games/s CPU; turns median {turns[len(turns) // 2]}, max {turns[-1]}")
        for name, options in OPTION_SETS.items():
            rate, results = measure(args.games, players, options, 1)
            past = sum(1 for r in results if r.reason == "past the cap")
            print(f"  {name:13} checked after every input: {rate:6.1f} games/s CPU = {rate / baseline:.2f} × baseline"
                  f"{'' if rate >= 50 else '  (below the 50 games/s bar)'}; {past} past the cap")
        sampled, _ = measure(args.games, players, {}, SAMPLE)
        print(f"  {'defaults':13} checked after every {SAMPLE}th input: {sampled:6.1f} games/s CPU = "
              f"{sampled / baseline:.2f} × baseline")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(simulate, min(args.games, 50), 3, 1, {}, 1)
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
        print(out.getvalue())


if __name__ == "__main__":
    main()
