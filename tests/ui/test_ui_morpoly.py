"""Ankh-Morpoly at the table (issue 13), in a real Kivy window driven by touch: Home offers the second
game, a 3-player game is set up by touch (a ruling changed in the scrollable list), the guilds are
answered on the board, turns are played with the two-dice face pad, the ring and the money panel follow
the engine, the FSU ledger opens, and a new app on the same data folder resumes the game from Home."""
from __future__ import annotations

from pathlib import Path
from typing import Any

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def _button_with(d: Any, root: Any, text: str) -> Any:
    from kivy.uix.button import Button
    for w in root.walk():
        if isinstance(w, Button) and text in w.text and not w.disabled:
            return w
    raise AssertionError(f"no button with {text!r} on {d.screen.name}")


def _play_question(d: Any, rolls: list[tuple[int, int]]) -> None:
    """Answer whatever the engine asks: a roll on the face pad (the next throw), else the first option."""
    game = d.app.game
    q = game.question
    screen = d.screen
    if q.kind == "roll":
        a, b = rolls.pop(0) if rolls else (3, 4)
        from kivy.uix.togglebutton import ToggleButton
        pads = [w for w in screen.answer_area.walk() if isinstance(w, ToggleButton)]
        assert len(pads) == 12
        d.tap(pads[a - 1])
        d.tap(pads[6 + b - 1])
    else:
        value = "buy" if "buy" in q.options else q.options[0]
        if q.key == "morpoly.turn.menu":
            value = "roll" if "roll" in q.options else q.options[-1]
        buttons = [w for w in screen.answer_area.walk() if getattr(w, "value", None) == value]
        assert buttons, (value, q.options)
        d.tap(buttons[0])


