"""Games and inputs per second of Ankh-Morpoly with the optional rules on: Fortuna, ELAM, both.

    python3 benchmarks/bench_morpoly_elam.py [GAMES]

Like ``bench_morpoly.py`` (random legal play through ``companion.morpoly.game.apply``, capped at
3,000 inputs), with every invariant checked after each input and with the engine alone, and how the
games ended: by takeover or elimination (one party left), or at the cap.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.morpoly.random_play import play  # noqa: E402
from timing import games_parser  # noqa: E402

SETTINGS = {
    "fortuna": {"fortuna": "on"},
    "elam": {"elam": "on"},
    "fortuna+elam": {"fortuna": "on", "elam": "on"},
}


def measure(players: int, games: int, options: dict[str, str], check: bool) -> tuple[float, float, int, int]:
    started = time.perf_counter()
    inputs = ended = turns = 0
    for seed in range(games):
        game, made = play(seed, players, {"edition": "us", "base": "variant", **options}, cap=3000, check=check)
        inputs += len(made)
        ended += game.is_over
        turns += game.state.turn.number
    seconds = time.perf_counter() - started
    return games / seconds, inputs / seconds, ended, turns // games


def main() -> None:
    games = games_parser(__doc__, 10).parse_args().games
    for name, options in SETTINGS.items():
        for players in (2, 3, 4):
            checked, inputs_checked, ended, turns = measure(players, games, options, True)
            bare, inputs_bare, _, _ = measure(players, games, options, False)
            print(f"{name}, {players} players: {checked:.2f} games/s checked ({inputs_checked:.0f} inputs/s), "
                  f"{bare:.2f} games/s engine only ({inputs_bare:.0f} inputs/s); {ended}/{games} ended with one "
                  f"party left, {turns} turns on average")


if __name__ == "__main__":
    main()
