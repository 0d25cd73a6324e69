"""The schematic map's geometry, read from ``ui/data/map-layout.json`` (a copy of the shared
reference). Kept free of Kivy so the geometry — which polygon borders which, where a tap lands — can
be tested on its own and against the board's adjacency list.

Coordinates in the file run from 0 to 1 with y pointing south; :meth:`MapLayout.fit` maps them into a
widget's pixel box (Kivy's y points up) keeping the printed board's aspect ratio.
"""
from __future__ import annotations

import json
from array import array
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from companion.morpork.board import AREA_BY_NUMBER

Point = tuple[float, float]


@dataclass(frozen=True)
class MapLayout:
    """Polygons (by area id), label centres, river polylines and bridge points in unit coordinates."""

    polygons: dict[str, tuple[Point, ...]]
    polygon_names: dict[str, tuple[str, ...]]
    centres: dict[str, Point]
    river: dict[str, tuple[Point, ...]]
    bridges: dict[tuple[str, str], Point]
    aspect: float

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> MapLayout:
        vertices = {name: (float(x), float(y)) for name, (x, y) in doc["vertices"].items()}
        ids = {str(n): AREA_BY_NUMBER[int(n)].id for n in doc["polygons"]}
        polygons = {ids[n]: tuple(vertices[v] for v in names) for n, names in doc["polygons"].items()}
        names = {ids[n]: tuple(vs) for n, vs in doc["polygons"].items()}
        centres = {ids[n]: (float(x), float(y)) for n, (x, y) in doc["centres"].items()}
        river = {k: tuple(vertices[v] for v in vs) for k, vs in doc["river"].items()}
        bridges: dict[tuple[str, str], Point] = {}
        for key, (x, y) in doc["bridges"].items():
            a, b = (AREA_BY_NUMBER[int(n)].id for n in key.split("-"))
            bridges[(a, b)] = (float(x), float(y))
        return cls(polygons, names, centres, river, bridges, float(doc["frame"]["aspect_w_over_h"]))

    def shared_edges(self) -> dict[frozenset[str], list[tuple[Point, Point]]]:
        """Every pair of areas whose outlines share at least one edge, with those edges."""
        owner: dict[frozenset[str], list[str]] = {}
        for area_id, names in self.polygon_names.items():
            for i, a in enumerate(names):
                b = names[(i + 1) % len(names)]
                owner.setdefault(frozenset((a, b)), []).append(area_id)
        vertex_of: dict[str, Point] = {}
        for area_id, names in self.polygon_names.items():
            for name, point in zip(names, self.polygons[area_id]):
                vertex_of[name] = point
        pairs: dict[frozenset[str], list[tuple[Point, Point]]] = {}
        for edge, areas in owner.items():
            distinct = sorted(set(areas))
            if len(distinct) == 2:
                a, b = sorted(edge)
                pairs.setdefault(frozenset(distinct), []).append((vertex_of[a], vertex_of[b]))
        return pairs

    def fit(self, x: float, y: float, width: float, height: float) -> Fitted:
        """Place the map in the pixel box (x, y, width, height), centred, aspect kept."""
        if width / max(height, 1.0) > self.aspect:
            h = height
            w = height * self.aspect
        else:
            w = width
            h = width / self.aspect
        return Fitted(self, x + (width - w) / 2, y + (height - h) / 2, w, h)


@dataclass(frozen=True)
class Fitted:
    """A layout placed in a pixel box; converts unit points to pixels and finds the area under a tap."""

    layout: MapLayout
    x: float
    y: float
    width: float
    height: float

    def to_px(self, point: Point) -> Point:
        ux, uy = point
        return self.x + ux * self.width, self.y + (1.0 - uy) * self.height

    def to_unit(self, px: float, py: float) -> Point:
        return (px - self.x) / self.width, 1.0 - (py - self.y) / self.height

    def polygon_px(self, area_id: str) -> list[Point]:
        return [self.to_px(p) for p in self.layout.polygons[area_id]]

    def area_at(self, px: float, py: float) -> str | None:
        """The area whose outline contains the pixel; the Isle of Gods wins (it is drawn on top)."""
        point = self.to_unit(px, py)
        found = [a for a, poly in self.layout.polygons.items() if point_in_polygon(point, poly)]
        if "isle-of-gods" in found:
            return "isle-of-gods"
        return found[0] if found else None


