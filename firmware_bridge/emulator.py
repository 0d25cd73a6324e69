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

With ``--pair`` (or ``--dice 2``) it emulates two dice thrown together (2d6 by default), each
with its own die id on the one pty; ``r`` throws both, ``c``/``C`` lands die A/B crooked, ``m``/``M``
leaves die A/B not reporting (see PAIR_KEYS_HELP).

Keys (stdin): r roll, n nudge, p pick up and put down, c crooked landing, l lying roll,
g garbage, x bad checksum, d repeat last line, u unplug and replug, b heartbeat,
s hang / wake up (silent while hung), z reboot with its hello lost, h help, q quit.
"""
from __future__ import annotations

import argparse
import math
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
        self._write_lock = threading.Lock()
        self._carrier: EmulatedDie | None = None  # another die whose link this one shares
        self._riders: list[EmulatedDie] = []

    def __repr__(self) -> str:
        return (f"EmulatedDie(die_id={self.die_id!r}, faces={self.faces!r}, "
                f"link_path={self.link_path!r})")

    # --- plugging ------------------------------------------------------------------------------

    @property
    def path(self) -> str:
        """The current pty's path (changes on every replug)."""
        return self._carrier.path if self._carrier is not None else self._path

    @property
    def is_plugged(self) -> bool:
        return self._carrier.is_plugged if self._carrier is not None else self._master >= 0

    def carry(self, rider: EmulatedDie) -> None:
        """Let ``rider`` talk on this die's link too (two dice on one port, told apart by die id,
        as a dice tray with one USB bridge): it powers up with this die and answers the host's
        requests addressed to it. Call before :meth:`plug`."""
        if rider is self or rider.die_id == self.die_id or rider._master >= 0:
            raise ValueError(f"{rider!r} cannot ride on {self!r}")
        rider._carrier = self
        self._riders.append(rider)

    def _power_up(self) -> None:
        """New boot token, numbering from 0, the boot hello (on whatever link carries us)."""
        with self._lock:
            self._seq = SeqCounter()
            self._boot = "%08x" % self._rng.getrandbits(32)
            self._started_at = time.monotonic()
            self._send(self._hello())

    def plug(self) -> str:
        """Power up on a fresh pty: new boot token, sequence from 0, hello. Returns the path."""
        if self._carrier is not None:
            return self._carrier.plug()
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
                try:
                    os.replace(tmp, self.link_path)
                except OSError:  # a folder stands there: no stale link of ours is left beside it
                    os.unlink(tmp)
                    raise
            self._send(self._hello())
        for rider in self._riders:
            rider._power_up()
        return self._path

    def _is_our_link(self) -> bool:
        """Whether the stable link is the one :meth:`plug` made (a plug that could not make it, or
        a path another program replaced, is not ours to remove)."""
        try:
            return os.readlink(self.link_path or "") == self._path
        except OSError:  # gone, or not a link (a folder, a file)
            return False

    def unplug(self) -> None:
        """Vanish as a pulled USB cable does: the pty closes and the stable link disappears."""
        if self._carrier is not None:
            self._carrier.unplug()
            return
        with self._lock:
            if self._master < 0:
                return
            if self.link_path and self._is_our_link():
                os.unlink(self.link_path)
            self._stop_reader.set()
            os.write(self._wake_w, b"x")
            reader = self._reader
        if reader is not None:
            reader.join()
        with self._lock, self._write_lock:  # never close the pty under a write
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
        if self.hung:
            return
        self._write(data)

    def _write(self, data: bytes) -> None:
        if self._carrier is not None:
            self._carrier._write(data)
            return
        with self._write_lock:
            fd = self._master
            if fd < 0:
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
                for rider in self._riders:  # outside our lock: a rider writes through us
                    rider._answer(item)

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


