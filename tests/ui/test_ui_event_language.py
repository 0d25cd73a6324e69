"""A fire told in German: every line the events screen and the journal narrate is translated
(before, "the yellow building in … is destroyed" and "no building in …: the fire goes out" stayed
English on a German table)."""
from __future__ import annotations

from typing import Any

from ui.screenshots import _to_fire


def test_fire_narration_is_german_on_the_events_screen_and_in_the_journal(driver: Any) -> None:
    d = driver
    d.app.show("settings")
    d.frames(2)
    d.tap(d.screen.ids.lang_de)
    assert d.app.settings.language == "de"
    d.app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    d.app.on_die_roll(1, "manual")
    for personality in ("vetinari", "rust", "vimes"):
        d.app.answer(personality)
    d.app.answer("captain-carrot")
    _to_fire(d.app)  # The Dean's fire; the first roll, 7, burns yellow's building in The Shades
    d.frames(2)
    assert d.screen.name == "events"
    shown = d.texts()
    assert "wird zerstört" in shown, shown[-1500:]
    assert "is destroyed" not in shown
    d.app.on_die_roll(6, "manual")  # The Hippo borders The Shades but holds no building
    d.frames(2)
    shown = d.texts()
    assert "Kein Gebäude in Das Nilpferd: das Feuer erlischt" in shown, shown
    assert "the fire goes out" not in shown
    d.app.show("journal")
    d.frames(3)
    journal = d.texts()
    assert "Kein Gebäude in Das Nilpferd: das Feuer erlischt" in journal  # a journal line shows two sentences
    assert "goes out" not in journal
