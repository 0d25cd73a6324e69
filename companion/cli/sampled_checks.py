"""The simulators' checks on a schedule, the same for every game (``ankh-companion simulate`` and
``simulate --mode ankh-morpoly``); what is checked is each game's own (its invariants module).

A simulator checks its engine after inputs, and a check that runs after every input can cost as
much as the engine. So the checks come in three weights:

* the **totals**, a few sums cheap enough for after every input (money conserved, the supply);
* the **whole set**, every invariant recounted from the position, after every ``whole_every``-th
  input and the last (:class:`Sampling`);
* the **round-trip** of the position through its JSON, after every ``round_trip_every``-th input
  and the last;

and every check runs after every input of every :data:`FULL_CHECK_GAMES_EVERY`-th game of a run, and
of every game with ``--every-input`` (:func:`play_games`).

A slip that a sample meets may have happened some inputs earlier. The game is then played again
from its start (the simulator keeps what it needs: the random state, or the seed) with every check
after every input, and the report names the input after which the slip first shows — the one
``--every-input`` stops at — adding after which input the sample met it (:func:`slipped`). A slip
that a later input mends before the next sample is missed outside the fully checked games.

Game G of a run from seed S plays from seed S + G - 1 (:func:`game_seed`), so a game depends on its
number alone, and the games can be played in worker processes (``--jobs``, :func:`play_games`): the
same seed gives the same results and the same report on any number of cores.

The report is one line, and the command exits 1. The first game's simulator writes
``invariant violation (seed S, P players): game G, step N (question key answered input): what
broke; game G alone: --seed X --games 1 --every-input`` (:func:`report_line`; games are counted from
1, steps are the inputs of the game counted from 1, X the game's own seed); the second game's keeps
the line it always wrote, ``invariant violation (P players): seed X, input N (question key answered
input): what broke`` (``simulate_morpoly.violation_line``), X the game's own seed (``play_games``'
``name`` and ``alone`` and ``slipped``'s ``unit`` give the words).
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TypeVar

from companion.cli.bounds import one_line, whole
from companion.cli.exit_status import INTERRUPTED_STATUS

FULL_CHECK_GAMES_EVERY = 200
"""Every 200th game of a run (the 200th, the 400th, …) runs every check after every input, so a slip
that a later input mends before the next sample is still met in a sample of games. Such a game costs
a few sampled ones (the round-trip after every input), so the sample adds about 1–2 % to a run."""

R = TypeVar("R")


class InvariantViolation(AssertionError):
    """The engine and the real table disagree, a position is impossible, or the engine refused or
    failed on a legal input."""


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, …, ``11th``, ``12th``, ``13th``, ``21st``, ``128th``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def every(n: int) -> str:
    """``every input`` or ``every 16th input``."""
    return "every input" if n == 1 else f"every {ordinal(n)} input"


@dataclass(frozen=True)
class Sampling:
    """After which inputs of a game the whole set and the round-trip run (the totals run after every
    input); both after the last input, and after every input with ``every_input``."""

    whole_every: int
    round_trip_every: int

    def whole(self, step: int, last: bool, every_input: bool) -> bool:
        """Whether the whole set runs after input ``step`` (``last``: the game is over)."""
        return every_input or last or step % self.whole_every == 0

    def round_trip(self, step: int, last: bool, every_input: bool) -> bool:
        """Whether the round-trip runs after input ``step``."""
        return every_input or last or step % self.round_trip_every == 0

    def describe(self, totals: str, whole: str, round_trip: str,
                 full_games_every: int = FULL_CHECK_GAMES_EVERY) -> str:
        """The schedule in words, for help texts and the simulators' output; each check named by
        the caller (what it is in its game)."""
        return (f"{totals} after every input, {whole} after {every(self.whole_every)} and the last,"
                f" {round_trip} after {every(self.round_trip_every)} and the last, every check after every"
                f" input of every {ordinal(full_games_every)} game")


def game_number(number: int) -> str:
    """``game G``: how the first game's simulator names a game of its run."""
    return f"game {number}"


def game_seed(seed: int, number: int) -> int:
    """The seed game ``number`` (counted from 1) of a run from ``--seed seed`` is played from: ``seed +
    number - 1``, in both simulators. Each game draws from its own random stream, so a game does not
    depend on the games before it: any one is played again alone (``--seed X --games 1``), and the
    games of a run can be played in any order, on any number of cores, and give the same report."""
    return seed + number - 1


