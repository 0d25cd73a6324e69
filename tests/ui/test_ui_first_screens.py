"""Any screen may be the first a table opens after a start: each screen's kv file is loaded when the
screen is first shown, so a rule that one kv file uses must not live in another. Settings used
``ChoiceToggle``, defined in ``setup.kv``: a table that opened Settings before ever setting up a
game met ``FactoryException: Unknown class <ChoiceToggle>`` (found when one test ran alone). Each
case runs in a fresh process, as the app starts on the table: in this one the kv files the other
tests loaded stay loaded."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import os, sys
from pathlib import Path
sys.path.insert(0, {root!r})
from tests.ui.conftest import Driver, start_app, stop_app
app = start_app(Path({data!r}))
d = Driver(app)
d.frames(3)
button = next(w for w in d.app.root.walk() if getattr(w, "text", "").endswith(" " + app.t({label!r})))
d.tap(button)
d.frames(4)
os.write(1, f"SHOWN {{d.screen.name}}\n".encode())  # the app's logging takes print's stdout over
stop_app(app)
"""


def _child(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` run in a fresh Python process, as the app starts on the table."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True, capture_output=True,
                          timeout=120)


def _built(done: subprocess.CompletedProcess[str], screen: str) -> None:
    """The child ended well, showing ``screen``."""
    assert done.returncode == 0, (done.stdout + done.stderr)[-2000:]
    assert f"SHOWN {screen}" in done.stdout, (done.stdout, done.stderr[-2000:])


@pytest.mark.parametrize(("label", "screen"), [("Settings", "settings"), ("New game", "setup"),
                                               ("New Ankh-Morpoly game", "morpoly-setup")])
def test_a_screen_opened_first_after_a_start_is_built(tmp_path: Path, label: str, screen: str) -> None:
    code = CHILD.format(root=str(ROOT), data=str(tmp_path / "data"), label=label)
    done = _child(code)
    assert "FactoryException" not in done.stdout + done.stderr, (done.stdout + done.stderr)[-2000:]
    _built(done, screen)


GAME_CHILD = r"""
import os, sys
from pathlib import Path
sys.path.insert(0, {root!r})
from tests.ui.conftest import Driver, start_app, stop_app
app = start_app(Path({data!r}))
d = Driver(app)
d.frames(3)
app.open_journal()
if {mode!r} == "ankh-morpork":
    app.session.new_game(["red", "yellow", "green"], "en", ["Ann", "Bob", "Cy"])
else:
    app.session.new_game(["red", "yellow"], None, ["Ann", "Bob"], mode="ankh-morpoly", options={{}})
app.game = app.session.game
app.show({screen!r})  # no route(): this screen is the first of the game's to be built
d.frames(4)
os.write(1, f"SHOWN {{d.screen.name}}\n".encode())
stop_app(app)
"""


@pytest.mark.parametrize(("mode", "screen"), [
    ("ankh-morpork", "table"), ("ankh-morpork", "turn"), ("ankh-morpork", "events"), ("ankh-morpork", "gameend"),
    ("ankh-morpork", "journal"), ("ankh-morpoly", "morpoly-board"), ("ankh-morpoly", "morpoly-ledger"),
    ("ankh-morpoly", "journal")])
def test_a_game_screen_opened_first_after_a_start_is_built(tmp_path: Path, mode: str, screen: str) -> None:
    """A game's screens too, each the first one built in its process (a restart lands on any of
    them: the screen the table had open, the Journal with its picked step…)."""
    code = GAME_CHILD.format(root=str(ROOT), data=str(tmp_path / "data"), mode=mode, screen=screen)
    done = _child(code)
    assert "Exception" not in done.stdout + done.stderr, (done.stdout + done.stderr)[-2000:]
    _built(done, screen)
