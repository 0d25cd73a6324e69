"""A die on a serial line (USB CDC or UART), speaking docs/die-protocol.md at 115200 baud.

The reader thread only moves bytes: it reads what the port has, feeds it to a
:class:`firmware_bridge.host.HostLink` (which decides what is a believable roll) and passes the
events on. When the port fails (cable pulled) the thread closes it, reports ``disconnected`` and
tries to reopen it every ``retry_interval`` seconds, re-resolving the port each time (a replugged
USB die may come back as /dev/ttyACM1); once open it asks the die for hello. So a replugged die
is back well within 2 s without the app doing anything.

A die can also fail without the port failing (hung firmware, a flat battery behind a powered USB
bridge): the reader then reports it ``silent`` when it has sent nothing for ``silence_timeout``
seconds and ``resumed`` when it is heard again (:mod:`hardware.dice.liveness`).

A die that rebooted without the host hearing its hello (the line was lost) sends numbers the host
takes for stale replays; when the link says so (:class:`firmware_bridge.host.HelloNeeded`) the
reader asks that die for hello, and its answer restarts the numbering (docs/die-protocol.md,
"Resynchronising").
"""
from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from collections.abc import Callable

import serial

from firmware_bridge import protocol
from firmware_bridge.host import (BeatEvent, HelloEvent, HelloNeeded, HostLink, LinkCounters,
                                  PongEvent, RollEvent, StateEvent)
from firmware_bridge.protocol import Beat, DieState, HelloRequest, Led, LedColour, LedMode, Ping
from hardware.dice.liveness import DEFAULT_SILENCE_TIMEOUT, Liveness
from hardware.dice.model import DieSource, DieSourceError, Roll, Status, StatusKind

_LOG = logging.getLogger("hardware.dice.serial")

_STATE_STATUS = {
    DieState.HANDLING: StatusKind.HANDLING,
    DieState.ROLLING: StatusKind.ROLLING,
    DieState.CROOKED: StatusKind.CROOKED,
    DieState.SETTLED: StatusKind.SETTLED,
}

PortOpener = Callable[[str], serial.SerialBase]


