"""A game left for a new game of the other kind is got back from Home, by touch in a real window,
and a restart comes back to the game the table went back to.

Found playing across the two games: a Discworld game at its first card, Home, "New Ankh-Morpoly game",
"Start": the Discworld game stayed unfinished in the journal, but Home's "Resume" resumes only the
newest unfinished game and nothing else on screen named the first one — the table had no way back to
it. Home now lists the other unfinished games, each a button that goes back to it; and a restart
resumed the newest game again, so the game the table went back to is remembered beside the journal
(``playing`` in :mod:`ui.navigation`)."""
from __future__ import annotations

from pathlib import Path
from typing import Any



def _where(app: Any) -> tuple[Any, ...]:
    """The open game as the table knows it: which game, how far, what it asks, on which screen."""
    game = app.game
    return app.session.game_id, len(app.session.inputs), game.question.key, app.manager.current


def test_home_goes_back_to_a_discworld_game_left_for_an_ankh_morpoly_one(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        conftest.seat_three(app, "en")  # Ann, Bob and Cy at their first card
        d.frames(3)
        discworld = _where(app)
        assert discworld[3] == "turn"
        d.tap(d.nav("nav_home"))
        assert d.unfinished() == []  # one game: "Resume" is the way back
        d.tap(d.screen.ids.new_morpoly)
        d.tap(d.screen.start_button)
        morpoly = _where(app)
        assert morpoly[0] != discworld[0] and morpoly[3] == "morpoly-board"
        d.tap(d.screen.home_button)
        (first,) = d.unfinished()
        assert "Resume:" in first.text and "Ann" in first.text and "Ankh-Morpoly" not in first.text
        d.tap(first)
        assert _where(app) == discworld  # the same game, question and screen, unchanged
        d.tap(d.nav("nav_home"))
        (second,) = d.unfinished()
        assert "Ankh-Morpoly" in second.text
        conftest.stop_app(app)
        app = conftest.start_app(data)  # the table was playing the Discworld game: it comes back
        d = conftest.Driver(app)
        d.frames(3)
        d.tap(d.screen.ids.resume)
        assert _where(app) == discworld
        d.tap(d.nav("nav_home"))
        d.tap(d.unfinished()[0])  # and the Ankh-Morpoly game, as it was
        assert _where(app) == morpoly
    finally:
        conftest.stop_app(app)


def test_home_lists_the_newest_unfinished_games_only(tmp_path: Path, request: Any) -> None:
    """A table that left many games keeps the newest in reach: Home lists at most
    ``MAX_OTHER_UNFINISHED`` of the others, newest first (the rest stay in the journal)."""
    from companion.core.session import Session
    from ui.companion_app import MAX_OTHER_UNFINISHED

    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    data.mkdir()
    names = [f"P{i}" for i in range(MAX_OTHER_UNFINISHED + 3)]
    with Session.open(data / "games.sqlite") as session:
        for name in names:
            session.new_game(["red", "yellow"], None, [name, "Bob"])
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        listed = d.unfinished()
        assert len(listed) == MAX_OTHER_UNFINISHED
        # the open game is the newest (its "Resume" above); then the others, newest first
        expected = list(reversed(names[-1 - MAX_OTHER_UNFINISHED:-1]))
        assert [button.text.split("\xa0")[1].split(",")[0] for button in listed] == expected, \
            [b.text for b in listed]
    finally:
        conftest.stop_app(app)


def test_home_lists_only_games_the_app_can_draw_under_their_own_heading(tmp_path: Path, request: Any) -> None:
    """The command line seats any players' ids (``game new --mode ankh-morpoly --players white,black``);
    such a game left unfinished and listed on Home stopped the app at every start (no colour to draw
    white in). Home lists the games the app can show, under "Unfinished games", and the finished
    ones under a heading of their own (they stood under "Unfinished games")."""
    from kivy.uix.label import Label
    from companion.core.session import Session

    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    data.mkdir()
    with Session.open(data / "games.sqlite") as session:
        session.new_game(["white", "black"], None, ["Wil", "Bea"], mode="ankh-morpoly", options={})
        session.new_game(["red", "yellow"], None, ["Ann", "Bob"])
        session.new_game(["red", "yellow"], None, ["Cy", "Di"])
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        (listed,) = d.unfinished()
        assert "Ann" in listed.text and "Wil" not in d.texts()
        headings = [w.text for w in reversed(d.screen.ids.past.children) if isinstance(w, Label) and w.bold]
        assert headings == ["Unfinished games", "Finished games"], headings
    finally:
        conftest.stop_app(app)


def test_going_back_to_another_game_clears_the_status_line(tmp_path: Path, request: Any) -> None:
    """"Undone to step 1." said in one game stood in the status bar over the game gone back to."""
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        conftest.seat_three(app, "en")
        app.start_game(["red", "yellow"], ["Eve", "Fay"], "en")
        d.frames(3)
        app.on_die_roll(1, "manual")
        d.frames(2)
        assert app.undo_to(0), app.message
        assert app.notice == "Undone to step 0."
        d.tap(d.nav("nav_home"))
        d.tap(d.unfinished()[0])
        assert app.notice == "" and "Undone" not in d.texts()
    finally:
        conftest.stop_app(app)


def test_a_newest_game_the_app_cannot_draw_leaves_home_standing(tmp_path: Path, request: Any) -> None:
    """The newest unfinished game made on the command line for players "white" and "black": Home
    named its players on "Resume" in colours the app has not, and the app stopped at every start.
    Home stands, with "Resume" greyed (the game stays in the journal for the command line)."""
    from companion.core.session import Session

    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    data.mkdir()
    with Session.open(data / "games.sqlite") as session:
        session.new_game(["white", "black"], None, ["Wil", "Bea"], mode="ankh-morpoly", options={})
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        assert d.screen.name == "home" and app.session is not None and app.session.game is not None
        assert d.screen.ids.resume.disabled and "Wil" not in d.texts()
        d.tap(d.screen.ids.new_game)  # and the table can start a game of its own
        assert d.screen.name == "setup" and d.screen.form
    finally:
        conftest.stop_app(app)


def test_an_undo_in_the_game_gone_back_to_survives_a_pulled_plug(tmp_path: Path, request: Any) -> None:
    """A German table with long names: its Discworld game at a random event, left for an
    Ankh-Morpoly game, got back from Home's list; the event drawn, then taken back in the Journal;
    the plug pulled. "Resume" brings back that game (not the newer Ankh-Morpoly one) at the step
    before the event, with the Journal open and the undone steps still to redo (played once in a
    real window first; screenshots looked at)."""
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    app = conftest.start_app(data, language="de")
    d = conftest.Driver(app)
    try:
        app.start_game(["red", "yellow", "green"], ["Krzesimir-Bolesław", "Wilhelmine-Charlotte", "Bartholomäus"],
                       "de")
        while app.game.question.kind == "roll":  # the German set-up: everyone rolls
            app.on_die_roll(len(app.session.inputs) + 1, "manual")
        for value in ("vetinari", "rust", "vimes", "the-dean"):
            assert app.answer(value), (value, app.message)
        d.frames(3)
        discworld = app.session.game_id
        d.tap(d.nav("nav_home"))
        d.tap(d.screen.ids.new_morpoly)
        d.tap(d.screen.start_button)
        d.tap(d.screen.home_button)
        (back,) = d.unfinished()
        d.tap(back)
        assert app.session.game_id == discworld and app.game.question.key == "event.draw"
        before = len(app.session.inputs)
        assert app.answer("fire"), app.message
        app.on_die_roll(12, "manual")  # Nap Hill: no building, the fire stops
        d.frames(3)
        assert len(app.session.inputs) == before + 2
        d.tap(d.nav("nav_journal"))
        assert app.undo_to(before), app.message
        d.frames(3)
    finally:
        conftest.stop_app(app)  # the plug
    app = conftest.start_app(data, language="de")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.tap(d.screen.ids.resume)
        assert app.session.game_id == discworld and len(app.session.inputs) == before
        assert d.screen.name == "journal" and app.game.question.key == "event.draw"
        assert len(app.session.timeline.undone) == 2  # "Wiederholen" still puts the event back
        assert "Krzesimir-Bolesław" in d.texts()
    finally:
        conftest.stop_app(app)
