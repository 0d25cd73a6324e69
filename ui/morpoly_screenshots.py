"""Screenshots of the Ankh-Morpoly screens for the docs: ``python3 -m ui.morpoly_screenshots [OUT_DIR]``.

Plays a short scripted game through the app's one door (guilds, two-dice throws, buys, a card) and
saves ``morpoly-<screen>-<lang>.png`` at 800×480 in English and German (``--languages pl,it`` for
others): the set-up form (with the
bank-or-checker switch among the rulings), the board with a roll on the face pad, the board with a
card picked from the deck, a square's deed (its owner, the premium now, the FSUs bought there and
its opposite square, paired on the ring for the Wizards), the FSU ledger, and the board of a table
that plays with paper money (the checker's "who hands whom"), with ELAM's lives and NPCs and Fortuna. Runs in a real window (offscreen SDL
when there is no display).

Before the deed and the ledger are shot, the game plays on by seeded random legal play
(:mod:`companion.morpoly.random_play`, :data:`SEED`) through the same door until at least two FSUs
bought in play are running on built streets; those are the ones the deed and the ledger show."""
from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any, Callable

THROWS = ((3, 4), (2, 3), (1, 3), (5, 5), (2, 2))
"""The table's throws: red to a Chance square (7), yellow onto 5, green onto 4, …"""

SEED = 7
"""The seed of the random play that reaches running FSUs after the card (so the shots are the same each run)."""

FSUS = 2
"""How many FSUs on built streets must be running before the deed and the ledger are shot."""


def run(out: Path, languages: tuple[str, ...] = ("en", "de")) -> list[Path]:
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen") if not os.environ.get("DISPLAY") else None
    from ui.kivy_env import prepare
    prepare()
    from kivy.config import Config
    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    Config.set("input", "mouse", "")
    from ui.screenshots import Camera, stop_app

    camera = Camera(out)
    frames, shoot = camera.frames, camera.shoot

    for language in languages:
        app = camera.open_app(language, "morpoly-shots-")
        edition = "de" if language == "de" else "us"

        def start() -> None:
            app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "", mode="ankh-morpoly",
                           options={"edition": edition, "fortuna": "on"})

        def deed() -> None:
            board = app.manager.get_screen("morpoly-board")
            square = _play_until_fsus(app)
            app.show("morpoly-board")
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
        stop_app(app)
    return camera.saved


def _play_until_fsus(app: Any, seed: int = SEED, cap: int = 3000) -> int:
    """Seeded random legal play through the app's door until :data:`FSUS` FSUs bought in play run on
    built streets; returns the square of the first of them (the deed to show)."""
    import random
    from dataclasses import replace

    from companion.morpoly.random_play import random_input
    rng = random.Random(seed)
    for _ in range(cap):
        state = app.game.state
        running = [f for f in state.ledger.active() if state.squares[f.square].houses > 0]
        if len(running) >= FSUS:
            return int(running[0].square)
        if app.game.question is None:
            break
        app.submit(replace(random_input(app.game, rng), seq=app.game.seq))
    raise RuntimeError(f"seed {seed}: no {FSUS} running FSUs on built streets within {cap} inputs")


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
    parser = argparse.ArgumentParser(prog="python3 -m ui.morpoly_screenshots", description=__doc__)
    parser.add_argument("out", nargs="?", type=Path, default=Path(__file__).resolve().parents[1] / "docs" / "screenshots")
    parser.add_argument("--languages", default="en,de", help="comma-separated, e.g. pl,it (default: en,de)")
    args = parser.parse_args(argv)
    for path in run(args.out, tuple(args.languages.split(","))):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
