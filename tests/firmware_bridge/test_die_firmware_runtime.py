"""The firmware as the host sees it: the lines DieFirmware writes are read right by HostLink;
calibration and the sensor register arithmetic."""
import logging
import math
import py_compile
import random
import struct
from pathlib import Path

import pytest

from firmware_bridge import protocol, wire
from firmware_bridge.firmware import accel, calibration, geometry, runtime
from firmware_bridge.host import HelloEvent, HostLink, RollEvent, StateEvent
from firmware_bridge.protocol import DieState

FACES = geometry.ideal_d12()
FIRMWARE_DIR = Path(runtime.__file__).parent


def test_every_firmware_file_compiles():
    for path in FIRMWARE_DIR.glob("*.py"):
        py_compile.compile(str(path), doraise=True)


def _samples_for_throw(rng, start, end):
    t, out = 0, []
    def emit(d, mag):
        nonlocal t
        out.append(tuple(mag * c + rng.gauss(0, 0.003) for c in d) + (t,))
        t += 10
    for _ in range(60):
        emit(FACES[start], 1.0)
    d = FACES[start]
    for i in range(80):  # tumble: big rotations and jolts
        other = geometry.unit(tuple(rng.gauss(0, 1) for _ in range(3)))
        d = geometry.unit(tuple(a + 0.6 * b for a, b in zip(d, other)))
        emit(d, 2.2 if i % 10 == 0 else 1.0)
    emit(FACES[end], 1.4)
    for _ in range(60):
        emit(FACES[end], 1.0)
    return out


def test_the_host_reads_what_the_firmware_says_about_a_throw():
    die = runtime.DieFirmware("d12-0a1b2c", "00c0ffee")
    link = HostLink("fw", logging.getLogger("test.fw"))
    events = link.feed(b"".join(die.boot()))
    for x, y, z, t in _samples_for_throw(random.Random(1), start=1, end=9):
        events += link.feed(b"".join(die.on_sample(x, y, z, t)))
    assert isinstance(events[0], HelloEvent) and events[0].hello.faces == 12
    assert [e.state for e in events if isinstance(e, StateEvent)][-3:] == [
        DieState.HANDLING, DieState.ROLLING, DieState.SETTLED]
    assert [e.face for e in events if isinstance(e, RollEvent)] == [9]
    assert link.counters.rejected_total == 0


def test_the_firmware_answers_hello_and_ping_and_takes_the_led():
    die = runtime.DieFirmware("d12-a", "00000001")
    die.boot()
    host = protocol.SeqCounter()
    req = (protocol.encode(host.take(), "all", protocol.HelloRequest())
           + protocol.encode(host.take(), "d12-a", protocol.Ping("x1"))
           + protocol.encode(host.take(), "other", protocol.Ping("not-me"))
           + protocol.encode(host.take(), "d12-a",
                             protocol.Led(protocol.LedColour.BLUE, protocol.LedMode.BLINK))
           + b"noise\n")
    replies = [protocol.parse_from_die(line) for line in die.on_host_bytes(req)]
    assert [type(m.body) for m in replies] == [protocol.Hello, protocol.Pong]
    assert replies[1].body == protocol.Pong("x1")
    assert [m.seq for m in replies] == [1, 2]
    assert die.led == ("blue", "blink")
    assert die.host_lines_rejected == 1


def test_heartbeats_come_every_second_with_the_battery_level():
    die = runtime.DieFirmware("d12-a", "00000001")
    beats = [line for t in range(0, 3001, 100) for line in die.on_tick(t, 3750)]
    assert len(beats) == 4
    body = protocol.parse_from_die(beats[-1]).body
    assert body == protocol.Beat(battery_pct=50, battery_mv=3750, uptime_s=3)
    assert runtime.battery_percent(3000) == 0 and runtime.battery_percent(4300) == 100


def _calibration_samples(rng, directions):
    t, out = 0, []
    for d in directions:
        for i in range(40):  # turning it over: moving
            out.append((d[0] * 1.3, d[1] * 0.7 + 0.02 * i, d[2], t))
            t += 10
        for _ in range(150):  # holding it still for 1.5 s
            out.append(tuple(c + rng.gauss(0, 0.002) for c in d) + (t,))
            t += 10
    return out


def test_calibration_records_each_face_and_checks_the_result():
    c, s = math.cos(0.4), math.sin(0.4)
    real = {f: (c * v[0] - s * v[2], v[1], s * v[0] + c * v[2]) for f, v in FACES.items()}
    cal = calibration.Calibrator()
    recorded = []
    for x, y, z, t in _calibration_samples(random.Random(2), [real[f] for f in range(1, 13)]):
        face = cal.feed(x, y, z, t)
        if face is not None:
            recorded.append(face)
    assert recorded == list(range(1, 13))
    faces = cal.result()
    for f in range(1, 13):
        assert geometry.angle_deg(faces[f], real[f]) < 1.0
    assert calibration.loads(calibration.dumps(faces)).keys() == faces.keys()


def test_calibration_waits_when_the_same_face_is_shown_twice():
    cal = calibration.Calibrator()
    samples = _calibration_samples(random.Random(3), [FACES[1], FACES[1], FACES[2]])
    recorded = [f for x, y, z, t in samples if (f := cal.feed(x, y, z, t)) is not None]
    assert recorded == [1, 2]
    with pytest.raises(ValueError, match="face 3 not recorded"):
        cal.result()


def test_a_damaged_calibration_file_is_refused():
    text = calibration.dumps({1: (0, 0, 1), 2: (0, 0.05, 1)})
    with pytest.raises(ValueError, match="apart"):
        calibration.loads(text)


def test_sensor_registers_decode_to_g():
    one_g_z = struct.pack(">hhh", 0, -8192, 8192)
    assert accel.decode_mpu6050(one_g_z) == (0.0, -1.0, 1.0)
    # LIS3DH: left-justified 12-bit little-endian, 2 mg per count at +-4 g.
    raw = struct.pack("<hhh", 500 << 4, -(500 << 4), 0)
    assert accel.decode_lis3dh(raw) == pytest.approx((1.0, -1.0, 0.0))


def test_sensor_detection_on_a_bus_double():
    class Bus:
        def __init__(self, found):
            self.found, self.writes = found, []

        def scan(self):
            return self.found

        def writeto_mem(self, addr, reg, data):
            self.writes.append((addr, reg, bytes(data)))

        def readfrom_mem(self, addr, reg, n):
            return b"\x33" if reg == 0x0F else bytes(n)

    assert isinstance(accel.detect(Bus([0x68])), accel.MPU6050)
    bus = Bus([0x18])
    assert isinstance(accel.detect(bus), accel.LIS3DH)
    assert (0x18, 0x23, b"\x98") in bus.writes
    with pytest.raises(OSError, match="no accelerometer"):
        accel.detect(Bus([0x40]))


def test_the_firmware_imports_only_what_micropython_has():
    allowed = {"math", "json", "binascii", "os", "sys", "select", "time", "machine",
               "firmware_bridge", "accel", "brain", "calibration", "geometry", "runtime", "wire"}
    import ast
    for path in list(FIRMWARE_DIR.glob("*.py")) + [Path(wire.__file__)]:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):  # blocks under "if False:" are for type checkers only
            if isinstance(node, ast.If) and getattr(node.test, "value", True) is False:
                node.body = []
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name!r}"
