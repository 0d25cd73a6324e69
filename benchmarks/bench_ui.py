"""UI speed: launch → first frame, and a die roll arriving → the screen showing it.

    python3 benchmarks/bench_ui.py [--launches 5] [--rolls 30]

Runs a real Kivy window (offscreen SDL when there is no display; under ``xvfb-run`` it uses Xvfb).
*Launch*: a fresh ``python3`` process starts the app (imports, kv files, font, screens, the
simulated die and scanner) and reports when the first frame is flipped; the figure is the wall time
from spawning the process. *Roll*: the game waits for a fire's roll on the events screen; a roll is
reported by the simulated die from another thread (as the serial reader thread does) and the time
runs until a frame has been flipped with that face in the big label. The app's main loop is the real
one (Kivy's clock, 60 fps cap), so the figure includes waiting for the next frame.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import os, sys, time
sys.path.insert(0, {root!r})
from ui.kivy_env import prepare
prepare()
from kivy.config import Config
Config.set("graphics", "width", "800"); Config.set("graphics", "height", "480")
from kivy.core.window import Window
from ui.app import make_app
from pathlib import Path
app = make_app(data_dir=Path({data!r}))
def flipped(*_a):
    print("FIRST_FRAME", time.time(), flush=True)
    app.stop()
Window.bind(on_flip=flipped)
app.run()
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    if not env.get("DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "offscreen")
    return env


def launch_times(count: int) -> list[float]:
    out = []
    for _ in range(count):
        data = tempfile.mkdtemp(prefix="bench-ui-")
        start = time.time()
        done = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT), data=data)], env=_env(),
                              capture_output=True, text=True, timeout=120)
        line = next((l for l in done.stdout.splitlines() if l.startswith("FIRST_FRAME")), None)
        if line is None:
            raise SystemExit(f"the app did not draw a frame:\n{done.stderr[-2000:]}")
        out.append(float(line.split()[1]) - start)
    return out


def roll_times(count: int) -> list[float]:
    os.environ.update({k: v for k, v in _env().items() if k == "SDL_VIDEODRIVER"})
    sys.path.insert(0, str(ROOT))
    from ui.kivy_env import prepare
    prepare()
    from kivy.config import Config
    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    from kivy.base import EventLoop
    from kivy.core.window import Window

    from ui.app import make_app

    app = make_app(data_dir=Path(tempfile.mkdtemp(prefix="bench-ui-")))
    app._run_prepare()
    EventLoop.ensure_window()
    EventLoop.start()
    app.start_game(["red", "yellow", "green"], ["A", "B", "C"], "en")
    app.on_die_roll(1, "manual")
    for value in ("vetinari", "rust", "vimes", "ruby", "the-shades", "the-shades", "end-turn",
                  "captain-carrot", "skip", "skip", "skip", "end-turn", "the-dean", "fire"):
        app.answer(value)
    question = app.game.question
    assert question is not None and question.kind == "roll", question
    at_roll = len(app.host.inputs)
    for _ in range(10):
        EventLoop.idle()
    assert app.manager.current == "events"
    face_label = app.manager.get_screen("events").ids.face
    flips: list[float] = []
    Window.bind(on_flip=lambda *_a: flips.append(time.perf_counter()))
    times = []
    for i in range(count):
        app.undo_to(at_roll)
        for _ in range(3):
            EventLoop.idle()
        face = 12 - (i % 3)  # 10–12: areas without a building, so the fire stops at once
        face_label.text = "–"
        start = time.perf_counter()
        threading.Thread(target=app.devices.roll_simulated, args=(face,)).start()
        while True:
            EventLoop.idle()
            if face_label.text == str(face) and flips and flips[-1] > start:
                # the label changed before this flip: the face is on screen
                times.append(flips[-1] - start)
                break
            if time.perf_counter() - start > 10:
                raise SystemExit("the roll never reached the screen")
    app.dispatch("on_stop")
    return times


def _report(name: str, values: list[float]) -> None:
    ms = [v * 1000 for v in values]
    print(f"{name}: median {statistics.median(ms):.0f} ms, min {min(ms):.0f} ms, max {max(ms):.0f} ms "
          f"over {len(ms)} runs")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--launches", type=int, default=5)
    parser.add_argument("--rolls", type=int, default=30)
    args = parser.parse_args(argv)
    _report("launch → first frame", launch_times(args.launches))
    _report("die roll arriving → face on screen", roll_times(args.rolls))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
