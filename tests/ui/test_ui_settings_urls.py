"""Settings as a player uses it: type the die's URL, tap a language, leave — the URL must not be lost.

Before, any tap on the Settings screen (language, colour-blind, sound) or a roll arriving redrew the
URL fields from the saved settings, and leaving by the navigation bar dropped what was typed; only
the Apply button on the scanner's row applied the die's URL."""
from __future__ import annotations

from typing import Any


def _nav(d: Any, text: str) -> Any:
    from kivy.uix.button import Button
    found = [w for w in d.screen.walk() if isinstance(w, Button) and text in w.text]
    assert found, (text, d.texts())
    return found[0]


def _type(d: Any, field: Any, text: str) -> None:
    d.tap(field)
    field.select_all()
    field.delete_selection()
    field.insert_text(text)
    d.frames(1)
    keyboard = d.app.keyboard_dock.keyboard  # docked at the top when the field is low on the screen
    d.tap_at(60, 10 if keyboard.y > 0 else d.window.height - 20)  # a tap beside the keyboard puts it away
    assert not field.focus


def test_a_typed_die_url_survives_other_taps_and_is_applied_on_leaving(driver: Any) -> None:
    d = driver
    d.app.show("settings")
    d.frames(2)
    d.tap(d.screen.ids.advanced)  # the raw URLs are folded under "advanced" (issue 14)
    field = d.screen.ids.die_url
    assert field.text == "sim://"
    _type(d, field, "serial:///dev/ttyNOSUCHDIE")
    d.tap(d.screen.ids.lang_de)  # switching language redraws the screen...
    assert d.app.settings.language == "de"
    assert d.screen.ids.die_url.text == "serial:///dev/ttyNOSUCHDIE"  # ...but keeps what was typed
    d.tap(d.screen.ids.colorblind)
    assert d.screen.ids.die_url.text == "serial:///dev/ttyNOSUCHDIE"
    d.tap(_nav(d, "Start"))  # leave by the navigation bar, not Apply
    assert d.screen.name == "home"
    assert d.app.settings.die_url == "serial:///dev/ttyNOSUCHDIE"
    assert '"die_url": "serial:///dev/ttyNOSUCHDIE"' in (d.app.data_dir / "settings.json").read_text()
    assert "getrennt" in d.app.status_text  # the app tried it and says so: disconnected, not the sim
    assert d.app.devices.die is None and not d.app.devices.die_status.connected


def test_enter_applies_a_url_and_a_malformed_one_is_refused(driver: Any) -> None:
    d = driver
    d.app.show("settings")
    d.frames(2)
    d.tap(d.screen.ids.advanced)  # the raw URLs are folded under "advanced" (issue 14)
    field = d.screen.ids.scanner_url
    _type(d, field, "keyboard")
    field.dispatch("on_text_validate")
    d.frames(2)
    assert d.app.settings.scanner_url == "sim://"  # unchanged
    assert "'keyboard'" in d.app.message
    d.tap(_nav(d, "Home"))
    assert d.app.settings.scanner_url == "sim://"
    d.app.show("settings")
    d.frames(2)
    assert d.screen.ids.advanced.state == "down"  # still unfolded from before
    assert d.screen.ids.scanner_url.text == "sim://"  # back on the screen: the saved URL again
    _type(d, d.screen.ids.die_url, "serial:///dev/ttyNOSUCHDIE")
    d.screen.ids.die_url.dispatch("on_text_validate")  # Enter in the die's field applies it
    d.frames(2)
    assert d.app.settings.die_url == "serial:///dev/ttyNOSUCHDIE"
    assert d.app.message == ""
