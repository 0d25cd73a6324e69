"""The host's reading of one link: bytes in, trustworthy die events out.

:class:`HostLink` is a plain object fed bytes (no thread, no port, no clock of its own), so the
serial source, the tests and the fuzzer all drive exactly the same code. It applies the rules that
keep phantom rolls out, beyond the checksum:

* **sequence numbers**, per die: a line whose number is not ahead of the last accepted one (within
  half the number space) is a duplicate or a stale replay and is rejected;
* **a boot** (a ``hello`` with a new ``boot`` token) starts that die's numbering afresh;
* **a roll counts only after rolling**: the die must have said ``rolling`` since it last said
  ``handling`` or ``crooked``, and a roll consumes that; a die that goes handling -> settled and
  then claims a roll is rejected (``roll_without_rolling``);
* **a roll needs a hello** first (to know the number of faces), and its face must be in range;
* **a die speaking another protocol version** is believed in nothing (``unsupported_proto``)
  until it says hello in ours: a new ``proto`` number means an existing kind changed meaning;
* **a repeat is the whole line again**: only a line byte for byte equal to the last accepted one
  of that die is a ``duplicate``; the same number with other content means the die's numbering
  no longer matches the host's (it rebooted) and counts as ``stale``;
* **resynchronising**: a die whose reboot hello was lost keeps being ``stale`` until its numbers
  catch up with the last one the host accepted (as many lines as it sent before rebooting, up to
  half the number space: an hour or more of play, every throw refused). So at the second stale line in a
  row from one die (and again while the run lasts, see :func:`asks_hello_at`), or at a roll
  refused for want of a hello, :meth:`HostLink.feed` returns a :class:`HelloNeeded` event:
  the owner of the port asks that die for ``hello``, whose new ``boot`` token restarts the
  numbering. The host never guesses a resynchronisation itself: only the die's hello does it.

Every rejected line is counted by reason and logged (the first few per link at WARNING, the rest
at DEBUG, so a die spewing noise cannot flood the log). Unknown kinds are counted as ignored.
"""
from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, field
from typing import Union

from firmware_bridge import protocol, wire
from firmware_bridge.protocol import Beat, DieState, Hello, Message, Pong, RollReport, State, Unknown

# Rejection reasons beyond wire's OVERLONG / MALFORMED / CHECKSUM.
DUPLICATE = "duplicate"
STALE = "stale"
NO_HELLO = "no_hello"
ROLL_WITHOUT_ROLLING = "roll_without_rolling"
FACE_OUT_OF_RANGE = "face_out_of_range"
TRUNCATED = "truncated"  # a partial line cut off by a disconnect
UNSUPPORTED_PROTO = "unsupported_proto"  # a die whose hello names a protocol version we do not read

WARN_LIMIT = 20  # rejected lines logged at WARNING per link before dropping to DEBUG
# Stale lines in a row from one die before the host asks it for hello. One alone may be an old
# line repeated by a glitching link; two in a row (two heartbeats at most) say the die's numbering
# went back. While the run lasts the host asks again at the 4th, 8th, 16th ... stale line and then
# every HELLO_RETRY_EVERY-th: a lost request is repeated soon, and a burst of a thousand stale
# lines read at once costs a couple of dozen requests, not hundreds.
STALE_RUN_FOR_HELLO = 2
HELLO_RETRY_EVERY = 64


def asks_hello_at(stale_run: int) -> bool:
    """Whether the ``stale_run``-th stale line in a row from a die makes the host ask for hello."""
    if stale_run < STALE_RUN_FOR_HELLO:
        return False
    if stale_run <= HELLO_RETRY_EVERY:
        return stale_run & (stale_run - 1) == 0  # 2, 4, 8, 16, 32, 64
    return stale_run % HELLO_RETRY_EVERY == 0


@dataclass(frozen=True)
class HelloEvent:
    die: str
    hello: Hello


@dataclass(frozen=True)
class StateEvent:
    die: str
    state: DieState
    face: int | None


