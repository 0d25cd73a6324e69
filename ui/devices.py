"""The die and the card scanner as the app sees them: opened by URL through ``hardware``'s public
API, with every callback handed to Kivy's main thread.

Device callbacks arrive on the device's own thread; they only capture the value — and what the
screen asked when it *arrived* (``asked_now``: the open game and the ``seq`` of its question, an
:class:`Asked`), so a roll that raced a tap is refused as stale by the engine, and one that raced a
switch to another game is refused by the app — and schedule ``on_roll`` / ``on_scan`` with
``Clock.schedule_once``, so game state and widgets are touched by the main thread alone.

A die or scanner that cannot be opened, or fails while in use, is shown as **disconnected**
(``status.connected`` false, ``status.problem`` says why) and is tried again every ``retry_seconds``
until it is back; a serial die that loses its port reconnects by itself and says so. The simulated
device replaces a real one only when the table asks for it (:meth:`DeviceLink.use_simulated`).
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, TypeVar

from kivy.clock import Clock

if TYPE_CHECKING:
    from hardware.dice import DieSource
    from hardware.dice.model import Roll, Status
    from hardware.scanners.base import Rejection, Scan, ScannerBase

log = logging.getLogger(__name__)

SIM_URL = "sim://"


def _face_of(event: Any) -> int:
    """A roll event from ``hardware.dice`` as a face: an int, or an object with ``face``/``value``."""
    for name in ("face", "value"):
        if hasattr(event, name):
            return int(getattr(event, name))
    return int(event)


def _payload_of(event: Any) -> Any:
    return event


@dataclass(frozen=True)
class Asked:
    """What the screen asked when a die or scanner reading arrived: the open game (its id and
    creation stamp) and the ``seq`` of its question, or nothing (``seq`` None: Home, a new game's
    form, no game). Captured whole on the device's thread, so the game and the question always
    belong together: a reading handled after the table switched games must not answer the game
    opened meanwhile at the same step (issue 16)."""

    game: int | None = None
    created: str = ""
    seq: int | None = None

    def for_game(self, game: int | None, created: str) -> bool:
        """True when the reading was made for a question of game ``game`` created at ``created``."""
        return self.seq is not None and (self.game, self.created) == (game, created)


NOTHING_ASKED: Final = Asked()
"""The screen answers no game's question."""


@dataclass
class DeviceStatus:
    """What the status line says about one device: its URL, whether it is the simulated one, whether
    it is connected now, and the last problem (why it is disconnected)."""

    url: str
    simulated: bool
    problem: str = ""
    connected: bool = True


