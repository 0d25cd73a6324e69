"""The table companion's Kivy App, imported only when the app really starts (:func:`ui.app.make_app`,
:func:`ui.app.main`), so ``ankh-companion --help`` and the command-line subcommands never load Kivy.

The App holds the session (:class:`companion.core.session.Session`, opened by
:func:`ui.gamehost.open_session`, which always starts — a journal that will not replay is kept aside
and the screen says which game and why), the devices and the settings. The session owns the game's
history; screens only draw what it and the engine say and hand every tap, roll and scan to
:meth:`CompanionApp.submit` — the one door through which the game changes, always on Kivy's main
thread. Whether an input fits the question is the engine's call alone.
"""
from __future__ import annotations

import importlib
import logging
import random
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.core.text import LabelBase
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition

from companion.core.errors import CompanionError, WaitingForOther
from companion.core.mode import DEFAULT_MODE
from companion.core.inputs import Answer, CardScan, DieRoll, Input
from ui.app import FONT_DIR, KV_SHARED, UI_DIR, default_data_dir, outcome_for, screen_for
from ui.devices import NOTHING_ASKED, Asked, DeviceLink
from ui.i18n import Translator
from ui import navigation
from ui.navigation import OVER_THE_GAME, JournalPosition, Navigation, OpenScreen, Typed
from ui.settings import AppSettings
from ui import screens  # noqa: F401  (registers the shared widgets with the kv factory)
from ui.screens.manager import LazyScreenManager

if TYPE_CHECKING:
    from companion.core.journal import GameRecord
    from companion.core.session import Session
    from ui.gamehost import LaunchProblem
    from companion.morpork.game import Game
    from hardware.scanners.base import Scan
    from ui.bars import SharedBar
    from ui.rulebook_view import RulebookPopup, RulebookSearch

log = logging.getLogger(__name__)

MAX_OTHER_UNFINISHED = 8
"""The unfinished games Home lists besides the open one (the newest; a table keeps few going)."""

SCREENS: dict[str, tuple[str, str, str | None]] = {
    "home": ("ui.screens.home", "HomeScreen", "home.kv"), "setup": ("ui.screens.setup", "SetupScreen", "setup.kv"),
    "table": ("ui.screens.table", "TableScreen", "table.kv"), "turn": ("ui.screens.turn", "TurnScreen", "turn.kv"),
    "events": ("ui.screens.events", "EventsScreen", "events.kv"),
    "gameend": ("ui.screens.gameend", "GameEndScreen", "gameend.kv"),
    "journal": ("ui.screens.journal", "JournalScreen", "journal.kv"),
    "settings": ("ui.screens.settings_screen", "SettingsScreen", "settings.kv"),
    "morpoly-setup": ("ui.screens.morpoly.setup", "MorpolySetupScreen", None),
    "morpoly-board": ("ui.screens.morpoly.board", "MorpolyBoardScreen", None),
    "morpoly-ledger": ("ui.screens.morpoly.ledger", "MorpolyLedgerScreen", None),
}
"""Each screen by name: the module and class that build it and its kv file (in ``ui/kv``), imported
and loaded when it is first shown (:class:`ui.screens.manager.LazyScreenManager`), so the first
frame waits for none of them but home: parsing all nine kv files (Kivy compiles every expression
in them) was a fifth of the start-up beyond a bare Kivy window."""


def load_kv(name: str) -> None:
    """Load ``ui/kv/<name>`` unless it is loaded (a second App in the same process reuses the rules)."""
    path = str(UI_DIR / "kv" / name)
    if path not in Builder.files:
        Builder.load_file(path)


