"""A new Ankh-Morpoly game set up by touch: how many players (two to eight, R7), their names in seating
order, the set on the table (US, German euro, German D-Mark; a German table's starts on its euro
set), the Fortuna and ELAM switches, and the table's rulings — every option the mode declares, with
its default and its one-line description, in a scrollable list (a tap cycles through its values),
in the table's language (``Translator.option_name``, ``option_about``, ``option_choice``). The guilds
are asked by the engine once the game starts (the board screen answers them).

The names are typed on the app's on-screen keyboard (:class:`NameBox`), and each box shows its whole
name, shrunk where needed. A table of five or more playing the variant without ELAM and without a
time limit is told, in one line above the rulings, that such a game can go on for very long (a
big team's FSUs cover all its guilds' conditions, L154, so nobody goes broke; see
docs/morpoly-rulings.md) and that a time limit (R8) ends it; a tap there sets one."""
from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.togglebutton import ToggleButton

from companion.core.mode import get_mode
from companion.morpoly.setup import MIN_PLAYERS
from ui.keyboard import TouchTextInput
from ui.palette import PLAYER_RGB, SHAPE
from ui.screens.base import GameScreen
from ui.screens.morpoly.common import paper, EDITION_NAMES, MODE_ID, PLAYER_IDS, N_
from ui.widgets import BigButton

SWITCHES = ("fortuna", "elam")
SWITCH_NAMES = {"fortuna": N_("Fortuna"), "elam": N_("ELAM")}
FIRST_OPTIONS = ("edition",) + SWITCHES
LONG_TABLE = 5
"""From this many players on, the variant without ELAM is told it may need a time limit (R8): the
simulator's random tables of five to eight run past 2,000 turns (docs/morpoly-rulings.md)."""
LANGUAGE_SETS = {"de": "de"}
"""The set a table speaking a language most likely has, where the companion knows it: a German
table's euro set (a German table was offered the US set, with its dollars and Boardwalk, and had to
find the button). Other languages start on the mode's default; a tap on a set is kept."""
SUGGESTED_LIMIT = "180"
"""The time limit a tap on the suggestion sets, in minutes (a value of ``time-limit-minutes``)."""


def long_without_end(count: int, values: dict[str, str]) -> bool:
    """A table that may play on for ever: five or more players, the variant (not plain Monopoly), no
    ELAM (whose lives end games) and no time limit yet."""
    return (count >= LONG_TABLE and values.get("base") != "standard" and values.get("elam") != "on"
            and values.get("time-limit-minutes") == "none")


def typed_width(text: str, font_name: str, font_size: float) -> float:
    """How wide a typed name is drawn in one line at ``font_size`` px, as a text box draws it: plain
    text (``ui.screens.home.text_width`` sets markup, and a name typed with "[b]" is no markup)."""
    return float(CoreLabel(font_name=font_name, font_size=font_size).get_extents(text)[0])


class NameBox(TouchTextInput):
    """A seat's name box, typed on the on-screen keyboard, that shows the whole name: the font shrinks
    from :attr:`FONT` to :attr:`FLOOR` sp until the name fits the box (eight seats give a box some
    160 px; a plain text box showed a long name's start or end only). A name too long even at the
    floor shows its end, where the typing stopped, when the box is not focused."""

    FONT = 16
    FLOOR = 11

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("multiline", False)
        kwargs.setdefault("write_tab", False)
        super().__init__(font_size=sp(self.FONT), **kwargs)
        self._refit = Clock.create_trigger(self.fit)
        self.padding = [dp(4), dp(6), dp(4), dp(6)]
        self.bind(text=self._refit, width=self._refit, focus=self._refit)
        self.bind(height=self._centre, line_height=self._centre)

    def room(self) -> float:
        """The width the text is drawn in (inside the padding)."""
        return float(self.width - self.padding[0] - self.padding[2])

    def _centre(self, *_args: Any) -> None:
        """The line in the middle of the box, at whatever size it is drawn."""
        gap = max(dp(2), (self.height - self.line_height) / 2)
        self.padding = [dp(4), gap, dp(4), gap]

    def fits(self) -> bool:
        return typed_width(self.text, self.font_name, self.font_size) <= self.room()

    def fit(self, *_args: Any) -> None:
        """The largest size from FONT down to FLOOR at which the whole name fits; then the view on
        its start (it fits) or, unfocused, on its end (it does not)."""
        for size in range(self.FONT, self.FLOOR - 1, -1):
            if typed_width(self.text, self.font_name, sp(size)) <= self.room():
                break
        self.font_size = sp(size)
        Clock.schedule_once(self._scroll)  # after the text is laid out again at the new size

    def _scroll(self, *_args: Any) -> None:
        if self.fits():
            self.scroll_x = 0
        elif not self.focus:
            self.cursor = (len(self.text), 0)


