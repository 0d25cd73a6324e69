"""Games per second of the random-play simulator (``ankh-companion simulate``), per player count, on
one core (this process; ``simulate --jobs`` on every core: ``bench_scale.py``).

    python3 benchmarks/bench_simulate.py [GAMES] [--players 2,3,4]

Each game goes through ``companion.morpork.game.apply`` one input at a time. Three figures: the
checks as ``play_game`` runs them by default (the totals after every input, the recounts and the
JSON round-trip on a sample of inputs; ``simulate`` also checks every input of every 200th game,
whose share ``bench_scale.py`` adds), every check after every input (``--every-input``), and the
engine alone. Each is also given as a ratio: the checked runs against the engine alone (the
baseline, measured in the same process), and the 4-player figures against issue 16's targets
(checked 200 games/s, engine only 400).
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.cli.simulate import play_game  # noqa: E402
from timing import games_parser  # noqa: E402


def measure(players: int, games: int, check: bool, every_input: bool = False) -> tuple[float, float]:
    rng = random.Random(1)
    started = time.perf_counter()
    steps = sum(play_game(rng, players, check=check, every_input=every_input).steps for _ in range(games))
    seconds = time.perf_counter() - started
    return games / seconds, steps / seconds


TARGETS = {"checked": 200.0, "engine only": 400.0}
"""Issue 16's goals for ``simulate --games 200 --players 4``, games per second."""


def main() -> None:
    parser = games_parser(__doc__, 20)
    parser.add_argument("--players", default="2,3,4", help="player counts, comma-separated (default 2,3,4)")
    args = parser.parse_args()
    try:
        counts = [int(p) for p in args.players.split(",")]
    except ValueError:
        parser.error(f"--players takes counts such as 2,3,4, not {args.players!r}")
    if any(not 2 <= p <= 4 for p in counts):
        parser.error(f"games of 2 to 4 players, not {args.players!r}")
    for players in counts:
        checked, inputs_checked = measure(players, args.games, True)
        every, inputs_every = measure(players, max(1, args.games // 4), True, every_input=True)
        bare, inputs_bare = measure(players, args.games, False)
        print(f"{players} players: {checked:.2f} games/s with the sampled checks ({inputs_checked:.0f} inputs/s), "
              f"{every:.2f} games/s with every check after every input ({inputs_every:.0f} inputs/s), "
              f"{bare:.2f} games/s engine only ({inputs_bare:.0f} inputs/s), {args.games} games")
        print(f"  against the engine alone: sampled checks {checked / bare:.2f} ×, every check {every / bare:.2f} ×"
              + (f"; of issue 16's targets: checked {checked / TARGETS['checked']:.2f},"
                 f" engine only {bare / TARGETS['engine only']:.2f}" if players == 4 else ""))


if __name__ == "__main__":
    main()
