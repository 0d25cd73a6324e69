"""``StackedRows`` lays a list out exactly as Kivy's ``RecycleBoxLayout`` does: every row's position and
size, the list's ``minimum_size`` and the row edges it looks rows up by; and leaves to Kivy a list it
does not lay out itself (a row with a height or position hint)."""
from __future__ import annotations

import random
from typing import Any

import pytest
from kivy.uix.recycleboxlayout import RecycleBoxLayout
from kivy.uix.recycleview import RecycleView

from ui.stacked_rows import StackedRows, is_stacked


def _laid_out(layout_class: type, rows: list[dict[str, Any]], padding: Any, spacing: float) -> Any:
    rv = RecycleView(size=(400, 300), viewclass="Widget")
    layout = layout_class(orientation="vertical", default_size=(None, 56), default_size_hint=(1, None),
                          size_hint_y=None, padding=padding, spacing=spacing)
    layout.bind(minimum_height=layout.setter("height"))
    rv.add_widget(layout)
    rv.data = [dict(row) for row in rows]
    rv.refresh_views()
    return layout


def _rows(seed: int, count: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    rows: list[dict[str, Any]] = []
    for index in range(count):
        row: dict[str, Any] = {"value": str(index)}
        if rng.random() < 0.7:  # a height of its own (the Journal's rows); else the list's default
            row["height"] = float(rng.choice([56, 56, 73, 90, 141, 302]))
        rows.append(row)
    return rows


@pytest.mark.parametrize(("seed", "count", "padding", "spacing"),
                         [(1, 1, 0, 0), (2, 7, [3, 5, 7, 11], 2), (3, 400, 4, 2), (4, 2000, [0, 9, 0, 1], 3.5)])
def test_the_rows_are_where_kivy_puts_them(seed: int, count: int, padding: Any, spacing: float) -> None:
    rows = _rows(seed, count)
    ours, kivys = _laid_out(StackedRows, rows, padding, spacing), _laid_out(RecycleBoxLayout, rows, padding, spacing)
    assert is_stacked(ours.view_opts)
    assert [(tuple(o["pos"]), list(o["size"])) for o in ours.view_opts] == \
        [(tuple(o["pos"]), list(o["size"])) for o in kivys.view_opts]
    assert list(ours.minimum_size) == list(kivys.minimum_size) and ours.height == kivys.height
    assert ours._rv_positions == kivys._rv_positions
    assert ours.compute_visible_views(ours.recycleview.data, (0, 1000, 400, 300)) == \
        kivys.compute_visible_views(kivys.recycleview.data, (0, 1000, 400, 300))


def test_a_row_with_a_height_hint_is_laid_out_by_kivy() -> None:
    rows = _rows(5, 30)
    rows[3]["size_hint_y"] = 0.5
    ours, kivys = _laid_out(StackedRows, rows, 4, 2), _laid_out(RecycleBoxLayout, rows, 4, 2)
    assert not is_stacked(ours.view_opts)
    assert [(tuple(o["pos"]), list(o["size"])) for o in ours.view_opts] == \
        [(tuple(o["pos"]), list(o["size"])) for o in kivys.view_opts]


@pytest.mark.parametrize(("seed", "count", "hinted"), [(6, 1, False), (7, 300, False), (8, 300, True)])
def test_every_row_s_sizing_is_read_from_the_data_as_kivy_reads_it(seed: int, count: int, hinted: bool) -> None:
    """Data given anew: each row's sizing (size, hints, view class, which sizes were left to the
    list) as Kivy's own reading gives it, for rows with only a height (read by the list in one
    look-up a row) and for a list where a row has a width hint (read by Kivy)."""
    rows = _rows(seed, count)
    if hinted:
        rows[count // 2]["size_hint_x"] = 0.5
    ours, kivys = _laid_out(StackedRows, rows, 4, 2), _laid_out(RecycleBoxLayout, rows, 4, 2)
    assert ours.view_opts == kivys.view_opts
    assert all(o["pos_hint"] is ours.default_pos_hint for o in ours.view_opts)  # shared, as Kivy shares it
    assert len({id(o["size_hint"]) for o in ours.view_opts}) == count  # a list of its own per row


def test_a_layout_asked_for_with_nothing_changed_leaves_the_rows_where_they_are() -> None:
    """The list laid out, then asked to lay out again with nothing changed (as setting its height from
    the layout just made asks): the rows in view keep their widgets and data, placed as before; a
    row's height changed in the data is laid out again, every row below it moved as Kivy moves it."""
    rows = _rows(9, 200)
    ours = _laid_out(StackedRows, rows, 4, 2)
    rv = ours.recycleview
    rv.viewclass = "Widget"  # (given to the list before its layout, the list has none)
    rv.refresh_views()
    shown = dict(ours.view_indices)
    assert len(shown) >= 3
    placed = [(tuple(o["pos"]), list(o["size"])) for o in ours.view_opts]
    given: list[int] = []
    adapter = rv.view_adapter
    refresh = adapter.refresh_view_attrs
    adapter.refresh_view_attrs = lambda index, item, view: (given.append(index), refresh(index, item, view))
    rv.refresh_from_layout()
    rv.refresh_views()
    assert ours.view_indices == shown and not given  # the same widgets for the same rows, not given their data again
    assert [(tuple(o["pos"]), list(o["size"])) for o in ours.view_opts] == placed
    rows[0]["height"] = rv.data[0]["height"] = 333.0
    rv.refresh_from_data(modified=slice(0, 1))
    rv.refresh_views()
    kivys = _laid_out(RecycleBoxLayout, rows, 4, 2)
    assert [(tuple(o["pos"]), list(o["size"])) for o in ours.view_opts] == \
        [(tuple(o["pos"]), list(o["size"])) for o in kivys.view_opts]
    assert ours._rv_positions == kivys._rv_positions
