"""Ankh-Morpoly at a table of five to eight (R7: two to eight players, Monopoly's limit), by touch in
the real app at 800×480. The engine always seated eight; the app's set-up offered two to four, so a
Monopoly table of six could not use the companion. Now the set-up offers 2–8 in two columns of name
boxes, each seat with its own colour and shape (● ▲ ■ ◆ ▼ ⬟ ✚ ♣), the money panel gives each party one
line from five parties on (so every party and the bank stay inside it), and a restart brings the
table of eight back from Home."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_ui_morpoly import _play_question
from tests.ui.test_ui_morpoly_at_the_table import (_answer_buttons, _conftest, _feed, _fits, _resumed, _setup_screen,
                                                  _shown_lines)
from tests.ui.test_ui_morpoly_trade import _fits_whole
from ui.palette import SHAPE
from ui.screens.morpoly.common import PLAYER_IDS

EIGHT = ["Ann", "Bartholomäus", "Cy", "Dora", "Eve", "Wilhelmine", "Gus", "Hedwig"]
GUILDS = ["merchants", "patrician", "thieves", "undead", "watch", "fools", "wizards", "assassins"]
SHOTS = Path("/tmp/eight-shots")
"""Where the screenshots go, to look at (never committed)."""


def _money_inside_its_panel(d: Any, names: list[str]) -> None:
    """Every party's line and the bank's drawn in the money panel: Kivy drops the lines of a text
    taller than its label (with two lines a party, the seventh and eighth party and the bank)."""
    label = d.screen.money_label
    d.frames(2)
    shown = " ".join(_shown_lines(label))
    assert _fits(label, label.height), label.text
    for name in names:
        assert name in shown, (name, shown)
    assert d.app.t("Bank") in shown, shown


def bosses(app: Any) -> set[str]:
    """The players who head a party (a taken-over player is named in its boss's line)."""
    return {party.boss for party in app.game.state.parties}


def _board_texts(d: Any) -> tuple[str, str]:
    screen = d.screen
    return screen.money_label.text, "".join(cell.text for cell in screen.cells)


def test_eight_players_set_up_by_touch_play_and_come_back_after_a_restart(tmp_path: Path, request: Any) -> None:
    conftest = _conftest(request)
    data = tmp_path / "data"
    app = conftest.start_app(data, language="de")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.tap(d.screen.ids.new_morpoly)
        setup = d.screen
        assert sorted(setup.count_buttons) == list(range(2, 9))
        assert [f.disabled for f in setup.name_inputs] == [False] * 3 + [True] * 5  # three seats to start with
        d.tap(setup.count_buttons[8])
        assert not any(f.disabled for f in setup.name_inputs)
        assert [f.hint_text for f in setup.name_inputs[4:]] == ["Orange", "Lila", "Türkis", "Rosa"]
        for field, name in zip(setup.name_inputs, EIGHT):
            field.text = name  # typed on the on-screen keyboard
        d.tap(setup.switch_buttons["elam"])  # the eighth guild, the Assassins, plays only in ELAM (L173)
        assert setup.values["edition"] == "de"  # a German table starts on its euro set
        d.tap(setup.edition_buttons["us"])  # this table has the US set: the rolls below play its cards
        d.screenshot(SHOTS / "setup-de.png")
        d.tap(setup.start_button)
        assert d.screen.name == "morpoly-board"
        assert [p.id for p in app.game.state.parties] == list(PLAYER_IDS)
        for guild in GUILDS:
            assert app.game.question.key == "morpoly.setup.guild"
            d.tap(_answer_buttons(d)[guild])
        assert [p.guilds for p in app.game.state.parties] == [[g] for g in GUILDS]
        money, ring = _board_texts(d)
        assert all(name in money for name in EIGHT) and "Bank" in money, money
        assert all(SHAPE[seat] in ring for seat in PLAYER_IDS)  # every token on GO, each its own shape
        _money_inside_its_panel(d, EIGHT)
        rolls = [(3, 4), (1, 2), (2, 3), (5, 6), (2, 4), (1, 3), (6, 5), (4, 4), (2, 1)]
        for _ in range(40):
            _play_question(d, rolls)
        moved = {t.id for t in app.game.state.tokens if t.square != 0}
        assert len(moved) >= 6, moved  # most of the table has rolled
        _money_inside_its_panel(d, [n for n, p in zip(EIGHT, PLAYER_IDS) if p in bosses(app)])
        d.screenshot(SHOTS / "board-de.png")
        # a tap on a street: its deed whole above the eight "… is here" buttons of the table's correction
        while app.game.question.kind == "roll":
            _play_question(d, rolls)
        d.tap(d.screen.cells[16])
        d.frames(30)
        popup, deed = d.screen.square_popup, d.screen.deed_label
        assert len(d.screen.place_buttons) >= 7
        assert deed.parent.height >= deed.height, (deed.parent.height, deed.height)  # nothing to scroll to
        d.screenshot(SHOTS / "deed-de.png")
        popup.dismiss()
        d.frames(30)
        seq, before = app.game.seq, _board_texts(d)
    finally:
        conftest.stop_app(app)  # the app closed at the table, started again below
    app = conftest.start_app(data, language="de")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        assert "Hedwig" in d.screen.ids.resume.text or "Hedwig" in d.texts()  # Home offers the table of eight
        d.tap(d.screen.ids.resume)
        d.frames(3)
        assert d.screen.name == "morpoly-board" and app.game.seq == seq
        assert _board_texts(d) == before
        _money_inside_its_panel(d, [n for n, p in zip(EIGHT, PLAYER_IDS) if p in bosses(app)])
    finally:
        conftest.stop_app(app)


def test_a_polish_table_of_six_keeps_two_seats_greyed_and_every_party_in_the_money_panel(
        tmp_path: Path, request: Any) -> None:
    names = ["Przemysław", "Małgorzata", "Grzegorz", "Wiesława", "Zbigniew", "Jadwiga"]
    with _setup_screen(request, tmp_path, "pl", names) as (app, d, setup):
        assert [f.disabled for f in setup.name_inputs] == [False] * 6 + [True] * 2
        assert [f.hint_text for f in setup.name_inputs[4:6]] == ["pomarańczowy", "fioletowy"]
        d.tap(setup.start_button)
        assert [p.id for p in app.game.state.parties] == list(PLAYER_IDS[:6])
        for guild in GUILDS[:6]:
            d.tap(_answer_buttons(d)[guild])
        assert _answer_buttons(d)["roll"].text == "Rzuć kośćmi"
        money, _ring = _board_texts(d)
        lines = money.split("\n")
        assert all(sum(name in line for line in lines) == 1 for name in names), lines  # one line each
        _money_inside_its_panel(d, names)
        d.screenshot(SHOTS / "board-pl.png")


def test_paper_money_at_a_table_of_eight_with_three_in_jail_shows_every_party_and_whole_answers(
        tmp_path: Path, request: Any) -> None:
    """The checker's panel (who hands whom what, then what each should hold) at a table of eight in
    ELAM, with three tokens in jail: each jail said at the end of its party's line, every party and
    the bank drawn (the lines under the parties pushed Gus, Hedwig and the bank out of the panel);
    and the answers of the question whole on their buttons ("Ein Haus verkaufen auf Mediterranean
    Avenue" lost its first line to a fixed height). Seed 6, found under rules revision 12 (seed 5 under
    revision 11): Dora raises a debt, houses on Ventnor Avenue and Marvin Gardens for sale."""
    data = tmp_path / "data"

    def jailed_and_asked(game: Any) -> bool:
        return (sum(t.in_jail for t in game.state.tokens) >= 3 and game.question.kind == "choice"
                and len(game.state.parties) == 8 and game.question.key == "morpoly.debt.raise")

    _feed(data, EIGHT, {"elam": "on", "bank": "checker", "fortuna": "on"}, jailed_and_asked, seed=6)
    with _resumed(request, data, "de") as (app, d):
        _money_inside_its_panel(d, EIGHT)
        assert d.screen.money_label.font_size >= 12, d.screen.money_label.font_size
        assert "Jeder sollte haben" in d.screen.money_label.text
        buttons = _answer_buttons(d)
        assert buttons, app.game.question
        for button in buttons.values():
            _fits_whole(d, button)
        d.screenshot(SHOTS / "checker-de.png")
