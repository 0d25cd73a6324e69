"""Widgets the screens share: the question panel (a question's options as big buttons, the illegal
ones greyed with their reason), the privacy gate, and the die-face pad.

The panel draws exactly ``question.options`` and ``question.unavailable``; it computes no legality.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from ui.keyboard import TouchTextInput  # noqa: F401  (registers the kv class)
from ui.palette import PLAYER_RGB, REASON_TEXT_RGB, UNAVAILABLE_BG_RGB, hex_color, piece_mark
from ui.rulebook_view import LongPress, topic_for_value
from ui.running import running_app

if TYPE_CHECKING:
    from companion.core.procedure import Question
    from companion.morpork.game import Game
    from companion.morpork.state import State
    from ui.companion_app import CompanionApp

TOUCH = 48  # minimum touch target, in pixels at 800×480 (dp == px at density 1)
SEARCH_FROM = 12  # a longer list of cards gets a search box


def app_card(value: str) -> bool:
    from companion.morpork.catalog import CARD_BY_ID
    return value in CARD_BY_ID


class BigButton(LongPress, Button):
    """A button at least 48 px tall whose label wraps inside it. An option naming an area, a City
    Area card, a card, an event or a personality shows its rule on a long press."""

    reason: str = StringProperty("")
    value: str = StringProperty("")
    grows: bool = BooleanProperty(False)
    """Taller than its ``height`` when its wrapped words need it (a button in a scrolled list): a
    label wrapped into more lines than a fixed height holds loses its first and last lines (a German
    "Ein Haus verkaufen auf Mediterranean Avenue" read "auf Mediterranean Avenue")."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", dp(TOUCH))
        kwargs.setdefault("font_size", sp(14))
        kwargs.setdefault("halign", "center")
        kwargs.setdefault("valign", "middle")
        kwargs.setdefault("markup", True)
        self._least = kwargs["height"]
        super().__init__(**kwargs)
        self.bind(size=self._wrap, value=self._topic)
        self._wrap()
        self._topic()

    def _topic(self, *_args: Any) -> None:
        topic = topic_for_value(self.value) if self.value else None
        self.topic = list(topic) if topic else []

    def _wrap(self, *_args: Any) -> None:
        if self.grows:
            self.text_size = (self.width - dp(8), None)
        else:
            self.text_size = (self.width - dp(8), self.height - dp(4))

    def on_texture_size(self, _button: Any, size: list[float]) -> None:
        if self.grows:
            self.height = max(self._least, size[1] + dp(12))


def player_markup(color: str | None, name: str | None = None) -> str:
    """A player as coloured text with their mark (shape in colour-blind mode)."""
    if not color:
        return ""
    app = running_app()
    colorblind = bool(app and app.colorblind)
    shown = name or (app.translator.color(color) if app else color)
    return f"[color={hex_color(PLAYER_RGB[color])}]{piece_mark(color, colorblind)}[/color] {shown}"


def player_labels(state: State) -> dict[str, str]:
    """Each player's name with their colour's dot (their shape in colour-blind mode), for sentences."""
    return {p.color: player_markup(p.color, p.name) for p in state.players}


def player_name(state: State, color: str | None) -> str:
    if not color:
        return ""
    try:
        name = state.player(color).name
    except KeyError:
        name = None
    return player_markup(color, name)


def open_game(app: Any) -> tuple[int, str] | None:
    """The app's open game (its journal id and creation stamp), or None.

    A position is a game's step: two games at the same step (Home goes back to either) are two
    positions. Told apart by the step alone, the privacy gate a player had opened at step 2 of one
    game stayed open at step 2 of the other — its player's secret options shown to the table — and
    the panel, its question equal and at the same address, kept the other game's sentence ("Eve:
    scan or pick your secret personality" in Ann, Bob and Cy's game)."""
    record = getattr(getattr(app, "session", None), "record", None)
    return None if record is None else (record.id, record.created)


