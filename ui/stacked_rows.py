"""A recycled list's layout for rows stacked one above another, each as wide as the list and as tall as
its data says: Kivy's ``RecycleBoxLayout`` with the same layout computed in one plain loop.

Kivy lays out every row of a recycled list again whenever the list's data, its size or a row in view
changes, through ``BoxLayout``'s general generator (size hints, their bounds, position hints, for either
orientation): the Journal of a 2,000-step game was laid out seven times as it opened, two thirds of
its first frame. A list whose rows have no height hint and no position hint (the Journal's: its rows'
heights are in its data) is laid out here to the same positions and sizes, summed in one loop; any
other is laid out by Kivy's own code.

Two more of Kivy's steps cost a long list as much again: reading every row's sizing from the data (a
dozen look-ups a row, at 2,000 rows each time the data is given anew) is done here for rows that carry
no sizing but a height; and a layout asked for when nothing it depends on changed (the list's height
set from the layout just made, which asks for another) is skipped, where Kivy laid every row out again
and gave every row in view its data anew."""
from __future__ import annotations

from typing import Any

from kivy.uix.recycleboxlayout import RecycleBoxLayout
from kivy.uix.recyclelayout import RecycleLayout


def is_stacked(view_opts: list[dict[str, Any]]) -> bool:
    """Whether every row is placed by its own height alone: no height hint (a row's share of the
    list's height) and no position hint."""
    return all(opt["size_hint"][1] is None and not opt["pos_hint"] for opt in view_opts)


SIZING = frozenset({"size", "width", "size_hint", "size_hint_x", "size_hint_y", "size_hint_min",
                    "size_hint_min_x", "size_hint_min_y", "size_hint_max", "size_hint_max_x", "size_hint_max_y",
                    "pos_hint"})
"""The keys of a row's data that Kivy reads its sizing from, besides ``height``."""


class StackedRows(RecycleBoxLayout):
    """``RecycleBoxLayout`` whose vertical layout of rows without height or position hints is summed
    in one loop (:func:`is_stacked`); the positions, sizes and ``minimum_size`` are those Kivy's
    ``BoxLayout._iterate_layout`` gives (``tests/ui/test_stacked_rows.py`` compares the two)."""

    _placed_at: tuple[Any, ...] | None = None
    """What the last layout summed in one loop was made for (the list's place and size, padding,
    spacing, rows); None once the rows' sizes may have changed."""

    def compute_sizes_from_data(self, data: Any, flags: Any) -> None:
        """Each row's sizing from the data, as Kivy's ``RecycleLayout.compute_sizes_from_data`` reads it:
        for data given anew whose rows carry no sizing but a height (no ``key_…`` names set), read
        here in one look-up a row."""
        self._placed_at = None
        plain = (any(not flag for flag in flags) and self.key_size is None and self.key_size_hint is None
                 and self.key_size_hint_min is None and self.key_size_hint_max is None
                 and self.key_pos_hint is None and self.key_viewclass is None
                 and all(SIZING.isdisjoint(item) for item in data))
        if not plain:
            super().compute_sizes_from_data(data, flags)
            return
        self.clear_layout()
        pos_hint, viewclass = self.default_pos_hint, self.viewclass
        (hint_w, hint_h), (least_w, least_h) = self.default_size_hint, self.default_size_hint_min
        most_w, most_h = self.default_size_hint_max
        width, default_h = self.default_size
        initial_w, initial_h = self.initial_size
        opts: list[dict[str, Any]] = []
        self.view_opts = opts
        for item in data:
            height = item.get("height", default_h)
            opts.append({"size": [initial_w if width is None else width, initial_h if height is None else height],
                         "size_hint": [hint_w, hint_h], "size_hint_min": [least_w, least_h],
                         "size_hint_max": [most_w, most_h], "pos": None, "pos_hint": pos_hint,
                         "viewclass": viewclass, "width_none": width is None, "height_none": height is None})

    def compute_layout(self, data: Any, flags: Any) -> None:
        view_opts = self.view_opts
        if self.orientation != "vertical" or not data or not is_stacked(view_opts):
            self._placed_at = None
            super().compute_layout(data, flags)
            return
        hints = [(index, view_opts[index]["size_hint"]) for index in self.view_indices.values()]
        RecycleLayout.compute_layout(self, data, flags)  # which rows in view changed size (Kivy's base)
        changed = self._changed_views
        if changed is None or changed and not self._update_sizes(changed):
            self._placed_at = None  # (nothing to lay out, or Kivy moved the rows in view that changed in place)
            return
        # Kivy's base gives a row in view that changed size a new size hint list: none did, and the
        # layout was made for the same place, size and rows, so every row stands where it is
        placed_at = (self.x, self.y, self.width, self.height, tuple(self.padding), self.spacing, len(view_opts))
        if not changed and placed_at == self._placed_at and all(view_opts[i]["size_hint"] is hint
                                                                for i, hint in hints):
            return
        self.clear_layout()
        self._rv_positions = None
        left, top, right, bottom = self.padding
        spacing = self.spacing
        widest = 0.0  # BoxLayout's minimum width: the widest row without a width hint, or its least hinted width
        for opt in view_opts:
            hint_w, least_w = opt["size_hint"][0], opt["size_hint_min"][0]
            if hint_w is None:
                widest = max(widest, opt["size"][0])
            elif least_w:
                widest = max(widest, least_w)
        tall = sum(opt["size"][1] for opt in view_opts) + spacing * (len(view_opts) - 1)
        self.minimum_size = widest + left + right, tall + top + bottom  # before the places, as BoxLayout
        inner = self.width - left - right
        x, y = self.x + left, self.y + bottom
        for opt in reversed(view_opts):  # from the bottom row up, as BoxLayout places them
            (w, h), hint_w = opt["size"], opt["size_hint"][0]
            if hint_w:
                w = max(0, hint_w * inner)
            opt["pos"] = x, y
            opt["size"] = [w, h]
            y += h + spacing
        # each row's top edge from the list's top down, as RecycleBoxLayout keeps them for lookups
        n = len(view_opts)
        positions = self._rv_positions = [0.0] * n
        last = positions[-1] = self.y + self.height - top - view_opts[0]["size"][1] - spacing / 2.0
        for i in range(1, n):
            last -= spacing + view_opts[i]["size"][1]
            positions[n - 1 - i] = last
        self._placed_at = (self.x, self.y, self.width, self.height, tuple(self.padding), self.spacing, n)
