"""Undo you can trust (issue 14, item 5): every undo asks first and names what it takes back; redo
puts it back; the news is shown in a neutral colour, not as an error; "resume" names the players,
the turn and when the game was last played. Driven by touch only."""
from __future__ import annotations

from typing import Any


def _open_journal(d: Any) -> None:
    d.tap(d.screen.children[0].children[-1].ids.nav_journal)
    assert d.screen.name == "journal"


def test_undo_confirmed_naming_the_step_then_redone(driver: Any) -> None:
    d = driver
    app = d.app
    app.start_game(["red", "blue"], ["Ann", "Bob"], "en")
    app.on_die_roll(2, "manual")
    for value in ("vetinari", "vimes", "the-bank-of-ankh-morpork"):
        assert app.answer(value), app.message
    d.frames(2)
    steps = len(app.session.inputs)
    _open_journal(d)
    d.tap(d.screen.line_button(steps - 1))  # the table before the card was played
    d.tap(d.screen.ids.undo)
    popup = d.screen.popup
    assert popup.parent is not None, "an undo asks first"
    shown = d.texts(popup)
    assert f"{steps} · " in shown and "The Bank of Ankh-Morpork" in shown and "Bob" in shown
    assert len(app.session.inputs) == steps  # nothing undone yet
    d.tap(d.screen.confirm_button)
    assert len(app.session.inputs) == steps - 1
    assert app.notice == f"Undone to step {steps - 1}." and app.message == ""
    bar = [w for w in app.root.walk() if getattr(w, "text", None) == app.notice]
    assert bar and bar[0].color[0] < 0.5, "success is not shown in the error red"
    assert not d.screen.ids.redo.disabled
    d.tap(d.screen.ids.redo)
    assert len(app.session.inputs) == steps and app.session.inputs[-1].value == "the-bank-of-ankh-morpork"
    assert app.notice == f"Redone to step {steps}."


def test_keep_in_the_dialog_undoes_nothing(driver: Any) -> None:
    d = driver
    app = d.app
    app.start_game(["red", "blue"], ["Ann", "Bob"], "en")
    app.on_die_roll(2, "manual")
    assert app.answer("vetinari")
    _open_journal(d)
    d.tap(d.screen.line_button(1))
    d.tap(d.screen.ids.undo)
    keep = [w for w in d.screen.popup.walk() if getattr(w, "text", "") == "Keep"][0]
    d.tap(keep)
    assert len(app.session.inputs) == 2


def test_resume_names_players_turn_and_when(driver: Any) -> None:
    d = driver
    app = d.app
    app.start_game(["red", "blue"], ["Ann", "Bob"], "en")
    app.on_die_roll(2, "manual")
    app.show("home")
    d.frames(2)
    text = d.screen.ids.resume.text
    assert "Ann" in text and "Bob" in text and "turn 1" in text and "today" in text


def test_a_refused_secret_answer_is_not_written_to_the_log(driver: Any, caplog: Any) -> None:
    """Blue picking the personality red already holds is refused; the app's log line names the
    input's kind and seq, never the value (which would tell a reader of the log what red holds)."""
    d = driver
    app = d.app
    app.start_game(["red", "blue"], ["Ann", "Bob"], "en")
    app.on_die_roll(2, "manual")
    assert app.answer("vimes")
    with caplog.at_level("DEBUG"):
        assert not app.answer("vimes")
    assert caplog.records, "the refusal is logged"
    assert all("vimes" not in r.getMessage() for r in caplog.records)
    assert "vimes" not in app.message


def test_a_row_tapped_while_frames_run_slow_is_chosen(driver: Any) -> None:
    """On a busy Pi each frame may take longer than the finger rests; the row tapped in the
    Journal's list is still the one chosen when the finger lifts (a ScrollView hands a press on
    only after its timeout and three frames, or releases it 0.2 s after the lift)."""
    import time
    from kivy.clock import Clock
    d = driver
    app = d.app
    app.start_game(["red", "blue"], ["Ann", "Bob"], "en")
    app.on_die_roll(2, "manual")
    assert app.answer("vetinari") and app.answer("vimes")
    _open_journal(d)
    row = d.screen.line_button(1)
    slow = Clock.schedule_interval(lambda _dt: time.sleep(0.1), 0)  # every frame takes 0.1 s
    try:
        d.tap(row)
    finally:
        slow.cancel()
    assert d.screen.selected == 1 and not d.screen.ids.undo.disabled
