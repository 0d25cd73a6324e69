"""Screens draw the progress the game's mode publishes, nothing they work out themselves.

Before, a card's own die roll (Here'n'Now) opened the events screen under the heading of an event
resolved a turn earlier ("Feuer" before any new event card was drawn), and the checklist was
rebuilt from question keys and narration lines. Played by touch in a real Kivy window."""
from __future__ import annotations

from typing import Any

from companion.morpork.board import area_for_roll
from ui.app import progress_of
from ui.checklist import checklist_marks


def start(d: Any) -> None:
    """Three players, red first (the die shows 1), personalities dealt."""
    app = d.app
    app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    app.on_die_roll(1, "manual")
    for value in ("vetinari", "rust", "vimes"):
        assert app.answer(value), app.message
    d.frames(3)
    assert d.screen.name == "turn"


def tap_face(d: Any, face: int) -> None:
    pads = [w for w in d.screen.ids.question.walk() if w.__class__.__name__ == "DiePad"]
    assert pads, f"no die pad on {d.screen.name}"
    seq = d.app.game.seq
    d.tap(pads[0].face_buttons[face])
    assert d.app.game.seq == seq + 1, d.app.message


def test_here_n_now_right_after_a_fire_rolls_on_the_turn_screen_under_no_stale_event(driver: Any) -> None:
    d = driver
    app = d.app
    app.set_language("de")
    fire = app.translator.event("fire")
    assert fire == "Feuer"
    start(d)
    # red: The Dean (E S P) draws the fire; face 2 (Unreal Estate, no building): it goes out at once
    d.choose("the-dean")
    d.frames(2)
    assert d.screen.name == "events"
    d.choose("fire")
    d.frames(2)
    assert fire in d.screen.ids.event_name.text
    assert area_for_roll(2) == "unreal-estate" and app.game.state.areas["unreal-estate"].building is None
    tap_face(d, 2)
    assert d.screen.name == "events" and d.screen.finished and d.screen.ids.face.text == "2"
    d.tap(d.screen.ids.continue_button)
    assert d.screen.name == "turn"
    # the Dean's text is skipped with its reason (nobody in Unreal Estate at the start, rules revision 3),
    # then Here'n'Now as the card the Dean lets red play next
    assert app.game.question.key == "turn.play-another"
    d.choose("here-n-now")
    d.choose("do")
    d.frames(2)
    question = app.game.question
    assert question.kind == "roll" and question.key == "card.here-n-now-roll"
    # the card's roll is asked on the turn screen, with the card's checklist, and nothing names the fire
    assert d.screen.name == "turn"
    shown = d.texts(app.root)
    assert fire not in shown and "Fire" not in shown, shown
    assert app.translator.card("here-n-now") in d.screen.ids.card.text
    assert "⚄" not in d.screen.ids.card.text  # not rolled yet
    tap_face(d, 8)
    d.frames(2)
    assert d.screen.name == "turn"
    assert "⚄ 8" in d.screen.ids.card.text, d.screen.ids.card.text
    assert fire not in d.texts(app.root)


def test_the_checklist_of_a_three_symbol_card_matches_the_engines_progress_at_every_step(driver: Any) -> None:
    d = driver
    app = d.app
    start(d)
    seen = []

    def check() -> None:
        d.frames(2)
        card = progress_of(app.session).innermost("card")
        label = d.screen.ids.card.text
        if card is None:
            seen.append(None)
            assert "Turn" in label and "[b]" not in label, label
            return
        marks = checklist_marks(card)
        assert label.endswith(marks), (label, marks)
        assert app.translator.card(card.id) in label
        seen.append(marks.replace("  ", " "))

    d.choose("captain-carrot")  # M T $1
    check()
    m = d.screen.ids.map
    d.tap_at(*m.to_window(*m.area_centre_px("dimwell")))  # M: a minion by tapping the map
    check()
    d.choose("skip")  # T: declined
    check()
    d.choose("take")  # $1: the card is finished
    check()
    assert seen == ["▶♟ ○⊘ ○$1", "✓♟ ▶⊘ ○$1", "✓♟ ✕⊘ ▶$1", None]
