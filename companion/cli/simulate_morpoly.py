"""``ankh-companion simulate --mode ankh-morpoly``: whole games of Ankh-Morpoly by random legal play.

    ankh-companion simulate --mode ankh-morpoly [--games N] [--players 2..8] [--seed S]
                            [--option NAME=VALUE]… [--check-every K] [--cap TURNS]

Game *i* (counting from 0) is played from seed ``S + i`` by :mod:`companion.morpoly.random_play`
(set-up questions answered, most squares bought, eager building, trades that complete groups,
occasional corrections), so any one game is played again alone with ``--seed S+i --games 1``. The
options are the mode's (``ankh-companion game modes``); a time limit is called by the simulated
table when the turn number reaches the limit in minutes (one turn a minute).

After every input (``--check-every 1``, the default) the table's invariants are checked
(:func:`companion.morpoly.invariants.check_invariants`: money conserved, squares owned by parties,
the house and hotel supply, tokens and parties agreeing …) and the question is sound (a choice has
options; it asks a player of the game); the position's round-trip through ``ankh-morpoly-state/1``
after every 16th checked input and the last (:data:`ROUND_TRIP_EVERY`). ``--check-every K`` checks
after every K-th input and after the last, for speed; a broken invariant persists, so a sample
still catches it, later.

A game still running at ``--cap`` turns (default 2,000) is stopped and reported as a finding with its
seed; it does not change the exit status. Output: one line per figure (games, options, games/second,
inputs and turns per game, how games ended, takeovers, the distribution of game lengths in turns,
findings). Exit status 0; 1 on an invariant violation or an input the engine refused (seed, input
number, what broke, on stderr); 2 on bad arguments.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

from companion.cli.bounds import one_line, whole
from companion.core.errors import CompanionError
from companion.core.mode import resolve_options
from companion.morpoly.game import Game, apply
from companion.morpoly.game_end import ONE_PARTY_LEFT, TIME_LIMIT
from companion.morpoly.invariants import Memo, check_invariants
from companion.morpoly.mode import MODE, OPTIONS
from companion.morpoly.random_play import PLAYERS, random_input

MODE_ID = "ankh-morpoly"
CAP_TURNS = 2000
PAST_CAP = "past the cap"
TAKEOVER_KEYS = ("morpoly.takeover.merged", "morpoly.takeover.auctioned", "morpoly.takeover.out")
"""One of these is said once for every party that is taken over (by a creditor or at an auction) or
leaves the game (no bidder; bankruptcy in standard Monopoly)."""
LENGTH_BUCKETS = (50, 100, 150, 200, 300, 500, 1000, 2000)


ROUND_TRIP_EVERY = 16
"""Of the checked inputs, every 16th (and the last) also round-trips the position through its JSON
form: that alone cost more than the engine (two thirds of the checks), and a position that does not
round-trip stays so until the next sample — as in the first game's simulator."""


class InvariantViolation(AssertionError):
    """The engine broke an invariant or refused a legal input."""


@dataclass(frozen=True)
class GameResult:
    seed: int
    reason: str
    winner: str | None
    turns: int
    inputs: int
    takeovers: int


def play_game(seed: int, players: int, options: dict[str, str], check_every: int = 1,
              cap: int = CAP_TURNS) -> GameResult:
    """One game from ``seed`` to its end or past ``cap`` turns; raises :class:`InvariantViolation`."""
    rng = random.Random(seed)
    game: Game = MODE.new_game(list(PLAYERS[:players]), options, None)
    inputs = 0
    memo = Memo()  # this game's: the squares and the ledger are checked again only when they changed
    while game.question is not None and game.state.turn.number <= cap:
        inp = random_input(game, rng)
        inputs += 1
        try:
            # the simulator drops each game at the next input: no copy of the table per input
            game = apply(game, inp, snapshot=False)
        except CompanionError as exc:
            raise InvariantViolation(f"seed {seed}, input {inputs}: {inp!r} refused: {exc}") from exc
        except Exception as exc:  # an engine bug: reported with its seed, not as a traceback
            raise InvariantViolation(f"seed {seed}, input {inputs}: {inp!r} raised {exc!r}") from exc
        last = game.question is None
        if inputs % check_every == 0 or last:
            round_trip = inputs % (check_every * ROUND_TRIP_EVERY) == 0 or last
            problems = check_invariants(game.state, round_trip, memo) + question_problems(game)
            if problems:
                raise InvariantViolation(f"seed {seed}, input {inputs} {inp!r}: {'; '.join(problems)}")
    over = game.state.game_over
    takeovers = sum(1 for line in game.narration if line.key in TAKEOVER_KEYS)
    if over is None:
        return GameResult(seed, PAST_CAP, None, game.state.turn.number, inputs, takeovers)
    return GameResult(seed, over.reason, over.winner, game.state.turn.number, inputs, takeovers)


