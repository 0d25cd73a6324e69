"""Larger displays: the 800×480 layout is scaled up, so text and touch targets are not tiny at 1920×1080.

Kivy fixes the window size when the window opens, so the 1920×1080 app runs in a child process (the
same real window, offscreen SDL or the test's X display) and reports what its Home screen shows.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ui.scale import ui_density

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import json, os, sys, tempfile
from pathlib import Path
from ui.kivy_env import prepare
prepare(home=tempfile.mkdtemp())
from kivy.config import Config
w, h = sys.argv[1].split("x")
Config.set("graphics", "width", w)
Config.set("graphics", "height", h)
Config.set("input", "mouse", "")
from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.metrics import Metrics
from ui.app import make_app
app = make_app(data_dir=Path(tempfile.mkdtemp()))
app._run_prepare()
for _ in range(3):
    EventLoop.idle()
home = app.manager.get_screen("home")
button = home.ids.new_game
button.texture_update()
print(json.dumps({"window": list(Window.size), "density": Metrics.density,
                  "button_height": button.height, "font_size": button.font_size,
                  "text_height": button.texture_size[1], "button_top": button.top}))
app.dispatch("on_stop")
"""


def test_density_fits_the_800x480_design_into_the_window() -> None:
    assert ui_density(800, 480) == 1.0
    assert ui_density(1280, 800) == 1.6
    assert ui_density(1920, 1080) == 2.25
    assert ui_density(640, 400) == 1.0  # never smaller than the Pi's layout
    with pytest.raises(ValueError, match="0"):
        ui_density(0, 480)


def _home_at(size: str) -> dict[str, float]:
    env = dict(os.environ)
    env.pop("KIVY_METRICS_DENSITY", None)
    if not env.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "offscreen"
    done = subprocess.run([sys.executable, "-c", CHILD, size], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_home_at_1920x1080_is_the_800x480_layout_scaled_up() -> None:
    shown = _home_at("1920x1080")
    assert shown["window"] == [1920, 1080]
    assert shown["density"] == 2.25
    # The New game button is 64 dp tall with 20 sp text: 144 px and 45 px at 1080 lines, not 64 and 20.
    assert shown["button_height"] == pytest.approx(64 * 2.25)
    assert shown["font_size"] == pytest.approx(20 * 2.25)
    assert shown["text_height"] >= 40  # the rendered line, not only the property
    assert shown["button_top"] <= 1080  # still on screen
