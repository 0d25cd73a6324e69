"""The Ankh-Morpoly screens that draw the mode's views, in a real Kivy window driven by touch: the FSU
ledger (every running FSU in words, when it ends, the chance of the next roll), a square's deed (the
premium now, its FSUs, the opposite square marked on the ring), the opposite-square pairing for the
Wizards, and the money panel of a table that plays with paper money (the checker's "who hands whom",
switched on at set-up). One test plays until the engine sells an FSU in play and reads it on the
ledger; another gives the ledger FSUs built with the kit's Fsu and Ledger, to draw exact situations
(a jail cover and a cemetery cover with a known chance for the next roll) that play reaches only by luck."""
from __future__ import annotations

import re

from pathlib import Path
from typing import Any

import pytest

from companion.morpoly.covers import Cover
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.state import SquareState


def _button_with(root: Any, text: str) -> Any:
    from kivy.uix.button import Button
    for w in root.walk():
        if isinstance(w, Button) and text in w.text and not w.disabled:
            return w
    raise AssertionError(f"no button with {text!r}")


def _new_game(d: Any, *, checker: bool, guilds: tuple[str, str, str]) -> None:
    app = d.app
    d.tap(d.screen.ids.new_morpoly)
    setup = d.screen
    d.tap(setup.count_buttons[3])
    for field, name in zip(setup.name_inputs, ("Ann", "Bob", "Cy")):
        field.text = name
    if checker:
        d.tap(setup.option_buttons["bank"])
        assert setup.values["bank"] == "checker" and setup.option_buttons["bank"].text.startswith("Paper money")
    d.tap(setup.start_button)
    assert d.screen.name == "morpoly-board"
    for guild in guilds:
        buttons = [w for w in d.screen.answer_area.walk() if getattr(w, "value", None) == guild]
        d.tap(buttons[0])
    assert [p.guilds for p in app.game.state.parties] == [[g] for g in guilds]


def _throw(d: Any, a: int, b: int) -> None:
    from kivy.uix.togglebutton import ToggleButton
    pads = [w for w in d.screen.answer_area.walk() if isinstance(w, ToggleButton)]
    d.tap(pads[a - 1])
    d.tap(pads[6 + b - 1])


def test_an_fsu_bought_in_play_is_on_the_ledger(tmp_path: Path, request: Any) -> None:
    """Seeded random legal inputs through the app's door until a token lands on another party's built
    street and buys an FSU (B5); the ledger, opened by touch, shows its insurer, beneficiary, square
    and premium. (Seed 0, found under rules revision 12: Ann's Watch insures Bob on Virginia Avenue; seed 7
    under revision 11.)"""
    import random
    from dataclasses import replace

    from companion.morpoly.editions import load_edition
    from companion.morpoly.random_play import random_input
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    app = conftest.start_app(tmp_path / "data")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        _new_game(d, checker=False, guilds=("watch", "wizards", "undead"))
        board = d.screen
        names = {p.id: name for p, name in zip(app.game.state.parties, ("Ann", "Bob", "Cy"))}
        rng = random.Random(0)
        for _ in range(3000):
            if app.game.state.ledger.active():
                break
            assert app.submit(replace(random_input(app.game, rng), seq=app.game.seq)), app.message
        state = app.game.state
        bought = [line for line in app.game.narration if line.key == "morpoly.fsu.bought"]
        assert state.rules["base"] == "variant" and bought
        fsu = state.ledger.active()[0]
        assert fsu.insurer != fsu.beneficiary and state.squares[fsu.square].owner == fsu.insurer
        assert state.squares[fsu.square].houses > 0  # a built street: the premium bought the FSU
        d.frames(2)
        d.tap(board.ledger_button)
        assert d.screen.name == "morpoly-ledger"
        text = d.screen.body.text
        square = next(s.name for s in load_edition(state.edition).squares if s.index == fsu.square)
        assert f"{square}[/b]: " in text, text
        # numbered as the log named it when it was bought, so the log's "FSU 2 … expires" is found here
        assert str(fsu.fsu_id) in [dict(line.params)["fsu"] for line in bought], bought
        assert f"FSU {fsu.fsu_id} · [b]{square}[/b]: " in text, text
        assert f"{names[fsu.insurer]} insures" in text, text
        assert f"{names[fsu.beneficiary]} · premium ${fsu.premium:,}" in text, text
        assert app.t("No FSU is running.") not in text
    finally:
        conftest.stop_app(app)