class EmulatedPair:
    """Two dice thrown together (Ankh-Morpoly's 2d6), each with its own die id, boot token and
    numbering, on ONE pty (``links=1``: a tray with one USB bridge; die B rides on die A's link)
    or on two (``links=2``: ``paths`` gives both). A throw interleaves both dice's lines as a real
    pair does, and can go wrong on purpose: one die crooked, or one die not reporting at all after
    it rolled (it fell off the table, its radio dropped the line)."""

    def __init__(self, die_ids: tuple[str, str] = ("emu-a", "emu-b"), faces: int = 6,
                 seed: int | None = None, link_path: str | None = None, pace: float = 0.0,
                 links: int = 1) -> None:
        if links not in (1, 2):
            raise ValueError(f"a pair uses one link or two: {links!r}")
        if die_ids[0] == die_ids[1]:
            raise ValueError(f"the two dice need distinct ids: {die_ids!r}")
        self.links = links
        self._rng = random.Random(seed)
        self.dice = (EmulatedDie(die_ids[0], faces, self._rng.getrandbits(32), link_path, pace),
                     EmulatedDie(die_ids[1], faces, self._rng.getrandbits(32), None, pace))
        if links == 1:
            self.dice[0].carry(self.dice[1])
        self.faces = faces
        self.pace = pace

    def __repr__(self) -> str:
        return f"EmulatedPair({self.dice[0]!r}, {self.dice[1]!r}, links={self.links!r})"

    @property
    def die_ids(self) -> tuple[str, str]:
        return self.dice[0].die_id, self.dice[1].die_id

    @property
    def paths(self) -> tuple[str, ...]:
        """The pty path(s): one for ``links=1``, two for ``links=2``."""
        return tuple(d.path for d in self.dice[:self.links])

    def plug(self) -> tuple[str, ...]:
        for die in self.dice[:self.links]:
            die.plug()
        return self.paths

    def unplug(self) -> None:
        for die in self.dice[:self.links]:
            die.unplug()

    close = unplug

    def __enter__(self) -> EmulatedPair:
        self.plug()
        return self

    def __exit__(self, *exc: object) -> None:
        self.unplug()

    def throw(self, faces: tuple[int, int] | None = None, crooked: int | None = None,
              missing: int | None = None) -> tuple[int | None, int | None]:
        """Both dice thrown together: handling, rolling, then settled + roll for each.

        ``crooked`` (0 or 1): that die comes to rest crooked (no roll). ``missing`` (0 or 1):
        that die says handling and rolling, then nothing. Returns the faces rolled (None for a
        die that gave no roll).
        """
        chosen = list(faces) if faces is not None else [
            self._rng.randint(1, self.faces) for _ in self.dice]
        for face in chosen:
            if not 1 <= face <= self.faces:
                raise ValueError(f"face must be 1..{self.faces}: {face!r}")
        result: list[int | None] = list(chosen)
        for state in (DieState.HANDLING, DieState.ROLLING):
            for die in self.dice:
                die.send_message(State(state))
            if self.pace:
                time.sleep(self.pace)
        for i, die in enumerate(self.dice):
            if i == missing:
                result[i] = None
            elif i == crooked:
                die.send_message(State(DieState.CROOKED))
                result[i] = None
            else:
                die.send_message(State(DieState.SETTLED, chosen[i]))
        for i, die in enumerate(self.dice):
            if result[i] is not None:
                die.send_message(RollReport(chosen[i]))
        return result[0], result[1]


PAIR_KEYS_HELP = ("keys (pair): r throw both, c/C die A/B crooked, m/M die A/B not reporting, "
                  "1/2 roll die A/B alone, s/S hang/wake die A/B, g garbage, x bad checksum, "
                  "d repeat last line, u unplug+replug, b beat, z reboot A (hello lost), h help, "
                  "q quit")


def _single_actions(die: EmulatedDie) -> dict[str, Callable[[], object]]:
    return {
        "r": die.roll, "n": die.nudge, "p": die.pick_up_and_put_down, "c": die.crooked_landing,
        "l": die.lying_roll, "g": die.send_garbage, "x": die.send_bad_checksum_roll,
        "d": die.repeat_last_line, "u": die.replug, "b": die.beat, "s": die.toggle_hang,
        "z": lambda: die.reboot(lose_hello=True),
    }


def _pair_actions(pair: EmulatedPair) -> dict[str, Callable[[], object]]:
    a, b = pair.dice

    def replug() -> object:
        pair.unplug()
        return pair.plug()

    def beat() -> None:
        a.beat()
        b.beat()

    return {
        "r": pair.throw, "c": lambda: pair.throw(crooked=0), "C": lambda: pair.throw(crooked=1),
        "m": lambda: pair.throw(missing=0), "M": lambda: pair.throw(missing=1),
        "1": a.roll, "2": b.roll, "s": a.toggle_hang, "S": b.toggle_hang,
        "g": a.send_garbage, "x": a.send_bad_checksum_roll, "d": a.repeat_last_line,
        "u": replug, "b": beat, "z": lambda: a.reboot(lose_hello=True),
    }


def _key_loop(actions: EmulatedDie | dict[str, Callable[[], object]], read_key: Callable[[], str],
              out: Callable[[str], None], help_text: str = KEYS_HELP) -> int:
    if isinstance(actions, EmulatedDie):
        actions = _single_actions(actions)
    while True:
        key = read_key()
        if key in ("", "q", "\x03", "\x04"):
            return 0
        if key == "h":
            out(help_text)
        elif key in actions:
            result = actions[key]()
            out(f"{key}: {result!r}" if result is not None else f"{key}: done")


