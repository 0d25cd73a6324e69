"""``ankh-companion simulate --mode ankh-morpoly``: whole games of Ankh-Morpoly by random legal play.

    ankh-companion simulate --mode ankh-morpoly [--games N] [--players 2..8] [--seed S]
                            [--option NAME=VALUE]… [--check-every K] [--every-input] [--cap TURNS]
                            [--jobs N]

Game *i* (counting from 0) is played from seed ``S + i`` by :mod:`companion.morpoly.random_play`
(set-up questions answered, most squares bought, eager building, trades that complete groups,
occasional corrections), so any one game is played again alone with ``--seed S+i --games 1``. The
options are the mode's (``ankh-companion game modes``); a time limit is called by the simulated
table when the turn number reaches the limit in minutes (one turn a minute).

``--jobs N`` plays the games in N worker processes at once, as the first game's simulator does
(default: the cores this process may use; ``1``: in this process): the same seed gives the same
games and the same output for any N, but for the games/second figure (wall-clock, the whole run) and
the last line, ``jobs: N`` (how many processes played). Ctrl-C stops the command and its workers
with one line on stderr and exit status 130.

The checks, on the first game's schedule (:mod:`companion.cli.sampled_checks`, shared):

* after every input, the totals (:func:`companion.morpoly.invariants.totals_problems`: money
  conserved — bank + parties, the FSUs' premiums and payouts included —, no party below zero, every
  square's owner a party in the game, one active FSU per pair of parties that never merged, the
  house and hotel supply) and the question (a choice has options; it asks a player of the game);
* after every 16th input and the last (``--check-every K``: every K-th; default
  :data:`WHOLE_SET_EVERY`), the whole set (:func:`companion.morpoly.invariants.check_invariants`:
  each square owned by a party, no mortgaged or split group built on, tokens and parties agreeing,
  a get-out-of-jail card held once, the FSU ledger sound — each contract, its parties and holder
  in the game, one active FSU per ordered pair of parties that never merged (R17) —, Fortuna and
  ELAM …);
* after every 128th input and the last (every ``8·K``-th, :data:`ROUND_TRIP_EVERY_SAMPLE`), the
  position's round-trip through ``ankh-morpoly-state/1``;
* every check after every input of every 200th game of a run (the game of seed ``S + 199``, …) and
  of every game with ``--every-input``.

A slip a sample meets is traced back: the game is played again from its seed with every check after
every input, and the report names the input after which the slip first shows (and after which input
the sample met it). A slip that a later input mends before the next sample is missed outside the
fully checked games. ``--check-every 1`` is the old default: the whole set after every input (the
round-trip after every 8th; it was every 16th).

A game still running at ``--cap`` turns (default 2,000) is stopped (its last input checked in full)
and reported as a finding with its seed; it does not change the exit status. Output: one line per
figure (games, options, the checks, games/second, inputs and turns per game, how games ended,
takeovers, the distribution of game lengths in turns, findings), and last ``jobs: N``. The checks'
line begins as it did before the sampling, with when the whole set ran: ``invariant checks: after
every 16th input and the last (the state-format round-trip after every 128th and the last); the
totals (money, square owners, one FSU per pair, houses and hotels) after every input; every check
after every input of every 200th game`` (``after every input (…)`` with ``--check-every 1``; ``after every input (the state-format round-trip after every
input too); every check after every input of every game (--every-input)``). Exit status 0; 1 on an
invariant violation, an input the engine refused or an error the engine raised, as one line on
stderr: ``invariant violation (P players): seed X, input N (question key answered input): what
broke``, X the game's own seed (``--seed X --games 1`` plays it alone), N its input counted from 1,
and a sampled slip adds ``(the sampled checks met it after input M; …)`` — the lowest-numbered game's,
whatever ``--jobs`` is; 1 also when a worker process ends without its games' results, with one line
saying so; 2 on bad arguments; 130 on Ctrl-C.
"""
from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import NoReturn

from companion.cli.bounds import one_line, parse_options, whole
from companion.cli.sampled_checks import (
    FULL_CHECK_GAMES_EVERY, InvariantViolation, Sampling, add_every_input, add_jobs, every, game_seed, ordinal,
    play_games, run_and_report, slipped,
)
from companion.core.errors import CompanionError
from companion.core.mode import resolve_options
from companion.morpoly.game import Game, apply
from companion.morpoly.game_end import ONE_PARTY_LEFT, TIME_LIMIT
from companion.morpoly.invariants import Memo, check_invariants, totals_problems
from companion.morpoly.mode import MODE, OPTIONS
from companion.morpoly.random_play import PLAYERS, random_input

