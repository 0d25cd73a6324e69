"""What every screen shares: redraw when the app's ``revision`` changes (a new game value, a language
switch, colour-blind mode), but only while the screen is showing — hidden screens catch up on enter.
A screen's maps (:attr:`GameScreen.MAPS`) drop their drawing when another screen is shown and draw
again on the frame after the screen comes back: Kivy's screen manager keeps every screen built, and
a hidden map's texts and instructions were memory no one looked at (issue 16: the app's memory
after opening every screen). A map is drawn again on enter anyway whenever the game moved on.
For the same reason the top bar and status bar are the app's one pair, lent to the screen shown
(:mod:`ui.bars`).

A Kivy widget is a reference cycle (it binds its own methods to its own properties), so widgets a
screen drops on leave are not freed when the last reference goes but at Python's next full
collection — which, with the app's hundred thousand long-lived objects, comes only after tens of
thousands of new ones. A screen that drops widgets (:attr:`GameScreen.DROPS_WIDGETS`) asks for
that collection on the frame after it left, once the next screen is drawn (issue 16: some 3 MB
of dropped cells and forms were still held after opening every screen of a resumed game).

A whole collection walks every live object — with a long game, 60–100 ms here, three or four times
that on a Pi: frames dropped right after a tap. So the first one after a screen was built (once the
screen shown holds nothing it will drop) also freezes what survives it (``gc.freeze``): the screens,
the bars, the game. The collections after it walk only what was made since, the dropped widgets
among it (a fifth of the time, ``benchmarks/bench_scale.py``). Nothing stays frozen for good: the
next such freeze unfreezes first, so what died in between is freed then; until then at most what
was alive at one freeze and died since is held (some 7,000 small objects, mostly Kivy bindings)."""
from __future__ import annotations

import gc
from typing import TYPE_CHECKING, Any, cast

from kivy.app import App
from kivy.clock import Clock
from kivy.uix.screenmanager import Screen

from ui.bars import BarSlot, lend, shared_bar, slots_of
from ui.widgets import QuestionPanel

if TYPE_CHECKING:
    from ui.companion_app import CompanionApp


class GameScreen(Screen):
    """A screen that draws from ``app.game``; subclasses implement :meth:`update`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._trigger = Clock.create_trigger(lambda _dt: self._update_if_shown(), -1)
        self._collect = Clock.create_trigger(lambda _dt: self._collect_dropped(), 0)
        if App.get_running_app() is not None:  # built when first shown: bind now, the next change is near
            self._bind_app(0)
        else:
            Clock.schedule_once(self._bind_app, 0)

    def _bind_app(self, _dt: float) -> None:
        app = App.get_running_app()
        self._bound_app = app
        if app is not None:
            app.bind(revision=lambda *_a: self._trigger())

    MAPS: tuple[str, ...] = ()
    """The ids of the screen's maps (:class:`ui.mapwidget.MapWidget`)."""

    _bar_slots: list[BarSlot] | None = None
    """The screen's bar placeholders (:mod:`ui.bars`), found the first time the screen borrows the bars."""

    DROPS_WIDGETS = False
    """True for a screen whose :meth:`release` drops widgets: garbage collected after it left
    (see the module docstring). A map's drawing holds no widget and is freed at once."""

    def on_pre_enter(self, *_args: Any) -> None:
        self.borrow_bars()
        self.update()
        for name in self.MAPS:
            self.ids[name].redraw_soon()

    def on_leave(self, *_args: Any) -> None:
        self.close_gates()
        self.release()
        if self.DROPS_WIDGETS:
            self._collect()

    def answers_the_game(self) -> bool:
        """Whether this screen shows the open game, so that a die roll or a scanned card arriving
        while it is shown answers the game's question (Home and the new-game forms do not: there
        they are said and dropped)."""
        return True

    def close_gates(self) -> None:
        """Shut the privacy gate of every question panel on this screen: a player who opened it
        and left (Home, another game, the Journal) left their secret options on it, shown again to
        the whole table when the screen came back."""
        for widget in self.walk(restrict=True):
            if isinstance(widget, QuestionPanel) and widget.revealed:
                widget.revealed = False

    def _collect_dropped(self) -> None:
        """Free what this screen dropped. The first time after a screen was built (and while the
        screen shown holds no widgets it will drop), the collection is a whole one and what
        survives it is frozen (``gc.freeze``): the built screens, the bars, the game — so the
        next collections walk only what was made since (see the module docstring)."""
        manager = self.manager
        built = len(manager.screens) if manager is not None else 0
        keeps_none = not getattr(manager and manager.current_screen, "DROPS_WIDGETS", True)
        if keeps_none and built > getattr(manager, "frozen_screens", built):
            gc.unfreeze()  # what an earlier freeze kept and has died since is freed now
            gc.collect()
            gc.freeze()
            manager.frozen_screens = built
        else:
            gc.collect()

    def borrow_bars(self) -> None:
        """Put the app's one top bar and status bar in this screen's places for them
        (:mod:`ui.bars`); a screen built without a running app keeps its empty places."""
        app = App.get_running_app()
        if app is None:
            return
        bars = cast("CompanionApp", app).shared_bars
        slots = self._bar_slots
        if slots is None:
            slots = self._bar_slots = slots_of(self)
        for slot in slots:
            lend(shared_bar(bars, slot), slot)

    def release(self) -> None:
        """Drop what :meth:`update` builds again on enter anyway (the maps' drawings)."""
        for name in self.MAPS:
            self.ids[name].release()

    def _update_if_shown(self) -> None:
        if App.get_running_app() is not getattr(self, "_bound_app", None):
            return  # a screen of an app that has stopped (tests start several in one process)
        if self.manager is not None and self.manager.current == self.name:
            self.update()

    def update(self) -> None:
        """Redraw from the app's current game."""

    @property
    def app(self) -> CompanionApp:
        return cast("CompanionApp", App.get_running_app())
