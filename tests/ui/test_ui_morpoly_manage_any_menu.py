"""Rules revision 12's ``others-manage`` played by touch in the real app (800×480), in German with
long names: standard Monopoly lets an owner build "at any time", so on Konstantinopel's menu
Wilhelmine-Hildegard builds on her Schlossallee before he rolls. The menu's button, the question of
whose houses (asked of the table) and her own question with the deed buttons are in German; the
plug is pulled while she is asked, and the app comes back at the same question; "Fertig" gives
Konstantinopel his menu back, the house standing and paid for.

The position is a table's journal: seeded random legal play (seed 7, found under rules revision 12:
at input 76 green's menu, where red, yellow and blue may each build, sell or mortgage, and yellow
may build on Schlossallee), then the app opened on it and "resume" tapped."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.morpoly import building, turn
from companion.morpoly.editions import load_edition
from tests.ui.test_ui_morpoly_at_the_table import (LONG_NAMES, _answer_buttons, _back_from_the_journal, _conftest,
                                                  _feed, _resume, _resumed, _undo_from_the_board)

SCHLOSSALLEE = 39


def _yellow_may_build_on_greens_menu(game: Any) -> bool:
    question = game.question
    if question is None or question.key != "morpoly.turn.menu" or question.player != "green":
        return False
    state = game.state
    edition = load_edition(state.edition)
    return (len(turn.other_managers(state, edition, "green")) >= 2
            and f"build:{SCHLOSSALLEE}" in building.management_options(state, edition, "yellow"))


def test_another_player_builds_before_the_roll_and_a_restart_keeps_her_question(tmp_path: Path,
                                                                                request: Any) -> None:
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, {"edition": "de", "base": "standard"}, _yellow_may_build_on_greens_menu, seed=7)
    with _resumed(request, data, "de") as (app, d):
        assert app.session.current.state.revision >= 12  # others-manage came with revision 12
        menu = _answer_buttons(d)
        assert "others-manage" in menu and "roll" in menu
        assert menu["others-manage"].text == "Häuser und Hypotheken eines Mitspielers"
        cash = app.session.current.state.party("yellow").cash
        d.screenshot(app.data_dir / "manage-menu-de.png")
        d.tap(menu["others-manage"])
        question = app.session.question
        assert question is not None and question.key == "morpoly.manage.party" and question.player == "green"
        assert "Wer baut, verkauft, nimmt eine Hypothek auf oder löst sie ab?" in d.texts()
        d.tap(_answer_buttons(d)["yellow"])
        question = app.session.question
        assert question is not None and question.key == "morpoly.manage.what" and question.player == "yellow"
        assert "Wilhelmine-Hildegard: bauen, verkaufen, Hypotheken aufnehmen oder ablösen, dann fertig" in d.texts()
        row = app.session.last_row
        d.screenshot(app.data_dir / "manage-what-de.png")
    with _resumed(request, data, "de") as (app, d):  # the plug pulled while she was asked
        question = app.session.question
        assert question is not None and question.key == "morpoly.manage.what" and question.player == "yellow"
        assert app.session.last_row == row
        buttons = _answer_buttons(d)
        assert f"build:{SCHLOSSALLEE}" in buttons and buttons["done"].text == "Fertig"
        d.tap(buttons[f"build:{SCHLOSSALLEE}"])
        state = app.session.current.state
        house = load_edition(state.edition).deed(SCHLOSSALLEE).house_cost
        assert state.squares[SCHLOSSALLEE].houses == 1 and state.party("yellow").cash == cash - house
        assert app.session.question is not None and app.session.question.key == "morpoly.manage.what"
        d.tap(_answer_buttons(d)["done"])
        question = app.session.question
        assert question is not None and question.key == "morpoly.turn.menu" and question.player == "green"
        assert "roll" in _answer_buttons(d)


def test_a_house_built_on_another_s_menu_undone_by_touch_stays_undone_after_a_restart(tmp_path: Path,
                                                                                      request: Any) -> None:
    """The same table: Wilhelmine-Hildegard builds on Schlossallee on Konstantinopel's menu and says
    "Fertig"; the table undoes back to his menu from the Journal, the app is closed and opened again:
    his menu, no house on Schlossallee, every party's money as before, the build gone from the log."""
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, {"edition": "de", "base": "standard"}, _yellow_may_build_on_greens_menu, seed=7)
    conftest = _conftest(request)
    app, d = _resume(conftest, data, "de")
    try:
        at_menu = len(app.session.inputs)
        money = [(p.id, p.cash) for p in app.session.current.state.parties]
        d.tap(_answer_buttons(d)["others-manage"])
        d.tap(_answer_buttons(d)["yellow"])
        d.tap(_answer_buttons(d)[f"build:{SCHLOSSALLEE}"])
        d.tap(_answer_buttons(d)["done"])
        assert app.session.current.state.squares[SCHLOSSALLEE].houses == 1
        _undo_from_the_board(app, d, at_menu)
    finally:
        conftest.stop_app(app)  # the plug pulled after the undo
    with _resumed(request, data, "de") as (app, d):
        _back_from_the_journal(d)
        question = app.session.question
        assert question is not None and question.key == "morpoly.turn.menu" and question.player == "green"
        assert len(app.session.inputs) == at_menu and "others-manage" in _answer_buttons(d)
        state = app.session.current.state
        assert state.squares[SCHLOSSALLEE].houses == 0
        assert [(p.id, p.cash) for p in state.parties] == money
        assert "baut auf Schlossallee" not in d.screen.log_label.text.split("Zug")[-1]
        d.screenshot(app.data_dir / "manage-undone-de.png")
