"""A million-plus damaged bytes through a real pty into the serial source: no crash, no phantom
roll, every bad line counted — the same exact reckoning as the parser fuzz, end to end."""
import os
import random
import select
import threading

from firmware_bridge import faults
from hardware.dice import SerialDieSource, StatusKind

WAIT = 60.0  # a deadlock guard only; nothing here is timed


def test_a_million_damaged_bytes_through_a_pty(tmp_path):
    rng = random.Random(2024)
    plan = faults.build_plan(rng, 1_000_000, end_token="end")
    master, slave = os.openpty()
    path = os.ttyname(slave)
    source = SerialDieSource(path)
    rolls, connected, done = [], threading.Event(), threading.Event()
    source.when_rolled = rolls.append
    source.when_status = lambda s: connected.set() if s.kind is StatusKind.CONNECTED else None
    source.when_pong = lambda die, token: done.set() if token == "end" else None
    drained = threading.Event()

    def drain_host_lines():  # the source asks for hello; nobody answers, but read it away
        while not drained.is_set():
            try:
                if select.select([master], [], [], 0.1)[0]:
                    os.read(master, 4096)
            except OSError:
                return

    drainer = threading.Thread(target=drain_host_lines, daemon=True)
    drainer.start()
    source.start()
    try:
        assert connected.wait(WAIT)
        data = memoryview(plan.data)
        i = 0
        while i < len(data):
            n = rng.randint(1, 4096)
            i += os.write(master, data[i:i + n])
        assert done.wait(WAIT), "the end marker never arrived"
    finally:
        source.stop()
        drained.set()
        drainer.join()
        os.close(master)
        os.close(slave)
    assert [(r.die_id, r.face) for r in rolls] == plan.rolls
    counters = source.counters
    assert counters.lines == plan.lines
    assert counters.rejected_total == plan.expected_rejected
    assert counters.ignored == plan.ignored
    assert len(plan.data) >= 1_000_000
