"""Run the real app in this process and play a scripted sequence of touches, for tests that stop it
with SIGKILL (a pulled plug) and start it again.

    python3 tests/ui/drive_app.py DATA_DIR '["start", "roll:2", "show:vetinari", …]'

Actions (each a touch on the screen that shows it, except ``start``):

- ``start`` — a two-player game, red and blue (through the app's own ``start_game``);
  ``start:LANG`` — the app switched to LANG (saved in the settings, as a tap in Settings does) and a
  four-player game in that edition, red with a long name;
- ``resume`` — tap "resume the unfinished game" on the home screen;
- ``roll:F`` — tap face F on the die pad; ``pick:V`` — tap option V (behind the privacy gate when
  the question is private: the gate is tapped first);
- ``journal`` — open the Journal screen by its navigation button; ``home`` — Home by its button;
  ``line:N`` — tap journal line N;
  ``undo`` — tap "undo to here" (and "undo" in the dialog that names the steps, unless
  a die roll is among them); ``confirm`` — tap "undo anyway" in the dialog; ``redo`` — tap
  "redo"; ``back`` — tap "back to the game"; ``continue`` — tap "continue" under an event's result;
  ``type:WORD`` — tap the card search box and WORD's letters on the on-screen keyboard;
  ``read-only`` — no touch: the journal's card turns read-only under the app (its connection may
  no longer write, as SQLite finds a card whose write-protect switch was slid).

When done it prints one line ``READY {json}`` (the game id, seq, the question and the public
position, or the text of a launch popup, and every text on the window) and keeps drawing frames
until it is killed.
"""
from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable, NoReturn

HERE = Path(__file__).resolve().parent


def _conftest() -> Any:
    spec = importlib.util.spec_from_file_location("ui_conftest_for_driver", HERE / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def snapshot(app: Any) -> dict[str, Any]:
    """What "exactly that question" means: game id, seq, the question in full and the public table."""
    from companion.morpork.game import view

    game = app.game
    popup = getattr(app, "launch_popup", None)
    out: dict[str, Any] = {"screen": app.manager.current, "message": app.message,
                           "status": app.status_text,
                           "launch": app.launch_text() if popup is not None else ""}
    if game is None:
        return out
    q = game.question
    journal = app.manager.get_screen("journal")
    panel = app.manager.current_screen.ids.get("question")
    search = getattr(panel, "search", None)
    out.update({"journal_step": int(journal.selected),
                "search": None if search is None else search.text,
                "listed": None if search is None else sorted(b.value for b in panel.option_grid.children),
                "game": app.session.game_id, "seq": game.seq, "inputs": len(app.session.inputs),
                "undone": len(app.session.timeline.undone),
                "question": None if q is None else {"kind": q.kind, "key": q.key, "player": q.player,
                                                    "options": list(q.options), "params": [list(p) for p in q.params],
                                                    "private": q.private},
                "view": view(game, None)})
    return out


LONG_NAMES = {"en": "Bartholomew-Alexander", "de": "Bartholomäus", "pl": "Krzesimir-Bolesław",
              "it": "Massimiliano-Gianluca"}


def act(d: Any, action: str) -> None:
    app = d.app
    name, _, arg = action.partition(":")
    if name == "start" and arg:
        app.set_language(arg)
        app.start_game(["red", "yellow", "green", "blue"], [LONG_NAMES[arg], "Ola", "Ugo", "Zoe"], arg)
    elif name == "start":
        app.start_game(["red", "blue"], ["Ann", "Bob"], "en")
    elif name == "resume":
        assert d.screen.name == "home" and not d.screen.ids.resume.disabled, "no game offered to resume"
        d.tap(d.screen.ids.resume)
    elif name == "roll":
        pads = [w for w in d.panel().walk() if w.__class__.__name__ == "DiePad"]
        assert pads, f"no die pad on {d.screen.name}"
        d.tap(pads[0].face_buttons[int(arg)])
    elif name == "pick":
        panel = d.panel()
        if panel.question is not None and panel.question.private and panel.button_for(arg) is None:
            d.tap(panel.buttons[0])  # "only … may look: tap to show"
        d.choose(arg)
    elif name == "journal":
        d.tap(d.screen.children[0].children[-1].ids.nav_journal)
        assert d.screen.name == "journal"
    elif name == "home":
        d.tap(d.screen.children[0].children[-1].ids.nav_home)
        assert d.screen.name == "home"
    elif name == "line":
        d.tap(d.screen.line_button(int(arg)))
    elif name == "undo":
        d.tap(d.screen.ids.undo)
        popup = d.screen.popup
        if popup.parent is not None and d.screen.confirm_button.text != app.t("Undo anyway"):
            d.tap(d.screen.confirm_button)  # every undo asks; only one across a roll needs "confirm"
    elif name == "confirm":
        popup = d.screen.popup
        d.tap([w for w in popup.walk() if getattr(w, "text", "") == app.t("Undo anyway")][0])
    elif name == "redo":
        d.tap(d.screen.ids.redo)
    elif name == "back":
        d.tap(d.screen.ids.back)
    elif name == "type":
        d.tap(d.panel().search)
        keyboard = app.keyboard_dock.keyboard
        for letter in arg:
            d.tap_at(*keyboard.key_center(letter), hold=0)  # a quick tap: a key held half a second repeats
    elif name == "read-only":
        app.session.journal._db.execute("PRAGMA query_only=ON")
    elif name == "continue":
        assert d.screen.name == "events" and not d.screen.ids.continue_button.disabled, "no result to continue from"
        d.tap(d.screen.ids.continue_button)
    else:
        raise SystemExit(f"unknown action {action!r}")
    d.frames(2)


def main(argv: list[str]) -> int:
    data_dir, actions = Path(argv[0]), json.loads(argv[1])
    conftest = _conftest()
    saved = data_dir / "settings.json"  # started again, the app speaks the table's language, as on the table
    language = json.loads(saved.read_text(encoding="utf-8"))["language"] if saved.exists() else "en"
    app = conftest.start_app(data_dir, language=language)
    d = conftest.Driver(app)
    d.frames(5)
    for action in actions:
        seq = app.game.seq if app.game is not None else None
        act(d, action)
        if action.startswith(("roll:", "pick:")) and app.game.seq == seq:
            raise SystemExit(f"{action!r} changed nothing: {app.message!r}")
    serve_until_killed(d, {**snapshot(app), "texts": d.texts(app.root)})


def serve_until_killed(d: Any, ready: dict[str, Any]) -> NoReturn:
    """Print ``READY {json}`` for the test, then keep drawing frames until the test kills this
    process: the app keeps running, as on the table, so the kill lands mid-game."""
    sys.stdout.write("READY " + json.dumps(ready, sort_keys=True) + "\n")
    sys.stdout.flush()
    while True:
        d.frames(1)
        time.sleep(0.05)


def run_driver(main: Callable[[list[str]], int]) -> None:
    """Run a driver's ``main``; Kivy's logger swallows stderr, so a failure is printed as
    ``FAILED {traceback}`` where the test reads."""
    try:
        sys.exit(main(sys.argv[1:]))
    except SystemExit:
        raise
    except BaseException:
        import traceback
        out = sys.__stdout__
        assert out is not None
        out.write("FAILED " + json.dumps(traceback.format_exc()) + "\n")
        out.flush()
        sys.exit(1)


if __name__ == "__main__":
    run_driver(main)
