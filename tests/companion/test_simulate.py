"""The random-play simulator: whole games finish with every invariant holding, reproducibly.

The full runs (``--games 200`` and ``--games 1000`` per player count) are recorded in the issue
note; CI plays fewer games to stay quick.
"""
from __future__ import annotations

import random

import pytest

from collections.abc import Callable

from companion.cli import simulate as simulate_module
from companion.cli.simulate import (
    TABLE_CHECK_EVERY, InvariantViolation, Table, check_invariants, choose_input, deal, follow_narration, main,
    play_game, simulate,
)
from companion.morpork.board import MINIONS_PER_PLAYER
from companion.morpork.catalog import CARD_BY_ID
from companion.morpork.game import Game, apply, new_game
from companion.core.inputs import CardScan, DieRoll, Input
from companion.core.procedure import Narration, Question
from companion.morpork.revisions import LATEST
from companion.morpork.state import State

CI_GAMES = 12


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulated_games_finish_without_invariant_violation(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", str(CI_GAMES), "--players", str(players), "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert f"games: {CI_GAMES} ({players} players, seed 1)" in out
    assert "games/second:" in out and "ended by personality:" in out and "ended by riots" in out
    assert "ended by the draw pile:" in out


def test_same_seed_same_games() -> None:
    first, _ = simulate(5, 3, 42)
    second, _ = simulate(5, 3, 42)
    assert [(r.reason, r.winners, r.steps) for r in first] == [(r.reason, r.winners, r.steps) for r in second]
    other, _ = simulate(5, 3, 43)
    assert [r.steps for r in other] != [r.steps for r in first]


def test_revision_1_games_finish_and_play_as_revision_2_games_do(capsys: pytest.CaptureFixture[str]) -> None:
    """``--revision 1`` plays by the old prompts; the same seed reaches the same ends in fewer inputs
    under revision 2 (one interrupt window for several opponents, forced choices taken)."""
    assert main(["--games", "4", "--players", "4", "--seed", "7", "--revision", "1"]) == 0
    old, _ = simulate(6, 4, 7, revision=1)
    new, _ = simulate(6, 4, 7, revision=2)
    assert [(r.reason, r.winners, r.turns) for r in old] == [(r.reason, r.winners, r.turns) for r in new]
    assert sum(r.steps for r in new) < sum(r.steps for r in old)
    assert main(["--revision", str(LATEST + 1)]) == 2  # a revision newer than the engine knows is refused


def test_german_edition_games_finish() -> None:
    results, _ = simulate(3, 4, 5, edition="de")
    assert all(r.reason in ("personality", "draw-pile", "riots") for r in results)


def _dealt_two_player_game() -> tuple[Game, Table]:
    """Red and blue dealt from seed 3, the first player rolled and the personalities scanned."""
    table = deal(random.Random(3), ["red", "blue"])
    game = apply(new_game(["red", "blue"]), DieRoll(1))
    game = apply(game, CardScan("personality", table.personalities["red"]))
    return apply(game, CardScan("personality", table.personalities["blue"])), table


def test_invariants_catch_a_hand_count_the_table_does_not_have() -> None:
    game, table = _dealt_two_player_game()
    check_invariants(game, table)
    table.hands["red"].pop()
    with pytest.raises(InvariantViolation, match="red holds 4 real cards"):
        check_invariants(game, table)


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--players", "5"], ["--games", "0"], ["--games", "9" * 5000], ["--revision", "0"]):
        assert main(argv) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1, captured.err


def test_one_game_reports_how_it_ended() -> None:
    result = play_game(random.Random(9), 4)
    assert result.reason in ("personality", "draw-pile", "riots")
    assert result.winners and result.steps > 10


def _play_until_fog(seed: int, players: int = 3) -> tuple[Game, Table, list[str]] | None:
    """Play like ``play_game`` until a Fog has discarded its cards; return the game, the real table
    and the cards that were on top of the real draw pile when Fog began."""
    rng = random.Random(seed)
    colors = ["red", "blue", "green", "yellow"][:players]
    table = deal(rng, colors)
    game = new_game(colors)
    top: list[str] = []
    while game.question is not None:
        question = game.question
        if question.key == "event.fog.card" and not top:
            top = table.deck[:int(dict(question.params)["count"])]
        inp = choose_input(game, table, question)
        after = apply(game, inp)
        follow_narration(after, table, after.narration[len(game.narration):])
        game = after
        check_invariants(game, table)
        if top and (game.question is None or game.question.key != "event.fog.card"):
            return game, table, top
    return None


def test_the_simulator_answers_fog_with_the_real_top_cards_and_the_engine_knows_them() -> None:
    found = next((f for f in (_play_until_fog(seed) for seed in range(40)) if f is not None), None)
    assert found is not None, "no Fog in 40 games"
    game, table, top = found
    assert top and all(card in game.state.discard_pile for card in top)
    assert not set(top) & set(table.deck)  # they left the real draw pile
    assert len(table.deck) == game.state.draw_pile
    if game.question is not None and game.question.key in ("turn.play-card", "turn.play-another", "card.play-more"):
        assert not set(top) & set(game.question.options)


def test_invariants_catch_a_fog_card_that_is_not_the_real_top_card() -> None:
    rng = random.Random(3)
    table = deal(rng, ["red", "blue"])
    game = new_game(["red", "blue"])
    second = table.deck[1]
    with pytest.raises(InvariantViolation, match="real top card"):
        follow_narration(game, table, [Narration("event.fog.card", "fog discards …", None, (("card", second),))])


# -- a slipping engine is caught, and the report names the input that made the slip -------------

SLIP_AT = 21
"""The input after which the engine is made to slip: not a multiple of the sampling periods, so a
recount meets the slip only some inputs later (at the next multiple of :data:`TABLE_CHECK_EVERY`)."""


def _money_from_nowhere(state: State) -> None:
    state.players[1].money += 3


def _minion_duplicated(state: State) -> None:
    """A minion drawn in twice by hand, as an engine that edits an area and forgets its tally would."""
    area = next(a for a in state.areas.values() if a.minions)
    color = next(iter(area.minions))
    area.minions[color] += 1


def _thirteenth_minion(state: State) -> None:
    """Minions drawn in and the table recounted (the kept counts agree) until a colour has one more
    than the box (the piece moves themselves refuse a piece the supply has not)."""
    color = state.players[0].color
    area = state.areas["dimwell"]
    area.minions[color] = area.minions.get(color, 0) + MINIONS_PER_PLAYER + 1 - state.minions_on_board(color)
    state.recount()


def _card_in_two_places(state: State) -> None:
    """The discard pile's first card replaced by one that is elsewhere: as many cards as ever."""
    state.discard_pile[0] = next(c for c in CARD_BY_ID if c not in state.discard_pile)


def _slipping_after(step: int, spoil: Callable[[State], None]) -> Callable[..., Game]:
    def slipping_apply(game: Game, inp: Input, snapshot: bool = True, replayable: bool = True) -> Game:
        after = apply(game, inp, snapshot, replayable)
        if after.seq == step:  # the same input when the game is replayed
            spoil(after.state)
        return after
    return slipping_apply


@pytest.mark.parametrize(("spoil", "what", "sampled"), [
    (_money_from_nowhere, r"money: \$123 in play, the box holds \$120", False),
    (_minion_duplicated, "kept piece counts .* differ from a recount", True),
    (_thirteenth_minion, f"has {MINIONS_PER_PLAYER + 1} minions on the board", True),
    (_card_in_two_places, r"cards in two places at once: \['[a-z-]+'\]; missing: \['[a-z-]+'\]", True),
])
def test_the_default_checks_name_the_input_that_broke_the_table(
        spoil: Callable[[State], None], what: str, sampled: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Money created is seen after the very input (the totals are checked after every input); a
    minion or a card that only a recount shows is met at the next sample, and the game replayed with
    every check names the input that made it all the same."""
    monkeypatch.setattr(simulate_module, "apply", _slipping_after(SLIP_AT, spoil))
    with pytest.raises(InvariantViolation, match=what) as caught:
        play_game(random.Random(1), 4)
    message = str(caught.value)
    assert message.startswith(f"step {SLIP_AT} ("), message
    next_sample = (SLIP_AT // TABLE_CHECK_EVERY + 1) * TABLE_CHECK_EVERY
    assert (f"the sampled checks met it after step {next_sample};" in message) == sampled, message


def test_a_violation_exits_1_naming_seed_game_and_input(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(simulate_module, "apply", _slipping_after(SLIP_AT, _minion_duplicated))
    assert main(["--games", "3", "--players", "4", "--seed", "5"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"invariant violation (seed 5, 4 players): game 1, step {SLIP_AT} ("), err


def test_every_input_meets_the_slip_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate_module, "apply", _slipping_after(SLIP_AT, _card_in_two_places))
    with pytest.raises(InvariantViolation, match=f"^step {SLIP_AT} .*cards in two places at once") as caught:
        play_game(random.Random(1), 4, every_input=True)
    assert "sampled" not in str(caught.value)


def test_a_card_from_nowhere_is_seen_after_the_input() -> None:
    """The totals: the draw pile, discard pile, hands, loans and cards in play add up to the game's cards."""
    game, table = _dealt_two_player_game()
    check_invariants(game, table, round_trip=False, whole_table=False)
    game.state.players[0].loans.append(table.deck[-1])  # a loan card the real table does not have
    with pytest.raises(InvariantViolation, match="100 cards in the draw pile, the discard pile, the hands, the loans"
                                                 " and in play; the game has 99"):
        check_invariants(game, table, round_trip=False, whole_table=False)


def test_a_sample_of_games_is_checked_at_every_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sample of games that runs every check after every input (shrunk here to every 2nd)."""
    asked: list[bool] = []

    def spying_play_game(rng: random.Random, players: int, edition: str = "en", check: bool = True,
                         revision: int = LATEST, every_input: bool = False) -> simulate_module.GameResult:
        asked.append(every_input)
        return play_game(rng, players, edition, check, revision, every_input=every_input)

    monkeypatch.setattr(simulate_module, "FULL_CHECK_GAMES_EVERY", 2)
    monkeypatch.setattr(simulate_module, "play_game", spying_play_game)
    first, _ = simulate(4, 2, 8)
    assert asked == [False, True, False, True]
    asked.clear()
    again, _ = simulate(4, 2, 8, every_input=True)
    assert asked == [True] * 4
    assert [(r.reason, r.winners, r.steps) for r in first] == [(r.reason, r.winners, r.steps) for r in again]


def test_a_table_that_cannot_answer_is_named_at_its_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slip the table meets while answering (no real card fits) names the question, no answer."""
    def no_card(game: Game, table: Table, question: Question) -> Input:
        if game.seq == SLIP_AT - 1:
            raise InvariantViolation("no real card fits")
        return choose_input(game, table, question)

    monkeypatch.setattr(simulate_module, "choose_input", no_card)
    with pytest.raises(InvariantViolation, match=rf"^step {SLIP_AT} \('[a-z.-]+'\): no real card fits$"):
        play_game(random.Random(1), 4)


# -- the games on every core (--jobs) ----------------------------------------------------------------

def _without_speed(out: str) -> list[str]:
    """The report but its wall-clock figure and the jobs line: what must not depend on ``--jobs``."""
    return [line for line in out.splitlines() if not line.startswith(("games/second: ", "jobs: "))]


def test_each_game_plays_from_its_own_seed_so_any_one_plays_alone() -> None:
    """Game G of ``--seed S`` is the game of seed S + G - 1, whatever games come before it."""
    many, _ = simulate(3, 2, 10)
    alone, _ = simulate(1, 2, 12)
    assert many[2] == alone[0] == play_game(random.Random(12), 2)
    assert simulate(2, 2, 11)[0] == many[1:]


def test_the_same_report_for_any_number_of_jobs(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Two worker processes play the same games as this process, the fully checked ones included
    (every 3rd here), and the report says how many played them."""
    monkeypatch.setattr(simulate_module, "FULL_CHECK_GAMES_EVERY", 3)
    argv = ["--games", "7", "--players", "2", "--seed", "3"]
    assert main([*argv, "--jobs", "1"]) == 0
    alone = capsys.readouterr()
    assert main([*argv, "--jobs", "2"]) == 0
    two = capsys.readouterr()
    assert alone.err == two.err == ""
    assert _without_speed(alone.out) == _without_speed(two.out)
    assert alone.out.splitlines()[-1] == "jobs: 1" and two.out.splitlines()[-1] == "jobs: 2"
    assert main(["--games", "1", "--players", "2", "--jobs", "3"]) == 0  # one game: played here
    assert capsys.readouterr().out.splitlines()[-1] == "jobs: 1 (--jobs 3; 1 game)"


def test_a_violation_in_a_worker_is_reported_as_in_this_process(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The engine slips after an input only the longer games reach (from seed 3: the 3rd, 4th, 6th,
    7th and 8th): the first game that reaches it, not the first a worker meets, is reported, in the
    one line this process writes; and the line says how to play that game alone, which meets the
    slip at the same input."""
    steps = [r.steps for r in simulate(8, 2, 3)[0]]
    first = next(g for g in range(1, len(steps)) if steps[g] > max(steps[:g]))  # game first + 1 reaches…
    slip_at = max(steps[:first]) + 1  # …an input none before it does
    monkeypatch.setattr(simulate_module, "apply", _slipping_after(slip_at, _minion_duplicated))
    argv = ["--games", "8", "--players", "2", "--seed", "3"]
    reports = []
    for jobs in ("1", "2"):
        assert main([*argv, "--jobs", jobs]) == 1
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1 and "Traceback" not in captured.err
        reports.append(captured.err)
    assert reports[0] == reports[1]
    game = first + 1
    assert game > 1 and sum(1 for n in steps[first:] if n > slip_at) > 1  # later games slip too
    assert reports[0].startswith(f"invariant violation (seed 3, 2 players): game {game}, step {slip_at} ("), reports[0]
    assert reports[0].endswith(f"; game {game} alone: --seed {3 + game - 1} --games 1 --every-input\n"), reports[0]
    assert main(["--seed", str(3 + game - 1), "--games", "1", "--every-input", "--players", "2"]) == 1
    again = capsys.readouterr().err
    what = reports[0].split(f": game {game}, ", 1)[1].rsplit("; game ", 1)[0].split(" (the sampled checks")[0]
    assert again.startswith(f"invariant violation (seed {3 + game - 1}, 2 players): game 1, {what}"), (what, again)


@pytest.mark.parametrize("jobs", ["0", "-1", "two", "257"])
def test_jobs_below_one_or_beyond_any_machine_are_refused(jobs: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--jobs", jobs]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "--jobs is a whole number from 1 to 256" in captured.err, captured.err


def test_ctrl_c_stops_the_workers_and_the_command_in_one_line() -> None:
    """Ctrl-C reaches every process of the command (a terminal signals the foreground group): the
    workers ignore it, the command stops them and says so in one line, exit status 130."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    command = subprocess.Popen([sys.executable, "-m", "ui.cli", "simulate", "--games", "100000", "--jobs", "2"],
                               cwd=Path(__file__).resolve().parents[2], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    time.sleep(1.5)  # the command started and its workers playing
    os.killpg(command.pid, signal.SIGINT)
    out, err = command.communicate(timeout=60)
    assert command.returncode == 130 and out == ""
    assert err == "ankh-companion simulate: interrupted (Ctrl-C); no report\n"
    with pytest.raises(ProcessLookupError):  # no worker left behind
        os.killpg(command.pid, 0)


def test_a_worker_that_dies_ends_the_run_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A worker killed (out of memory, say) leaves its games unplayed: one line, exit 1, no report."""
    import os

    command = os.getpid()

    def dying_play_game(rng: random.Random, players: int, *args: object, **kwargs: object) -> object:
        if os.getpid() != command:  # in a worker only
            os._exit(9)
        raise AssertionError("played in the command's own process")

    monkeypatch.setattr(simulate_module, "play_game", dying_play_game)
    assert main(["--games", "4", "--players", "2", "--jobs", "2"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("ankh-companion simulate: a worker process ended before its games were played ("), \
        captured.err
    assert captured.err.endswith("); no report\n"), captured.err


def test_ctrl_c_while_the_workers_are_forked_stops_the_run_too(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C is held back while the workers are forked and met as soon as it is let through: the
    chunks handed out by then are cancelled as at any other moment, not all played first (the run
    went on to its last game, a 10,000-game run for minutes, before it said "interrupted")."""
    import multiprocessing
    import os
    import signal
    import time
    from concurrent.futures import ProcessPoolExecutor

    played = multiprocessing.get_context("fork").Value("i", 0)  # shared with the forked workers

    def counted_game(rng: random.Random, players: int, *args: object, **kwargs: object) -> None:
        with played.get_lock():
            played.value += 1
        time.sleep(0.005)

    submit = ProcessPoolExecutor.submit

    def submit_during_ctrl_c(self: ProcessPoolExecutor, *args: object, **kwargs: object) -> object:
        if not getattr(self, "_ctrl_c_sent", False):  # the first submit forks the workers
            self._ctrl_c_sent = True  # type: ignore[attr-defined]
            os.kill(os.getpid(), signal.SIGINT)  # held back until every chunk is handed out
        return submit(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(simulate_module, "play_game", counted_game)
    monkeypatch.setattr(ProcessPoolExecutor, "submit", submit_during_ctrl_c)
    games = 400  # chunks of 20: at most the few a worker has already taken are played
    assert main(["--games", str(games), "--players", "2", "--jobs", "2"]) == 130
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == "ankh-companion simulate: interrupted (Ctrl-C); no report\n"
    assert played.value < games / 2, played.value
