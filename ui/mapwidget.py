"""The schematic map of the twelve areas, drawn from ``map-layout.json``, with what stands in each
area as chips readable from across a table: a count per colour beside the colour's shape (● ▲ ■ ◆,
so colour-blind players can tell them apart), the building with its owner's shape, the trouble
marker, trolls and demons — digits and marks at least 20 px tall at 800×480. Every name and chip
stands inside its area: a long word breaks between its parts or the name shrinks (else the
number alone); a crowded area's chips stand in tighter rows, then smaller, and at last the
trailing ones fold into a "+n" chip (see :meth:`MapWidget._fit`).

A tap inside an area fires ``on_area_tap(area_id)`` when the finger lifts; a tap on a chip fires
``on_piece_tap(area_id, piece)`` (which becomes an area tap unless a handler returns True); a long
press fires ``on_area_long_press(area_id)`` instead (by default: the area's rule from the rulebook);
a tap on the river, a border or the margin fires nothing, so a stray touch never cancels a step.

The widget only draws what it is told: ``state`` (the public table), ``options`` (areas and ``area/piece`` options that are a
legal answer now, outlined and ringed), ``unavailable`` (areas offered but not legal, dimmed) and ``focus`` (an
event's area). It never decides legality itself.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any
from weakref import ref

from kivy.core.text.markup import MarkupLabel
from kivy.graphics import Color, Line, Mesh, Rectangle, RoundedRectangle
from kivy.properties import BooleanProperty, DictProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.label import Label
from kivy.utils import get_hex_from_color
from kivy.uix.widget import Widget

from companion.morpork.board import AREA_BY_ID, AREA_IDS
from ui.maplayout import (Box, Fitted, MapLayout, load_layout, place_block, place_loose, place_rows, ring_around,
                          triangulate)
from ui.palette import (
    AREA_FILL,
    BRIDGE_RGB,
    BUILDING_MARK,
    DEMON_MARK,
    EVENT_RGB,
    HIGHLIGHT_RGB,
    INK_RGB,
    NEUTRAL_RGB,
    PLAYER_RGB,
    RIVER_RGB,
    TOKEN_RGB,
    TROLL_MARK,
    TROUBLE_MARK,
    hex_color,
    piece_mark,
)


COUNT_FONT_PX = 28.0
"""The smallest font for the counts and markers: 20 px tall digits and shapes at 800×480 (issue 14:
readable from across a table; a test measures the drawn glyphs)."""
FULL_MAP_PX = 380.0
"""A map at least this tall is read from across the table; a smaller one is a thumbnail."""
BUILDING_SIZE = 36
"""DejaVu's ⌂ is shorter than its digits: drawn larger to stand as tall (at a count size of 28)."""
OWNER_SIZE = 18
"""The owner's shape beside a building's ⌂, small: the ⌂ in the owner's colour is the marker."""
TOKEN_SLACK = 4.0
"""Pixels around a chip that still count as a tap on it."""
WORD_BREAKS = {"Drachenlandeplatz": "Drachen-\nlandeplatz", "Schlummerhügel": "Schlummer-\nhügel",
               "Siebenschläfer": "Sieben-\nschläfer", "Götterinsel": "Götter-\ninsel",
               "Rzemieślników": "Rzemieśl-\nników"}
"""Where a long word of an area's name may break on the map, hyphenated as a typesetter of its
language would: a German compound between the words it is made of, a Polish word between
syllables (never elsewhere: "Götterins|el" was a cut)."""
NAME_SCALES = (1.0, 0.9, 0.8)
"""An area's name may shrink to these fractions of its size to fit its area (then: the number alone)."""
TIGHT_GAP = 1.0
"""The gap between a crowded area's chips (half the usual), which may also touch the outline (no
margin): tighter rows before smaller chips."""
PACKING = 0.8
"""Boxes (with their gaps) covering more than this share of an area's outline are not searched for
a place inside it: no arrangement of rectangles packs an irregular outline that tightly (the
tightest fit found on the maps of all four languages covered 0.76)."""
CHIP_SCALES = (1.0, 0.9, 0.8, 0.7, 0.6)
"""A crowded area's chips may shrink to these fractions of the counts' size to fit (then: "+n")."""
FULL_MAP_CHIP_SCALE = 0.8
"""On a full-size map (read from across the table) chips shrink no further than this: 16 px digits
at 800×480. A smaller chip is hard to read there; a "+n" chip says plainly that more stands there
(the table screen lists it all). A thumbnail's chips go down to the last of :data:`CHIP_SCALES`."""