@dataclass(frozen=True)
class RollEvent:
    """A roll the host believes: delivered once, tagged with the die and its number of faces."""

    die: str
    face: int
    faces: int
    seq: int


@dataclass(frozen=True)
class BeatEvent:
    die: str
    beat: Beat


@dataclass(frozen=True)
class PongEvent:
    die: str
    token: str


@dataclass(frozen=True)
class HelloNeeded:
    """The host cannot believe this die until it hears its hello again: ask it (a ``hello``
    request addressed to ``die``). ``reason`` is what made the host ask: STALE or NO_HELLO."""

    die: str
    reason: str


Event = Union[HelloEvent, StateEvent, RollEvent, BeatEvent, PongEvent, HelloNeeded]


@dataclass
class LinkCounters:
    """What the link has seen. ``lines`` = accepted + ignored + sum(rejected);
    ``hello_requests`` = how many HelloNeeded events the link gave."""

    lines: int = 0
    accepted: int = 0
    ignored: int = 0
    rolls: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    hello_requests: int = 0

    @property
    def rejected_total(self) -> int:
        return sum(self.rejected.values())

    def snapshot(self) -> dict[str, object]:
        return {"lines": self.lines, "accepted": self.accepted, "ignored": self.ignored,
                "rolls": self.rolls, "rejected": dict(self.rejected),
                "hello_requests": self.hello_requests}


@dataclass
class _DieTrack:
    last_seq: int | None = None
    boot: str | None = None
    faces: int | None = None
    state: DieState | None = None
    armed: bool = False  # said "rolling" since the last handling/crooked/roll
    foreign_proto: int | None = None  # its hello named this protocol version, not ours
    last_line: bytes = b""  # the last accepted line, without its line end: what a repeat is
    stale_run: int = 0  # stale lines in a row since the last accepted one


