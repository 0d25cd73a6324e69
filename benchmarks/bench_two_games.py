"""The app's start on a journal of more than one game (issue 16): a long newest unfinished game and
an older one the table went back to from Home (``playing`` in the navigation record).

    python3 benchmarks/bench_two_games.py [--against DIR] [--repeat 5] [--newest 2000] [--older 500]

Prints, for each checkout, the medians over ``--repeat`` fresh processes (after one start that is
not timed, bytecode cached, as ``bench_scale.py`` times starts) of: the start to the first frame,
the start to the frame after the journal is open and the game the table was on is the open game
(Home offers it behind "Resume"), the same from the first frame (the start's swings between processes
left out) and of it the opening of the journal alone (``open_journal``: the replays), and which games the start replayed (each fold of a game's journal entries), with the game the app then holds. The game the
table was on is the older one: a start that replays the newest first pays for a replay it throws
away.

``--against DIR`` runs the same with the code in ``DIR`` (another checkout, e.g. main before a change)
in the same run, the two interleaved round by round.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_scale import KIVY_PRELUDE, ROOT, app_data, child, make_journal, warm_up  # noqa: E402

START = KIVY_PRELUDE + r"""
from pathlib import Path
from kivy.clock import Clock
import companion.core.session as session_module
folded = []
fold = session_module.fold
def counted(rules, record, entries):
    folded.append(record.id)
    return fold(rules, record, entries)
session_module.fold = counted
from ui.app import make_app
app = make_app(data_dir=Path({data!r}))
out = {{}}
def flipped(*_a):
    Window.unbind(on_flip=flipped)
    out["first_frame"] = time.time()
opening = app.open_journal
def open_journal():
    started = time.perf_counter()
    opening()
    if "opened" not in out and app.session is not None:
        out["open_ms"] = (time.perf_counter() - started) * 1000
        out["opened"] = time.time()
        out["replayed"] = list(folded)
        out["open"] = app.session.game_id
        Window.bind(on_flip=shown)
def shown(*_a):
    Window.unbind(on_flip=shown)
    out["shown"] = time.time()
    print("RESULT", json.dumps(out), flush=True)
    Clock.schedule_once(lambda _dt: app.stop(), 0)
app.open_journal = open_journal
Window.bind(on_flip=flipped)
app.run()
"""


def make_two_games(path: Path, data: Path, newest: int, older: int) -> tuple[int, int]:
    """A journal with an older unfinished game of ``older`` entries and a newest of ``newest``, and
    a navigation record naming the older as the game the table went back to. Returns both ids."""
    from companion.core.journal import Journal
    from ui import navigation

    make_journal(path, older)
    make_journal(path, newest)
    journal = Journal(path)
    try:
        first, last = journal.games()[-2:]
        row = journal.entries(first.id)[-1].n
    finally:
        journal.close()
    playing = navigation.JournalPosition(first.id, first.created, row)
    navigation.save(navigation.record_path(data), navigation.Navigation(playing=playing))
    return first.id, last.id


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="another checkout to measure in the same run (the 'before' column)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--newest", type=int, default=2000, help="entries of the newest unfinished game")
    parser.add_argument("--older", type=int, default=500, help="entries of the game the table went back to")
    args = parser.parse_args(argv)
    columns = [("this checkout", ROOT)]
    if args.against:
        columns.insert(0, ("against", Path(args.against).resolve()))
    with tempfile.TemporaryDirectory(prefix="bench-two-games-") as name:
        tmp = Path(name)
        template = tmp / "template"
        template.mkdir()
        older, newest = make_two_games(template / "games.sqlite", template, args.newest, args.older)
        print(f"journal: game {older} ({args.older} entries, the table went back to it), "
              f"game {newest} ({args.newest} entries, the newest unfinished)")
        for _, root in columns:
            warm_up(root, tmp)
        figures: dict[str, dict[str, list[Any]]] = {label: {"first": [], "shown": [], "after": [], "open_ms": [], "replayed": [], "open": []}
                                                    for label, _ in columns}
        for number in range(args.repeat):
            for label, root in (columns if number % 2 else columns[::-1]):
                data = app_data(tmp, f"{root.name}-{label.replace(' ', '-')}-{number}", template / "games.sqlite")
                (data / "navigation.json").write_bytes((template / "navigation.json").read_bytes())
                result, spawned = child(root, START.format(data=str(data)))
                figures[label]["first"].append(result["first_frame"] - spawned)
                figures[label]["shown"].append(result["shown"] - spawned)
                figures[label]["after"].append(result["shown"] - result["first_frame"])
                figures[label]["open_ms"].append(result["open_ms"])
                figures[label]["replayed"].append(result["replayed"])
                figures[label]["open"].append(result["open"])
    for label, f in figures.items():
        replayed = {json.dumps(r) for r in f["replayed"]}
        print(f"{label}: first frame {statistics.median(f['first']) * 1000:.0f} ms, game open and "
              f"shown (the frame after) {statistics.median(f['shown']) * 1000:.0f} ms, "
              f"{statistics.median(f['after']) * 1000:.0f} ms after the first frame, of which opening the journal "
              f"{statistics.median(f['open_ms']):.0f} ms; replayed {', '.join(sorted(replayed))}; "
              f"open game {sorted(set(f['open']))} (median of {args.repeat})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
