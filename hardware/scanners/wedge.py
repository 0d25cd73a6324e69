"""``wedge://``: a USB barcode scanner that types what it reads, like a keyboard.

Such scanners send the payload's characters followed by Enter. Two ways in, both ending in the same
line assembler and the same parse-and-reject path:

* ``wedge://`` -- no device: the Kivy app owns the keyboard and passes the keystrokes it captured to
  :meth:`WedgeScanner.feed_text` (in its own thread; the callbacks run there).
* ``wedge:///path`` -- a worker thread reads lines from a character device, FIFO or file: a scanner
  in USB-serial (CDC) mode (``/dev/ttyACM0``), a pseudo-terminal, or a file being appended to
  ("tail -f"). A terminal is put into raw mode while we read and restored on :meth:`stop`.
  (Reading ``/dev/input/event*`` would need evdev, which we do not use.)

Transport quirks are normalised here, not in the strict payload parser: CR, LF or CRLF end a line,
blank lines are ignored and surrounding blanks (ASCII spaces and tabs only: ``str.strip()`` would
also remove a GS1 group separator, a no-break space or NEL, turning a foreign code into ours) are
stripped. Letter case is *not* folded: a scanner typing while Caps Lock is on produces lower case,
which is rejected (and shown) as not one of our cards rather than guessed at.
A line longer than ``MAX_LINE`` characters is rejected whole when it ends: no scanner of ours types
one, and cutting it would deliver its tail as a reading of its own (a 269-character line used to
end in a scan of ``AM1:C:MR-BENT``). Memory stays bounded: only its first ``MAX_LINE`` characters
are kept.
Keystrokes are dropped if the next one comes more than ``max_gap`` seconds later: a scanner types a
whole payload in a few milliseconds, so a slow partial line is a person's stray key press, which
must not be glued in front of the next scan.
"""
from __future__ import annotations

import os
import select
import termios
import threading
import time
import tty
from dataclasses import dataclass
from typing import Any, Callable

from hardware.scanners.base import ScannerBase, log
from hardware.scanners.errors import ScannerError, ScannerNotStarted

MAX_LINE = 256
BLANKS = " \t"  # what surrounds a line and is stripped; nothing else is


@dataclass(frozen=True)
class OverlongLine:
    """A line of ``length`` characters, more than the assembler's ``max_line``: to be rejected
    whole. ``start`` is its first ``max_line`` characters (the rest was not kept)."""

    start: str
    length: int


class LineAssembler:
    """Pure: characters in (with the time they arrived), complete lines out."""

    def __init__(self, max_gap: float | None = 0.5, max_line: int = MAX_LINE) -> None:
        self.max_gap = max_gap
        self.max_line = max_line
        self._buffer: list[str] = []
        self._overlong = 0  # > 0: the current line passed max_line; its length so far
        self._last_at: float | None = None
        self.dropped_partials = 0

    def __repr__(self) -> str:
        return f"LineAssembler(max_gap={self.max_gap!r}, max_line={self.max_line!r})"

    def feed(self, text: str, at: float) -> list[str | OverlongLine]:
        """Add ``text`` received at time ``at``; return the lines it completed (normalised), an
        :class:`OverlongLine` for each line longer than ``max_line``."""
        if (
            (self._buffer or self._overlong)
            and self.max_gap is not None
            and self._last_at is not None
            and at - self._last_at > self.max_gap
        ):
            # Its length only: the partial may be most of a personality's payload.
            log.info("wedge: dropped a stale partial line of %d characters",
                     self._overlong or len(self._buffer))
            self._buffer.clear()
            self._overlong = 0
            self.dropped_partials += 1
        self._last_at = at
        lines: list[str | OverlongLine] = []
        for char in text:
            if char in "\r\n":
                self._flush(lines)
            elif self._overlong:
                self._overlong += 1
            elif len(self._buffer) < self.max_line:
                self._buffer.append(char)
            else:
                self._overlong = self.max_line + 1
        return lines

    def _flush(self, lines: list[str | OverlongLine]) -> None:
        if self._overlong:
            lines.append(OverlongLine("".join(self._buffer), self._overlong))
        else:
            line = "".join(self._buffer).strip(BLANKS)
            if line:
                lines.append(line)
        self._buffer.clear()
        self._overlong = 0


class WedgeScanner(ScannerBase):
    """A keyboard-wedge scanner: each completed line is one reading."""

    def __init__(
        self,
        url: str = "wedge://",
        path: str | None = None,
        max_gap: float | None = 0.5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(url, clock)
        if path is not None and not os.path.exists(path):
            raise ScannerError(f"no keyboard-wedge device at {path!r}")
        self.path = path
        self._keys = LineAssembler(max_gap)
        self._stream = LineAssembler(None)  # a device delivers whole lines; no stray keys there
        self._keys_lock = threading.Lock()
        self._running = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._fd: int | None = None
        self._saved_tty: list[Any] | None = None  # termios.tcgetattr's list, restored on stop

    @property
    def is_running(self) -> bool:
        return self._running

    def start(self) -> None:
        if self._running:
            return
        if self.path is not None:
            self._open()
            self._stop.clear()
            self._thread = threading.Thread(target=self._read_loop, name=f"wedge {self.path}", daemon=True)
            self._thread.start()
        self._running = True

    def stop(self) -> None:
        self._running = False
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        self._close()

    def feed_text(self, text: str) -> None:
        """Keystrokes the app captured (``"\\r"`` or ``"\\n"`` for Enter). Callbacks run here."""
        if not self._running:
            raise ScannerNotStarted(f"scanner {self.url!r} is not started; cannot take {text!r}")
        at = self.clock()
        with self._keys_lock:
            lines = self._keys.feed(text, at)
        self._deliver_lines(lines, at)

    def _deliver_lines(self, lines: list[str | OverlongLine], at: float) -> None:
        for line in lines:
            if isinstance(line, OverlongLine):
                self._reject(line.start, f"a line of {line.length} characters, longer than "
                             f"{MAX_LINE}", at)
            else:
                self._deliver(line, at)

    def _open(self) -> None:
        assert self.path is not None
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
        except OSError as exc:
            raise ScannerError(f"cannot open keyboard-wedge device {self.path!r}: {exc}") from exc
        if os.isatty(fd):
            self._saved_tty = termios.tcgetattr(fd)
            tty.setraw(fd)
        self._fd = fd

    def _close(self) -> None:
        if self._fd is None:
            return
        try:
            if self._saved_tty is not None:
                termios.tcsetattr(self._fd, termios.TCSANOW, self._saved_tty)
        except (OSError, termios.error):  # the device is gone; nothing left to restore
            pass
        finally:
            self._saved_tty = None
            os.close(self._fd)
            self._fd = None

    def _read_loop(self) -> None:
        fd = self._fd
        assert fd is not None
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([fd], [], [], 0.1)
                if not ready:
                    continue
                data = os.read(fd, 4096)
            except BlockingIOError:
                continue
            except OSError as exc:
                self._fail(ScannerError(f"keyboard-wedge device {self.path!r} failed: {exc}"))
                return
            if not data and self._saved_tty is not None:  # a terminal hung up: unplugged
                self._fail(ScannerError(f"keyboard-wedge device {self.path!r} hung up"))
                return
            if not data:  # end of a file or FIFO: wait for more, like tail -f
                self._stop.wait(0.1)
                continue
            at = self.clock()
            self._deliver_lines(self._stream.feed(data.decode("latin-1"), at), at)
