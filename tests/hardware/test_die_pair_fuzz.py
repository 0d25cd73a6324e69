"""A damaged line can never create a throw: every single-bit flip of a genuine two-dice
conversation (throws, crooked landings, nudges, lying rolls, heartbeats) is fed to the host link
just before the line it damages, and everything the link makes of it goes on to the pairer. The
throws that come out must be exactly the genuine ones, and the "throw again"s exactly the crooked
ones: no phantom throw, no lost throw, no spurious void.

The same approach as tests/firmware_bridge/test_die_flip_fuzz.py, one layer further up.
"""
import logging
import random
from dataclasses import dataclass, field

from firmware_bridge import host, protocol
from firmware_bridge.faults import bit_flips
from firmware_bridge.protocol import Beat, DieState, Hello, RollReport, SeqCounter, State
from hardware.dice import Pairer, Roll, Status, StatusKind, Throw
from hardware.dice.pair import Void

A, B = "fz-a", "fz-b"
DAMAGED_LINES = 300_000
_KIND = {DieState.HANDLING: StatusKind.HANDLING, DieState.ROLLING: StatusKind.ROLLING,
         DieState.CROOKED: StatusKind.CROOKED, DieState.SETTLED: StatusKind.SETTLED}


@dataclass
class Conversation:
    lines: list = field(default_factory=list)  # (bytes, seconds to wait before it)
    throws: list = field(default_factory=list)
    crooked: int = 0


def conversation(rng, episodes):
    seqs = {A: SeqCounter(), B: SeqCounter()}
    talk = Conversation()

    def say(die, body, gap=0.01):
        talk.lines.append((protocol.encode(seqs[die].take(), die, body), gap))

    for die in (A, B):
        say(die, Hello(protocol.PROTOCOL_VERSION, 6, "fuzz-1", "%08x" % rng.getrandbits(32)))
    for _ in range(episodes):
        kind = rng.randrange(5)
        first = True
        gap = 10.0  # episodes far apart: no timeout ever joins two of them

        def step(die, body):
            nonlocal first
            say(die, body, gap if first else 0.01)
            first = False

        if kind in (0, 1, 2):  # a throw of both dice, maybe one crooked
            faces = (rng.randint(1, 6), rng.randint(1, 6))
            crooked = rng.choice((None, None, 0, 1)) if kind == 2 else None
            order = rng.sample((0, 1), 2)
            for state in (DieState.HANDLING, DieState.ROLLING):
                for i in order:
                    step((A, B)[i], State(state))
            for i in order:
                die = (A, B)[i]
                step(die, State(DieState.CROOKED) if i == crooked
                     else State(DieState.SETTLED, faces[i]))
            for i in order:
                if i != crooked:
                    step((A, B)[i], RollReport(faces[i]))
            if crooked is None:
                talk.throws.append(faces)
            else:
                talk.crooked += 1
        elif kind == 3:  # a nudge, or a lying die claiming a roll without rolling
            die = rng.choice((A, B))
            face = rng.randint(1, 6)
            step(die, State(DieState.HANDLING))
            step(die, State(DieState.SETTLED, face))
            if rng.random() < 0.5:
                step(die, RollReport(face))
        else:
            for die in (A, B):
                step(die, Beat(rng.randint(0, 100), rng.randint(3300, 4200), rng.randint(0, 9999)))
    return talk


def test_no_damaged_line_ever_makes_or_breaks_a_throw():
    rng = random.Random(13)
    talk = conversation(rng, DAMAGED_LINES // 250 + 1)
    link = host.HostLink("pair-fuzz", logging.getLogger("test.pair.fuzz.quiet"))
    pairer = Pairer((A, B), window=3.0)
    now = 0.0
    thrown, voids, tried = [], [], 0

    def feed(data):
        for event in link.feed(data):
            if isinstance(event, host.RollEvent):
                outcomes = pairer.on_roll(Roll(event.face, event.die, event.faces, now, "fuzz"))
            elif isinstance(event, host.StateEvent):
                outcomes = pairer.on_status(Status(_KIND[event.state], event.die, now))
            else:
                continue
            thrown.extend(o.faces for o in outcomes if isinstance(o, Throw))
            voids.extend(o for o in outcomes if isinstance(o, Void))

    for line, gap in talk.lines:
        now += gap
        void = pairer.tick(now)
        if void is not None:
            voids.append(void)
        for damaged in bit_flips(line):
            if tried < DAMAGED_LINES:
                tried += 1
                feed(damaged)
        feed(line)
    assert tried == DAMAGED_LINES
    assert len(talk.throws) > 300 and talk.crooked > 50
    assert thrown == talk.throws
    assert [v.reason for v in voids] == ["crooked"] * talk.crooked
    # Every genuine roll believed (a crooked throw has one), and no other.
    assert link.counters.rolls == 2 * len(talk.throws) + talk.crooked
