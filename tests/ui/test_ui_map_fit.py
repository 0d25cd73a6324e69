"""Every area's name and chips stand inside the area, on both map sizes the screens use at 800×480
(the turn, table and events screens' map, 354×398; the Journal's, 360×258), in all four
languages (each found in a real window: the German "Tolle Schwestern" drawn above the Journal's
map over its step label; "Drachenlandeplatz" sticking out of its area; the last row of a crowded
area's chips below the map). Inside means the whole box — the name's texture, each chip's
rounded background — within the area's outline, off the Isle of Gods (drawn over its neighbours)
and so within the map: checked exactly (every corner inside and no edge of the outline crossing
the box), not at a few sample points."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.morpork.board import AREA_BY_ID, AREA_IDS
from companion.morpork.setup import new_state
from companion.morpork.state import State
from tests.ui.conftest import Driver, start_app, stop_app
from ui.maplayout import _crosses, point_in_polygon

LANGUAGES = ("en", "de", "pl", "it")
MAP_SIZES = {"turn": ((4.0, 30.0), (354.22, 398.0)), "journal": ((436.0, 142.0), (360.0, 258.0))}
"""Where the screens put their maps in an 800×480 window (measured: the turn, table and events
screens share the first; the Journal's thumbnail)."""
COLORS = ["red", "yellow", "green", "blue"]


def _box_inside(box: tuple[float, float, float, float], polygon: list[tuple[float, float]]) -> bool:
    """Whether the box lies wholly inside the polygon: its corners inside, no edge crossing it."""
    x, y, w, h = box
    corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
    n = len(polygon)
    return all(point_in_polygon(c, polygon) for c in corners) and not any(
        _crosses(box, polygon[i], polygon[(i + 1) % n]) for i in range(n))


def _box_touches(box: tuple[float, float, float, float], polygon: list[tuple[float, float]]) -> bool:
    """Whether any part of the box lies inside the polygon."""
    x, y, w, h = box
    n = len(polygon)
    corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
    return any(point_in_polygon(c, polygon) for c in corners) or any(
        x < px < x + w and y < py < y + h for px, py in polygon) or any(
        _crosses(box, polygon[i], polygon[(i + 1) % n]) for i in range(n))


def outside(m: Any) -> list[tuple[str, str, tuple[int, int, int, int]]]:
    """The texts drawn on map ``m`` that are not wholly inside their area (or not within the map)."""
    isle = m.drawn_polygons["isle-of-gods"]
    bad = []
    for area_id in AREA_IDS:
        polygon = m.drawn_polygons[area_id]
        for text in (m.labels[area_id], *m.tokens.get(area_id, [])):
            box = (text.x + 0.25, text.y + 0.25, text.width - 0.5, text.height - 0.5)  # rounding slack
            inside = _box_inside(box, polygon)
            if area_id != "isle-of-gods":
                inside = inside and not _box_touches(box, isle)
            inside = inside and m.x <= text.x and text.right <= m.right and m.y <= text.y and text.top <= m.top
            if not inside:
                bad.append((area_id, text.text, (round(text.x), round(text.y), round(text.width), round(text.height))))
    return bad


def crowded() -> State:
    """Every area as crowded as the finding's: three minions (1, 2 and 3 of them), a building,
    the trouble marker and two demons. The areas are drawn independently (each inside its own
    outline), so one map checks all twelve."""
    state = new_state(COLORS)
    for area_id in AREA_IDS:
        area = state.areas[area_id]
        area.minions = {"red": 1, "yellow": 2, "green": 3}
        area.building = "blue"
        area.trouble = True
        area.demons = 2
    state.recount()
    return state


def empty() -> State:
    state = new_state(COLORS)
    for area in state.areas.values():
        area.minions = {}
        area.trouble = False
    state.recount()
    return state


POSITIONS = {"empty": empty, "opening": lambda: new_state(COLORS), "crowded": crowded}


@pytest.fixture
def draw(driver: Driver) -> Iterator[Any]:
    """Draws a map of a given size, language and position in the test's window; returns it."""
    from kivy.core.window import Window
    from ui.mapwidget import MapWidget
    drawn: list[Any] = []

    def make(size: str, language: str, state: State) -> Any:
        pos, wh = MAP_SIZES[size]
        m = MapWidget(size_hint=(None, None), pos=pos, size=wh, language=language)
        Window.add_widget(m)
        drawn.append(m)
        m.state = state
        m.redraw()
        for _ in range(200):  # a thumbnail places its names and chips over a few frames
            if not m.labelling:
                break
            driver.frames(1)
        assert not m.labelling and set(m.labels) == set(AREA_IDS)
        return m

    yield make
    for m in drawn:
        Window.remove_widget(m)


def _pieces(m: Any, area_id: str) -> int:
    """The pieces an area's chips stand for, read off the chips: a count (or one), "+n" for n."""
    total = 0
    for token in m.tokens.get(area_id, []):
        plain = re.sub(r"\[[^\]]*\]", "", token.text)
        if token.piece == "more":
            total += int(plain.lstrip("+"))
        elif token.piece in ("building", "trouble"):
            total += 1
        else:
            digits = re.findall(r"\d+", plain)
            total += int(digits[0]) if digits else 1
    return total


@pytest.mark.parametrize("position", sorted(POSITIONS))
@pytest.mark.parametrize("size", sorted(MAP_SIZES))
def test_every_name_and_chip_stands_inside_its_area(draw: Any, size: str, position: str) -> None:
    for language in LANGUAGES:
        state = POSITIONS[position]()
        m = draw(size, language, state)
        assert outside(m) == [], (language, size, position)
        for area_id in AREA_IDS:  # and every piece is still told: shown, or counted in "+n"
            area = state.areas[area_id]
            pieces = sum(area.minions.values()) + bool(area.building) + area.trouble + area.demons + area.trolls
            assert _pieces(m, area_id) == pieces, (language, area_id, [t.text for t in m.tokens.get(area_id, [])])


def _words(markup: str) -> list[str]:
    plain = re.sub(r"\[[^\]]*\]", "", markup).replace("-\n", "").replace("\n", " ")
    return plain.split()


def test_on_the_full_map_every_area_is_named_in_every_language(draw: Any) -> None:
    """The full-size map has room for every name (a long compound broken where its words meet, or
    set a little smaller): none is left as its number alone, none is cut inside a word."""
    for language in LANGUAGES:
        m = draw("turn", language, empty())
        for area_id in AREA_IDS:
            info = AREA_BY_ID[area_id]
            assert _words(m.labels[area_id].text) == [str(info.number), *info.name(language).split()], \
                (language, area_id, m.labels[area_id].text)


def test_a_long_word_fits_its_area_broken_between_its_words(draw: Any) -> None:
    """"Drachenlandeplatz" (and the Polish "Rzemieślników") is wider than its area at the map's name
    size: it is broken as a typesetter of its language breaks it, "Drachen-" / "landeplatz", at the
    size of the other names, and both halves stand inside the area (it stuck out on one line)."""
    for language, broken in (("de", "Drachen-\nlandeplatz"), ("pl", "Rzemieśl-\nników")):
        m = draw("turn", language, empty())
        label = m.labels["dragons-landing"]
        assert broken in label.text and label.font_size == m.labels["the-shades"].font_size, label.text
        assert outside(m) == []


def test_the_journal_map_keeps_its_names_under_the_step_label(tmp_path: Path) -> None:
    """In German on the Journal's map, "Tolle Schwestern" (Dolly Sisters, at the map's top) was drawn
    above the map, over "Der Tisch nach Schritt 14": every text of the map now stands below that
    line, inside the map (the screenshot script's game, as in docs/screenshots/journal-de.png)."""
    from ui.screenshots import _finish_fire, _to_fire
    app = start_app(tmp_path / "data", language="de")
    d = Driver(app)
    try:
        d.frames(3)
        app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
        app.on_die_roll(1, "manual")
        for value in ("vetinari", "rust", "vimes", "captain-carrot"):
            assert app.answer(value), app.message
        _to_fire(app)
        _finish_fire(app)
        app.show("journal")
        d.frames(4)
        journal = app.manager.get_screen("journal")
        journal.select(max(1, len(app.session.inputs) - 3))
        m = journal.ids.map
        for _ in range(200):
            d.frames(1)
            if not m.labelling and len(m.labels) == len(AREA_IDS):
                break
        assert "Schritt" in journal.ids.at.text and len(m.labels) == len(AREA_IDS)
        assert outside(m) == []
        for text in m.drawn_texts():
            assert text.top <= journal.ids.at.y, (text.text, text.top, journal.ids.at.y)
    finally:
        stop_app(app)
