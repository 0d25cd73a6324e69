"""Each screen's kv file is loaded when the screen is first shown (``ui.companion_app.SCREENS``), and
only ``widgets.kv`` with the app: a kv class one screen's file defines and another's uses exists only
once the first screen has been shown. Settings used set-up's ``ChoiceToggle``: a table that opened
Settings before any set-up (Home → "Einstellungen" on a fresh start) had the app stop with
``FactoryException: Unknown class <ChoiceToggle>``."""
from __future__ import annotations

import re
from pathlib import Path

from ui.app import KV_SHARED, UI_DIR

KV_DIR = UI_DIR / "kv"
_DEFINED = re.compile(r"^<(\w+)@", re.M)
_USED = re.compile(r"^\s+(\w+):\s*$", re.M)  # a child widget: a class name alone on its line


def _defined() -> dict[str, str]:
    return {name: path.name for path in sorted(KV_DIR.glob("*.kv")) for name in _DEFINED.findall(path.read_text("utf-8"))}


def test_a_kv_class_used_by_two_screens_is_loaded_with_the_app() -> None:
    defined = _defined()
    assert "ChoiceToggle" in defined
    borrowed = [(path.name, name, defined[name]) for path in sorted(KV_DIR.glob("*.kv"))
                for name in sorted(set(_USED.findall(path.read_text("utf-8"))))
                if name in defined and defined[name] not in (path.name, KV_SHARED)]
    assert not borrowed, borrowed  # (file, class, the other screen's file that defines it)


def test_settings_opened_first_from_home(driver: object) -> None:
    """By touch, as a table does on a fresh start: Home, then Settings (its choice rows are there)."""
    from typing import Any
    d: Any = driver
    assert d.screen.name == "home"
    d.tap(next(w for w in d.screen.walk() if getattr(w, "text", "").endswith(d.app.t("Settings"))
               and w.__class__.__name__ != "Label"))
    assert d.screen.name == "settings"
    assert any(w.__class__.__name__ == "ChoiceToggle" for w in d.screen.walk())
