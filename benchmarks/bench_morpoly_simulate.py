"""Games per second of ``ankh-companion simulate --mode ankh-morpoly``, per player count and options.

    python3 benchmarks/bench_morpoly_simulate.py [--games 300] [--players 2,3,4] [--profile]
    python3 benchmarks/bench_morpoly_simulate.py --against DIR [--rounds 3] [--games 300] [--players 2,3,4]

For 2, 3 and 4 players, ``--games`` games each (seeds 1…N, as ``simulate --seed 1 --games N`` plays
them), checked as the simulator checks by default (the totals after every input, the whole set after
every 16th input and the last, the state-format round-trip after every 128th and the last; with
fewer than 200 games no game is checked at every input), under four option sets: the defaults,
``fortuna=on``, ``elam=on``, and both. The **baseline** is measured in the same process, before the
rest: the same games unchecked, i.e. the engine and the random player alone. Each figure is printed
as games per second and microseconds per input of **CPU time** of this one process (one core; the
machine is shared, so wall-clock time would measure the neighbours; ``simulate``'s ``jobs`` left at 1:
``bench_scale.py`` times ``--jobs`` on every core) and as a ratio to the baseline
of its player count, which stays meaningful when the machine is busy. Two last lines per player
count give the defaults with the whole set after every input (``--check-every 1``, the simulator's
default until the checks were sampled) and with every check after every input (``--every-input``).
The issue's bar is 50 games/s on one core.

``--profile`` also prints the 15 most expensive functions of the defaults' checked run (cProfile).

``--against DIR`` instead compares this checkout with another (``DIR``, e.g. an export of main):
for each player count, ``--rounds`` rounds (default 3) of the defaults' checked games, each
checkout's own default checks, interleaved (the order alternating by round), each run in a fresh
process; then the median games per CPU second of each and their ratio, and whether both played the
same games (seed, end, winner, turns, inputs and takeovers of every game, as a digest), for the
defaults and for ``fortuna=on, elam=on``: the checks must not change play.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import statistics
import subprocess
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
    parser.add_argument("--against", metavar="DIR", help="another checkout to compare with, interleaved")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.against:
        against(Path(args.against).resolve(), args.games, [int(p) for p in args.players.split(",")], args.rounds)
        return
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


CHILD = """
import hashlib, json, sys, time
from companion.cli.simulate_morpoly import simulate
games, players, options = int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
started = time.process_time()
results, _ = simulate(games, players, 1, options)
seconds = time.process_time() - started
games_played = repr([(r.seed, r.reason, r.winner, r.turns, r.inputs, r.takeovers) for r in results])
print(json.dumps({"seconds": seconds, "inputs": sum(r.inputs for r in results),
                  "digest": hashlib.sha256(games_played.encode()).hexdigest()[:16]}))
"""
"""One run of ``simulate`` in a checkout (its own default checks; the signature every version has)."""


def run_in(checkout: Path, games: int, players: int, options: dict[str, str]) -> tuple[float, float, str]:
    """Games per CPU second, CPU µs per input and the digest of the games, in a fresh process."""
    done = subprocess.run([sys.executable, "-c", CHILD, str(games), str(players), json.dumps(options)], cwd=checkout,
                          env={"PYTHONPATH": str(checkout), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
                          check=True)
    got = json.loads(done.stdout)
    return games / got["seconds"], got["seconds"] * 1e6 / got["inputs"], got["digest"]


def against(other: Path, games: int, player_counts: list[int], rounds: int) -> None:
    """This checkout against ``other``, interleaved: the checked games per CPU second, and the games."""
    here = Path(__file__).resolve().parents[1]
    checkouts = {"this": here, "against": other}
    rates: dict[tuple[str, int], list[float]] = {}
    digests: dict[tuple[str, int], set[str]] = {}
    for round_number in range(1, rounds + 1):
        for players in player_counts:
            order = ["against", "this"] if round_number % 2 else ["this", "against"]
            for name in order:
                rate, us, digest = run_in(checkouts[name], games, players, {})
                rates.setdefault((name, players), []).append(rate)
                digests.setdefault((name, players), set()).add(digest)
                print(f"round {round_number}, {players} players, {name:7} ({checkouts[name]}): {rate:6.1f} games/s CPU,"
                      f" {us:5.1f} µs/input, games {digest}", flush=True)
    print(f"median of {rounds} rounds, {games} games from seed 1, each checkout's default checks, games/s CPU:")
    for players in player_counts:
        before, after = statistics.median(rates[("against", players)]), statistics.median(rates[("this", players)])
        same = digests[("this", players)] == digests[("against", players)] and len(digests[("this", players)]) == 1
        print(f"  {players} players: against {before:6.1f}, this {after:6.1f} = {after / before:.2f} ×;"
              f" same games: {'yes' if same else 'NO'}")
    both = {"fortuna": "on", "elam": "on"}
    for players in player_counts:
        ours, theirs = run_in(here, games, players, both)[2], run_in(other, games, players, both)[2]
        print(f"  fortuna=on, elam=on, {players} players: same games: {'yes' if ours == theirs else 'NO'}"
              f" ({ours}, {theirs})")


if __name__ == "__main__":
    main()
