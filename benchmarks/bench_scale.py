"""Speed and memory at any game length, side by side in one run (issue "Fast at any game length").

    python3 benchmarks/bench_scale.py [--against DIR] [--games 20] [--all-core-games 200] [--repeat 3]
                                      [--rolls 100] [--skip-ui] [--start-rounds N] [--resume-only]
                                      [--journal-only] [--memory-only]

Prints, each against a baseline measured in the same run:

* resume: ``Session.open`` of a journal of 100 / 500 / 2,000 entries (a four-player simulator game;
  no whole game is that long, so past its end the table undoes and redoes a step now and then, as
  ``bench_journal.py`` does), in ms and µs per entry, median of ``--repeat``;
* app start to the first frame, and peak memory, for a bare Kivy app (the baseline), the companion
  with an empty journal and with a 2,000-entry unfinished game; each a fresh process, after one
  start of each that is not timed, and with Python's bytecode cached (``PYTHONDONTWRITEBYTECODE``
  removed from the children's environment), as on the table after the first start;
* memory after opening every screen on that game, against the bare Kivy app: as the app starts
  (the game open in the journal, not shown) and after "resume" (the game's screens show the game:
  its maps with every piece, the table's grids);
* a screen's dropped widgets collected on the frame after it was left (``gc.collect``, see
  ``ui/screens/base.py``), on that game resumed: the slowest whole collection in a third round of
  every screen (all built long since, as for most of a game), the frame it fell in, and the slowest
  of the first round (the screens being built);
* the Journal screen: time to open it (the frame after ``show``) and memory added, at 50 and 2,000
  entries, and at 2,000 steps of an Ankh-Morpoly game (a German table of five with ELAM and Fortuna,
  seeded random play: its 2,000 entries are 2,000 steps, each a row, where the first game's 2,000
  entries hold the 400 inputs of its longest game); then its map, drawn from the frame after (the slowest part of opening it; a thumbnail
  places its names and chips over a few frames): its slowest frame and when it is complete; and a
  tap on another step: its row, then its map, until complete (the slowest of four picks);
* engine-only and checked games/s of four-player simulator games on one core (``simulate``'s games
  of ``--seed 1`` played in this process; checked as the command checks: the sampled checks, plus
  the share of the games it checks at every input);
* checked games/s of the command's own run (``simulate.simulate``, four players, seed 1,
  ``--all-core-games`` games, Ankh-Morpoly's half as many) on all the cores this process may use
  (``--jobs``' default), wall-clock, each with its ratio to the same run on one core (``--jobs 1``)
  timed just before it in the same child;
* a die roll → its face on screen, 50th and 99th percentile: the simulated die rolls from another
  thread (as a serial reader does), through the app's real path (``DeviceLink`` → ``on_die_roll`` →
  the session → the events screen), until a frame has been flipped with the face in its label.

Every figure of the issue's Targets list is printed with its target and the ratio to it (``0.50 of
target``: half the allowed time or memory, or half the speed asked for).

``--start-rounds N`` prints only the start-up figures, from N rounds that interleave the checkouts,
with the median of each round's ratio to the bare app timed in the same round: the figure to quote
for start-up on a machine whose speed swings between runs.

``--resume-only`` prints only the resume rows (the same children, the other figures not run: a minute
of simulator games and Kivy starts saved when only ``Session.open`` is being worked on).

``--journal-only`` prints only the Journal rows (the two first-game journals and the Ankh-Morpoly
game), each the median of ``--repeat`` fresh processes (one otherwise), its memory the largest: a few
minutes, where the whole run takes a quarter of an hour, when only the Journal is being worked on.
With ``--against`` the two checkouts take turns, process by process.

``--memory-only`` prints only the memory after every screen was opened on the 2,000-entry game (as the
app starts and after "resume"), against the bare app: ``--repeat`` of each, the median.

``--against DIR`` runs every figure a second time with the code in ``DIR`` (another checkout, e.g.
main before a change) and prints both columns, so before/after come from one machine and one run.
Each figure runs in its own ``python3`` process with ``PYTHONPATH`` set to the checkout measured.
A real Kivy window: under ``xvfb-run`` it uses Xvfb, else SDL's offscreen driver.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SIZES = (100, 500, 2000)
JOURNAL_SIZES = (50, 2000)
MORPOLY_STEPS = 2000
"""The Ankh-Morpoly game whose Journal is opened: this many steps, unfinished."""
STARTS: dict[str, tuple[str, float]] = {"empty": ("empty journal", 1.3), "long": ("2,000-entry game", 1.4)}
"""The two timed app starts: how the rows name them, and the issue's target (× the bare app)."""


