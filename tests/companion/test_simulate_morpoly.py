"""``ankh-companion simulate --mode ankh-morpoly``: its arguments, output lines and exit statuses.

The full runs (300 games × 2/3/4 players, with and without Fortuna and ELAM) are
``benchmarks/bench_morpoly_simulate.py``; CI plays a few games."""
from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.cli import simulate as first_game
from companion.cli import simulate_morpoly
from companion.cli.sampled_checks import InvariantViolation
from companion.cli.simulate_morpoly import WHOLE_SET_EVERY, GameResult, main, play_game, simulate
from companion.core.inputs import Input
from companion.morpoly.game import Game, apply
from companion.morpoly.game_end import ONE_PARTY_LEFT
from companion.morpoly.state import State

ROOT = Path(__file__).resolve().parents[2]

LINES = ("games: ", "options: ", "invariant checks: ", "games/second: ", "inputs/game: ", "turns/game: ",
         "parties taken over or out/game: ", "ended by one party left: ", "ended by the time limit: ",
         "past the cap of ", "winners: ", "game length (turns): ")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = first_game.main(["--mode", "ankh-morpoly", *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_play_to_their_end_with_the_invariants_checked(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--games", "3", "--players", str(players), "--seed", "5")
    assert status == 0 and err == ""
    lines = out.splitlines()
    for prefix, line in zip(LINES, lines):
        assert line.startswith(prefix), (prefix, line)
    assert lines[0] == f"games: 3 ({players} players, seed 5, mode ankh-morpoly)"
    assert lines[1] == "options: defaults"
    assert lines[2] == ("invariant checks: after every 16th input and the last (the state-format round-trip after"
                        " every 128th and the last); the totals (money, square owners, one FSU per pair, houses and"
                        " hotels) after every input; every check after every input of every 200th game")
    assert "ended by one party left: 3" in lines and "past the cap of 2000 turns: 0" in lines
    buckets = [line for line in lines if line.startswith("  turns ")]
    assert sum(int(line.rsplit(": ", 1)[1]) for line in buckets) == 3 and not any("finding" in x for x in lines)


def test_options_are_played_and_printed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--games", "2", "--players", "3", "--option", "time-limit-minutes=60",
                         "--option", "fortuna=on", "--option", "elam=on", "--check-every", "7")
    assert status == 0
    assert "options: elam=on, fortuna=on, time-limit-minutes=60" in out
    assert "invariant checks: after every 7th input and the last (the state-format round-trip after every 56th" in out
    assert "ended by the time limit: 2" in out  # the simulated table calls time at turn 60


def test_a_game_past_the_cap_is_a_finding_with_its_seed_not_a_failure(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--games", "2", "--players", "2", "--seed", "40", "--cap", "5")
    assert status == 0 and err == ""
    assert "past the cap of 5 turns: 2" in out
    assert "finding: the game of seed 40 ran past 5 turns (replay: --seed 40 --games 1)" in out
    assert "finding: the game of seed 41 ran past 5 turns" in out


def test_game_i_is_the_game_of_seed_s_plus_i_and_seeds_repeat() -> None:
    many, _ = simulate(3, 3, 10)
    alone, _ = simulate(1, 3, 12)
    assert many[2] == alone[0] == play_game(12, 3, {})
    assert [r.turns for r in simulate(3, 3, 10)[0]] == [r.turns for r in many]


def test_the_whole_set_after_every_input_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--games", "1", "--players", "2", "--seed", "3", "--check-every", "1")
    assert status == 0 and ("invariant checks: after every input (the state-format round-trip after every 8th and"
                            " the last); ") in out


def test_an_invariant_violation_exits_1_with_the_seed(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The line as it always was: the game's own seed and the input (the 31st whole-set check of the
    second game's run is after its 31st input with ``--check-every 1``; the replay does not meet a
    slip that only the 31st call makes, and says so)."""
    calls = iter(range(10**6))
    monkeypatch.setattr(simulate_morpoly, "check_invariants",
                        lambda state, round_trip=True, memo=None: ["money: bank + parties = 1, not 2"] if next(calls) == 30 else [])
    status, out, err = run(capsys, "--games", "2", "--players", "2", "--seed", "3", "--check-every", "1")
    assert status == 1 and out == "" and err.count("\n") == 1
    assert err.startswith("invariant violation (2 players): seed 3, input 31 ('morpoly.") and "money" in err
    assert err.endswith("(not met again when the game was replayed with every check)\n"), err


def test_an_input_the_engine_refuses_exits_1(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.core.inputs import Answer
    monkeypatch.setattr(simulate_morpoly, "random_input", lambda game, rng: Answer("no-such-answer"))
    status, _, err = run(capsys, "--games", "1", "--players", "2", "--seed", "9")
    assert status == 1 and err.count("\n") == 1
    assert err.startswith("invariant violation (2 players): seed 9, input 1 ('morpoly.setup.guild' answered"
                          " Answer(value='no-such-answer'"), err
    assert "the engine refused it: " in err and "sampled" not in err


# -- a slipping engine is caught, and the report names the input that made the slip -------------

SLIP_AT = 21
"""The input after which the engine is made to slip: not a multiple of the sampling periods, so the
whole set meets a slip only the totals cannot see at the next multiple of 16 (after input 32)."""


def _money_from_nowhere(state: State) -> None:
    state.parties[1].cash += 3


def _house_from_nowhere(state: State) -> None:
    state.bank.houses += 1


def _square_of_a_stranger(state: State) -> None:
    """The last square handed to an owner who is no party of the game (as a takeover that forgets
    to pass a square on would leave it)."""
    state.squares[39] = state.squares[39].with_owner("nobody")


def _card_held_twice(state: State) -> None:
    """One get-out-of-jail card owned by two parties at once."""
    state.parties[0].jail_cards.append("chance-jail")
    state.parties[1].jail_cards.append("chance-jail")


def _mended(state: State) -> None:
    """Undo :func:`_card_held_twice` (the cards appended last are taken back)."""
    state.parties[0].jail_cards.pop()
    state.parties[1].jail_cards.pop()


def _slipping(spoils: dict[int, Callable[[State], None]]) -> Callable[..., Game]:
    """The engine's ``apply``, spoiling the state after the inputs in ``spoils`` (by the game's input
    number, so the replay of the game slips at the same input)."""
    def slipping_apply(game: Game, inp: Input, snapshot: bool = True, replayable: bool = True) -> Game:
        after = apply(game, inp, snapshot, replayable)
        spoil = spoils.get(after.seq)
        if spoil is not None:
            spoil(after.state)
        return after
    return slipping_apply


@pytest.mark.parametrize(("spoil", "what", "sampled"), [
    (_money_from_nowhere, r"money: bank \+ parties = \d+, not \d+$", False),
    (_house_from_nowhere, r"houses: \d+ in the bank \+ \d+ built != 32$", False),
    (_square_of_a_stranger, "square 39 is owned by 'nobody', not a party$", False),
    (_card_held_twice, r"a get-out-of-jail card is held twice: \[.*'chance-jail'.*'chance-jail'\]", True),
])
def test_the_default_checks_name_the_input_that_broke_the_table(
        spoil: Callable[[State], None], what: str, sampled: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Money or a house created, or a square handed to a stranger, is seen after the very input (the
    totals run after every input); a card held twice only the whole set shows: the sample meets it
    at input 32, and the game played again with every check names input 21 all the same."""
    monkeypatch.setattr(simulate_morpoly, "apply", _slipping({SLIP_AT: spoil}))
    with pytest.raises(InvariantViolation, match=what) as caught:
        play_game(4, 4, {})
    message = str(caught.value)
    assert re.match(rf"input {SLIP_AT} \('morpoly\.[a-z.-]+' answered [A-Za-z]+\(", message), message
    next_sample = (SLIP_AT // WHOLE_SET_EVERY + 1) * WHOLE_SET_EVERY
    assert (f"(the sampled checks met it after input {next_sample}; the game replayed with every check after every"
            f" input stops here)" in message) == sampled, message


def test_a_violation_exits_1_naming_seed_and_input(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(simulate_morpoly, "apply", _slipping({SLIP_AT: _card_held_twice}))
    status, out, err = run(capsys, "--games", "3", "--players", "4", "--seed", "4")
    assert status == 1 and out == "" and err.count("\n") == 1
    assert err.startswith(f"invariant violation (4 players): seed 4, input {SLIP_AT} ('morpoly."), err
    assert "held twice: ['chance-jail', 'chance-jail'] (the sampled checks met it after input 32;" in err, err


def test_every_input_meets_a_slip_at_once(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A slip mended by the next input is missed by the samples, and met at once with ``--every-input``."""
    monkeypatch.setattr(simulate_morpoly, "apply", _slipping({SLIP_AT: _card_held_twice, SLIP_AT + 1: _mended}))
    assert play_game(4, 4, {}).reason == ONE_PARTY_LEFT
    status, _, err = run(capsys, "--games", "2", "--players", "4", "--seed", "4", "--every-input")
    assert status == 1
    assert err.startswith(f"invariant violation (4 players): seed 4, input {SLIP_AT} ("), err
    assert err.endswith("'chance-jail']\n") and "sampled" not in err, err


def test_every_200th_game_is_checked_at_every_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """Of 400 games from seed 1, the games of seeds 200 and 400 run every check after every input."""
    asked: list[tuple[int, bool]] = []

    def spying_play_game(seed: int, players: int, options: dict[str, str], check_every: int = 16,
                         cap: int = 2000, every_input: bool = False, check: bool = True) -> GameResult:
        asked.append((seed, every_input))
        return GameResult(seed, ONE_PARTY_LEFT, "red", 1, 1, 0)

    monkeypatch.setattr(simulate_morpoly, "play_game", spying_play_game)
    simulate(400, 2, 1)
    assert [seed for seed, _ in asked] == list(range(1, 401))
    assert [seed for seed, every in asked if every] == [200, 400]
    asked.clear()
    simulate(3, 2, 1, every_input=True)
    assert asked == [(1, True), (2, True), (3, True)]


def test_a_slip_the_samples_miss_is_met_in_the_fully_checked_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slip mended before the next sample passes in the sampled games, and is named in the fully
    checked one (every 200th; every 2nd here, to play few games)."""
    monkeypatch.setattr(simulate_morpoly, "apply", _slipping({SLIP_AT: _card_held_twice, SLIP_AT + 1: _mended}))
    monkeypatch.setattr(simulate_morpoly, "FULL_CHECK_GAMES_EVERY", 2)
    with pytest.raises(InvariantViolation, match=rf"^seed 4, input {SLIP_AT} \(.*a get-out-of-jail card is held twice:"
                                                 r" \[.*'chance-jail'\]$"):
        simulate(2, 4, 3)


def test_checked_and_unchecked_games_play_alike() -> None:
    """The checks never touch the random stream: every schedule plays the same games."""
    sampled, _ = simulate(4, 3, 20)
    every, _ = simulate(4, 3, 20, every_input=True)
    whole, _ = simulate(4, 3, 20, check_every=1)
    unchecked, _ = simulate(4, 3, 20, check=False)
    assert sampled == every == whole == unchecked


@pytest.mark.parametrize("argv, message", [
    (["--players", "9"], "--players is a whole number from 2 to 8"),
    (["--players", "1"], "--players"),
    (["--games", "0"], "--games"),
    (["--check-every", "0"], "--check-every"),
    (["--option", "fortuna"], "expected NAME=VALUE"),
    (["--option", "fortuna=maybe"], "fortuna"),
    (["--option", "nonsense=1"], "unknown option 'nonsense'"),
    (["--option", "elam=on", "--option", "elam=off"], "given twice"),
    (["--edition", "en"], "unrecognized arguments"),
])
def test_bad_arguments_exit_2_with_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and message in err, err


def test_the_first_game_is_still_the_default_and_unknown_modes_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert first_game.main(["--games", "1", "--players", "2", "--seed", "1"]) == 0
    assert capsys.readouterr().out.startswith("games: 1 (2 players, seed 1)\ngames/second: ")
    assert first_game.main(["--mode", "ankh-morpork", "--games", "1", "--players", "2"]) == 0
    assert "ended by personality" in capsys.readouterr().out
    assert first_game.main(["--mode=chess"]) == 2
    assert capsys.readouterr().err == "ankh-companion simulate: unknown game mode 'chess'; expected one of " \
                                      "ankh-morpork, ankh-morpoly\n"
    assert first_game.main(["--mode", "ankh-morpork", "--option", "x=y"]) == 2  # the first game has no --option


def test_the_command_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "ui.cli", "simulate", "--mode", "ankh-morpoly", "--games", "2",
                           "--players", "3", "--seed", "2"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == "" and done.stdout.startswith("games: 2 (3 players, seed 2, ")


@pytest.mark.parametrize("options", [{}, {"fortuna": "on", "elam": "on"}])
def test_the_simulators_fold_plays_the_games_a_table_would(options: dict[str, str]) -> None:
    """``apply(…, snapshot=False, replayable=False)`` (a turn works on the state the last one left,
    not a copy) gives the same questions, narration and positions as ``apply`` with its copies."""
    import random

    from companion.morpoly.mode import MODE
    from companion.morpoly.random_play import PLAYERS, random_input
    from companion.morpoly.state_format import state_to_json

    for seed in (1, 2):
        rng = random.Random(seed)
        table = fold = MODE.new_game(list(PLAYERS[:3]), options, None)
        while table.question is not None and table.seq < 400:
            inp = random_input(table, rng)
            table, fold = apply(table, inp), apply(fold, inp, snapshot=False, replayable=False)
            assert fold.question == table.question and state_to_json(fold.state) == state_to_json(table.state)
        assert list(fold.narration) == list(table.narration)


# -- the games on every core (--jobs) ----------------------------------------------------------------

def _without_speed(out: str) -> list[str]:
    """The report but its wall-clock figure and the jobs line: what must not depend on ``--jobs``."""
    return [line for line in out.splitlines() if not line.startswith(("games/second: ", "jobs: "))]


def test_the_same_report_for_any_number_of_jobs(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Two worker processes play the same games (the fully checked ones too: every 2nd here) and
    report them alike; the last line says how many processes played them."""
    monkeypatch.setattr(simulate_morpoly, "FULL_CHECK_GAMES_EVERY", 2)
    argv = ("--games", "4", "--players", "2", "--seed", "6", "--cap", "300")
    status, alone, err = run(capsys, *argv, "--jobs", "1")
    assert status == 0 and err == ""
    status, two, err = run(capsys, *argv, "--jobs", "2")
    assert status == 0 and err == ""
    assert _without_speed(alone) == _without_speed(two)
    assert alone.splitlines()[-1] == "jobs: 1" and two.splitlines()[-1] == "jobs: 2"
    assert simulate(4, 2, 6, cap=300, jobs=2)[0] == simulate(4, 2, 6, cap=300)[0]


def test_a_violation_in_a_worker_is_reported_as_in_this_process(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The engine slips after an input only the longer games reach (from seed 6: the 3rd, 5th and
    6th): the first of them is reported, in the one line this process writes, for any ``--jobs``."""
    inputs = [r.inputs for r in simulate(6, 2, 6)[0]]
    first = next(g for g in range(1, len(inputs)) if inputs[g] > max(inputs[:g]))
    slip_at = max(inputs[:first]) + 1
    assert first > 0 and sum(1 for n in inputs[first:] if n > slip_at) > 1  # later games slip too
    monkeypatch.setattr(simulate_morpoly, "apply", _slipping({slip_at: _card_held_twice}))
    reports = []
    for jobs in ("1", "2"):
        status, out, err = run(capsys, "--games", "6", "--players", "2", "--seed", "6", "--jobs", jobs)
        assert status == 1 and out == "" and err.count("\n") == 1 and "Traceback" not in err
        reports.append(err)
    assert reports[0] == reports[1]
    assert reports[0].startswith(f"invariant violation (2 players): seed {6 + first}, input {slip_at} ("), reports[0]


@pytest.mark.parametrize("jobs", ["0", "-2"])
def test_jobs_below_one_are_refused(jobs: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--games", "2", "--jobs", jobs)
    assert status == 2 and out == "" and err.count("\n") == 1 and "--jobs is a whole number from 1 to 256" in err, err
