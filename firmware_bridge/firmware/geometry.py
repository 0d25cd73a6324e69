"""The faces of a d12 (a regular dodecahedron) and a d6 (a cube) as directions in the sensor's frame.

Resting on the table, an accelerometer reads +1 g pointing UP (the table pushes the die up), so
the face on top is the one whose outward normal is closest to the reading. The ideal normals below
assume the sensor's axes sit in the canonical frame of the dodecahedron; a real die is glued
together by hand, so :mod:`calibration` records the real directions and those replace these.

Numbering follows the usual dice: on a d12 opposite faces add up to 13, on a d6 to 7.

MicroPython-compatible: plain tuples and math only.
"""
import math

PHI = (1 + math.sqrt(5)) / 2

# Six face normals (the icosahedron's vertices, up to sign); the opposite face is the negative.
_HALF = ((0.0, 1.0, PHI), (0.0, -1.0, PHI), (1.0, PHI, 0.0),
         (-1.0, PHI, 0.0), (PHI, 0.0, 1.0), (-PHI, 0.0, 1.0))


def norm(v):
    return math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])


def unit(v):
    n = norm(v)
    if n == 0:
        raise ValueError("zero vector has no direction")
    return (v[0] / n, v[1] / n, v[2] / n)


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def angle_deg(a, b):
    """Angle between two unit vectors, in degrees (clamped against rounding)."""
    c = dot(a, b)
    if c > 1.0:
        c = 1.0
    elif c < -1.0:
        c = -1.0
    return math.degrees(math.acos(c))


def ideal_d12():
    """{face: unit normal} for faces 1..12, opposite faces summing to 13."""
    faces = {}
    for i, v in enumerate(_HALF):
        n = unit(v)
        faces[i + 1] = n
        faces[12 - i] = (-n[0], -n[1], -n[2])
    return faces


def ideal_d6():
    """{face: unit normal} for faces 1..6 of a cube, opposite faces summing to 7.

    Neighbouring faces are 90 degrees apart, so a d6 resting on an edge reads 45 degrees from
    its two faces and on a corner 54.7 degrees from three: far outside the brain's face
    tolerance, so both are ``crooked``, as on a d12.
    """
    half = ((0.0, 0.0, 1.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0))  # faces 1, 2, 3
    faces = {}
    for i, n in enumerate(half):
        faces[i + 1] = n
        faces[6 - i] = (-n[0], -n[1], -n[2])
    return faces


def ideal(face_count):
    """The ideal table for a die with ``face_count`` faces (6 or 12); ValueError otherwise."""
    if face_count == 6:
        return ideal_d6()
    if face_count == 12:
        return ideal_d12()
    raise ValueError("no ideal geometry for a d%r (6 or 12)" % (face_count,))


def nearest_face(faces, direction):
    """(face, angle in degrees) of the face whose normal is closest to ``direction`` (a unit)."""
    best_face, best_cos = 0, -2.0
    for face, normal in faces.items():
        c = dot(normal, direction)
        if c > best_cos:
            best_face, best_cos = face, c
    return best_face, angle_deg(faces[best_face], direction)


def check_faces(faces, min_separation_deg=40.0):
    """ValueError unless ``faces`` look like a real die: numbered 1..n and well apart.

    On a d12 neighbouring faces are 63.4 degrees apart; a calibration where two faces are much
    closer means a face was recorded twice or the die moved while recording.
    """
    numbers = sorted(faces)
    if numbers != list(range(1, len(numbers) + 1)) or len(numbers) < 2:
        raise ValueError("faces must be numbered 1..n: %r" % (numbers,))
    for a in numbers:
        for b in numbers:
            if a < b and angle_deg(faces[a], faces[b]) < min_separation_deg:
                raise ValueError("faces %r and %r are only %.1f degrees apart"
                                 % (a, b, angle_deg(faces[a], faces[b])))
