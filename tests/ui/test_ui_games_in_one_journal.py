"""A table with more than one game in its journal (issue 16), by touch in a real window: it left a
game for a new one of the other kind and went back to the first from Home.

- A restart replayed two games: the newest unfinished one (what ``Session.open`` resumes), then the
  one the table was playing (``playing`` in :mod:`ui.navigation`). On a long newest game that cost
  its whole replay before "Resume" was offered (``benchmarks/bench_two_games.py``). Exactly the game
  the table was on is replayed now, once, at the same question.
- What was typed on a pad (a face of Ankh-Morpoly's pair, the card search) was kept for one game
  only: a face tapped in one game was gone when the table came back to it after typing a card's
  name in the other. Each game's pads stay with it now, across a switch and a restart, and nothing
  of them is applied.
- A die roll or a scanned card read for one game landed in the game the table switched to before
  the reading reached the main thread (a roll read for game A's first throw was journalled as game
  B's, which waited at the same step; one read on Home, the game chosen meanwhile). A reading is now
  bound to the game and question it was read for: in another game, or read while no question was
  on screen, it is refused with one line.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_ui_back_to_the_other_game import _where


def _conftest(request: Any) -> Any:
    return request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))


def _started(conftest: Any, data: Path) -> tuple[Any, Any]:
    """The app started on the data folder ``data`` in a real window, its first frames drawn, and
    its driver (a restart after ``stop_app``: the plug pulled)."""
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    d.frames(3)
    return app, d


def _discworld_then_morpoly_then_back(conftest: Any, d: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """A Discworld game at its first card, left for a new Ankh-Morpoly game, got back from Home:
    where each stood."""
    app = d.app
    conftest.seat_three(app, "en")
    d.frames(3)
    discworld = _where(app)
    d.tap(d.nav("nav_home"))
    d.tap(d.screen.ids.new_morpoly)
    d.tap(d.screen.start_button)
    morpoly = _where(app)
    assert morpoly[0] > discworld[0] and morpoly[3] == "morpoly-board"
    d.tap(d.screen.home_button)
    (back,) = d.unfinished()
    d.tap(back)
    assert _where(app) == discworld
    return discworld, morpoly


def test_a_restart_replays_only_the_game_the_table_went_back_to(tmp_path: Path, request: Any,
                                                                 replays: list[int]) -> None:
    conftest = _conftest(request)
    data = tmp_path / "data"
    app, d = _started(conftest, data)
    try:
        discworld, morpoly = _discworld_then_morpoly_then_back(conftest, d)
        conftest.stop_app(app)  # the plug
        replays.clear()
        app, d = _started(conftest, data)
        assert app.session is not None and d.screen.name == "home"
        assert replays == [discworld[0]], replays  # the newer Ankh-Morpoly game was not replayed
        d.tap(d.screen.ids.resume)
        assert _where(app) == discworld
        assert replays == [discworld[0]], replays
        d.tap(d.nav("nav_home"))
        (other,) = d.unfinished()
        assert "Ankh-Morpoly" in other.text
        d.tap(other)  # the other game: replayed now, when the table asks for it
        assert _where(app) == morpoly and replays == [discworld[0], morpoly[0]]
    finally:
        conftest.stop_app(app)


def _face_pad(d: Any) -> list[Any]:
    """The board's face pad: six faces of the first die, then six of the second."""
    from kivy.uix.togglebutton import ToggleButton
    return [w for w in d.screen.answer_area.walk() if isinstance(w, ToggleButton)]


def _pressed(d: Any) -> list[int]:
    """Which of the face pad's twelve buttons are down."""
    return [i for i, b in enumerate(_face_pad(d)) if b.state == "down"]


