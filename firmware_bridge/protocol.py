"""Typed messages of the die protocol, on top of the line codec in :mod:`firmware_bridge.wire`.

Both directions share one line grammar; the kinds differ:

* die -> host: ``hello`` (proto, faces, fw, boot), ``state`` (s, optional face), ``roll`` (face),
  ``beat`` (bat, mv, up), ``pong`` (t).
* host -> die: ``hello`` (a request, no fields), ``ping`` (t), ``led`` (c, m).

A kind this version does not know parses to :class:`Unknown`, which readers ignore: kinds are only
ever added (docs/die-protocol.md, "Compatibility"). Fields a known kind does not know are ignored
for the same reason. A known kind with a missing or malformed field is a :class:`wire.LineError`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Union

from firmware_bridge import wire

PROTOCOL_VERSION = 1
BAUD_RATE = 115200
BROADCAST = "all"  # the die id a host uses to address every die on a link


class DieState(str, Enum):
    """What the die says it is doing; sent whenever it changes."""

    HANDLING = "handling"  # moved, but not (yet) a throw: picked up, nudged, carried
    ROLLING = "rolling"  # tumbling hard enough that where it lands counts as a roll
    CROOKED = "crooked"  # at rest, but on an edge or against something: no face is up
    SETTLED = "settled"  # at rest with one face up


class LedColour(str, Enum):
    OFF = "off"
    RED = "red"
    GREEN = "green"
    BLUE = "blue"
    WHITE = "white"


class LedMode(str, Enum):
    ON = "on"
    BLINK = "blink"


# --- die -> host -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    """Sent at boot and on request. ``boot`` is random per power-up, so the host can tell a
    restarted die (whose sequence numbers start again at 0) from a replayed line."""

    proto: int
    faces: int
    firmware: str
    boot: str
    kind = "hello"

    def fields(self) -> list[tuple[str, str]]:
        return [("proto", str(self.proto)), ("faces", str(self.faces)),
                ("fw", self.firmware), ("boot", self.boot)]


@dataclass(frozen=True)
class State:
    state: DieState
    face: int | None = None  # only with SETTLED
    kind = "state"

    def fields(self) -> list[tuple[str, str]]:
        out = [("s", self.state.value)]
        if self.face is not None:
            out.append(("face", str(self.face)))
        return out


@dataclass(frozen=True)
class RollReport:
    """The die settled on ``face`` after a real roll. Never sent for handling or a nudge."""

    face: int
    kind = "roll"

    def fields(self) -> list[tuple[str, str]]:
        return [("face", str(self.face))]


@dataclass(frozen=True)
class Beat:
    """Heartbeat, at least every 2 s: battery percentage, millivolts and uptime in seconds."""

    battery_pct: int
    battery_mv: int
    uptime_s: int
    kind = "beat"

    def fields(self) -> list[tuple[str, str]]:
        return [("bat", str(self.battery_pct)), ("mv", str(self.battery_mv)),
                ("up", str(self.uptime_s))]


@dataclass(frozen=True)
class Pong:
    token: str
    kind = "pong"

    def fields(self) -> list[tuple[str, str]]:
        return [("t", self.token)]


# --- host -> die -------------------------------------------------------------------------------


@dataclass(frozen=True)
class HelloRequest:
    kind = "hello"

    def fields(self) -> list[tuple[str, str]]:
        return []


@dataclass(frozen=True)
class Ping:
    token: str
    kind = "ping"

    def fields(self) -> list[tuple[str, str]]:
        return [("t", self.token)]


@dataclass(frozen=True)
class Led:
    colour: LedColour
    mode: LedMode = LedMode.ON
    kind = "led"

    def fields(self) -> list[tuple[str, str]]:
        return [("c", self.colour.value), ("m", self.mode.value)]


@dataclass(frozen=True)
class Unknown:
    """A kind this version does not know. Kept so a log can show it; never acted upon."""

    name: str
    raw_fields: tuple[tuple[str, str], ...] = ()

    @property
    def kind(self) -> str:
        return self.name

    def fields(self) -> list[tuple[str, str]]:
        return list(self.raw_fields)


DieBody = Union[Hello, State, RollReport, Beat, Pong, Unknown]
HostBody = Union[HelloRequest, Ping, Led, Unknown]
Body = Union[DieBody, HostBody]


@dataclass(frozen=True)
class Message:
    """One decoded line: the sender's sequence number, the die it is from (or to), the body."""

    seq: int
    die: str
    body: Body = field()


