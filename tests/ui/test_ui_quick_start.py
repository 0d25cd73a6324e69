"""Quick start: the first frame comes before the journal is opened. The home screen says
"Resuming…" until the session is open, then offers the unfinished game."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.core.inputs import DieRoll
from companion.core.session import Session


def test_the_journal_opens_after_the_first_frame(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    data.mkdir()
    with Session.open(data / "games.sqlite") as session:
        session.new_game(["red", "blue"])
        session.submit(DieRoll(5))
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        assert app.session is None and app.resuming  # build() opened nothing
        home = app.manager.get_screen("home")
        home.update()
        assert "Resuming" in home.ids.resume.text and home.ids.resume.disabled
        d.frames(1)  # the first frame: the journal is opened on the next tick
        d.frames(2)
        assert app.session is not None and not app.resuming and app.session.seq == 1
        assert d.screen.name == "home" and not d.screen.ids.resume.disabled
        assert "Resuming" not in d.screen.ids.resume.text
    finally:
        conftest.stop_app(app)


def test_a_new_game_before_the_journal_opened_opens_it_first(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    app = conftest.start_app(tmp_path / "data")
    try:
        assert app.session is None
        app.start_game(["red", "blue"], ["Ann", "Bob"], "en")
        assert app.session is not None and app.game is not None and app.game.question is not None
        conftest.Driver(app).frames(3)  # the scheduled open finds the journal open: nothing happens
        assert app.session.game is app.game
    finally:
        conftest.stop_app(app)


UNUSABLE = r"""
import sys, tempfile
import ui.gamehost as gamehost
def refuse(*args, **kwargs):
    raise gamehost.JournalUnavailable("the disk is full; free some space")
gamehost.open_session = refuse
from ui.app import main
sys.exit(main(["--data-dir", tempfile.mkdtemp()]))
"""


def test_a_journal_that_cannot_be_used_still_stops_the_app_with_one_line() -> None:
    """Opened after the first frame, inside ``App.run``: the refusal still ends the app with status 1
    and one line, not a traceback."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "KIVY_NO_CONSOLELOG"}  # as the command runs
    env["KIVY_NO_ARGS"] = "1"
    done = subprocess.run([sys.executable, "-c", UNUSABLE], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    said = [line.strip() for line in done.stderr.splitlines() if "ankh-companion:" in line]
    assert said == ["ankh-companion: the game journal cannot be used: the disk is full; free some space"], done.stderr
    assert "Traceback" not in done.stderr


ENGINE_MODULES = r"""
import json, sys
from pathlib import Path
from ui.kivy_env import prepare
prepare()
from kivy.base import EventLoop
from companion.core.inputs import DieRoll
from companion.core.session import Session
from ui.app import make_app
data = Path(sys.argv[1])
data.mkdir()
with Session.open(data / "games.sqlite") as session:
    if sys.argv[2] == "ankh-morpoly":
        session.new_game(["red", "yellow"], None, ["Ann", "Bob"], mode="ankh-morpoly", options={})
    else:
        session.new_game(["red", "yellow"], None, ["Ann", "Bob"])
        session.submit(DieRoll(5))
app = make_app(data_dir=data)
app._run_prepare()
EventLoop.ensure_window()
for _ in range(5):
    EventLoop.idle()
app.resume_game()
for name in sys.argv[3].split(","):
    app.show(name)
    for _ in range(2):
        EventLoop.idle()
app.show_table()
for _ in range(2):
    EventLoop.idle()
print("MODULES", json.dumps(sorted(m for m in sys.modules if m.startswith(("companion.morpoly", "ui.screens.morpoly")))))
app.dispatch("on_stop")
"""


SCREENS = {"ankh-morpork": "home,setup,table,turn,events,gameend,journal,settings",
           "ankh-morpoly": "home,setup,morpoly-setup,journal,settings,morpoly-ledger"}
"""The screens a table can open in a game of each kind (Ankh-Morpoly's table is its board)."""


def _modules_after_every_screen(tmp_path: Path, mode: str) -> set[str]:
    import json
    import os
    import subprocess
    import sys

    env = dict(os.environ, KIVY_NO_ARGS="1")
    done = subprocess.run([sys.executable, "-c", ENGINE_MODULES, str(tmp_path / mode), mode, SCREENS[mode]],
                          env=env,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    line = next(line for line in done.stdout.splitlines() if line.startswith("MODULES "))
    return set(json.loads(line[len("MODULES "):]))


def test_a_discworld_table_never_imports_the_second_game_s_engine(tmp_path: Path) -> None:
    """Home, the Journal and the app's refresh read the Ankh-Morpoly screens' shared words in a game
    of either kind; reading them imported the three Ankh-Morpoly screens and through them the whole
    Ankh-Morpoly engine (imported alone here: 4.6 MB and 35 ms). A Discworld table, resumed
    and through every screen, now imports only its money and set data; an Ankh-Morpoly game gets
    its screens and engine as before."""
    discworld = _modules_after_every_screen(tmp_path, "ankh-morpork")
    assert discworld <= {"companion.morpoly", "companion.morpoly.currency", "companion.morpoly.editions",
                         "companion.morpoly.layout", "ui.screens.morpoly", "ui.screens.morpoly.common"}, discworld
    morpoly = _modules_after_every_screen(tmp_path, "ankh-morpoly")
    assert {"ui.screens.morpoly.board", "ui.screens.morpoly.ledger", "companion.morpoly.game"} <= morpoly
