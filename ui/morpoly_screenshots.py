"""Screenshots of the Ankh-Morpoly screens for the docs: ``python3 -m ui.morpoly_screenshots [OUT_DIR]``.

Plays a short scripted game through the app's one door (guilds, two-dice throws, buys, a card) and
saves ``morpoly-<screen>-<lang>.png`` at 800×480 in English and German: the set-up form (with the
bank-or-checker switch among the rulings), the board with a roll on the face pad, the board with a
card picked from the deck, a square's deed (its owner, the premium now, the FSUs bought there and
its opposite square, paired on the ring for the Wizards), the FSU ledger, and the board of a table
that plays with paper money (the checker's "who hands whom"), with ELAM's lives and NPCs and Fortuna. Runs in a real window (offscreen SDL
when there is no display).

While the engine does not yet buy FSUs itself (the ledger is filled by the FSU module's wiring), the
game's ledger is given two FSUs built with the kit's :class:`~companion.morpoly.fsu.Fsu` before the
deed and the ledger are shot, so those screens show what they draw; once FSUs are bought in play,
the ones bought are shown instead."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

THROWS = ((3, 4), (2, 3), (1, 3), (5, 5), (2, 2))
"""The table's throws: red to a Chance square (7), yellow onto 5, green onto 4, …"""


def run(out: Path, languages: tuple[str, ...] = ("en", "de")) -> list[Path]:
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen") if not os.environ.get("DISPLAY") else None
    from ui.kivy_env import prepare
    prepare()
    from kivy.config import Config
    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    Config.set("input", "mouse", "")
    from kivy.base import EventLoop
    from kivy.core.window import Window

    from ui.app import make_app
    from ui.settings import AppSettings

    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []

    def frames(n: int = 4) -> None:
        for _ in range(n):
            EventLoop.idle()

    def shoot(name: str) -> None:
        frames()
        path = out / f"{name}.png"
        made = Window.screenshot(name=str(path))
        Path(made).replace(path)
        saved.append(path)

    for language in languages:
        data = Path(tempfile.mkdtemp(prefix="morpoly-shots-"))
        app = make_app(data_dir=data, settings=AppSettings(language=language))
        app._run_prepare()
        EventLoop.ensure_window()
        if EventLoop.status != "started":
            EventLoop.start()
        frames()
        edition = "de" if language == "de" else "us"

        def start() -> None:
            app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "", mode="ankh-morpoly",
                           options={"edition": edition, "fortuna": "on"})

        def deed() -> None:
            board = app.manager.get_screen("morpoly-board")
            game: Any = app.game  # an Ankh-Morpoly game
            square = _give_fsus(game)
            app.refresh()
            board.show_square(square)

        def close_deed() -> None:
            board = app.manager.get_screen("morpoly-board")
            board.square_popup.dismiss()

        def show_ledger() -> None:
            close_deed()
            app.show("morpoly-ledger")

        steps: list[tuple[str, Callable[[], object]]] = [
            ("home", lambda: app.show("home")),
            ("setup", lambda: app.show("morpoly-setup")),
            ("guild", start),
            ("roll", lambda: (app.answer("watch"), app.answer("wizards"), app.answer("undead"),
                              app.answer("roll"))),
            ("card", lambda: _play_until_card_after_guilds(app)),
            ("deed", deed),
            ("ledger", lambda: show_ledger()),
            ("checker", lambda: _checker_game(app, edition)),
        ]
        for name, action in steps:
            action()
            frames(8)  # the ring lays its squares out over a few frames after a screen switch
            shoot(f"morpoly-{name}-{language}")
        app.dispatch("on_stop")
        for child in list(Window.children):
            Window.remove_widget(child)
        from kivy.app import App
        App._running_app = None
    return saved


def _give_fsus(game: Any) -> int:
    """Two running FSUs on a built street of red's (see the module docstring), unless the game has
    some already; returns the square to show."""
    from companion.morpoly.covers import Cover
    from companion.morpoly.fsu import Fsu, Ledger
    state = game.state
    if state.ledger.active():
        return int(state.ledger.active()[0].square)
    state.squares[37].owner, state.squares[37].houses = "red", 2  # the Watch's
    state.squares[39].owner, state.squares[39].houses = "green", 1  # the Undead's
    ahead = [(state.token("red").square + n) % 40 for n in range(5, 10)]
    for square in [s for s in ahead if s in state.squares and state.squares[s].owner is None][:2]:
        state.squares[square].owner = "green"  # unbuilt squares of the Undead: cemeteries for red's next roll
    state.ledger = Ledger((Fsu(1, "red", "yellow", "yellow", 37, 500, frozenset({Cover.JAILED}), False),
                           Fsu(2, "green", "red", "red", 39, 200, frozenset({Cover.CEMETERY}), False)), 3)
    return 37


def _checker_game(app: Any, edition: str) -> None:
    """A new game (with ELAM and Fortuna) where the table handles paper money: played until someone pays."""
    from companion.core.inputs import DieRoll
    app.manager.get_screen("morpoly-board").square_popup.dismiss()
    app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "", mode="ankh-morpoly",
                   options={"edition": edition, "bank": "checker", "fortuna": "on", "elam": "on"})
    app.show("morpoly-board")
    for guild in ("beggars", "undead", "patrician"):
        app.answer(guild)
    for _ in range(60):  # Ann buys the first pub, Bob lands on it and pays her (the NPCs move by 1 + 2)
        game = app.game
        q = game.question
        if q is None or any(line.key == "morpoly.money.paid" for line in game.narration):
            return
        if q.kind == "roll":
            faces = (2, 3) if q.key == "morpoly.roll.move" else (1, 2)
            app.submit(DieRoll(faces=faces, source="manual", seq=game.seq))
        elif "buy" in q.options:
            app.answer("buy" if game.state.turn.token == "red" else "decline")
        elif q.key == "morpoly.turn.menu":
            app.answer("roll" if "roll" in q.options else q.options[-1])
        elif "play-on" in q.options:
            app.answer("play-on")
        else:
            app.answer(q.options[0])


def _play_until_card_after_guilds(app: Any) -> None:
    """From red's roll question: the throws until a card is to be picked."""
    from companion.core.inputs import DieRoll
    throws = list(THROWS)
    for _ in range(60):
        q = app.game.question
        if q is None or dict(q.params).get("deck"):
            return
        if q.kind == "roll":
            app.submit(DieRoll(faces=throws.pop(0) if throws else (1, 2), source="manual", seq=app.game.seq))
        elif "buy" in q.options:
            app.answer("buy")
        elif q.key == "morpoly.turn.menu":
            app.answer("roll" if "roll" in q.options else q.options[-1])
        else:
            app.answer(q.options[0])


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path(__file__).resolve().parents[1] / "docs" / "screenshots"
    for path in run(out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
