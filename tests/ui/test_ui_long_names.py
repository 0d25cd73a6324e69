"""A German table of four with long names, played in a real window: no line of the Journal's rows
is cut off, and the game-end table shows each name whole (both found by playing it and looking at
the screenshots: the Journal's "end turn" row lost its first line, the score table shortened
"Bartholomäus" to "Bar...omäus" with room to spare).

Then a longer game (red with all twelve minions on the board, the others passing): the Home
screen's resume button shows its whole text, the table screen neither shortens a name nor "12/12",
the maps set an area's name on lines between its words ("Götterins|el" was cut on the Journal's
map), and the chart at the game's end shows the three players who passed level as three lines,
not one (each found by playing it and looking at the screenshots)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest
from kivy.core.text.markup import MarkupLabel

from companion.morpork.catalog import CARD_BY_ID
from tests.ui.conftest import Driver, start_app, stop_app
from tests.ui.test_ui_game import finish_game

NAMES = ["Bartholomäus", "Wilhelmina-Sophie", "Maximilian", "Konstantinopel"]
LONGER = ["Bartholomäus", "Konstantinopel", "Wilhelmine-Hildegard", "Maximiliane"]


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


def _natural_width(cell: Any) -> float:
    """How wide the cell's text is set on one line (as its Label sets it, before any shortening)."""
    label = MarkupLabel(text=cell.text, font_size=cell.font_size, font_name=cell.font_name, bold=cell.bold)
    label.refresh()
    return float(label.texture.size[0])


def _crowded(tmp_path: Path, language: str) -> Iterator[Driver]:
    """Four long names; red (Vimes: no win by areas) plays every minion card and places each minion
    where the game offers first, until all twelve of red's minions stand on the board; the others
    pass. Yellow, green and blue keep the same points all game."""
    app = start_app(tmp_path / "data", language=language, edition="de" if language == "de" else "en")
    d = Driver(app)
    d.frames(3)
    try:
        app.start_game(["red", "yellow", "green", "blue"], LONGER, language)
        while app.game.question.kind == "roll":
            app.on_die_roll(len(app.session.inputs) + 1, "manual")
        for personality in ("vimes", "rust", "vetinari", "chrysoprase"):
            assert app.answer(personality), app.message
        for _ in range(1000):
            q = app.game.question
            if q.key == "turn.play-card" and app.game.state.minions_on_board("red") == 12:
                break
            if q.kind == "roll":
                app.on_die_roll(6, "manual")
                continue
            value = next((w for w in ("end-turn", "skip", "stop", "none", "pass") if w in q.options), q.options[0])
            if q.key == "turn.play-card" and q.player == "red":
                value = next((c for c in q.options if c in CARD_BY_ID and "M" in CARD_BY_ID[c].symbols
                              and "E" not in CARD_BY_ID[c].symbols), "pass")
            elif q.key.startswith("symbol.minion") and q.player == "red":
                value = q.options[0]
            assert app.answer(value), (q.key, value, app.message)
        assert app.game.state.minions_on_board("red") == 12 and app.game.state.game_over is None
        d.frames(2)
        yield d
    finally:
        stop_app(app)


@pytest.fixture
def crowded(tmp_path: Path) -> Iterator[Driver]:
    yield from _crowded(tmp_path, "de")


def test_the_resume_button_shows_its_whole_text(crowded: Driver) -> None:
    """Six lines in German (four names, the turn, the time) in a button that grows into the room
    its column has: none cut off at the top or the bottom, at a readable size."""
    d = crowded
    d.app.show("home")
    d.frames(4)
    button = d.screen.ids.resume
    assert all(name in button.text for name in LONGER) and "Zug" in button.text
    assert _needed_height(button) <= button.text_size[1], (_needed_height(button), button.text_size)
    assert button.font_size >= 11
    settings = [w for w in button.parent.children if "Einstellungen" in getattr(w, "text", "")]
    assert settings and settings[0].y >= button.parent.y  # the buttons below are still on the screen


def test_the_table_shortens_no_name_and_no_count(crowded: Driver) -> None:
    """Each column as wide as its widest text: the names whole, and red's "12/12" minions not "1...2"."""
    d = crowded
    d.app.show("table")
    d.frames(4)
    cells = [c for grid in (d.screen.ids.players, d.screen.ids.progress) for c in grid.children]
    assert any(c.text == "12/12" for c in cells)
    assert sum(any(name in c.text for name in LONGER) for c in cells) == 2 * len(LONGER)
    cut = [(c.text, _natural_width(c), c.width) for c in cells if _natural_width(c) > c.width]
    assert cut == []
    grid = d.screen.ids.players
    assert grid.right <= d.screen.ids.map.parent.right + 1  # and the table still fits its side of the screen


