"""The schematic map agrees with the board: the drawn outlines share an edge exactly where the rules
say two areas are adjacent, every area is filled completely, and a tap lands in the area under it."""
from __future__ import annotations

from typing import Any

from companion.morpork.board import ADJACENT, AREA_IDS, EDGES
from ui.maplayout import load_layout, point_in_polygon, triangulate


def _area(poly: list[tuple[float, float]]) -> float:
    return abs(sum(poly[i][0] * poly[(i + 1) % len(poly)][1] - poly[(i + 1) % len(poly)][0] * poly[i][1]
                   for i in range(len(poly)))) / 2


def test_the_layout_shares_an_edge_exactly_between_adjacent_areas() -> None:
    layout = load_layout()
    assert set(layout.shared_edges()) == {frozenset(e) for e in EDGES}


def test_bridges_join_adjacent_areas_across_the_river() -> None:
    layout = load_layout()
    assert len(layout.bridges) == 10
    for a, b in layout.bridges:
        assert b in ADJACENT[a]


def test_the_fill_covers_each_outline_exactly() -> None:
    layout = load_layout()
    for area_id, poly in layout.polygons.items():
        points = list(poly)
        tris = triangulate(points)
        assert len(tris) == 3 * (len(points) - 2), area_id
        covered = sum(_area([points[tris[i]], points[tris[i + 1]], points[tris[i + 2]]]) for i in range(0, len(tris), 3))
        assert abs(covered - _area(points)) < 1e-9, area_id


def _drawn_adjacency(polygons: dict[str, list[tuple[float, float]]]) -> set[frozenset[str]]:
    """Pairs of drawn outlines (window pixels) with a common edge, found from the pixels alone."""
    def key(p: tuple[float, float]) -> tuple[float, float]:
        return (round(p[0], 3), round(p[1], 3))
    owners: dict[frozenset[tuple[float, float]], set[str]] = {}
    for area_id, poly in polygons.items():
        for i, p in enumerate(poly):
            q = poly[(i + 1) % len(poly)]
            owners.setdefault(frozenset((key(p), key(q))), set()).add(area_id)
    return {frozenset(o) for o in owners.values() if len(o) == 2}


def test_the_drawn_map_agrees_with_the_adjacency_list(driver: Any) -> None:
    d = driver
    d.app.start_game(["red", "blue"], ["A", "B"], "en")
    d.app.show("table")
    d.frames(3)
    m = d.screen.ids.map
    assert m.width >= 300 and m.height >= 300
    assert _drawn_adjacency(m.drawn_polygons) == {frozenset(e) for e in EDGES}
    taps: list[str] = []
    m.bind(on_area_tap=lambda _w, area: taps.append(area))
    for area_id in AREA_IDS:
        cx, cy = m.area_centre_px(area_id)
        assert point_in_polygon((cx, cy), m.drawn_polygons[area_id])
        assert m.area_at(cx, cy) == area_id
        d.tap_at(*m.to_window(cx, cy))
    assert taps == list(AREA_IDS)
    # the river and the margin are not areas: a tap there does nothing
    d.tap_at(*m.to_window(m.x + 2, m.y + 2))
    assert taps == list(AREA_IDS)
    # pixels: between the label and the outline each area shows a land colour, the river blue
    shot = d.screenshot(d.app.data_dir / "map.png")
    from PIL import Image
    image = Image.open(shot).convert("RGB")
    def pixel(x: float, y: float) -> tuple[int, int, int]:
        wx, wy = m.to_window(x, y)
        return image.getpixel((int(wx), int(d.window.height - 1 - wy)))
    for area_id in ("the-hippo", "nap-hill", "longwall"):
        cx, cy = m.area_centre_px(area_id)
        label = m.labels[area_id]
        r, g, b = pixel(label.center_x, label.top + 4)
        assert r > 150 and g > 140 and b > 100 and r >= b, (area_id, (r, g, b))
    bx, by = m.fitted.to_px(m.layout.river["main"][-2])
    r, g, b = pixel(bx, by)
    assert b > r + 40, ("river", (r, g, b))


def _table_map(d: Any) -> Any:
    """The table screen's map, drawn, at the start of a three-player game."""
    d.app.start_game(["red", "yellow", "green"], ["A", "B", "C"], "en")
    d.app.show("table")
    d.frames(3)
    return d.screen.ids.map


def test_pieces_show_as_shapes_and_counts_whatever_the_setting(driver: Any) -> None:
    d = driver
    m = _table_map(d)
    plain = m.contents_markup("the-shades")
    assert "●" in plain and "▲" in plain and "■" in plain and "⚠" in plain  # one each: the mark alone
    assert [t.piece for t in m.tokens["the-shades"]] == ["red", "yellow", "green", "trouble"]
    d.app.set_colorblind(True)
    d.frames(2)
    assert m.contents_markup("the-shades") == plain