class CompanionApp(App):
    """See the module docstring."""

    lang: str = StringProperty("en")
    colorblind: bool = BooleanProperty(False)
    status_text: str = StringProperty("")
    message: str = StringProperty("")
    notice: str = StringProperty("")  # news that is not a problem ("undone to step 4"): a neutral colour
    session: Session[Game] | None = ObjectProperty(None, allownone=True)
    game: Game | None = ObjectProperty(None, allownone=True)
    revision: int = NumericProperty(0)
    last_face: int = NumericProperty(0)
    resuming: bool = BooleanProperty(True)
    """True from the start until the journal is open (:meth:`open_journal`, after the first frame)."""

    def __init__(self, data_dir: Path | None = None, settings: AppSettings | None = None,
                 rng: random.Random | None = None, settings_problem: str | None = None, **kwargs: Any) -> None:
        """``settings_problem``: why the settings file given could not be read (its defaults are
        in use), said on screen once the app shows (:meth:`AppSettings.read`)."""
        self.data_dir = data_dir or default_data_dir()
        if settings is None:
            settings, settings_problem = AppSettings.read(self.data_dir / "settings.json")
        self.settings = settings
        self.settings_problem = settings_problem
        self.translator = Translator(self.settings.language)
        self.rng = rng or random.Random()
        self.asked: Asked = NOTHING_ASKED
        """The game and the seq of the question on screen, in one value (read whole by device threads)."""
        self.navigation = Navigation()
        """Where the table is on screen, which the game does not know: the position whose outcome
        the players left with "continue" (any change — an input, an undo, a redo — is another
        position, and its outcome is shown, :meth:`game_screen`), the screen open over the game and
        what the pads hold. Navigation, not history: kept beside the journal (:mod:`ui.navigation`),
        so a restart comes back to what the table was looking at."""
        self.launch_problem: LaunchProblem | None = None
        self.slips_logged: set[str] = set()
        """The engine's slips the log has had, each said once (:func:`ui.screens.table.public_state`)."""
        self.rulebook_popup: RulebookPopup | RulebookSearch | None = None  # the rule shown over the screen
        self.shared_bars: dict[str, SharedBar] = {}  # the one top bar and status bar, by kind (ui.bars)
        self.screen_shown = "home"
        self.screen_before = "home"
        """The screen shown before the one on screen (Settings' "Back" returns to Home or a new
        game's form it was opened from)."""
        self.devices = DeviceLink(self.on_die_roll, self.on_card_scan, self.on_device_failure,
                                  self.update_status, lambda: self.asked, on_throw=self.on_die_throw,
                                  on_back=self.on_device_back, tr=self.t)
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
        load_kv(KV_SHARED)
        self.manager = LazyScreenManager(transition=NoTransition())
        for name, (module, cls_name, kv) in SCREENS.items():
            def make(module: str = module, cls_name: str = cls_name, kv: str | None = kv, name: str = name) -> Any:
                if kv is not None:
                    load_kv(kv)  # the screen's rules, before its class is made
                return getattr(importlib.import_module(module), cls_name)(name=name)
            self.manager.register(name, make)
        self.manager.current = "home"  # built now; the others when first shown
        if self.settings_problem:  # in the status bar until the table's next action
            self.message = self.t("The settings file cannot be read ({why}): the defaults are in use until Settings "
                                  "saves new ones.").format(why=self.settings_problem)
        self.manager.bind(current=lambda _m, name: self._screen_shown(name))
        self.open_devices()
        self._open_journal_after_first_frame()
        return self.manager

    def _open_journal_after_first_frame(self) -> None:
        """The journal is opened (and an unfinished game replayed) once the first frame is on
        screen: the home screen shows "resuming…" at once instead of a blank window for as long as
        the replay takes (issue "Fast at any game length", item 5)."""
        from kivy.clock import Clock
        from kivy.core.window import Window

        def flipped(*_args: Any) -> None:
            Window.unbind(on_flip=flipped)
            Clock.schedule_once(lambda _dt: self.open_journal(), 0)

        Window.bind(on_flip=flipped)

    def open_journal(self) -> None:
        """Open the session on the journal, unless it is open already (a tap that needs it before
        the first frame's turn came opens it at once). A journal that would not replay is said on
        screen (:meth:`show_launch_problem`); one that cannot be used where it lies stops the app
        (:class:`ui.gamehost.JournalUnavailable`, raised out of ``App.run``)."""
        if self.session is not None:
            return
        from ui.gamehost import open_session  # the session, journal and engines: after the first frame
        self.navigation = record = navigation.load(navigation.record_path(self.data_dir))
        # the game the table was on, replayed once (resumes nothing on screen by itself)
        launch = open_session(self.journal_path, rng=self.rng,
                              choose=lambda journal: navigation.game_to_resume(record, journal))
        self.session, self.launch_problem = launch.session, launch.problem
        self.resuming = False
        if self.launch_problem is not None:
            self.show_launch_problem()
        else:
            self.refresh()

    def launch_text(self) -> str:
        """What the screen says when the journal would not replay: which game, why, where the
        file is kept, and where the game goes on."""
        problem = self.launch_problem
        if problem is None:
            return ""
        error = problem.error
        why = self.translator.refusal(error) if isinstance(error, CompanionError) and error.key else problem.why
        if problem.game is not None:
            text = self.t("Game {n} could not be resumed: {why}").format(n=problem.game, why=why)
        else:
            text = self.t("The journal could not be read: {why}").format(why=why)
        if problem.kept_as:
            text += "\n" + self.t("The file is kept as {file}.").format(file=problem.kept_as)
        if problem.continued_as is not None:
            text += "\n" + self.translator.format("The game goes on as game {n} from its first {count} steps.",
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
        """An unfinished game, or the finished one whose end the table was looking at — one the app
        can draw (:meth:`can_show`: the newest game made on the command line for players "white" and
        "black" stopped the app at every start, Home naming its players in colours it has not)."""
        session = self.session
        game = session.game if session is not None else None
        return (game is not None and session is not None and session.record is not None
                and self.can_show(session.record)
                and (not game.is_over or self.navigation.ended_game(JournalPosition.of(session))))

    def other_unfinished(self) -> list[GameRecord]:
        """The unfinished games other than the open one, newest first and at most
        :data:`MAX_OTHER_UNFINISHED`: a game left for a new one (of either kind) stays unfinished in
        the journal, and Home offers it again (a table that left many keeps the newest in reach; the
        rest stay in the journal, where ``game do --game N`` plays any)."""
        session = self.session
        if session is None:
            return []
        try:
            games = session.games()
        except CompanionError as exc:  # an unreadable journal: Home offers what it can
            log.warning("the unfinished games could not be listed: %s", exc)
            return []
        return [g for g in reversed(games) if g.status == "playing" and g.id != session.game_id
                and self.can_show(g)][:MAX_OTHER_UNFINISHED]

    @staticmethod
    def can_show(record: GameRecord) -> bool:
        """Whether the app can draw the game of ``record``: one of its two games, seated at its
        colours (the first game's four; Ankh-Morpoly's eight). The command line takes other players'
        ids ("white,black"), which only it can show: one such game listed on Home stopped the app at
        every start (no colour to draw its players in)."""
        from companion.morpork.board import COLORS
        from ui.palette import SEATS
        from ui.screens.morpoly.common import MODE_ID
        seats = {DEFAULT_MODE: COLORS, MODE_ID: SEATS}.get(record.mode, ())
        return all(p in seats for p in record.players) if seats else False

    def resume_other(self, game_id: int) -> None:
        """Go back to the unfinished game ``game_id`` (Home's list of the others): it becomes the
        open game, on the screen for its question, and stays the one "resume" brings back after a
        restart though a newer game is unfinished too (``playing`` in :mod:`ui.navigation`)."""
        self.open_journal()
        session = self.session
        if session is None:
            return
        try:
            session.resume(game_id)
            newest = session.journal.current_game()
        except CompanionError as exc:  # a game that will not replay, a journal that cannot be read: said
            self.message = self.translator.refusal(exc)
            if session.game_id == game_id:  # it opened and then a write failed: the table is in it now
                self.game = session.game
                self.route()
            return
        position = JournalPosition.of(session)
        playing = None if newest is None or newest.id == game_id else position
        # the table has left whatever game's end it was reading (the app may start on Home with that
        # end recorded, and Home shown again forgets it only when another screen was in between): an
        # end newer than this game, left recorded, was what a restart brought back instead of this game
        self.remember(replace(self.navigation, playing=playing, ended=None))
        self.message = self.notice = ""  # the other game's status line is not this game's
        self.resume_game()

    def past_games(self) -> list[dict[str, Any]]:
        if self.session is None:
            return []
        from ui.gamehost import past_games
        return past_games(self.session)

    def start_game(self, colors: list[str], names: list[str], edition: str, mode: str = DEFAULT_MODE,
                   options: dict[str, str] | None = None) -> None:
        """A new game of ``mode`` in the journal (an unfinished one stays there, listed as unfinished)."""
        self.open_journal()
        assert self.session is not None  # open_journal opened it
        try:
            if mode == DEFAULT_MODE:
                self.session.new_game(list(colors), edition, names)
            else:
                self.session.new_game(list(colors), None, names, mode=mode, options=options or {})
        except CompanionError as exc:  # a full disk, a read-only card: said, nothing started
            self.message = self.translator.refusal(exc)
            return
        self.game = self.session.game
        self.message = ""
        self.remember(replace(self.navigation, playing=None))  # the newest game: resumed anyway
        self.route()

    def resume_game(self) -> None:
        """The unfinished game, on the screen the table had open over it (the Journal and its
        picked step, the ledger…) when there was one, else on the screen for its question."""
        if self.session is not None and self.session.game is not None:
            self.game = self.session.game
            opened = self.navigation.open
            if opened is not None and opened.of_game(JournalPosition.of(self.session)):
                if opened.screen == "journal":
                    self.manager.get_screen("journal").restore(opened.step)
                self.show(opened.screen)
            else:
                self.route()

    def submit(self, inp: Input) -> bool:
        """The one door: apply an input; a refusal is shown, and nothing changes."""
        if self.session is None or self.game is None:
            self.message = self.t("No game is running.")
            return False
        try:
            self.session.submit(inp)
        except CompanionError as exc:
            # the input's kind and seq only: its value may be a secret (a personality answered); and
            # a private question by its key, as its sentence may be one (Mrs Cake's unused personalities)
            asked = exc.question
            said = f"{exc.key} at {asked.key}" if asked is not None and asked.private else exc
            log.warning("rejected a %s input at seq %s: %s", inp.type, inp.seq, said)
            self.message = self.translator.refusal(exc)
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

    def undo_to(self, step: int) -> bool:
        """Go back to the game after ``step`` inputs; the journal screen has already asked for
        confirmation when a die roll or a revealed card is crossed. False when the journal refused
        it (a full or read-only card: said, nothing changed)."""
        if self.session is None or self.game is None:
            return False
        steps = len(self.session.inputs) - step
        if steps > 0:
            try:
                self.session.undo(steps, confirm=True)
            except CompanionError as exc:  # the journal could not take the undo: nothing changed
                self.message = self.translator.refusal(exc)
                return False
        self.game = self.session.game
        self.message = ""
        self.notice = self.t("Undone to step {n}.").format(n=step)
        self.route()
        return True

    def redo(self) -> bool:
        """Put back the last undone input (the same facts: no confirmation). False when there is
        none or the journal refused it."""
        if self.session is None or not self.session.timeline.undone:
            return False
        try:
            self.session.redo(1)
        except CompanionError as exc:
            self.message = self.translator.refusal(exc)
            return False
        self.game = self.session.game
        self.message = ""
        self.notice = self.t("Redone to step {n}.").format(n=len(self.session.inputs))
        self.route()
        return True

    def route(self) -> None:
        """Show the screen for what the game waits for."""
        self.refresh()
        game, session = self.game, self.session
        if game is None or session is None:
            return
        current = self.manager.current
        if current in ("journal", "settings", "table", "morpoly-ledger") and not game.is_over:
            return
        self.manager.current = self.game_screen()

    def refresh(self) -> None:
        game = self.game
        if game is not None:
            from ui.screens.morpoly.common import is_morpoly, player_labels_of, use_the_set
            self.translator.use_players(player_labels_of(self, game))  # sentences say "● Anna", not "red"
            if is_morpoly(self.session):  # GO and the decks as printed
                use_the_set(self.translator, game)
            else:
                self.translator.use_places({})
        self.asked = self._asked_on_screen()
        position = JournalPosition.of(self.session) if game is not None else None
        if game is not None and game.is_over and self.manager.current != "home" \
                and not self.navigation.ended_game(position):  # its end on screen: a restart brings it back
            self.remember(replace(self.navigation, ended=position))
        self.revision += 1

    def show(self, name: str) -> None:
        self.refresh()
        self.manager.current = name

    def show_table(self) -> None:
        """The top bar's "Table": the open game's table. Ankh-Morpoly's table is its board (the
        ring, the money, the question); the first game's table screen cannot draw it (a tap on
        "Table" during an Ankh-Morpoly game stopped the app with an AttributeError)."""
        from ui.screens.morpoly.common import is_morpoly
        self.show("morpoly-board" if is_morpoly(self.session) else "table")

    def game_screen(self) -> str:
        """The screen for the open game: what the last input ended (an event's result, with its
        last face) while the players have not continued from it, else the screen for the question.
        Both come from what the mode publishes, so a game resumed after a pulled plug comes back
        to the screen the table was looking at."""
        assert self.session is not None
        session = self.session
        outcome = outcome_for(session)
        if outcome and not self.navigation.left(JournalPosition.of(session)):
            return outcome
        return screen_for(session)

    def continue_game(self) -> None:
        """Leave the events screen once the event is over. That the table left this result is
        written beside the journal first (:mod:`ui.navigation`), as an input is journalled before
        it is shown: a restart, even a pulled plug, then comes back to the screen after it."""
        if self.game is not None and self.session is not None:
            self.remember(self.navigation.continuing(JournalPosition.of(self.session)))
            self.manager.current = self.game_screen()
        self.refresh()

    # -- navigation (ui.navigation: a restart comes back to what the table was looking at) --
    def remember(self, changed: Navigation) -> None:
        """Keep ``changed`` as where the table is, written beside the journal before the screen
        shows it (a record that cannot be written is logged: only a restart would miss it)."""
        if changed != self.navigation:
            self.navigation = changed
            navigation.save(navigation.record_path(self.data_dir), changed)

    def _question_on_screen(self, name: str | None = None) -> int | None:
        """The seq of the open game's question while the screen shown (``name``: the one being
        shown) answers the game — what a die roll or a scanned card arriving now answers; ``None``
        on Home and the new-game forms, which show no game's question
        (:meth:`~ui.screens.base.GameScreen.answers_the_game`): a die knocked there while the table
        chose a new game was journalled in the game left open, and the app jumped into it."""
        game = self.game
        if game is None or game.question is None:
            return None
        screen = self.manager.get_screen(name or self.manager.current)
        return game.seq if screen.answers_the_game() else None

    def _asked_on_screen(self, name: str | None = None) -> Asked:
        """What a die roll or a scanned card arriving now answers: the open game's question on
        screen (:meth:`_question_on_screen`), bound to that game."""
        seq, record = self._question_on_screen(name), self.session.record if self.session is not None else None
        return NOTHING_ASKED if seq is None or record is None else Asked(record.id, record.created, seq)

    @property
    def shown_seq(self) -> int | None:
        """The seq of the question on screen (None: the screen answers no game)."""
        return self.asked.seq

    def _screen_shown(self, name: str) -> None:
        """A screen opened over the game is remembered (with the Journal's picked step); any other
        screen shown forgets it."""
        self.screen_before, self.screen_shown = self.screen_shown, name
        self.asked = self._asked_on_screen(name)
        position = JournalPosition.of(self.session) if self.game is not None else None
        if name in OVER_THE_GAME and position is not None:
            step = int(self.manager.get_screen("journal").selected) if name == "journal" else -1
            self.remember(replace(self.navigation, open=OpenScreen(position.game, position.created, name, step)))
        elif self.navigation.open is not None:
            self.remember(replace(self.navigation, open=None))
        if name == "home" and self.navigation.ended is not None:  # the table left the game's end
            self.remember(replace(self.navigation, ended=None))

    def journal_step_picked(self, step: int) -> None:
        """The Journal's picked step changed (a tap on a line; -1 after an undo or redo)."""
        opened = self.navigation.open
        if opened is not None and opened.screen == "journal" and self.manager.current == "journal":
            self.remember(replace(self.navigation, open=replace(opened, step=step)))

    def typed_now(self) -> Typed | None:
        """What the pads hold for the question on screen (typed before a restart, say)."""
        return self.navigation.typed_at(JournalPosition.of(self.session))

    def note_typed(self, **pads: Any) -> None:
        """A pad's content changed (``search=``, ``faces=``, ``amount=``): kept for this question of
        this game (the other games' pads stay theirs), nothing applied."""
        position = JournalPosition.of(self.session)
        if position is None:
            return
        self.remember(self.navigation.typing(replace(self.typed_now() or Typed(position), **pads)))

    def back_to_game(self) -> None:
        if self.game is None or self.session is None:
            self.manager.current = "home"
        else:
            self.manager.current = self.game_screen()
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

    def on_die_roll(self, face: int, source: str, seq: int | Asked | None = None) -> None:
        """A roll, stamped with the question on screen when it arrived (``seq``: a device's
        :class:`~ui.devices.Asked`, or a seq; a face tapped on screen: the question shown now). The
        engine refuses it as stale when the game has moved on since, and as waiting for something
        else when no roll is asked; the app, when it was read for another game than the open one."""
        self.last_face = face
        self._submit_roll(DieRoll(face, source), str(face), seq)

    def on_die_throw(self, faces: tuple[int, ...], source: str, seq: int | Asked | None = None) -> None:
        """A throw of a pair of dice (Ankh-Morpoly's 2d6), stamped like a single roll."""
        self._submit_roll(DieRoll(faces=tuple(faces), source=source), "+".join(str(f) for f in faces), seq)

    def _submit_roll(self, roll: DieRoll, shown: str, asked: int | Asked | None) -> None:
        """One door for rolls from any die: a roll nothing waits for is said, not an error; one
        thrown for another game is said and dropped."""
        self.play_roll_sound()
        if self._for_another_game(asked):
            self.message = self.t("The die shows {face}, thrown for another game: nothing rolled.").format(face=shown)
            return
        seq = self._answers(asked)
        if self.session is None or self.game is None or seq is None:
            self.message = self.t("The die shows {face}; nothing to roll for now.").format(face=shown)
            return
        try:
            self.session.submit(replace(roll, seq=seq))
        except WaitingForOther:
            self.message = self.t("The die shows {face}; nothing to roll for now.").format(face=shown)
            return
        except CompanionError as exc:
            self.message = self.translator.refusal(exc)
            return
        self.game = self.session.game
        self.message = ""
        self.after_change()

    def on_card_scan(self, scan: Scan, seq: int | Asked | None = None) -> None:
        """A card read by the scanner, for the question on screen when it was read. A card read
        while nothing is asked is said and dropped — a private one (a personality) without its
        name: "Scanned vimes" on the home screen told the whole table who Vimes is — and so is one
        read for another game (without naming it either)."""
        kind = getattr(scan, "kind", "card")
        card = getattr(scan, "card", None) or getattr(scan, "id", None) or str(scan)
        if self._for_another_game(seq):
            self.message = self.t("A card scanned for another game: nothing taken.")
            return
        answers = self._answers(seq)
        if self.game is None or answers is None:
            if getattr(scan, "private", False):
                self.message = self.t("Scanned a secret card; nothing to scan for now.")
            else:
                self.message = self.t("Scanned {card}; nothing to scan for now.").format(card=card)
            return
        self.submit(CardScan(kind, card, "scanner", seq=answers))

    def _for_another_game(self, asked: int | Asked | None) -> bool:
        """True when a device's reading was made for a question of a game other than the one open
        now: the table switched games before it was handled (issue 16)."""
        record = self.session.record if self.session is not None else None
        return (isinstance(asked, Asked) and asked.seq is not None
                and (record is None or not asked.for_game(record.id, record.created)))

    def _answers(self, asked: int | Asked | None) -> int | None:
        """The seq of the question a reading answers: the one it was read for (a device's, made on
        a screen that asked nothing: None, whatever is on screen by now), else the question shown now
        (a face tapped on screen, a test's call)."""
        if isinstance(asked, Asked):
            return asked.seq
        return self.shown_seq if asked is None else asked

    def on_device_failure(self, message: str) -> None:
        self.message = message
        self.update_status()

    def on_device_back(self, notice: str, failure: str) -> None:
        """A die or scanner that failed works again. Its failure line goes (it said "disconnected"
        over a game carrying on with the die back) and the notice says so; any other message —
        a refusal the table has not read yet — stays."""
        if failure and self.message == failure:
            self.message = ""
        self.notice = notice
        self.update_status()