class QuestionPanel(BoxLayout):
    """The current question: its sentence, then one big button per option (legal first, then the
    illegal ones greyed with the reason), or the die pad for a roll. A private question is hidden
    behind a gate until its player taps "show"; after the answer it hides again."""

    question: Question | None = ObjectProperty(None, allownone=True)
    game: Game | None = ObjectProperty(None, allownone=True)
    revealed = BooleanProperty(False)
    columns = ObjectProperty(2)
    buttons: list[BigButton] = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("spacing", dp(4))
        super().__init__(**kwargs)
        self._signature: tuple[Any, ...] | None = None
        self._seen_seq: object = object()
        self._cache: dict[str, BigButton] = {}
        self.search: TextInput | None = None
        self.scroll: ScrollView | None = None
        self.jump_bar: BoxLayout | None = None
        self.not_found: Label | None = None
        self._listed: set[str] = set()
        self.option_grid: GridLayout | None = None
        self._fit: tuple[int, Label, bool] | None = None
        self.bind(question=self._rebuild, game=self._rebuild, revealed=self._rebuild, size=self._refit)

    def rebuild(self) -> None:
        self._rebuild()

    def _rebuild(self, *_args: Any) -> None:
        """Rebuild only when something shown changed: a screen update sets game and question and
        asks again, and building ~100 card buttons is the slowest thing the app does."""
        app = running_app()
        seq = (open_game(app), self.game.seq if self.game is not None else None)
        if seq != self._seen_seq:
            self._seen_seq = seq
            if self.revealed:
                self.revealed = False  # a new position: the privacy gate closes again
                return  # the revealed binding has rebuilt already
        signature = (id(self.question), self.question, seq, self.revealed,
                     app.lang if app else None, app.colorblind if app else None)
        if signature == self._signature:
            return
        self._signature = signature
        for child in list(self.walk(restrict=True)):
            if isinstance(child, GridLayout):
                child.clear_widgets()
        if self.search is not None:
            self.search.focus = False  # the keyboard goes with the question it typed for
        self.clear_widgets()
        self.buttons = []
        self.search = None
        self.jump_bar = None
        self.scroll = None
        self.not_found = None
        self.option_grid = None
        self._fit = None
        app = running_app()
        q = self.question
        if q is None or app is None:
            return
        state = self.game.state if self.game is not None else None
        who = player_name(state, q.player) if state is not None and q.player else ""
        # behind the gate the whole table reads the title: a question that shows its player a
        # secret in its sentence (Mrs Cake's "unused personalities: …") says its gated form
        text = app.translator.question(q) if self.revealed else app.translator.public_question(q)
        title = Label(text=(who + ": " if who else "") + text, markup=True, font_size=sp(15), bold=True,
                      size_hint_y=None, halign="left", valign="middle", color=(0.1, 0.1, 0.1, 1))
        title.bind(width=lambda w, _v: setattr(w, "text_size", (w.width, None)),
                   texture_size=lambda w, ts: setattr(w, "height", max(dp(32), ts[1] + dp(6))))
        self.add_widget(title)
        if q.kind == "roll":
            self.add_widget(DiePad(size_hint_y=None, height=dp(TOUCH) * 3 + dp(4) + dp(20) + dp(6) * 3))
            self.add_widget(Widget())  # keeps the pad under the question, not at the bottom
            return
        if q.kind == "random":
            self.add_widget(Label(text=app.t("Drawing at random…"), color=(0.2, 0.2, 0.2, 1)))
            return
        if q.private and not self.revealed:
            gate = BigButton(text=app.t("Only {player} may look: tap to show").format(player=who),
                             height=dp(96), background_color=(0.3, 0.3, 0.5, 1))
            gate.bind(on_release=lambda _b: setattr(self, "revealed", True))
            self.add_widget(gate)
            self.add_widget(Widget())
            self.buttons = [gate]
            return
        long_list = sum(1 for o in q.options if app.translator.is_card(o)) > SEARCH_FROM  # cards: search
        actions = [o for o in q.options if not (long_list and app.translator.is_card(o))]
        cards = [o for o in q.options if long_list and app.translator.is_card(o)]
        self._listed = set()
        if long_list:
            cards = self._hand_cards(state, q, cards)
            self._listed = set(cards)
            self._build_search(app, q, actions)
        self._fit = (len(cards if long_list else actions) + len(q.unavailable), title, long_list)
        grid = GridLayout(cols=int(self.columns), spacing=dp(4), size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        self.option_grid = grid
        for value in (cards if long_list else actions):
            grid.add_widget(self._option_button(value))
        for value, reason in q.unavailable:
            shown = app.translator.reason(reason)
            button = BigButton(text=f"{app.translator.option(value)}\n[size={int(sp(11))}]{shown}[/size]",
                               value=value, reason=shown, disabled=True, height=dp(56),
                               background_disabled_normal="", background_color=(*UNAVAILABLE_BG_RGB, 1),
                               disabled_color=(*REASON_TEXT_RGB, 1))  # legible: contrast >= 4.5:1
            grid.add_widget(button)
            self.buttons.append(button)
        self._set_columns(grid, self._columns_for(*self._fit))
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroll.add_widget(grid)
        self.scroll = scroll
        self.add_widget(scroll)
        if long_list:
            self._build_jump_bar(cards)
            typed = app.typed_now()
            if typed is not None and self.search is not None:  # typed before a restart: shown, not chosen
                self.search.text = typed.search
            if actions:
                row = GridLayout(cols=max(1, len(actions)), spacing=dp(4), size_hint_y=None)
                row.bind(minimum_height=row.setter("height"))
                for value in actions:
                    row.add_widget(self._option_button(value))
                self.add_widget(row)

    def _hand_cards(self, state: State | None, q: Question, cards: list[str]) -> list[str]:
        """The offered cards in the order of their shown names; a card asked for from a hand (not
        turned up from the draw pile) only when the deck's order lets a hand hold it (the engine's
        :func:`~companion.morpork.hidden_cards.may_be_in_a_hand`)."""
        from companion.morpork.hidden_cards import may_be_in_a_hand
        from ui.cardsearch import sort_key
        app = running_app()
        assert app is not None  # drawn only inside the running app
        if state is not None and not q.reveals:
            cards = [c for c in cards if may_be_in_a_hand(state, c)]
        return sorted(cards, key=lambda c: sort_key(app.translator.option(c)))

    def _build_search(self, app: CompanionApp, q: Question, actions: list[str]) -> None:
        """The search box (typed on the on-screen keyboard) and the line that says why nothing matches."""
        row = BoxLayout(size_hint_y=None, height=dp(TOUCH), spacing=dp(4))
        search = TouchTextInput(hint_text=app.t("Search or scan the card") + " …", multiline=False,
                                font_size=sp(16))
        search.bind(text=lambda _w, text: self._typed(text), focus=lambda _w, _f: self._show_jump_bar())
        clear = BigButton(text="✕", size_hint_x=None, width=dp(TOUCH))
        clear.bind(on_release=lambda _b: setattr(search, "text", ""))
        row.add_widget(search)
        row.add_widget(clear)
        self.search = search
        self.clear_button = clear
        self.add_widget(row)
        note = Label(text="", markup=True, size_hint_y=None, height=0, font_size=sp(13), color=(0.1, 0.1, 0.1, 1),
                     halign="left", valign="middle", opacity=0)
        note.bind(width=lambda w, _v: setattr(w, "text_size", (w.width, None)))
        self.not_found = note
        self.add_widget(note)

    def _build_jump_bar(self, cards: list[str]) -> None:
        """A–Z in a few buttons ("A–C", "D–F" …): a tap scrolls the list to the first such card."""
        from ui.cardsearch import jump_groups
        app = running_app()
        assert app is not None  # drawn only inside the running app
        bar = BoxLayout(size_hint_y=None, height=dp(40), spacing=dp(2))
        self.jump_buttons: dict[str, BigButton] = {}
        for group in jump_groups([(c, app.translator.option(c)) for c in cards]):
            button = BigButton(text=group.label, value=group.first, height=dp(40), font_size=sp(13),
                               background_color=(0.45, 0.38, 0.3, 1))
            button.bind(on_release=lambda b: self.jump_to(b.value))
            bar.add_widget(button)
            self.jump_buttons[group.label] = button
        self.jump_bar = bar
        self._show_jump_bar()

    def _show_jump_bar(self) -> None:
        """The jump bar while browsing; out of the way while typing (the keyboard needs the room)."""
        bar, scroll = getattr(self, "jump_bar", None), getattr(self, "scroll", None)
        if bar is None or scroll is None or scroll.parent is not self:
            return
        hide = self.search is not None and (self.search.focus or bool(self.search.text.strip()))
        if hide and bar.parent is self:
            self.remove_widget(bar)
        elif not hide and bar.parent is None:
            self.add_widget(bar, index=self.children.index(scroll) + 1)

    def jump_to(self, card: str) -> None:
        button = self.button_for(card)
        if button is not None and button.parent is not None and self.scroll is not None:
            self.scroll.scroll_to(button, padding=dp(2), animate=False)
            self.scroll.scroll_y = min(1.0, max(0.0, self.scroll.scroll_y))

    def _refit(self, *_args: Any) -> None:
        """The panel is often built before its screen is laid out: fit the columns to the real size."""
        if self.option_grid is not None and self._fit is not None:
            self._set_columns(self.option_grid, self._columns_for(*self._fit))

    def _set_columns(self, grid: GridLayout, cols: int) -> None:
        """Three narrower columns get a slightly smaller font, so "Drachenlandeplatz" stays one word."""
        grid.cols = cols
        for button in self.buttons:
            button.font_size = sp(12) if cols > 2 else sp(14)

    def _columns_for(self, count: int, title: Label, long_list: bool) -> int:
        """Two columns, or three when two would push the last options (often "Skip") below the
        fold at 800×480 — a player should see every choice without scrolling when it can fit."""
        if long_list or self.height <= 0 or self.width < dp(3 * 120):
            return int(self.columns)
        title.texture_update()
        room = self.height - max(dp(32), title.texture_size[1] + dp(6)) - self.spacing
        rows = -(-count // int(self.columns))
        needed = rows * (dp(TOUCH) + dp(4)) + dp(8)  # greyed buttons are a little taller
        return int(self.columns) + 1 if needed > room else int(self.columns)

    def _option_button(self, value: str) -> BigButton:
        """A legal option's button; kept between questions (the card list recurs every turn)."""
        app = running_app()
        assert app is not None  # drawn only inside the running app
        text = app.translator.option(value)
        holder, colon, card = value.partition(":")
        state = self.game.state if self.game is not None else None
        if colon and state is not None and state.has_player(holder):  # who plays which interrupt
            text = f"{player_name(state, holder)}: {app.translator.option(card)}"
        button = self._cache.get(value)
        if button is None:
            button = BigButton(text=text, value=value)
            button.bind(on_release=self._chosen)
            self._cache[value] = button
        elif button.text != text:
            button.text = text
        if button.parent is not None:
            button.parent.remove_widget(button)
        self.buttons.append(button)
        return button

    def _typed(self, text: str) -> None:
        """The search text changed: the list follows it, and the app keeps it for a restart."""
        self._filter(text)
        app = running_app()
        if app is not None:
            app.note_typed(search=text)

    def _filter(self, text: str) -> None:
        """Show only the offered cards known by the search text in any language, in English or by
        id (accents and case ignored); when none is, say why (already played, no such card …)."""
        from ui.cardsearch import matches, why_not_found
        grid = self.option_grid
        if grid is None:
            return
        for button in list(grid.children):
            grid.remove_widget(button)
        offered = []
        for button in self.buttons:
            if button.parent is None and not button.disabled and app_card(button.value) \
                    and button.value in self._listed and matches(button.value, text):
                grid.add_widget(button)
                offered.append(button.value)
        app = running_app()
        why = ""
        if not offered and app is not None and self.question is not None:
            state = self.game.state if self.game is not None else None
            name = player_name(state, self.question.player) if state is not None else ""
            why = why_not_found(text, state, list(self._listed), name, app.t)
        note = getattr(self, "not_found", None)
        if note is not None:
            note.text = why
            note.height, note.opacity = (dp(30), 1) if why else (0, 0)
        self._show_jump_bar()
        scroll = getattr(self, "scroll", None)
        if scroll is not None:
            scroll.scroll_y = 1

    def _chosen(self, button: BigButton) -> None:
        app = running_app()
        if app is not None:
            app.answer(button.value)

    def button_for(self, value: str) -> BigButton | None:
        for button in self.buttons:
            if button.value == value:
                return button
        return None


class DiePad(BoxLayout):
    """Roll the simulated die, or type the face the real die shows (when it cannot report it)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("spacing", dp(6))
        super().__init__(**kwargs)
        app = running_app()
        assert app is not None  # drawn only inside the running app
        simulated = app.devices.die_status.simulated and app.devices.die is not None
        if simulated:
            roll = BigButton(text="⚄ " + app.t("Roll the simulated die"), background_color=(0.2, 0.5, 0.3, 1))
            roll.bind(on_release=lambda _b: app.devices.roll_simulated())
            self.roll_button: BigButton | None = roll
            self.add_widget(roll)
        else:
            self.roll_button = None
            self.add_widget(Label(text=app.t("Roll the die"), size_hint_y=None, height=dp(TOUCH),
                                  color=(0.1, 0.1, 0.1, 1), font_size=sp(18)))
        grid = GridLayout(cols=6, spacing=dp(4), size_hint_y=None, height=dp(TOUCH) * 2 + dp(4))
        self.face_buttons: dict[int, BigButton] = {}
        for face in range(1, 13):
            button = BigButton(text=str(face), value=str(face))
            button.bind(on_release=lambda b: app.on_die_roll(int(b.value), "manual"))
            self.face_buttons[face] = button
            grid.add_widget(button)
        hint = Label(text=app.t("or tap the face the die shows:"), size_hint_y=None, height=dp(20),
                     color=(0.3, 0.3, 0.3, 1), font_size=sp(12))
        self.add_widget(hint)
        self.add_widget(grid)