def point_in_polygon(point: Point, polygon: tuple[Point, ...] | list[Point]) -> bool:
    """Even-odd rule ray cast."""
    x, y = point
    inside = False
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < cross:
                inside = not inside
    return inside


def triangulate(polygon: list[Point]) -> list[int]:
    """Ear-clipping triangulation of a simple polygon: indices for a Kivy ``Mesh`` in triangles mode.

    Kivy's ``Mesh`` draws only what it is given, and the areas are concave, so a fan would spill
    over the neighbours."""
    n = len(polygon)
    if n < 3:
        return []
    area = sum(polygon[i][0] * polygon[(i + 1) % n][1] - polygon[(i + 1) % n][0] * polygon[i][1] for i in range(n))
    order = list(range(n)) if area > 0 else list(range(n - 1, -1, -1))
    triangles: list[int] = []
    guard = 0
    while len(order) > 3 and guard < 10 * n * n:
        guard += 1
        clipped = False
        for k in range(len(order)):
            i0, i1, i2 = order[k - 1], order[k], order[(k + 1) % len(order)]
            a, b, c = polygon[i0], polygon[i1], polygon[i2]
            if (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]) <= 0:
                continue
            if any(_in_triangle(polygon[j], a, b, c) for j in order if j not in (i0, i1, i2)):
                continue
            triangles += [i0, i1, i2]
            del order[k]
            clipped = True
            break
        if not clipped:
            break
    if len(order) == 3:
        triangles += order
    return triangles


def _in_triangle(p: Point, a: Point, b: Point, c: Point) -> bool:
    def side(p1: Point, p2: Point, p3: Point) -> float:
        return (p1[0] - p3[0]) * (p2[1] - p3[1]) - (p2[0] - p3[0]) * (p1[1] - p3[1])
    d1, d2, d3 = side(p, a, b), side(p, b, c), side(p, c, a)
    has_neg = d1 < 0 or d2 < 0 or d3 < 0
    has_pos = d1 > 0 or d2 > 0 or d3 > 0
    return not (has_neg and has_pos)


def load_layout() -> MapLayout:
    text = resources.files("ui.data").joinpath("map-layout.json").read_text(encoding="utf-8")
    return MapLayout.from_json(json.loads(text))


Box = tuple[float, float, float, float]
"""x, y (bottom left), width, height in pixels."""


