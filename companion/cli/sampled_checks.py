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

The report is one line, and the command exits 1. The first game's simulator writes
``invariant violation (seed S, P players): game G, step N (question key answered input): what
broke`` (:func:`report_line`; games are counted from 1, steps are the inputs of the game counted
from 1); the second game's keeps the line it always wrote, ``invariant violation (P players): seed
X, input N (question key answered input): what broke`` (``simulate_morpoly.violation_line``), X the
game's own seed (``play_games``' ``name`` and ``slipped``'s ``unit`` give the words).
"""
from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

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


def play_games(games: int, play: Callable[[int, bool], R], every_input: bool = False,
               full_games_every: int = FULL_CHECK_GAMES_EVERY, name: Callable[[int], str] = game_number) -> list[R]:
    """Games ``1`` to ``games``, each ``play(number, checked_at_every_input)``: every check after
    every input in every ``full_games_every``-th game and, with ``every_input``, in every game. A
    violation is raised again naming its game (``name(number)``: ``game G, …``; the second game's
    simulator names the game's seed)."""
    results = []
    for number in range(1, games + 1):
        try:
            results.append(play(number, every_input or number % full_games_every == 0))
        except InvariantViolation as exc:
            raise InvariantViolation(f"{name(number)}, {exc}") from exc
    return results


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
    """The one line on stderr: ``invariant violation (seed S, P players): game G, step N (…): what broke``."""
    return f"invariant violation (seed {seed}, {players} players): {violation}"


def add_every_input(parser: argparse.ArgumentParser, sampling: Sampling, totals: str, whole: str,
                    round_trip: str) -> None:
    """The ``--every-input`` flag, its help giving the default schedule in the game's own words."""
    parser.add_argument("--every-input", action="store_true",
                        help=f"run every check after every input of every game (default: "
                             f"{sampling.describe(totals, whole, round_trip)}; a slip a sample finds is traced"
                             f" back to its input by replaying the game)")
