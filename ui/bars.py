"""One top bar and one status bar for the whole app, lent to the screen being shown.

Every screen's kv rule places a :class:`TopBar` (with its own ``title``) and a :class:`StatusBar`;
these are empty placeholders of the bars' size. When a screen is shown it borrows the app's one
real bar of each kind (:func:`lend_bars`): the bar takes the placeholder's place in the layout
(the same index of the same parent, so ``page.children[-1]`` is the bar the screen shows) and
follows its ``title``; the screen shown before gets its placeholder back. Kivy's screen manager
keeps every screen built, and eight copies of five nav labels and a status line — each a Label
widget of some 30 KB of Python plus its texture — were memory no one looked at (issue 16: the
app's memory after opening every screen). Only one screen shows at a time, so one bar is enough."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from kivy.factory import Factory
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget


class BarSlot(Widget):
    """Where a screen's bar goes while the screen is shown (see the module docstring)."""

    SHARED = ""
    """The Factory name of the app's one real bar of this kind (a :class:`SharedBar`)."""


class TopBar(BarSlot):
    """The place of the screen's top bar: its title, then the nav buttons (``SharedTopBar``)."""

    SHARED = "SharedTopBar"
    title = StringProperty("")


class StatusBar(BarSlot):
    """The place of the screen's status line (``SharedStatusBar``)."""

    SHARED = "SharedStatusBar"


class SharedBar(BoxLayout):
    """The app's one real bar of a kind (its look and contents: ``ui/kv/widgets.kv``)."""

    slot: BarSlot | None = None
    """The placeholder the bar stands in for, while it is lent to a screen."""


class SharedTopBar(SharedBar):
    """The one top bar: the shown screen's title, then the nav buttons."""

    title = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title_setter: Callable[..., None] = self.setter("title")
        """The one callable that sets the bar's title, so the slot it leaves can unbind it
        (``setter`` makes a new one at each call, which ``unbind`` would not find: a hidden screen's
        title — all of them change with the language — would go on setting the bar's)."""


class SharedStatusBar(SharedBar):
    """The one status line: the app's message, notice or device status."""


def _give_back(bar: SharedBar) -> None:
    """Put the placeholder the bar stands in for back where the bar is."""
    slot = bar.slot
    if slot is None:
        return
    parent = bar.parent
    if parent is not None:
        index = parent.children.index(bar)
        parent.remove_widget(bar)
        parent.add_widget(slot, index=index)
    if isinstance(slot, TopBar) and isinstance(bar, SharedTopBar):
        slot.unbind(title=bar.title_setter)
    bar.slot = None


def lend(bar: SharedBar, slot: BarSlot) -> None:
    """Put ``bar`` where ``slot`` is (the bar leaves the screen that had it, which gets its
    placeholder back)."""
    if bar.slot is slot:
        return
    _give_back(bar)
    parent = slot.parent
    if parent is None:
        return
    index = parent.children.index(slot)
    parent.remove_widget(slot)
    parent.add_widget(bar, index=index)
    bar.slot = slot
    if isinstance(slot, TopBar) and isinstance(bar, SharedTopBar):
        bar.title = slot.title
        slot.bind(title=bar.title_setter)


def slots_of(root: Widget) -> list[BarSlot]:
    """The bar placeholders in a screen's widget tree."""
    return [w for w in root.walk(restrict=True) if isinstance(w, BarSlot)]


def shared_bar(bars: dict[str, SharedBar], slot: BarSlot) -> SharedBar:
    """The one real bar of the slot's kind, made the first time it is asked for and kept in
    ``bars`` (the app's: a second app in the same process has bars of its own)."""
    kind = type(slot).SHARED
    if kind not in bars:
        bars[kind] = cast(SharedBar, getattr(Factory, kind)())
    return bars[kind]
