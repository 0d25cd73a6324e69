"""The emulator on a real pseudo-terminal, read as a host would read it."""
import os
import select
import subprocess
import sys
import termios
import tty
from pathlib import Path

import pytest

from firmware_bridge import protocol
from firmware_bridge.emulator import EmulatedDie, _key_loop
from firmware_bridge.protocol import DieState, Hello, Pong, RollReport, State

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60.0  # a deadlock guard only: a loaded CI machine must not fail these; nothing is timed


def first_line(proc):
    """The emulator's first stdout line (its pty), or a clear failure instead of a hung run."""
    ready, _, _ = select.select([proc.stdout], [], [], WAIT)
    if not ready:
        raise TimeoutError(f"the emulator printed nothing in {WAIT} s")
    return proc.stdout.readline().decode().strip()


class HostEnd:
    """The host side of the pty, opened raw, reading whole lines with a generous timeout."""

    def __init__(self, path):
        self.fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(self.fd, termios.TCSANOW)
        self.buf = b""

    def lines(self, count, timeout=WAIT):
        out = []
        while len(out) < count:
            if b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                out.append(line + b"\n")
                continue
            ready, _, _ = select.select([self.fd], [], [], timeout)
            if not ready:
                raise TimeoutError(f"only {len(out)} of {count} lines arrived: {out!r}")
            self.buf += os.read(self.fd, 4096)
        return out

    def messages(self, count):
        return [protocol.parse_from_die(line) for line in self.lines(count)]

    def write(self, data):
        os.write(self.fd, data)

    def close(self):
        os.close(self.fd)


@pytest.fixture
def die(tmp_path):
    emulated = EmulatedDie("emu-7", faces=12, seed=4, link_path=str(tmp_path / "die"))
    emulated.plug()
    yield emulated
    emulated.unplug()


def test_plugging_in_says_hello_and_a_roll_is_the_full_sequence(die):
    host = HostEnd(die.path)
    try:
        hello = host.messages(1)[0]
        assert hello.seq == 0 and isinstance(hello.body, Hello) and hello.body.faces == 12
        assert die.roll(11) == 11
        bodies = [m.body for m in host.messages(4)]
        assert bodies == [State(DieState.HANDLING), State(DieState.ROLLING),
                          State(DieState.SETTLED, 11), RollReport(11)]
    finally:
        host.close()


def test_the_emulator_answers_the_host(die):
    host = HostEnd(die.path)
    try:
        host.messages(1)
        seq = protocol.SeqCounter()
        host.write(protocol.encode(seq.take(), "all", protocol.HelloRequest())
                   + protocol.encode(seq.take(), "emu-7", protocol.Ping("abc"))
                   + protocol.encode(seq.take(), "emu-7", protocol.Led(protocol.LedColour.RED))
                   + b"rubbish\n" + protocol.encode(seq.take(), "emu-7", protocol.Ping("z")))
        bodies = [m.body for m in host.messages(3)]
        assert isinstance(bodies[0], Hello)
        assert bodies[1:] == [Pong("abc"), Pong("z")]
        assert die.led == protocol.Led(protocol.LedColour.RED)
        assert die.host_lines_rejected == 1
    finally:
        host.close()


def test_faults_come_out_as_described(die):
    host = HostEnd(die.path)
    try:
        host.messages(1)
        die.nudge()
        assert [m.body.state for m in host.messages(2)] == [DieState.HANDLING, DieState.SETTLED]
        die.crooked_landing()
        assert [m.body.state for m in host.messages(3)][-1] is DieState.CROOKED
        face = die.lying_roll()
        assert [m.body for m in host.messages(3)][-1] == RollReport(face)
        die.send_bad_checksum_roll(5)
        with pytest.raises(ValueError, match="checksum"):
            protocol.parse_from_die(host.lines(1)[0])
        die.send_garbage()
        with pytest.raises(ValueError):
            protocol.parse_from_die(host.lines(1)[0])
        die.beat()
        again = die.repeat_last_line()
        first, second = host.lines(2)
        assert first == second == again
    finally:
        host.close()


def test_unplug_removes_the_link_and_replug_restores_it_on_a_new_pty(die):
    link = Path(die.link_path)
    assert os.readlink(link) == die.path
    old = die.path
    host = HostEnd(old)
    host.messages(1)
    die.unplug()
    assert not link.exists() and not die.is_plugged
    with pytest.raises(OSError):  # the old pty is gone: reading it fails as a pulled cable does
        ready, _, _ = select.select([host.fd], [], [], WAIT)
        if not os.read(host.fd, 100):
            raise OSError("end of file")
    host.close()
    new = die.plug()
    assert os.readlink(link) == new
    host = HostEnd(str(link))
    try:
        hello = host.messages(1)[0]
        assert hello.seq == 0  # a fresh boot
    finally:
        host.close()


def test_a_hung_die_sends_nothing_until_it_wakes_up_by_key(die):
    host = HostEnd(die.path)
    try:
        host.messages(1)
        said = []
        keys = iter("srbsbq")  # hang, roll, beat (both lost), wake, beat, quit
        assert _key_loop(die, lambda: next(keys), said.append) == 0
        assert said[0] == "s: True" and said[3] == "s: False"
        assert [m.body.kind for m in host.messages(1)] == ["beat"]  # not the hung roll's lines
        die.send_message(Pong("marker"))
        assert host.messages(1)[0].body == Pong("marker")  # and nothing else was queued
    finally:
        host.close()


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="'bad id'"):
        EmulatedDie("bad id")
    with pytest.raises(ValueError, match="faces"):
        EmulatedDie(faces=1)


