"""Taps per turn: what the table answers for the same simulated games under rules revision 1 (one
interrupt prompt per opponent, forced choices asked) and revision 2 (one "anyone interrupt?" window,
forced choices taken and narrated).

    python3 benchmarks/bench_taps.py [--games 20] [--players 4] [--seed 1] [--before 1] [--after 2]

Revision 3 changed play itself (Cosmo Lavish's removal, a City Area power offered before a symbol
with no option, texts without a target skipped), so its games are not the same games as revision
1's or 2's: ``--after 3`` prints its taps per turn, and says "NO" to the same games (exit status 1).

Both revisions are played in this one process from the same seed: the simulator's table
(``companion.cli.simulate``) deals the same cards, rolls the same dice and makes the same decisions
(its interrupt decisions come from a stream of their own, player by player), so each game reaches
the same end under both revisions — checked here, game by game — and only what it is asked differs.

A **tap** is an answer the table gives on the screen (an ``answer`` input); die rolls and card scans
are counted apart (a table without a camera taps a card in the list instead of scanning it, so the
taps-and-scans figure is given as well). Printed: per revision the inputs of each kind per turn, then
the ratios after / before; and the taps on the turns where revision 2 opened one window for several
opponents (the turns the change is for), before and after.
"""
from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.cli.simulate import play_game  # noqa: E402
from companion.core.inputs import Answer, CardScan, DieRoll, Input  # noqa: E402
from companion.morpork.game import Game  # noqa: E402
from companion.morpork.revisions import FIRST, LATEST, SINGLE_WINDOW  # noqa: E402

INTERRUPT_KEYS = ("interrupt.window", "interrupt.anyone", "interrupt.event-window")


def count(revision: int, games: int, players: int, seed: int,
          ) -> tuple[Counter[str], int, list[tuple[str, int]], Counter[tuple[int, int]], set[tuple[int, int]]]:
    """Inputs by kind over ``games`` games from ``seed`` under ``revision``, the turns played, each
    game's end (reason, turn) to compare the revisions by, the taps per (game, turn), and the
    (game, turn) pairs that asked one window for several opponents."""
    counts: Counter[str] = Counter()
    per_turn: Counter[tuple[int, int]] = Counter()
    windows: set[tuple[int, int]] = set()
    playing = [0]

    def on_input(game: Game, inp: Input) -> None:
        question = game.question
        assert question is not None
        if isinstance(inp, DieRoll):
            counts["rolls"] += 1
        elif isinstance(inp, CardScan):
            counts["scans"] += 1
        elif isinstance(inp, Answer):
            counts["taps"] += 1
            per_turn[playing[0], game.state.turn.number] += 1
            if question.key == "interrupt.anyone":
                windows.add((playing[0], game.state.turn.number))
            if question.key in INTERRUPT_KEYS:
                counts["interrupt taps"] += 1
        else:
            counts["draws"] += 1

    rng = random.Random(seed)
    ends = []
    turns = 0
    for index in range(games):
        playing[0] = index
        result = play_game(rng, players, revision=revision, check=False, on_input=on_input)
        turns += result.turns
        ends.append((result.reason + ":" + ",".join(result.winners), result.turns))
    return counts, turns, ends, per_turn, windows


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--before", type=int, choices=range(FIRST, LATEST + 1), default=FIRST)
    parser.add_argument("--after", type=int, choices=range(FIRST, LATEST + 1), default=SINGLE_WINDOW)
    args = parser.parse_args(argv)
    before, turns_before, ends_before, taps_before, _ = count(args.before, args.games, args.players, args.seed)
    after, turns_after, ends_after, taps_after, windows = count(args.after, args.games, args.players, args.seed)
    same = ends_before == ends_after
    print(f"games: {args.games} ({args.players} players, seed {args.seed}); turns: {turns_before} / {turns_after}; "
          f"same games under both revisions: {'yes' if same else 'NO'}")
    kinds = ("taps", "interrupt taps", "scans", "rolls")
    for name, counts, turns in ((f"revision {args.before} (before)", before, turns_before),
                                (f"revision {args.after} (after)", after, turns_after)):
        per_turn = ", ".join(f"{kind} {counts[kind] / turns:.3f}" for kind in kinds)
        print(f"{name}: per turn: {per_turn}; taps+scans {(counts['taps'] + counts['scans']) / turns:.3f}")
    for kind in ("taps", "interrupt taps"):
        print(f"ratio after/before, {kind} per turn: "
              f"{(after[kind] / turns_after) / (before[kind] / turns_before):.3f}")
    both_before = (before["taps"] + before["scans"]) / turns_before
    both_after = (after["taps"] + after["scans"]) / turns_after
    print(f"ratio after/before, taps+scans per turn: {both_after / both_before:.3f}")
    if windows and same:  # the same (game, turn) pairs only when both revisions played the same games
        on_before = sum(taps_before[t] for t in windows) / len(windows)
        on_after = sum(taps_after[t] for t in windows) / len(windows)
        print(f"turns with an 'anyone interrupt?' window: {len(windows)}; taps on them: "
              f"{on_before:.2f} before, {on_after:.2f} after (ratio {on_after / on_before:.3f})")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
