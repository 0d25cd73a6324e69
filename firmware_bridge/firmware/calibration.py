"""Recording the real face directions of an assembled die.

The sensor is glued into the shell by hand, so its axes never line up with the ideal
dodecahedron. Calibration asks for each face in turn to be put on top; when the die has been at
rest for a while (the same StillWindow judgement settle detection uses), the mean reading is that
face's direction. The result is checked (every face well apart from every other, and each with an
opposite face) before it replaces the ideal table, so a botched run is refused, not stored.

Stored as a small JSON object {"1": [x, y, z], ...} in ``faces.json`` on the die's flash.
"""
import json

try:
    from firmware_bridge.firmware import brain, geometry
except ImportError:
    import brain
    import geometry


class Calibrator:
    def __init__(self, face_count=12, thresholds=None):
        self.face_count = face_count
        t = thresholds or brain.Thresholds(settle_ms=1000, settle_samples=50, agree_deg=2.0)
        self._t = t
        self._still = brain.StillWindow(t.settle_ms, t.settle_samples, t.agree_deg)
        self._prev = None
        self.recorded = {}

    @property
    def next_face(self):
        """The face to put on top now, or None when all are recorded."""
        for face in range(1, self.face_count + 1):
            if face not in self.recorded:
                return face
        return None

    def feed(self, x, y, z, t_ms):
        """One sample; returns the face just recorded, or None. Moving resets the wait."""
        face = self.next_face
        if face is None:
            return None
        a = (x, y, z)
        mag = geometry.norm(a)
        jerk = 0.0
        if self._prev is not None:
            p = self._prev
            jerk = geometry.norm((x - p[0], y - p[1], z - p[2]))
        self._prev = a
        if abs(mag - 1.0) >= self._t.quiet_dev or jerk >= self._t.quiet_jerk:
            self._still.clear()
            return None
        self._still.add(geometry.unit(a), t_ms)
        mean = self._still.direction()
        if mean is None:
            return None
        for other, direction in self.recorded.items():
            if geometry.angle_deg(direction, mean) < 40.0:
                # Still on a face already recorded: wait for the player to turn the die.
                self._still.clear()
                return None
        self.recorded[face] = mean
        self._still.clear()
        return face

    def result(self):
        """{face: direction}, checked; ValueError if incomplete or not shaped like a die."""
        if self.next_face is not None:
            raise ValueError("face %r not recorded yet" % (self.next_face,))
        faces = dict(self.recorded)
        geometry.check_faces(faces)
        for face, d in faces.items():
            _, off = geometry.nearest_face(faces, (-d[0], -d[1], -d[2]))
            if off > 15.0:
                raise ValueError("face %r has no opposite face (nearest is %.1f degrees off)"
                                 % (face, off))
        return faces


def dumps(faces):
    return json.dumps({str(k): [round(c, 5) for c in v] for k, v in faces.items()})


def loads(text):
    """Faces from JSON text; ValueError if the file is damaged."""
    raw = json.loads(text)
    faces = {}
    for key, vec in raw.items():
        if len(vec) != 3:
            raise ValueError("face %r needs 3 coordinates: %r" % (key, vec))
        faces[int(key)] = geometry.unit((float(vec[0]), float(vec[1]), float(vec[2])))
    geometry.check_faces(faces)
    return faces
