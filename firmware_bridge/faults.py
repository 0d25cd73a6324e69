"""Damaged die traffic, made on purpose: what a flaky cable, a half-flashed die or electrical
noise would put on the wire. The emulator injects these on command, and the fuzz tests build long
streams from them whose correct reading is known in advance (:class:`FaultPlan`).

A plan interleaves a genuine conversation of one or more dice (hellos, throws, nudges, crooked
landings, heartbeats, pongs, kinds from a future protocol version, and lying rolls that a host
must refuse) with inserted bad lines: cut lines, flipped bytes, binary noise, overlong lines and
repeated lines. Every inserted item ends with exactly one newline and holds no other, so the
number of bad lines is known exactly and a reader can be held to it.

:func:`flip_fuzz` is the harshest single-fault test: every single-bit flip of every line of a
genuine conversation, each fed to the host just before the line it damages, where a damaged
line that got through would be believed (a flipped roll line arrives when the die is armed).
"""
from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from firmware_bridge import host, protocol, wire
from firmware_bridge.protocol import (Beat, DieState, Hello, Pong, RollReport, SeqCounter, State,
                                      Unknown)

DAMAGE_KINDS = ("cut", "flip", "mutate", "noise", "overlong", "repeat")


def noise_line(rng: random.Random, size: int) -> bytes:
    """``size`` random bytes without a newline, then a newline: one bad line."""
    return bytes(b if b != 0x0A else 0x00 for b in rng.randbytes(size)) + b"\n"


def flip_one(rng: random.Random, line: bytes) -> bytes:
    """``line`` with one byte (not the newline) changed to another non-newline byte."""
    body = bytearray(line[:-1])
    i = rng.randrange(len(body))
    body[i] = rng.choice([b for b in range(256) if b not in (0x0A, body[i])])
    return bytes(body) + b"\n"


def mutate(rng: random.Random, line: bytes) -> bytes:
    """Several flips, insertions and deletions; never a newline inside, always changed."""
    body = bytearray(line[:-1])
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(3)
        i = rng.randrange(len(body) + 1)
        if op == 0 and body:
            body[min(i, len(body) - 1)] ^= 1 << rng.randrange(8)
        elif op == 1:
            body.insert(i, rng.choice([b for b in range(256) if b != 0x0A]))
        elif len(body) > 1:
            del body[min(i, len(body) - 1)]
    body = bytearray(b if b != 0x0A else 0x0B for b in body)
    if bytes(body) + b"\n" == line:
        body.append(0x21)
    return bytes(body) + b"\n"


@dataclass
class _Die:
    die_id: str
    faces: int
    boot: str
    seq: SeqCounter = field(default_factory=SeqCounter)
    recent: list[bytes] = field(default_factory=list)

    def line(self, body: protocol.DieBody) -> bytes:
        data = protocol.encode(self.seq.take(), self.die_id, body)
        self.recent = (self.recent + [data])[-50:]
        return data


@dataclass
class FaultPlan:
    """A stream and what an honest reader must make of it."""

    data: bytes = b""
    rolls: list[tuple[str, int]] = field(default_factory=list)  # genuine, in order
    lines: int = 0  # newline-terminated lines in ``data``
    inserted_bad: int = 0  # damaged lines inserted
    lying_rolls: int = 0  # well-formed roll lines a host must refuse (no rolling before)
    ignored: int = 0  # well-formed lines of kinds this version does not know
    damage: dict[str, int] = field(default_factory=dict)

    @property
    def expected_rejected(self) -> int:
        return self.inserted_bad + self.lying_rolls


