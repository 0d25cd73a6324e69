"""The running app, typed: Kivy's ``App.get_running_app()`` returns whatever App runs, untyped; the
widgets and screens of this package only ever run inside :class:`ui.companion_app.CompanionApp`."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from kivy.app import App

if TYPE_CHECKING:
    from ui.companion_app import CompanionApp


def running_app() -> CompanionApp | None:
    """The app that runs now, or ``None`` before it starts and after it stops."""
    return cast("CompanionApp | None", App.get_running_app())