def test_the_ledger_the_deed_and_the_pairing(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    app = conftest.start_app(tmp_path / "data")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        _new_game(d, checker=False, guilds=("watch", "wizards", "undead"))
        board = d.screen
        # the Wizards (Bob, on GO) may be sent to the opposite square: the ring pairs GO with L-Space
        assert "⇄20" in board.cells[0].text and "⇄0" in board.cells[20].text
        assert "⇄" not in board.cells[10].text
        assert app.t("Money (the app is the bank)") in board.money_label.text
        state = app.game.state  # exact FSUs built by hand (see the module docstring)
        state.squares[37] = SquareState("red", 2)
        state.squares[39] = SquareState("green", 1)
        state.squares[6] = state.squares[6].with_owner("green")  # unbuilt: a cemetery of the Undead
        state.ledger = Ledger((Fsu(1, "red", "yellow", "yellow", 37, 500, frozenset({Cover.JAILED}), False),
                               Fsu(2, "green", "red", "red", 39, 200, frozenset({Cover.CEMETERY}), False)), 3)
        app.refresh()
        d.tap(board.ledger_button)
        assert d.screen.name == "morpoly-ledger"
        text = d.screen.body.text
        assert "Park Place[/b]: " in text and "Ann insures" in text and "Bob · premium $500" in text
        assert "FSU 1 · [b]Park Place[/b]: " in text and "FSU 2 · [b]Boardwalk[/b]: " in text, text
        assert "covers: sent to jail" in text and "covers: landing on a cemetery" in text
        assert "passes Park Place (37 squares ahead) · next roll: 0%" in text
        assert "passes Boardwalk (39 squares ahead)" in text
        assert "pays out on the next roll: 14%" in text  # Ann on GO: a 6 lands on the Undead's 6 (5/36)
        assert "a claim pays $1,500 (3 × the premium)" in text and "a claim pays $600 (3 × the premium)" in text
        assert app.t("No FSU is running.") not in text
        assert "Bob: GO · Chance 17% · Community Chest 3%" in text  # the mode's next_rolls: 1/6 and 1/36
        app.set_language("de")
        d.frames(2)
        text = d.screen.body.text
        assert "versichert" in text and "Einzahlung 500 €" not in text and "Einzahlung $500" in text
        assert "deckt: Einweisung ins Gefängnis" in text  # a noun, as every other cover ("Landung auf …")
        assert "eine Auszahlung bringt $1.500 (3 × die Einzahlung)" in text  # thousands as German writes them
        # German writes a percentage with a space, as its rulings do ("10 % (Standard)"), never wrapped apart
        assert "nächster Wurf: 0\u00a0%" in text and "Chance 17\u00a0%" in text, text
        assert not re.search(r"\d%", text), text
        app.set_language("en")
        d.tap(d.screen.back_button)
        assert d.screen.name == "morpoly-board"
        d.tap(board.cells[37])
        popup = board.square_popup
        shown = d.texts(popup)
        assert "Premium now: $500 (buys an FSU)" in shown
        assert "FSU 1: Ann insures Bob (sent to jail), 37 squares to go" in shown
        assert "Opposite: 17 · Community Chest" in shown
        assert board.cells[37].selected and board.cells[17].selected and not board.cells[18].selected
        d.tap(_button_with(popup, "OK"))
        for _ in range(300):  # the popup animates away; until it has left the window it takes the taps
            if popup.parent is None:
                break
            d.frames(1)
        assert popup.parent is None and not board.cells[17].selected
        d.tap(board.cells[6])
        assert board.square_popup is not popup
        assert "Rent now: $6" in d.texts(board.square_popup)  # unbuilt: ordinary rent, no FSU
        board.square_popup.dismiss()
        assert "♥" not in board.money_label.text and "☠" not in board.cells[20].text  # no ELAM in this game
    finally:
        conftest.stop_app(app)


def test_a_table_with_paper_money_is_told_who_hands_whom(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    app = conftest.start_app(tmp_path / "data")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        _new_game(d, checker=True, guilds=("beggars", "undead", "patrician"))
        assert app.game.state.rules["bank"] == "checker"
        board = d.screen
        assert app.t("Nothing to hand over.") in board.money_label.text
        for who in ("red", "yellow"):  # Ann buys the pub on 5; Bob lands there and pays her
            assert app.game.question.player == who
            d.tap(_button_with(board.answer_area, app.t("Roll the dice")))
            _throw(d, 2, 3)
            if who == "red":
                d.tap(_button_with(board.answer_area, app.t("Buy")))
                assert "Ann hands the bank $200" in board.money_label.text.replace("[color=db332e]●[/color] ", "")
        text = board.money_label.text.replace("[color=db332e]●[/color] ", "").replace("[color=f5c71a]▲[/color] ", "")
        assert "Bob hands Ann $25" in text, text
        assert app.t("Each should hold") in text and "Ann  $1,325" in text
    finally:
        conftest.stop_app(app)
