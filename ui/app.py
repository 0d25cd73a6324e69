"""The table companion app: ``ankh-companion`` with no arguments (``ui.cli`` calls :func:`main`).

The App holds the session (:class:`companion.core.session.Session`, opened by
:func:`ui.gamehost.open_session`, which always starts — a journal that will not replay is kept aside
and the screen says which game and why), the devices and the settings. The session owns the game's
history; screens only draw what it and the engine say and hand every tap, roll and scan to
:meth:`CompanionApp.submit` — the one door through which the game changes, always on Kivy's main
thread. Whether an input fits the question is the engine's call alone.
"""
from __future__ import annotations

import argparse
import importlib
import logging
import os
import random
import sys
from pathlib import Path
from typing import Any

from companion.core.mode import DEFAULT_MODE, Progress, get_mode
from ui.kivy_env import display_problem, prepare, quiet_optional_parts

log = logging.getLogger(__name__)

UI_DIR = Path(__file__).parent
FONT_DIR = UI_DIR / "fonts"
KV_FILES = ("widgets.kv", "home.kv", "setup.kv", "table.kv", "turn.kv", "events.kv", "gameend.kv",
            "journal.kv", "settings.kv")


def default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "ankh-companion"


def _build_app_class() -> type:
    """Import Kivy only when the app really starts (``ankh-companion --help`` stays light)."""
    from kivy.app import App
    from kivy.core.text import LabelBase
    from kivy.lang import Builder
    from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
    from kivy.uix.screenmanager import NoTransition

    from companion.core.errors import CompanionError, WaitingForOther
    from companion.core.inputs import Answer, CardScan, DieRoll
    from ui.devices import DeviceLink
    from ui.gamehost import LaunchProblem, open_session, past_games
    from ui.i18n import Translator
    from ui.settings import AppSettings
    from ui import screens  # noqa: F401  (registers the screen classes with the kv factory)
    from ui.screens.manager import LazyScreenManager

    class CompanionApp(App):  # type: ignore[misc]
        """See the module docstring."""

        lang = StringProperty("en")
        colorblind = BooleanProperty(False)
        status_text = StringProperty("")
        message = StringProperty("")
        notice = StringProperty("")  # news that is not a problem ("undone to step 4"): a neutral colour
        session = ObjectProperty(None, allownone=True)
        game = ObjectProperty(None, allownone=True)
        revision = NumericProperty(0)
        last_face = NumericProperty(0)

        def __init__(self, data_dir: Path | None = None, settings: AppSettings | None = None,
                     rng: random.Random | None = None, **kwargs: Any) -> None:
            self.data_dir = data_dir or default_data_dir()
            self.settings = settings or AppSettings.load(self.data_dir / "settings.json")
            self.translator = Translator(self.settings.language)
            self.rng = rng or random.Random()
            self.shown_seq: int | None = None  # the seq of the question on screen (read by device threads)
            self.launch_problem: LaunchProblem | None = None
            self.devices = DeviceLink(self.on_die_roll, self.on_card_scan, self.on_device_failure,
                                      self.update_status, lambda: self.shown_seq, on_throw=self.on_die_throw)
            super().__init__(**kwargs)
            self.title = "Ankh-Morpork Table Companion"
            self.lang = self.settings.language
            self.colorblind = self.settings.colorblind

        # -- start / stop --------------------------------------------------------------------
        def build(self) -> Any:
            from ui.scale import apply_window_density
            apply_window_density()  # before any kv rule runs: dp/sp sizes follow the window
            LabelBase.register(name="Roboto", fn_regular=str(FONT_DIR / "DejaVuSans.ttf"),
                               fn_bold=str(FONT_DIR / "DejaVuSans-Bold.ttf"))
            for name in KV_FILES:
                path = str(UI_DIR / "kv" / name)
                if path not in Builder.files:  # a second App in the same process reuses the rules
                    Builder.load_file(path)
            launch = open_session(self.journal_path, rng=self.rng)  # resumes nothing on screen by itself
            self.session, self.launch_problem = launch.session, launch.problem
            self.manager = LazyScreenManager(transition=NoTransition())
            for cls_name, name in (("HomeScreen", "home"), ("SetupScreen", "setup"), ("TableScreen", "table"),
                                   ("TurnScreen", "turn"), ("EventsScreen", "events"),
                                   ("GameEndScreen", "gameend"), ("JournalScreen", "journal"),
                                   ("SettingsScreen", "settings")):
                self.manager.register(name, lambda cls_name=cls_name, name=name: getattr(screens, cls_name)(name=name))
            for cls_name, name in (("MorpolySetupScreen", "morpoly-setup"), ("MorpolyBoardScreen", "morpoly-board"),
                                   ("MorpolyLedgerScreen", "morpoly-ledger")):  # Ankh-Morpoly's, built when first shown
                self.manager.register(name, lambda cls_name=cls_name, name=name: getattr(
                    importlib.import_module("ui.screens.morpoly"), cls_name)(name=name))
            self.manager.current = "home"  # built now; the others when first shown
            self.open_devices()
            if self.launch_problem is not None:
                from kivy.clock import Clock
                Clock.schedule_once(lambda _dt: self.show_launch_problem(), 0)
            return self.manager

        def launch_text(self) -> str:
            """What the screen says when the journal would not replay: which game, why, where the
            file is kept, and where the game goes on."""
            problem = self.launch_problem
            if problem is None:
                return ""
            if problem.game is not None:
                text = self.t("Game {n} could not be resumed: {why}").format(n=problem.game, why=problem.why)
            else:
                text = self.t("The journal could not be read: {why}").format(why=problem.why)
            if problem.kept_as:
                text += "\n" + self.t("The file is kept as {file}.").format(file=problem.kept_as)
            if problem.continued_as is not None:
                text += "\n" + self.t("The game goes on as game {n} from its first {count} steps.").format(
                    n=problem.continued_as, count=problem.entries)
            return text

        def show_launch_problem(self) -> None:
            from kivy.metrics import dp
            from kivy.uix.boxlayout import BoxLayout
            from kivy.uix.label import Label
            from kivy.uix.popup import Popup
            from ui.widgets import BigButton

            box = BoxLayout(orientation="vertical", spacing=dp(8), padding=dp(8))
            label = Label(text=self.launch_text(), color=(1, 1, 1, 1), halign="left", valign="top")
            label.bind(size=lambda w, _v: setattr(w, "text_size", (w.width, None)))
            box.add_widget(label)
            ok = BigButton(text=self.t("OK"), size_hint_y=None, height=dp(52))
            box.add_widget(ok)
            popup = Popup(title=self.t("The journal would not replay"), content=box, size_hint=(0.9, 0.8),
                          auto_dismiss=False)
            ok.bind(on_release=lambda _b: popup.dismiss())
            self.launch_popup = popup
            popup.open()
            self.refresh()

        def on_stop(self) -> None:
            self.devices.close()
            if self.session is not None:
                self.session.close()

        def open_devices(self) -> None:
            self.devices.open_die(self.settings.die_url)
            self.devices.open_scanner(self.settings.scanner_url)
            self.update_status()

        def update_status(self) -> None:
            """The status line: each device simulated, connected (its URL) or disconnected."""
            parts = []
            for what, status in ((self.t("Die"), self.devices.die_status),
                                 (self.t("Scanner"), self.devices.scanner_status)):
                if not status.connected:
                    text = self.t("{what}: disconnected").format(what=what) + f" ({status.url})"
                elif status.simulated:
                    text = self.t("{what}: simulated (no hardware)").format(what=what)
                else:
                    text = f"{what}: {status.url}"
                parts.append(text)
            self.status_text = " · ".join(parts)
            self.refresh()

        def use_simulated_devices(self) -> None:
            """The table's say-so: a disconnected die or scanner is replaced by the simulated one."""
            self.devices.use_simulated()
            self.update_status()

        # -- words ---------------------------------------------------------------------------
        def t(self, message: str, _lang: str | None = None) -> str:
            """Translate; kv passes ``app.lang`` as the second argument so labels rebind on a switch."""
            return self.translator.gettext(message)

        def set_language(self, language: str) -> None:
            self.translator.set_language(language)
            self.settings.language = language
            self.save_settings()
            self.lang = language
            self.update_status()
            self.refresh()

        def set_colorblind(self, value: bool) -> None:
            self.settings.colorblind = bool(value)
            self.colorblind = bool(value)
            self.save_settings()
            self.refresh()

        def save_settings(self) -> None:
            self.settings.save(self.data_dir / "settings.json")

        # -- the game ------------------------------------------------------------------------
        @property
        def journal_path(self) -> Path:
            return self.data_dir / "games.sqlite"

        def can_resume(self) -> bool:
            game = self.session.game if self.session is not None else None
            return game is not None and not game.is_over

        def past_games(self) -> list[dict[str, Any]]:
            return past_games(self.session) if self.session is not None else []

        def start_game(self, colors: list[str], names: list[str], edition: str, mode: str = DEFAULT_MODE,
                       options: dict[str, str] | None = None) -> None:
            """A new game of ``mode`` in the journal (an unfinished one stays there, listed as unfinished)."""
            if mode == DEFAULT_MODE:
                self.session.new_game(list(colors), edition, names)
            else:
                self.session.new_game(list(colors), None, names, mode=mode, options=options or {})
            self.game = self.session.game
            self.message = ""
            self.route()

        def resume_game(self) -> None:
            if self.session is not None and self.session.game is not None:
                self.game = self.session.game
                self.route()

        def submit(self, inp: Any) -> bool:
            """The one door: apply an input; a refusal is shown, and nothing changes."""
            if self.session is None or self.game is None:
                self.message = self.t("No game is running.")
                return False
            try:
                self.session.submit(inp)
            except CompanionError as exc:
                log.warning("rejected %r: %s", inp, exc)
                self.message = str(exc)
                return False
            self.game = self.session.game
            self.message = self.notice = ""
            self.after_change()
            return True

        def answer(self, value: str) -> bool:
            game = self.game
            if game is None or game.question is None:
                return False
            return self.submit(Answer(value, seq=game.seq))

        def after_change(self) -> None:
            """Random questions (Zorgo's draw) are answered by the session with ``self.rng`` and
            journalled as facts; a finished game is recorded in the journal's history."""
            self.route()

        def undo_to(self, step: int) -> None:
            """Go back to the game after ``step`` inputs; the journal screen has already asked for
            confirmation when a die roll or a revealed card is crossed."""
            if self.session is None or self.game is None:
                return
            steps = len(self.session.inputs) - step
            if steps > 0:
                self.session.undo(steps, confirm=True)
            self.game = self.session.game
            self.message = ""
            self.notice = self.t("Undone to step {n}.").format(n=step)
            self.route()

        def redo(self) -> None:
            """Put back the last undone input (the same facts: no confirmation)."""
            if self.session is None or not self.session.timeline.undone:
                return
            self.session.redo(1)
            self.game = self.session.game
            self.message = ""
            self.notice = self.t("Redone to step {n}.").format(n=len(self.session.inputs))
            self.route()

        def route(self) -> None:
            """Show the screen for what the game waits for."""
            self.refresh()
            game = self.game
            if game is None:
                return
            current = self.manager.current
            if current in ("journal", "settings", "table", "morpoly-ledger") and not game.is_over:
                return
            target = screen_for(game)
            if current == "events" and target == "turn":
                return  # the event is over: its screen stays, with the last face, until "continue"
            self.manager.current = target

        def refresh(self) -> None:
            game = self.game
            if game is not None:
                from ui.screens.morpoly.common import player_labels_of
                self.translator.use_players(player_labels_of(self, game))  # sentences say "● Anna", not "red"
            self.shown_seq = game.seq if game is not None and game.question is not None else None
            self.revision += 1

        def show(self, name: str) -> None:
            self.refresh()
            self.manager.current = name

        def continue_game(self) -> None:
            """Leave the events screen once the event is over."""
            if self.game is not None:
                self.manager.current = screen_for(self.game)
            self.refresh()

        def back_to_game(self) -> None:
            if self.game is None:
                self.manager.current = "home"
            else:
                self.manager.current = screen_for(self.game)
            self.refresh()

        # -- devices (always on the main thread: DeviceLink schedules these) -----------------
        def play_roll_sound(self) -> None:
            """A short tick when a roll arrives (Settings → Sound); silent where there is no audio."""
            if not self.settings.sound:
                return
            try:
                from kivy.core.audio import SoundLoader
                if not hasattr(self, "_roll_sound"):
                    self._roll_sound = SoundLoader.load(str(UI_DIR / "sounds" / "roll.wav"))
                if self._roll_sound is not None:
                    self._roll_sound.play()
            except Exception as exc:  # no audio device: the game goes on without the tick
                log.info("no sound: %s", exc)
                self._roll_sound = None

        def on_die_roll(self, face: int, source: str, seq: int | None = None) -> None:
            """A roll, stamped with the seq of the question on screen when it arrived (``seq``; a
            face tapped on screen: the question shown now). The engine refuses it as stale when the
            game has moved on since, and as waiting for something else when no roll is asked."""
            self.last_face = face
            self.play_roll_sound()
            seq = self.shown_seq if seq is None else seq
            if self.game is None or seq is None:
                self.message = self.t("The die shows {face}; nothing to roll for now.").format(face=face)
                return
            try:
                self.session.submit(DieRoll(face, source, seq=seq))
            except WaitingForOther:
                self.message = self.t("The die shows {face}; nothing to roll for now.").format(face=face)
                return
            except CompanionError as exc:
                self.message = str(exc)
                return
            self.game = self.session.game
            self.message = ""
            self.after_change()

        def on_die_throw(self, faces: tuple[int, ...], source: str, seq: int | None = None) -> None:
            """A throw of a pair of dice (Ankh-Morpoly's 2d6), stamped like a single roll."""
            self.play_roll_sound()
            seq = self.shown_seq if seq is None else seq
            text = "+".join(str(f) for f in faces)
            if self.game is None or seq is None:
                self.message = self.t("The die shows {face}; nothing to roll for now.").format(face=text)
                return
            try:
                self.session.submit(DieRoll(faces=tuple(faces), source=source, seq=seq))
            except WaitingForOther:
                self.message = self.t("The die shows {face}; nothing to roll for now.").format(face=text)
                return
            except CompanionError as exc:
                self.message = str(exc)
                return
            self.game = self.session.game
            self.message = ""
            self.after_change()

        def on_card_scan(self, scan: Any, seq: int | None = None) -> None:
            kind = getattr(scan, "kind", "card")
            card = getattr(scan, "card", None) or getattr(scan, "id", None) or str(scan)
            seq = self.shown_seq if seq is None else seq
            if self.game is None or seq is None:
                self.message = self.t("Scanned {card}; nothing to scan for now.").format(card=card)
                return
            self.submit(CardScan(kind, card, "scanner", seq=seq))

        def on_device_failure(self, message: str) -> None:
            self.message = message
            self.update_status()

    return CompanionApp