def test_a_morpoly_game_by_touch(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.tap(d.screen.ids.new_morpoly)
        assert d.screen.name == "morpoly-setup"
        setup = d.screen
        d.tap(setup.count_buttons[3])
        setup.name_inputs[0].text = "Ann"  # typed on the on-screen keyboard
        d.tap(setup.edition_buttons["de"])
        d.tap(setup.switch_buttons["fortuna"])
        d.tap(setup.option_buttons["rounding"])
        assert setup.values["rounding"] == "nearest" and setup.values["fortuna"] == "on"
        d.tap(setup.start_button)
        assert d.screen.name == "morpoly-board"
        game = app.game
        assert [p.id for p in game.state.parties] == ["red", "yellow", "green"]
        assert game.state.rules["edition"] == "de" and game.state.rules["rounding"] == "nearest"
        # the guilds, one each, by tapping their buttons
        for guild in ("thieves", "watch", "merchants"):
            q = app.game.question
            assert q.key == "morpoly.setup.guild"
            d.tap(_button_with(d, d.screen.answer_area, app.t({"thieves": "Thieves' Guild", "watch": "City Watch",
                                                                "merchants": "Merchants' Guild"}[guild])))
        assert [p.guilds for p in app.game.state.parties] == [["thieves"], ["watch"], ["merchants"]]
        # red rolls 3 + 4 on the face pad: 7 squares, onto a Chance square, drawn from the deck list
        rolls = [(3, 4), (1, 2), (2, 3), (5, 6), (2, 4), (1, 3)]
        start_seq = app.game.seq
        for _ in range(25):
            _play_question(d, rolls)
        assert app.game.seq > start_seq + 10
        moved = [t.square for t in app.game.state.tokens]
        assert any(s != 0 for s in moved)
        red = app.game.state.tokens[0]
        assert f"]{red.square}[" in d.screen.cells[red.square].text and "●" in d.screen.cells[red.square].text
        assert "1.500" in d.screen.money_label.text or any(
            p.cash != 1500 for p in app.game.state.parties)
        assert "Ann" in d.screen.money_label.text
        d.tap(d.screen.ledger_button)
        assert d.screen.name == "morpoly-ledger"
        assert app.t("Where the next roll may lead") in d.screen.body.text
        d.tap(d.screen.back_button)
        assert d.screen.name == "morpoly-board"
        # the journal lists the throws; undo to just after the guilds, then back to the board
        d.tap(d.screen.journal_button)
        assert d.screen.name == "journal"
        journal = "\n".join(row["text"] for row in d.screen.ids.lines.data)
        assert "⚄ 3 + 4" in journal and app.t("Thieves' Guild") in journal and "Ann" in journal
        before_undo = app.game.seq
        d.screen.select(3)  # the row of step 3 (the recycled list's rows are the journal's own tests')
        d.frames(2)
        d.tap(d.screen.ids.undo)
        d.tap(d.screen.confirm_button)
        assert len(app.session.inputs) == 3 and app.game.question.key == "morpoly.turn.menu"
        app.redo()
        d.frames(2)
        app.back_to_game()
        d.frames(2)
        assert d.screen.name == "morpoly-board" and app.game.seq <= before_undo
        for _ in range(6):
            _play_question(d, rolls)
        d.tap(d.screen.cells[1])
        popup = d.screen.square_popup
        assert "1 ·" in d.texts(popup)
        popup.dismiss()
        for _ in range(60):  # the popup fades out before it leaves the window (and stops taking taps)
            if popup.parent is None:
                break
            d.frames(1)
        # a correction: green is really on 24 (no salary, nothing landed on), from the square's popup
        while app.game.question.kind == "roll":
            _play_question(d, rolls)
        green_cash = app.game.state.parties[2].cash
        d.tap(d.screen.cells[24])
        d.tap(d.screen.place_buttons["green"])
        assert app.game.state.tokens[2].square == 24 and app.game.state.parties[2].cash == green_cash
        assert "■" in d.screen.cells[24].text  # green's own shape
        seq, state = app.game.seq, app.game.state
    finally:
        conftest.stop_app(app)
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        assert d.screen.name == "home" and not d.screen.ids.resume.disabled
        d.tap(d.screen.ids.resume)
        assert d.screen.name == "morpoly-board"
        assert app.game.seq == seq and app.game.state == state
    finally:
        conftest.stop_app(app)


def test_the_simulated_pair_of_dice_throws_through_the_die_source(tmp_path: Path, request: Any) -> None:
    """With the die source ``sim://?pair=1`` the board's "simulated roll" throws the pair, and its
    throw reaches the engine the way a hardware pair's does (DeviceLink's ``when_thrown``)."""
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    app = conftest.start_app(tmp_path / "data", die_url="sim://?pair=1&seed=3")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        assert getattr(app.devices.die, "dice_per_throw", 1) == 2
        app.start_game(["red", "yellow"], ["Ann", "Bob"], "", mode="ankh-morpoly", options={})
        for guild in ("thieves", "watch"):
            assert app.answer(guild), app.message
        assert app.answer("roll"), app.message
        d.frames(3)
        assert d.screen.name == "morpoly-board" and app.game.question.kind == "roll"
        inputs = len(app.session.inputs)
        sim = [w for w in d.screen.answer_area.walk() if getattr(w, "text", "") == app.t("Simulated roll")]
        d.tap(sim[0])
        d.frames(5)
        roll = app.session.inputs[inputs]
        assert roll.faces is not None and len(roll.faces) == 2 and roll.source == "sim"
        assert app.game.state.tokens[0].square == sum(roll.faces) or app.game.state.tokens[0].in_jail
    finally:
        conftest.stop_app(app)


def test_the_set_up_screen_speaks_german(tmp_path: Path, request: Any) -> None:
    """At a German table the rulings list reads in the variant's own words (issue 13, item 6): each
    option's name, description and value, never the engine's English or an option id; a tap shows the
    new value in German too, and a long description makes its row taller instead of overflowing."""
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    app = conftest.start_app(tmp_path / "data", language="de")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.tap(d.screen.ids.new_morpoly)
        setup = d.screen
        assert setup.option_names["double-fee"].text == "Doppelte SBG"
        assert "Gildenhaus" in setup.option_abouts["double-fee"].text
        assert setup.option_buttons["double-fee"].text == "2 × Grundmiete"
        assert setup.option_buttons["bank"].text == "Die App"
        d.tap(setup.option_buttons["rounding"])
        assert setup.values["rounding"] == "nearest" and setup.option_buttons["rounding"].text == "Zur nächsten ✎"
        from companion.core.mode import get_mode
        english = [o.name for o in get_mode("ankh-morpoly").options if o.name in setup.option_buttons
                   and (setup.option_names[o.name].text == o.name or setup.option_abouts[o.name].text == o.description)]
        assert not english and len(setup.option_buttons) > 30
        d.frames(3)
        base = setup.option_abouts["base"]
        assert base.parent.parent.height >= base.height + setup.option_names["base"].height
    finally:
        conftest.stop_app(app)


def test_a_restart_right_after_an_undo_resumes_the_undone_table(tmp_path: Path, request: Any) -> None:
    """The path no test took for the second game: undo by touch, then the app is closed at once and
    started again. Resume must show the table as the undo left it, not as it was before the undo
    (on the Journal, still open when the app closed)."""
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.tap(d.screen.ids.new_morpoly)
        d.tap(d.screen.start_button)
        for guild in ("thieves", "watch"):
            d.tap(_button_with(d, d.screen.answer_area, app.t({"thieves": "Thieves' Guild",
                                                               "watch": "City Watch"}[guild])))
        # before anyone moves, each party is worth its cash, once (the panel had counted it twice)
        assert d.screen.money_label.text.count(f"{app.t('net worth')} $1,500") == len(app.game.state.parties)
        rolls = [(3, 4), (1, 2), (2, 3), (5, 6)]
        for _ in range(8):
            _play_question(d, rolls)
        played = len(app.session.inputs)
        d.tap(d.screen.journal_button)
        d.screen.select(played - 2)
        d.frames(2)
        d.tap(d.screen.ids.undo)
        d.tap(d.screen.confirm_button)
        undone = len(app.session.inputs)
        assert undone < played
        seq, state, question = app.game.seq, app.game.state, app.game.question.to_json()
    finally:
        conftest.stop_app(app)
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.tap(d.screen.ids.resume)
        assert d.screen.name == "journal"  # where the table was (ui.navigation), and back to the board
        d.tap(d.screen.ids.back)
        assert d.screen.name == "morpoly-board"
        assert len(app.session.inputs) == undone
        assert app.game.seq == seq and app.game.state == state and app.game.question.to_json() == question
    finally:
        conftest.stop_app(app)
