"""Environment Kivy must see before it is first imported (it reads these at import time).

``KIVY_NO_ARGS``: Kivy would otherwise parse our (or pytest's) command line. ``KIVY_CLIPBOARD=sdl2``:
with ``xclip`` installed Kivy would start an xclip process that holds the output pipe open.
"""
from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Mapping

OPTIONAL_PARTS: tuple[str, ...] = ("xclip", "xsel", "dbusklipper", "gtk3", "Cutbuffer", "mtdev", "MTD")
"""Kivy providers whose absence is harmless here: clipboard helpers (the app copies nothing) and the
multitouch driver library (touch still arrives through SDL). Kivy reports each with a traceback."""


def prepare(home: str | None = None, quiet: bool = True) -> None:
    """Set Kivy's environment unless the caller already chose a value."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")
    if quiet:
        os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
        os.environ.setdefault("KIVY_NO_FILELOG", "1")
    if home is not None:
        os.environ.setdefault("KIVY_HOME", home)
    elif "KIVY_HOME" not in os.environ:
        os.environ["KIVY_HOME"] = os.path.join(tempfile.gettempdir(), f"ankh-companion-kivy-{os.getuid()}")


def display_problem(environ: Mapping[str, str] | None = None) -> str | None:
    """Why no window can open, in one line, or ``None``: no X11 or Wayland display and no SDL video
    driver chosen (on a console without a desktop, SDL_VIDEODRIVER=kmsdrm draws straight to the screen)."""
    env = os.environ if environ is None else environ
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY") or env.get("SDL_VIDEODRIVER"):
        return None
    return ("ankh-companion: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset); "
            "start it from the desktop, or on a console set SDL_VIDEODRIVER=kmsdrm")


class OptionalPartsFilter(logging.Filter):
    """Drops Kivy's tracebacks for optional parts that are missing; keeps one short line each."""

    def __init__(self) -> None:
        super().__init__()
        self.said: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        for part in OPTIONAL_PARTS:
            if part in text:
                if part not in self.said and record.levelno >= logging.WARNING:
                    self.said.add(part)
                    record.msg, record.args, record.levelno, record.levelname = (
                        f"optional part not available: {part} (harmless)", (), logging.INFO, "INFO")
                    record.exc_info = record.exc_text = None
                    return True
                return False
        return True


def quiet_optional_parts() -> None:
    """Install :class:`OptionalPartsFilter` on Kivy's logger (imports ``kivy`` itself, not a window)."""
    from kivy.logger import Logger
    if not any(isinstance(f, OptionalPartsFilter) for f in Logger.filters):
        Logger.addFilter(OptionalPartsFilter())
