"""A screen manager that builds each screen the first time it is asked for.

Building all eight screens (four of them with a map) before the first frame was most of the app's
start-up beyond a bare Kivy window; most sessions open only a few of them. A screen is registered
with a function that makes it, and is made by :meth:`LazyScreenManager.get_screen` — which is what
``manager.current = name`` and the kv rules' ``app.manager.get_screen(name)`` go through.

A screen left while the switch to it had not finished (two switches in one frame: an answer that
moves the game on, then a screen the app shows at once) is told it was left all the same: Kivy's
screen manager stops the unfinished switch without ``on_leave``, and a screen drops what it
draws only on leave (:class:`ui.screens.base.GameScreen`). Setting ``current`` to the screen already
current (Kivy does, when that screen is renamed) stops nothing, so it tells nothing."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.screenmanager import Screen, ScreenManager


class LazyScreenManager(ScreenManager):
    """See the module docstring."""

    frozen_screens = 0
    """How many screens were built when the garbage collector last froze what was alive
    (:meth:`ui.screens.base.GameScreen._collect_dropped`)."""

    def __init__(self, **kwargs: Any) -> None:
        self._makers: dict[str, Callable[[], Screen]] = {}
        super().__init__(**kwargs)

    def register(self, name: str, make: Callable[[], Screen]) -> None:
        """``make()`` builds the screen called ``name`` when it is first needed."""
        self._makers[name] = make

    def get_screen(self, name: str) -> Any:
        make = self._makers.pop(name, None)
        if make is not None:
            self.add_widget(make())
        return super().get_screen(name)

    def on_current(self, instance: Any, value: Any) -> None:
        # Only a switch to another screen cuts the running one short: Kivy also sets ``current`` to
        # the screen already current (the incoming screen renamed mid-switch) and then returns early,
        # letting the running switch end — and send ``on_leave`` — by itself.
        transition = self.transition
        unfinished = None
        if transition.is_active and (value is None or self.get_screen(value) is not self.current_screen):
            unfinished = transition.screen_out
        super().on_current(instance, value)
        if unfinished is not None and unfinished is not self.current_screen:
            unfinished.dispatch("on_leave")

    def has_screen(self, name: str) -> bool:
        return name in self._makers or bool(super().has_screen(name))

    @property
    def all_names(self) -> list[str]:
        """Every screen's name, built or not."""
        return [s.name for s in self.screens] + list(self._makers)
