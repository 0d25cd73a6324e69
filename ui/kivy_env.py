"""Environment Kivy must see before it is first imported (it reads these at import time).

``KIVY_NO_ARGS``: Kivy would otherwise parse our (or pytest's) command line. ``KIVY_CLIPBOARD=sdl2``:
with ``xclip`` installed Kivy would start an xclip process that holds the output pipe open.
"""
from __future__ import annotations

import os
import tempfile


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
