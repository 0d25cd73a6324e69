"""A die on a pseudo-terminal: ``ankh-companion die-emulator``.

It speaks the die protocol (docs/die-protocol.md) on a real pty, so the app and the serial source
are demonstrated and tested with exactly the code paths a USB die uses, and it can misbehave on
purpose: a nudge or pick-up (no roll), a crooked landing, a lying die that claims a roll without
rolling, garbage, a bad checksum, a repeated line, an unplug/replug, a hang (the port stays
open but the die says nothing: the host must report it silent), and a reboot behind an open port
whose hello is lost (its numbers start again at 0: the host must ask for a hello to believe it).

A new pty gets a new path, while a real die keeps its udev name (/dev/serial/by-id/...) across a
replug. ``--link PATH`` gives the same: the emulator keeps a symlink at PATH pointing at its current
pty, removes it on unplug and recreates it on replug, so a host opens one stable name.

Keys (stdin): r roll, n nudge, p pick up and put down, c crooked landing, l lying roll,
g garbage, x bad checksum, d repeat last line, u unplug and replug, b heartbeat,
s hang / wake up (silent while hung), z reboot with its hello lost, h help, q quit.
"""
from __future__ import annotations

import argparse
import os
import random
import select
import signal
import sys
import termios
import threading
import time
import tty
from collections.abc import Callable

from firmware_bridge import protocol, wire
from firmware_bridge.protocol import (Beat, DieState, Hello, HelloRequest, Led, Ping, Pong,
                                      RollReport, SeqCounter, State)

FIRMWARE_VERSION = "emu-0.1.0"
KEYS_HELP = ("keys: r roll, n nudge, p pick up/put down, c crooked, l lying roll, g garbage, "
             "x bad checksum, d repeat last line, u unplug+replug, b beat, s hang/wake, "
             "z reboot (hello lost), h help, q quit")


