"""A row of chips slid sideways by :func:`ui.maplayout.place_rows` is counted once per height
(:class:`ui.maplayout._Row`): at every place and budget the count is the one its boxes give one by
one (:func:`ui.maplayout._spill` of each box grown by the margin, with what is left of the budget, and
6 for each box taken by another area that it overlaps, stopping once past the budget), and its boxes
are the ones ``place_rows`` placed there. The arrangement the map keeps when nothing fits depends on
those counts, stopped where they stop, so they must be the same to the unit."""
from __future__ import annotations

import random

import pytest

from ui.maplayout import Box, _Row, _Shape, _spill, _within, load_layout


def _by_box(boxes: list[Box], margin: float, inside: _Shape, avoided: list[_Shape], segments: list, blocked: list[Box],
            budget: int) -> int:
    """The row's count box by box, as place_rows counted it before rows were counted once per height."""
    spill = 0
    for bx, by, bw, bh in boxes:
        spill += _spill((bx - margin, by - margin, bw + 2 * margin, bh + 2 * margin), inside, avoided, segments,
                        budget - spill)
        spill += sum(6 for tx, ty, tw, th in blocked if bx < tx + tw and tx < bx + bw and by < ty + th and ty < by + bh)
        if spill > budget:
            break
    return spill


@pytest.mark.parametrize("seed", range(6))
def test_a_row_counts_at_every_place_what_its_boxes_count_one_by_one(seed: int) -> None:
    rng = random.Random(seed)
    fitted = load_layout().fit(2, 2, rng.choice([356.0, 756.0]), rng.choice([254.0, 416.0]))
    river = [(a, b, max(2.0, fitted.width * 0.012) / 2 + 1)
             for points in fitted.layout.river.values()
             for a, b in zip([fitted.to_px(p) for p in points], [fitted.to_px(p) for p in points][1:])]
    areas = sorted(fitted.layout.polygons)
    checked = 0
    for _trial in range(40):
        area = rng.choice(areas)
        polygon = fitted.polygon_px(area)
        inside = _Shape(polygon)
        avoided = [_Shape(fitted.polygon_px("isle-of-gods"))] if area != "isle-of-gods" else []
        taken = [(rng.uniform(inside.left - 20, inside.right), rng.uniform(inside.bottom - 20, inside.top),
                  rng.uniform(5, 30), rng.uniform(8, 20)) for _ in range(rng.randrange(0, 6))]
        segments, blocked = _within(inside, river, taken)
        sizes = [(rng.choice([7.0, 15.0, 16.0, 17.0, 21.0, 60.0]), rng.choice([12.0, 15.0, 18.0, 24.0]))
                 for _ in range(rng.randrange(1, 6))]
        h_row = max(h for _w, h in sizes)
        gap, margin = rng.choice([(2.0, 1.0), (1.0, 0.0)])
        top = rng.uniform(inside.bottom, inside.top + h_row)
        row = _Row(sizes, top, h_row, gap, margin, inside, avoided, segments, blocked)
        for _place in range(25):
            x = rng.uniform(inside.left - 30, inside.right)
            boxes: list[Box] = []
            at = x
            for w, h in sizes:
                boxes.append((at, top - h_row + (h_row - h) / 2, w, h))
                at += w + 2 * gap
            assert row.boxes(x) == boxes
            for budget in (-1, 0, 1, 3, 7, 10 ** 6):
                expected = _by_box(boxes, margin, inside, avoided, segments, blocked, budget)
                assert row.spill(x, budget) == expected, (area, sizes, x, top, budget)
                checked += expected > 0
    assert checked > 100  # rows that spill, not only rows that fit


@pytest.mark.parametrize(("bounds", "w", "h"), [((10.0, 95.5, 20.0, 71.25), 7.0, 12.0), ((0.5, 40.0, 3.0, 30.0), 17.0, 15.0),
                                                ((10.0, 20.0, 10.0, 20.0), 30.0, 12.0)])
def test_place_loose_tries_the_spots_nearest_the_centre_first(bounds: tuple[float, float, float, float], w: float,
                                                             h: float) -> None:
    """The spots a box is tried at, kept as numbers per size: every spot of the grid where it stands in
    the bounds, nearest the centre first, ties in the grid's order; none for a box wider than them."""
    from ui.maplayout import _nearest_spots
    left, right, bottom, top = bounds
    centre, step = ((left + right) / 2 + 1.3, (bottom + top) / 2 - 0.7), 3.0
    grid = [(left + i * step, bottom + j * step) for i in range(int((right - left - w) / step) + 1)
            for j in range(int((top - bottom - h) / step) + 1)]
    expected = sorted(grid, key=lambda p: (p[0] + w / 2 - centre[0]) ** 2 + (p[1] + h / 2 - centre[1]) ** 2)
    up, order = _nearest_spots(bounds, step, w, h, centre)
    found = [(left + divmod(k, up)[0] * step, bottom + divmod(k, up)[1] * step) for k in order]
    assert found == expected and (len(found) > 20 or w > right - left)
