"""A real Kivy window for the UI tests (offscreen SDL without a display, or the Xvfb display CI
gives), an App started in it, and a driver that taps with real touch events.

Touches go through Kivy's event loop (``UnitTestTouch.touch_down/up`` then ``EventLoop.idle()``), which
delivers the lift to every widget that grabbed the touch with ``grab_current`` set — without that,
buttons never fire. Frames are drawn with ``EventLoop.idle()`` so screenshots and pixel checks see
what a player would.
"""
from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path
from typing import Any, Iterator

if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix="kivy-home-")
from ui.kivy_env import prepare  # noqa: E402

prepare()

from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "800")
Config.set("graphics", "height", "480")
Config.set("graphics", "resizable", "1")
Config.set("input", "mouse", "")  # no mouse provider: only our touches

import pytest  # noqa: E402

from ui.screenshots import stop_app  # noqa: E402  (the screenshot tool's: one way to close an app in this process)


class Driver:
    """Drives one running app: taps, frames, screenshots, and what a screen shows."""

    def __init__(self, app: Any) -> None:
        from kivy.core.window import Window
        self.app = app
        self.window = Window

    def frames(self, n: int = 3) -> None:
        from kivy.base import EventLoop
        for _ in range(n):
            EventLoop.idle()

    def tap_at(self, x: float, y: float, hold: float = 0.08) -> None:
        """A finger down at window pixel (x, y), held ``hold`` seconds, then lifted — through Kivy's
        own event loop, which routes the lift to the widgets that grabbed the touch (a ScrollView
        hands the press to its button only after ``scroll_timeout``, as with a real finger)."""
        import time
        from kivy.tests.common import UnitTestTouch
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        end = time.monotonic() + hold
        ticks = 0
        # A held finger stays down across frames as well as time: a ScrollView hands the press on
        # only after ``scroll_timeout`` *and* three frames (Kivy's rule for slow devices); lifted
        # before that, its button is released 0.2 s later, after this tap has returned.
        while time.monotonic() < end or (hold > 0 and ticks < 4):
            self.frames(1)
            ticks += 1
            time.sleep(0.005)
        if hold > 0:
            self.frames(1)  # one Clock tick after the hold has passed, however slow the last frame was
        touch.touch_up()
        self.frames(3)

    def tap(self, widget: Any) -> None:
        """Tap a widget's centre; it must be on screen (scrolled into view first if in a list).

        Waits for the real conditions a finger waits for, never a fixed time (on a loaded machine a
        tap was lost): before, until the widget stands still on screen (a question's buttons just
        built are laid out over a few frames, and a tap aimed at where a button was meets nothing);
        after, until an enabled button has released (a button in a list is pressed and released
        by its ScrollView up to 0.2 s after the finger lifts, on Kivy's clock, not at once)."""
        self.settle(widget)
        parent = widget.parent
        seen = 0
        in_scroll = False
        while parent is not None and parent is not self.window and seen < 50:
            seen += 1
            if parent.__class__.__name__ == "RecycleView":  # the row is in view already (its own scroll)
                in_scroll = True
                break
            if parent.__class__.__name__ == "ScrollView":
                if not _within(widget, parent):  # a list that fits is not scrolled: scroll_to pulled
                    parent.scroll_to(widget, padding=0, animate=False)  # it off and it sprang back
                self.wait_for(lambda sv=parent: _at_rest(sv), "the list to stop moving")
                in_scroll = True
                break
            parent = parent.parent
        if in_scroll:
            self.settle(widget)
        x, y = widget.to_window(*widget.center)
        assert 0 <= x <= self.window.width and 0 <= y <= self.window.height, f"{widget!r} is off screen at {(x, y)}"
        released: list[bool] = []
        waits = widget.is_event_type("on_release") and not widget.disabled
        uid = widget.fbind("on_release", lambda *_a: released.append(True)) if waits else 0
        try:
            self.tap_at(x, y, hold=0.08 if in_scroll else 0.0)
            self.wait_for(lambda: bool(released) or not waits,
                          f"{getattr(widget, 'text', widget)!r} to be released (tapped at {(x, y)}, now at "
                          f"{widget.to_window(*widget.center)}, {getattr(widget, 'state', '')}, "
                          f"on screen: {widget.get_root_window() is not None})")
        finally:
            if waits:
                widget.unbind_uid("on_release", uid)

    def settle(self, widget: Any, limit: int = 60) -> None:
        """Draw frames until ``widget`` stands at the same place on screen two frames running."""
        where = None
        for _ in range(limit):
            self.frames(1)
            now = (tuple(widget.to_window(*widget.pos)), tuple(widget.size))
            if now == where:
                return
            where = now

    def wait_for(self, condition: Any, what: str, seconds: float = 30.0) -> None:
        """Draw frames until ``condition()`` holds (``seconds`` only stops a broken test hanging)."""
        import time
        end = time.monotonic() + seconds
        while not condition():
            assert time.monotonic() < end, f"gave up waiting for {what}"
            self.frames(1)
            time.sleep(0.005)

    @property
    def screen(self) -> Any:
        return self.app.manager.current_screen

    def unfinished(self) -> list[Any]:
        """Home's buttons back to the unfinished games other than the open one, newest first."""
        from kivy.uix.button import Button
        assert self.screen.name == "home", self.screen.name
        return [w for w in self.screen.ids.past.children if isinstance(w, Button)][::-1]

    def nav(self, id_: str) -> Any:
        """The shared top bar's button ``id_`` (``nav_home``, ``nav_settings``…) as the screen shown
        has it (``ui.bars``: one bar, lent to the screen on show)."""
        bar = self.screen.children[0].children[-1]
        assert id_ in bar.ids, f"no shared top bar with {id_} on {self.screen.name}"
        return bar.ids[id_]

    def option(self, value: str) -> Any:
        """The current screen's option button for ``value``."""
        panel = self.panel()
        button = panel.button_for(value)
        assert button is not None, f"no option {value!r} on {self.screen.name}: {[b.value for b in panel.buttons]}"
        return button

    def panel(self) -> Any:
        screen = self.screen
        if screen.name == "setup":
            return screen.question_panel
        return screen.ids.question

    def choose(self, value: str) -> None:
        """Pick an option by tapping its button; a card in a long list is searched for first. A card
        the engine accepts but the touch list leaves out (a brown card while the green deck lies on
        top, issue 14) is scanned, as a table holding it would."""
        panel = self.panel()
        button = panel.button_for(value)
        question = self.app.game.question if self.app.game is not None else None
        if button is None and question is not None and value in question.options and panel.search is not None:
            from types import SimpleNamespace
            self.app.on_card_scan(SimpleNamespace(kind="card", card=value))
            self.frames(2)
            return
        assert button is not None, f"no option {value!r}: {[b.value for b in panel.buttons]}"
        if panel.search is not None and button.parent is panel.option_grid:
            panel.search.text = button.text.split("\n")[0]  # typed into the search box
            self.frames(2)
        self.tap(button)

    def texts(self, widget: Any = None) -> str:
        """Every label text under ``widget`` (default: the current screen), joined; a map's area
        names and chips too (drawn as textures, not Label widgets)."""
        from kivy.uix.label import Label
        from ui.mapwidget import MapWidget
        root = widget or self.screen
        out = []
        for w in root.walk():
            if isinstance(w, Label) and w.text:
                out.append(w.text)
            elif isinstance(w, MapWidget):
                out += [t.text for t in w.drawn_texts()]
        return "\n".join(out)

    def screenshot(self, path: Path) -> Path:
        """Window.screenshot numbers its files; rename to exactly ``path``."""
        self.frames(3)
        path.parent.mkdir(parents=True, exist_ok=True)
        made = self.window.screenshot(name=str(path))
        Path(made).replace(path)
        return path


