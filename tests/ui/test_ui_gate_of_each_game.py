"""The privacy gate opened in one game is closed in another game at the same step, and the
question is that game's, by touch in a real window.

Found playing two Discworld games in their set-up from Home's list of unfinished games: Eve tapped
"show" for her secret personality (step 2 of her game), the table went Home and to the other game,
also at step 2, where Bob picks his: the gate stood open — Bob's secret options shown to the whole
table — and the sentence still said "Eve: scan or pick your secret personality". The question panel
told positions apart by the step alone; a position is a game's step."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.core.inputs import Answer, DieRoll
from companion.core.session import Session


def two_games_at_the_second_personality(data: Path) -> None:
    """Two Discworld games, each at step 2: the die said red plays first, red has a personality,
    yellow picks hers (a private question)."""
    data.mkdir(parents=True)
    with Session.open(data / "games.sqlite") as session:
        for names in (["Ann", "Bob", "Cy"], ["Dot", "Eve", "Fay"]):
            session.new_game(["red", "yellow", "green"], "en", names)
            session.submit(DieRoll(1, "manual", seq=session.seq))
            session.submit(Answer("vetinari", seq=session.seq))
            question = session.question
            assert question is not None and question.private and question.player == "yellow"


def test_the_gate_opened_in_one_game_is_closed_in_the_other(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    two_games_at_the_second_personality(data)
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.tap(d.screen.ids.resume)  # the newest: Dot, Eve and Fay's
        panel = d.screen.question_panel
        assert d.screen.name == "setup" and not panel.revealed and "Eve" in d.texts()
        d.tap(panel.buttons[0])  # Eve: "tap to show"
        assert panel.revealed and "Lord Vetinari" in d.texts()
        bar = d.screen.children[0].children[-1]
        d.tap(bar.ids.nav_home)
        (other,) = d.unfinished()
        d.tap(other)  # Ann, Bob and Cy's game, at its step 2 too
        assert app.session.game_id == 1 and d.screen.name == "setup"
        panel = d.screen.question_panel
        shown = d.texts()
        assert not panel.revealed, "Bob's secret options are on the table"
        assert "Lord Vetinari" not in shown and "Eve" not in shown and "Bob" in shown, shown
        assert len(panel.buttons) == 1 and "Bob" in panel.buttons[0].text  # "Only ▲ Bob may look"
    finally:
        conftest.stop_app(app)


def test_the_gate_shuts_when_its_screen_is_left(tmp_path: Path, request: Any) -> None:
    """Eve opened the gate, the table went Home (or to the Journal), and came back: her secret options
    stood on the screen for the whole table, as each screen keeps its own question panel. A screen
    left shuts its gates; Eve taps "show" again."""
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    two_games_at_the_second_personality(data)
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        for way_out in ("nav_home", "nav_journal"):
            if d.screen.name == "home":
                d.tap(d.screen.ids.resume)
            panel = d.screen.question_panel
            assert d.screen.name == "setup" and "Eve" in d.texts()
            d.tap(panel.buttons[0])  # Eve: "tap to show"
            assert panel.revealed and "Lord Vetinari" in d.texts()
            d.tap(d.nav(way_out))
            assert d.screen.name != "setup"
            if way_out == "nav_home":
                d.tap(d.screen.ids.resume)
            else:
                app.back_to_game()
                d.frames(3)
            assert d.screen.name == "setup" and app.session.game_id == 2
            shown = d.texts()
            assert not d.screen.question_panel.revealed and "Lord Vetinari" not in shown, shown
            d.tap(d.nav("nav_home"))
    finally:
        conftest.stop_app(app)
