"""A table that taps anywhere: seeded random taps on whatever can be tapped (most often an answer of
the question shown), now and then a finger held long or a tap between the buttons, and now and
then the plug pulled — in the real app (800×480), in each of its four languages, from Home with an
empty journal, so both games get set up and played by whatever the taps pick.

What must hold whatever is tapped: no tap raises out of Kivy's event loop (on the table the app
would close); after every pulled plug the app shows the same game at the same journal row, with
the same table and the same question; at the end, the journal read by a fresh session holds the
game the app shows. Taps go on past ``RANDOM_TAPS`` (up to three times as many) until some game got
an input. ``RANDOM_TAPS`` (default 200) and ``RANDOM_TAP_SEEDS`` (default 1) make a
longer exploration: ``RANDOM_TAPS=2000 RANDOM_TAP_SEEDS=5 pytest tests/ui/test_ui_random_taps.py``.
"""
from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from companion.core.session import Session
from tests.ui.test_ui_morpoly_at_the_table import _conftest

TAPS = int(os.environ.get("RANDOM_TAPS", "200"))
SEEDS = int(os.environ.get("RANDOM_TAP_SEEDS", "1"))
PLAYING = {"turn", "events", "table", "setup", "morpoly-board", "morpoly-setup"}
"""Screens where a game is set up or played: their answer buttons are tapped most."""
BACK = ("⌂", "◀", "☰")
"""How a button that leaves a screen begins (Home, back, the table)."""


def _in_sight(widget: Any, window: Any) -> bool:
    """Whether ``widget``'s centre is on the window and inside every scrolled list that holds it."""
    from kivy.uix.scrollview import ScrollView
    x, y = widget.to_window(*widget.center)
    if not (0 <= x <= window.width and 0 <= y <= window.height):
        return False
    parent = widget.parent
    while parent is not None and parent is not window:
        if isinstance(parent, ScrollView):
            left, bottom = parent.to_window(parent.x, parent.y)
            if not (left <= x <= left + parent.width and bottom <= y <= bottom + parent.height):
                return False
        parent = parent.parent
    return True


def _tappable(window: Any) -> list[Any]:
    """Every enabled button in sight, popups included (they sit on the window)."""
    from kivy.uix.behaviors import ButtonBehavior
    found = []
    for root in list(window.children):
        for widget in root.walk(restrict=True):
            if (isinstance(widget, ButtonBehavior) and not widget.disabled and widget.width > 1
                    and widget.height > 1 and widget.get_root_window() is not None and _in_sight(widget, window)):
                found.append(widget)
    return found


def _weight(button: Any, screen: str, leaving: bool) -> int:
    """How often a finger picks ``button``: an answer on a game's screen most, a way into a game
    (a new game, its start, a resume) next, then a game screen's other
    buttons (a die's faces, the bars), a board's squares least (forty of them drowned the answers);
    a way back when the table wants to leave a screen that is not a game's (settings, the rulebook,
    the journal)."""
    text = str(getattr(button, "text", ""))
    if leaving:
        return 40 if text.startswith(BACK) else 1
    if text.startswith(("★", "▶")):
        return 10  # a new game, its start, a resume: the way into a game
    if screen not in PLAYING:
        return 1
    if getattr(button, "value", ""):
        return 30  # an answer to the question shown
    return 1 if type(button).__name__ == "SquareCell" else 3  # forty squares of a board, or the pads and bars


def _table(app: Any) -> tuple[Any, ...] | None:
    """The game the app shows, as the journal must keep it: its id and last row, the table as the
    mode publishes it, and the question."""
    session = app.session
    if session is None or session.game is None or session.record is None:
        return None
    question = session.question
    return (session.record.id, session.last_row,
            json.dumps(session.rules.mode.view(session.game, None), sort_keys=True, default=str),
            json.dumps(question.to_json(), sort_keys=True) if question is not None else None)


def _game_id(app: Any) -> int | None:
    """The open game's id in the journal (``None`` before one is open)."""
    session = app.session
    return session.record.id if session is not None and session.record is not None else None


