"""Ankh-Morpoly's set-up at a table of five to eight, by touch in the real app at 800×480.

A table of five or more playing the variant without ELAM can play on for ever (a big team's FSUs
cover all its guilds' conditions, L154, so nobody goes broke; docs/morpoly-rulings.md): the set-up
says so in one line and a tap there sets a time limit (R8), which the started game keeps. Four
players, ELAM or plain Monopoly: no line.

The names are typed on the on-screen keyboard (the boxes were plain text boxes: no keyboard came up
on a touch-only table), and at eight seats a long name is seen whole in its box, shrunk where needed
(the box is some 160 px; it was 100 px and showed only the start or the end of the name), or, too
long even at 11 sp, its end."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.metrics import sp

from tests.ui.test_ui_morpoly_at_the_table import _setup_screen

LONG_NAMES = ["Maria Benedetta Cavalcanti", "Bartholomäus-Friedrich", "Wilhelmine-Hildegard", "Konstantinopel Meier",
              "Maximiliane Schön", "Anna", "Friederike Müller", "Hedwig von Hohenzollern"]
POLISH_NAMES = ["Przemysław Wójcik", "Małgorzata Krzyżanowska", "Grzegorz Brzęczyszczykiewicz", "Wiesława",
                "Zbigniew Łukasiewicz"]
SHOTS = Path("/tmp/long-table-shots")
"""Where the screenshots go, to look at (never committed)."""


def _type_name(d: Any, field: Any, name: str) -> None:
    """Tap the box, type ``name`` key by key on the on-screen keyboard (⇧ before a capital, as a
    finger does) and close it with ⏎."""
    d.tap(field)
    assert field.focus and d.app.keyboard_dock.shown, "no on-screen keyboard for the name box"
    keyboard = d.app.keyboard_dock.keyboard
    for letter in name:
        layer = "shift" if letter != letter.lower() else "normal"
        for _ in range(2):
            if keyboard.layout_mode == layer:
                break
            d.tap_at(*keyboard.key_center("⇧"), hold=0)
        d.tap_at(*keyboard.key_center(letter), hold=0)  # a quick tap: a key held half a second repeats
    d.tap_at(*keyboard.key_center("⏎"), hold=0)
    d.frames(3)
    assert field.text == name and not field.focus


def _seen(field: Any) -> str:
    """What the box shows of its name: ``whole``, ``end`` (its last letter in view, its first not) or
    ``cut`` (neither its whole nor its end); read from the drawn font, the padding and the scroll."""
    width = CoreLabel(font_name=field.font_name, font_size=field.font_size).get_extents(field.text)[0]
    room = field.width - field.padding[0] - field.padding[2]
    if field.scroll_x <= 0.5 and width <= room + 0.5:
        return "whole"
    if field.scroll_x + room >= width - 0.5:
        return "end"
    return "cut"


def _seat_and_type(d: Any, setup: Any, names: list[str], shot: str) -> None:
    """Tap the number of players, type each name by touch, and take a screenshot named ``shot``."""
    d.tap(setup.count_buttons[len(names)])
    for field, name in zip(setup.name_inputs, names):
        _type_name(d, field, name)
    d.frames(5)
    d.screenshot(SHOTS / shot)


def _new_game_row(tmp_path: Path, column: str) -> Any:
    """A column of the journal's one game row, read back from JSON."""
    db = sqlite3.connect(tmp_path / "data" / "games.sqlite")
    try:
        (value,) = db.execute(f"SELECT {column} FROM games").fetchone()
    finally:
        db.close()
    return json.loads(value)


def _line_shown(setup: Any) -> bool:
    row = setup.long_table_row
    return row.get_root_window() is not None and row.height > 0


def test_eight_long_german_names_typed_by_touch_are_seen_whole(tmp_path: Path, request: Any) -> None:
    with _setup_screen(request, tmp_path, "de") as (app, d, setup):
        _seat_and_type(d, setup, LONG_NAMES, "setup-eight-de.png")
        seen = {field.text: _seen(field) for field in setup.name_inputs}
        assert set(seen.values()) == {"whole"}, seen  # each of these fits whole at 11 sp or more
        assert all(field.font_size >= sp(11) for field in setup.name_inputs)
        assert setup.name_inputs[5].font_size == sp(16)  # a short name keeps the full size
        d.tap(setup.start_button)
        assert d.screen.name == "morpoly-board"
        assert len(app.game.state.parties) == 8
    assert _new_game_row(tmp_path, "names") == LONG_NAMES


def test_a_polish_name_too_long_for_its_box_shows_its_end(tmp_path: Path, request: Any) -> None:
    with _setup_screen(request, tmp_path, "pl") as (_app, d, setup):
        _seat_and_type(d, setup, POLISH_NAMES, "setup-five-pl.png")
        seen = [_seen(field) for field in setup.name_inputs[:5]]
        # "Grzegorz Brzęczyszczykiewicz" is wider than its box even at 11 sp: its end, where the typing stopped
        assert seen == ["whole", "whole", "end", "whole", "whole"], seen
        assert setup.name_inputs[2].font_size == sp(11)


def test_eight_players_are_told_of_the_time_limit_and_a_tap_sets_it_for_the_game(tmp_path: Path,
                                                                                 request: Any) -> None:
    with _setup_screen(request, tmp_path, "de") as (app, d, setup):
        d.tap(setup.count_buttons[4])
        assert not _line_shown(setup)  # four players: nothing to say
        _seat_and_type(d, setup, LONG_NAMES, "time-limit-de.png")
        assert _line_shown(setup)
        assert setup.long_table_label.text.startswith("Fünf oder mehr Spieler ohne ELAM"), setup.long_table_label.text
        assert setup.time_limit_button.text == "Zeitlimit 180 Min."
        label = setup.long_table_label
        assert label.texture_size[1] <= label.height + 1  # all its lines inside the row
        d.tap(setup.time_limit_button)
        assert setup.values["time-limit-minutes"] == "180"
        assert not _line_shown(setup)  # said once: gone with the limit set
        assert setup.option_buttons["time-limit-minutes"].text == "180 ✎"
        d.tap(setup.start_button)
        assert d.screen.name == "morpoly-board"
        assert app.game.state.rules["time-limit-minutes"] == "180"
    assert _new_game_row(tmp_path, "options")["time-limit-minutes"] == "180"


def test_a_polish_table_of_five_is_told_until_it_plays_elam_or_plain_monopoly(tmp_path: Path, request: Any) -> None:
    with _setup_screen(request, tmp_path, "pl") as (app, d, setup):
        assert not _line_shown(setup)  # three players to start with
        d.tap(setup.count_buttons[5])
        assert _line_shown(setup)
        assert setup.long_table_label.text.startswith("Pięciu lub więcej graczy bez ELAM"), setup.long_table_label.text
        assert setup.time_limit_button.text == "Limit czasu 180 min"
        d.screenshot(SHOTS / "time-limit-pl.png")
        d.tap(setup.switch_buttons["elam"])
        assert not _line_shown(setup)  # ELAM's lives end games
        d.tap(setup.switch_buttons["elam"])
        assert _line_shown(setup)
        d.tap(setup.option_buttons["base"])
        assert setup.values["base"] == "standard"
        assert not _line_shown(setup)  # plain Monopoly: debt eliminates
        d.tap(setup.option_buttons["base"])
        assert _line_shown(setup)
        d.tap(setup.start_button)  # the table stays free to ignore it
        assert app.game.state.rules["time-limit-minutes"] == "none"
