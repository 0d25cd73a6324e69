"""Card entry by touch alone: the on-screen keyboard, the A–Z jump bar, the list in the order of the
shown names and only the cards a hand can hold now (issue 14, item 1)."""
from __future__ import annotations

from typing import Any

from companion.morpork.catalog import CARD_BY_ID


def _to_the_first_card(app: Any) -> None:
    app.start_game(["red", "blue"], ["Anna", "Bruno"], "en")
    app.on_die_roll(2, "manual")
    for value in ("vetinari", "vimes"):
        assert app.answer(value), app.message
    assert app.game.question.key == "turn.play-card", app.game.question


def _type(d: Any, word: str) -> None:
    """Tap each letter's key on the on-screen keyboard, as a quick finger would: down and up with no
    frame between (a key held half a second repeats, as on a phone; a tap held over frames of a
    loaded machine did, and typed "dddean")."""
    keyboard = d.app.keyboard_dock.keyboard
    for letter in word:
        d.tap_at(*keyboard.key_center(letter), hold=0)


def test_a_card_found_in_german_by_its_english_name_on_the_on_screen_keyboard(driver: Any) -> None:
    d = driver
    d.app.set_language("de")
    _to_the_first_card(d.app)
    d.frames(3)
    panel = d.panel()
    d.tap(panel.search)
    dock = d.app.keyboard_dock
    assert dock.shown and dock.keyboard.layout.endswith("de.json")
    assert dock.keyboard.key_center("ß")  # the German keyboard has its letters
    _type(d, "bent")
    assert panel.search.text == "bent"
    shown = [b.value for b in panel.option_grid.children]
    assert shown == ["mr-bent"], shown
    bent = panel.button_for("mr-bent")
    assert bent.text == "Herr Beuge"  # shown by its German name, found by the English one
    before = len(d.app.session.inputs)
    d.tap_at(*bent.to_window(*bent.center), hold=0.2)  # a finger's tap on the list (longer than its scroll timeout)
    assert len(d.app.session.inputs) == before + 1 and d.app.session.inputs[-1].value == "mr-bent"
    assert not dock.shown  # the keyboard went with the question


def test_the_list_holds_only_green_cards_sorted_by_shown_name_with_a_jump_bar(driver: Any) -> None:
    d = driver
    d.app.set_language("de")
    _to_the_first_card(d.app)
    d.frames(3)
    panel = d.panel()
    listed = [b.value for b in reversed(panel.option_grid.children)]  # GridLayout children run backwards
    assert listed and all(CARD_BY_ID[c].border == "green" for c in listed)
    assert "the-dean" not in listed  # brown: still under the green deck on turn 1
    shown = [d.app.translator.option(c) for c in listed]
    from ui.cardsearch import sort_key
    assert shown == sorted(shown, key=sort_key)
    labels = list(panel.jump_buttons)
    assert 2 <= len(labels) <= 8
    last = panel.jump_buttons[labels[-1]]
    d.tap(last)
    assert panel.scroll.scroll_y < 0.5  # the list jumped towards its end
    first = panel.button_for(last.value)
    assert first.parent is panel.option_grid


def test_an_empty_search_says_why(driver: Any) -> None:
    d = driver
    _to_the_first_card(d.app)
    d.frames(3)
    panel = d.panel()
    d.tap(panel.search)
    _type(d, "dean")
    assert panel.option_grid.children == []
    assert "brown deck" in panel.not_found.text
    for _ in "dean":
        d.tap_at(*d.app.keyboard_dock.keyboard.key_center("\u232b"), hold=0)
    _type(d, "zzq")
    assert panel.not_found.text == "No such card: zzq"
