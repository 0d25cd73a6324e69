"""A German table of four with long names, played in a real window: no line of the Journal's rows
is cut off, and the game-end table shows each name whole (both found by playing it and looking at
the screenshots: the Journal's "end turn" row lost its first line, the score table shortened
"Bartholomäus" to "Bar...omäus" with room to spare)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest
from kivy.core.text.markup import MarkupLabel

from tests.ui.conftest import Driver, start_app, stop_app
from tests.ui.test_ui_game import finish_game

NAMES = ["Bartholomäus", "Wilhelmina-Sophie", "Maximilian", "Konstantinopel"]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Driver]:
    """Four long-named players in German, set up, red's first card played and the turn ended."""
    app = start_app(tmp_path / "data", language="de", edition="de")
    d = Driver(app)
    d.frames(3)
    try:
        app.start_game(["red", "yellow", "green", "blue"], NAMES, "de")
        while app.game.question.kind == "roll":
            app.on_die_roll(len(app.session.inputs) + 1, "manual")  # every player rolls: no tie
        for personality in ("vetinari", "rust", "vimes", "chrysoprase"):
            assert app.answer(personality), app.message
        assert app.answer("captain-carrot"), app.message
        while "end-turn" not in app.game.question.options:
            assert app.answer(app.game.question.options[0]), app.message
        assert app.answer("end-turn"), app.message
        d.frames(2)
        yield d
    finally:
        stop_app(app)


def _needed_height(widget: Any) -> float:
    """The height the widget's text takes at its wrapping width, in as many lines as it shows."""
    label = MarkupLabel(text=widget.text, font_size=widget.font_size, font_name=widget.font_name,
                      halign=widget.halign, text_size=(widget.text_size[0], None), max_lines=widget.max_lines)
    label.refresh()
    return float(label.texture.size[1])


def test_no_journal_row_is_cut(table: Driver) -> None:
    d = table
    d.app.show("journal")
    d.frames(4)
    rows = [d.screen.line_button(i) for i in range(d.screen.line_count)]
    assert any("Konstantinopel" in r.text or "Bartholomäus" in r.text for r in rows)
    cut = [r.text for r in rows if _needed_height(r) > r.text_size[1]]
    assert cut == [], cut
    ended = [r for r in rows if "Zug beenden" in r.text]
    assert ended and all(r.max_lines == 2 for r in ended)


def test_the_score_table_shows_every_name_whole(table: Driver) -> None:
    d = table
    finish_game(d.app)
    d.app.show("gameend")
    d.frames(4)
    cells = {name: w for w in d.screen.ids.scores.children for name in NAMES if name in w.text}
    assert sorted(cells) == sorted(NAMES)
    for name, cell in cells.items():
        whole = MarkupLabel(text=cell.text, font_size=cell.font_size, font_name=cell.font_name,
                          bold=cell.bold)
        whole.refresh()
        assert whole.texture.size[0] <= cell.width, (name, whole.texture.size[0], cell.width)