def place_block(polygon: list[Point], avoid: list[list[Point]], centre: Point, label: tuple[float, float],
                chips: list[tuple[float, float]], gap: float = 2.0, reach: float = 32.0,
                step: float = 8.0, lines: list[tuple[Point, Point, float]] | None = None,
                taken: list[Box] | None = None, margin: float = 1.0) -> tuple[Box, list[Box], int]:
    """Where an area's name (``label``: width, height) and its chips (each width, height) go: rows of
    chips under the name, centred, with the row width and the block's offset from ``centre`` chosen
    so that as little as possible spills out of ``polygon``, into the ``avoid`` polygons (the
    Isle of Gods inside its neighbours), onto ``lines`` (the river: segments with a half-width) or
    over boxes already ``taken`` by other areas; ties go to the arrangement nearest the centre. A
    box counts as inside when it is, grown by ``margin`` pixels on every side (off the outline).
    Returns the name's box, the chips' boxes and how much still spills (0: nothing)."""
    best: tuple[tuple[int, float], Box, list[Box]] | None = None
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    inside = _Shape(polygon)
    avoided = [_Shape(a) for a in avoid]
    near = reach + 60
    lines = [(a, b, half) for a, b, half in (lines or [])
             if min(a[0], b[0]) < max(xs) + near and max(a[0], b[0]) > min(xs) - near
             and min(a[1], b[1]) < max(ys) + near and max(a[1], b[1]) > min(ys) - near]
    # Only line segments that can reach a box somewhere in the search can cross one (the block is
    # never wider than the name or all chips in one row, nor taller than name and one chip per row).
    wide = max(label[0], sum(w for w, _h in chips) + 2 * gap * len(chips)) / 2
    tall = label[1] + sum(h + gap for _w, h in chips)
    lines = [(a, b, half) for a, b, half in lines
             if min(a[0], b[0]) - half <= centre[0] + reach + wide and max(a[0], b[0]) + half >= centre[0] - reach - wide
             and min(a[1], b[1]) - half <= centre[1] + reach + tall and max(a[1], b[1]) + half >= centre[1] - reach - tall]
    segments = [(a, b, half, min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1]))
                for a, b, half in lines]
    # Boxes taken by other areas beyond every box the search can try cannot overlap one (1 px slack).
    near_taken = [t for t in taken or ()
                  if t[0] <= centre[0] + reach + wide + 1 and t[0] + t[2] >= centre[0] - reach - wide - 1
                  and t[1] <= centre[1] + reach + tall + 1 and t[1] + t[3] >= centre[1] - reach - tall - 1]
    counts = sorted({max(1, -(-len(chips) // k)) for k in (1, 2, 3)}, reverse=True)
    for per_row in counts:
        rows = [chips[i:i + per_row] for i in range(0, len(chips), per_row)]
        row_h = max((h for _w, h in chips), default=0.0)
        height = label[1] + sum(row_h + gap for _r in rows)
        offsets = [(dx * step, dy * step) for dx in range(-int(reach / step), int(reach / step) + 1)
                   for dy in range(-int(reach / step), int(reach / step) + 1)]
        offsets.sort(key=lambda o: o[0] ** 2 + o[1] ** 2)
        widths = [sum(w for w, _h in row) + 2 * gap * (len(row) - 1) for row in rows]
        rows_at: dict[float, list[_Row]] = {}  # the name's row and the chips' rows, by the block's offset up
        for dx, dy in offsets:
            cx, top = centre[0] + dx, centre[1] + dy + height / 2
            placed = rows_at.get(dy)
            if placed is None:  # each height's rows prepared once for the offsets sideways (_Row)
                placed = rows_at[dy] = [_Row([label], top, label[1], gap, margin, inside, avoided, segments,
                                             near_taken)]
                y = top - label[1] - gap
                for row in rows:
                    placed.append(_Row(row, y, row_h, gap, margin, inside, avoided, segments, near_taken))
                    y -= row_h + gap
            limit = best[0][0] if best is not None else 10 ** 6
            spill = 0
            for sliding, x in zip(placed, [cx - label[0] / 2] + [cx - width / 2 for width in widths]):
                spill += sliding.spill(x, limit - spill)
                if spill > limit:
                    break  # worse than the best already found: its exact spill does not matter
            score = (spill, dx * dx + dy * dy + 40.0 * per_row)
            if best is None or score < best[0]:
                label_box = placed[0].boxes(cx - label[0] / 2)[0]
                boxes = [box for sliding, width in zip(placed[1:], widths) for box in sliding.boxes(cx - width / 2)]
                best = (score, label_box, boxes)
            if spill == 0:
                return best[1], best[2], 0
    assert best is not None
    return best[1], best[2], best[0][0]


def place_rows(polygon: list[Point], avoid: list[list[Point]], centre: Point, label: tuple[float, float],
               chips: list[tuple[float, float]], gap: float = 2.0, step: float = 4.0,
               lines: list[tuple[Point, Point, float]] | None = None, taken: list[Box] | None = None,
               margin: float = 1.0, exact: bool = False) -> tuple[Box, list[Box], int]:
    """Like :func:`place_block`, but each row (the name, then the chips' rows) slides sideways on
    its own to where it fits, nearest the centre: a slanting area (Dolly Sisters' crescent) takes a
    staircase of rows that no straight block fits. The rows still read top to bottom; the block
    slides up and down over the whole area (``step`` pixels at a time). Returns the boxes and how
    much still spills (0: nothing). ``exact``: only an arrangement that spills nothing is wanted,
    so one that spills is given up at its first row that does (much faster when none fits)."""
    inside = _Shape(polygon)
    avoided = [_Shape(a) for a in avoid]
    segments, blocked = _within(inside, lines, taken)
    cx, cy = centre
    row_h = max((h for _w, h in chips), default=0.0)
    best: tuple[int, Box, list[Box]] | None = None
    shifts = sorted((i * step for i in range(-int((cx - inside.left) / step) - 1, int((inside.right - cx) / step) + 2)),
                    key=abs)
    for per_row in sorted({max(1, -(-len(chips) // k)) for k in (1, 2, 3, 4)}, reverse=True):
        rows = [chips[i:i + per_row] for i in range(0, len(chips), per_row)]
        height = label[1] + sum(row_h + gap for _r in rows)
        tops = sorted((inside.bottom + height + j * step
                       for j in range(int((inside.top - inside.bottom - height) / step) + 1)),
                      key=lambda t: abs(t - height / 2 - cy)) or [cy + height / 2]  # taller than the area
        for top in tops:
            limit = 0 if exact else best[0] if best is not None else 10 ** 6
            lines_of: list[list[tuple[float, float]]] = [[label], *rows]
            placed: list[Box] = []
            spill = 0
            y = top
            for n, row in enumerate(lines_of):
                h_row = label[1] if n == 0 else row_h
                width = sum(w for w, _h in row) + 2 * gap * (len(row) - 1)
                sliding = _Row(row, y, h_row, gap, margin, inside, avoided, segments, blocked)
                row_best: tuple[int, list[Box]] | None = None
                for dx in shifts:
                    x = cx + dx - width / 2
                    budget = row_best[0] if row_best is not None else limit - spill
                    score = sliding.spill(x, budget)
                    if row_best is None or score < row_best[0]:
                        row_best = (score, sliding.boxes(x))
                    if score == 0:
                        break
                assert row_best is not None
                spill += row_best[0]
                placed += row_best[1]
                y -= h_row + gap
                if spill > limit:
                    break
            if len(placed) < 1 + len(chips):  # given up part way: the rest at the centre
                placed += [(cx - w / 2, cy - h / 2, w, h) for w, h in [label, *chips][len(placed):]]
            if best is None or spill < best[0]:
                best = (spill, placed[0], placed[1:])
            if spill == 0:
                return best[1], best[2], 0
    assert best is not None
    return best[1], best[2], best[0]


def place_loose(polygon: list[Point], avoid: list[list[Point]], centre: Point, label: tuple[float, float],
                chips: list[tuple[float, float]], gap: float = 2.0, step: float = 3.0,
                lines: list[tuple[Point, Point, float]] | None = None, taken: list[Box] | None = None,
                margin: float = 1.0, exact: bool = False) -> tuple[Box, list[Box], int]:
    """Like :func:`place_block`, but each box on its own: the name at the free spot nearest the
    centre, then each chip at the free spot nearest the centre that touches no box placed before
    (spots on a grid of ``step`` pixels). For areas whose shape no block of rows fits (a crescent,
    a narrow band): the chips cluster round the name instead of standing in rows. Returns the
    boxes and how much still spills (0: nothing). ``exact``: as for :func:`place_rows` (given up
    at the first box that spills, its spill then at least 1)."""
    inside = _Shape(polygon)
    avoided = [_Shape(a) for a in avoid]
    segments, blocked = _within(inside, lines, taken)
    placed: list[Box] = []
    cx, cy = centre
    spill = 0
    for w, h in [label, *chips]:
        up, order = _nearest_spots((inside.left, inside.right, inside.bottom, inside.top), step, w, h, centre)
        others = placed + blocked
        best: tuple[int, Box] | None = None
        for spot in order:
            i, j = divmod(spot, up)
            x, y = inside.left + i * step, inside.bottom + j * step
            box = (x, y, w, h)
            clash = sum(50 for tx, ty, tw, th in others
                        if x - gap < tx + tw and tx < x + w + gap and y - gap < ty + th and ty < y + h + gap)
            if best is not None and clash >= best[0]:
                continue
            score = clash + _spill((x - margin, y - margin, w + 2 * margin, h + 2 * margin), inside, avoided,
                                   segments, best[0] - clash if best is not None else 10 ** 6)
            if best is None or score < best[0]:
                best = (score, box)
            if score == 0:
                break
        if best is None:  # wider or taller than the area: at the centre
            best = (9, (cx - w / 2, cy - h / 2, w, h))
        spill += best[0]
        placed.append(best[1])
        if exact and spill:
            placed += [(cx - w / 2, cy - h / 2, w, h) for w, h in [label, *chips][len(placed):]]
            return placed[0], placed[1:], spill
    return placed[0], placed[1:], spill


@lru_cache(maxsize=64)
def _nearest_spots(bounds: tuple[float, float, float, float], step: float, w: float, h: float,
                   centre: Point) -> tuple[int, array[int]]:
    """The spots on a grid of ``step`` pixels where a ``w`` by ``h`` box stands within ``bounds`` (left,
    right, bottom, top), nearest ``centre`` first (:func:`place_loose`): how many the grid has up, and
    each spot's number (``i`` across times that, plus ``j`` up). Kept: an area's search asks for the
    same ones for each chip of a size and at each attempt (its number, its chips at each scale), and
    listing and sorting some hundreds of spots each time was nearly half of place_loose's time; kept
    as numbers, some kB each, where the spots themselves were a hundred bytes a spot."""
    left, right, bottom, top = bounds
    cx, cy = centre
    across, up = int((right - left - w) / step) + 1, int((top - bottom - h) / step) + 1
    spots = [(left + i * step, bottom + j * step) for i in range(across) for j in range(up)]
    order = sorted(range(len(spots)), key=lambda k: (spots[k][0] + w / 2 - cx) ** 2 + (spots[k][1] + h / 2 - cy) ** 2)
    return max(up, 0), array("I", order)


def ring_around(chip: Box, polygon: list[Point], avoid: list[list[Point]], outset: float = 3.0,
                lines: list[tuple[Point, Point, float]] | None = None, seen: float = 2.0) -> tuple[Box, Box]:
    """The highlight ring round a chip that answers the question, and the chip's background, both
    inside the area like the chip: the ring stands ``outset`` pixels round the chip on each side
    where the outline (or the Isle of Gods, or the river's ``lines``) leaves room; on a side with
    less room it stands off less, and the chip's background gives way on that side instead, so
    that ``seen`` pixels of ring still show there. Returns the ring's box and the background's."""
    inside = _Shape(polygon)
    avoided = [_Shape(a) for a in avoid]
    segments, _taken = _within(inside, lines, None)
    x, y, w, h = chip

    def ring(left: float, bottom: float, right: float, top: float) -> Box:
        return (x - left, y - bottom, w + left + right, h + bottom + top)

    def fits(box: Box) -> bool:
        return _spill(box, inside, avoided, segments, 0) == 0

    steps = [outset * k / 6 for k in range(6, -1, -1)]  # 3, 2.5, … 0 px
    if fits(ring(outset, outset, outset, outset)):
        sides = [outset] * 4
    else:  # each side as far out as it goes alone, then all drawn in together until the whole fits
        sides = []
        for side in range(4):
            alone = [0.0] * 4
            for step in steps:
                alone[side] = step
                if fits(ring(*alone)):
                    break
            else:
                alone[side] = 0.0
            sides.append(alone[side])
        drawn_in = [0.0] * 4
        for cap in steps[::-1]:
            trial = [min(o, cap) for o in sides]
            if fits(ring(*trial)):
                drawn_in = trial
        sides = drawn_in
    inset = [max(0.0, seen - o) for o in sides]
    background = (x + inset[0], y + inset[1], w - inset[0] - inset[2], h - inset[1] - inset[3])
    return ring(*sides), background


def _within(inside: "_Shape", lines: list[tuple[Point, Point, float]] | None,
            taken: list[Box] | None) -> tuple[list["Segment"], list[Box]]:
    """The river's segments and the boxes other areas took that reach the area's bounding box
    ``inside``: only those can cross a box placed in it (the rest are never looked at again)."""
    segments = [(a, b, half, min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1]))
                for a, b, half in lines or ()
                if max(a[0], b[0]) + half >= inside.left and min(a[0], b[0]) - half <= inside.right
                and max(a[1], b[1]) + half >= inside.bottom and min(a[1], b[1]) - half <= inside.top]
    blocked = [t for t in taken or () if t[0] <= inside.right and t[0] + t[2] >= inside.left
               and t[1] <= inside.top and t[1] + t[3] >= inside.bottom]
    return segments, blocked


class _Shape:
    """A polygon with its bounding box and, per height tried, where its outline crosses that
    horizontal line: :func:`place_block` tests thousands of points on a few dozen heights (the rows of
    the boxes it tries), so a point test becomes a box test and a binary search in the crossings of
    its row. The answers are the ray cast's, computed with the same arithmetic
    (:func:`point_in_polygon`): inside when an odd number of crossings lie right of the point."""

    __slots__ = ("polygon", "left", "right", "bottom", "top", "edges", "rows")

    def __init__(self, polygon: list[Point]) -> None:
        self.polygon = polygon
        self.left = min((p[0] for p in polygon), default=0.0)
        self.right = max((p[0] for p in polygon), default=0.0)
        self.bottom = min((p[1] for p in polygon), default=0.0)
        self.top = max((p[1] for p in polygon), default=0.0)
        n = len(polygon)
        self.edges = [(polygon[i], polygon[(i + 1) % n]) for i in range(n)]
        self.rows: dict[float, list[float]] = {}

    def crossings(self, y: float) -> list[float]:
        """Where the outline crosses the horizontal line at ``y``, sorted (cached per ``y``)."""
        found = self.rows.get(y)
        if found is None:
            found = sorted(x1 + (y - y1) * (x2 - x1) / (y2 - y1)
                           for (x1, y1), (x2, y2) in self.edges if (y1 > y) != (y2 > y))
            self.rows[y] = found
        return found

    def contains(self, point: Point) -> bool:
        x, y = point
        if x < self.left or x > self.right or y < self.bottom or y > self.top:
            return False
        crossings = self.crossings(y)
        return (len(crossings) - bisect_right(crossings, x)) % 2 == 1


Segment = tuple[Point, Point, float, float, float, float, float]
"""A line segment (ends a and b, half its drawn width) with its bounding box: left, right, bottom, top."""


def _spill(box: Box, polygon: _Shape, avoid: list[_Shape], segments: list[Segment], budget: int = 10 ** 6) -> int:
    """How many of a box's corners, edge midpoints and centre lie outside the polygon or inside one to
    avoid, plus 3 for each line crossing it. Stops counting once past ``budget`` (the caller only
    needs to know the box is worse than one it has). The innermost loop of :func:`place_block`:
    written out by hand (rows and columns unrolled, the polygon's fields read once)."""
    x, y, w, h = box
    xs = (x, x + 0.5 * w, x + 1.0 * w)
    left, right, bottom, top = polygon.left, polygon.right, polygon.bottom, polygon.top
    rows = polygon.rows
    spill = 0
    for py in (y, y + 0.5 * h, y + 1.0 * h):  # row by row: the polygon's crossings looked up once per row
        if spill > budget:
            return spill  # worse than the caller can use already
        if py < bottom or py > top:
            spill += 3
            continue
        crossings = rows.get(py)
        if crossings is None:
            crossings = polygon.crossings(py)
        count = len(crossings)
        for px in xs:
            if px < left or px > right or (count - bisect_right(crossings, px)) % 2 == 0:
                spill += 1
            elif avoid:
                for shape in avoid:
                    if shape.contains((px, py)):
                        spill += 1
                        break
    if spill > budget:
        return spill
    # Nine points inside do not make the box inside: a corner of a concave outline (or of the Isle
    # of Gods) can still poke into it between them. With every corner inside and no vertex of the
    # outline or of an avoided polygon within the box, the whole box is inside.
    right_x, top_y = x + w, y + h
    if x < right and right_x > left and y < top and top_y > bottom:
        for vx, vy in polygon.polygon:
            if x < vx < right_x and y < vy < top_y:
                spill += 1
    for shape in avoid:
        if x < shape.right and right_x > shape.left and y < shape.top and top_y > shape.bottom:
            for vx, vy in shape.polygon:
                if x < vx < right_x and y < vy < top_y:
                    spill += 1
    for a, b, half, left_ab, right_ab, bottom_ab, top_ab in segments:
        box_left, box_bottom = x - half, y - half
        if right_ab < box_left or left_ab > box_left + (w + 2 * half) or top_ab < box_bottom \
                or bottom_ab > box_bottom + (h + 2 * half):
            continue  # the test _crosses starts with, on the segment's box computed once: most miss
        if _crosses((box_left, box_bottom, w + 2 * half, h + 2 * half), a, b):
            spill += 3
    return spill


class _Row:
    """A row of boxes (each width, height) whose top is at ``top``, to be tried at many places sideways
    (:func:`place_rows`; :func:`place_block`'s name and rows of chips at each height): how much it
    spills at each, as :func:`_spill` counts it for each box (grown by ``margin``) plus 6 for each box
    ``blocked`` that one overlaps, stopping where the row is past its budget. What depends on the
    height alone (where the outlines cross the box's three heights, the boxes taken that reach them;
    for a box whose nine points are inside, the outlines' corners and the river's segments there) is
    found once for the row, not at each of its places: the same counts from the same arithmetic, in
    two thirds of the time (place_rows' calls for the maps of the bench's 2,000-entry game, issue 16)."""

    __slots__ = ("sizes", "top", "h_row", "gap", "margin", "inside", "avoided", "segments", "boxes_at", "edges")

    def __init__(self, sizes: list[tuple[float, float]], top: float, h_row: float, gap: float, margin: float,
                 inside: _Shape, avoided: list[_Shape], segments: list[Segment], blocked: list[Box]) -> None:
        self.sizes, self.top, self.h_row, self.gap, self.margin = sizes, top, h_row, gap, margin
        self.inside, self.avoided, self.segments = inside, avoided, segments
        self.boxes_at: list[tuple[float, float, float, float, list[Any], list[tuple[float, float]]]] = []
        self.edges: list[Any] = [None] * len(sizes)
        for w, h in sizes:
            by = top - h_row + (h_row - h) / 2
            y, bh = by - margin, h + 2 * margin  # the box grown by the margin, as _spill is given it
            levels: list[Any] = []
            for py in (y, y + 0.5 * bh, y + 1.0 * bh):
                if py < inside.bottom or py > inside.top:
                    levels.append(None)
                else:
                    levels.append((inside.crossings(py), [(shape.left, shape.right, shape.crossings(py))
                                                          for shape in avoided if shape.bottom <= py <= shape.top]))
            reaching = [(tx, tw) for tx, ty, tw, th in blocked if by < ty + th and ty < by + h]
            self.boxes_at.append((w, w + 2 * gap, by, h, levels, reaching))

    def _edges(self, index: int) -> tuple[list[float], list[tuple[_Shape, list[float]]], list[Any]]:
        """For box ``index`` (its nine points inside): the x of the outline's corners and of each avoided
        outline's corners within its heights, and the river's segments that reach its heights (with the
        box's bottom and height grown by each one's half-width)."""
        found = self.edges[index]
        if found is None:
            _w, _step, by, h, _levels, _reaching = self.boxes_at[index]
            margin, inside = self.margin, self.inside
            y, bh = by - margin, h + 2 * margin
            top_y = y + bh
            corners = ([vx for vx, vy in inside.polygon if y < vy < top_y]
                       if y < inside.top and top_y > inside.bottom else [])
            avoid_corners = [(shape, [vx for vx, vy in shape.polygon if y < vy < top_y]) for shape in self.avoided
                             if y < shape.top and top_y > shape.bottom]
            crossing = [(a, b, half, left_ab, right_ab, y - half, bh + 2 * half)
                        for a, b, half, left_ab, right_ab, bottom_ab, top_ab in self.segments
                        if not (top_ab < y - half or bottom_ab > y - half + (bh + 2 * half))]
            found = self.edges[index] = (corners, avoid_corners, crossing)
        return found  # type: ignore[no-any-return]

    def boxes(self, x: float) -> list[Box]:
        """The row's boxes with the first at ``x``, as :func:`place_rows` places them."""
        boxes: list[Box] = []
        top, h_row = self.top, self.h_row
        for w, h in self.sizes:
            boxes.append((x, top - h_row + (h_row - h) / 2, w, h))
            x += w + 2 * self.gap
        return boxes

    def spill(self, x: float, budget: int) -> int:
        """How much the row spills with its first box at ``x``: once past ``budget``, some count past it."""
        inside, margin = self.inside, self.margin
        left, right = inside.left, inside.right
        spill = 0
        for index, (w, step, _by, _h, levels, reaching) in enumerate(self.boxes_at):
            # _spill of the box grown by the margin, with what is left of the budget
            room = budget - spill
            bx, bw = x - margin, w + 2 * margin
            xs = (bx, bx + 0.5 * bw, bx + 1.0 * bw)
            own = 0
            for level in levels:
                if own > room:
                    break
                if level is None:
                    own += 3
                    continue
                crossings, around = level
                count = len(crossings)
                for px in xs:
                    if px < left or px > right or (count - bisect_right(crossings, px)) % 2 == 0:
                        own += 1
                    else:
                        for shape_left, shape_right, found in around:
                            if shape_left <= px <= shape_right and (len(found) - bisect_right(found, px)) % 2 == 1:
                                own += 1
                                break
            else:
                if own <= room:
                    corners, avoid_corners, crossing = self._edges(index)
                    right_x = bx + bw
                    if bx < right and right_x > left:
                        for vx in corners:
                            if bx < vx < right_x:
                                own += 1
                    for shape, vxs in avoid_corners:
                        if bx < shape.right and right_x > shape.left:
                            for vx in vxs:
                                if bx < vx < right_x:
                                    own += 1
                    for a, b, half, left_ab, right_ab, box_bottom, tall in crossing:
                        box_left = bx - half
                        if right_ab < box_left or left_ab > box_left + (bw + 2 * half):
                            continue
                        if _crosses((box_left, box_bottom, bw + 2 * half, tall), a, b):
                            own += 3
            spill += own
            for tx, tw in reaching:  # overlapping another area's box (the box itself, not grown)
                if x < tx + tw and tx < x + w:
                    spill += 6
            if spill > budget:
                break
            x += step
        return spill


def _crosses(box: Box, a: Point, b: Point) -> bool:
    """Whether the segment a–b passes through the box (Liang–Barsky clipping)."""
    x, y, w, h = box
    (ax, ay), (bx, by) = a, b
    if max(ax, bx) < x or min(ax, bx) > x + w or max(ay, by) < y or min(ay, by) > y + h:
        return False
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - x), (dx, x + w - ax), (-dy, ay - y), (dy, y + h - ay)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True
