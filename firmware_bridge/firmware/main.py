"""MicroPython entry point on the RP2040 (copy this folder's .py files and ../wire.py to the board).

Only hardware wiring lives here; behaviour is in runtime.DieFirmware. Pins: I2C0 SDA=GP4 SCL=GP5,
battery divider (1:2) on ADC0/GP26, feedback LED on GP25, button on GP15 (held at power-up:
calibrate). Samples at 100 Hz; lines go out on the USB CDC serial port.

The same files build a d12 or a d6: ``kind.txt`` on the board's flash says which ("d6" or "d12";
missing: d12). It sets the die id prefix (``d6-1a2b3c``), the number of faces in hello, the ideal
face table and how many faces calibration asks for. A d6 reports crooked landings exactly as a
d12 does (``state s=crooked``, no roll); for Ankh-Morpoly two d6 builds make a pair
(docs/die-protocol.md, "A pair of dice").
"""
import os
import select
import sys
import time

import machine

import accel
import calibration
import geometry
import runtime

FACES_FILE = "faces.json"
KIND_FILE = "kind.txt"
SAMPLE_MS = 10


def die_kind():
    try:
        with open(KIND_FILE) as f:
            return runtime.kind_from_text(f.read())
    except OSError:
        return "d12"


def die_id(kind):
    uid = machine.unique_id()
    return kind + "-" + "".join("%02x" % b for b in uid[-3:])


def load_faces(count):
    try:
        with open(FACES_FILE) as f:
            faces = calibration.loads(f.read())
    except (OSError, ValueError):
        faces = None
    if faces is None or len(faces) != count:
        return geometry.ideal(count)  # uncalibrated, or calibrated as another kind
    return faces


def calibrate(sensor, led, count):
    cal = calibration.Calibrator(count)
    while cal.next_face is not None:
        x, y, z = sensor.read_g()
        if cal.feed(x, y, z, time.ticks_ms()) is not None:
            led.toggle()
        time.sleep_ms(SAMPLE_MS)
    faces = cal.result()
    with open(FACES_FILE, "w") as f:
        f.write(calibration.dumps(faces))
    return faces


def main():
    i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5), freq=400000)
    sensor = accel.detect(i2c)
    led = machine.Pin(25, machine.Pin.OUT)
    button = machine.Pin(15, machine.Pin.IN, machine.Pin.PULL_UP)
    battery = machine.ADC(26)
    kind = die_kind()
    count = runtime.KINDS[kind]
    faces = calibrate(sensor, led, count) if button.value() == 0 else load_faces(count)
    boot = "%08x" % (int.from_bytes(os.urandom(4), "big"))
    die = runtime.DieFirmware(die_id(kind), boot, faces)
    out = sys.stdout.buffer if hasattr(sys.stdout, "buffer") else sys.stdout
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    for line in die.boot():
        out.write(line)
    start = time.ticks_ms()
    while True:
        now = time.ticks_diff(time.ticks_ms(), start)
        x, y, z = sensor.read_g()
        lines = die.on_sample(x, y, z, now)
        mv = battery.read_u16() * 3300 * 2 // 65535
        lines += die.on_tick(now, mv)
        while poll.poll(0):
            lines += die.on_host_bytes(sys.stdin.buffer.read(1))
        for line in lines:
            out.write(line)
        led.value(1 if die.led[0] != "off" else 0)
        time.sleep_ms(SAMPLE_MS)


main()