MODE_ID = "ankh-morpoly"
CAP_TURNS = 2000
PAST_CAP = "past the cap"
TAKEOVER_KEYS = ("morpoly.takeover.merged", "morpoly.takeover.auctioned", "morpoly.takeover.out")
"""One of these is said once for every party that is taken over (by a creditor or at an auction) or
leaves the game (no bidder; bankruptcy in standard Monopoly)."""
LENGTH_BUCKETS = (50, 100, 150, 200, 300, 500, 1000, 2000)


WHOLE_SET_EVERY = 16
"""The whole set of invariants (some 7 µs, against the engine's some 50 µs an input) runs after every
16th input and the last (``--check-every``); the totals (some 5 µs) after every input. What the
whole set catches persists (a square does not change owner back by itself), so the next sample
meets it and the replay names the input that made it."""

ROUND_TRIP_EVERY_SAMPLE = 8
"""Of the whole set's samples, every 8th (every 128th input by default, and the last) also
round-trips the position through its JSON form: that alone costs more than an input of the engine."""

CHECK_NAMES = ("the totals (money, square owners, one FSU per pair, houses and hotels)", "the whole set",
               "the state-format round-trip")
"""The three weights of the checks in this game's words (the output and the help)."""


def sampling(check_every: int) -> Sampling:
    """The schedule of ``--check-every K``: the whole set every K-th input, the round-trip every 8·K-th."""
    return Sampling(check_every, check_every * ROUND_TRIP_EVERY_SAMPLE)


@dataclass(frozen=True)
class GameResult:
    seed: int
    reason: str
    winner: str | None
    turns: int
    inputs: int
    takeovers: int


def play_game(seed: int, players: int, options: dict[str, str], check_every: int = WHOLE_SET_EVERY,
              cap: int = CAP_TURNS, every_input: bool = False, check: bool = True) -> GameResult:
    """One game from ``seed`` to its end or past ``cap`` turns, checked on the schedule of
    ``check_every`` (:func:`sampling`), or every check after every input with ``every_input``, or
    not at all without ``check``; raises :class:`InvariantViolation` naming the input (``step``)
    after which the slip first shows: a slip a sample meets is traced back by playing the game
    again from ``seed`` with every check after every input.

    The cyclic garbage collector is paused for the game (as a journal's replay pauses it,
    :func:`companion.core.session.fold`): a game makes hundreds of thousands of short-lived
    containers, which it kept walking (some 6 % of a game's CPU time, 3 % of its instructions)
    to find a handful of cycles a game; those it frees after the game."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _played(seed, players, options, check_every, cap, every_input, check)
    finally:
        if collecting:
            gc.enable()


def _played(seed: int, players: int, options: dict[str, str], check_every: int, cap: int, every_input: bool,
            check: bool) -> GameResult:
    """:func:`play_game` itself."""
    rng = random.Random(seed)
    game: Game = MODE.new_game(list(PLAYERS[:players]), options, None)
    schedule = sampling(check_every)
    whole_every = schedule.whole_every
    inputs = 0
    memo = Memo()  # this game's: the squares and the ledger are checked again only when they changed
    question = game.current_question  # the field the ``question`` property reads (a call, four an input)
    while question is not None and game.state.turn.number <= cap:
        inp = random_input(game, rng)
        inputs += 1
        try:
            try:
                # the simulator drops each game at the next input and never goes back: no copy of the
                # table per input, nor per turn
                game = apply(game, inp, snapshot=False, replayable=False)
            except CompanionError as exc:
                raise InvariantViolation(f"the engine refused it: {exc}") from exc
            except Exception as exc:  # an engine bug: reported with its seed and input, not as a traceback
                raise InvariantViolation(f"the engine raised {exc!r}") from exc
            if check:
                state = game.state
                asked = game.current_question
                last = asked is None or state.turn.number > cap
                problems = totals_problems(state, memo)
                if not problems and (every_input or last or inputs % whole_every == 0):  # schedule.whole
                    problems = check_invariants(state, schedule.round_trip(inputs, last, every_input), memo)
                # question_problems, its usual answer found without a call: a choice with options, or a
                # roll, asking a seated player or the table
                if (asked is None or (asked.kind == "choice" and not asked.options)
                        or (asked.player is not None and asked.player not in state.seating)):
                    problems += question_problems(game)
                if problems:
                    raise InvariantViolation("; ".join(problems))
        except InvariantViolation as exc:
            replay = None if every_input or not check else _replay(seed, players, options, check_every, cap)
            raise slipped(inputs, question.key, inp, exc, replay, unit="input") from exc
        question = game.current_question
    over = game.state.game_over
    narration = game.narration
    keys = [line.key for line in narration[:len(narration)]]  # a list of the keys, counted in C
    takeovers = sum(keys.count(key) for key in TAKEOVER_KEYS)
    if over is None:
        return GameResult(seed, PAST_CAP, None, game.state.turn.number, inputs, takeovers)
    return GameResult(seed, over.reason, over.winner, game.state.turn.number, inputs, takeovers)


def _replay(seed: int, players: int, options: dict[str, str], check_every: int, cap: int) -> Callable[[], object]:
    """The game of ``seed``, played again with every check after every input."""
    return lambda: play_game(seed, players, options, check_every, cap, every_input=True)


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


def simulate(games: int, players: int, seed: int, options: dict[str, str] | None = None,
             check_every: int = WHOLE_SET_EVERY, cap: int = CAP_TURNS, every_input: bool = False,
             check: bool = True, jobs: int = 1) -> tuple[list[GameResult], float]:
    """``games`` games, game ``G`` (from 1) from seed ``seed + G - 1``
    (:func:`companion.cli.sampled_checks.game_seed`); every check after every input of every
    :data:`FULL_CHECK_GAMES_EVERY`-th game (of every game with ``every_input``), in ``jobs`` processes
    (1: this one; the same results and the same violation for any ``jobs``). A violation names its
    game's seed and input. The seconds are wall-clock, the whole run."""
    started = time.perf_counter()
    results = play_games(
        games, partial(_game_of_run, seed, players, options or {}, check_every, cap, check), every_input,
        FULL_CHECK_GAMES_EVERY, name=lambda number: f"seed {game_seed(seed, number)}", jobs=jobs)
    return results, time.perf_counter() - started