class HostLink:
    """Parser and tracker for one link (one port); may carry several dice, told apart by id."""

    def __init__(self, name: str = "die", logger: logging.Logger | None = None) -> None:
        self.name = name
        self.counters = LinkCounters()
        self._framer = wire.Framer()
        self._dice: dict[str, _DieTrack] = {}
        self._log = logger or logging.getLogger("firmware_bridge.host")
        self._warned = 0

    def __repr__(self) -> str:
        return f"HostLink(name={self.name!r})"

    def feed(self, data: bytes) -> list[Event]:
        """Events from ``data`` (any chunk of the stream; partial lines are kept for later)."""
        events: list[Event] = []
        for item in self._framer.feed(data):
            self.counters.lines += 1
            if item == wire.OVERLONG:
                self._reject(wire.OVERLONG, "line longer than %d bytes" % wire.MAX_LINE)
                continue
            assert isinstance(item, bytes)
            try:
                message = protocol.parse_from_die(item)
            except wire.LineError as exc:
                self._reject(exc.reason, str(exc))
                continue
            event = self._apply(message, item.rstrip(b"\r\n"))
            if event is not None:
                events.append(event)
        return events

    def reset(self) -> None:
        """The link dropped: forget partial input and every die's numbering and roll in flight.

        A die that comes back is a die that lost power (USB) and will say hello from seq 0.
        """
        if self._framer.reset():
            self.counters.lines += 1
            self._reject(TRUNCATED, "partial line lost when the link dropped")
        self._dice.clear()

    def known_dice(self) -> dict[str, int | None]:
        """Die id -> number of faces (None until its hello arrives)."""
        return {die: track.faces for die, track in self._dice.items()}

    def _reject(self, reason: str, detail: str) -> None:
        self.counters.rejected[reason] += 1
        self._warned += 1
        if self._warned <= WARN_LIMIT:
            self._log.warning("%s: rejected line (%s): %s", self.name, reason, detail)
            if self._warned == WARN_LIMIT:
                self._log.warning("%s: further rejected lines are counted, logged at DEBUG",
                                  self.name)
        else:
            self._log.debug("%s: rejected line (%s): %s", self.name, reason, detail)

    def _apply(self, message: Message, line: bytes) -> Event | None:
        body = message.body
        track = self._dice.setdefault(message.die, _DieTrack())
        is_reboot = isinstance(body, Hello) and body.boot != track.boot
        if is_reboot:
            track.last_seq = None
            track.armed = False
            track.state = None
        if track.last_seq is not None:
            ahead = (message.seq - track.last_seq) % wire.SEQ_MODULO
            if ahead == 0 and line == track.last_line:
                self._reject(DUPLICATE, f"repeated line {message.seq!r}")
                return None
            if ahead == 0 or ahead > wire.SEQ_MODULO // 2:
                self._reject(STALE, f"sequence number {message.seq!r} is "
                             + ("repeated with other content" if ahead == 0 else "behind")
                             + f" {track.last_seq!r}")
                track.stale_run += 1
                if asks_hello_at(track.stale_run):
                    return self._ask_hello(message.die, STALE)
                return None
        track.stale_run = 0
        if isinstance(body, Hello):
            track.foreign_proto = None if body.proto == protocol.PROTOCOL_VERSION else body.proto
        if track.foreign_proto is not None:
            # Genuine line (its number advances), but its meaning is not ours to guess.
            track.last_seq = message.seq
            track.last_line = line
            track.faces = None
            track.armed = False
            self._reject(UNSUPPORTED_PROTO,
                         f"die {message.die!r} speaks protocol {track.foreign_proto!r}, "
                         f"this host reads {protocol.PROTOCOL_VERSION!r}")
            return None
        if isinstance(body, RollReport):
            problem = self._roll_problem(track, body)
            if problem is not None:
                # The sequence number still advances: the line was genuine, only its claim is not.
                track.last_seq = message.seq
                track.last_line = line
                self._reject(*problem)
                if problem[0] == NO_HELLO:  # a real throw was lost: make sure the next one is not
                    return self._ask_hello(message.die, NO_HELLO)
                return None
        track.last_seq = message.seq
        track.last_line = line
        if isinstance(body, Unknown):
            self.counters.ignored += 1
            self._log.debug("%s: ignored unknown kind %r", self.name, body.name)
            return None
        self.counters.accepted += 1
        assert isinstance(body, (Hello, State, RollReport, Beat, Pong))  # parse_from_die's kinds
        return self._event(message.die, message.seq, track, body)

    def _ask_hello(self, die: str, reason: str) -> HelloNeeded:
        self.counters.hello_requests += 1
        self._log.info("%s: asking die %r for hello (%s)", self.name, die, reason)
        return HelloNeeded(die, reason)

    def _roll_problem(self, track: _DieTrack, body: RollReport) -> tuple[str, str] | None:
        if track.faces is None:
            return NO_HELLO, f"roll {body.face!r} from a die that has not said hello"
        if body.face > track.faces:
            return FACE_OUT_OF_RANGE, f"face {body.face!r} on a d{track.faces}"
        if not track.armed or track.state is not DieState.SETTLED:
            return ROLL_WITHOUT_ROLLING, f"roll {body.face!r} without rolling then settling"
        return None

    def _event(self, die: str, seq: int, track: _DieTrack, body: protocol.DieBody) -> Event:
        if isinstance(body, Hello):
            track.boot = body.boot
            track.faces = body.faces
            return HelloEvent(die, body)
        if isinstance(body, State):
            track.state = body.state
            if body.state is DieState.ROLLING:
                track.armed = True
            elif body.state in (DieState.HANDLING, DieState.CROOKED):
                track.armed = False
            return StateEvent(die, body.state, body.face)
        if isinstance(body, RollReport):
            assert track.faces is not None
            track.armed = False
            self.counters.rolls += 1
            return RollEvent(die, body.face, track.faces, seq)
        if isinstance(body, Beat):
            return BeatEvent(die, body)
        assert isinstance(body, Pong)
        return PongEvent(die, body.token)