def _where(app: Any) -> str:
    """What the app keeps beside the journal of where the table is (the game gone back to, the end
    on screen): with the taps before a failure, what a restart will read."""
    return f"game gone back to {app.navigation.playing}, end on screen {app.navigation.ended}"


def _restarted(conftest: Any, app: Any, data: Path, language: str) -> tuple[Any, Any]:
    """The plug pulled and the app started again on the same data folder, its journal resumed."""
    conftest.stop_app(app)
    app = conftest.start_app(data, language=language)
    d = conftest.Driver(app)
    d.frames(3)
    d.wait_for(lambda: not app.resuming, "the journal to be resumed")
    return app, d


@pytest.mark.parametrize("language,seed", [(language, seed) for seed in range(SEEDS)
                                           for language in ("en", "de", "pl", "it")])
def test_random_taps_never_crash_the_app_and_every_restart_shows_the_same_game(
        tmp_path: Path, request: Any, language: str, seed: int) -> None:
    conftest = _conftest(request)
    data = tmp_path / "data"
    rng = random.Random(f"{language}-{seed}")
    app = conftest.start_app(data, language=language)
    d = conftest.Driver(app)
    done: list[str] = []
    played: set[str] = set()
    screens: set[str] = set()
    try:
        d.frames(3)
        tap = -1
        while True:
            tap += 1
            if tap >= TAPS and (played or tap >= 3 * TAPS):  # on past TAPS until some game got an input
                break
            if rng.random() < 0.02:
                before = _table(app)
                done.append(f"{tap}: the plug pulled at {before[:2] if before else None} ({_where(app)})")
                app, d = _restarted(conftest, app, data, language)
                after = _table(app)
                if before is not None and after != before:
                    differs = [name for name, was, now in zip(("game", "row", "table", "question"), before,
                                                              after or (None,) * 4) if was != now]
                    raise AssertionError(f"after a restart the app shows another {', '.join(differs)} (game "
                                         f"{before[:2]} before, {after[:2] if after else None} after): {done[-8:]}")
                continue
            screen = d.screen.name
            screens.add(screen)
            buttons = _tappable(d.window)
            if buttons and rng.random() < 0.9:
                leaving = screen not in PLAYING and screen != "home" and rng.random() < 0.5
                button = rng.choices(buttons, [_weight(b, screen, leaving) for b in buttons])[0]
                x, y = button.to_window(*button.center)
                what = f"{type(button).__name__} {str(getattr(button, 'text', ''))!r:.50}"
            else:
                x, y = rng.uniform(0, d.window.width), rng.uniform(0, d.window.height)
                what = "between the buttons"
            hold = 0.7 if rng.random() < 0.05 else rng.choice((0.0, 0.0, 0.08))
            done.append(f"{tap}: {what} on {screen} at ({x:.0f}, {y:.0f}), held {hold} s")
            was = _game_id(app)
            d.tap_at(x, y, hold=hold)
            if _game_id(app) != was:  # said, for a failure's account of the taps
                done.append(f"  the open game is now {_game_id(app)} ({_where(app)})")
            if _game_id(app) is not None and app.session.seq:
                played.add(app.session.record.mode)
        shown = _table(app)
        if shown is not None:
            with Session.open(data / "games.sqlite", resume=False) as fresh:
                fresh.resume(shown[0])
                assert fresh.last_row == shown[1]
                assert json.dumps(fresh.rules.mode.view(fresh.game, None), sort_keys=True, default=str) == shown[2]
        print(f"\nrandom taps, {language}: games played {sorted(played)}, last shown {shown[:2] if shown else None}, "
              f"screens {sorted(screens)}")  # (with -s: what a longer exploration reached)
        assert played, f"no game got an input in {tap} taps: {done[-8:]}"
    except BaseException:
        print("\n".join(done[-30:]))  # the taps before it, to play it again by hand
        raise
    finally:
        conftest.stop_app(app)