def question_problems(game: Game) -> list[str]:
    question = game.question
    if question is None:
        return [] if game.state.game_over is not None else ["no question, but the game is not over"]
    out = []
    if question.kind == "choice" and not question.options:
        out.append(f"{question.key!r} has no option")
    if question.player is not None and question.player not in game.state.seating:
        out.append(f"{question.key!r} asks {question.player!r}, who is not playing")
    return out


def simulate(games: int, players: int, seed: int, options: dict[str, str] | None = None, check_every: int = 1,
             cap: int = CAP_TURNS) -> tuple[list[GameResult], float]:
    started = time.perf_counter()
    results = [play_game(seed + i, players, options or {}, check_every, cap) for i in range(games)]
    return results, time.perf_counter() - started


def length_lines(turns: Sequence[int]) -> list[str]:
    """The distribution of game lengths: quantiles, then a count per bucket of turns."""
    ordered = sorted(turns)
    def at(q: float) -> int:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
    lines = [f"game length (turns): min {ordered[0]}, p10 {at(0.1)}, p25 {at(0.25)}, median {at(0.5)}, "
             f"p75 {at(0.75)}, p90 {at(0.9)}, max {ordered[-1]}, mean {statistics.fmean(ordered):.1f}"]
    low = 0
    for high in LENGTH_BUCKETS:
        count = sum(1 for t in ordered if low < t <= high)
        lines.append(f"  turns {low + 1}-{high}: {count}")
        low = high
    lines.append(f"  turns over {low}: {sum(1 for t in ordered if t > low)}")
    return lines


def summary_lines(results: list[GameResult], seconds: float, players: int, seed: int, options: dict[str, str],
                  check_every: int, cap: int) -> list[str]:
    n = len(results)
    chosen = ", ".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
    reasons = Counter(r.reason for r in results)
    lines = [f"games: {n} ({players} players, seed {seed}, mode {MODE_ID})",
             f"options: {chosen}",
             f"invariant checks: {'after every input' if check_every == 1 else f'after every {check_every}th input and the last'}"
             f" (the state-format round-trip after every {check_every * ROUND_TRIP_EVERY}th and the last)",
             f"games/second: {n / seconds:.2f}" if seconds > 0 else "games/second: inf",
             f"inputs/game: {sum(r.inputs for r in results) / max(n, 1):.1f}",
             f"turns/game: {sum(r.turns for r in results) / max(n, 1):.1f}",
             f"parties taken over or out/game: {sum(r.takeovers for r in results) / max(n, 1):.2f}",
             f"ended by one party left: {reasons.get(ONE_PARTY_LEFT, 0)}",
             f"ended by the time limit: {reasons.get(TIME_LIMIT, 0)}",
             f"past the cap of {cap} turns: {reasons.get(PAST_CAP, 0)}"]
    winners = Counter(r.winner for r in results if r.winner is not None)
    lines.append("winners: " + (", ".join(f"{w} {c}" for w, c in sorted(winners.items())) or "none"))
    lines.extend(length_lines([r.turns for r in results]))
    lines.extend(f"finding: the game of seed {r.seed} ran past {cap} turns (replay: --seed {r.seed} --games 1)"
                 for r in results if r.reason == PAST_CAP)
    return lines


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise ValueError(f"{self.prog}: {message}")


def main(argv: list[str]) -> int:
    parser = _Parser(prog="ankh-companion simulate --mode ankh-morpoly",
                     description="Random legal games of Ankh-Morpoly, checking the engine's invariants.")
    parser.add_argument("--games", type=whole("--games", 1, 1_000_000), default=100)
    parser.add_argument("--players", type=whole("--players", 2, len(PLAYERS)), default=4)
    parser.add_argument("--seed", type=whole("--seed", 0, 2**62), default=1)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule option of the mode (repeatable; see 'game modes')")
    parser.add_argument("--check-every", type=whole("--check-every", 1, 1_000_000), default=1, metavar="K",
                        help="check the invariants after every K-th input and the last (default 1: every input)")
    parser.add_argument("--cap", type=whole("--cap", 1, 1_000_000), default=CAP_TURNS, metavar="TURNS",
                        help=f"stop a game still running after TURNS turns and report it (default {CAP_TURNS})")
    try:
        args = parser.parse_args(argv)
        options = parse_options(args.option)
        resolve_options(OPTIONS, options)
    except (ValueError, CompanionError) as exc:
        sys.stderr.write(one_line(str(exc)) + "\n")
        return 2
    try:
        results, seconds = simulate(args.games, args.players, args.seed, options, args.check_every, args.cap)
    except InvariantViolation as exc:
        sys.stderr.write(one_line(f"invariant violation ({args.players} players): {exc}") + "\n")
        return 1
    for line in summary_lines(results, seconds, args.players, args.seed, options, args.check_every, args.cap):
        print(line)
    return 0


def parse_options(pairs: list[str]) -> dict[str, str]:
    """``--option NAME=VALUE`` pairs; a malformed one or a name given twice is refused."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"--option {pair!r}: expected NAME=VALUE")
        if name.strip() in options:
            raise ValueError(f"--option {name.strip()!r} is given twice")
        options[name.strip()] = value.strip()
    return options
