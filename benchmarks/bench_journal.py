"""Journal figures: how long an input takes to become durable, and how long resuming a game takes.

    python3 benchmarks/bench_journal.py [--dir DIR] [--appends 500] [--inputs 500] [--repeat 5]

* append: ``Journal.append`` of a die roll / answer, each its own transaction with WAL and
  ``synchronous=FULL`` (one fsync of the WAL per input) — median, p99 and max;
* submit: ``Session.submit`` — the engine's ``apply`` plus the durable append — the time from a tap
  to its acknowledgement;
* resume: ``Session.open`` of a journal holding one game of ``--inputs`` entries (a simulator game,
  real shuffled cards; no whole game reaches 500 inputs, so undo/redo pairs make up the rest), i.e.
  open the file, read and check every row, replay the inputs in effect through the engine; split
  into reading and replaying.

``--dir`` chooses the file system (on the Pi: the SD card the app writes to); default a temporary
directory. Figures vary with the disk's fsync latency far more than with the CPU.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from companion.morpork.board import COLORS  # noqa: E402
from companion.cli.simulate import choose_input, deal, follow_narration, play_game  # noqa: E402
from companion.morpork.game import Game  # noqa: E402
from companion.core.journal import Journal  # noqa: E402
from companion.core.session import GameRules, Session, replay  # noqa: E402
from timing import percentile  # noqa: E402


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def bench_append(directory: Path, count: int) -> list[float]:
    times = []
    with Journal(directory / "append.sqlite") as journal:
        game = journal.create_game(["red", "blue", "green"])
        for i in range(count):
            data = ({"type": "roll", "face": i % 12 + 1, "source": "serial"} if i % 3 == 0
                    else {"type": "answer", "value": "the-shades", "player": "red"})
            started = time.perf_counter()
            journal.append(game, "input", data, barrier=i % 3 == 0)
            times.append(time.perf_counter() - started)
    return times


def simulated_game(directory: Path, entries: int) -> tuple[Path, list[float], int]:
    """A journal holding one simulator game (real shuffled cards, random legal play) of exactly
    ``entries`` entries. Whole games run 100–450 inputs, so the longest of the first 40 two-player
    games is taken and, when it is shorter, the table undoes and redoes a step now and then (as
    tables do) until the journal holds ``entries`` rows. Returns the path, the submit times and the
    number of inputs in effect."""
    lengths = {seed: play_game(random.Random(seed), 2, check=False).steps for seed in range(40)}
    seed = max(lengths, key=lambda s: lengths[s])
    applied = min(lengths[seed] - 1, entries)  # stop before the end: resume is for unfinished games
    applied -= (entries - applied) % 2
    pairs = (entries - applied) // 2
    every = max(1, applied // pairs) if pairs else 0
    path = directory / "resume.sqlite"
    rng = random.Random(seed)
    colors = list(COLORS[:2])
    table = deal(rng, colors)
    submit_times: list[float] = []
    session: Session[Game] = Session(Journal(path), GameRules())
    session.new_game(colors)
    while len(submit_times) < applied:
        before = session.game
        assert before is not None
        inp = choose_input(before, table, session.question)
        started = time.perf_counter()
        step = session.submit(inp)
        submit_times.append(time.perf_counter() - started)
        follow_narration(step.game, table, step.game.narration[len(before.narration):])
        if pairs and len(submit_times) % every == 0:
            session.undo(1, confirm=True)
            session.redo(1)
            pairs -= 1
    session.close()
    return path, submit_times, len(submit_times)


def bench_resume(path: Path, repeat: int) -> tuple[list[float], list[float], list[float]]:
    total, reading, replaying = [], [], []
    for _ in range(repeat):
        started = time.perf_counter()
        session: Session[Game] = Session.open(path, GameRules())
        total.append(time.perf_counter() - started)
        session.close()
        with Journal(path) as journal:
            started = time.perf_counter()
            record = journal.game(1)
            entries = journal.entries(record.id)
            read = time.perf_counter()
            replay(GameRules(), record, entries)
            done = time.perf_counter()
        reading.append(read - started)
        replaying.append(done - read)
    return total, reading, replaying


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", help="where to write the journals (default: a temporary directory)")
    parser.add_argument("--appends", type=int, default=500)
    parser.add_argument("--inputs", type=int, default=500, help="journal entries of the resumed game")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        directory = Path(tmp)
        appends = bench_append(directory, args.appends)
        print(f"append ({args.appends} inputs, WAL, synchronous=FULL): median {ms(statistics.median(appends))}, "
              f"p99 {ms(percentile(appends, 99))}, max {ms(max(appends))}")
        path, submits, applied = simulated_game(directory, args.inputs)
        with Journal(path) as journal:
            rows = journal.last_n(1)
        print(f"submit (apply + durable append, {len(submits)} inputs of a 2-player simulator game): "
              f"median {ms(statistics.median(submits))}, p99 {ms(percentile(submits, 99))}, "
              f"max {ms(max(submits))}")
        total, reading, replaying = bench_resume(path, args.repeat)
        print(f"resume a game of {rows} journal entries ({applied} inputs, the rest undo/redo; median of "
              f"{args.repeat}): {ms(statistics.median(total))} "
              f"(read and check rows {ms(statistics.median(reading))}, "
              f"replay through the engine {ms(statistics.median(replaying))}); "
              f"file {os.path.getsize(path) // 1024} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