def test_the_command_prints_its_pty_and_rolls_on_a_key(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "die-emulator", "--seed", "1", "--pace", "0",
         "--beat", "0", "--faces", "6", "--link", str(tmp_path / "die")],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        path = first_line(proc)
        assert path.startswith("/dev/pts/")
        assert os.readlink(tmp_path / "die") == path
        host = HostEnd(path)
        try:
            # the boot hello may or may not still be queued; ask for one to be sure
            host.write(protocol.encode(0, "all", protocol.HelloRequest()))
            proc.stdin.write(b"r")
            proc.stdin.flush()
            bodies = []
            while not any(isinstance(b, RollReport) for b in bodies):
                bodies += [m.body for m in host.messages(1)]
            hellos = [b for b in bodies if isinstance(b, Hello)]
            assert hellos and hellos[0].faces == 6
            roll = next(b for b in bodies if isinstance(b, RollReport))
            assert 1 <= roll.face <= 6
        finally:
            host.close()
        proc.stdin.write(b"q")
        proc.stdin.flush()
        assert proc.wait(timeout=WAIT) == 0
        assert not (tmp_path / "die").exists()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_the_command_rolls_on_a_schedule_and_beats():
    proc = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "die-emulator", "--every", "0.1", "--pace", "0",
         "--beat", "0.1"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        host = HostEnd(first_line(proc))
        try:
            kinds = set()
            while not {"roll", "beat"} <= kinds:  # no key pressed: the schedule does it
                kinds.add(host.messages(1)[0].body.kind)
        finally:
            host.close()
        proc.stdin.close()  # end of input ends the emulator
        assert proc.wait(timeout=WAIT) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_the_command_refuses_bad_options():
    result = subprocess.run([sys.executable, "-m", "ui.cli", "die-emulator", "--faces", "1"],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "faces" in result.stderr


@pytest.mark.parametrize("pair", [[], ["--pair"]])
def test_a_link_that_cannot_be_made_is_one_line_not_a_traceback(pair, tmp_path):
    """'die-emulator --link /nonexistent/dir/die' ended in a FileNotFoundError traceback (exit 1);
    found by running every command with paths that cannot exist."""
    link = tmp_path / "no-such-folder" / "die"
    result = subprocess.run([sys.executable, "-m", "ui.cli", "die-emulator", *pair, "--no-keys", "--link", str(link)],
                            cwd=ROOT, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 2 and result.stdout == "", result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr and str(link) in result.stderr
    assert not (tmp_path / "no-such-folder").exists()


@pytest.mark.parametrize("pair", [[], ["--pair"]])
def test_a_link_where_a_folder_stands_is_one_line_and_leaves_the_folder_alone(pair, tmp_path):
    """'--link DIR' naming an existing folder: os.replace refused it, then the clean-up tried to
    unlink the folder and ended in an IsADirectoryError traceback, leaving a stale '.tmp' link
    (found by review)."""
    folder = tmp_path / "die"
    folder.mkdir()
    result = subprocess.run([sys.executable, "-m", "ui.cli", "die-emulator", *pair, "--no-keys", "--link", str(folder)],
                            cwd=ROOT, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 2 and result.stdout == "", result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr and str(folder) in result.stderr
    assert folder.is_dir() and sorted(p.name for p in tmp_path.iterdir()) == ["die"], "nothing left beside it"


def test_without_keys_it_keeps_rolling_after_stdin_ends_and_stops_on_sigterm():
    """For a demo in the background: end of input is not "quit" with --no-keys."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "die-emulator", "--no-keys", "--every", "0.1", "--pace", "0"],
        cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        host = HostEnd(first_line(proc))
        try:
            kinds = set()
            while "roll" not in kinds:
                kinds.add(host.messages(1)[0].body.kind)
            assert proc.poll() is None, "the emulator quit although stdin had ended"
        finally:
            host.close()
        proc.terminate()
        assert proc.wait(timeout=WAIT) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.parametrize(("option", "value"), [("--pace", "-1"), ("--every", "nan"), ("--beat", "-0.5"),
                                               ("--every", "soon")])
def test_a_time_that_is_no_time_is_refused_before_the_pty(option, value, tmp_path):
    """'die-emulator --pace -1' made its pty, and the first throw killed it with a ValueError
    traceback from time.sleep; '--every nan' never rolled, silently. Refused at the start now,
    with the option named, and no pty made."""
    link = tmp_path / "die"
    result = subprocess.run(
        [sys.executable, "-m", "ui.cli", "die-emulator", option, value, "--link", str(link)],
        cwd=ROOT, capture_output=True, text=True, timeout=60, input="rq")
    assert result.returncode == 2 and result.stdout == "", result.stderr
    assert "Traceback" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("ankh-companion die-emulator: error: argument") and option in last, last
    assert not link.exists() and not link.is_symlink()
