"""The events screen's big die face belongs to the event under way. Before, drawing an event showed
the set-up roll's "1" (or the previous event's last face) large in the corner, under the heading
"Roll the die", as if it had just been rolled."""
from __future__ import annotations

from typing import Any


def test_the_big_face_is_blank_until_this_events_roll_arrives(driver: Any) -> None:
    d = driver
    app = d.app
    app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    app.on_die_roll(1, "manual")  # red starts: the die showed 1
    for value in ("vetinari", "rust", "vimes", "captain-carrot", "dimwell", "the-shades", "take", "end-turn",
                  "ruby", "the-hippo", "the-shades", "end-turn"):
        app.answer(value)
    d.choose("the-dean")  # green's card: E(vent) first — tapped in the searchable list
    d.frames(3)
    assert d.screen.name == "events" and app.game.question.key == "event.draw"
    assert d.screen.ids.face.text == "–"  # not the set-up's 1
    assert "Random event" in d.screen.ids.event_name.text and "Roll the die" not in d.screen.ids.event_name.text
    d.choose("fire")
    d.frames(2)
    assert "Fire" in d.screen.ids.event_name.text
    assert d.screen.ids.face.text == "–"
    pad = [b for b in d.screen.walk() if getattr(b, "text", None) == "7" and hasattr(b, "trigger_action")]
    assert pad, "the die pad's 7"
    d.tap(pad[0])  # the face read off the real die, tapped in
    assert d.screen.ids.face.text == "7"
