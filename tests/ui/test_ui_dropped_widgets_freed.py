"""What a screen drops when another is shown — the table's and the game end's cells, the new-game
form — is freed within a few frames, not at Python's next full collection, which in a running app
comes only after tens of thousands of new objects (issue 16: memory after opening every screen)."""
from __future__ import annotations

import weakref
from typing import Any


def _refs(widgets: Any) -> list[weakref.ref[Any]]:
    return [weakref.ref(getattr(w, "__self__", w)) for w in widgets]


def test_cells_and_form_dropped_on_leave_are_freed_a_frame_later(driver: Any) -> None:
    d = driver
    app = d.app
    app.show("setup")
    d.frames(3)
    form = _refs([app.manager.get_screen("setup")._parts()[0]])
    app.start_game(["red", "yellow", "green"], ["A", "B", "C"], "en")
    app.on_die_roll(1, "manual")
    for value in ("vetinari", "rust", "vimes"):
        assert app.answer(value), app.message
    dropped = list(form)
    for name in ("table", "gameend"):
        app.show(name)
        d.frames(3)
        screen = app.manager.get_screen(name)
        grids = [screen.ids.players, screen.ids.progress] if name == "table" else [screen.ids.scores]
        cells = [cell for grid in grids for cell in grid.children]
        assert len(cells) >= 8, (name, len(cells))
        dropped += _refs(cells)
        del cells, grids, screen
    app.show("home")
    d.frames(3)
    alive = [r() for r in dropped if r() is not None]
    assert not alive, f"{len(alive)} of {len(dropped)} dropped widgets still held, e.g. {alive[:3]}"
