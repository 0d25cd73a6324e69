"""The rulebook on screen: a long press (a finger held :data:`HOLD` seconds without moving) on an area
of the map, a card, an option button, the played card or the drawn event opens the paragraph of the
table's rulebook that governs it (``ui.rulebook``), with the edition it comes from and, where the
books disagree, the ruling the table plays by. Settings opens a search over the same book with an
on-screen keyboard (the search ignores accents, so a plain QWERTY keyboard finds "Pożar").

A long press is Kivy's own touch events and Clock: :class:`Hold` watches one touch; a lift or a move
before the time is up cancels it, and a touch that became a long press does not also tap.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable

from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import ListProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput
from kivy.utils import escape_markup

from companion.morpork.board import AREA_BY_ID
from companion.morpork.catalog import CARD_BY_ID, EVENT_BY_ID, PERSONALITY_BY_ID
from ui import rulebook
from ui.palette import SYMBOL_MARK
from ui.running import running_app

if TYPE_CHECKING:
    from ui.companion_app import CompanionApp

HOLD = 0.6
"""Seconds a finger rests on a thing before its rule shows."""
SLOP = 12
"""How far (dp) a finger may drift and still be holding, not dragging."""
RULING_MESSAGES: dict[str, str] = {"tie-break": "tie-break:{value}"}
"""Rulings worded by an existing message (the game-end screen's tie-break sentence); the others are
``ruling:<option>:<value>`` (``ruling:<name>`` for a fixed ruling) in ``ui/messages.txt``."""


class Hold:
    """One touch being watched for a long press; ``fired`` once the time is up.

    The time is the finger's, read from a monotonic clock when the touch arrives: Kivy's Clock
    counts a ``schedule_once`` delay from the start of the last frame, so after one slow frame (a
    busy Pi drawing the map) its event would come due at the very next tick and turn a quick tap
    into a long press. Called early, :meth:`_fire` waits out the rest."""

    def __init__(self, touch: Any, on_hold: Callable[[], object], delay: float = HOLD) -> None:
        self.start = (touch.x, touch.y)
        self.fired = False
        self._on_hold = on_hold
        self._due = time.monotonic() + delay
        self._event = Clock.schedule_once(self._fire, delay)

    def _fire(self, _dt: float) -> None:
        left = self._due - time.monotonic()
        if left > 0:
            self._event = Clock.schedule_once(self._fire, left)
            return
        self.fired = True
        self._on_hold()

    def moved(self, touch: Any) -> None:
        """A finger dragging (a scroll) is not holding."""
        if abs(touch.x - self.start[0]) > dp(SLOP) or abs(touch.y - self.start[1]) > dp(SLOP):
            self.cancel()

    def cancel(self) -> None:
        self._event.cancel()


def topic_for_value(value: str) -> tuple[str, str] | None:
    """The rulebook topic of a question option: an area, ``power:<area>`` (a City Area card), a
    player card, an event or a personality; None for words like "skip"."""
    if value in AREA_BY_ID:
        return ("area", value)
    if value.startswith("power:") and value[6:] in AREA_BY_ID:
        return ("city-area", value[6:])
    for kind, known in (("card", CARD_BY_ID), ("event", EVENT_BY_ID), ("personality", PERSONALITY_BY_ID)):
        if value in known:
            return (kind, value)
    return None


class LongPress:
    """Mixin for a widget that shows its rulebook topic on a long press: ``topic`` is ``[kind, id]``
    (empty: nothing to show, and the widget behaves as before). Put it before the widget class."""

    topic = ListProperty([])

    def rulebook_topic(self) -> tuple[str, str] | None:
        return (str(self.topic[0]), str(self.topic[1])) if len(self.topic) == 2 else None

    def on_touch_down(self, touch: Any) -> bool:
        topic = self.rulebook_topic()
        if topic is not None and self.collide_point(*touch.pos) and not touch.is_mouse_scrolling:  # type: ignore[attr-defined]
            touch.ud[("rulebook", id(self))] = Hold(touch, lambda: open_rulebook(*topic))
        return bool(super().on_touch_down(touch))  # type: ignore[misc]

    def on_touch_move(self, touch: Any) -> bool:
        hold = touch.ud.get(("rulebook", id(self)))
        if hold is not None:
            hold.moved(touch)
        return bool(super().on_touch_move(touch))  # type: ignore[misc]

    def on_touch_up(self, touch: Any) -> bool:
        hold = touch.ud.get(("rulebook", id(self)))
        if hold is not None:
            hold.cancel()
            if hold.fired and touch.grab_current is self:  # the rule was shown: this lift is no tap
                touch.ungrab(self)
                if hasattr(self, "_do_release"):
                    self._do_release()
                return True
        return bool(super().on_touch_up(touch))  # type: ignore[misc]


class RulebookLabel(LongPress, Label):
    """A label (the played card, the drawn event) whose topic a long press explains."""

    def on_touch_down(self, touch: Any) -> bool:
        handled = super().on_touch_down(touch)
        if self.rulebook_topic() is not None and self.collide_point(*touch.pos):
            touch.grab(self)
            return True
        return handled


# -- what the popup says ----------------------------------------------------------------------------------
def table_options(app: CompanionApp) -> dict[str, str]:
    """The edition the table plays (the game's, else the one Settings picks for new games) and any
    ruling the game set apart from its edition."""
    game = getattr(app, "game", None)
    state = getattr(game, "state", None)
    options = {"edition": getattr(state, "edition", None) or app.settings.edition}
    rules = getattr(state, "rules", None)
    if rules is not None and hasattr(rules, "to_options"):
        options.update(rules.to_options())
    return options


def topic_title(app: CompanionApp, kind: str, item_id: str) -> str:
    tr = app.translator
    if kind in ("area", "city-area"):
        return tr.area(item_id)
    if kind == "card":
        return tr.card(item_id)
    if kind == "event":
        return tr.event(item_id)
    if kind == "personality":
        return tr.personality(item_id)
    if kind == "rule":
        return str(app.t(f"rule:{item_id}"))
    return SYMBOL_MARK.get(item_id[:1], item_id)


def ruling_sentence(app: CompanionApp, option: str, value: str) -> str:
    msgid = RULING_MESSAGES.get(option, "ruling:{option}:{value}" if value else "ruling:{option}")
    return str(app.t(msgid.format(option=option, value=value)))


def passage_markup(text: str) -> str:
    """A passage as label markup: its heading (or question) in bold."""
    head, sep, rest = text.partition("\n\n")
    if sep and rulebook.is_heading(head):
        return f"[b]{escape_markup(head)}[/b]\n\n{escape_markup(rest)}"
    return str(escape_markup(text))


def entry_markup(app: CompanionApp, entry: rulebook.Entry) -> str:
    """The popup's text: the book's passages, the card's own words, and where the books differ."""
    parts: list[str] = []
    if entry.card_text:
        parts.append(f"[i]{escape_markup(app.t('On the card'))}:[/i] {escape_markup(entry.card_text)}")
    for passage in entry.passages:
        parts.append(passage_markup(passage.text))
    if entry.rulings:
        options = table_options(app)
        lines = [f"[b]{escape_markup(app.t('Where the books differ'))}[/b]"]
        for option in entry.rulings:
            for ruling in sorted(rulebook.ruling_values(option, options), key=lambda r: not r.adopted):
                books = ", ".join(e.upper() for e in ruling.editions)
                mark = "✓ " + app.t("This table") + ": " if ruling.adopted else "○ "
                lines.append(f"{escape_markup(mark)}{escape_markup(ruling_sentence(app, option, ruling.value))}"
                             + (f" [size={int(sp(12))}]({books})[/size]" if books and ruling.value else ""))
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


def _text_label(text: str) -> Label:
    label = Label(text=text, markup=True, font_size=sp(15), halign="left", valign="top", size_hint_y=None,
                  color=(0.1, 0.08, 0.05, 1))
    label.bind(width=lambda w, _v: setattr(w, "text_size", (w.width, None)),
               texture_size=lambda w, ts: setattr(w, "height", ts[1]))
    return label


class RulebookPopup(ModalView):
    """The rule of one topic, readable at arm's length on 800×480; a tap on "Close" (or outside) closes it."""

    def __init__(self, app: CompanionApp, kind: str, item_id: str, **kwargs: Any) -> None:
        kwargs.setdefault("size_hint", (0.96, 0.94))
        kwargs.setdefault("background_color", (0, 0, 0, 0.6))
        super().__init__(**kwargs)
        language = app.lang
        self.entry = rulebook.lookup(kind, item_id, language)
        self.kind, self.item_id = kind, item_id
        box = _paper()
        head = Label(text=f"[b]§ {escape_markup(topic_title(app, kind, item_id))}[/b]", markup=True,
                     font_size=sp(19), size_hint_y=None, height=dp(34), halign="left", valign="middle",
                     color=(0.1, 0.08, 0.05, 1), shorten=True)
        head.bind(size=lambda w, _v: setattr(w, "text_size", (w.width, None)))
        source = Label(text=app.t("From the rulebook: {book}").format(book=rulebook.edition_title(language)),
                       font_size=sp(12), size_hint_y=None, height=dp(20), halign="left", valign="middle",
                       color=(0.35, 0.3, 0.25, 1), shorten=True)
        source.bind(size=lambda w, _v: setattr(w, "text_size", (w.width, None)))
        self.body = _text_label(entry_markup(app, self.entry))
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(8))
        scroll.add_widget(self.body)
        close = Button(text=app.t("Close"), size_hint_y=None, height=dp(48), font_size=sp(16),
                       background_color=(0.35, 0.28, 0.2, 1))
        close.bind(on_release=lambda _b: self.dismiss())
        self.close_button = close
        for widget in (head, source, scroll, close):
            box.add_widget(widget)
        self.add_widget(box)


def _paper() -> BoxLayout:
    from kivy.graphics import Color, Rectangle
    box = BoxLayout(orientation="vertical", padding=dp(10), spacing=dp(6))
    with box.canvas.before:
        Color(0.98, 0.96, 0.9, 1)
        rect = Rectangle(pos=box.pos, size=box.size)
    box.bind(pos=lambda w, _v: setattr(rect, "pos", w.pos), size=lambda w, _v: setattr(rect, "size", w.size))
    return box


class RulebookSearch(ModalView):
    """Search the book of the table's language: a field, an on-screen keyboard, the paragraphs found."""

    def __init__(self, app: CompanionApp, **kwargs: Any) -> None:
        kwargs.setdefault("size_hint", (0.98, 0.98))
        kwargs.setdefault("background_color", (0, 0, 0, 0.6))
        super().__init__(**kwargs)
        from kivy.uix.vkeyboard import VKeyboard

        from ui.keyboard import layout_file
        self.app = app
        self.language = app.lang
        box = _paper()
        row = BoxLayout(size_hint_y=None, height=dp(44), spacing=dp(6))
        self.field = TextInput(hint_text=app.t("Search the rulebook"), multiline=False, font_size=sp(16),
                               keyboard_mode="managed", size_hint_x=0.7)
        self.field.bind(text=lambda _w, text: self.show(text))
        close = Button(text=app.t("Close"), font_size=sp(15), background_color=(0.35, 0.28, 0.2, 1))
        close.bind(on_release=lambda _b: self.dismiss())
        self.close_button = close
        row.add_widget(self.field)
        row.add_widget(close)
        self.results = _text_label("")
        self.results.font_size = sp(14)
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(8))
        scroll.add_widget(self.results)
        # the table's own layout, as the card search's (ui.keyboard): "pożar" typed as written, not "pozar"
        self.keyboard = VKeyboard(layout=str(layout_file(self.language)), size_hint=(1, None),
                                  height=dp(250), do_translation=False, do_rotation=False, do_scale=False)
        self.keyboard.do_translation = self.keyboard.do_rotation = self.keyboard.do_scale = False  # fixed in place
        self.keyboard.margin_hint = [0.03, 0.01, 0.03, 0.01]  # wider keys: a finger's 48 px where it fits
        self.keyboard.bind(on_key_up=self._key)
        for widget in (row, scroll, self.keyboard):
            box.add_widget(widget)
        box.bind(width=lambda b, w: setattr(self.keyboard, "width", w - b.padding[0] - b.padding[2]))  # a Scatter
        self.add_widget(box)
        self.show("")

    def _key(self, _keyboard: Any, keycode: Any, text: str | None, _modifiers: Any) -> None:
        name = keycode[1] if isinstance(keycode, tuple) else keycode
        if name == "backspace":
            self.field.text = self.field.text[:-1]
        elif name == "spacebar":
            self.field.text += " "
        elif text and len(text) == 1 and text.isprintable():
            self.field.text += text

    def show(self, query: str) -> None:
        hits = rulebook.search(query, self.language)
        if not query.strip():
            text = self.app.t("Type a word: the paragraphs of the rulebook holding it show here.")
        elif not hits:
            text = self.app.t("Nothing in the rulebook matches {query!r}.").format(query=query.strip())
        else:
            text = "\n\n".join(passage_markup(p.text) for p in hits)
        self.results.text = text
        self.hits = hits


def open_rulebook(kind: str, item_id: str) -> RulebookPopup | None:
    """Show the rule of a topic over the current screen (nothing when no app runs)."""
    app = running_app()
    if app is None:
        return None
    popup = RulebookPopup(app, kind, item_id)
    popup.open()
    app.rulebook_popup = popup
    return popup


def open_search() -> RulebookSearch | None:
    app = running_app()
    if app is None:
        return None
    popup = RulebookSearch(app)
    popup.open()
    app.rulebook_popup = popup
    return popup
