"""A d6 build of the die firmware (Ankh-Morpoly's dice): the cube's faces, throws landing on
each face, and crooked landings -- on an edge, on a corner, leaning against a tile -- reported per
the protocol (``state s=crooked``, never a roll), read back by the host."""
import math
import random

import pytest

from firmware_bridge import host
from firmware_bridge.firmware import geometry, runtime
from firmware_bridge.firmware.brain import CROOKED, ROLLING, SETTLED, DieBrain
from firmware_bridge.firmware.calibration import Calibrator
from tests.firmware_bridge.test_die_firmware_brain import Trace, rolls, states

D6 = geometry.ideal_d6()


def d6_trace(seed, start_face=1):
    trace = Trace(random.Random(seed))
    trace.up = D6[start_face]
    return trace


def run(trace):
    return trace.run(DieBrain(D6))


def tilted(face, towards, degrees):
    """``face``'s normal tilted ``degrees`` towards ``towards``'s."""
    a, b = D6[face], D6[towards]
    r = math.radians(degrees)
    return geometry.unit(tuple(math.cos(r) * x + math.sin(r) * y for x, y in zip(a, b)))


def test_the_ideal_d6_has_six_faces_with_opposites_adding_to_seven():
    assert sorted(D6) == list(range(1, 7))
    for face, normal in D6.items():
        assert geometry.angle_deg(normal, D6[7 - face]) == pytest.approx(180.0)
        assert sum(1 for f in D6 if geometry.angle_deg(normal, D6[f]) == pytest.approx(90.0)) == 4
    assert geometry.ideal(6) == D6 and geometry.ideal(12) == geometry.ideal_d12()
    with pytest.raises(ValueError):
        geometry.ideal(8)


@pytest.mark.parametrize("face", range(1, 7))
def test_a_throw_landing_on_each_d6_face_reports_it_once(face):
    start = 7 - face
    events = run(d6_trace(face, start).rest().lift().tumble(D6[face]).rest(800))
    assert rolls(events) == [face]
    assert states(events)[-1] == SETTLED


@pytest.mark.parametrize("where", ["edge", "corner", "leaning"])
def test_a_d6_landing_crooked_says_crooked_and_never_rolls(where):
    rest = {"edge": geometry.unit(tuple(a + b for a, b in zip(D6[1], D6[2]))),
            "corner": geometry.unit(tuple(a + b + c for a, b, c in zip(D6[1], D6[2], D6[3]))),
            "leaning": tilted(1, 2, 25.0)}[where]
    events = run(d6_trace(20, 6).rest().lift().tumble(rest).rest(800))
    assert ROLLING in states(events)
    assert states(events)[-1] == CROOKED and rolls(events) == []


def test_a_d6_slightly_off_flat_still_settles_on_its_face():
    events = run(d6_trace(21, 6).rest().lift().tumble(tilted(4, 2, 8.0)).rest(800))
    assert rolls(events) == [4]


def test_a_d6_build_says_d6_in_hello_and_crooked_on_the_wire():
    firmware = runtime.DieFirmware("d6-1a2b3c", "0badf00d", geometry.ideal(6))
    link = host.HostLink("d6")
    events = link.feed(b"".join(firmware.boot()))
    assert events[0].hello.faces == 6
    edge = geometry.unit(tuple(a + b for a, b in zip(D6[3], D6[5])))
    trace = d6_trace(22, 1).rest().lift().tumble(edge).rest(800)
    trace.lift().tumble(D6[2]).rest(800)
    for x, y, z, t in trace.samples:
        events += link.feed(b"".join(firmware.on_sample(x, y, z, t)))
    kinds = [(e.state.value if isinstance(e, host.StateEvent) else type(e).__name__)
             for e in events[1:]]
    assert "crooked" in kinds
    assert [(e.die, e.face, e.faces) for e in events if isinstance(e, host.RollEvent)] == [
        ("d6-1a2b3c", 2, 6)]
    assert link.counters.rejected_total == 0


@pytest.mark.parametrize("text, kind", [("d6\n", "d6"), ("d12", "d12"), ("", "d12")])
def test_the_build_kind_comes_from_kind_txt(text, kind):
    assert runtime.kind_from_text(text) == kind


def test_an_unknown_build_kind_is_refused():
    with pytest.raises(ValueError, match="d20"):
        runtime.kind_from_text("d20")


def test_calibrating_a_d6_records_six_faces():
    cal = Calibrator(face_count=6)
    t = 0
    rng = random.Random(3)
    while cal.next_face is not None:
        face = cal.next_face
        for _ in range(150):
            cal.feed(*(c + rng.gauss(0, 0.002) for c in D6[face]), t)
            t += 10
    faces = cal.result()
    assert sorted(faces) == list(range(1, 7))
    assert all(geometry.angle_deg(faces[f], D6[f]) < 1.0 for f in faces)
