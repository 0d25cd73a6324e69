"""How big one dp is on this window: the layout is drawn for the Raspberry Pi display (800×480).

Every size in the ``.kv`` files and widgets is in ``dp``/``sp``. At Kivy's default density of 1 a
1920×1080 monitor shows the 800×480 layout's 14 px text from across a table — unreadable. So the
density is the factor by which the 800×480 design fits the window (never below 1): 1280×800 → 1.6,
1920×1080 → 2.25. The layout stays the one that was checked at 800×480, only bigger, and touch
targets grow with it. ``KIVY_METRICS_DENSITY`` set by the user still wins.
"""
from __future__ import annotations

import os

DESIGN_SIZE = (800, 480)


def ui_density(width: float, height: float) -> float:
    """The dp→px factor for a window of ``width``×``height`` pixels (≥ 1, rounded to 1/20)."""
    if width <= 0 or height <= 0:
        raise ValueError(f"window size must be positive, got {width!r}x{height!r}")
    factor = min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1])
    return max(1.0, round(factor * 20) / 20)


def apply_window_density() -> float:
    """Set Kivy's ``Metrics.density`` from the open window before any widget is built; returns it."""
    from kivy.core.window import Window
    from kivy.metrics import Metrics
    if os.environ.get("KIVY_METRICS_DENSITY"):
        return float(Metrics.density)
    density = ui_density(*Window.size)
    Metrics.density = density
    return density