def _game_of_run(seed: int, players: int, options: dict[str, str], check_every: int, cap: int, check: bool,
                 number: int, every_input: bool) -> GameResult:
    """Game ``number`` of the run from ``seed`` (a module's function: it is handed to worker processes)."""
    return play_game(game_seed(seed, number), players, options, check_every, cap, every_input, check)


def checks_line(check_every: int, every_input: bool) -> str:
    """What the run checked, in words: the line begins as it always did (``after every input`` or
    ``after every Kth input and the last``, then the round-trip in brackets: when the whole set
    runs), then says what else runs when."""
    if every_input:
        return ("invariant checks: after every input (the state-format round-trip after every input too);"
                " every check after every input of every game (--every-input)")
    schedule = sampling(check_every)
    whole = "after every input" if check_every == 1 else f"after {every(check_every)} and the last"
    return (f"invariant checks: {whole} (the state-format round-trip after every"
            f" {ordinal(schedule.round_trip_every)} and the last); {CHECK_NAMES[0]} after every input;"
            f" every check after every input of every {ordinal(FULL_CHECK_GAMES_EVERY)} game")


def violation_line(players: int, violation: InvariantViolation) -> str:
    """The one line on stderr, as it always was: ``invariant violation (P players): seed X, input N
    (…): what broke``, X the game's own seed (``--seed X --games 1`` plays it alone)."""
    return f"invariant violation ({players} players): {violation}"


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
                  check_every: int, cap: int, every_input: bool = False) -> list[str]:
    n = len(results)
    chosen = ", ".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
    reasons = Counter(r.reason for r in results)
    lines = [f"games: {n} ({players} players, seed {seed}, mode {MODE_ID})",
             f"options: {chosen}",
             checks_line(check_every, every_input),
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
    parser.add_argument("--check-every", type=whole("--check-every", 1, 1_000_000), default=WHOLE_SET_EVERY,
                        metavar="K", help=f"run the whole set of invariants after every K-th input and the last, the"
                                          f" state-format round-trip after every {ROUND_TRIP_EVERY_SAMPLE}·K-th"
                                          f" (default {WHOLE_SET_EVERY}; 1: the whole set after every input); the"
                                          " totals run after every input")
    add_every_input(parser, sampling(WHOLE_SET_EVERY), *CHECK_NAMES)
    parser.add_argument("--cap", type=whole("--cap", 1, 1_000_000), default=CAP_TURNS, metavar="TURNS",
                        help=f"stop a game still running after TURNS turns and report it (default {CAP_TURNS})")
    add_jobs(parser)
    try:
        args = parser.parse_args(argv)
        options = parse_options(args.option)
        resolve_options(OPTIONS, options)
    except (ValueError, CompanionError) as exc:
        sys.stderr.write(one_line(str(exc)) + "\n")
        return 2

    def run() -> list[str]:
        results, seconds = simulate(args.games, args.players, args.seed, options, args.check_every, args.cap,
                                    args.every_input, jobs=args.jobs)
        return summary_lines(results, seconds, args.players, args.seed, options, args.check_every, args.cap,
                             args.every_input)
    return run_and_report(parser.prog, run, lambda exc: one_line(violation_line(args.players, exc)), args.games,
                          args.jobs)
