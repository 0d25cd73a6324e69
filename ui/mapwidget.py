"""The schematic map of the twelve areas, drawn from ``map-layout.json``, with pieces as counts per
colour. A tap inside an area fires ``on_area_tap(area_id)`` when the finger lifts; a long press
fires ``on_area_long_press(area_id)`` instead (by default: the area's rule from the rulebook); a tap on
the river, a border or the margin fires nothing, so a stray touch never cancels a step.

The widget only draws what it is told: ``state`` (the public table), ``options`` (areas that are a
legal answer now, outlined), ``unavailable`` (areas offered but not legal, dimmed) and ``focus`` (an
event's area). It never decides legality itself.
"""
from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Line, Mesh, Rectangle
from kivy.properties import BooleanProperty, DictProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.morpork.board import AREA_BY_ID, AREA_IDS
from ui.maplayout import Fitted, MapLayout, load_layout, triangulate
from ui.palette import (
    AREA_FILL,
    BRIDGE_RGB,
    BUILDING_MARK,
    DEMON_MARK,
    EVENT_RGB,
    HIGHLIGHT_RGB,
    NEUTRAL_RGB,
    PLAYER_RGB,
    RIVER_RGB,
    TROLL_MARK,
    TROUBLE_MARK,
    hex_color,
    piece_mark,
)