@dataclass(frozen=True)
class Fit:
    """How an area's name and chips fit inside it (see :meth:`MapWidget._fit`): the name's text,
    font size and wrapping width (None: one line), the chips' font size, how many of the area's
    chips are shown (the rest folded into "+n"), and the boxes of the name and the chips."""

    text: str
    font_size: float
    wrap: float | None
    chip_font: float
    shown: int
    label_box: Box
    boxes: list[Box]


class MapText:
    """A text drawn on the map — an area's name or a chip — from a texture rendered once, at
    ``pos`` with ``size``. Not a Kivy ``Label``: a Label widget binds some forty properties (about
    47 KB of Python objects each) and a busy map draws three dozen of these on each of four
    screens, again at every redraw. The texture is the one such a Label would render (the same
    core label and options, see :meth:`MapWidget.render_text`) and is drawn where the Label drew
    it, so the map looks the same. Offers what drivers and tests read from a widget: position,
    size, ``center``, ``to_window``, ``text``, ``texture_size``."""

    def __init__(self, owner: MapWidget, text: str, font_size: float, texture: Any) -> None:
        self._owner = ref(owner)
        self.text = text
        self.font_size = font_size
        self.texture = texture
        self.pos: tuple[float, float] = (0.0, 0.0)
        self.size: tuple[float, float] = self.texture_size

    @property
    def texture_size(self) -> tuple[float, float]:
        return (self.texture.width, self.texture.height) if self.texture is not None else (0.0, 0.0)

    x = property(lambda self: self.pos[0])
    y = property(lambda self: self.pos[1])
    width = property(lambda self: self.size[0])
    height = property(lambda self: self.size[1])
    right = property(lambda self: self.pos[0] + self.size[0])
    top = property(lambda self: self.pos[1] + self.size[1])
    center_x = property(lambda self: self.pos[0] + self.size[0] / 2)
    center_y = property(lambda self: self.pos[1] + self.size[1] / 2)
    center = property(lambda self: (self.center_x, self.center_y))

    def to_window(self, x: float, y: float) -> tuple[float, float]:
        """Window coordinates of a point on the map (drawn in the map's own coordinates)."""
        owner = self._owner()
        return owner.to_window(x, y) if owner is not None else (x, y)

    def draw(self) -> None:
        """Into the current canvas, as a Label's canvas rule draws its texture: centred, on whole pixels."""
        if self.texture is None:
            return
        tw, th = self.texture_size
        Color(1, 1, 1, 1)
        Rectangle(texture=self.texture, size=(tw, th),
                  pos=(int(self.center_x - tw / 2.0), int(self.center_y - th / 2.0)))


class PieceToken(MapText):
    """One chip on the map: a piece kind in an area (``piece``: a colour, ``troll``, ``demon``,
    ``building`` or ``trouble``) and its count. A tap on it can answer a "which piece?" question."""

    def __init__(self, owner: MapWidget, area: str, piece: str, markup: str, font_size: float, texture: Any) -> None:
        super().__init__(owner, markup, font_size, texture)
        self.area = area
        self.piece = piece
        self.ring: Box | None = None
        """The highlight ring's box when the piece answers the question on screen (inside the area)."""
        self.background: Box | None = None
        """The chip's pale background as drawn (narrower than the chip where its ring had no room)."""

    def __repr__(self) -> str:
        return f"PieceToken({self.area!r}, {self.piece!r}, {self.text!r})"


CHIP_HEIGHT = 0.86
"""A chip is this share of its text's line tall: the line holds DejaVu's full ascent and descent
(1.16 em), the marks and digits drawn stand within its middle 0.13–0.98 em, so the chip still holds
every mark (the text is drawn centred on the chip) and a crowded area's rows need less room."""


def chip_height(line_height: float) -> float:
    """A chip's height for a text line ``line_height`` tall (see :data:`CHIP_HEIGHT`)."""
    return float(round(line_height * CHIP_HEIGHT))


def _chord(polygon: list[tuple[float, float]], x: float, y: float) -> float:
    """The width of the polygon along the horizontal line through (x, y), around x: the room a row
    of chips has in the area."""
    crossings: list[float] = []
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            crossings.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    left = max((c for c in crossings if c <= x), default=x)
    right = min((c for c in crossings if c >= x), default=x)
    return right - left


def _polygon_area(polygon: list[tuple[float, float]]) -> float:
    n = len(polygon)
    return abs(sum(polygon[i][0] * polygon[(i + 1) % n][1] - polygon[(i + 1) % n][0] * polygon[i][1]
                   for i in range(n))) / 2


