"""Colours and symbols the screens share. Every symbol here is in the bundled DejaVu Sans
(checked by a test), since Kivy draws a box for a character its font lacks."""
from __future__ import annotations

PLAYER_RGB: dict[str, tuple[float, float, float]] = {
    "red": (0.86, 0.20, 0.18),
    "yellow": (0.96, 0.78, 0.10),
    "green": (0.18, 0.62, 0.28),
    "blue": (0.22, 0.42, 0.90),
    # Ankh-Morpoly seats five to eight (Monopoly's limit, R7); the first game stops at blue. Mid-light
    # hues, so a mark reads on the paper, the ring's cells and the Journal's dark rows alike
    "orange": (0.95, 0.52, 0.08),
    "purple": (0.58, 0.32, 0.86),
    "cyan": (0.08, 0.72, 0.80),
    "pink": (0.93, 0.40, 0.72),
}
SEATS: tuple[str, ...] = tuple(PLAYER_RGB)
"""Every seat the app can draw, in seating order: the first game's four (``companion.morpork.board.COLORS``)
and Ankh-Morpoly's four more."""
NEUTRAL_RGB: dict[str, tuple[float, float, float]] = {
    "troll": (0.55, 0.50, 0.45),
    "demon": (0.55, 0.15, 0.60),
}

# A shape per colour, so no two players differ only by hue (colour-blind players, dim rooms): used on
# the map and beside every player's name.
SHAPE: dict[str, str] = {"red": "●", "yellow": "▲", "green": "■", "blue": "◆",
                         "orange": "▼", "purple": "⬟", "cyan": "✚", "pink": "♣"}
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
INK_RGB = (0.10, 0.08, 0.05)
"""Text and outlines drawn on the map's land colours."""
TOKEN_RGB = (1.0, 0.99, 0.95)
"""The chip behind a piece count on the map: the shapes and digits stand on it, not on the land."""

# An option offered but not allowed now: a light flat button with dark text, so its reason reads
# (WCAG contrast >= 4.5:1, checked by a test), unlike the dark buttons of the legal options.
UNAVAILABLE_BG_RGB = (0.80, 0.78, 0.74)
REASON_TEXT_RGB = (0.20, 0.18, 0.16)


def hex_color(rgb: tuple[float, float, float]) -> str:
    """``rrggbb`` for Kivy label markup."""
    return "".join(f"{round(c * 255):02x}" for c in rgb)


def piece_mark(color: str, colorblind: bool = True) -> str:
    """How a player's pieces are marked: always the colour's own shape (drawn in the colour), so a
    player who cannot tell red from green still tells ● from ■. ``colorblind`` is kept for callers
    that pass the setting; it no longer changes the mark."""
    return SHAPE[color]


def relative_luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG 2.x relative luminance of an sRGB colour with channels in 0..1."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG contrast ratio (1..21) between two colours; 4.5 is the minimum for body text."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
