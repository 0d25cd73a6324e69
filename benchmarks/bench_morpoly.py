"""Games and inputs per second of Ankh-Morpoly's engine under random legal play.

    python3 benchmarks/bench_morpoly.py [GAMES]

Each game goes through ``companion.morpoly.game.apply`` one input at a time (random legal inputs from
``companion.morpoly.random_play``, capped at 3,000 inputs), once with every invariant checked after
each input and once with the engine alone. Standard Monopoly and the variant's base rules.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.morpoly.random_play import play  # noqa: E402
from timing import games_parser  # noqa: E402


def measure(players: int, games: int, base: str, check: bool) -> tuple[float, float, int]:
    started = time.perf_counter()
    inputs = ended = 0
    for seed in range(games):
        game, made = play(seed, players, {"edition": "us", "base": base}, cap=3000, check=check)
        inputs += len(made)
        ended += game.is_over
    seconds = time.perf_counter() - started
    return games / seconds, inputs / seconds, ended


def main() -> None:
    games = games_parser(__doc__, 10).parse_args().games
    for base in ("standard", "variant"):
        for players in (2, 3, 4):
            checked, inputs_checked, ended = measure(players, games, base, True)
            bare, inputs_bare, _ = measure(players, games, base, False)
            print(f"{base}, {players} players: {checked:.2f} games/s checked ({inputs_checked:.0f} inputs/s), "
                  f"{bare:.2f} games/s engine only ({inputs_bare:.0f} inputs/s); {ended}/{games} ended by takeover")


if __name__ == "__main__":
    main()
