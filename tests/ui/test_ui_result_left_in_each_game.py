"""A random event's result left with "continue" stays left in each game the table keeps going, by
touch in a real window.

Found playing two Discworld games from Home's list of unfinished games: the table continued from a
random event's result in the second game, went to the first from Home, continued from its result
too, and went back: the second game's result was on screen again, as if never left (and a restart
did the same). Where the table left a result was one position, of whichever game continued last; it
is kept for the other games too (``continued_before`` in :mod:`ui.navigation`)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.core.inputs import Answer, DieRoll
from companion.core.session import Session

SET_UP = ("vetinari", "rust", "vimes", "the-dean")
"""As in test_ui_resume_events: red (first: the die showed 1) puts down The Dean, whose first symbol
draws a random event."""


def two_games_at_an_event(data: Path) -> None:
    """Two Discworld games, each at its random event card's draw, through the engine."""
    data.mkdir(parents=True)
    with Session.open(data / "games.sqlite") as session:
        for names in (["Ann", "Bob", "Cy"], ["Dot", "Eve", "Fay"]):
            session.new_game(["red", "yellow", "green"], "en", names)
            session.submit(DieRoll(1, "manual", seq=session.seq))
            for value in SET_UP:
                session.submit(Answer(value, seq=session.seq))
            assert session.question is not None and session.question.key == "event.draw"


def _other_game(d: Any) -> None:
    """Home, and the button of the one other unfinished game."""
    d.tap(d.nav("nav_home"))
    (other,) = d.unfinished()
    d.tap(other)


def _event_played_and_left(d: Any) -> tuple[int, int]:
    """The event drawn and rolled for until its result waits for "continue", which is tapped; the
    game and step it was left at."""
    app = d.app
    assert d.screen.name == "events"
    while d.screen.ids.continue_button.disabled:
        question = app.game.question
        if question.kind == "roll":
            app.on_die_roll(2, "manual")  # the die: 2, Unreal Estate
            d.frames(3)
        else:
            d.choose(question.options[0])
    d.tap(d.screen.ids.continue_button)
    assert d.screen.name == "turn"
    return app.session.game_id, len(app.session.inputs)


def test_a_result_left_in_one_game_is_not_shown_again_after_another_game_s(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    two_games_at_an_event(data)
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.tap(d.screen.ids.resume)  # the newest: Dot, Eve and Fay
        second = _event_played_and_left(d)
        _other_game(d)  # Ann, Bob and Cy
        first = _event_played_and_left(d)
        assert first[0] != second[0]
        _other_game(d)
        assert (app.session.game_id, len(app.session.inputs), d.screen.name) == (*second, "turn")
        _other_game(d)
        assert (app.session.game_id, len(app.session.inputs), d.screen.name) == (*first, "turn")
        conftest.stop_app(app)
        app = conftest.start_app(data)  # the table was in the first game, past its result
        d = conftest.Driver(app)
        d.frames(3)
        d.tap(d.screen.ids.resume)
        assert (app.session.game_id, d.screen.name) == (first[0], "turn")
        _other_game(d)
        assert (app.session.game_id, d.screen.name) == (second[0], "turn")
    finally:
        conftest.stop_app(app)


def test_the_results_left_in_other_games_round_trip_and_a_damaged_list_costs_only_itself(tmp_path: Path) -> None:
    """Kept beside the journal whole; a list that is not one is left out, the rest read."""
    from ui.navigation import JournalPosition, Navigation, load, record_path, save

    path = record_path(tmp_path)
    one, two = JournalPosition(1, "2026-12-01T10:00:00.000Z", 40), JournalPosition(2, "2026-12-02T10:00:00.000Z", 7)
    record = Navigation().continuing(one).continuing(two)
    assert record.continued == two and record.continued_before == (one,)
    assert record.left(one) and record.left(two) and not record.left(JournalPosition(1, one.created, 41))
    assert record.continuing(JournalPosition(1, one.created, 44)).continued_before == (two,)  # one per game
    assert save(path, record) and load(path) == record
    path.write_text(path.read_text().replace('"continued_before": [', '"continued_before": [3, '))
    assert load(path) == Navigation(continued=two)