def mode_of(game: Any) -> str:
    """The id of the mode whose game value ``game`` is (each mode's engine lives in its own package)."""
    return "ankh-morpoly" if type(game).__module__.startswith("companion.morpoly") else DEFAULT_MODE


def progress_of(game: Any) -> Progress:
    """What the game's mode publishes now: what is being played or resolved, the roll awaited and
    the screen for the current question."""
    return get_mode(mode_of(game)).progress(game)


def screen_for(game: Any) -> str:
    """Which screen shows what the game waits for: the mode says (set-up, events, turn, game end);
    an Ankh-Morpoly game is played on its board screen throughout (its set-up questions too)."""
    if mode_of(game) == "ankh-morpoly":
        return "morpoly-board"
    return progress_of(game).screen


def make_app(**kwargs: Any) -> Any:
    """Build the App (importing Kivy); tests call this with a temporary ``data_dir``."""
    prepare()
    return _build_app_class()(**kwargs)


DEFAULT_SIZE = "800x480"


def parse_size(parser: argparse.ArgumentParser, text: str) -> tuple[int, int]:
    """``WxH`` in pixels; anything else is a one-line usage error."""
    w, sep, h = text.lower().partition("x")
    if not sep or not w.isdigit() or not h.isdigit() or int(w) < 1 or int(h) < 1:
        parser.error(f"--size: expected WxH such as 800x480, not {text!r}")
    return int(w), int(h)


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
    settings = AppSettings.load(data_dir / "settings.json")
    if args.die:
        settings.die_url = args.die
    if args.scanner:
        settings.scanner_url = args.scanner
    try:
        settings.validate()
    except ValueError as exc:
        parser.error(str(exc))
    app = _build_app_class()(data_dir=data_dir, settings=settings)
    app.run()
    return 0