class SerialDieSource(DieSource):
    """Rolls from one serial port. ``port`` is a pyserial URL or path, or a callable giving one
    (called on every (re)connect, for ports found by USB id).

    ``silence_timeout``: seconds without a line from a die before it is reported ``silent``
    (None: never). ``clock`` stamps rolls and statuses and drives the silence rule.
    """

    def __init__(self, port: str | Callable[[], str], *, url: str | None = None,
                 baudrate: int = protocol.BAUD_RATE, retry_interval: float = 0.2,
                 clock: Callable[[], float] = time.monotonic,
                 opener: PortOpener | None = None,
                 silence_timeout: float | None = DEFAULT_SILENCE_TIMEOUT) -> None:
        super().__init__(url or (port if isinstance(port, str) else "serial://"), _LOG)
        self._resolve = port if callable(port) else (lambda: port)
        self._baudrate = baudrate
        self._retry_interval = retry_interval
        self._clock = clock
        self._opener = opener or self._open_pyserial
        self._link = HostLink(self.url, _LOG)
        self._liveness = Liveness(silence_timeout) if silence_timeout is not None else None
        self._port: serial.SerialBase | None = None
        self._write_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._seq = protocol.SeqCounter()
        self.reconnects = 0
        self.batteries: dict[str, Beat] = {}
        self.last_pong: tuple[str, str, float] | None = None
        self.when_pong: Callable[[str, str], None] | None = None  # (die id, token), reader thread

    # --- life cycle ----------------------------------------------------------------------------

    def start(self) -> None:
        """Open the port now (OSError if the die is not there) and start reading."""
        if self._thread is not None:
            return
        port = self._open()
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, args=(port,), daemon=True,
                                        name=f"die-reader {self.url}")
        self._thread.start()

    def stop(self) -> None:
        """Stop reading, then close the port (never the other way round: see this-machine.md)."""
        thread = self._thread
        if thread is None:
            return
        self._stop.set()
        thread.join()
        self._thread = None

    @property
    def is_connected(self) -> bool:
        return self._port is not None

    @property
    def silent_dice(self) -> frozenset[str]:
        """Dice on this link reported ``silent`` and not heard since."""
        liveness = self._liveness
        return liveness.silent if liveness is not None else frozenset()

    @property
    def counters(self) -> LinkCounters:
        """The link's counters (lines, accepted, ignored, rolls, rejected by reason); a copy."""
        with self._counter_lock:
            c = self._link.counters
            return LinkCounters(c.lines, c.accepted, c.ignored, c.rolls, Counter(c.rejected),
                                c.hello_requests)

    @property
    def rejected(self) -> Counter[str]:
        with self._counter_lock:
            return Counter(self._link.counters.rejected)

    # --- commands to the die -------------------------------------------------------------------

    def request_hello(self, die: str = protocol.BROADCAST) -> None:
        self._send(die, HelloRequest())

    def ping(self, token: str, die: str = protocol.BROADCAST) -> None:
        self._send(die, Ping(token))

    def set_led(self, colour: LedColour, mode: LedMode = LedMode.ON,
                die: str = protocol.BROADCAST) -> None:
        self._send(die, Led(colour, mode))

    def _send(self, die: str, body: protocol.HostBody) -> None:
        with self._write_lock:
            port = self._port
            if port is None:
                raise DieSourceError(f"die on {self.url!r} is not connected")
            try:
                port.write(protocol.encode(self._seq.take(), die, body))
            except (serial.SerialException, OSError) as exc:
                raise DieSourceError(f"writing to {self.url!r} failed: {exc}") from exc

    # --- the reader thread ---------------------------------------------------------------------

    def _open_pyserial(self, where: str) -> serial.SerialBase:
        return serial.serial_for_url(where, baudrate=self._baudrate, timeout=0.05,
                                     write_timeout=1.0)

    def _open(self) -> serial.SerialBase:
        where = self._resolve()
        try:
            return self._opener(where)
        except (serial.SerialException, OSError) as exc:
            raise DieSourceError(f"cannot open die port {where!r}: {exc}") from exc

    def _run(self, port: serial.SerialBase | None) -> None:
        try:
            while not self._stop.is_set():
                if port is None:
                    try:
                        port = self._open()
                    except OSError:
                        self._stop.wait(self._retry_interval)
                        continue
                    self.reconnects += 1
                self._connected(port)
                self._read_until_failure(port)
                self._disconnected(port, announce=not self._stop.is_set())
                port = None
        finally:
            if port is not None:
                port.close()

    def _connected(self, port: serial.SerialBase) -> None:
        with self._counter_lock:
            self._link.reset()
        if self._liveness is not None:
            self._liveness.forget()
        with self._write_lock:
            self._port = port
        self._emit_status(Status(StatusKind.CONNECTED, None, self._clock(), f"port {port.port!r}"))
        try:
            self.request_hello()
        except OSError:
            pass  # the read loop notices the failure

    def _disconnected(self, port: serial.SerialBase, announce: bool) -> None:
        with self._write_lock:
            self._port = None
        try:
            port.close()
        except (serial.SerialException, OSError):
            pass
        with self._counter_lock:
            self._link.reset()
        if self._liveness is not None:
            self._liveness.forget()  # "disconnected" says it all; no silence on a dead port
        self._emit_status(Status(StatusKind.DISCONNECTED, None, self._clock(),
                                 "stopped" if not announce else "port failed; reopening"))

    def _read_until_failure(self, port: serial.SerialBase) -> None:
        while not self._stop.is_set():
            try:
                data = port.read(port.in_waiting or 1)
            except (serial.SerialException, OSError, TypeError) as exc:
                # TypeError: pyserial's posix read on a closed fd; all mean "the port is gone".
                _LOG.warning("%s: port failed: %s", self.url, exc)
                return
            arrived = self._clock()
            # Checked before the new bytes are read: a die that was quiet longer than the timeout
            # was silent, even if this read ends the silence (the clock jumped, or we were slow).
            self._watch_silence(arrived)
            if not data:
                continue
            with self._counter_lock:
                events = self._link.feed(data)
            for event in events:
                self._heard(event.die, arrived)
                self._dispatch(event, arrived)

    def _watch_silence(self, now: float) -> None:
        if self._liveness is None:
            return
        for die, last in self._liveness.check(now):
            self._emit_status(Status(StatusKind.SILENT, die, now,
                                     f"not heard for {now - last:.1f} s"))

    def _heard(self, die: str, at: float) -> None:
        if self._liveness is not None and self._liveness.heard(die, at):
            self._emit_status(Status(StatusKind.RESUMED, die, at, "heard again"))

    def _dispatch(self, event: object, arrived: float) -> None:
        if isinstance(event, RollEvent):
            self._emit_roll(Roll(event.face, event.die, event.faces, arrived, self.url))
        elif isinstance(event, StateEvent):
            detail = f"face {event.face}" if event.face is not None else ""
            self._emit_status(Status(_STATE_STATUS[event.state], event.die, arrived, detail))
        elif isinstance(event, HelloEvent):
            hello = event.hello
            self._emit_status(Status(StatusKind.CONNECTED, event.die, arrived,
                                     f"d{hello.faces}, firmware {hello.firmware}, "
                                     f"protocol {hello.proto}"))
        elif isinstance(event, HelloNeeded):
            try:
                self.request_hello(event.die)
            except DieSourceError as exc:  # the port just failed; the read loop reconnects
                _LOG.warning("%s: could not ask %r for hello: %s", self.url, event.die, exc)
        elif isinstance(event, BeatEvent):
            self.batteries[event.die] = event.beat
        elif isinstance(event, PongEvent):
            self.last_pong = (event.die, event.token, arrived)
            callback = self.when_pong
            if callback is None:
                return
            try:
                callback(event.die, event.token)
            except Exception:  # noqa: BLE001 - as for rolls: a subscriber's bug must not kill the reader
                _LOG.exception("%s: when_pong callback failed for %r", self.url, event)
