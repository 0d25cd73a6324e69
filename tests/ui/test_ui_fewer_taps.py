"""Fewer taps (issue 14, item 4), by touch in a real Kivy window: a card that affects three
opponents opens one "anyone interrupt?" window that one tap on "None" answers for all three, and
the turn screen says why a symbol was skipped."""
from __future__ import annotations

from typing import Any

COLOURS = ["red", "yellow", "green", "blue"]


def start_four(d: Any) -> None:
    """Four players, red first (the die shows 1), personalities dealt."""
    app = d.app
    app.start_game(COLOURS, ["Ann", "Bob", "Cy", "Di"], "en")
    app.on_die_roll(1, "manual")
    for value in ("vetinari", "rust", "vimes", "selachii"):
        assert app.answer(value), app.message
    d.frames(3)
    assert d.screen.name == "turn" and app.game.state.active_player == "red"


def test_three_opponents_pass_mr_boggis_window_with_one_tap(driver: Any) -> None:
    d = driver
    app = d.app
    start_four(d)
    d.choose("mr-boggis")
    d.choose("do")
    d.frames(2)
    question = app.game.question
    assert question.key == "interrupt.anyone" and question.player is None
    panel = d.panel()
    shown = [b.text for b in panel.buttons]
    assert shown[0] == "None" and len(shown) == 4, shown
    for text, name in zip(shown[1:], ("Bob", "Cy", "Di")):  # the players' names, in turn order
        assert text.endswith(f" {name}: Wallace Sonky"), shown
    assert "Anyone: play an interrupt against Mr Boggis?" in d.texts(panel), d.texts(panel)
    seq = app.game.seq
    d.choose("none")  # one tap for the three of them
    assert app.game.seq == seq + 1, app.message
    state = app.game.state
    assert [state.player(c).money for c in COLOURS] == [16, 8, 8, 8]
    assert app.game.question.key == "symbol.minion"  # Mr Boggis's next symbol: nobody else was asked


def test_one_holder_answers_the_window_for_themselves(driver: Any) -> None:
    d = driver
    app = d.app
    start_four(d)
    d.choose("mr-boggis")
    d.choose("do")
    d.choose("green:wallace-sonky")
    d.frames(2)
    state = app.game.state
    assert [state.player(c).money for c in COLOURS] == [14, 8, 10, 8]
    assert app.game.question.key == "symbol.minion"


def test_the_turn_screen_says_why_a_symbol_was_skipped(driver: Any) -> None:
    d = driver
    app = d.app
    start_four(d)
    d.choose("captain-carrot")  # M T $1
    assert d.screen.ids.skipped.text == ""
    d.choose("skip")  # no minion placed
    d.frames(2)
    assert app.game.question.key == "symbol.trouble"
    text = d.screen.ids.skipped.text
    assert "Ann skipped it" in text and "✕♟" in text, text  # the player's name, not a colour word
    assert d.screen.ids.skipped.height > 0


def test_the_skipped_reason_in_german(driver: Any) -> None:
    d = driver
    app = d.app
    app.set_language("de")
    start_four(d)
    d.choose("captain-carrot")
    d.choose("skip")
    d.frames(2)
    text = d.screen.ids.skipped.text
    assert "Ann hat darauf verzichtet" in text, text