def _scheduler(roll: Callable[[], object], beat: Callable[[], object], every: float,
               beat_every: float, stop: threading.Event) -> None:
    next_roll = time.monotonic() + every if every > 0 else None
    next_beat = time.monotonic() + beat_every if beat_every > 0 else None
    while not stop.is_set():
        now = time.monotonic()
        if next_roll is not None and now >= next_roll:
            roll()
            next_roll = now + every
        if next_beat is not None and now >= next_beat:
            beat()
            next_beat = now + beat_every
        stop.wait(0.05)


def _seconds(text: str) -> float:
    """A number of seconds for ``--every``/``--beat``/``--pace``: 0 or more, and finite. ``--pace -1``
    started the emulator and then killed it with a traceback at the first throw (``time.sleep`` of
    a negative time), and ``--every nan`` silently never rolled."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not (value >= 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"seconds must be 0 or more: {text!r}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ankh-companion die-emulator",
        description="Emulate a protocol die on a pseudo-terminal. Prints the pty path on the "
                    "first line of standard output, then reads keys from standard input. "
                    + KEYS_HELP)
    parser.add_argument("--die-id", default="emu-1", help="die id sent in every line")
    parser.add_argument("--faces", type=int, default=None,
                        help="number of faces (default 12; 6 with --pair)")
    parser.add_argument("--pair", action="store_true",
                        help="emulate a pair of dice thrown together (ids DIE_ID-a and DIE_ID-b, "
                             "or emu-a and emu-b) on one pty; same as --dice 2")
    parser.add_argument("--dice", type=int, default=1, choices=(1, 2),
                        help="how many dice on the pty (2: a pair, as --pair)")
    parser.add_argument("--seed", type=int, default=None, help="seed for faces and noise")
    parser.add_argument("--every", type=_seconds, default=0.0, metavar="SECONDS",
                        help="also roll on a schedule, every SECONDS (0: only on key press)")
    parser.add_argument("--beat", type=_seconds, default=1.0, metavar="SECONDS",
                        help="heartbeat interval (0: none)")
    parser.add_argument("--pace", type=_seconds, default=0.2, metavar="SECONDS",
                        help="pause between the state lines of a throw")
    parser.add_argument("--no-keys", action="store_true",
                        help="ignore stdin: run (on --every) until interrupted, e.g. in the background")
    parser.add_argument("--link", default=None, metavar="PATH",
                        help="keep a symlink at PATH to the current pty (stable across replug)")
    return parser


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    paired = args.pair or args.dice == 2
    faces = args.faces if args.faces is not None else (6 if paired else 12)
    try:
        if paired:
            ids = ((f"{args.die_id}-a", f"{args.die_id}-b") if args.die_id != "emu-1"
                   else ("emu-a", "emu-b"))
            pair = EmulatedPair(ids, faces, args.seed, args.link, args.pace)
            die = pair.dice[0]
        else:
            die = EmulatedDie(args.die_id, faces, args.seed, args.link, args.pace)
    except ValueError as exc:
        sys.stderr.write(f"die-emulator: {exc}\n")
        return 2
    try:
        path = die.plug()
    except OSError as exc:  # the --link cannot be made (no such folder, not writable)
        die.unplug()
        sys.stderr.write(f"die-emulator: cannot make the link {args.link!r}: {exc.strerror or exc}\n")
        return 2
    sys.stdout.write(path + "\n")
    sys.stdout.flush()
    if paired:
        actions, help_text = _pair_actions(pair), PAIR_KEYS_HELP
        roll: Callable[[], object] = pair.throw
        beat: Callable[[], object] = actions["b"]
        who = f"dice {pair.die_ids[0]!r} and {pair.die_ids[1]!r} (2d{faces})"
    else:
        actions, help_text = _single_actions(die), KEYS_HELP
        roll, beat = die.roll, die.beat
        who = f"die {die.die_id!r} (d{die.faces})"
    sys.stderr.write(f"{who} on {path}" + (f" via {args.link}" if args.link else "") + "\n"
                     + help_text + "\n")
    stop = threading.Event()
    scheduler = threading.Thread(target=_scheduler, args=(roll, beat, args.every, args.beat, stop),
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
        return _key_loop(actions, lambda: stdin.read(1), say, help_text)
    except KeyboardInterrupt:
        return 0
    finally:
        if saved is not None:
            termios.tcsetattr(stdin.fileno(), termios.TCSADRAIN, saved)
        stop.set()
        scheduler.join()
        die.unplug()