@dataclass
class DeviceLink:
    """Owns the die source and the scanner while the app runs."""

    on_roll: Callable[[int, str, Asked], None]
    on_scan: Callable[[Scan, Asked], None]
    on_failure: Callable[[str], None] = lambda message: None
    on_status: Callable[[], None] = lambda: None
    asked_now: Callable[[], Asked] = lambda: NOTHING_ASKED
    retry_seconds: float = 2.0
    on_throw: Callable[[tuple[int, ...], str, Asked], None] | None = None
    """A pair of dice (``sim://?pair=1``, ``serial://…?pair=1``…): both faces of a counted throw."""
    on_back: Callable[[str, str], None] = lambda notice, failure: None
    """A device that failed is back: (the line that says so, the failure line it replaces)."""
    tr: Callable[[str], str] = lambda message: message
    """The app's words (its translator at the time of the failure); the device's own detail as it says it."""
    die: DieSource | None = None
    scanner: ScannerBase | None = None
    die_status: DeviceStatus = field(default_factory=lambda: DeviceStatus(SIM_URL, True))
    scanner_status: DeviceStatus = field(default_factory=lambda: DeviceStatus(SIM_URL, True))
    _die_retry: Any = None
    _scanner_retry: Any = None
    _die_failure: str = ""
    _scanner_failure: str = ""

    # -- the die -----------------------------------------------------------------------------
    def open_die(self, url: str) -> None:
        """Open the die at ``url``; when it is not there it is shown disconnected and tried again."""
        self.close_die()
        self.die_status = DeviceStatus(url, url.startswith("sim:"), "", False)
        if not self._try_die() and self.die_status.problem and not self.die_status.problem.startswith("bad"):
            self._die_retry = Clock.schedule_interval(lambda _dt: not self._retry_die(), self.retry_seconds)

    def _try_die(self) -> bool:
        def start() -> DieSource:
            from hardware.dice import open_die_source
            return self._start_die(open_die_source, self.die_status.url)

        die = _opened(self.die_status, "die", start)
        if die is not None:
            self.die = die
        return die is not None

    def _retry_die(self) -> bool:
        if not self._try_die():
            return False
        self._die_retry = None
        self.on_status()
        return True

    def _die_back(self) -> None:
        """The die that failed is back: say so in place of the line that said it was gone."""
        failure, self._die_failure = self._die_failure, ""
        self.on_back(self.tr("Die connected again."), failure)

    def _start_die(self, opener: Callable[[str], DieSource], url: str) -> DieSource:
        die = opener(url)
        die.when_rolled = self._die_rolled
        if getattr(die, "dice_per_throw", 1) == 2:
            setattr(die, "when_thrown", self._die_thrown)  # a pair (hardware.dice.pair.PairDieSource)
        if hasattr(die, "when_status"):
            die.when_status = self._die_status
        die.start()
        return die

    def _die_rolled(self, event: Roll, *rest: Any) -> None:
        """Runs on the die's thread: capture the face and the question shown now, hand them on."""
        asked = self.asked_now()
        face = _face_of(event)
        url = str(getattr(event, "source", "") or self.die_status.url)
        source = url.split(":", 1)[0] or "sim"
        Clock.schedule_once(lambda _dt: self.on_roll(face, source, asked), 0)

    def _die_thrown(self, throw: Any, *rest: Any) -> None:
        """Runs on the pair's thread: both faces of a throw that counted, for the question shown now."""
        asked = self.asked_now()
        faces = tuple(int(f) for f in throw.faces)
        source = (str(getattr(throw, "source", "")) or self.die_status.url).split(":", 1)[0] or "sim"
        if self.on_throw is not None:
            on_throw = self.on_throw
            Clock.schedule_once(lambda _dt: on_throw(faces, source, asked), 0)

    def _die_status(self, status: Status, *rest: Any) -> None:
        kind = str(getattr(getattr(status, "kind", ""), "value", getattr(status, "kind", "")))
        detail = str(getattr(status, "detail", ""))
        if kind in ("disconnected", "connected"):
            Clock.schedule_once(lambda _dt: self._die_link(kind == "connected", detail), 0)
        elif kind == "throw_again" or kind == "crooked" and getattr(self.die, "dice_per_throw", 1) == 1:
            reason = detail.split(":", 1)[0] if kind == "throw_again" else "single"
            Clock.schedule_once(lambda _dt: self._throw_again(reason), 0)
        elif kind in ("silent", "resumed"):
            die_id = str(getattr(status, "die_id", "") or "")
            Clock.schedule_once(lambda _dt: self._die_heard(kind == "resumed", die_id, detail), 0)

    def _throw_again(self, reason: str) -> None:
        """On the main thread: a throw that did not count — a die came to rest crooked (on an edge,
        against a building), or one of a pair did not settle in time or was lost mid-throw. No roll
        reaches the game, and the screen said nothing: the table waited for an answer that would
        never come. The rulebook's remedy, said in one line: throw again."""
        words = {
            "single": self.tr("The die landed crooked: throw it again."),
            "crooked": self.tr("A die landed crooked: throw both dice again."),
            "timeout": self.tr("The dice did not both settle in time: throw both again."),
        }
        self.on_failure(words.get(reason, self.tr("A die was lost mid-throw: throw both dice again.")))

    def _die_heard(self, heard: bool, die_id: str, detail: str) -> None:
        """On the main thread: a die whose port stays open stopped talking (hung firmware, a flat
        battery behind a powered USB hub: the serial source's ``silent``), or talks again. Its
        throws are lost meanwhile, and the screen said nothing: the table threw on, unanswered."""
        if self.die is None or not self.die_status.connected:
            return  # a die on a dropped port is "disconnected", said already
        if heard:
            if self._die_failure:
                failure, self._die_failure = self._die_failure, ""
                self.on_back(self.tr("Die {die} heard again.").format(die=die_id), failure)
            return
        self._die_failure = self.tr("Die {die} silent ({detail}): the game waits for it.").format(
            die=die_id, detail=detail)
        self.on_failure(self._die_failure)

    def _die_link(self, connected: bool, detail: str) -> None:
        """On the main thread: the serial die lost its port (it keeps reopening it) or got it back."""
        if self.die is None or self.die_status.connected == connected:
            return
        self.die_status.connected = connected
        self.die_status.problem = "" if connected else detail
        if connected:
            self.on_status()
            self._die_back()
        else:
            self._die_failure = self.tr("Die disconnected ({detail}): the game waits for it.").format(detail=detail)
            self.on_failure(self._die_failure)

    def roll_simulated(self, face: int | None = None) -> None:
        """The on-screen "roll" button of the simulated die."""
        if self.die is None or not hasattr(self.die, "roll"):
            raise OSError("no simulated die is open")
        if face is None:
            self.die.roll()
        else:
            self.die.roll(face)

    def close_die(self) -> None:
        if self._die_retry is not None:
            self._die_retry.cancel()
            self._die_retry = None
        if self.die is not None:
            if hasattr(self.die, "when_status"):
                self.die.when_status = None  # closing on purpose is not a "die disconnected" to report
            for name in ("stop", "close"):
                if hasattr(self.die, name):
                    getattr(self.die, name)()
                    break
        self.die = None

    # -- the scanner -------------------------------------------------------------------------
    def open_scanner(self, url: str) -> None:
        """Open the scanner at ``url``; when it is not there it is shown disconnected and tried again."""
        self.close_scanner()
        self.scanner_status = DeviceStatus(url, url.startswith("sim:"), "", False)
        if not self._try_scanner() and not self.scanner_status.problem.startswith("bad"):
            self._schedule_scanner_retry()

    def _schedule_scanner_retry(self) -> None:
        if self._scanner_retry is None:
            self._scanner_retry = Clock.schedule_interval(lambda _dt: not self._retry_scanner(), self.retry_seconds)

    def _try_scanner(self) -> bool:
        def start() -> ScannerBase:
            from hardware.scanners import open_scanner
            scanner = open_scanner(self.scanner_status.url)
            scanner.when_scanned = self._scanned
            if hasattr(scanner, "when_failed"):
                scanner.when_failed = self._scanner_failed
            if hasattr(scanner, "when_rejected"):
                scanner.when_rejected = self._scan_rejected
            scanner.start()
            return scanner

        scanner = _opened(self.scanner_status, "scanner", start)
        if scanner is not None:
            self.scanner = scanner
        return scanner is not None

    def _retry_scanner(self) -> bool:
        if not self._try_scanner():
            return False
        self._scanner_retry = None
        self.on_status()
        if self._scanner_failure:
            failure, self._scanner_failure = self._scanner_failure, ""
            self.on_back(self.tr("Scanner connected again."), failure)
        return True

    def _scanned(self, scan: Scan, *rest: Any) -> None:
        asked = self.asked_now()  # the question on screen when the card was read
        Clock.schedule_once(lambda _dt: self.on_scan(scan, asked), 0)

    def _scan_rejected(self, rejection: Rejection, *rest: Any) -> None:
        reason = getattr(rejection, "reason", str(rejection))
        Clock.schedule_once(lambda _dt: self.on_failure(
            self.tr("scanner: not one of our cards ({reason})").format(reason=reason)), 0)

    def _scanner_failed(self, exc: OSError, *rest: Any) -> None:
        Clock.schedule_once(lambda _dt: self._scanner_lost(str(exc)), 0)

    def _scanner_lost(self, why: str) -> None:
        """On the main thread: the scanner failed; show it disconnected and keep trying to reopen it."""
        if self.scanner is None:
            return
        self._stop_scanner()
        self.scanner_status.connected, self.scanner_status.problem = False, why
        self._scanner_failure = self.tr("scanner: {problem}").format(problem=why)
        self.on_failure(self._scanner_failure)
        self._schedule_scanner_retry()

    def _stop_scanner(self) -> None:
        if self.scanner is not None and hasattr(self.scanner, "stop"):
            self.scanner.stop()
        self.scanner = None

    def close_scanner(self) -> None:
        if self._scanner_retry is not None:
            self._scanner_retry.cancel()
            self._scanner_retry = None
        self._stop_scanner()

    # -- the table's say-so ----------------------------------------------------------------------
    def use_simulated(self) -> None:
        """Switch a disconnected die or scanner to the simulated one, for this run (the settings
        keep the real URL): only ever on the table's request."""
        if not self.die_status.connected:
            self.open_die(SIM_URL)
        if not self.scanner_status.connected:
            self.open_scanner(SIM_URL)

    def close(self) -> None:
        self.close_die()
        self.close_scanner()


D = TypeVar("D")


def _opened(status: DeviceStatus, what: str, start: Callable[[], D]) -> D | None:
    """Start a die or scanner and record on ``status`` whether it is connected, or why not: support
    not installed, a bad URL (not retried), or a missing or failing device (retried)."""
    try:
        device = start()
    except ImportError as exc:
        status.problem = f"{what} support not installed ({exc})"
        return None
    except ValueError as exc:
        status.problem = f"bad URL: {exc}"
        return None
    except OSError as exc:
        log.info("%s %r: %s", what, status.url, exc)
        status.problem = str(exc)
        return None
    status.connected, status.problem = True, ""
    return device
