"""``ankh-companion simulate --mode ankh-morpoly``: its arguments, output lines and exit statuses.

The full runs (300 games × 2/3/4 players, with and without Fortuna and ELAM) are
``benchmarks/bench_morpoly_simulate.py``; CI plays a few games."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import simulate as first_game
from companion.cli import simulate_morpoly
from companion.cli.simulate_morpoly import main, play_game, simulate

ROOT = Path(__file__).resolve().parents[2]

LINES = ("games: ", "options: ", "invariant checks: ", "games/second: ", "inputs/game: ", "turns/game: ",
         "parties taken over or out/game: ", "ended by one party left: ", "ended by the time limit: ",
         "past the cap of ", "winners: ", "game length (turns): ")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = first_game.main(["--mode", "ankh-morpoly", *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_play_to_their_end_with_every_invariant_checked(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--games", "3", "--players", str(players), "--seed", "5")
    assert status == 0 and err == ""
    lines = out.splitlines()
    for prefix, line in zip(LINES, lines):
        assert line.startswith(prefix), (prefix, line)
    assert lines[0] == f"games: 3 ({players} players, seed 5, mode ankh-morpoly)"
    assert lines[1] == "options: defaults" and lines[2].startswith("invariant checks: after every input")
    assert "ended by one party left: 3" in lines and "past the cap of 2000 turns: 0" in lines
    buckets = [line for line in lines if line.startswith("  turns ")]
    assert sum(int(line.rsplit(": ", 1)[1]) for line in buckets) == 3 and not any("finding" in x for x in lines)


def test_options_are_played_and_printed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--games", "2", "--players", "3", "--option", "time-limit-minutes=60",
                         "--option", "fortuna=on", "--option", "elam=on", "--check-every", "7")
    assert status == 0
    assert "options: elam=on, fortuna=on, time-limit-minutes=60" in out
    assert "invariant checks: after every 7th input and the last" in out
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


def test_an_invariant_violation_exits_1_with_the_seed(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    calls = iter(range(10**6))
    monkeypatch.setattr(simulate_morpoly, "check_invariants",
                        lambda state, round_trip=True, memo=None: ["money: bank + parties = 1, not 2"] if next(calls) == 30 else [])
    status, out, err = run(capsys, "--games", "2", "--players", "2", "--seed", "3")
    assert status == 1 and out == "" and err.count("\n") == 1
    assert err.startswith("invariant violation (2 players): seed 3, input 31") and "money" in err


def test_an_input_the_engine_refuses_exits_1(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.core.inputs import Answer
    monkeypatch.setattr(simulate_morpoly, "random_input", lambda game, rng: Answer("no-such-answer"))
    status, _, err = run(capsys, "--games", "1", "--players", "2", "--seed", "9")
    assert status == 1 and "seed 9, input 1" in err and "refused" in err and err.count("\n") == 1


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