# -- journals -------------------------------------------------------------------------------------

def make_journal(path: Path, entries: int) -> int:
    """A journal holding one unfinished four-player simulator game of exactly ``entries`` entries
    (undo/redo pairs past the game's length). Returns the inputs in effect."""
    sys.path.insert(0, str(ROOT))
    from companion.cli.simulate import choose_input, deal, follow_narration, play_game
    from companion.core.journal import Journal
    from companion.core.session import GameRules, Session
    from companion.morpork.board import COLORS

    lengths = {seed: play_game(random.Random(seed), 4, check=False).steps for seed in range(12)}
    seed = max(lengths, key=lambda s: lengths[s])
    applied = min(lengths[seed] - 1, entries)
    applied -= (entries - applied) % 2
    pairs = (entries - applied) // 2
    every = max(1, applied // pairs) if pairs else 0
    rng = random.Random(seed)
    colors = list(COLORS[:4])
    table = deal(rng, colors)
    session: Any = Session(Journal(path), GameRules())
    session.new_game(colors)
    done = 0
    while done < applied:
        before = session.game
        step = session.submit(choose_input(before, table, session.question))
        done += 1
        follow_narration(step.game, table, list(step.game.narration[len(before.narration):]))
        if pairs and done % every == 0:
            session.undo(1, confirm=True)
            session.redo(1)
            pairs -= 1
    while pairs:
        session.undo(1, confirm=True)
        session.redo(1)
        pairs -= 1
    session.close()
    return applied


def make_morpoly_journal(path: Path, steps: int) -> int:
    """A journal holding one unfinished Ankh-Morpoly game of exactly ``steps`` inputs: a German table
    of five with ELAM and Fortuna, the first seed (from 1) whose random play lasts that long. Returns
    the seed."""
    sys.path.insert(0, str(ROOT))
    from companion.core.journal import Journal
    from companion.core.session import GameRules, Session
    from companion.morpoly.random_play import random_input
    from ui.palette import SEATS  # the app's seats: it shows no game of the command line's "white"

    names = ["Bartholomäus", "Friederike", "Kunigunde", "Maximilian", "Wolfgang"]
    for seed in range(1, 100):
        path.unlink(missing_ok=True)
        rng = random.Random(seed)
        session: Any = Session(Journal(path), GameRules())
        session.new_game(list(SEATS[:5]), None, names, mode="ankh-morpoly",
                         options={"elam": "on", "fortuna": "on", "edition": "de"})
        done = 0
        while done < steps and session.game.question is not None:
            session.submit(random_input(session.game, rng))
            done += 1
        session.close()
        if done == steps:
            return seed
    raise SystemExit(f"no Ankh-Morpoly game of seeds 1-99 lasts {steps} steps")


# -- children (run with PYTHONPATH = the checkout measured) ------------------------------------------

RESUME = r"""
import json, statistics, sys, time
from companion.core.session import Session
Session.open({path!r}).close()  # imports the engine once; the figures are the opens after it
times = []
for _ in range({repeat}):
    started = time.perf_counter()
    session = Session.open({path!r})
    times.append(time.perf_counter() - started)
    session.close()
print("RESULT", json.dumps({{"ms": statistics.median(times) * 1000}}))
"""

SIM = r"""
import inspect, json, os, random, time
import companion.cli.simulate as sim
out = {{}}
for check in (False, True):  # one core: this process, game G from seed G (the games of simulate --seed 1)
    started = time.perf_counter()
    for number in range({games}):
        sim.play_game(random.Random(1 + number), 4, check=check)
    out["checked" if check else "engine"] = {games} / (time.perf_counter() - started)
every = getattr(sim, "FULL_CHECK_GAMES_EVERY", None)
if every:  # simulate checks every input of every Nth game: add that share, timed on a few such games
    full = max(2, {games} // 10)
    started = time.perf_counter()
    for number in range(full):
        sim.play_game(random.Random(1 + number), 4, every_input=True)
    per_full, per_checked = (time.perf_counter() - started) / full, 1 / out["checked"]
    out["checked"] = 1 / (per_checked + (per_full - per_checked) / every)
if "jobs" in inspect.signature(sim.simulate).parameters:  # the command's own runs, one core and all cores
    import companion.cli.simulate_morpoly as morpoly
    cores = len(os.sched_getaffinity(0))
    out["cores"] = cores
    for name, run, games in (("", sim.simulate, {all_games}), ("morpoly_", morpoly.simulate, {morpoly_games})):
        for label, jobs in (("one", 1), ("all", cores)):
            _, seconds = run(games, 4, 1, jobs=jobs)
            out[name + label] = games / seconds
print("RESULT", json.dumps(out))
"""

KIVY_PRELUDE = r"""
import json, os, resource, sys, time
def rss_mb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
def peak_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
from ui.kivy_env import prepare
prepare()
from kivy.config import Config
Config.set("graphics", "width", "800"); Config.set("graphics", "height", "480")
from kivy.core.window import Window
"""

BARE = KIVY_PRELUDE + r"""
from kivy.app import App
from kivy.uix.label import Label
class Bare(App):
    def load_kv(self, filename=None):  # no kv file beside a -c script
        return None
    def build(self):
        return Label(text="bare Kivy")
app = Bare()
def flipped(*_a):
    Window.unbind(on_flip=flipped)
    print("RESULT", json.dumps({{"first_frame": time.time(), "peak_mb": peak_mb(), "rss_mb": rss_mb()}}), flush=True)
    app.stop()
Window.bind(on_flip=flipped)
app.run()
"""

APP = KIVY_PRELUDE + r"""
from pathlib import Path
from kivy.base import EventLoop
from kivy.clock import Clock
from ui.app import make_app
app = make_app(data_dir=Path({data!r}))
out = {{}}
def frames(n):
    for _ in range(n):
        EventLoop.idle()
def later(_dt):
    frames(3)
    out["after_start_mb"] = rss_mb()
    if {journal}:
        before = rss_mb()
        started = time.perf_counter()
        app.show("journal")
        frames(1)
        out["journal_ms"] = (time.perf_counter() - started) * 1000
        screen = app.manager.get_screen("journal")
        def map_frames():
            # the frames until the map is complete: the one after the screen (MapWidget._redraw_trigger)
            # and any more a thumbnail takes (MapWidget.labelling); their slowest and their sum, in ms
            times = []
            while not times or getattr(screen.ids.map, "labelling", False):
                started = time.perf_counter()
                frames(1)
                times.append((time.perf_counter() - started) * 1000)
            return max(times), sum(times)
        out["journal_map_ms"], out["journal_map_total_ms"] = map_frames()
        frames(2)
        out["journal_mb"] = rss_mb() - before
        picks = []
        count = screen.line_count
        for eighth in (1, 3, 5, 7):  # a tap on a line: the row at once, the map a frame later
            started = time.perf_counter()
            screen.select(count * eighth // 8)
            frames(1)
            picks.append((time.perf_counter() - started) * 1000 + map_frames()[1])
        out["journal_pick_map_ms"] = max(picks)
    if {resume}:
        app.resume_game()  # as a tap on "resume": the game's own screens show the game, not an empty table
        frames(3)
    if {every}:
        import gc
        full = []  # every whole (generation 2) collection: [start, end], perf_counter
        def timed(phase, info):
            if info["generation"] == 2:
                full.append([time.perf_counter()]) if phase == "start" else full[-1].append(time.perf_counter())
        gc.callbacks.append(timed)
        slowest = []  # per round: (the slowest whole collection, the frame it fell in), ms
        for lap in range(3):  # the last: every screen built long since, as for most of a game
            worst = (0.0, 0.0)
            for name in ("home", "setup", "table", "turn", "events", "gameend", "journal", "settings"):
                try:
                    app.show(name)
                except Exception as exc:
                    out.setdefault("errors", []).append(f"{{name}}: {{exc}}")
                for _ in range(2):
                    started, seen = time.perf_counter(), len(full)
                    frames(1)
                    frame = (time.perf_counter() - started) * 1000
                    for c in full[seen:]:
                        worst = max(worst, ((c[-1] - c[0]) * 1000, frame))
            slowest.append(worst)
            if lap == 0:
                out["every_screen_rss_mb"] = rss_mb()
                out["every_screen_peak_mb"] = peak_mb()
        gc.callbacks.remove(timed)
        out["drop_collect_first_ms"], out["drop_collect_ms"], out["drop_collect_frame_ms"] = (
            slowest[0][0], slowest[-1][0], slowest[-1][1])
    print("RESULT", json.dumps(out), flush=True)
    app.stop()
def flipped(*_a):
    Window.unbind(on_flip=flipped)
    out["first_frame"] = time.time()
    out["peak_at_first_frame_mb"] = peak_mb()
    Clock.schedule_once(later, 0.5)
    if getattr(app, "session", None) is not None:  # opened before the first frame (older checkouts)
        out["resumed"] = out["first_frame"]
def resumed(*_a):
    out.setdefault("resumed", time.time())
if hasattr(type(app), "resuming"):
    app.bind(resuming=resumed)
Window.bind(on_flip=flipped)
app.run()
"""

DIE = KIVY_PRELUDE + r"""
import statistics, threading
from pathlib import Path
from kivy.base import EventLoop
from ui.app import make_app
app = make_app(data_dir=Path({data!r}))
app._run_prepare()
EventLoop.ensure_window()
if EventLoop.status != "started":
    EventLoop.start()
for _ in range(5):
    EventLoop.idle()
app.start_game(["red", "yellow", "green"], ["A", "B", "C"], "en")
app.on_die_roll(1, "manual")
for value in ("vetinari", "rust", "vimes", "the-dean", "fire"):  # The Dean's event: a fire, rolled for
    assert app.answer(value), (value, app.message)
assert app.game.question is not None and app.game.question.kind == "roll", app.game.question
at_roll = len(app.session.inputs)
for _ in range(5):
    EventLoop.idle()
assert app.manager.current == "events", app.manager.current
face_label = app.manager.get_screen("events").ids.face
flips = []
Window.bind(on_flip=lambda *_a: flips.append(time.perf_counter()))
times = []
for i in range({rolls}):
    app.undo_to(at_roll)
    for _ in range(3):
        EventLoop.idle()
    face = 12 - (i % 3)  # 10-12: areas without a building, so the fire stops at once
    face_label.text = "-"
    started = time.perf_counter()
    threading.Thread(target=app.devices.roll_simulated, args=(face,)).start()
    while True:
        EventLoop.idle()
        if face_label.text == str(face) and flips and flips[-1] > started:
            times.append((flips[-1] - started) * 1000)
            break
        if time.perf_counter() - started > 10:
            raise SystemExit("the roll never reached the screen")
app.dispatch("on_stop")
times.sort()
print("RESULT", json.dumps({{"p50_ms": times[len(times) // 2],
                            "p99_ms": times[min(len(times) - 1, int(len(times) * 0.99))]}}), flush=True)
"""


def _env(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root)
    # bytecode cached as on the table, where the first start writes it: without it every start
    # compiled the app's own modules again (Kivy's were compiled when pip installed it)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not env.get("DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "offscreen")
    env.setdefault("KIVY_NO_ARGS", "1")
    return env


def child(root: Path, code: str, timeout: float = 600) -> tuple[dict[str, Any], float]:
    """Run ``code`` in a fresh process; its RESULT line and when the process was spawned."""
    started = time.time()
    done = subprocess.run([sys.executable, "-c", code], env=_env(root), cwd=str(root), capture_output=True,
                          text=True, timeout=timeout)
    line = next((l for l in done.stdout.splitlines() if l.startswith("RESULT ")), None)
    if line is None:
        raise SystemExit(f"a benchmark child failed:\n{done.stderr[-3000:]}")
    return json.loads(line[len("RESULT "):]), started


def app_data(tmp: Path, name: str, journal: Path | None) -> Path:
    data = tmp / name
    data.mkdir()
    if journal is not None:
        (data / "games.sqlite").write_bytes(journal.read_bytes())
    return data


# -- measuring ---------------------------------------------------------------------------------------

def measure(root: Path, journals: dict[int, Path], tmp: Path, args: argparse.Namespace,
            morpoly: Path | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if args.memory_only:
        return measure_memory(root, journals[2000], tmp, args)
    for size in SIZES:
        result, _ = child(root, RESUME.format(repeat=args.repeat, path=str(journals[size])))
        out[f"resume_{size}_ms"] = result["ms"]
    if args.resume_only:
        return out
    sim, _ = child(root, SIM.format(games=args.games, all_games=args.all_core_games,
                                    morpoly_games=args.all_core_games // 2), timeout=3600)
    out["engine_gps"], out["checked_gps"] = sim["engine"], sim["checked"]
    out["all_core_games"] = args.all_core_games
    for key in ("cores", "one", "all", "morpoly_one", "morpoly_all"):
        if key in sim:
            out[f"sim_{key}"] = sim[key]
    if args.skip_ui:
        return out
    starts: dict[str, list[float]] = {"bare": [], "empty": [], "long": []}
    resumed: list[float] = []
    warm_up(root, tmp)
    for _ in range(args.repeat):
        result, spawned = child(root, BARE.format())
        starts["bare"].append(result["first_frame"] - spawned)
        out["bare_peak_mb"] = result["peak_mb"]
        for kind, journal in (("empty", None), ("long", journals[2000])):
            data = app_data(tmp, f"{root.name}-{kind}-{len(starts[kind])}", journal)
            result, spawned = child(root, APP.format(data=str(data), journal=False, every=kind == "long", resume=False))
            starts[kind].append(result["first_frame"] - spawned)
            out[f"{kind}_peak_first_frame_mb"] = result["peak_at_first_frame_mb"]
            if kind == "long":
                resumed.append(result["resumed"] - spawned)
                out["every_screen_peak_mb"] = result["every_screen_peak_mb"]
                out["every_screen_rss_mb"] = result["every_screen_rss_mb"]
    for kind, values in starts.items():
        out[f"start_{kind}_s"] = statistics.median(values)
    out["resumed_long_s"] = statistics.median(resumed)
    data = app_data(tmp, f"{root.name}-resumed", journals[2000])
    result, _ = child(root, APP.format(data=str(data), journal=False, every=True, resume=True))
    out["resumed_every_screen_peak_mb"] = result["every_screen_peak_mb"]
    for key in ("drop_collect_first_ms", "drop_collect_ms", "drop_collect_frame_ms"):
        out[key] = result.get(key)
    result, _ = child(root, DIE.format(data=str(app_data(tmp, f"{root.name}-die", None)), rolls=args.rolls))
    out["roll_p50_ms"], out["roll_p99_ms"] = result["p50_ms"], result["p99_ms"]
    for size in JOURNAL_SIZES:
        data = app_data(tmp, f"{root.name}-journal-{size}", journals[size])
        result, _ = child(root, APP.format(data=str(data), journal=True, every=False, resume=False))
        out[f"journal_{size}_ms"] = result["journal_ms"]
        out[f"journal_{size}_mb"] = result["journal_mb"]
        out[f"journal_{size}_map_ms"] = result["journal_map_ms"]
        out[f"journal_{size}_map_total_ms"] = result["journal_map_total_ms"]
        out[f"journal_{size}_pick_map_ms"] = result["journal_pick_map_ms"]
    if morpoly is None:
        return out
    data = app_data(tmp, f"{root.name}-journal-morpoly", morpoly)
    try:
        result, _ = child(root, APP.format(data=str(data), journal=True, every=False, resume=False))
        out["journal_morpoly_ms"], out["journal_morpoly_mb"] = result["journal_ms"], result["journal_mb"]
    except SystemExit:  # a checkout whose Journal could not open before its game was shown
        out["journal_morpoly_ms"] = None
    return out


def measure_journals(roots: list[Path], journals: dict[int, Path], tmp: Path, args: argparse.Namespace,
                     morpoly: Path | None) -> dict[Path, dict[str, Any]]:
    """Only the Journal figures (``--journal-only``) of each checkout in ``roots``: each the median of
    ``--repeat`` fresh processes, its memory the largest seen. The checkouts take turns run by run
    (the order alternating), so a machine whose load swings during the run swings for both."""
    for root in roots:
        warm_up(root, tmp)
    out: dict[Path, dict[str, Any]] = {root: {} for root in roots}
    games = [(f"journal_{size}", journals[size]) for size in JOURNAL_SIZES]
    games += [("journal_morpoly", morpoly)] if morpoly is not None else []
    for name, journal in games:
        results: dict[Path, list[dict[str, Any]]] = {root: [] for root in roots}
        refused: set[Path] = set()
        for run in range(args.repeat):
            for root in (roots if run % 2 == 0 else roots[::-1]):
                if root in refused:
                    continue
                data = app_data(tmp, f"{root.name}-{len(roots)}-{roots.index(root)}-{name}-{run}", journal)
                try:
                    results[root].append(child(root, APP.format(data=str(data), journal=True, every=False,
                                                                resume=False))[0])
                except SystemExit:  # a checkout whose Journal could not open before its game was shown
                    refused.add(root)
        for root in roots:
            if not results[root]:
                out[root][f"{name}_ms"] = None
                continue
            for key in ("ms", "map_ms", "map_total_ms", "pick_map_ms"):
                out[root][f"{name}_{key}"] = statistics.median(r[f"journal_{key}"] for r in results[root])
            out[root][f"{name}_mb"] = max(r["journal_mb"] for r in results[root])
    return out


def measure_memory(root: Path, journal: Path, tmp: Path, args: argparse.Namespace) -> dict[str, Any]:
    """Only the memory after every screen was opened (``--memory-only``): the medians of ``--repeat``
    runs of the bare app, the app on ``journal`` (the game not shown) and the same resumed first."""
    warm_up(root, tmp)
    figures: dict[str, list[float]] = {"bare_peak_mb": [], "every_screen_peak_mb": [], "every_screen_rss_mb": [],
                                       "resumed_every_screen_peak_mb": []}
    for run in range(args.repeat):
        figures["bare_peak_mb"].append(child(root, BARE.format())[0]["peak_mb"])
        for resume in (False, True):
            data = app_data(tmp, f"{root.name}-memory-{run}-{resume}", journal)
            result, _ = child(root, APP.format(data=str(data), journal=False, every=True, resume=resume))
            if resume:
                figures["resumed_every_screen_peak_mb"].append(result["every_screen_peak_mb"])
            else:
                figures["every_screen_peak_mb"].append(result["every_screen_peak_mb"])
                figures["every_screen_rss_mb"].append(result["every_screen_rss_mb"])
    return {key: statistics.median(values) for key, values in figures.items()}


def warm_up(root: Path, tmp: Path) -> None:
    """A start of the bare app and of the companion, not timed: the bytecode written, the files in
    the page cache."""
    child(root, BARE.format())
    child(root, APP.format(data=str(app_data(tmp, f"{root.name}-warm", None)), journal=False, every=False,
                           resume=False))


def start_rounds(columns: list[tuple[str, Path]], journal: Path, tmp: Path, rounds: int) -> list[str]:
    """Only the start-up rows, ``rounds`` rounds with the checkouts interleaved (the order alternating),
    each round a bare Kivy app and the companion with an empty journal and with ``journal``: the
    medians, and the median of each round's ratio to the bare app timed just before it (the machine's
    swings between rounds then cancel out; one run of the whole benchmark swung by ±0.2)."""
    for _, root in columns:
        warm_up(root, tmp)
    times: dict[tuple[str, str], list[float]] = {}
    ratios: dict[tuple[str, str], list[float]] = {}
    for number in range(rounds):
        for label, root in (columns if number % 2 else columns[::-1]):
            result, spawned = child(root, BARE.format())
            bare = result["first_frame"] - spawned
            times.setdefault((label, "bare"), []).append(bare)
            for kind, game in (("empty", None), ("long", journal)):
                data = app_data(tmp, f"{root.name}-round-{number}-{kind}", game)
                result, spawned = child(root, APP.format(data=str(data), journal=False, every=False, resume=False))
                times.setdefault((label, kind), []).append(result["first_frame"] - spawned)
                ratios.setdefault((label, kind), []).append((result["first_frame"] - spawned) / bare)
    lines = [f"start to the first frame, {rounds} rounds interleaved: median ms, median of the rounds' ratios to bare"]
    for label, _ in columns:
        lines.append(f"  {label}: bare Kivy {statistics.median(times[(label, 'bare')]) * 1000:.0f} ms; " + "; ".join(
            f"{name} {statistics.median(times[(label, kind)]) * 1000:.0f} ms ×{statistics.median(ratios[(label, kind)]):.2f}"
            f" (target ≤ {target})" for kind, (name, target) in STARTS.items()))
    return lines


def _of(value: float, target: float) -> str:
    """The ratio to a target: for a time or memory, the share of what is allowed (≤ 1 meets it);
    for a speed, the share of what is asked (≥ 1 meets it)."""
    return f"{value / target:.2f} of target"


def _all_core_rows(f: dict[str, Any]) -> list[tuple[str, str, str]]:
    """``simulate --jobs``: the command's checked run on every core this process may use, against
    the same run in this one process (``--jobs 1``), both timed in the same child, wall-clock; the
    Discworld games (``--all-core-games``) and Ankh-Morpoly's (half as many), four players, seed 1."""
    games = f["all_core_games"]
    out = []
    for name, label, count, target, aim in (("", "checked, 4 players", games, "≥ 200 games/s", 200.0),
                                            ("morpoly_", "Ankh-Morpoly checked, 4 pl.", games // 2, "", 0.0)):
        if f"sim_{name}all" not in f:
            out.append((f"{label}, all cores", target, "    (no simulate --jobs)"))
            continue
        every, one = f[f"sim_{name}all"], f[f"sim_{name}one"]
        ratio = f"; {_of(every, aim)}" if aim else ""
        out.append((f"{label}, all {f['sim_cores']} cores", target,
                    f"{every:7.1f} games/s{ratio}; ×{every / one:.2f} of one core ({one:.1f} games/s; {count} games)"))
    return out


def _memory_rows(f: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The memory after every screen was opened on the 2,000-entry game, over the bare app."""
    out = []
    extra = f["every_screen_peak_mb"] - f["bare_peak_mb"]
    out.append(("every screen opened, 2,000", "≤ bare + 40 MB", f"peak +{extra:.0f} MB over bare; {_of(extra, 40)}; "
                f"now {f['every_screen_rss_mb']:.0f} MB"))
    extra = f["resumed_every_screen_peak_mb"] - f["bare_peak_mb"]
    out.append(("  … its game resumed first", "≤ bare + 40 MB", f"peak +{extra:.0f} MB over bare; {_of(extra, 40)}"))
    return out


def _journal_rows(f: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The Journal screen's rows: open, its map, a pick; the Ankh-Morpoly game's open."""
    out: list[tuple[str, str, str]] = []
    for size in JOURNAL_SIZES:
        ms = f[f"journal_{size}_ms"]
        out.append((f"Journal screen, {size} entries", "≤ 150 ms" if size == 2000 else "",
                    f"{ms:7.0f} ms +{f[f'journal_{size}_mb']:.0f} MB" + (f"; {_of(ms, 150)}" if size == 2000 else "")))
        ms = f[f"journal_{size}_map_ms"]
        out.append(("  … its map, slowest frame", "≤ 150 ms" if size == 2000 else "",
                    f"{ms:7.0f} ms" + (f"; {_of(ms, 150)}" if size == 2000 else "")
                    + f" (complete after {f[f'journal_{size}_map_total_ms']:.0f} ms)"))
        ms = f[f"journal_{size}_pick_map_ms"]
        out.append(("  … a step picked: row, map", "", f"{ms:7.0f} ms until drawn (slowest of 4)"))
    if "journal_morpoly_ms" in f:
        ms = f["journal_morpoly_ms"]
        out.append((f"Journal, {MORPOLY_STEPS:,} Ankh-Morpoly steps", "≤ 150 ms",
                    "    (refused by this checkout)" if ms is None else
                    f"{ms:7.0f} ms +{f['journal_morpoly_mb']:.0f} MB; {_of(ms, 150)}"))
    return out


def rows(figures: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(what, target, this column's figure) for every line of the table."""
    f = figures
    out: list[tuple[str, str, str]] = []
    if "resumed_every_screen_peak_mb" in f and "resume_100_ms" not in f:  # --memory-only
        return _memory_rows(f)
    if "resume_100_ms" not in f:  # --journal-only
        return _journal_rows(f)
    for size in SIZES:
        ms = f[f"resume_{size}_ms"]
        per = ms * 1000 / size
        target = "≤ 30 µs/entry" + (", ≤ 60 ms" if size == 2000 else "")
        ratio = _of(ms, 60) if size == 2000 else _of(per, 30)
        out.append((f"resume, {size} entries", target,
                    f"{ms:7.1f} ms {per:5.1f} µs/entry ×{ms / f['resume_100_ms']:.1f} of 100; {ratio}"))
    if "engine_gps" not in f:  # --resume-only
        return out
    out.append(("engine only, 4 players, one core", "≥ 400 games/s",
                f"{f['engine_gps']:7.1f} games/s; {_of(f['engine_gps'], 400)}"))
    out.append(("checked, 4 players, one core", "≥ 200 games/s", f"{f['checked_gps']:7.1f} games/s; {_of(f['checked_gps'], 200)}"
                f" ({f['checked_gps'] / f['engine_gps']:.2f} of engine)"))
    out.extend(_all_core_rows(f))
    if "start_bare_s" in f:
        bare = f["start_bare_s"]
        out.append(("start, bare Kivy app", "(the baseline)", f"{bare * 1000:7.0f} ms  peak {f['bare_peak_mb']:.0f} MB"))
        for kind, (name, target) in STARTS.items():
            start = f[f"start_{kind}_s"]
            out.append((f"start, {name}", f"≤ {target}× bare", f"{start * 1000:7.0f} ms ×{start / bare:.2f}; "
                        f"{_of(start / bare, target)}; peak +{f[f'{kind}_peak_first_frame_mb'] - f['bare_peak_mb']:.0f} MB"))
        out.append(("  … its game resumed", "(after the first frame)", f"{f['resumed_long_s'] * 1000:7.0f} ms ×{f['resumed_long_s'] / bare:.2f} of bare"))
        out.extend(_memory_rows(f))
        if f.get("drop_collect_ms") is not None:
            ms = f["drop_collect_ms"]
            out.append(("  … a screen's drop collected", "", f"{ms:7.0f} ms, {ms / (1000 / 60):.1f} frames of 60 fps; its frame "
                        f"{f['drop_collect_frame_ms']:.0f} ms (first round {f['drop_collect_first_ms']:.0f} ms)"))
        out.extend(_journal_rows(f))
        out.append(("die roll → face on screen", "p99 ≤ 50 ms", f"p99 {f['roll_p99_ms']:5.0f} ms (p50 {f['roll_p50_ms']:.0f}); "
                    f"{_of(f['roll_p99_ms'], 50)}"))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="another checkout to measure in the same run (the 'before' column)")
    parser.add_argument("--games", type=int, default=20, help="simulator games per one-core figure")
    parser.add_argument("--all-core-games", type=int, default=200,
                        help="games of 'simulate' on one core and on all (Ankh-Morpoly: half as many)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rolls", type=int, default=100, help="die rolls timed for the percentiles")
    parser.add_argument("--skip-ui", action="store_true", help="no Kivy figures")
    parser.add_argument("--resume-only", action="store_true", help="only the resume rows (Session.open)")
    parser.add_argument("--journal-only", action="store_true",
                        help="only the Journal rows, each the median of --repeat processes")
    parser.add_argument("--memory-only", action="store_true",
                        help="only the memory after every screen was opened, the median of --repeat runs")
    parser.add_argument("--start-rounds", type=int, metavar="N",
                        help="only the start-up figures: N rounds, the checkouts interleaved")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as name:
        tmp = Path(name)
        journals: dict[int, Path] = {}
        inputs: dict[int, int] = {}
        sizes = set(SIZES) | set(JOURNAL_SIZES)
        if args.journal_only or args.memory_only:
            sizes = set(JOURNAL_SIZES) if args.journal_only else {2000}
        for size in sorted(sizes):
            journals[size] = tmp / f"game-{size}.sqlite"
            inputs[size] = make_journal(journals[size], size)
        print("journals (entries: inputs in effect): "
              + ", ".join(f"{size}: {inputs[size]}" for size in sorted(journals)))
        morpoly = None
        if not (args.resume_only or args.start_rounds or args.skip_ui or args.memory_only):
            morpoly = tmp / f"morpoly-{MORPOLY_STEPS}.sqlite"
            seed = make_morpoly_journal(morpoly, MORPOLY_STEPS)
            print(f"Ankh-Morpoly journal: {MORPOLY_STEPS} steps (seed {seed})")
        columns = [("this checkout", ROOT)]
        if args.against:
            columns.insert(0, ("against", Path(args.against).resolve()))
        if args.start_rounds:
            print("\n".join(start_rounds(columns, journals[2000], tmp, args.start_rounds)))
            return 0
        if args.journal_only:
            figures = measure_journals([root for _, root in columns], journals, tmp, args, morpoly)
            results = [(label, rows(figures[root])) for label, root in columns]
        else:
            results = [(label, rows(measure(root, journals, tmp, args, morpoly))) for label, root in columns]
    width = max(len(r[0]) for _, table in results for r in table)
    aim = max(len(r[1]) for _, table in results for r in table)
    col = max(len(r[2]) for _, table in results for r in table)
    print(f"{'':{width}}  {'target':{aim}}  " + "  ".join(f"{label:{col}}" for label, _ in columns))
    for i, (what, target, _) in enumerate(results[0][1]):
        print(f"{what:{width}}  {target:{aim}}  " + "  ".join(f"{table[i][2]:{col}}" for _, table in results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