class EmulatedDie:
    """One die behind one pty. Methods are safe to call from any thread."""

    def __init__(self, die_id: str = "emu-1", faces: int = 12, seed: int | None = None,
                 link_path: str | None = None, pace: float = 0.0) -> None:
        if not wire.is_die_id(die_id):
            raise ValueError(f"bad die id: {die_id!r}")
        if not 2 <= faces <= protocol.MAX_FACES:
            raise ValueError(f"faces must be 2..{protocol.MAX_FACES}: {faces!r}")
        self.die_id = die_id
        self.faces = faces
        self.link_path = link_path
        self.pace = pace  # seconds between the state lines of a throw (0 in tests)
        self.led: Led | None = None
        self.host_lines_rejected = 0
        self.dropped_bytes = 0
        self.drop_after = 5.0  # seconds a full pty may block a write before bytes are dropped
        self.hung = False  # a hung firmware: the USB port stays up, nothing is sent
        self._rng = random.Random(seed)
        self._lock = threading.RLock()
        self._seq = SeqCounter()
        self._boot = ""
        self._last_line = b""
        self._master = -1
        self._slave = -1
        self._path = ""
        self._reader: threading.Thread | None = None
        self._stop_reader = threading.Event()
        self._wake_r, self._wake_w = -1, -1
        self._started_at = time.monotonic()

    def __repr__(self) -> str:
        return (f"EmulatedDie(die_id={self.die_id!r}, faces={self.faces!r}, "
                f"link_path={self.link_path!r})")

    # --- plugging ------------------------------------------------------------------------------

    @property
    def path(self) -> str:
        """The current pty's path (changes on every replug)."""
        return self._path

    @property
    def is_plugged(self) -> bool:
        return self._master >= 0

    def plug(self) -> str:
        """Power up on a fresh pty: new boot token, sequence from 0, hello. Returns the path."""
        with self._lock:
            if self._master >= 0:
                return self._path
            master, slave = os.openpty()
            tty.setraw(slave, termios.TCSANOW)  # no echo, no CR/LF translation: a clean wire
            self._master, self._slave = master, slave
            self._path = os.ttyname(slave)
            self._seq = SeqCounter()
            self._boot = "%08x" % self._rng.getrandbits(32)
            self._started_at = time.monotonic()
            self._wake_r, self._wake_w = os.pipe()
            self._stop_reader.clear()
            self._reader = threading.Thread(target=self._read_host, args=(master, self._wake_r),
                                            name=f"emulator-{self.die_id}", daemon=True)
            self._reader.start()
            if self.link_path:
                tmp = f"{self.link_path}.{os.getpid()}.tmp"
                os.symlink(self._path, tmp)
                os.replace(tmp, self.link_path)
            self._send(self._hello())
            return self._path

    def unplug(self) -> None:
        """Vanish as a pulled USB cable does: the pty closes and the stable link disappears."""
        with self._lock:
            if self._master < 0:
                return
            if self.link_path:
                try:
                    os.unlink(self.link_path)
                except FileNotFoundError:
                    pass
            self._stop_reader.set()
            os.write(self._wake_w, b"x")
            reader = self._reader
        if reader is not None:
            reader.join()
        with self._lock:
            for fd in (self._master, self._slave, self._wake_r, self._wake_w):
                os.close(fd)
            self._master = self._slave = self._wake_r = self._wake_w = -1
            self._reader = None

    def replug(self) -> str:
        self.unplug()
        return self.plug()

    def reboot(self, lose_hello: bool = False) -> str:
        """Restart the firmware while the port stays open (a brown-out behind a powered USB
        bridge, a watchdog reset): a new boot token and numbering from 0, then the boot hello --
        or, with ``lose_hello``, no hello, as if that one line was lost on the wire. Returns the
        new boot token."""
        with self._lock:
            self._seq = SeqCounter()
            self._boot = "%08x" % self._rng.getrandbits(32)
            self._started_at = time.monotonic()
            hello = protocol.encode(self._seq.take(), self.die_id, self._hello())
            self._last_line = hello
            if not lose_hello:
                self.send_raw(hello)
            return self._boot

    close = unplug

    def __enter__(self) -> EmulatedDie:
        self.plug()
        return self

    def __exit__(self, *exc: object) -> None:
        self.unplug()

    # --- behaviour -----------------------------------------------------------------------------

    def roll(self, face: int | None = None) -> int:
        """A real throw: handling, rolling, settled on ``face`` (random if None), roll."""
        if face is None:
            face = self._rng.randint(1, self.faces)
        if not 1 <= face <= self.faces:
            raise ValueError(f"face must be 1..{self.faces}: {face!r}")
        with self._lock:
            self._states(DieState.HANDLING, DieState.ROLLING)
            self._paced(State(DieState.SETTLED, face))
            self._send(RollReport(face))
        return face

    def nudge(self) -> None:
        """Bumped on the table: handling, then settled again. No roll."""
        with self._lock:
            self._states(DieState.HANDLING)
            self._paced(State(DieState.SETTLED, self._rng.randint(1, self.faces)))

    pick_up_and_put_down = nudge

    def crooked_landing(self) -> None:
        """Thrown, but it came to rest against a tile: crooked, no roll (the player rethrows)."""
        with self._lock:
            self._states(DieState.HANDLING, DieState.ROLLING, DieState.CROOKED)

    def lying_roll(self, face: int | None = None) -> int:
        """A broken firmware: handling, settled, and a roll line anyway. A host must refuse it."""
        face = self._rng.randint(1, self.faces) if face is None else face
        with self._lock:
            self._states(DieState.HANDLING)
            self._paced(State(DieState.SETTLED, face))
            self._send(RollReport(face))
        return face

    def send_garbage(self, size: int = 40) -> bytes:
        """Line noise ending in a newline (so exactly one bad line)."""
        noise = bytes(b for b in self._rng.randbytes(size) if b != 0x0A) + b"\n"
        self.send_raw(noise)
        return noise

    def send_bad_checksum_roll(self, face: int = 1) -> None:
        """A roll line whose checksum is wrong (as a flipped bit on the wire would leave it)."""
        with self._lock:
            line = protocol.encode(self._seq.take(), self.die_id, RollReport(face))
            bad = line[:-3] + (b"0" if line[-3:-2] != b"0" else b"1") + line[-2:]
            self.send_raw(bad)

    def repeat_last_line(self) -> bytes:
        with self._lock:
            self.send_raw(self._last_line)
            return self._last_line

    def beat(self) -> None:
        with self._lock:
            uptime = int(time.monotonic() - self._started_at)
            self._send(Beat(battery_pct=87, battery_mv=3990, uptime_s=uptime))

    def send_message(self, body: protocol.DieBody) -> bytes:
        """Any message, properly numbered and checksummed (tests use it for future kinds)."""
        with self._lock:
            return self._send(body)

    def toggle_hang(self) -> bool:
        """Hang (or wake up): while hung nothing is sent — no beats, rolls or answers — but the
        pty stays open, as a crashed firmware behind a live USB bridge. Returns ``hung``."""
        with self._lock:
            self.hung = not self.hung
            return self.hung

    def send_raw(self, data: bytes) -> None:
        with self._lock:
            fd = self._master
            if fd < 0 or self.hung:
                return
            view = memoryview(data)
            while view:
                # Nobody reading (no host on the port): after a while the bytes are dropped, as a
                # UART with no listener drops them, instead of the emulator hanging on a full pty.
                _, writable, _ = select.select([], [fd], [], self.drop_after)
                if not writable:
                    self.dropped_bytes += len(view)
                    return
                try:
                    written = os.write(fd, view)
                except OSError:
                    return  # the host went away mid-write; a real UART would drop the bytes too
                view = view[written:]

    # --- internals -----------------------------------------------------------------------------

    def _hello(self) -> Hello:
        return Hello(protocol.PROTOCOL_VERSION, self.faces, FIRMWARE_VERSION, self._boot)

    def _send(self, body: protocol.DieBody) -> bytes:
        line = protocol.encode(self._seq.take(), self.die_id, body)
        self._last_line = line
        self.send_raw(line)
        return line

    def _states(self, *states: DieState) -> None:
        for state in states:
            self._paced(State(state))

    def _paced(self, body: protocol.DieBody) -> None:
        self._send(body)
        if self.pace:
            time.sleep(self.pace)

    def _read_host(self, master: int, wake: int) -> None:
        """Answer the host's hello, ping and led requests until unplugged."""
        framer = wire.Framer()
        while not self._stop_reader.is_set():
            ready, _, _ = select.select([master, wake], [], [], 1.0)
            if wake in ready:
                return
            if master not in ready:
                continue
            try:
                data = os.read(master, 4096)
            except OSError:
                return
            for item in framer.feed(data):
                self._answer(item)

    def _answer(self, item: bytes | str) -> None:
        try:
            if not isinstance(item, bytes):
                raise wire.LineError(wire.OVERLONG, "overlong host line")
            message = protocol.parse_from_host(item)
        except wire.LineError:
            self.host_lines_rejected += 1
            return
        if message.die not in (self.die_id, protocol.BROADCAST):
            return
        body = message.body
        with self._lock:
            if isinstance(body, HelloRequest):
                self._send(self._hello())
            elif isinstance(body, Ping):
                self._send(Pong(body.token))
            elif isinstance(body, Led):
                self.led = body


