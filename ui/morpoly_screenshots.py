"""Screenshots of the Ankh-Morpoly screens for the docs: ``python3 -m ui.morpoly_screenshots [OUT_DIR]``.

Plays a short scripted game through the app's one door (guilds, two-dice throws, buys, a card) and
saves ``morpoly-<screen>-<lang>.png`` at 800×480 in English and German: the set-up form, the board
with a roll on the face pad, the board with a card picked from the deck, a square's deed, and the FSU
ledger. Runs in a real window (offscreen SDL when there is no display)."""
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
            owned = [i for i, s in game.state.squares.items() if s.owner] or [1]
            board.show_square(owned[0])

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
            ("roll", lambda: (app.answer("thieves"), app.answer("watch"), app.answer("merchants"),
                              app.answer("roll"))),
            ("card", lambda: _play_until_card_after_guilds(app)),
            ("deed", deed),
            ("ledger", lambda: show_ledger()),
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
