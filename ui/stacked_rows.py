"""A recycled list's layout for rows stacked one above another, each as wide as the list and as tall as
its data says: Kivy's ``RecycleBoxLayout`` with the same layout computed in one plain loop.

Kivy lays out every row of a recycled list again whenever the list's data, its size or a row in view
changes, through ``BoxLayout``'s general generator (size hints, their bounds, position hints, for either
orientation): the Journal of a 2,000-step game was laid out seven times as it opened, two thirds of
its first frame. A list whose rows have no height hint and no position hint (the Journal's: its rows'
heights are in its data) is laid out here to the same positions and sizes, summed in one loop; any
other is laid out by Kivy's own code."""
from __future__ import annotations

from typing import Any

from kivy.uix.recycleboxlayout import RecycleBoxLayout
from kivy.uix.recyclelayout import RecycleLayout


def is_stacked(view_opts: list[dict[str, Any]]) -> bool:
    """Whether every row is placed by its own height alone: no height hint (a row's share of the
    list's height) and no position hint."""
    return all(opt["size_hint"][1] is None and not opt["pos_hint"] for opt in view_opts)


class StackedRows(RecycleBoxLayout):
    """``RecycleBoxLayout`` whose vertical layout of rows without height or position hints is summed
    in one loop (:func:`is_stacked`); the positions, sizes and ``minimum_size`` are those Kivy's
    ``BoxLayout._iterate_layout`` gives (``tests/ui/test_stacked_rows.py`` compares the two)."""

    def compute_layout(self, data: Any, flags: Any) -> None:
        view_opts = self.view_opts
        if self.orientation != "vertical" or not data or not is_stacked(view_opts):
            super().compute_layout(data, flags)
            return
        RecycleLayout.compute_layout(self, data, flags)  # which rows in view changed size (Kivy's base)
        changed = self._changed_views
        if changed is None or changed and not self._update_sizes(changed):
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
