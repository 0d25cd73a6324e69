"""Every text on the Settings screen fits its widget in every language at 800×480. Found by playing
in Polish: the fixed 260 dp "▸ Zaawansowane: adresy URL urządzeń" button spilled its words out on
both sides ("aawansowane: … urządzeń" over the next widget)."""
from __future__ import annotations

from typing import Any

import pytest
from kivy.uix.label import Label

from ui.i18n import LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_settings_text_spills_out_of_its_widget(driver: Any, language: str) -> None:
    d = driver
    d.app.set_language(language)
    d.app.show("settings")
    d.frames(4)
    spilled = []
    for w in d.screen.walk():
        if isinstance(w, Label) and w.text and w.opacity > 0 and w.width > 1:
            w.texture_update()
            if w.texture_size[0] > w.width + 1:
                spilled.append((w.text, w.texture_size[0], w.width))
    assert not spilled, spilled