def test_a_moved_piece_shows_on_the_map_and_an_unchanged_board_is_not_laid_out_again(driver: Any) -> None:
    """The map skips a redraw when nothing it shows changed (issue 16): a new state object with the
    same board keeps the drawn chips; a minion moved from the Shades to Dolly Sisters must still
    show in its new area (a stale cache would keep the old chips), one frame after the change."""
    d = driver
    m = _table_map(d)
    before = m.state
    assert [t.piece for t in m.tokens["the-shades"]] == ["red", "yellow", "green", "trouble"]
    drawn = {a: list(tokens) for a, tokens in m.tokens.items()}

    same = before.copy()  # the same board, another table (Kivy sees a different state: it fires)
    same.players[0].money += 1
    m.state = same
    d.frames(2)
    assert {a: list(tokens) for a, tokens in m.tokens.items()} == drawn  # the very same chips: not redrawn

    moved = before.copy()
    del moved.areas["the-shades"].minions["red"]
    moved.areas["dolly-sisters"].minions["red"] = moved.areas["dolly-sisters"].minion_count("red") + 1
    m.state = moved
    d.frames(2)
    assert [t.piece for t in m.tokens["the-shades"]] == ["yellow", "green", "trouble"]
    token = next(t for t in m.tokens["dolly-sisters"] if t.piece == "red")
    assert token.text.endswith("2[/color]")  # two red minions there now (one stood there from the start)
    assert m.area_at(token.center_x, token.center_y) == "dolly-sisters"  # drawn where the piece now stands
    assert any(getattr(i, "texture", None) is token.texture for i in m.canvas.children)  # drawn on the map

    m.state = before  # and back: the chips follow the board again
    d.frames(2)
    assert [t.piece for t in m.tokens["the-shades"]] == ["red", "yellow", "green", "trouble"]
    assert not next(t for t in m.tokens["dolly-sisters"] if t.piece == "red").text.endswith("2[/color]")


def test_names_and_chips_are_the_textures_a_label_would_render(driver: Any) -> None:
    """The map draws its texts from core-label textures, not Label widgets (issue 16: memory);
    each must be, pixel for pixel, what a Label with the same properties showed before."""
    from kivy.uix.label import Label
    from ui.palette import INK_RGB
    d = driver
    m = _table_map(d)
    token = m.tokens["the-shades"][0]
    label = m.labels["nap-hill"]
    widgets = [Label(text=token.text, markup=True, font_size=token.font_size, font_name=m.font_name, bold=True),
               Label(text=label.text, markup=True, font_size=label.font_size, font_name=m.font_name,
                     halign="center", color=(*INK_RGB, 1))]
    for drawn, widget in zip((token, label), widgets):
        widget.texture_update()
        assert tuple(widget.texture_size) == drawn.texture_size
        assert widget.texture.pixels == drawn.texture.pixels, drawn.text


def test_a_hidden_screens_map_drops_its_drawing_and_draws_again_when_shown(driver: Any) -> None:
    d = driver
    m = _table_map(d)
    assert m.tokens["the-shades"] and len(m.canvas.children) > 50
    d.app.show("journal")
    d.frames(2)
    assert m.labels == {} and m.tokens == {} and len(m.canvas.children) == 0  # nothing kept while hidden
    d.app.show("table")
    d.frames(3)
    assert [t.piece for t in m.tokens["the-shades"]] == ["red", "yellow", "green", "trouble"]
    assert "Nap Hill" in d.texts()


def test_a_thumbnail_places_its_chips_over_frames_in_the_same_places(driver: Any, monkeypatch: Any) -> None:
    """The Journal's small map places its names and chips a few areas a frame (issue 16: no frame
    waits for the whole search); the result is the one placing them all at once gives."""
    import ui.mapwidget
    d = driver
    d.app.start_game(["red", "yellow", "green"], ["A", "B", "C"], "en")
    d.app.show("journal")
    d.frames(2)
    m = d.screen.ids.map
    assert m.fitted is not None and m.fitted.height < ui.mapwidget.FULL_MAP_PX  # a thumbnail

    def drawn() -> list[tuple[str, tuple[float, float]]]:
        return [(t.text, t.pos) for t in m.drawn_texts()]

    monkeypatch.setattr(ui.mapwidget, "THUMBNAIL_FRAME_BUDGET_S", 0.0)  # one area a frame
    m.redraw()
    assert m.labelling and len(m.labels) == 1
    for _ in range(20):
        if not m.labelling:
            break
        d.frames(1)
    assert not m.labelling and len(m.labels) == 12
    stepwise = drawn()
    monkeypatch.setattr(ui.mapwidget, "THUMBNAIL_FRAME_BUDGET_S", 1e9)  # all at once
    m._placements.clear()
    m.redraw()
    assert not m.labelling and drawn() == stepwise
    m.release()  # a newer drawing cancels what a stepwise one has left
    monkeypatch.setattr(ui.mapwidget, "THUMBNAIL_FRAME_BUDGET_S", 0.0)
    m.redraw()
    m.release()
    d.frames(3)
    assert m.labels == {} and not m.labelling


def test_a_redrawn_map_fills_each_area_with_the_triangles_of_its_outline(driver: Any) -> None:
    """Each area's fill is cut into triangles once per outline and size (kept for the next redraw, a
    step picked in the Journal): the meshes drawn after the table changed are the outlines' own."""
    from kivy.graphics import Mesh
    d = driver
    d.app.start_game(["red", "blue"], ["A", "B"], "en")
    d.app.show("table")
    d.frames(3)
    m = d.screen.ids.map

    def meshes() -> list[list[int]]:
        return [list(i.indices) for i in m.canvas.children if isinstance(i, Mesh)]

    first = meshes()
    m.redraw()
    assert meshes() == first and len(first) == len(AREA_IDS)
    order = [a for a in AREA_IDS if a != "isle-of-gods"] + ["isle-of-gods"]  # the island drawn last, on top
    assert first == [triangulate(m.drawn_polygons[a]) for a in order]
