"""The on-screen keyboard: a touch-only table (the Pi's screen, no keyboard) types player names, card
searches and the Settings' advanced fields with it.

One :class:`TouchKeyboard` (Kivy's own :class:`~kivy.uix.vkeyboard.VKeyboard`) per app, docked
across the full width of the window while a text box has the focus, in the layout of the UI language
(``ui/data/keyboards/<lang>.json``: QWERTZ with ä ö ü ß for German, QWERTY with ą ć ę ł ń ó ś ź ż for
Polish, with à è é ì ò ù for Italian). It sits at the bottom of the window, or at the top when the
text box is lower than the keyboard is tall. A physical keyboard, where there is one, still types too.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.metrics import dp
from kivy.uix.behaviors import FocusBehavior
from kivy.uix.textinput import TextInput
from kivy.uix.vkeyboard import VKeyboard

LAYOUT_DIR = Path(__file__).parent / "data" / "keyboards"
KEYBOARD_HEIGHT = 200  # px at 800×480: four rows of keys about 45 px tall


def layout_file(language: str) -> Path:
    """The keyboard layout for a UI language (English's for an unknown one)."""
    path = LAYOUT_DIR / f"{language}.json"
    return path if path.exists() else LAYOUT_DIR / "en.json"


class TouchKeyboard(VKeyboard):
    """Kivy's virtual keyboard, docked; its taps keep the text box focused, ⇧ capitalises one letter."""

    have_capslock: bool  # VKeyboard's own property (declared for mypy only)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("docked", True)
        kwargs.setdefault("do_translation", False)
        kwargs.setdefault("do_rotation", False)
        kwargs.setdefault("do_scale", False)
        kwargs.setdefault("layout", str(layout_file("en")))
        kwargs.setdefault("font_size", dp(22))
        kwargs.setdefault("margin_hint", [0.03, 0.01, 0.03, 0.01])
        super().__init__(**kwargs)
        self.target: TextInput | None = None
        self.bind(on_textinput=self._typed, on_key_down=self._special)

    def setup_mode_dock(self, *_args: Any) -> None:
        """Full window width at scale 1 (Kivy's dock scales the whole keyboard up instead)."""
        self.do_translation = self.do_rotation = self.do_scale = False
        self.rotation = 0
        self.scale = 1
        win = self.get_parent_window()
        if win is not None:
            self.size = (win.width, dp(KEYBOARD_HEIGHT))
            self.place()

    def _update_dock_mode(self, *_args: Any) -> None:
        self.setup_mode_dock()

    def place(self) -> None:
        """At the bottom of the window, unless that would hide the text box being typed into."""
        win = self.get_parent_window()
        if win is None:
            return
        self.x = 0
        self.y = 0
        if self.target is not None:
            _x, target_y = self.target.to_window(self.target.x, self.target.y)
            if target_y < self.height:
                self.y = win.height - self.height

    def key_center(self, label: str) -> tuple[float, float]:
        """Where the key showing ``label`` is, in window pixels (a test taps there like a finger)."""
        layout = self.available_layouts[self.layout]
        rows = int(layout["rows"])
        mtop, _mright, mbottom, _mleft = self.margin_hint
        line_height = (self.height - (mbottom + mtop) * self.height) / rows
        for line in range(1, rows + 1):
            keys = layout[f"{self.layout_mode}_{line}"]
            for index, key in enumerate(keys):
                if key[0] == label:
                    (x_hint, _y_hint), (w_hint, _h_hint) = self.layout_geometry[f"LINE_HINT_{line}"][index]
                    x = (x_hint + w_hint / 2) * self.width
                    y = mbottom * self.height + (rows - line + 0.5) * line_height
                    wx, wy = self.to_window(self.x + x, self.y + y)  # docked at the top too (y > 0)
                    return float(wx), float(wy)
        raise KeyError(f"no key {label!r} on the {self.layout_mode} layer of {layout['title']!r}")

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            FocusBehavior.ignored_touch.append(touch)  # typing does not take the focus away
        return bool(super().on_touch_down(touch))

    def _typed(self, _keyboard: Any, text: str) -> None:
        if self.target is not None:
            self.target.insert_text(text)
        if self.have_capslock:
            self.have_capslock = False  # ⇧ is for one letter, as on a phone

    def _special(self, _keyboard: Any, keycode: Any, text: Any, _modifiers: Any) -> None:
        target = self.target
        if target is None:
            return
        if keycode == "backspace":
            target.do_backspace()
        elif keycode == "spacebar" and text is None:
            target.insert_text(" ")
        elif keycode == "enter":
            target.dispatch("on_text_validate")
            target.focus = False


class KeyboardDock:
    """Shows the app's one :class:`TouchKeyboard` while a :class:`TouchTextInput` has the focus, in
    the layout of the app's language at that moment."""

    def __init__(self) -> None:
        self.keyboard: TouchKeyboard | None = None

    @staticmethod
    def of(app: Any) -> KeyboardDock:
        """The app's dock (made on first use: an app nobody types in never builds a keyboard)."""
        dock = getattr(app, "keyboard_dock", None)
        if dock is None:
            dock = KeyboardDock()
            app.keyboard_dock = dock
        return dock

    @property
    def shown(self) -> bool:
        return self.keyboard is not None and self.keyboard.parent is not None

    def _focus_changed(self, text_input: TextInput, focused: bool) -> None:
        from kivy.core.window import Window
        if focused:
            from kivy.app import App
            app = App.get_running_app()
            layout = str(layout_file(getattr(app, "lang", "en")))
            keyboard = self.keyboard
            if keyboard is None:
                keyboard = self.keyboard = TouchKeyboard(layout=layout)
            elif keyboard.layout != layout:
                keyboard.layout = layout
            keyboard.target = text_input
            if keyboard.parent is None:
                Window.add_widget(keyboard)
            keyboard.setup_mode_dock()
        elif self.keyboard is not None and self.keyboard.target is text_input:
            self.keyboard.target = None
            if self.keyboard.parent is not None:
                self.keyboard.parent.remove_widget(self.keyboard)


class TouchTextInput(TextInput):
    """A text box typed with the app's on-screen keyboard (the kv files use it for every text box)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(focus=self._dock)

    def _dock(self, _widget: Any, focused: bool) -> None:
        from kivy.app import App
        app = App.get_running_app()
        if app is not None:
            KeyboardDock.of(app)._focus_changed(self, focused)