def default_jobs() -> int:
    """``--jobs``' default: the cores this process may run on (``os.sched_getaffinity``; a container or
    ``taskset`` may allow fewer than the machine has)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1  # pragma: no cover - not Linux


CHUNK_MOST = 20
"""The most games a worker process is handed at once. A chunk costs a round trip to the worker (some
0.3–0.4 ms measured on this project's 2-core machine, under load, against 10–40 ms a game: 0.2 % of
a chunk of 20); small chunks keep the cores evenly busy to the end of a run and let a violation or
Ctrl-C stop it within a chunk's games."""


def chunk_size(games: int, jobs: int) -> int:
    """Games per chunk: some eight chunks a job, at most :data:`CHUNK_MOST` games."""
    return max(1, min(CHUNK_MOST, -(-games // (jobs * 8))))


def processes(games: int, jobs: int) -> int:
    """How many processes play ``games`` games with ``--jobs jobs``: no more than there are chunks
    (1: the games are played in this process, as with ``--jobs 1``)."""
    return max(1, min(jobs, -(-games // chunk_size(games, jobs))))


def jobs_line(games: int, jobs: int) -> str:
    """The output line saying how many processes played the games (the last line of a run)."""
    ran = processes(games, jobs)
    return f"jobs: {ran}" + ("" if ran == jobs else f" (--jobs {jobs}; {games} game{'s' if games > 1 else ''})")


Slip = tuple[int, InvariantViolation]
"""The number of the game a violation was met in, and the violation."""


def play_games(games: int, play: Callable[[int, bool], R], every_input: bool = False,
               full_games_every: int = FULL_CHECK_GAMES_EVERY, name: Callable[[int], str] = game_number,
               jobs: int = 1, alone: Callable[[int], str] | None = None) -> list[R]:
    """Games ``1`` to ``games``, each ``play(number, checked_at_every_input)``: every check after
    every input in every ``full_games_every``-th game and, with ``every_input``, in every game. A
    violation is raised again naming its game (``name(number)``: ``game G, …``; the second game's
    simulator names the game's seed), followed by ``; `` and ``alone(number)`` when given (how to
    play that game alone).

    With ``jobs`` above 1 the games are played in as many worker processes (:func:`processes`),
    handed out in chunks (:func:`chunk_size`); ``play`` must then pickle (a module's function, or a
    ``functools.partial`` of one). The results come back in game order, and a violation is the one
    of the lowest-numbered game that has one, as in this process: the games after it are not
    played, or their results are dropped. So the same games give the same results and the same
    report whatever ``jobs`` is, as long as each game depends on its number alone."""
    if processes(games, jobs) == 1:
        results, slip = _play_range(play, 1, games + 1, every_input, full_games_every)
    else:
        results, slip = _play_in_processes(play, games, jobs, every_input, full_games_every)
    if slip is not None:
        number, exc = slip
        said = f"{name(number)}, {exc}" + ("" if alone is None else f"; {alone(number)}")
        raise InvariantViolation(said) from exc
    return results


def _play_range(play: Callable[[int, bool], R], first: int, stop: int, every_input: bool,
                full_games_every: int) -> tuple[list[R], Slip | None]:
    """Games ``first`` to ``stop - 1`` in this process, until the first violation."""
    results = []
    for number in range(first, stop):
        try:
            results.append(play(number, every_input or number % full_games_every == 0))
        except InvariantViolation as exc:
            return results, (number, exc)
    return results, None


def _play_in_processes(play: Callable[[int, bool], R], games: int, jobs: int, every_input: bool,
                       full_games_every: int) -> tuple[list[R], Slip | None]:
    """The games in worker processes, forked from this one (what this process has imported and set
    is theirs at once; nothing is pickled to start them). The chunks are submitted in game order and
    their results taken in that order; at a violation, or Ctrl-C in this process, the chunks not yet
    begun are cancelled and the few being played are waited for (a chunk's games)."""
    size = chunk_size(games, jobs)
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(processes(games, jobs), mp_context=context, initializer=_leave_interrupts) as pool:
        chunks: list[Future[tuple[list[R], Slip | None]]] = []
        results: list[R] = []
        try:
            # Ctrl-C held back while the workers are forked (the first submit forks them all), so none
            # is interrupted before it ignores it; one pressed meanwhile is raised as the mask is
            # lifted (pthread_sigmask runs the handlers), inside this try: the chunks are cancelled
            held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                for first in range(1, games + 1, size):
                    chunks.append(pool.submit(_play_range, play, first, min(first + size, games + 1), every_input,
                                              full_games_every))
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, held)
            for chunk in chunks:
                played, slip = chunk.result()
                results += played
                if slip is not None:
                    return results, slip
        except BrokenProcessPool as exc:
            raise WorkerLost(f"a worker process ended before its games were played ({exc}); no report") from exc
        finally:
            for chunk in chunks:
                chunk.cancel()
    return results, None


class WorkerLost(RuntimeError):
    """A worker process ended without its games' results (killed, out of memory): the command says so
    in one line and exits 1, with no report."""


def _leave_interrupts() -> None:
    """A worker ignores Ctrl-C (the terminal sends it to every process of the command): the command's
    own process stops the run, and the workers end when their pool is shut down, with no traceback.
    It was forked with Ctrl-C held back (:func:`_play_in_processes`): ignored now, it is let through."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def slipped(step: int, question_key: str, answered: object | None, what: InvariantViolation,
            replay: Callable[[], object] | None, unit: str = "step") -> InvariantViolation:
    """The violation ``what`` met after input ``step`` (the answer ``answered`` to the question
    ``question_key``; None when the table could not answer), named at its input: ``step N (…)``, or
    ``input N (…)`` with ``unit="input"`` (the second game's simulator's word since its first
    version).

    ``replay`` plays the same game again from its start with every check after every input (None
    when the game was already checked so): a slip that a sample met is then named at the first
    input that shows it, with a note of the input after which the sample met it; a slip that the
    replay does not meet again (an engine that is not deterministic) is reported as found."""
    said = "" if answered is None else f" answered {answered!r}"
    found = InvariantViolation(f"{unit} {step} ({question_key!r}{said}): {what}")
    if replay is None:
        return found
    try:
        replay()
    except InvariantViolation as first:
        if str(first) == str(found):
            return first
        return InvariantViolation(f"{first} (the sampled checks met it after {unit} {step}; the game replayed"
                                  f" with every check after every input stops here)")
    return InvariantViolation(f"{found} (not met again when the game was replayed with every check)")


def report_line(seed: int, players: int, violation: InvariantViolation) -> str:
    """The one line on stderr: ``invariant violation (seed S, P players): game G, step N (…): what broke;
    game G alone: --seed X --games 1 --every-input``."""
    return f"invariant violation (seed {seed}, {players} players): {violation}"


MAX_JOBS = 256
"""The most ``--jobs`` takes: more than any machine the companion runs on has cores; beyond it, a typo."""

INTERRUPTED = "ankh-companion simulate: interrupted (Ctrl-C); no report"
"""The one line on stderr when Ctrl-C stops a run (exit status
:data:`companion.cli.exit_status.INTERRUPTED_STATUS`)."""


def run_and_report(prog: str, run: Callable[[], list[str]], violation_line: Callable[[InvariantViolation], str],
                   games: int, jobs: int) -> int:
    """A simulator command's run and its exit status: ``run()``'s output lines and :func:`jobs_line`
    on stdout, 0; or one line on stderr: the violation (``violation_line``, 1), a lost worker (1),
    Ctrl-C (:data:`INTERRUPTED`, :data:`INTERRUPTED_STATUS`)."""
    try:
        lines = run()
    except InvariantViolation as exc:
        sys.stderr.write(violation_line(exc) + "\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write(INTERRUPTED + "\n")
        return INTERRUPTED_STATUS
    except WorkerLost as exc:
        sys.stderr.write(one_line(f"{prog}: {exc}") + "\n")
        return 1
    for line in lines:
        print(line)
    print(jobs_line(games, jobs))
    return 0


def add_jobs(parser: argparse.ArgumentParser) -> None:
    """The ``--jobs N`` option: how many processes play the games (default: the cores this process
    may use, :func:`default_jobs`)."""
    cores = default_jobs()
    parser.add_argument("--jobs", type=whole("--jobs", 1, MAX_JOBS), default=cores, metavar="N",
                        help=f"play the games in N processes at once (default {cores}: the cores this process may"
                             " use; 1: in this process); the same seed gives the same games and report for any N")


def add_every_input(parser: argparse.ArgumentParser, sampling: Sampling, totals: str, whole: str,
                    round_trip: str) -> None:
    """The ``--every-input`` flag, its help giving the default schedule in the game's own words."""
    parser.add_argument("--every-input", action="store_true",
                        help=f"run every check after every input of every game (default: "
                             f"{sampling.describe(totals, whole, round_trip)}; a slip a sample finds is traced"
                             f" back to its input by replaying the game)")