THUMBNAIL_FRAME_BUDGET_S = 0.04
"""A map smaller than :data:`FULL_MAP_PX` places areas' names and chips for this long per frame."""
MIN_DRAWN_PX = 64
"""A map narrower or lower than this is not drawn (it is still being laid out)."""


class MapWidget(Widget):
    """Draws the board; see the module docstring."""

    state = ObjectProperty(None, allownone=True)
    options = ListProperty([])
    unavailable = DictProperty({})
    focus = StringProperty("", allownone=True)
    language = StringProperty("en")
    colorblind = BooleanProperty(False)
    font_name = StringProperty("Roboto")

    __events__ = ("on_area_tap", "on_piece_tap", "on_area_long_press")

    def __init__(self, **kwargs: Any) -> None:
        self.layout: MapLayout = load_layout()
        self.fitted: Fitted | None = None
        self.drawn_polygons: dict[str, list[tuple[float, float]]] = {}
        self.labels: dict[str, MapText] = {}
        self.tokens: dict[str, list[PieceToken]] = {}
        self._text_options: dict[str, Any] | None = None
        self._generation = 0  # which drawing is under way (see _label_areas)
        self.labelling = False
        """True while a thumbnail's names and chips are still being placed, a few areas a frame."""
        self._placements: dict[Any, Fit] = {}
        self._triangles: dict[tuple[tuple[float, float], ...], list[int]] = {}  # see _draw_area
        self._drawn: Any = None
        self._count_font = COUNT_FONT_PX
        super().__init__(**kwargs)
        self._trigger = self._redraw_trigger()
        for name in ("pos", "size", "state", "options", "unavailable", "focus", "language", "colorblind"):
            self.fbind(name, self._trigger)
        self._trigger()

    def _redraw_trigger(self) -> Any:
        """The map is drawn on the frame *after* a change (timeout 0, not -1): what changed with it —
        a die's face, a screen opened — reaches the screen first, and the map (hundreds of ms on a
        Pi: placing every label and chip) follows one frame later; several changes in one frame
        (the screen's layout settling, state then options then focus) still draw the map once."""
        from kivy.clock import Clock
        return Clock.create_trigger(lambda _dt: self._redraw_if_changed(), 0)

    def drawn_key(self) -> Any:
        """Everything the drawing depends on: the box, each area's chips, the highlights, the font
        and language. Equal keys draw identical maps."""
        areas = tuple((a, tuple(self.contents(a))) for a in AREA_IDS) if self.state is not None else None
        return ((self.x, self.y, self.width, self.height), areas, tuple(sorted(self.options)),
                tuple(sorted(self.unavailable)), self.focus, self.language, self.colorblind, self.font_name,
                self._count_font)

    def _redraw_if_changed(self) -> None:
        """Redraw unless nothing the map shows has changed (a roll that moved no piece: a new state
        object, the same board)."""
        if self.fitted is not None and self.drawn_key() == self._drawn:
            return
        self.redraw()

    # -- drawing ---------------------------------------------------------------------------------
    def redraw(self) -> None:
        self.release()
        if min(self.width, self.height) < MIN_DRAWN_PX:
            # Not laid out yet: a map is first sized 16×18, then 360×0, while its screen lays out.
            # Placing the labels and chips in a map too small to see cost as much as drawing the
            # real one, twice, each time a map screen was first shown (the Journal screen's open).
            self.fitted = None
            return
        fitted = self.layout.fit(self.x + 2, self.y + 2, self.width - 4, self.height - 4)
        self.fitted = fitted
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
        areas = sorted(AREA_IDS, key=lambda a: -len(self.contents(a)))  # the busiest areas first
        budget = None if fitted.height >= FULL_MAP_PX else THUMBNAIL_FRAME_BUDGET_S
        self._label_areas(areas, fitted, [], budget, self._generation)
        self._drawn = self.drawn_key()

    def _label_areas(self, areas: list[str], fitted: Fitted, taken: list[Box], budget: float | None,
                     generation: int) -> None:
        """Name and chips of each area in turn — on a thumbnail (``budget`` in seconds), those that
        fit in this frame's budget (one at least), the next ones on the next frame. In the same order
        either way, so in the same places (each area keeps off the ones placed before it). A
        full-size map is labelled at once; on a thumbnail few chips fit and placing them is a long
        search (the Journal's map: ~200 ms on this machine, issue 16), so no frame waits for all of
        it. A newer drawing (``generation``) cancels what is left."""
        if generation != self._generation:
            return
        started = time.perf_counter()
        done = 0
        for area_id in areas:
            if done and budget is not None and time.perf_counter() - started > budget:
                break
            self._add_label(area_id, fitted, taken)
            done += 1
        rest = areas[done:]
        self.labelling = bool(rest)
        if rest:
            from kivy.clock import Clock
            Clock.schedule_once(lambda _dt: self._label_areas(rest, fitted, taken, budget, generation), 0)

    def release(self) -> None:
        """Forget the drawing (its instructions and text textures) until the next redraw: a map
        screen drops it when another screen is shown (see :class:`ui.screens.base.GameScreen`)."""
        self._drawn = None
        self._generation += 1
        self.labelling = False
        self.canvas.clear()
        self.labels.clear()
        self.tokens.clear()
        self.fitted = None

    def redraw_soon(self) -> None:
        """Draw on the next frame if what is drawn is stale or was released."""
        self._trigger()

    def render_text(self, text: str, font_size: float, bold: bool = False, halign: str = "left",
                    color: tuple[float, ...] | None = None,
                    text_size: tuple[float | None, float | None] = (None, None)) -> Any:
        """The texture a Kivy ``Label(markup=True)`` with these properties renders (the same core
        label, with every other option as a Label's default and the app's kv rules leave it)."""
        if self._text_options is None:
            template = Label(markup=True)  # made once: its options after the kv rules (the ink colour)
            self._text_options = {name: list(value) if isinstance(value, list) else value
                                  for name in Label._font_properties
                                  for value in (getattr(template, name),)}
        options = dict(self._text_options)
        options.update(font_size=font_size, font_name=self.font_name, bold=bold, halign=halign,
                       text_size=text_size, padding=list(options["padding"]))
        if color is not None:
            options["color"] = list(color)
        core = MarkupLabel(**options)
        core.text = f"[color={get_hex_from_color(options['color'])}]{text}[/color]"
        core.refresh()
        return core.texture

    def _draw_area(self, area_id: str) -> None:
        points = self.drawn_polygons[area_id]
        fill = AREA_FILL[AREA_BY_ID[area_id].cost]
        if area_id in self.unavailable:
            fill = tuple(c * 0.7 for c in fill)  # type: ignore[assignment]
        Color(*fill)
        vertices: list[float] = []
        for x, y in points:
            vertices += [x, y, 0.0, 0.0]
        # the same outline in the same box is cut into the same triangles: cut once (each redraw, a step
        # picked in the Journal, cut all twelve again: 1.7 ms here)
        outline = tuple(points)
        indices = self._triangles.get(outline)
        if indices is None:
            if len(self._triangles) > 100:  # a map laid out at many sizes: forget the old ones
                self._triangles.clear()
            indices = self._triangles[outline] = triangulate(points)
        Mesh(vertices=vertices, indices=indices, mode="triangles")

    def _draw_outline(self, area_id: str, plain: bool) -> None:
        """Plain borders go under the river; the highlights (legal choice, event area) on top."""
        flat = [c for p in self.drawn_polygons[area_id] for c in p]
        if plain:
            Color(0.35, 0.28, 0.2)
            Line(points=flat, close=True, width=1.0)
        elif area_id == self.focus:
            Color(*EVENT_RGB)
            Line(points=flat, close=True, width=3.5)
        elif area_id in self.options or any(o.startswith(area_id + "/") for o in self.options):
            Color(*HIGHLIGHT_RGB)
            Line(points=flat, close=True, width=3.0)

    def _add_label(self, area_id: str, fitted: Fitted, taken: list[Box]) -> None:
        """The area's number and name (small: the buttons name it too), and under it what stands
        there as chips at least 20 px tall where they fit (see :meth:`_tokens` and :meth:`_fit`)."""
        self._count_font = self.count_font_size(fitted)
        fit = self._fit(area_id, fitted, taken)
        taken += [fit.label_box, *fit.boxes]  # the next areas keep off these
        label = MapText(self, fit.text, fit.font_size, self._name_texture(fit.text, fit.font_size, fit.wrap))
        label.size = label.texture_size
        label.pos = fit.label_box[:2]
        self.labels[area_id] = label
        tokens = self._tokens(area_id, fit.chip_font, fit.shown)
        with self.canvas:
            label.draw()
            for token, box in zip(tokens, fit.boxes):
                token.pos = box[:2]
                self._draw_chip(token)
                token.draw()

    def _chip_size(self, markup: str, font_size: float,
                   known: dict[tuple[str, float], tuple[float, float]]) -> tuple[float, float]:
        """A chip's size (its text's, 2 px wider each side), measured once per markup and size."""
        if (markup, font_size) not in known:
            rendered = self.render_text(markup, font_size, bold=True)
            known[(markup, font_size)] = (rendered.width + 4.0, chip_height(rendered.height))
        return known[(markup, font_size)]

    def _name_texture(self, text: str, font_size: float, wrap: float | None) -> Any:
        """The name on one line, or wrapped to ``wrap`` pixels (never narrower than its widest word:
        Kivy cuts a word wider than the wrapping width, "Götterins|el" on the Journal's map)."""
        ink = (*INK_RGB, 1.0)
        if wrap is None:
            return self.render_text(text, font_size, halign="center", color=ink)
        return self.render_text(text, font_size, halign="center", color=ink, text_size=(wrap, None))

    def _name_wrap(self, text: str, font_size: float, chord: float) -> float | None:
        """Where a name wraps in an area ``chord`` pixels wide at its centre: nowhere if it fits on one
        line; else at the chord, never narrower than four characters or than its widest word (names
        wrap only between words). A chord of 0: as narrow as that allows."""
        width = self.render_text(text, font_size, halign="center").width
        if width <= chord - 4:
            return float(width + 1) if "\n" in text else None  # lines of their own: centred in a box
        widest = max(self.render_text(word, font_size, bold=True).width for word in text.split())
        return float(max(chord - 4, font_size * 4, widest + 1))

    def _fit(self, area_id: str, fitted: Fitted, taken: list[Box]) -> Fit:
        """The first way the name and the chips fit inside the area (see
        :func:`ui.maplayout.place_block`, in rows; :func:`ui.maplayout.place_rows`, in rows sliding
        sideways each on its own; :func:`ui.maplayout.place_loose`, clustered round the name),
        trying, in this order: the name at its size, then with a long word broken
        (:data:`WORD_BREAKS`), each a little smaller in turn (a long word such as
        "Drachenlandeplatz" on a small map), with the chips at full size; the area's number alone
        with the chips at full size, then smaller (a crowded area; on a full-size map no smaller
        than :data:`FULL_MAP_CHIP_SCALE`); at the smallest size, the last chips folded into one
        "+n" chip (n: the pieces they stand for).
        If nothing fits, the arrangement that spills least. Cached per position."""
        contents = self.contents(area_id)
        # Not keyed by the boxes other areas took: each area's boxes stand inside its own outline, so
        # they never meet another's (an area drawn again because its pieces changed leaves the others).
        answering = tuple(piece for piece, _markup in contents if self.answers(area_id, piece))
        key = (area_id, self.language, tuple(contents), answering, (fitted.x, fitted.y, fitted.width, fitted.height),
               self._count_font, self.font_name)
        found = self._placements.get(key)
        if found is not None:
            return found
        cx, cy = fitted.to_px(self.layout.centres[area_id])
        info = AREA_BY_ID[area_id]
        size = max(10.0, fitted.height * 0.026)
        chord = _chord(self.drawn_polygons[area_id], cx, cy)
        name = f"[b]{info.number}[/b] {info.name(self.language)}"
        number = f"[b]{info.number}[/b]"
        full = len(contents)
        broken = " ".join(WORD_BREAKS.get(word, word) for word in name.split(" "))
        polygon = self.drawn_polygons[area_id]
        room = _polygon_area(polygon)
        avoid = [self.drawn_polygons["isle-of-gods"]] if area_id != "isle-of-gods" else []
        river = self._river_segments(fitted)
        chip_sizes: dict[tuple[str, float], tuple[float, float]] = {}
        best: tuple[int, Fit] | None = None
        failed: list[tuple[float, float, float, int]] = []  # names' sizes that did not fit, with the chips'
        tight: dict[str, Any] = {"exact": True, "gap": TIGHT_GAP, "margin": 0.0}  # the searches after the quick one

        def attempt(text: str, font_size: float, wrap: float | None, scale: float, shown: int) -> bool:
            """Whether the name (or number) and the chips fit so; the least spilling kept in ``best``."""
            nonlocal best
            texture = self._name_texture(text, font_size, wrap)
            chip_font = self._count_font * scale
            chips = [self._chip_size(markup, chip_font, chip_sizes)
                     for markup in self._chip_markups(area_id, chip_font, shown)]
            label = (float(texture.width), float(texture.height))
            if any(w <= label[0] and h <= label[1] and s == scale and n == shown for w, h, s, n in failed):
                return False  # a smaller name did not fit with these chips: this one will not either
            needed = sum((w + 4) * (h + 4) for w, h in [label, *chips])
            if needed > PACKING * room:
                return False  # more than the area holds
            # (with chips, the block of rows is what place_rows tries first, at each height; a name
            # alone takes the free spot nearest the centre, what place_loose looks for first)
            for place in (place_rows, place_loose) if chips else (place_loose,):
                if text == number and chips and place is place_rows:
                    # the number alone stands at the head of the first row of chips, not on a row of its own
                    label_box, boxes, spill = place_rows(polygon, avoid, (cx, cy), (0.0, 0.0), [label, *chips],
                                                         lines=river, taken=taken, **tight)
                    label_box, boxes = boxes[0], boxes[1:]
                    if spill:  # or the chips' rows first, and the number in a corner left free
                        _none, rows, spill = place_rows(polygon, avoid, (cx, cy), (0.0, 0.0), chips, lines=river,
                                                        taken=taken, **tight)
                        if not spill:  # the number is small: it may stand on the river's edge, at the border
                            label_box, _chips, spill = place_loose(polygon, avoid, (cx, cy), label, [],
                                                                   taken=[*taken, *rows], **tight)
                            boxes = rows
                else:
                    label_box, boxes, spill = place(polygon, avoid, (cx, cy), label, chips, lines=river,
                                                    taken=taken, **tight)
                if best is None or spill < best[0]:
                    best = (spill, Fit(text, font_size, wrap, chip_font, shown, label_box, boxes))
                if spill == 0:
                    return True
            failed.append((label[0], label[1], scale, shown))
            return False

        def named(scale: float) -> bool:
            """The name fits with the chips at ``scale``: as it is, a long word broken, a little smaller
            (with no chips: with chips, the number is the name's fallback)."""
            tried: set[tuple[str, float, float | None]] = set()
            for name_scale in NAME_SCALES if not contents else NAME_SCALES[:1]:
                for text in dict.fromkeys((name, broken)):
                    for narrow in (False, True):
                        font_size = size * name_scale
                        wrap = self._name_wrap(text, font_size, 0.0 if narrow else chord)
                        if (text, font_size, wrap) not in tried:  # a short name is the same however narrow
                            tried.add((text, font_size, wrap))
                            if attempt(text, font_size, wrap, scale, full):
                                return True
            return False

        # Most areas take their name and chips in one block at once (the quick search alone). Else
        # the chips' size comes first (readable from across the table, issue 14), with the number
        # alone: a name cannot fit with chips that do not fit beside the number, and an area whose
        # chips must shrink is too crowded for its name.
        quick = self._name_wrap(name, size, chord)
        label = self._name_texture(name, size, quick)
        chips = [self._chip_size(markup, self._count_font, chip_sizes)
                 for markup in self._chip_markups(area_id, self._count_font, full)]
        label_box, boxes, spill = place_block(polygon, avoid, (cx, cy), (label.width, label.height), chips,
                                              lines=river, taken=taken)
        best = (spill, Fit(name, size, quick, self._count_font, full, label_box, boxes))
        if spill:
            scales = [s for s in CHIP_SCALES if fitted.height < FULL_MAP_PX or s >= FULL_MAP_CHIP_SCALE]
            scale = next((s for s in scales if attempt(number, size, None, s, full)), None) if contents else 1.0
            if scale == 1.0:
                found_fit = best
                if not named(scale):
                    best = found_fit  # the number alone, with the chips at full size
                    if not contents:  # no room for the name: the number alone
                        attempt(number, size, None, 1.0, full)
            elif scale is None:  # at the smallest size, the last chips folded into "+n" (never an answer)
                next((shown for shown in range(full - 2, len(answering) - 1, -1)
                      if attempt(number, size, None, scales[-1], shown)), None)
        assert best is not None
        if len(self._placements) > 1000:  # a long game: forget old positions' placements
            self._placements.clear()
        self._placements[key] = best[1]
        return best[1]

    def _river_segments(self, fitted: Fitted) -> list[tuple[tuple[float, float], tuple[float, float], float]]:
        """The river as pixel segments with half its drawn width: chips keep off it."""
        half = max(2.0, fitted.width * 0.012) / 2 + 1
        segments = []
        for points in self.layout.river.values():
            px = [fitted.to_px(p) for p in points]
            segments += [(a, b, half) for a, b in zip(px, px[1:])]
        return segments

    def _tokens(self, area_id: str, font_size: float, shown: int) -> list[PieceToken]:
        """What stands in the area as chips (a minion count per colour with its shape, the building
        with its owner's shape, the trouble marker, trolls, demons) at ``font_size``: the first
        ``shown`` of them, and the rest folded into one "+n" chip, piece ``more`` (see
        :meth:`_chip_markups`)."""
        drawn, folded = self._folded(area_id, font_size, shown)
        pieces = [piece for piece, _markup in drawn] + (["more"] if folded else [])
        tokens = [PieceToken(self, area_id, piece, markup, font_size, self.render_text(markup, font_size, bold=True))
                  for piece, markup in zip(pieces, self._chip_markups(area_id, font_size, shown))]
        for token in tokens:
            token.size = (token.texture_size[0] + 4, chip_height(token.texture_size[1]))
        self.tokens[area_id] = tokens
        return tokens

    def _chip_markups(self, area_id: str, font_size: float, shown: int) -> list[str]:
        """The chips' markups at ``font_size``: the first ``shown`` of the area's contents, then, if
        any are left, one chip "+n" counting the pieces it stands for (a tap on it is a tap on the
        area; the table screen lists them all)."""
        drawn, folded = self._folded(area_id, font_size, shown)
        markups = [markup for _piece, markup in drawn]
        if folded:
            hidden = sum(self.piece_count(area_id, piece) for piece, _markup in folded)
            markups.append(f"[color={hex_color(INK_RGB)}]+{hidden}[/color]")
        return markups

    def _folded(self, area_id: str, font_size: float, shown: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """The area's chips drawn and those folded into "+n" when ``shown`` are drawn: a piece that
        answers the question on screen is always drawn (it carries the ring a finger looks for);
        the others fill the rest in their order, and the last of them fold first."""
        contents = self.contents(area_id, font_size)
        if shown >= len(contents):
            return contents, []
        keep = {piece for piece, _markup in contents if self.answers(area_id, piece)}
        for piece, _markup in contents:
            if len(keep) >= shown:
                break
            keep.add(piece)
        return ([c for c in contents if c[0] in keep], [c for c in contents if c[0] not in keep])

    def piece_count(self, area_id: str, piece: str) -> int:
        """How many pieces one chip stands for (a colour's minions, the trolls, the demons; 1 for the
        building and the trouble marker)."""
        area = self.state.areas[area_id]
        counts = {"building": 1 if area.building else 0, "trouble": int(area.trouble), "troll": area.trolls,
                  "demon": area.demons}
        return counts[piece] if piece in counts else int(area.minion_count(piece))

    def _draw_chip(self, token: PieceToken) -> None:
        """A pale rounded chip behind the token (yellow on sand reads badly); legal answers ringed,
        the ring inside the area as the chip is (:func:`ui.maplayout.ring_around`)."""
        background: Box = (token.x, token.y, token.width, token.height)
        if self.answers(token.area, token.piece):
            avoid = [self.drawn_polygons["isle-of-gods"]] if token.area != "isle-of-gods" else []
            assert self.fitted is not None  # chips are drawn on a fitted map
            token.ring, background = ring_around(background, self.drawn_polygons[token.area], avoid,
                                                 lines=self._river_segments(self.fitted))
            Color(*HIGHLIGHT_RGB)
            RoundedRectangle(pos=token.ring[:2], size=token.ring[2:], radius=[7])
        token.background = background
        Color(*TOKEN_RGB, 0.9)
        RoundedRectangle(pos=background[:2], size=background[2:], radius=[5])

    def answers(self, area_id: str, piece: str) -> bool:
        """Whether the piece is a legal answer to the question on screen (the options say)."""
        return f"{area_id}/{piece}" in self.options

    def count_font_size(self, fitted: Fitted) -> float:
        """The counts' font size: DejaVu's digits are 0.73 em tall, so 28 px gives 20 px digits on the
        full-height maps of the turn, table and events screens at 800×480 (about 400 px tall); a
        bigger screen gets bigger counts, a thumbnail (the Journal's map) smaller ones."""
        return max(COUNT_FONT_PX * min(1.0, fitted.height / FULL_MAP_PX), fitted.height * 0.07)

    def contents(self, area_id: str, font_size: float | None = None) -> list[tuple[str, str]]:
        """What stands in an area as (piece, markup) chips: ``("red", "●2")``, ``("yellow", "▲")`` (one
        piece: the mark alone, as on the board), ``("building", "⌂■")``, ``("trouble", "⚠")``,
        ``("troll", "♜")``, ``("demon", "☠2")``. A player's pieces always carry their shape, so no
        two players differ by colour alone. ``font_size``: the chips' font (default: the counts'),
        which sizes the building's marks."""
        state = self.state
        if state is None:
            return []
        area = state.areas[area_id]
        ink = hex_color(INK_RGB)
        parts: list[tuple[str, str]] = []
        def chip(rgb: tuple[float, float, float], mark: str, n: int) -> str:
            count = f"[color={ink}]{n}[/color]" if n > 1 else ""  # one piece: the mark alone, as on the board
            return f"[color={hex_color(rgb)}]{mark}[/color]{count}"
        for color in state.colors:
            n = area.minion_count(color)
            if n:
                parts.append((color, chip(PLAYER_RGB[color], piece_mark(color), n)))
        if area.building:
            scale = (font_size or self._count_font) / COUNT_FONT_PX
            house, owner = round(BUILDING_SIZE * scale), round(OWNER_SIZE * scale)
            parts.append(("building", f"[color={hex_color(PLAYER_RGB[area.building])}][size={house}]"
                                      f"{BUILDING_MARK}[/size][size={owner}]{piece_mark(area.building)}"
                                      f"[/size][/color]"))
        if area.trouble:
            parts.append(("trouble", f"[color={ink}]{TROUBLE_MARK}[/color]"))
        if area.trolls:
            parts.append(("troll", chip(NEUTRAL_RGB["troll"], TROLL_MARK, area.trolls)))
        if area.demons:
            parts.append(("demon", chip(NEUTRAL_RGB["demon"], DEMON_MARK, area.demons)))
        return parts

    def contents_markup(self, area_id: str) -> str:
        """What stands in an area as one line: ``●2 ▲ ⌂■ ⚠ ♜ ☠2`` (with colour markup)."""
        return " ".join(markup for _piece, markup in self.contents(area_id))

    def drawn_texts(self) -> list[MapText]:
        """The texts drawn now: each area's name (or number), then its chips."""
        return [t for area_id, label in self.labels.items() for t in (label, *self.tokens.get(area_id, []))]

    def token_at(self, x: float, y: float) -> PieceToken | None:
        """The chip under a finger (with a few pixels of slack: a fingertip is wider than a chip)."""
        for tokens in self.tokens.values():
            for token in tokens:
                if token.x - TOKEN_SLACK <= x <= token.right + TOKEN_SLACK \
                        and token.y - TOKEN_SLACK <= y <= token.top + TOKEN_SLACK:
                    return token
        return None

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
        token = self.token_at(*touch.pos)
        piece = token.piece if token is not None and token.area == area_id else None
        touch.grab(self)
        touch.ud[("map", id(self))] = (area_id, piece,
                                       Hold(touch, lambda: self.dispatch("on_area_long_press", area_id)))
        return True

    def on_touch_move(self, touch: Any) -> bool:
        watched = touch.ud.get(("map", id(self)))
        if watched is not None and touch.grab_current is self:
            watched[2].moved(touch)
            return True
        return bool(super().on_touch_move(touch))

    def on_touch_up(self, touch: Any) -> bool:
        watched = touch.ud.get(("map", id(self)))
        if watched is None or touch.grab_current is not self:
            return bool(super().on_touch_up(touch)) if watched is None else True
        touch.ungrab(self)
        area_id, piece, hold = watched
        hold.cancel()
        if not hold.fired:
            if piece is not None:
                self.dispatch("on_piece_tap", area_id, piece)
            else:
                self.dispatch("on_area_tap", area_id)
        return True

    def on_area_tap(self, area_id: str) -> None:
        """Default handler; screens bind to it."""

    def on_piece_tap(self, area_id: str, piece: str) -> None:
        """A tap on a chip (``piece``: a colour, ``troll``, ``demon``, ``building``, ``trouble``).
        Kivy calls this default only when no bound handler returned True: then the chip's tap is
        a tap on its area."""
        self.dispatch("on_area_tap", area_id)

    def on_area_long_press(self, area_id: str) -> None:
        """Default: the area's City Area power from the table's rulebook."""
        from ui.rulebook_view import open_rulebook
        open_rulebook("area", area_id)

    def area_centre_px(self, area_id: str) -> tuple[float, float]:
        """Where the area's label sits, in window pixels (tests tap here)."""
        assert self.fitted is not None
        return self.fitted.to_px(self.layout.centres[area_id])