def test_each_game_keeps_what_its_pads_hold_across_a_switch_and_a_restart(tmp_path: Path, request: Any) -> None:
    conftest = _conftest(request)
    data = tmp_path / "data"
    app, d = _started(conftest, data)
    try:
        conftest.seat_three(app, "en")  # Ann, Bob and Cy at their first card: the card list and its search
        d.frames(3)
        discworld = _where(app)
        d.panel().search.text = "carc"  # typed on the on-screen keyboard
        d.frames(2)
        d.tap(d.nav("nav_home"))
        d.tap(d.screen.ids.new_morpoly)
        d.tap(d.screen.start_button)
        while app.game.question.kind != "roll":  # a guild each, then "roll" on the turn's menu
            question = app.game.question
            value = "roll" if question.key == "morpoly.turn.menu" else question.options[0]
            (button,) = [w for w in d.screen.answer_area.walk() if getattr(w, "value", None) == value]
            d.tap(button)
        morpoly = _where(app)
        assert app.game.question.kind == "roll", morpoly
        d.tap(_face_pad(d)[3])  # the first die: 4; the second not yet
        assert _pressed(d) == [3] and d.screen.faces == [4, None]
        d.tap(d.screen.home_button)
        d.tap(d.unfinished()[0])  # back to the Discworld game: its search as typed
        assert _where(app) == discworld and d.panel().search.text == "carc"
        d.tap(d.nav("nav_home"))
        d.tap(d.unfinished()[0])  # and to the Ankh-Morpoly game: its face still pressed
        assert _where(app) == morpoly and _pressed(d) == [3] and d.screen.faces == [4, None]
        d.tap(d.screen.home_button)
        d.tap(d.unfinished()[0])  # the table is on the Discworld game when the plug is pulled
        conftest.stop_app(app)
        app, d = _started(conftest, data)
        d.tap(d.screen.ids.resume)
        assert _where(app) == discworld and d.panel().search.text == "carc"
        d.tap(d.nav("nav_home"))
        d.tap(d.unfinished()[0])
        assert _where(app) == morpoly and _pressed(d) == [3] and d.screen.faces == [4, None]
        d.tap(_face_pad(d)[6 + 1])  # the second die: 2; the throw is 4 and 2
        assert app.session.inputs[-1].faces == (4, 2) and len(app.session.inputs) == morpoly[1] + 1
    finally:
        conftest.stop_app(app)


def _two_games_at_the_same_step(conftest: Any, app: Any, device: str) -> tuple[int, int]:
    """Two Discworld games waiting at the same step for the same kind of reading, the newest open:
    for the die, both at the first player's roll; for the scanner, both at Ann's first card."""
    games = []
    for names in (["Ann", "Bob", "Cy"], ["Di", "Eve", "Fay"]):
        if device == "die":
            app.start_game(["red", "yellow", "green"], names, "en")
        else:
            conftest.seat_three(app, "en")
        games.append(app.session.game_id)
    return games[0], games[1]


def _read(app: Any, device: str) -> str:
    """A reading from the device's own thread, as the serial reader and the scanner deliver it: the
    face or card read, handed to Kivy's main thread (not handled yet)."""
    import threading
    from types import SimpleNamespace
    from hardware.scanners.base import Scan

    if device == "die":
        event: Any = SimpleNamespace(face=5, source="serial:///dev/ttyACM0")
        reader = threading.Thread(target=app.devices._die_rolled, args=(event,))
        shown = "5"
    else:
        card = app.game.question.options[0]
        reader = threading.Thread(target=app.devices._scanned, args=(Scan("card", card, False, 0.0),))
        shown = card
    reader.start()
    reader.join()
    return shown


@pytest.mark.parametrize("device", ["die", "scanner"])
@pytest.mark.parametrize("read_on", ["the game's screen", "home"])
def test_a_reading_goes_to_the_game_it_was_read_for_or_none(tmp_path: Path, request: Any, device: str,
                                                             read_on: str) -> None:
    """The reading is made on the older game's screen (its question: the same step as the newer
    game's) or on Home, and the table's taps that open the newer game are handled before it (taps
    queued behind a slow frame: their handlers called at once, as a driven tap would draw frames,
    and so handle the reading, first). The newer game is unchanged, and a line says why."""
    conftest = _conftest(request)
    app, d = _started(conftest, tmp_path / "data")
    try:
        older, newer = _two_games_at_the_same_step(conftest, app, device)
        d.frames(3)
        d.tap(d.nav("nav_home"))
        (back,) = d.unfinished()
        d.tap(back)
        assert app.session.game_id == older and app.manager.current in ("setup", "turn")
        step = len(app.session.inputs)
        if read_on == "home":
            d.tap(d.nav("nav_home"))
        read = _read(app, device)
        if read_on != "home":
            d.nav("nav_home").dispatch("on_release")
        (newest,) = d.unfinished()
        newest.dispatch("on_release")  # the table opens the newer game
        assert app.session.game_id == newer and len(app.session.inputs) == step
        d.frames(5)  # now the reading is handled
        assert app.session.game_id == newer and len(app.session.inputs) == step, \
            f"a reading made for game {older} went into game {newer}"
        said = {("die", "home"): f"The die shows {read}; nothing to roll for now.",
                ("scanner", "home"): f"Scanned {read}; nothing to scan for now.",
                ("die", "game"): f"The die shows {read}, thrown for another game: nothing rolled.",
                ("scanner", "game"): "A card scanned for another game: nothing taken."}
        assert app.message == said[device, "home" if read_on == "home" else "game"]
        assert app.message in d.texts(app.root)  # on the status bar
        app.message = ""
        if device == "die":
            app.devices.roll_simulated(4)  # the table throws again: the newer game takes it
            d.frames(5)
            assert [i.face for i in app.session.inputs] == [4]
        d.tap(d.nav("nav_home"))
        d.tap(d.unfinished()[0])
        assert app.session.game_id == older and len(app.session.inputs) == step  # nothing landed there
    finally:
        conftest.stop_app(app)
