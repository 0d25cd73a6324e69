"""The table companion app: ``ankh-companion`` with no arguments (``ui.cli`` calls :func:`main`).

The App class itself is :class:`ui.companion_app.CompanionApp`; it imports Kivy at its top, so this
module imports it only when the app really starts (:func:`make_app`, :func:`main`) and
``ankh-companion --help`` stays light. What lives here is what needs no Kivy: where the data is kept,
which screen shows what the game waits for, and the command line.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.core.mode import DEFAULT_MODE, Progress, get_mode
from ui.kivy_env import display_problem, prepare, quiet_optional_parts

if TYPE_CHECKING:
    from companion.core.session import Session
    from ui.companion_app import CompanionApp

UI_DIR = Path(__file__).parent
FONT_DIR = UI_DIR / "fonts"
KV_SHARED = "widgets.kv"
"""The kv rules every screen uses (the bars, pages, buttons), loaded as the app is built; each
screen's own file is loaded when the screen is first built (``ui.companion_app.SCREENS``)."""


def default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "ankh-companion"


MODE_SCREENS: dict[str, str] = {"ankh-morpoly": "morpoly-board"}
"""Modes played on one screen of their own throughout (Ankh-Morpoly's board, its set-up questions
too); the others' screens are the ones their progress names (set-up, events, turn, game end)."""


def mode_of(session: Session[Any] | None) -> str:
    """The id of the mode the session's open game was started with, as its journal record says —
    the one fact that decides which game a session is (not the engine's package or class)."""
    record = session.record if session is not None else None
    return record.mode if record is not None else DEFAULT_MODE


def progress_of(session: Session[Any]) -> Progress:
    """What the open game's mode publishes now: what is being played or resolved, the roll awaited
    and the screen for the current question."""
    return get_mode(mode_of(session)).progress(session.current)


def screen_for(session: Session[Any]) -> str:
    """Which screen shows what the open game waits for (see :data:`MODE_SCREENS`)."""
    return MODE_SCREENS.get(mode_of(session)) or progress_of(session).screen


def outcome_for(session: Session[Any]) -> str:
    """The screen that shows how something ended with the open game's last input (a random
    event's result), or "" (``Progress.outcome``; none in the modes of :data:`MODE_SCREENS`)."""
    return "" if mode_of(session) in MODE_SCREENS else progress_of(session).outcome


def app_class() -> type[CompanionApp]:
    """The App class, imported only now: Kivy (and its window) loads with it."""
    from ui.companion_app import CompanionApp
    return CompanionApp


def make_app(**kwargs: Any) -> CompanionApp:
    """Build the App (importing Kivy); tests call this with a temporary ``data_dir``."""
    prepare()
    return app_class()(**kwargs)


DEFAULT_SIZE = "800x480"


def parse_size(parser: argparse.ArgumentParser, text: str) -> tuple[int, int]:
    """``WxH`` in pixels; anything else is a one-line usage error."""
    w, sep, h = text.lower().partition("x")
    if not sep or not w.isdigit() or not h.isdigit() or int(w) < 1 or int(h) < 1:
        parser.error(f"--size: expected WxH such as 800x480, not {text!r}")
    return int(w), int(h)


def check_device_urls(die: str | None, scanner: str | None) -> None:
    """A ``--die`` or ``--scanner`` URL given on the command line, read by the hardware's own URL
    parsers (nothing is opened: a missing device is fine, the app shows it disconnected and finds it
    when it is plugged in). ValueError for a URL of no known form: ``--die serial://dev/ttyACM0``
    (two slashes) or ``--scanner camera://abc`` started the app with "Die: disconnected" and no
    word of why — a bad URL is never retried, the table would wait for a die that cannot come."""
    if die:
        from hardware.dice import open_die_source
        try:
            open_die_source(die)
        except OSError:
            pass  # not plugged in (yet): the app says so and keeps looking
    if scanner:
        from hardware.scanners import open_scanner
        open_scanner(scanner)  # opens nothing until started; BadScannerURL is a ValueError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ankh-companion", description="Start the table companion app.")
    parser.add_argument("--data-dir", type=Path, default=None, help="where settings and games are kept")
    parser.add_argument("--fullscreen", action="store_true", help="full screen (the Raspberry Pi kiosk)")
    parser.add_argument("--size", default=None, help=f"window size WxH (default {DEFAULT_SIZE}, the Pi's screen)")
    parser.add_argument("--die", default=None, metavar="URL",
                        help="die source for this run, e.g. serial:///dev/ttyACM0 (default: the saved setting)")
    parser.add_argument("--scanner", default=None, metavar="URL",
                        help="card scanner for this run, e.g. camera://0 (default: the saved setting)")
    args = parser.parse_args(argv or [])
    size = parse_size(parser, args.size or DEFAULT_SIZE)
    try:
        check_device_urls(args.die, args.scanner)
    except ValueError as exc:
        parser.error(str(exc))
    problem = display_problem()
    if problem:
        sys.stderr.write(problem + "\n")
        return 1
    prepare(quiet=False)
    quiet_optional_parts()
    from kivy.config import Config
    Config.set("input", "mouse", "mouse,disable_multitouch")  # no red multi-touch dots on a touchscreen
    if args.fullscreen:
        Config.set("graphics", "fullscreen", "auto")
    Config.set("graphics", "width", str(size[0]))  # the Pi's 800×480 screen, not Kivy's 800×600
    Config.set("graphics", "height", str(size[1]))
    logging.basicConfig(level=logging.INFO)
    from ui.settings import AppSettings
    data_dir = args.data_dir or default_data_dir()
    settings, settings_problem = AppSettings.read(data_dir / "settings.json")
    if settings_problem:
        sys.stderr.write(f"ankh-companion: the settings file cannot be read ({settings_problem}); the defaults are "
                         "in use until Settings saves new ones\n")
    if args.die:
        settings.die_url = args.die
    if args.scanner:
        settings.scanner_url = args.scanner
    try:
        settings.validate()
    except ValueError as exc:
        parser.error(str(exc))
    app = app_class()(data_dir=data_dir, settings=settings, settings_problem=settings_problem)
    try:
        app.run()
    except Exception as exc:
        from ui.gamehost import JournalUnavailable  # imported with the journal, after the first frame
        if not isinstance(exc, JournalUnavailable):
            raise
        # nothing is lost: the journal is left as it is
        sys.stderr.write(f"ankh-companion: the game journal cannot be used: {exc}\n")
        return 1
    return 0