class MapWidget(Widget):
    """Draws the board; see the module docstring."""

    state = ObjectProperty(None, allownone=True)
    options = ListProperty([])
    unavailable = DictProperty({})
    focus = StringProperty("", allownone=True)
    language = StringProperty("en")
    colorblind = BooleanProperty(False)
    font_name = StringProperty("Roboto")

    __events__ = ("on_area_tap", "on_area_long_press")

    def __init__(self, **kwargs: Any) -> None:
        self.layout: MapLayout = load_layout()
        self.fitted: Fitted | None = None
        self.drawn_polygons: dict[str, list[tuple[float, float]]] = {}
        self.labels: dict[str, Label] = {}
        super().__init__(**kwargs)
        self._trigger = self._redraw_trigger()
        for name in ("pos", "size", "state", "options", "unavailable", "focus", "language", "colorblind"):
            self.fbind(name, self._trigger)
        self._trigger()

    def _redraw_trigger(self) -> Any:
        from kivy.clock import Clock
        return Clock.create_trigger(lambda _dt: self.redraw(), -1)

    # -- drawing ---------------------------------------------------------------------------------
    def redraw(self) -> None:
        fitted = self.layout.fit(self.x + 2, self.y + 2, self.width - 4, self.height - 4)
        self.fitted = fitted
        self.canvas.clear()
        for label in self.labels.values():
            self.remove_widget(label)
        self.labels.clear()
        self.drawn_polygons = {a: fitted.polygon_px(a) for a in AREA_IDS}
        order = [a for a in AREA_IDS if a != "isle-of-gods"]
        with self.canvas:
            for area_id in order:
                self._draw_area(area_id)
            for area_id in order:
                self._draw_outline(area_id, plain=True)
            Color(*RIVER_RGB)
            for points in self.layout.river.values():
                flat = [c for p in points for c in fitted.to_px(p)]
                Line(points=flat, width=max(2.0, fitted.width * 0.012))
            self._draw_area("isle-of-gods")
            self._draw_outline("isle-of-gods", plain=True)
            Color(*BRIDGE_RGB)
            side = max(6.0, fitted.width * 0.025)
            for point in self.layout.bridges.values():
                px, py = fitted.to_px(point)
                Rectangle(pos=(px - side / 2, py - side / 4), size=(side, side / 2))
            for area_id in AREA_IDS:
                self._draw_outline(area_id, plain=False)
        for area_id in AREA_IDS:
            self._add_label(area_id, fitted)

    def _draw_area(self, area_id: str) -> None:
        points = self.drawn_polygons[area_id]
        fill = AREA_FILL[AREA_BY_ID[area_id].cost]
        if area_id in self.unavailable:
            fill = tuple(c * 0.7 for c in fill)  # type: ignore[assignment]
        Color(*fill)
        vertices: list[float] = []
        for x, y in points:
            vertices += [x, y, 0.0, 0.0]
        Mesh(vertices=vertices, indices=triangulate(points), mode="triangles")

    def _draw_outline(self, area_id: str, plain: bool) -> None:
        """Plain borders go under the river; the highlights (legal choice, event area) on top."""
        flat = [c for p in self.drawn_polygons[area_id] for c in p]
        if plain:
            Color(0.35, 0.28, 0.2)
            Line(points=flat, close=True, width=1.0)
        elif area_id == self.focus:
            Color(*EVENT_RGB)
            Line(points=flat, close=True, width=3.5)
        elif area_id in self.options:
            Color(*HIGHLIGHT_RGB)
            Line(points=flat, close=True, width=3.0)

    def _add_label(self, area_id: str, fitted: Fitted) -> None:
        cx, cy = fitted.to_px(self.layout.centres[area_id])
        info = AREA_BY_ID[area_id]
        name = info.name(self.language)
        size = max(9.0, fitted.height * 0.024)
        lines = [f"[b]{info.number}[/b] {name}"]
        lines.append(self.contents_markup(area_id))
        label = Label(text="\n".join(line for line in lines if line), markup=True, halign="center",
                      font_size=size, color=(0.1, 0.08, 0.05, 1), font_name=self.font_name,
                      size_hint=(None, None))
        label.texture_update()
        label.size = label.texture_size
        label.center = (cx, cy)
        self.labels[area_id] = label
        self.add_widget(label)

    def contents_markup(self, area_id: str) -> str:
        """What stands in an area as one line of counts: ``●2 ●1 ⌂ ⚠ ♜1 ☠1``."""
        state = self.state
        if state is None:
            return ""
        area = state.areas[area_id]
        parts: list[str] = []
        for color in state.colors:
            n = area.minion_count(color)
            if n:
                parts.append(f"[color={hex_color(PLAYER_RGB[color])}]{piece_mark(color, self.colorblind)}{n}[/color]")
        if area.building:
            mark = BUILDING_MARK + (piece_mark(area.building, True) if self.colorblind else "")
            parts.append(f"[color={hex_color(PLAYER_RGB[area.building])}]{mark}[/color]")
        if area.trouble:
            parts.append(f"[color=000000]{TROUBLE_MARK}[/color]")
        if area.trolls:
            parts.append(f"[color={hex_color(NEUTRAL_RGB['troll'])}]{TROLL_MARK}{area.trolls}[/color]")
        if area.demons:
            parts.append(f"[color={hex_color(NEUTRAL_RGB['demon'])}]{DEMON_MARK}{area.demons}[/color]")
        return " ".join(parts)

    # -- touch -----------------------------------------------------------------------------------
    def area_at(self, x: float, y: float) -> str | None:
        if self.fitted is None:
            return None
        return self.fitted.area_at(x, y)

    def on_touch_down(self, touch: Any) -> bool:
        """A finger on an area: lifted soon, it taps (``on_area_tap``); held :data:`ui.rulebook_view.HOLD`
        seconds, it asks for the area's rule (``on_area_long_press``) and taps nothing."""
        if not self.collide_point(*touch.pos):
            return False
        area_id = self.area_at(*touch.pos)
        if area_id is None:
            return True  # swallow: a tap on the river or the margin does nothing
        from ui.rulebook_view import Hold
        touch.grab(self)
        touch.ud[("map", id(self))] = (area_id, Hold(touch, lambda: self.dispatch("on_area_long_press", area_id)))
        return True

    def on_touch_move(self, touch: Any) -> bool:
        watched = touch.ud.get(("map", id(self)))
        if watched is not None and touch.grab_current is self:
            watched[1].moved(touch)
            return True
        return bool(super().on_touch_move(touch))

    def on_touch_up(self, touch: Any) -> bool:
        watched = touch.ud.get(("map", id(self)))
        if watched is None or touch.grab_current is not self:
            return bool(super().on_touch_up(touch)) if watched is None else True
        touch.ungrab(self)
        area_id, hold = watched
        hold.cancel()
        if not hold.fired:
            self.dispatch("on_area_tap", area_id)
        return True

    def on_area_tap(self, area_id: str) -> None:
        """Default handler; screens bind to it."""

    def on_area_long_press(self, area_id: str) -> None:
        """Default: the area's City Area power from the table's rulebook."""
        from ui.rulebook_view import open_rulebook
        open_rulebook("area", area_id)

    def area_centre_px(self, area_id: str) -> tuple[float, float]:
        """Where the area's label sits, in window pixels (tests tap here)."""
        assert self.fitted is not None
        return self.fitted.to_px(self.layout.centres[area_id])
