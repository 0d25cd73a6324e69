"""The firmware's settle detection on accelerometer traces (synthetic, 100 Hz, sensor noise
included): a throw landing on each face, a die picked up and put down, turned over by hand,
nudged, and left resting on an edge."""
import math
import random

import pytest

from firmware_bridge.firmware import brain, geometry
from firmware_bridge.firmware.brain import CROOKED, HANDLING, ROLLING, SETTLED, DieBrain

FACES = geometry.ideal_d12()
DT = 10  # ms between samples (100 Hz)


def slerp(a, b, f):
    """Unit vector a fraction f of the way from a to b along the great circle."""
    omega = math.radians(geometry.angle_deg(a, b))
    if omega < 1e-9:
        return a
    s = math.sin(omega)
    k1, k2 = math.sin((1 - f) * omega) / s, math.sin(f * omega) / s
    return geometry.unit(tuple(k1 * x + k2 * y for x, y in zip(a, b)))


class Trace:
    """Builds a list of (x, y, z, t_ms) samples, the way the sensor would report them."""

    def __init__(self, rng, start_face=1, noise=0.004):
        self.rng, self.noise, self.t = rng, noise, 0
        self.up = FACES[start_face]
        self.samples = []

    def _emit(self, direction, magnitude):
        n = self.noise
        self.samples.append(tuple(magnitude * c + self.rng.gauss(0, n) for c in direction)
                            + (self.t,))
        self.t += DT

    def rest(self, ms=600, direction=None):
        self.up = direction or self.up
        for _ in range(ms // DT):
            self._emit(self.up, 1.0)
        return self

    def lift(self, tilt_deg=20.0, ms=500):
        """Picked up: the hand accelerates it gently and tilts it a little, then holds it."""
        axis = geometry.unit((self.up[1], -self.up[0] + 0.1, 0.3))
        target = slerp(self.up, axis, tilt_deg / 90.0)
        steps = ms // DT
        for i in range(steps):
            self._emit(slerp(self.up, target, i / steps), 1.0 + 0.2 * math.sin(math.pi * i / steps))
        self.up = target
        return self

    def put_down(self, direction, ms=400):
        steps = ms // DT
        start = self.up
        for i in range(1, steps + 1):
            self._emit(slerp(start, direction, i / steps), 1.0 - 0.15 * math.sin(math.pi * i / steps))
        self._emit(direction, 1.12)  # the small clack on the table
        self.up = direction
        return self

    def tumble(self, end_direction, turns=3, ms=900):
        """Thrown: free fall, bounces (hard jolts) and fast rotation, ending on end_direction."""
        rng = self.rng
        steps = ms // DT
        d = self.up
        for _ in range(3):
            self._emit(d, 0.1)  # leaves the hand: near free fall
        spin_per_step = 360.0 * turns / (steps * 0.7)
        for i in range(steps):
            if i < steps * 0.7:
                other = geometry.unit(tuple(rng.gauss(0, 1) for _ in range(3)))
                while geometry.angle_deg(d, other) < 100:
                    other = geometry.unit(tuple(rng.gauss(0, 1) for _ in range(3)))
                d = slerp(d, other, spin_per_step / geometry.angle_deg(d, other))
                mag = rng.choice((1.0, 1.05, 0.95, 2.4 if i % 9 == 0 else 1.0))
            else:  # rocking to rest on the final face
                d = slerp(d, end_direction, 0.35)
                mag = 1.0 + (0.5 if i % 7 == 0 else 0.0)
            self._emit(d, mag)
        self.up = end_direction
        return self

    def nudge(self):
        for mag in (1.0, 1.25, 0.85, 1.1):
            self._emit(self.up, mag)
        return self

    def run(self, die_brain=None):
        die_brain = die_brain or DieBrain()
        events = []
        for x, y, z, t in self.samples:
            events += die_brain.feed(x, y, z, t)
        return events


def rolls(events):
    return [e[1] for e in events if e[0] == "roll"]


def states(events):
    return [e[1] for e in events if e[0] == "state"]


def test_the_ideal_d12_has_twelve_faces_with_opposites_adding_to_thirteen():
    assert sorted(FACES) == list(range(1, 13))
    for face, normal in FACES.items():
        opposite = FACES[13 - face]
        assert geometry.angle_deg(normal, opposite) == pytest.approx(180.0)
        neighbours = [f for f in FACES if f != face
                      and geometry.angle_deg(normal, FACES[f]) == pytest.approx(63.435, abs=0.01)]
        assert len(neighbours) == 5


def test_boot_at_rest_reports_settled_but_never_a_roll():
    events = Trace(random.Random(1), start_face=4).rest(800).run()
    assert events == [("state", SETTLED, 4)]


@pytest.mark.parametrize("face", range(1, 13))
def test_a_throw_landing_on_each_face_reports_that_face_once(face):
    rng = random.Random(face)
    start = 13 - face if face != 6 else 1
    trace = Trace(rng, start_face=start).rest().lift().tumble(FACES[face]).rest(800)
    events = trace.run()
    assert rolls(events) == [face]
    assert states(events) == [SETTLED, HANDLING, ROLLING, SETTLED]
    assert events[-1] == ("roll", face) and events[-2] == ("state", SETTLED, face)


def test_picked_up_and_put_down_on_the_same_face_is_no_roll():
    trace = Trace(random.Random(2), start_face=5).rest().lift(25).rest(300).put_down(FACES[5])
    events = trace.rest(600).run()
    assert rolls(events) == []
    assert states(events)[-1] == SETTLED and ROLLING not in states(events)


def test_turned_over_by_hand_onto_another_face_is_no_roll():
    # A player "helping" the die from 5 to a neighbouring face: ~63 degrees, no jolt.
    neighbour = next(f for f in FACES if 60 < geometry.angle_deg(FACES[5], FACES[f]) < 70)
    trace = Trace(random.Random(3), start_face=5).rest().lift(10).put_down(FACES[neighbour])
    events = trace.rest(600).run()
    assert rolls(events) == []
    assert events[-1] == ("state", SETTLED, neighbour)


def test_a_die_shaken_in_the_hand_but_put_down_gently_is_no_roll():
    # Lots of rotation but every reading close to 1 g: a fidget, not a throw.
    trace = Trace(random.Random(4), start_face=2).rest()
    rng = trace.rng
    d = trace.up
    for _ in range(120):
        d = slerp(d, geometry.unit(tuple(rng.gauss(0, 1) for _ in range(3))), 0.1)
        trace._emit(d, 1.0 + rng.uniform(-0.15, 0.15))
    trace.up = d
    events = trace.put_down(FACES[9]).rest(600).run()
    assert rolls(events) == []


def test_a_nudge_is_handling_then_settled_without_a_roll():
    events = Trace(random.Random(5), start_face=7).rest().nudge().rest(600).run()
    assert states(events) == [SETTLED, HANDLING, SETTLED]
    assert rolls(events) == []


def test_a_throw_coming_to_rest_on_an_edge_is_crooked_and_no_roll():
    edge = geometry.unit(tuple(a + b for a, b in zip(FACES[3], FACES[4])))
    trace = Trace(random.Random(6), start_face=1).rest().tumble(edge).rest(800)
    events = trace.run()
    assert states(events)[-1] == CROOKED
    assert rolls(events) == []


def test_nudging_a_crooked_die_flat_is_not_a_roll_but_rethrowing_is():
    edge = geometry.unit(tuple(a + b for a, b in zip(FACES[3], FACES[4])))
    trace = Trace(random.Random(7), start_face=1).rest().tumble(edge).rest(600)
    trace.put_down(FACES[3]).rest(600)
    trace.lift().tumble(FACES[10]).rest(800)
    assert rolls(trace.run()) == [10]


def _thrown_brain():
    die = DieBrain()
    trace = Trace(random.Random(8), start_face=1).rest(300).lift().tumble(FACES[2])
    events = []
    for x, y, z, t in trace.samples:
        events += die.feed(x, y, z, t)
    t0 = trace.samples[-1][3] + DT
    events += die.feed(*(1.5 * c for c in FACES[2]), t0)  # a last bounce: quiet starts after it
    assert rolls(events) == [] and die.state == ROLLING
    return die, t0


def test_settling_needs_quiet_samples_spanning_the_settle_time():
    die, t0 = _thrown_brain()
    quiet = [die.feed(*FACES[2], t0 + DT * i) for i in range(1, 40)]
    first = next(i for i, e in enumerate(quiet) if e)
    # quiet[0] still carries the jerk from the bounce; the run starts at quiet[1].
    assert (first - 1) * DT == brain.Thresholds().settle_ms
    assert rolls(quiet[first]) == [2]


def test_quiet_samples_that_disagree_are_not_a_rest():
    # Rocking slowly between two directions 6 degrees apart: each sample is quiet, none settle.
    die, t0 = _thrown_brain()
    tilted = slerp(FACES[2], FACES[3], 6 / 63.4)
    events = []
    for i in range(1, 200):
        d = FACES[2] if (i // 8) % 2 else slerp(FACES[2], tilted, ((i % 8) + 1) / 8)
        events += die.feed(*d, t0 + DT * i)
    assert events == []


def test_time_comes_from_the_samples_so_a_slower_sensor_behaves_alike():
    trace = Trace(random.Random(9), start_face=1).rest().lift().tumble(FACES[8]).rest(800)
    sparse = trace.samples[::2]  # 50 Hz
    die = DieBrain()
    events = []
    for x, y, z, t in sparse:
        events += die.feed(x, y, z, t)
    assert rolls(events) == [8]


def test_a_calibrated_table_replaces_the_ideal_one():
    # A die whose sensor sits rotated 30 degrees about z: the ideal table would misread it.
    c, s = math.cos(math.radians(30)), math.sin(math.radians(30))
    rotated = {f: (c * v[0] - s * v[1], s * v[0] + c * v[1], v[2]) for f, v in FACES.items()}
    trace = Trace(random.Random(10)).rest(direction=rotated[1])
    events = trace.lift().tumble(rotated[6]).rest(800).run(DieBrain(rotated))
    assert rolls(events) == [6]