def encode(seq: int, die: str, body: Body) -> bytes:
    """The wire bytes for ``body``; ValueError if a value breaks the grammar."""
    return bytes(wire.encode(seq, die, body.kind, body.fields()))


def _int(fields: dict[str, str], key: str, low: int, high: int) -> int:
    text = fields.get(key)
    if text is None:
        raise wire.LineError(wire.MALFORMED, f"missing field {key!r}")
    if not text.isdigit() or (len(text) > 1 and text[0] == "0"):
        raise wire.LineError(wire.MALFORMED, f"field {key!r} is not a number: {text!r}")
    value = int(text)
    if not low <= value <= high:
        raise wire.LineError(wire.MALFORMED, f"field {key!r} out of range {low}..{high}: {value!r}")
    return value


def _str(fields: dict[str, str], key: str) -> str:
    text = fields.get(key)
    if text is None:
        raise wire.LineError(wire.MALFORMED, f"missing field {key!r}")
    return text


def _enum(fields: dict[str, str], key: str, enum: type[Enum]) -> Enum:
    text = _str(fields, key)
    try:
        return enum(text)
    except ValueError:
        raise wire.LineError(wire.MALFORMED, f"field {key!r} has unknown value {text!r}") from None


MAX_FACES = 120  # the largest common die (d120); anything above is a corrupt or foreign line


def _die_body(kind: str, f: dict[str, str], raw: tuple[tuple[str, str], ...]) -> DieBody:
    if kind == "hello":
        return Hello(proto=_int(f, "proto", 1, 9999), faces=_int(f, "faces", 2, MAX_FACES),
                     firmware=_str(f, "fw"), boot=_str(f, "boot"))
    if kind == "state":
        state = _enum(f, "s", DieState)
        assert isinstance(state, DieState)
        face = _int(f, "face", 1, MAX_FACES) if "face" in f else None
        if face is not None and state is not DieState.SETTLED:
            raise wire.LineError(wire.MALFORMED, f"face given with state {state.value!r}")
        return State(state, face)
    if kind == "roll":
        return RollReport(face=_int(f, "face", 1, MAX_FACES))
    if kind == "beat":
        return Beat(battery_pct=_int(f, "bat", 0, 100), battery_mv=_int(f, "mv", 0, 99999),
                    uptime_s=_int(f, "up", 0, 10**9))
    if kind == "pong":
        return Pong(token=_str(f, "t"))
    return Unknown(kind, raw)


def _host_body(kind: str, f: dict[str, str], raw: tuple[tuple[str, str], ...]) -> HostBody:
    if kind == "hello":
        return HelloRequest()
    if kind == "ping":
        return Ping(token=_str(f, "t"))
    if kind == "led":
        colour = _enum(f, "c", LedColour)
        mode = _enum(f, "m", LedMode) if "m" in f else LedMode.ON
        assert isinstance(colour, LedColour) and isinstance(mode, LedMode)
        return Led(colour, mode)
    return Unknown(kind, raw)


def parse_from_die(line: bytes) -> Message:
    """A line the die sent, as a Message; wire.LineError (a ValueError) if it is not valid."""
    seq, die, kind, pairs = wire.decode(line)
    return Message(seq, die, _die_body(kind, dict(pairs), tuple(pairs)))


def parse_from_host(line: bytes) -> Message:
    """A line the host sent, as a Message; wire.LineError (a ValueError) if it is not valid."""
    seq, die, kind, pairs = wire.decode(line)
    return Message(seq, die, _host_body(kind, dict(pairs), tuple(pairs)))


class SeqCounter:
    """The sender's side of sequence numbers: 0, 1, ... 65535, 0, ..."""

    def __init__(self, start: int = 0) -> None:
        self._next = start % wire.SEQ_MODULO

    def take(self) -> int:
        seq = self._next
        self._next = (seq + 1) % wire.SEQ_MODULO
        return seq

    def __repr__(self) -> str:
        return f"SeqCounter(start={self._next!r})"
