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
  until it says hello in ours: a new ``proto`` number means an existing kind changed meaning.

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


Event = Union[HelloEvent, StateEvent, RollEvent, BeatEvent, PongEvent]


@dataclass
class LinkCounters:
    """What the link has seen. ``lines`` = accepted + ignored + sum(rejected)."""

    lines: int = 0
    accepted: int = 0
    ignored: int = 0
    rolls: int = 0
    rejected: Counter[str] = field(default_factory=Counter)

    @property
    def rejected_total(self) -> int:
        return sum(self.rejected.values())

    def snapshot(self) -> dict[str, object]:
        return {"lines": self.lines, "accepted": self.accepted, "ignored": self.ignored,
                "rolls": self.rolls, "rejected": dict(self.rejected)}


@dataclass
class _DieTrack:
    last_seq: int | None = None
    boot: str | None = None
    faces: int | None = None
    state: DieState | None = None
    armed: bool = False  # said "rolling" since the last handling/crooked/roll
    foreign_proto: int | None = None  # its hello named this protocol version, not ours


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
            event = self._apply(message)
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

    def _apply(self, message: Message) -> Event | None:
        body = message.body
        track = self._dice.setdefault(message.die, _DieTrack())
        is_reboot = isinstance(body, Hello) and body.boot != track.boot
        if is_reboot:
            track.last_seq = None
            track.armed = False
            track.state = None
        if track.last_seq is not None:
            ahead = (message.seq - track.last_seq) % wire.SEQ_MODULO
            if ahead == 0:
                self._reject(DUPLICATE, f"repeated sequence number {message.seq!r}")
                return None
            if ahead > wire.SEQ_MODULO // 2:
                self._reject(STALE, f"sequence number {message.seq!r} is behind {track.last_seq!r}")
                return None
        if isinstance(body, Hello):
            track.foreign_proto = None if body.proto == protocol.PROTOCOL_VERSION else body.proto
        if track.foreign_proto is not None:
            # Genuine line (its number advances), but its meaning is not ours to guess.
            track.last_seq = message.seq
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
                self._reject(*problem)
                return None
        track.last_seq = message.seq
        if isinstance(body, Unknown):
            self.counters.ignored += 1
            self._log.debug("%s: ignored unknown kind %r", self.name, body.name)
            return None
        self.counters.accepted += 1
        assert isinstance(body, (Hello, State, RollReport, Beat, Pong))  # parse_from_die's kinds
        return self._event(message.die, message.seq, track, body)

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
