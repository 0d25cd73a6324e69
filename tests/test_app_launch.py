"""A newcomer's first five minutes, the app side (issue 14, item 7): ``--help`` lists the app's own
options, no display is said in one line with a non-zero status, and a start-up prints no traceback
for missing optional parts (clipboard helpers, libmtdev)."""
from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(args: list[str], env: dict[str, str], timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ui.cli", *args], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=timeout)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def test_help_lists_the_apps_options_and_the_commands() -> None:
    done = _run(["--help"], _env())
    assert done.returncode == 0
    for option in ("--size", "--die", "--scanner", "--fullscreen", "--data-dir", "800x480", "simulate"):
        assert option in done.stdout


def test_no_display_is_one_line_and_a_failure(tmp_path: Path) -> None:
    done = _run(["--data-dir", str(tmp_path)], _env())
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display" in lines[0], done.stderr
    assert not (tmp_path / "games.sqlite").exists()


def test_a_bad_size_is_a_usage_error(tmp_path: Path) -> None:
    done = _run(["--size", "big", "--data-dir", str(tmp_path)], _env(SDL_VIDEODRIVER="offscreen"))
    assert done.returncode == 2 and "--size" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize(("option", "url", "said"), [
    ("--die", "serial://dev/ttyACM0", "three slashes"),
    ("--die", "bogus://x", "unknown scheme 'bogus'"),
    ("--die", "gpio://?data=5,6", "exactly 4 data pins"),
    ("--die", "sim://?pair=1&faces=x", "faces must be a whole number"),
    ("--scanner", "camera://abc", "camera index 'abc' is not a number"),
])
def test_a_device_url_of_no_known_form_is_a_usage_error(tmp_path: Path, option: str, url: str, said: str) -> None:
    """'--die serial://dev/ttyACM0' (two slashes) opened the app with "Die: disconnected" and no word
    of why: a bad URL is never retried, so the table waited for a die that could not come. The
    hardware's own URL parsers refuse it at the start, before any window; one error line."""
    done = _run([option, url, "--data-dir", str(tmp_path)], _env(SDL_VIDEODRIVER="offscreen"))
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr, done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ankh-companion: error: ") and url in last and said in last, last
    assert not (tmp_path / "games.sqlite").exists()


def test_a_device_not_plugged_in_is_no_usage_error(tmp_path: Path) -> None:
    """A die that is not there yet is not a bad URL: the app starts (here: stops at the missing
    display, the next check) and shows it disconnected until it is plugged in."""
    done = _run(["--die", f"serial://{tmp_path / 'no-die'}", "--data-dir", str(tmp_path)], _env())
    assert done.returncode == 1 and "no display" in done.stderr and "error:" not in done.stderr, done.stderr


def test_missing_optional_parts_leave_one_line_not_a_traceback() -> None:
    from ui.kivy_env import OptionalPartsFilter
    f = OptionalPartsFilter()
    try:
        raise FileNotFoundError("xclip")
    except FileNotFoundError:
        record = logging.LogRecord("kivy", logging.ERROR, __file__, 1, "xclip - FileNotFoundError: no xclip",
                                   (), sys.exc_info())
    assert f.filter(record) and record.levelno == logging.INFO and record.exc_info is None
    assert "Traceback" not in logging.Formatter().format(record)
    again = logging.LogRecord("kivy", logging.ERROR, __file__, 1, "xclip - traceback line", (), None)
    assert not f.filter(again)
    other = logging.LogRecord("kivy", logging.ERROR, __file__, 1, "GL: something real", (), None)
    assert f.filter(other) and other.levelno == logging.ERROR


def test_the_window_opens_at_800x480_with_no_traceback(tmp_path: Path) -> None:
    script = ("import sys; from kivy.clock import Clock; import ui.app as a;"
              "orig = a.app_class\n"
              "def build():\n"
              "    cls = orig()\n"
              "    class Quick(cls):\n"
              "        def on_start(self):\n"
              "            from kivy.core.window import Window\n"
              "            Clock.schedule_once(lambda dt: (print('SIZE', Window.size), self.stop()), 0.5)\n"
              "    return Quick\n"
              "a.app_class = build\n"
              f"sys.exit(a.main(['--data-dir', {str(tmp_path / 'data')!r}]))\n")
    path = tmp_path / "quick_start.py"  # Kivy's App looks for its class's source file
    path.write_text(script, encoding="utf-8")
    done = subprocess.run([sys.executable, str(path)], cwd=ROOT, env=_env(SDL_VIDEODRIVER="offscreen"),
                          text=True, capture_output=True, timeout=60)
    assert "SIZE (800, 480)" in done.stdout, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
