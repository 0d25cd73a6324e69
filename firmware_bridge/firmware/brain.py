"""Deciding, from accelerometer samples alone, when the die was really rolled and where it landed.

What users hate about smart dice is phantom rolls: a die picked up and put down, or nudged, that
reports a new face. So a roll needs three things in this order:

1. **agitation**: the reading leaves 1 g (a hand lifting it, a throw, an impact) -> ``handling``;
2. **a real tumble**: the up-direction has travelled at least ``min_tumble_deg`` in total AND
   the die took at least one hard jolt (``throw_dev``) -> ``rolling``. Turning a die over by hand
   onto another face is ~63 degrees of travel and no jolt, so it is never a roll;
3. **settling**: ``settle_ms`` of quiet samples whose directions agree within ``agree_deg``.
   Within ``face_tol_deg`` of a face normal -> ``settled`` (and a ``roll`` if step 2 happened);
   further from every face -> ``crooked`` (resting on an edge or against a tile): no roll, the
   player throws again, and nudging it flat afterwards is not a roll either.

``DieBrain.feed`` takes one sample (x, y, z in g, t in ms) and returns a list of events:
("state", name, face_or_None) and ("roll", face). Pure logic, MicroPython-compatible, time from
the samples themselves, so the same traces give the same answer on the die and in CPython tests.
"""
import math

try:
    from firmware_bridge.firmware import geometry
except ImportError:  # on the die the files sit side by side
    import geometry

HANDLING = "handling"
ROLLING = "rolling"
CROOKED = "crooked"
SETTLED = "settled"


class Thresholds:
    """Tuning in one place; the defaults were chosen for an MPU-6050/LIS3DH at 100 Hz, +-4 g."""

    def __init__(self, motion_dev=0.08, motion_jerk=0.08, quiet_dev=0.05, quiet_jerk=0.03,
                 throw_dev=0.6, min_tumble_deg=240.0, settle_ms=250, settle_samples=5,
                 agree_deg=3.0, face_tol_deg=12.0):
        self.motion_dev = motion_dev  # |a| - 1 g beyond this: the die is being moved
        self.motion_jerk = motion_jerk  # change between samples beyond this: moved
        self.quiet_dev = quiet_dev  # both below these: a quiet sample
        self.quiet_jerk = quiet_jerk
        self.throw_dev = throw_dev  # a jolt this hard (free fall or impact) is part of a throw
        self.min_tumble_deg = min_tumble_deg
        self.settle_ms = settle_ms
        self.settle_samples = settle_samples
        self.agree_deg = agree_deg
        self.face_tol_deg = face_tol_deg


class StillWindow:
    """Quiet samples in a row; ``direction()`` is their mean once they span long enough and agree.

    Shared with calibration, which needs the same "really at rest" judgement.
    """

    def __init__(self, settle_ms, settle_samples, agree_deg):
        self.settle_ms = settle_ms
        self.settle_samples = settle_samples
        self.agree_deg = agree_deg
        self.clear()

    def clear(self):
        self._dirs = []
        self._first_t = None
        self._last_t = None

    def add(self, direction, t_ms):
        if self._first_t is None:
            self._first_t = t_ms
        self._last_t = t_ms
        self._dirs.append(direction)
        if len(self._dirs) > 64:  # bounded memory; the window only needs its recent part
            self._dirs = self._dirs[-32:]

    def direction(self):
        """The agreed direction (a unit vector), or None while not (yet) at rest."""
        if (self._first_t is None or len(self._dirs) < self.settle_samples
                or self._last_t - self._first_t < self.settle_ms):
            return None
        sx = sum(d[0] for d in self._dirs)
        sy = sum(d[1] for d in self._dirs)
        sz = sum(d[2] for d in self._dirs)
        mean = geometry.unit((sx, sy, sz))
        for d in self._dirs:
            if geometry.angle_deg(mean, d) > self.agree_deg:
                return None
        return mean


class DieBrain:
    def __init__(self, faces=None, thresholds=None):
        self.faces = faces or geometry.ideal_d12()
        geometry.check_faces(self.faces)
        self.t = thresholds or Thresholds()
        self.state = None  # None until the first rest is seen after power-up
        self.face = None
        self._prev = None
        self._moving = False
        self._tumble = 0.0
        self._peak_dev = 0.0
        self._last_dir = None
        self._rolling = False
        self._still = StillWindow(self.t.settle_ms, self.t.settle_samples, self.t.agree_deg)

    @property
    def tumble_deg(self):
        return self._tumble

    def feed(self, x, y, z, t_ms):
        """One sample in, the events it causes out (usually none)."""
        t = self.t
        a = (x, y, z)
        mag = geometry.norm(a)
        dev = abs(mag - 1.0)
        jerk = 0.0
        if self._prev is not None:
            p = self._prev
            jerk = math.sqrt((x - p[0]) ** 2 + (y - p[1]) ** 2 + (z - p[2]) ** 2)
        self._prev = a
        direction = geometry.unit(a) if mag > 0.3 else None  # in free fall there is no "up"
        events = []
        if not self._moving:
            if dev > t.motion_dev or jerk > t.motion_jerk:
                self._start_moving(direction, dev)
                events.append(("state", HANDLING, None))
            elif self.state is None and direction is not None:
                # Power-up at rest: find out where we lie, but a boot is never a roll.
                self._still.add(direction, t_ms)
                events.extend(self._try_settle())
            return events
        self._peak_dev = max(self._peak_dev, dev)
        if direction is not None and 0.5 < mag < 1.5:
            if self._last_dir is not None:
                self._tumble += geometry.angle_deg(self._last_dir, direction)
            self._last_dir = direction
        if (not self._rolling and self._tumble >= t.min_tumble_deg
                and self._peak_dev >= t.throw_dev):
            self._rolling = True
            self.state = ROLLING
            events.append(("state", ROLLING, None))
        if dev < t.quiet_dev and jerk < t.quiet_jerk and direction is not None:
            self._still.add(direction, t_ms)
            events.extend(self._try_settle())
        else:
            self._still.clear()
        return events

    def _start_moving(self, direction, dev):
        self._moving = True
        self._rolling = False
        self._tumble = 0.0
        self._peak_dev = dev
        self._last_dir = direction
        self._still.clear()
        self.state = HANDLING

    def _try_settle(self):
        mean = self._still.direction()
        if mean is None:
            return []
        self._still.clear()
        self._moving = False
        face, off = geometry.nearest_face(self.faces, mean)
        rolled, self._rolling = self._rolling, False
        if off > self.t.face_tol_deg:
            self.state, self.face = CROOKED, None
            return [("state", CROOKED, None)]
        self.state, self.face = SETTLED, face
        events = [("state", SETTLED, face)]
        if rolled:
            events.append(("roll", face))
        return events
