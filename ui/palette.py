"""Colours and symbols the screens share. Every symbol here is in the bundled DejaVu Sans
(checked by a test), since Kivy draws a box for a character its font lacks."""
from __future__ import annotations

PLAYER_RGB: dict[str, tuple[float, float, float]] = {
    "red": (0.86, 0.20, 0.18),
    "yellow": (0.96, 0.78, 0.10),
    "green": (0.18, 0.62, 0.28),
    "blue": (0.22, 0.42, 0.90),
}
NEUTRAL_RGB: dict[str, tuple[float, float, float]] = {
    "troll": (0.55, 0.50, 0.45),
    "demon": (0.55, 0.15, 0.60),
}

# Colour-blind mode: a shape per colour, so no two players differ only by hue.
SHAPE: dict[str, str] = {"red": "●", "yellow": "▲", "green": "■", "blue": "◆"}
PIECE_MARK = "●"
TROLL_MARK = "♜"
DEMON_MARK = "☠"
BUILDING_MARK = "⌂"
TROUBLE_MARK = "⚠"

# The symbols on a player card (catalog codes) and how the checklist shows them.
SYMBOL_MARK: dict[str, str] = {
    "M": "♟", "B": "⌂", "A": "†", "T": "⊘", "$": "$", "S": "✉", "E": "⚡", "P": "↻", "I": "☇",
}
STEP_MARK: dict[str, str] = {"done": "✓", "now": "▶", "to-come": "○", "skipped": "✕"}
"""The step statuses of ``companion.core.mode.Step``."""

# Area fill by building cost: cheap areas pale, dear ones deeper, so the map reads like the board.
AREA_FILL: dict[int, tuple[float, float, float]] = {
    6: (0.93, 0.89, 0.78),
    12: (0.86, 0.82, 0.68),
    18: (0.78, 0.73, 0.58),
}
RIVER_RGB = (0.30, 0.52, 0.78)
BRIDGE_RGB = (0.45, 0.33, 0.22)
HIGHLIGHT_RGB = (1.0, 0.55, 0.0)
EVENT_RGB = (0.85, 0.05, 0.05)


def hex_color(rgb: tuple[float, float, float]) -> str:
    """``rrggbb`` for Kivy label markup."""
    return "".join(f"{round(c * 255):02x}" for c in rgb)


def piece_mark(color: str, colorblind: bool) -> str:
    """How a player's pieces are marked: a coloured disc, or in colour-blind mode the colour's shape."""
    return SHAPE[color] if colorblind else PIECE_MARK