def _key_loop(die: EmulatedDie, read_key: Callable[[], str], out: Callable[[str], None]) -> int:
    actions: dict[str, Callable[[], object]] = {
        "r": die.roll, "n": die.nudge, "p": die.pick_up_and_put_down, "c": die.crooked_landing,
        "l": die.lying_roll, "g": die.send_garbage, "x": die.send_bad_checksum_roll,
        "d": die.repeat_last_line, "u": die.replug, "b": die.beat, "s": die.toggle_hang,
        "z": lambda: die.reboot(lose_hello=True),
    }
    while True:
        key = read_key()
        if key in ("", "q", "\x03", "\x04"):
            return 0
        if key == "h":
            out(KEYS_HELP)
        elif key in actions:
            result = actions[key]()
            out(f"{key}: {result!r}" if result is not None else f"{key}: done")


def _scheduler(die: EmulatedDie, every: float, beat: float, stop: threading.Event) -> None:
    next_roll = time.monotonic() + every if every > 0 else None
    next_beat = time.monotonic() + beat if beat > 0 else None
    while not stop.is_set():
        now = time.monotonic()
        if next_roll is not None and now >= next_roll:
            die.roll()
            next_roll = now + every
        if next_beat is not None and now >= next_beat:
            die.beat()
            next_beat = now + beat
        stop.wait(0.05)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ankh-companion die-emulator",
        description="Emulate a protocol die on a pseudo-terminal. Prints the pty path on the "
                    "first line of standard output, then reads keys from standard input. "
                    + KEYS_HELP)
    parser.add_argument("--die-id", default="emu-1", help="die id sent in every line")
    parser.add_argument("--faces", type=int, default=12, help="number of faces (default 12)")
    parser.add_argument("--seed", type=int, default=None, help="seed for faces and noise")
    parser.add_argument("--every", type=float, default=0.0, metavar="SECONDS",
                        help="also roll on a schedule, every SECONDS (0: only on key press)")
    parser.add_argument("--beat", type=float, default=1.0, metavar="SECONDS",
                        help="heartbeat interval (0: none)")
    parser.add_argument("--pace", type=float, default=0.2, metavar="SECONDS",
                        help="pause between the state lines of a throw")
    parser.add_argument("--no-keys", action="store_true",
                        help="ignore stdin: run (on --every) until interrupted, e.g. in the background")
    parser.add_argument("--link", default=None, metavar="PATH",
                        help="keep a symlink at PATH to the current pty (stable across replug)")
    return parser


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        die = EmulatedDie(args.die_id, args.faces, args.seed, args.link, args.pace)
    except ValueError as exc:
        sys.stderr.write(f"die-emulator: {exc}\n")
        return 2
    path = die.plug()
    sys.stdout.write(path + "\n")
    sys.stdout.flush()
    sys.stderr.write(f"die {die.die_id!r} (d{die.faces}) on {path}"
                     + (f" via {args.link}" if args.link else "") + "\n" + KEYS_HELP + "\n")
    stop = threading.Event()
    scheduler = threading.Thread(target=_scheduler, args=(die, args.every, args.beat, stop),
                                 daemon=True)
    scheduler.start()
    stdin = sys.stdin
    saved = None
    if stdin.isatty() and not args.no_keys:
        saved = termios.tcgetattr(stdin.fileno())
        tty.setcbreak(stdin.fileno())
    def say(text: str) -> None:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()

    try:
        if args.no_keys:
            # In the background or under a service, stdin is empty: wait for SIGINT or SIGTERM
            # instead of taking end-of-input as "quit".
            signal.signal(signal.SIGTERM, lambda *_: stop.set())
            while not stop.wait(0.5):
                pass
            return 0
        return _key_loop(die, lambda: stdin.read(1), say)
    except KeyboardInterrupt:
        return 0
    finally:
        if saved is not None:
            termios.tcsetattr(stdin.fileno(), termios.TCSADRAIN, saved)
        stop.set()
        scheduler.join()
        die.unplug()
