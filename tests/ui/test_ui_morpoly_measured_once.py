"""The Ankh-Morpoly board measures a text once (``ui.screens.morpoly.board._drawn``): a step
draws the ring three times (its texts, the redraw, the redraw after the layout pass) and fits the
money panel twice, and a table of eight rendered a probe's texture about 58 times a step, three in
four for a text, font size and width measured already — time a Raspberry Pi spends at every tap."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import ui.screens.morpoly.board as board
from tests.ui.test_ui_morpoly import _play_question
from tests.ui.test_ui_morpoly_at_the_table import _feed, _resumed

EIGHT = ["Ann", "Bartholomäus", "Cy", "Dora", "Eve", "Wilhelmine", "Gus", "Hedwig"]


def test_a_step_renders_each_measured_text_once(tmp_path: Path, request: Any, monkeypatch: Any) -> None:
    """Three steps tapped at an ELAM table of eight: the probe renders a texture for each distinct
    text, font size and width measured, and never again for one of them."""
    data = tmp_path / "data"
    _feed(data, EIGHT, {"elam": "on"}, lambda game: game.seq >= 12, seed=5)
    with _resumed(request, data, "de") as (app, d):
        d.frames(3)
        assert board._drawn.cache_info().currsize, "the ring measured its squares' tokens"
        probe = board._probe()
        rendered: list[str] = []
        render = probe.texture_update
        measure = board._drawn
        asked: list[tuple[Any, ...]] = []

        def counted(*args: Any) -> None:
            rendered.append(probe.text)
            render(*args)

        def recorded(*args: Any) -> Any:
            """A measure, the probe's renders counted while it runs (not Kivy's own redraw of the probe
            at the next frame, which a text assigned schedules)."""
            asked.append(args)
            monkeypatch.setattr(probe, "texture_update", counted)
            try:
                return measure(*args)
            finally:
                monkeypatch.setattr(probe, "texture_update", render)

        monkeypatch.setattr(board, "_drawn", recorded)
        for _ in range(3):
            _play_question(d, [(3, 4), (2, 5), (1, 3)])
            d.frames(2)
        assert len(asked) > len(set(asked)), "the steps measured some texts more than once"
        assert len(rendered) <= len(set(asked)), (len(rendered), len(set(asked)), len(asked))
