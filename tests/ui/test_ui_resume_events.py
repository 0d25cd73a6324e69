"""A restart in the middle of a random event, or right after one ends, comes back to what the table
was looking at: the event's name, the face rolled last, the narration, and the question still asked
(mid-event) or the result with "continue" (just over).

Found by playing: a Fire that went out on its only roll (no building where it broke out), the app
restarted right after, came back to the turn screen — the players lost what the fire did. The app
had stayed on the events screen only because it had been there (a memory of its own); now the mode
publishes the event that ended with the last input as ``Progress.outcome`` and the app draws that.

Every event kind, played by touch in a real Kivy window from a small journal the engine wrote (three
players, red plays The Dean, whose first symbol draws the event); the app is started again on the
same data folder after the draw and after the event's last input, and must show the same screen.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.core.inputs import Answer, DieRoll
from companion.core.session import Session
from companion.morpork.events import EVENTS
from ui.app import progress_of

FACES = (2, 7, 9, 1, 5, 12, 3, 8, 4, 6, 10, 11)
"""The faces rolled for an event, in turn: 2 first (Unreal Estate, where nothing is built at the
start, so a fire there goes out on its only roll)."""

SET_UP = ("vetinari", "rust", "vimes", "the-dean")
"""Personalities dealt to red, yellow and green; red (first: the die showed 1) puts down The Dean."""


def write_journal(data: Path) -> None:
    """The game up to the random event card's draw, through the engine."""
    data.mkdir(parents=True)
    with Session.open(data / "games.sqlite") as session:
        session.new_game(["red", "yellow", "green"], "en", ["Ann", "Bob", "Cy"])
        session.submit(DieRoll(1, "manual", seq=session.seq))
        for value in SET_UP:
            session.submit(Answer(value, seq=session.seq))
        assert session.question is not None and session.question.key == "event.draw"


def seen(d: Any) -> dict[str, Any]:
    """What the table sees: the screen, every text on it (the map's and the buttons' too), the
    question drawn, whether "continue" is offered — and the game's position behind it."""
    d.frames(4)
    app, screen = d.app, d.screen
    shown: dict[str, Any] = {"screen": screen.name, "texts": d.texts(app.root), "seq": app.game.seq,
                             "question": app.game.question.key if app.game.question else None}
    if screen.name == "events":
        panel = screen.ids.question
        shown.update({"face": screen.ids.face.text, "event": screen.ids.event_name.text,
                      "narration": screen.ids.narration.text,
                      "asked": panel.question.key if panel.question is not None else None,
                      "continue": not screen.ids.continue_button.disabled})
    return shown


def play_one(d: Any, faces: list[int]) -> None:
    """The event's next input, by touch: the next face on the die pad, or the first option."""
    question = d.app.game.question
    seq = d.app.game.seq
    if question.kind == "roll":
        pads = [w for w in d.panel().walk() if w.__class__.__name__ == "DiePad"]
        assert pads, f"no die pad on {d.screen.name}"
        d.tap(pads[0].face_buttons[faces.pop(0)])
    else:
        d.choose(question.options[0])
    assert d.app.game.seq == seq + 1, d.app.message


def event_status(app: Any) -> str:
    event = progress_of(app.session).innermost("event")
    assert event is not None
    return str(event.status)


def restarted(conftest: Any, app: Any, data: Path, language: str) -> tuple[Any, Any]:
    """The app stopped and started again on the same data folder, the game resumed from Home."""
    conftest.stop_app(app)
    app = conftest.start_app(data, language=language)
    d = conftest.Driver(app)
    d.frames(3)
    assert d.screen.name == "home" and not d.screen.ids.resume.disabled
    d.tap(d.screen.ids.resume)
    return app, d


IN_GERMAN = ("fire", "flood", "fog", "mysterious-murders")
"""Played in German too: a roll, moves chosen, cards named from the whole list, an interrupt offered."""

CASES = [pytest.param(e, "en", id=e) for e in sorted(EVENTS)] + \
        [pytest.param(e, "de", id=f"{e}-de") for e in IN_GERMAN]


