"""Games per second of the random-play simulator (``ankh-companion simulate``), per player count, on
one core (this process; ``simulate --jobs`` on every core: ``bench_scale.py``).

    python3 benchmarks/bench_simulate.py [GAMES]

Each game goes through ``companion.morpork.game.apply`` one input at a time. Three figures: the
checks as ``play_game`` runs them by default (the totals after every input, the recounts and the
JSON round-trip on a sample of inputs; ``simulate`` also checks every input of every 200th game,
whose share ``bench_scale.py`` adds), every check after every input (``--every-input``), and the
engine alone.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.cli.simulate import play_game  # noqa: E402


def measure(players: int, games: int, check: bool, every_input: bool = False) -> tuple[float, float]:
    rng = random.Random(1)
    started = time.perf_counter()
    steps = sum(play_game(rng, players, check=check, every_input=every_input).steps for _ in range(games))
    seconds = time.perf_counter() - started
    return games / seconds, steps / seconds


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for players in (2, 3, 4):
        checked, inputs_checked = measure(players, games, True)
        every, inputs_every = measure(players, max(1, games // 4), True, every_input=True)
        bare, inputs_bare = measure(players, games, False)
        print(f"{players} players: {checked:.2f} games/s with the sampled checks ({inputs_checked:.0f} inputs/s), "
              f"{every:.2f} games/s with every check after every input ({inputs_every:.0f} inputs/s), "
              f"{bare:.2f} games/s engine only ({inputs_bare:.0f} inputs/s), {games} games")


if __name__ == "__main__":
    main()
