"""Every button on every screen of a game is at least 48×48 px at 800×480, in German (the longest
labels) — not only Home, Setup and Settings: the turn's options, the die pad, the journal's lines,
Undo, the game end's buttons, the navigation bar. Greyed (disabled) options count too: a player must
be able to tap one to read why it is not allowed."""
from __future__ import annotations

from typing import Any

from kivy.uix.button import Button
from kivy.uix.textinput import TextInput

import ui.screenshots as script


def _small(d: Any) -> list[tuple[str, str, tuple[int, int]]]:
    d.frames(3)
    shown = [w for child in d.window.children for w in child.walk()
             if isinstance(w, (Button, TextInput)) and w.get_root_window() is not None and w.opacity > 0]
    assert len(shown) >= 5, (d.screen.name, [w.text for w in shown])  # the nav bar and the screen's own
    return [(d.screen.name, w.text[:30], (round(w.width), round(w.height)))
            for w in shown if w.width < 48 or w.height < 48]


def test_every_screen_of_a_game_has_48_px_targets(driver: Any) -> None:
    d = driver
    app = d.app
    app.set_language("de")
    seen: dict[str, list[Any]] = {}

    def look() -> None:
        seen[d.screen.name] = _small(d)

    app.show("setup"); look()
    app.start_game(["red", "yellow", "green"], ["Anneliese", "Bartholomäus", "Cy"], "en")
    app.on_die_roll(1, "manual"); look()  # the privacy gate
    for value in ("vetinari", "rust", "vimes", "captain-carrot"):
        app.answer(value)
    look()  # a turn: the areas to place a minion in
    app.show("table"); look()
    script._to_fire(app); look()  # the events screen with its die pad
    script._finish_fire(app)
    app.show("journal"); d.frames(2)
    app.manager.get_screen("journal").select(max(1, len(app.session.inputs) - 3)); look()
    script._to_end(app); look()
    app.show("home"); look()
    app.show("settings"); look()
    assert set(seen) >= {"setup", "turn", "table", "events", "journal", "gameend", "home", "settings"}, seen
    assert all(not small for small in seen.values()), seen