def build_plan(rng: random.Random, target_bytes: int,
               dice: tuple[tuple[str, int], ...] = (("fz-1", 12), ("fz-2", 6)),
               damage_rate: float = 0.4, end_token: str | None = None) -> FaultPlan:
    """A stream of at least ``target_bytes`` bytes; see the module docstring.

    With ``end_token`` the stream ends with a genuine pong carrying it, so a reader on a real
    port can tell when it has read everything.
    """
    plan = FaultPlan()
    parts: list[bytes] = []
    size = 0
    dies = [_Die(d, f, "%08x" % rng.getrandbits(32)) for d, f in dice]

    def put(data: bytes) -> None:
        nonlocal size
        parts.append(data)
        size += len(data)
        plan.lines += 1

    def damage(die: _Die) -> None:
        kind = rng.choice(DAMAGE_KINDS)
        plan.damage[kind] = plan.damage.get(kind, 0) + 1
        plan.inserted_bad += 1
        source = rng.choice(die.recent)
        if kind == "cut":
            put(source[:rng.randint(1, len(source) - 2)] + b"\n")
        elif kind == "flip":
            put(flip_one(rng, source))
        elif kind == "mutate":
            put(mutate(rng, source))
        elif kind == "noise":
            put(noise_line(rng, rng.randint(0, 120)))
        elif kind == "overlong":
            put(noise_line(rng, rng.randint(wire.MAX_LINE, 3 * wire.MAX_LINE)))
        else:
            put(rng.choice(die.recent))

    for die in dies:
        put(die.line(Hello(protocol.PROTOCOL_VERSION, die.faces, "fuzz-1", die.boot)))
    while size < target_bytes:
        die = rng.choice(dies)
        episode = rng.randrange(7)
        if episode == 0 or episode == 1:  # a real throw
            face = rng.randint(1, die.faces)
            script: list[protocol.DieBody] = [State(DieState.HANDLING), State(DieState.ROLLING),
                                              State(DieState.SETTLED, face), RollReport(face)]
            plan.rolls.append((die.die_id, face))
        elif episode == 2:  # picked up and put down, or nudged
            script = [State(DieState.HANDLING), State(DieState.SETTLED, rng.randint(1, die.faces))]
        elif episode == 3:  # landed on an edge
            script = [State(DieState.HANDLING), State(DieState.ROLLING), State(DieState.CROOKED)]
        elif episode == 4:  # a die that lies: claims a roll after mere handling
            face = rng.randint(1, die.faces)
            script = [State(DieState.HANDLING), State(DieState.SETTLED, face), RollReport(face)]
            plan.lying_rolls += 1
        elif episode == 5:
            script = [Beat(rng.randint(0, 100), rng.randint(3300, 4200), rng.randint(0, 9999)),
                      Pong("t%d" % rng.randrange(1000))]
        else:  # a kind from a later protocol version
            script = [Unknown("glow", (("hue", str(rng.randrange(360))),))]
            plan.ignored += 1
        for body in script:
            put(die.line(body))
            while rng.random() < damage_rate:
                damage(die)
    if end_token is not None:
        put(dies[0].line(Pong(end_token)))
    plan.data = b"".join(parts)
    return plan


def bit_flips(line: bytes) -> Iterator[bytes]:
    """Every copy of ``line`` with exactly one bit flipped, the newline's bits included, in order.

    Each copy ends with a newline (one is added when the flip hit the line's own), so it is fed as
    a line of its own; a flip that makes a newline inside (``*`` is 0x2A, a newline 0x0A) splits
    it in two lines, both damaged.
    """
    for i in range(len(line)):
        for bit in range(8):
            damaged = bytearray(line)
            damaged[i] ^= 1 << bit
            if not damaged.endswith(b"\n"):
                damaged += b"\n"
            yield bytes(damaged)


@dataclass
class FlipFigures:
    """What :func:`flip_fuzz` saw. ``passed`` damaged lines changed something (an event, an
    accepted or ignored line) instead of being refused; ``phantom_rolls`` of them were rolls;
    ``lost_rolls`` genuine rolls did not arrive although their own lines did."""

    tried: int = 0
    refused: int = 0
    passed: int = 0
    phantom_rolls: int = 0
    genuine_lines: int = 0
    genuine_rolls: int = 0
    lost_rolls: int = 0
    rejected: dict[str, int] = field(default_factory=dict)

    def summary(self) -> str:
        return (f"tried {self.tried} damaged lines: refused {self.refused}, passed {self.passed}, "
                f"phantom rolls {self.phantom_rolls}; genuine: {self.genuine_lines} lines, "
                f"{self.genuine_rolls} rolls, lost {self.lost_rolls}; refused as {self.rejected}")


def flip_fuzz(rng: random.Random, damaged_lines: int,
              logger: logging.Logger | None = None) -> FlipFigures:
    """Feed ``damaged_lines`` single-bit flips of a genuine two-dice conversation to a host link.

    The conversation (hellos, throws, nudges, crooked landings, lying rolls, beats, pongs, future
    kinds) is built by :func:`build_plan` without damage. Before each genuine line, every one of
    its single-bit flips is fed (until ``damaged_lines`` have been), then the line itself: so a
    flip that slipped through would arrive exactly where the genuine line is believed.
    """
    plan = build_plan(rng, damaged_lines // 8 + 1, damage_rate=0.0)
    link = host.HostLink("flip-fuzz", logger or logging.getLogger("firmware_bridge.flip_fuzz"))
    figures = FlipFigures()
    delivered: list[tuple[str, int]] = []
    counters = link.counters
    for line in plan.data.splitlines(keepends=True):
        for damaged in bit_flips(line):
            if figures.tried >= damaged_lines:
                break
            figures.tried += 1
            before = (counters.accepted, counters.ignored, counters.rejected_total)
            events = link.feed(damaged)
            after = (counters.accepted, counters.ignored, counters.rejected_total)
            if events or after[:2] != before[:2] or after[2] == before[2]:
                figures.passed += 1
                figures.phantom_rolls += sum(isinstance(e, host.RollEvent) for e in events)
            else:
                figures.refused += 1
        figures.genuine_lines += 1
        delivered += [(e.die, e.face) for e in link.feed(line) if isinstance(e, host.RollEvent)]
    figures.genuine_rolls = len(plan.rolls)
    found = iter(delivered)  # the genuine rolls, in order, within what arrived
    figures.lost_rolls = sum(1 for roll in plan.rolls if roll not in found)
    figures.rejected = dict(counters.rejected)
    return figures