def _lines(m: Any, label: Any) -> list[str]:
    """The lines an area's name is set in on the map: set again as the map sets it, wrapped at the
    width of its texture (a wrapped label's texture is as wide as its wrapping width, an unwrapped
    one as its text), as the words of each line."""
    core = MarkupLabel(text=label.text, font_size=label.font_size, font_name=m.font_name, halign="center",
                       text_size=(label.texture_size[0], None))
    core.refresh()
    assert core.texture.size[1] == label.texture_size[1], (label.text, core.texture.size, label.texture_size)
    return ["".join(word.text for word in line.words) for line in core._cached_lines]


def _map_words_split(m: Any) -> list[tuple[str, list[str]]]:
    """Each area name on the map set on lines that split one of its words (none should)."""
    import re
    split = []
    for label in m.labels.values():
        words = set(re.sub(r"\[/?[a-z]+[^\]]*\]", "", label.text).split())
        lines = _lines(m, label)
        if not {w for line in lines for w in line.split()} <= words:
            split.append((label.text, lines))
    return split


@pytest.mark.parametrize("language", ["de", "pl", "en"])
def test_the_maps_break_area_names_only_between_words(tmp_path: Path, language: str) -> None:
    """The Journal's small map and the table's map: an area's name wraps in a narrow area, between
    its words ("Götterinsel" was cut to "Götterins" over "el")."""
    for d in _crowded(tmp_path, language):
        for screen in ("journal", "table"):
            d.app.show(screen)
            m = d.screen.ids.map
            for _ in range(60):
                d.frames(1)
                if m.fitted is not None and not m.labelling and len(m.labels) == 12:
                    break
            assert len(m.labels) == 12, (screen, len(m.labels))
            if screen == "journal":  # its small map wraps some names: the check below has lines to look at
                assert [label for label in m.labels.values() if len(_lines(m, label)) > 1]
            assert _map_words_split(m) == [], screen


def test_players_level_on_points_are_all_drawn(crowded: Driver) -> None:
    """Yellow, green and blue passed every turn: the same points all game. Each of their lines is
    seen on the chart (not blue alone over the other two), and the legend names every line with
    the points the score table gives."""
    from PIL import Image
    from ui.palette import PLAYER_RGB
    d = crowded
    d.app.show("gameend")
    d.frames(4)
    chart = d.screen.ids.chart
    series = chart.series
    assert series["yellow"] == series["green"] == series["blue"]
    image = Image.open(d.screenshot(d.app.data_dir / "gameend.png")).convert("RGB")
    x0, y0 = chart.to_window(chart.x, chart.y)
    x1, y1 = chart.to_window(chart.right, chart.top)
    height = d.window.height
    box = (int(x0) + 2, int(height - y1), int(x1), int(height - y0) - 2)  # inside the axes
    raw = image.crop(box).tobytes()
    pixels = [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]
    def seen(color: str) -> int:
        want = [round(255 * c) for c in PLAYER_RGB[color]]
        return sum(all(abs(p[k] - want[k]) <= 24 for k in range(3)) for p in pixels)
    for color in ("yellow", "green", "blue"):
        assert seen(color) >= chart.width, (color, seen(color), chart.width)  # a line across the chart
    total = d.screen.score.breakdown
    legend = d.screen.ids.legend
    for color, name in zip(("red", "yellow", "green", "blue"), LONGER):
        assert f"{name} {total[color].total}" in legend.text
    assert _natural_width(legend) <= legend.width  # the legend is not shortened


def test_equal_points_are_spread_and_single_ones_are_not() -> None:
    """Three level at a step are drawn a step apart around their value; a player alone is drawn on it."""
    from ui.screens.gameend import spread_ties
    offsets = spread_ties({"red": [0, 5, 9], "yellow": [0, 5, 5], "green": [0, 2, 5]}, 4.0)
    assert offsets == {"red": [-4.0, -2.0, 0.0], "yellow": [0.0, 2.0, -2.0], "green": [4.0, 0.0, 2.0]}
