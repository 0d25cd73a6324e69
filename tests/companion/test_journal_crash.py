"""The pulled plug: a scripted game in another process, killed with SIGKILL at random moments, at
least 200 times. After each kill the journal opens, SQLite finds it sound, and every input the
victim acknowledged before dying is there, exactly as acknowledged; the next victim resumes the
game by replaying the journal (a failure to resume shows as a victim that did not die by SIGKILL).

Where it is killed is random: a quarter of the kills land at any moment after the fork (opening the
file, recovering the WAL, replaying), the rest while inputs are being appended.
"""
from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from companion.core.journal import Journal

ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).parent / "fixtures" / "journal_crash_worker.py"
KILLS = 210


def assert_present(journal: Journal, acked: dict[tuple[int, int], tuple[str, dict[str, object]]],
                   games: set[int], when: str) -> None:
    """Every acknowledged entry of ``games`` is in the journal, with the kind and data acknowledged."""
    present = {(game, e.n): (e.kind, e.data) for game in games for e in journal.entries(game)}
    lost = [key for key in acked if key[0] in games and present.get(key) != acked[key]]
    assert not lost, f"{when}: acknowledged entries lost or changed: {lost[:5]}"


def test_every_acknowledged_input_survives_sigkill(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite"
    worker = subprocess.Popen([sys.executable, str(WORKER), str(db)], cwd=ROOT, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    assert worker.stdin is not None and worker.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in worker.stdout], daemon=True).start()  # type: ignore[union-attr]

    def next_line() -> str:
        try:
            return lines.get(timeout=60).strip()
        except queue.Empty:
            worker.kill()
            raise AssertionError(f"the worker went quiet: {worker.stderr.read() if worker.stderr else ''}") from None

    assert next_line() == "ready"
    rng = random.Random(20261122)
    acked: dict[tuple[int, int], tuple[str, dict[str, object]]] = {}
    kinds_acked: set[str] = set()
    games_started = 0
    try:
        for kill in range(KILLS):
            worker.stdin.write(f"go {kill}\n")
            worker.stdin.flush()
            this_round: list[str] = []
            line = next_line()
            while not line.startswith("pid "):
                this_round.append(line)
                line = next_line()
            pid = int(line.split()[1])
            if rng.random() < 0.25:
                time.sleep(rng.uniform(0, 0.15))  # anywhere: opening, WAL recovery, replay, appending
            else:
                while not any(x.startswith("ack ") for x in this_round):  # once it is appending
                    line = next_line()
                    this_round.append(line)
                    assert not line.startswith("dead "), f"the victim died on its own: {this_round[-5:]}"
                time.sleep(rng.uniform(0, 0.03))
            os.kill(pid, signal.SIGKILL)
            line = next_line()
            while not line.startswith("dead "):
                this_round.append(line)
                line = next_line()
            status = int(line.split()[2])
            assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, \
                f"kill {kill}: the victim did not die by SIGKILL: {this_round[-3:]}"

            touched: set[int] = set()
            for text in this_round:
                word, *rest = text.split(" ", 4)
                if word == "new":
                    games_started += 1
                elif word == "ack":
                    game, n, kind, data = int(rest[0]), int(rest[1]), rest[2], json.loads(rest[3])
                    assert (game, n) not in acked, f"entry {n} of game {game} acknowledged twice"
                    acked[(game, n)] = (kind, data)
                    kinds_acked.add(kind)
                    touched.add(game)
            with Journal(db) as journal:
                assert journal.integrity_problems() == [], f"kill {kill}: the file is corrupt"
                assert_present(journal, acked, touched, f"kill {kill}")
        with Journal(db) as journal:
            assert_present(journal, acked, {game for game, _ in acked}, "at the end")
    finally:
        worker.stdin.close()
        worker.wait(timeout=30)
    print(f"{len(acked)} acknowledged entries in {games_started} games survived {KILLS} kills "
          f"(kinds: {sorted(kinds_acked)})")
    assert len(acked) > 2 * KILLS, f"only {len(acked)} acknowledged entries: the kills came too early"
    assert games_started >= 2 and {"input", "undo", "correction", "redo"} & kinds_acked >= {"input", "redo"}