@pytest.mark.parametrize(("event", "language"), CASES)
def test_a_restart_mid_event_and_right_after_it_shows_what_the_table_saw(
        tmp_path: Path, request: Any, event: str, language: str) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    write_journal(data)
    app = conftest.start_app(data, language=language)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.tap(d.screen.ids.resume)
        assert d.screen.name == "events"
        faces = list(FACES)
        d.choose(event)  # the event card drawn, tapped in
        if event_status(app) == "now":  # mid-event: the first question of the event on screen
            before = seen(d)
            assert before["screen"] == "events" and not before["continue"] and before["asked"], before
            app, d = restarted(conftest, app, data, language)
            assert seen(d) == before
            while event_status(app) == "now":
                play_one(d, faces)
        before = seen(d)  # the event is over: its result, the last face, "continue"
        assert before["screen"] == "events" and before["continue"] and before["asked"] is None, before
        assert app.translator.event(event) in before["event"]
        app, d = restarted(conftest, app, data, language)
        assert seen(d) == before
        d.tap(d.screen.ids.continue_button)  # on to the question the event left for the turn
        assert d.screen.name == "turn" and d.app.game.seq == before["seq"]
        d.app.route()
        assert d.screen.name == "turn"  # continued: the result is not shown again
    finally:
        conftest.stop_app(app)


def drawn_by_touch(tmp_path: Path, request: Any, event: str) -> tuple[Any, Any, Any, list[int]]:
    """The app started on :func:`write_journal`'s game, resumed from Home and ``event`` tapped in as
    the card drawn: the conftest plugin, the app, its driver and the faces left to roll."""
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    write_journal(data)
    app = conftest.start_app(data, language="en")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.tap(d.screen.ids.resume)
        d.choose(event)
    except BaseException:
        conftest.stop_app(app)
        raise
    return conftest, app, d, list(FACES)


@pytest.mark.parametrize("event", ["demons-from-the-dungeon-dimensions", "flood"])
def test_the_result_says_every_step_of_the_event(tmp_path: Path, request: Any, event: str) -> None:
    """Four Demons (a roll and a demon placed each) or a Flood's moves say more than four lines, and
    the result showed only the last four: the first demons' areas, which the players had still to
    place on the board, were gone. It says every line from the event's draw on now, the latest in
    sight and the first a swipe up, in as much room as the column has below the event's name."""
    conftest, app, d, faces = drawn_by_touch(tmp_path, request, event)
    try:
        while event_status(app) == "now":
            play_one(d, faces)
        d.frames(4)
        narration = list(app.game.narration)
        drawn = max(i for i, line in enumerate(narration) if line.key == "event.drawn")
        said = [app.translator.narration(line) for line in narration[drawn:] if not line.key.startswith("private.")]
        screen = d.screen
        shown = screen.ids.narration.text.split("\n")
        assert len(said) > 4 and shown == ["• " + line for line in said], shown
        assert shown[0] == "• Random event: " + app.translator.event(event)
        scroll = screen.ids.narration_scroll
        assert scroll.height <= screen.narration_room and scroll.scroll_y == 0
        assert scroll.height == min(screen.ids.narration.height, screen.narration_room)
        assert scroll.top <= screen.ids.event_name.y + 1 and scroll.y >= screen.ids.continue_button.top - 1
    finally:
        conftest.stop_app(app)


def test_a_finger_brings_back_an_event_s_first_lines_while_a_roll_is_asked(tmp_path: Path, request: Any) -> None:
    """Mid-event, with a die pad below, the event's lines keep four lines' room, the latest in
    sight: a finger drawn down over them, as on the table, shows the first ones again (the draw)."""
    import time
    from kivy.tests.common import UnitTestTouch
    conftest, app, d, faces = drawn_by_touch(tmp_path, request, "demons-from-the-dungeon-dimensions")
    try:
        for _ in range(3):  # three demons placed: seven lines, a fourth roll asked
            play_one(d, faces)
        d.frames(4)
        screen = d.screen
        scroll, label = screen.ids.narration_scroll, screen.ids.narration
        assert app.game.question.kind == "roll" and label.text.startswith("• Random event: ")
        assert label.height > scroll.height == screen.narration_room and scroll.scroll_y == 0
        x, top = scroll.center_x, scroll.top - 4
        touch = UnitTestTouch(x, top)
        touch.touch_down()
        for step in range(1, 11):  # the finger drawn down the lines, frame by frame
            touch.touch_move(x, top - step * scroll.height / 10)
            d.frames(1)
            time.sleep(0.01)
        touch.touch_up()
        d.frames(30)
        assert scroll.scroll_y > 0.9, scroll.scroll_y  # the first lines in sight: the event's draw
        assert app.game.question.kind == "roll"  # a swipe answers nothing
    finally:
        conftest.stop_app(app)