class MorpolySetupScreen(GameScreen):
    """See the module docstring."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.player_count = 3
        self.values: dict[str, str] = {o.name: o.default for o in get_mode(MODE_ID).options}
        self.names: list[str] = ["" for _ in PLAYER_IDS]
        self._built = False
        self._set_tapped = False
        """A set picked by a tap, kept whatever the language (:meth:`_table_set`)."""

    def answers_the_game(self) -> bool:
        """The new game's form shows no game's question (the guilds are asked on the board)."""
        return False

    def _build(self) -> None:
        root = BoxLayout(orientation="vertical", padding=dp(6), spacing=dp(4))
        paper(root)
        top = BoxLayout(size_hint_y=None, height=dp(48), spacing=dp(6))
        self.back_button = BigButton(size_hint_x=0.2)
        self.back_button.bind(on_release=lambda _b: self.app.show("home"))
        self.title_label = Label(bold=True, font_size=sp(19))
        self.start_button = BigButton(size_hint_x=0.3, background_color=(0.2, 0.5, 0.3, 1))
        self.start_button.bind(on_release=lambda _b: self.start())
        for w in (self.back_button, self.title_label, self.start_button):
            top.add_widget(w)
        root.add_widget(top)
        body = BoxLayout(spacing=dp(8))
        # half the width each: the name boxes, two a row, get some 160 px for a long name
        left = BoxLayout(orientation="vertical", size_hint_x=0.5, spacing=dp(4))
        self.count_row = BoxLayout(size_hint_y=None, height=dp(48), spacing=dp(4))
        self.count_buttons: dict[int, ToggleButton] = {}
        for n in range(MIN_PLAYERS, len(PLAYER_IDS) + 1):
            b = ToggleButton(text=str(n), group="morpoly-count", font_size=sp(20))
            b.bind(on_release=lambda _b, n=n: self.set_count(n))
            self.count_buttons[n] = b
            self.count_row.add_widget(b)
        left.add_widget(self.count_row)
        self.name_inputs: list[NameBox] = []
        # the seats in two columns, the first four on the left (a table of three or four fills the left
        # one, as the form always looked), each box marked with its seat's own colour and shape
        columns = BoxLayout(size_hint_y=None, height=4 * dp(44) + 3 * dp(4), spacing=dp(4))
        halves = [BoxLayout(orientation="vertical", spacing=dp(4)) for _ in range(2)]
        for i, pid in enumerate(PLAYER_IDS):
            row = BoxLayout(spacing=dp(2))
            swatch = Label(text=SHAPE[pid], color=(*PLAYER_RGB[pid], 1), font_size=sp(22), size_hint_x=None,
                           width=dp(26))
            field = NameBox()
            field.bind(text=lambda _f, v, i=i: self.names.__setitem__(i, v))
            row.add_widget(swatch)
            row.add_widget(field)
            self.name_inputs.append(field)
            halves[i // 4].add_widget(row)
        for half in halves:
            columns.add_widget(half)
        left.add_widget(columns)
        self.edition_row = BoxLayout(size_hint_y=None, height=dp(52), spacing=dp(4))
        self.edition_buttons: dict[str, ToggleButton] = {}
        for ed in ("us", "de", "de-dm"):
            b = ToggleButton(group="morpoly-edition", font_size=sp(14), halign="center")
            # wrapped inside a margin: at the button's full width "Tedesca (marchi)" touched both edges
            b.bind(size=lambda w, _v: setattr(w, "text_size", (w.width - dp(10), None)))
            b.bind(on_release=lambda _b, ed=ed: self.set_value("edition", ed))
            self.edition_buttons[ed] = b
            self.edition_row.add_widget(b)
        left.add_widget(self.edition_row)
        self.switch_buttons: dict[str, ToggleButton] = {}
        for name in SWITCHES:
            b = ToggleButton(size_hint_y=None, height=dp(48), font_size=sp(16), halign="center")
            b.bind(on_release=lambda btn, name=name: self.set_value(name, "on" if btn.state == "down" else "off"))
            self.switch_buttons[name] = b
            left.add_widget(b)
        left.add_widget(Label())
        body.add_widget(left)
        right = BoxLayout(orientation="vertical", size_hint_x=0.5, spacing=dp(2))
        self.long_table_row = self._long_table_row()
        self.rulings_column = right
        self.rulings_title = Label(bold=True, size_hint_y=None, height=dp(26), halign="left")
        self.rulings_title.bind(size=lambda w, _v: setattr(w, "text_size", (w.width, None)))
        # in half the width the German title takes two lines: its label grows to them
        self.rulings_title.bind(texture_size=lambda w, size: setattr(w, "height", max(dp(26), size[1])))
        right.add_widget(self.rulings_title)
        scroll = ScrollView(do_scroll_x=False)
        self.rulings = GridLayout(cols=1, spacing=dp(3), size_hint_y=None)
        self.rulings.bind(minimum_height=self.rulings.setter("height"))
        scroll.add_widget(self.rulings)
        self.rulings_scroll = scroll
        right.add_widget(scroll)
        body.add_widget(right)
        root.add_widget(body)
        self.add_widget(root)
        self.option_buttons: dict[str, BigButton] = {}
        self.option_names: dict[str, Label] = {}
        self.option_abouts: dict[str, Label] = {}
        for option in get_mode(MODE_ID).options:
            if option.name in FIRST_OPTIONS:
                continue
            row = BoxLayout(size_hint_y=None, height=dp(64), spacing=dp(4))
            desc = Label(font_size=sp(11), halign="left", valign="top", size_hint_y=None)
            desc.bind(width=lambda w, _v: setattr(w, "text_size", (w.width, None)))
            desc.bind(texture_size=lambda w, size: setattr(w, "height", size[1]))
            button = BigButton(size_hint_x=0.36, font_size=sp(13), halign="center")
            button.bind(size=lambda w, _v: setattr(w, "text_size", (w.width - dp(6), None)))
            button.bind(on_release=lambda _b, o=option: self.cycle(o.name))
            head = BoxLayout(orientation="vertical", size_hint_x=0.64)
            name = Label(bold=True, font_size=sp(13), size_hint_y=None, height=dp(18), halign="left",
                         shorten=True, shorten_from="right")
            name.bind(size=lambda w, _v: setattr(w, "text_size", (w.width, None)))
            head.add_widget(name)
            head.add_widget(desc)
            head.add_widget(Label())
            # a description longer than the row (German says more) makes its row taller
            desc.bind(height=lambda _w, h, r=row: setattr(r, "height", max(dp(64), h + dp(22))))
            row.add_widget(head)
            row.add_widget(button)
            self.option_buttons[option.name] = button
            self.option_names[option.name] = name
            self.option_abouts[option.name] = desc
            self.rulings.add_widget(row)
        self._built = True

    def _long_table_row(self) -> BoxLayout:
        """The suggestion of a time limit: one line and a button that sets it (shown by :meth:`update`)."""
        row = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(4))
        self.long_table_label = Label(font_size=sp(12), halign="left", valign="middle")
        self.long_table_label.bind(width=lambda w, _v: setattr(w, "text_size", (w.width, None)))
        # German and Polish say it in three lines: the row grows to them
        self.long_table_label.bind(texture_size=lambda _w, size: setattr(row, "height", max(dp(56), size[1] + dp(8))))
        self.time_limit_button = BigButton(size_hint_x=0.36, font_size=sp(13), halign="center")
        self.time_limit_button.bind(size=lambda w, _v: setattr(w, "text_size", (w.width - dp(6), None)))
        self.time_limit_button.bind(on_release=lambda _b: self.set_value("time-limit-minutes", SUGGESTED_LIMIT))
        row.add_widget(self.long_table_label)
        row.add_widget(self.time_limit_button)
        return row

    def _show_long_table(self, shown: bool) -> None:
        """The suggestion above the rulings while :func:`long_without_end` holds, gone otherwise."""
        row = self.long_table_row
        if shown and row.parent is None:
            self.rulings_column.add_widget(row, index=len(self.rulings_column.children))  # the top of the column
        elif not shown and row.parent is not None:
            self.rulings_column.remove_widget(row)

    def _table_set(self) -> None:
        """The set of the table's language (:data:`LANGUAGE_SETS`) until one is tapped."""
        if not self._set_tapped:
            default = next(o.default for o in get_mode(MODE_ID).options if o.name == "edition")
            self.values["edition"] = LANGUAGE_SETS.get(self.app.translator.language, default)

    def update(self) -> None:
        if not self._built:
            self._build()
        app = self.app
        self._table_set()
        self.back_button.text = "◀ " + app.t("Home")
        self.title_label.text = app.t("New Ankh-Morpoly game")
        self.start_button.text = "★ " + app.t("Start")
        self.rulings_title.text = app.t("The table's rulings (tap to change)")
        for n, b in self.count_buttons.items():
            b.state = "down" if n == self.player_count else "normal"
        for i, field in enumerate(self.name_inputs):
            field.disabled = i >= self.player_count
            field.opacity = 1 if i < self.player_count else 0.3
            field.hint_text = app.translator.color(PLAYER_IDS[i])
        for ed, b in self.edition_buttons.items():
            b.text = app.t(EDITION_NAMES[ed])
            b.state = "down" if self.values["edition"] == ed else "normal"
        for name, b in self.switch_buttons.items():
            on = self.values[name] == "on"
            b.state = "down" if on else "normal"
            b.text = f"{app.t(SWITCH_NAMES[name])}: {app.t('on') if on else app.t('off')}"
        self.long_table_label.text = app.t("Five or more players without ELAM can play on for very long: a time "
                                           "limit (R8) ends the game.")
        self.time_limit_button.text = app.t("Time limit {minutes} min").format(minutes=SUGGESTED_LIMIT)
        self._show_long_table(long_without_end(self.player_count, self.values))
        translator = app.translator
        for option in get_mode(MODE_ID).options:
            button = self.option_buttons.get(option.name)
            if button is None:
                continue
            value = self.values[option.name]
            self.option_names[option.name].text = translator.option_name(option.name)
            self.option_abouts[option.name].text = translator.option_about(option.name, option.description)
            button.text = translator.option_choice(option.name, value) + ("" if value == option.default else " ✎")

    def set_count(self, n: int) -> None:
        self.player_count = n
        self.update()

    def set_value(self, name: str, value: str) -> None:
        self.values[name] = value
        self._set_tapped = self._set_tapped or name == "edition"
        self.update()

    def cycle(self, name: str) -> None:
        """The next value of a ruling (a tap), back to the first after the last."""
        option = next(o for o in get_mode(MODE_ID).options if o.name == name)
        choices = option.choices
        self.values[name] = choices[(choices.index(self.values[name]) + 1) % len(choices)]
        self.update()

    def start(self) -> None:
        n = self.player_count
        players = list(PLAYER_IDS[:n])
        names = [self.names[i].strip() or self.app.translator.color(players[i]) for i in range(n)]
        self.app.start_game(players, names, "", mode=MODE_ID, options=dict(self.values))
