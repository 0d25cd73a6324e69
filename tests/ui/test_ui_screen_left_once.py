"""A screen is told it was left exactly once, when the switch away from it ends.

The app's screen manager tells a screen it was left when a second switch cuts the first one short
(Kivy's ScreenManager skips ``on_leave`` then; :mod:`ui.screens.manager`). Kivy also re-announces
``current`` without switching — when the incoming screen is renamed mid-switch it sets ``current``
to the new name of the same screen — and that must not count as a second switch: the outgoing
screen would hear ``on_leave`` at once and again when the switch ends."""
from __future__ import annotations

from typing import Any


def test_the_outgoing_screen_hears_on_leave_once_when_current_is_re_announced(driver: Any) -> None:
    d = driver
    app = d.app
    manager = app.manager
    app.show("setup")
    d.frames(3)
    outgoing = manager.current_screen
    assert outgoing.name == "setup"
    left: list[str] = []
    outgoing.bind(on_leave=lambda s: left.append(s.name))

    app.show("home")
    incoming = manager.current_screen
    assert manager.transition.is_active, "the switch to home should still be running in this frame"
    incoming.name = "home-renamed"  # Kivy: current = "home-renamed", the same screen
    incoming.name = "home"
    assert manager.current == "home" and manager.current_screen is incoming
    assert left == [], f"told it was left before the switch ended: {left}"

    d.frames(3)
    assert not manager.transition.is_active
    assert left == ["setup"], left
