"""Screenshots of every screen for the docs: ``python3 -m ui.screenshots [OUT_DIR] [--sizes ...]``.

Plays a short scripted game through the app's one door (the same inputs a table would give: die
faces, answers), stops at each screen and saves ``<screen>-<lang>.png`` at 800×480 (the Raspberry Pi
display) — the turn and the table from a busy four-player game (:func:`busy_game`) — in English and German (``--languages pl`` for the Polish ones), the rulebook popup (The
Shades; Vimes with where the books differ) and its search included; ``table-en-1280x800.png`` and ``table-en-1920x1080.png`` show the
larger screens. Runs in a real window (offscreen SDL when there is no display).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from companion.morpork.game import Game
    from ui.companion_app import CompanionApp

SCREENS = ("home", "setup", "setup-privacy", "cards", "cards-keyboard", "turn", "table", "rulebook",
           "rulebook-ruling", "events", "journal", "journal-undo", "home-resume", "gameend", "settings",
           "rulebook-search", "turn-skipped", "turn-interrupt")
SEARCHED = {"en": "fire", "de": "feuer", "pl": "pozar", "it": "fire"}
"""What the rulebook search shot types, per language."""


def _game(app: CompanionApp) -> Game:
    """The game the script plays (it has always started one by then)."""
    assert app.game is not None
    return app.game


def _roll(app: CompanionApp, face: int) -> None:
    """The die's ``face`` for the game's own question: the script reads the game, not the screen (a
    roll stamped with the question on screen, right after a new game was started from another
    screen, was refused as asked for the last game's question, and the shot showed the refusal)."""
    app.on_die_roll(face, "manual", _game(app).seq)


def _game_to_events(app: CompanionApp) -> None:
    """Set-up, two turns with minions and a building, then a fire with a roll shown."""
    app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    _roll(app, 1)
    for personality in ("vetinari", "rust", "vimes"):
        app.answer(personality)
    for value in ("captain-carrot", "dimwell", "the-shades", "take", "end-turn",
                  "ruby", "the-hippo", "the-shades", "end-turn",
                  "dr-cruces", "the-scours/red"):
        app.answer(value)
    while (question := _game(app).question) is not None and question.key.startswith("interrupt"):
        app.answer("none")
    for value in ("take", "end-turn", "groat"):
        app.answer(value)

BUSY_CARDS = ("captain-carrot", "ruby", "adora-belle-dearheart", "mrs-cake", "rincewind", "the-mended-drum",
              "the-dean", "the-royal-mint", "", "", "the-opera-house", "", "", "", "", "", "", "", "", "",
              "the-agony-aunts")
"""A busy table for the map shots: the cards played, one a turn, in turn order ("": a card that
places a minion)."""
BUSY_AREAS = {"red": ("nap-hill", "longwall", "seven-sleepers", "dimwell"),
              "yellow": ("dragons-landing", "small-gods", "unreal-estate", "the-hippo"),
              "green": ("the-hippo", "dimwell", "longwall", "small-gods"),
              "blue": ("seven-sleepers", "unreal-estate", "isle-of-gods", "nap-hill")}
BUSY_EVENTS = ("trolls", "demons-from-the-dungeon-dimensions")


def busy_game(app: Any, verbose: bool = False) -> None:
    """Four players, twenty turns through the one door: minions of every colour spread over the
    city, buildings, trouble markers, trolls and demons drawn as random events; then The Agony Aunts,
    whose "assassinate which piece?" is left open (the map rings the pieces a tap may take)."""
    import random
    from companion.morpork.catalog import CARD_BY_ID
    rng = random.Random(3)
    app.start_game(["red", "yellow", "green", "blue"], ["Ann", "Bob", "Cy", "Dee"], "en")
    _roll(app, 1)
    for personality in ("vetinari", "rust", "vimes", "de-worde"):
        app.answer(personality)
    turns = list(BUSY_CARDS)
    events = list(BUSY_EVENTS)
    placed = {color: 0 for color in BUSY_AREAS}
    for _ in range(400):
        q = app.game.question
        if q is None:
            return
        if verbose:
            print(q.key, q.player, q.options[:8])
        if q.key == "symbol.assassinate":
            return
        if q.kind == "roll":
            _roll(app, rng.randint(1, 12))
            continue
        if q.kind == "random":
            return
        if q.key in ("turn.play-card", "turn.play-another"):
            if not turns:
                return
            card = turns.pop(0)
            minion_first = [o for o in q.options if o in CARD_BY_ID and CARD_BY_ID[o].symbols[:1] == ("M",)]
            value = card if card in q.options else (minion_first or list(q.options))[0]
        elif events and any(o in events for o in q.options):
            value = events.pop(0) if events[0] in q.options else next(o for o in q.options if o in events)
        elif q.key == "symbol.minion" and q.player in BUSY_AREAS:
            wanted = [a for a in BUSY_AREAS[q.player][placed[q.player]:] if a in q.options]
            placed[q.player] += 1
            value = wanted[0] if wanted else q.options[placed[q.player] % len(q.options)]
        elif q.key.startswith("symbol.build"):
            value = q.options[0]
        else:
            value = next((w for w in ("none", "end-turn", "take", "skip", "stop", "pass") if w in q.options),
                         q.options[0])
        if not app.answer(value) and verbose:
            print("refused", value, app.message)
        if app.manager.current == "events" and getattr(app.manager.current_screen, "finished", False):
            app.continue_game()


def run(out: Path, languages: tuple[str, ...] = ("en", "de"), size: tuple[int, int] = (800, 480),
        only: str | None = None) -> list[Path]:
    """Save the screens (or ``only`` one) in each language at ``size``; a size other than 800×480
    adds ``-WxH`` to the file names. Kivy fixes the window size when the window opens, so each size
    runs in its own process (see :func:`main`)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen") if not os.environ.get("DISPLAY") else None
    from ui.kivy_env import prepare
    prepare()
    from kivy.config import Config
    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    suffix = "" if size == (800, 480) else f"-{size[0]}x{size[1]}"
    Config.set("input", "mouse", "")
    from ui.rulebook_view import open_rulebook, open_search

    def _search(language: str) -> None:
        search = open_search()
        if search is not None:
            search.field.text = SEARCHED[language]

    camera = Camera(out)
    frames, shoot, saved = camera.frames, camera.shoot, camera.saved

    for language in languages:
        if only is None or only in BUSY_SHOTS:  # the map shots: a busy four-player table
            app = camera.open_app(language, "ankh-shots-")
            busy_game(app)
            for name, action in (("turn", app.back_to_game), ("table", lambda: app.show("table"))):
                action()
                frames(6)
                if only is None or name == only:
                    shoot(f"{name}-{language}{suffix}")
            stop_app(app)
        app = camera.open_app(language, "ankh-shots-")

        def setup_privacy() -> None:
            app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
            _roll(app, 1)

        def to_turn() -> None:
            _search_on_screen(app, "", frames, focus=False)
            app.answer("captain-carrot")

        def ruling() -> None:
            _close_rulebook(app)
            open_rulebook("personality", "vimes")

        def to_events() -> None:
            _close_rulebook(app)
            _to_fire(app)

        def to_journal() -> None:
            _finish_fire(app)
            app.show("journal")
            frames()
            assert app.session is not None
            app.manager.get_screen("journal").select(max(1, len(app.session.inputs) - 3))

        def home_resume() -> None:
            app.manager.get_screen("journal").popup.dismiss(animation=False)  # gone before the shot, not fading
            app.show("home")

        steps: list[tuple[str, Callable[[], object]]] = [
            ("setup", lambda: app.show("setup")),
            ("setup-privacy", setup_privacy),
            ("cards", lambda: (app.answer("vetinari"), app.answer("rust"), app.answer("vimes"))),
            ("cards-keyboard", lambda: _search_on_screen(app, "bent", frames)),
            ("turn", to_turn),
            ("table", lambda: app.show("table")),
            ("rulebook", lambda: open_rulebook("area", "the-shades")),  # a long press on The Shades
            ("rulebook-ruling", ruling),
            ("events", to_events),
            ("journal", to_journal),
            ("journal-undo", lambda: app.manager.get_screen("journal").undo_here()),
            ("home-resume", home_resume),
            ("gameend", lambda: _to_end(app)),
            ("home", lambda: app.show("home")),  # after the game: it is listed under past games
            ("settings", lambda: app.show("settings")),
            ("rulebook-search", lambda: _search(language)),
            ("turn-skipped", lambda: _to_skipped(app)),
            ("turn-interrupt", lambda: _to_interrupt(app)),
        ]
        for name, step in steps:
            step()
            frames()
            if (only is None or name == only) and name not in BUSY_SHOTS:
                shoot(f"{name}-{language}{suffix}")
        _close_rulebook(app)
        stop_app(app)
    return saved


BUSY_SHOTS = ("turn", "table")
"""Shot from :func:`busy_game`: the map with all four colours, buildings, trouble, trolls and demons."""


class Camera:
    """Shots of a real window into ``out``: opens the app for a language in a fresh data folder, lets
    Kivy draw a few frames, saves the window as ``<name>.png``. Both games' screenshot scripts use it
    (import it after the window size is set in Kivy's config)."""

    def __init__(self, out: Path) -> None:
        out.mkdir(parents=True, exist_ok=True)
        self.out = out
        self.saved: list[Path] = []

    @staticmethod
    def frames(n: int = 4) -> None:
        from kivy.base import EventLoop
        for _ in range(n):
            EventLoop.idle()

    def shoot(self, name: str) -> None:
        from kivy.app import App
        from kivy.core.window import Window
        self.frames()
        app = App.get_running_app()
        for _ in range(100):  # a thumbnail map places its names and chips over a few frames
            if app is None or not any(getattr(w, "labelling", False) for w in app.root.walk()):
                break
            self.frames(1)
        path = self.out / f"{name}.png"
        made = Window.screenshot(name=str(path))
        Path(made).replace(path)
        self.saved.append(path)

    def open_app(self, language: str, prefix: str) -> CompanionApp:
        from kivy.base import EventLoop

        from ui.app import make_app
        from ui.settings import AppSettings
        app = make_app(data_dir=Path(tempfile.mkdtemp(prefix=prefix)), settings=AppSettings(language=language))
        app._run_prepare()
        EventLoop.ensure_window()
        if EventLoop.status != "started":
            EventLoop.start()
        self.frames()
        return app


def stop_app(app: CompanionApp) -> None:
    """Close an app started in this process so the next one can open in the same window: its
    ``on_stop``, its widgets off the window, no running app left (the UI tests close theirs with it)."""
    from kivy.app import App
    from kivy.core.window import Window
    app.dispatch("on_stop")
    for child in list(Window.children):
        Window.remove_widget(child)
    App._running_app = None

def _close_rulebook(app: CompanionApp) -> None:
    popup = getattr(app, "rulebook_popup", None)
    if popup is not None:
        popup.dismiss(animation=False)
        app.rulebook_popup = None


def _to_skipped(app: CompanionApp) -> None:
    """A new four-player game: red's Captain Carrot with its minion skipped (the turn screen says why)."""
    _close_rulebook(app)  # the rulebook search shot leaves its popup open
    app.start_game(["red", "yellow", "green", "blue"], ["Ann", "Bob", "Cy", "Di"], "en")
    _roll(app, 1)
    for value in ("vetinari", "rust", "vimes", "selachii", "captain-carrot", "skip"):
        app.answer(value)
    app.back_to_game()


def _to_interrupt(app: CompanionApp) -> None:
    """Then yellow's Mr Boggis: one "anyone interrupt?" window for the three opponents."""
    for value in ("skip", "take", "end-turn", "mr-boggis", "do"):
        app.answer(value)
    app.back_to_game()


def _search_on_screen(app: CompanionApp, text: str, frames: Callable[[], None], focus: bool = True) -> None:
    """The card list's search box with the on-screen keyboard up (as after a tap), ``text`` typed."""
    panel = app.manager.get_screen("turn").ids.question
    frames()
    if panel.search is not None:
        panel.search.focus = focus
        panel.search.text = text


def _to_fire(app: CompanionApp) -> None:
    """From the turn screen's Captain Carrot: finish it, then yellow's Ruby, green's The Dean → fire."""
    for value in ("dimwell", "the-shades", "take", "end-turn", "ruby", "the-hippo", "the-shades", "end-turn",
                  "the-dean", "fire"):
        app.answer(value)
    if (question := _game(app).question) is not None and question.kind == "roll":
        _roll(app, 7)  # The Shades, where yellow has just built: it burns
    app.back_to_game()



def _finish_fire(app: CompanionApp) -> None:
    while (question := _game(app).question) is not None and question.kind == "roll":
        _roll(app, 6)


def _to_end(app: CompanionApp) -> None:
    """Finish the game through the one door: red spreads minions, the others pass."""
    from companion.morpork import scoring
    from companion.morpork.catalog import CARD_BY_ID
    for _ in range(800):
        game = _game(app)
        q = game.question
        if q is None:
            break
        if q.kind == "roll":
            _roll(app, 6)
            continue
        if q.key in ("turn.play-card", "turn.play-another"):
            value = "pass" if "pass" in q.options else "stop"  # "play another card?" is stopped, not passed
            if q.player == "red":
                cards = [c for c in q.options if c in CARD_BY_ID and "M" in CARD_BY_ID[c].symbols
                         and "E" not in CARD_BY_ID[c].symbols]
                value = cards[0] if cards else value
        elif q.key.startswith("symbol.minion") and q.player == "red":
            have = set(scoring.infiltrated(game.state, "red"))
            new = [o for o in q.options if o not in have and o != "skip"]
            value = new[0] if new else q.options[0]
        else:
            value = next((w for w in ("end-turn", "skip", "stop", "none", "pass", "take") if w in q.options),
                         q.options[0])
        if not app.answer(value):
            raise RuntimeError(f"the game-end script was refused at {q.key}: {app.message}")
    if _game(app).state.game_over is None:
        raise RuntimeError("the game-end script did not finish the game")
    app.show("gameend")

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m ui.screenshots", description=__doc__)
    parser.add_argument("out", nargs="?", default="docs/screenshots", type=Path)
    parser.add_argument("--languages", default="en,de")
    parser.add_argument("--size", default=None, help="WxH for one run (default: 800x480, then the "
                        "table at 1280x800 and 1920x1080 in child processes)")
    parser.add_argument("--only", default=None, choices=SCREENS)
    args = parser.parse_args(argv)
    if args.size:
        w, h = (int(v) for v in args.size.lower().split("x"))
        for path in run(args.out, tuple(args.languages.split(",")), (w, h), args.only):
            print(path)
        return 0
    for path in run(args.out, tuple(args.languages.split(","))):
        print(path)
    import subprocess
    for size in ("1280x800", "1920x1080"):
        done = subprocess.run([sys.executable, "-m", "ui.screenshots", str(args.out), "--languages", "en",
                               "--size", size, "--only", "table"], check=False)
        if done.returncode != 0:
            return done.returncode
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