def _window_box(widget: Any) -> tuple[float, float, float, float]:
    x, y = widget.to_window(*widget.pos)
    return x, y, x + widget.width, y + widget.height


def _within(widget: Any, view: Any) -> bool:
    """Whether ``widget`` is wholly in sight in the scroll view ``view``."""
    x, y, right, top = _window_box(widget)
    vx, vy, vright, vtop = _window_box(view)
    return vx <= x and right <= vright and vy <= y and top <= vtop


def _at_rest(view: Any) -> bool:
    """Whether a scroll view's content has stopped moving: Kivy's scroll effects move it on the
    clock's time (a list pulled past its end springs back over some frames), so a finger aimed at a
    button while they run meets the button's old place."""
    for effect in (view.effect_x, view.effect_y):
        if effect is not None and (abs(effect.velocity) > 1e-3 or getattr(effect, "overscroll", 0.0)):
            return False
    return True


def start_app(data_dir: Path, **settings: Any) -> Any:
    from kivy.base import EventLoop
    from ui.app import make_app
    from ui.settings import AppSettings

    app = make_app(data_dir=data_dir, settings=AppSettings(**settings), rng=random.Random(7))
    app._run_prepare()
    EventLoop.ensure_window()
    if EventLoop.status != "started":
        EventLoop.start()
    return app


def seat_three(app: Any, language: str) -> None:
    """Ann, Bob and Cy (red, yellow, green) sat at a new game in ``language``: every player rolls
    for the first player (no tie) and picks a personality (Vetinari, Rust, Vimes); the first
    player's turn then waits for a card."""
    app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], language)
    while app.game.question.kind == "roll":
        app.on_die_roll(len(app.session.inputs) + 1, "manual")
    for personality in ("vetinari", "rust", "vimes"):
        assert app.answer(personality), app.message


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The games replayed from the journal, in order: each call of the session's fold of a timeline
    is one replay (a start replays only the game the table was on, issue 16). Every replay goes
    through ``fold_timeline``: a resume calls it with the fold its reading of the rows made, and
    ``fold`` of entries calls it too."""
    import companion.core.session as session_module
    folded: list[int] = []
    fold_timeline = session_module.fold_timeline

    def counted(rules: Any, record: Any, timeline: Any) -> Any:
        folded.append(record.id)
        return fold_timeline(rules, record, timeline)

    monkeypatch.setattr(session_module, "fold_timeline", counted)
    return folded


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    app = start_app(tmp_path / "data")
    d = Driver(app)
    d.frames(3)
    try:
        yield d
    finally:
        stop_app(app)


@pytest.fixture
def discworld_revision_4(monkeypatch: pytest.MonkeyPatch) -> None:
    """New Discworld games are started with rules revision 4, as a companion before revision 5 did: a
    test whose position or seeded game was found under it (revision 5 skips unasked a symbol no usable
    City Area power can help, so the same seed plays another game)."""
    from companion.morpork.mode import AnkhMorporkMode
    from companion.morpork.revisions import EMPTY_BANK_UNASKED
    monkeypatch.setattr(AnkhMorporkMode, "revision", EMPTY_BANK_UNASKED)
