"""Keyboard-wedge and sim scanners, and choosing scanners by URL."""
from __future__ import annotations

import os
import threading

import pytest

from hardware.scanners import BadScannerURL, Rejection, Scan, ScannerError, ScannerNotStarted, open_scanner
from hardware.scanners.sim import SimScanner
from hardware.scanners.wedge import LineAssembler, OverlongLine, WedgeScanner

WAIT = 60.0  # a deadlock guard only


class Collect:
    """Callbacks that record what arrived and let a test wait for the n-th report."""

    def __init__(self) -> None:
        self.scans: list[Scan] = []
        self.rejections: list[Rejection] = []
        self.failures: list[OSError] = []
        self.changed = threading.Condition()

    def attach(self, scanner: object) -> None:
        scanner.when_scanned = self._add(self.scans)  # type: ignore[attr-defined]
        scanner.when_rejected = self._add(self.rejections)  # type: ignore[attr-defined]
        scanner.when_failed = self._add(self.failures)  # type: ignore[attr-defined]

    def _add(self, into: list):  # type: ignore[no-untyped-def]
        def add(item: object) -> None:
            with self.changed:
                into.append(item)
                self.changed.notify_all()
        return add

    def wait(self, total: int) -> None:
        with self.changed:
            ok = self.changed.wait_for(
                lambda: len(self.scans) + len(self.rejections) + len(self.failures) >= total, WAIT
            )
        assert ok, (self.scans, self.rejections, self.failures)


# --- sim:// -------------------------------------------------------------------------------------

def test_sim_show_delivers_one_scan_per_presentation() -> None:
    scanner = open_scanner("sim://")
    assert isinstance(scanner, SimScanner) and repr(scanner) == "open_scanner('sim://')"
    got = Collect()
    got.attach(scanner)
    with scanner:
        scanner.show("AM1:C:CARCER")
        scanner.show("AM1:C:CARCER")
        scanner.show("AM1:P:VIMES")
    assert [(s.kind, s.id, s.private) for s in got.scans] == [
        ("card", "carcer", False), ("card", "carcer", False), ("personality", "vimes", True)]


def test_sim_rejects_foreign_codes_and_counts_them() -> None:
    scanner = SimScanner(clock=lambda: 12.5)
    got = Collect()
    got.attach(scanner)
    scanner.start()
    result = scanner.show("https://example.org/")
    assert result == Rejection("https://example.org/", "not an AM<version>:<kind>:<code> payload", 12.5)
    assert got.scans == [] and scanner.rejected_count == 1 and scanner.scanned_count == 0


def test_a_stopped_scanner_sees_nothing() -> None:
    scanner = SimScanner()
    with pytest.raises(ScannerNotStarted, match="'AM1:C:CARCER'"):
        scanner.show("AM1:C:CARCER")
    assert isinstance(ScannerNotStarted("x"), OSError)


# --- wedge:// fed by the app's keystrokes ---------------------------------------------------------

def test_keystrokes_from_the_app_make_a_scan_on_enter() -> None:
    now = [100.0]
    scanner = WedgeScanner(clock=lambda: now[0])
    got = Collect()
    got.attach(scanner)
    scanner.start()
    for char in "AM1:E:FLOOD":
        scanner.feed_text(char)
        now[0] += 0.004
    assert got.scans == []
    scanner.feed_text("\r")
    assert got.scans == [Scan("event", "flood", False, now[0])]


def test_a_stray_key_long_before_a_scan_is_not_glued_to_it() -> None:
    now = [0.0]
    scanner = WedgeScanner(clock=lambda: now[0])
    got = Collect()
    got.attach(scanner)
    scanner.start()
    scanner.feed_text("x")  # somebody leaned on the keyboard
    now[0] = 7.0
    scanner.feed_text("AM1:A:DIMWELL\n")
    assert [(s.kind, s.id) for s in got.scans] == [("area", "dimwell")]
    assert got.rejections == []


def test_caps_lock_lowercase_is_rejected_not_guessed() -> None:
    scanner = WedgeScanner()
    got = Collect()
    got.attach(scanner)
    scanner.start()
    scanner.feed_text("am1:e:flood\r\n")
    assert got.scans == [] and [r.text for r in got.rejections] == ["am1:e:flood"]


def test_line_assembler_handles_cr_lf_crlf_and_blank_lines() -> None:
    lines = LineAssembler(max_gap=None)
    assert lines.feed("AM1:C:HEX\r\nAM1:C:IGOR\n\n\rAM1:C:RU", 0) == ["AM1:C:HEX", "AM1:C:IGOR"]
    assert lines.feed("BY\r", 1) == ["AM1:C:RUBY"]


def test_line_assembler_rejects_an_endless_line_whole_and_keeps_its_memory_bounded() -> None:
    lines = LineAssembler(max_gap=None, max_line=16)
    assert lines.feed("A" * 40, 0) == []  # no piece of it is a line of its own
    assert lines.feed("A" * 10_000, 0) == []
    assert len(lines._buffer) == 16
    assert lines.feed("\rAM1:C:HEX\r", 0) == [OverlongLine("A" * 16, 10_040), "AM1:C:HEX"]
    assert lines.feed("A" * 16 + "\r", 0) == ["A" * 16]  # exactly max_line is still a line


def test_a_269_character_wedge_line_is_rejected_whole_not_cut_into_a_scan() -> None:
    # Issue 15: the wedge cut this line at 256 and delivered its tail as a scan of mr-bent.
    scanner = WedgeScanner()
    got = Collect()
    got.attach(scanner)
    scanner.start()
    scanner.feed_text("X" * 256 + "AM1:C:MR-BENT\r")
    assert got.scans == []
    assert [r.reason for r in got.rejections] == ["a line of 269 characters, longer than 256"]
    scanner.feed_text("AM1:C:MR-BENT\r")  # the next scan is read as usual
    assert [s.id for s in got.scans] == ["mr-bent"]


def test_only_ascii_blanks_around_a_wedge_line_are_stripped() -> None:
    scanner = WedgeScanner()
    got = Collect()
    got.attach(scanner)
    scanner.start()
    scanner.feed_text(" \tAM1:C:HEX \r")
    for text in ("AM1:C:HEX\x1d", "\xa0AM1:C:HEX", "AM1:C:HEX\x85", "\u3000AM1:C:HEX", "\x1cAM1:C:HEX"):
        scanner.feed_text(text + "\r")
    assert [s.id for s in got.scans] == ["hex"]
    assert len(got.rejections) == 5


# --- wedge:///path: a real pseudo-terminal, FIFO, file --------------------------------------------

def test_a_scanner_on_a_pseudo_terminal() -> None:
    master, slave = os.openpty()
    path = os.ttyname(slave)
    scanner = open_scanner(f"wedge://{path}")
    got = Collect()
    got.attach(scanner)
    scanner.start()
    try:
        os.write(master, b"AM1:C:DORFL\r")
        os.write(master, b"AM1:P:RUST\r\nNOT-OURS\r")
        got.wait(3)
    finally:
        scanner.stop()
        os.close(slave)
        os.close(master)
    assert [(s.kind, s.id, s.private) for s in got.scans] == [
        ("card", "dorfl", False), ("personality", "rust", True)]
    assert [r.text for r in got.rejections] == ["NOT-OURS"]


def test_a_vanishing_device_is_reported_as_a_failure() -> None:
    master, slave = os.openpty()
    scanner = open_scanner(f"wedge://{os.ttyname(slave)}")
    got = Collect()
    got.attach(scanner)
    scanner.start()
    os.close(slave)
    os.close(master)  # the scanner was unplugged: the terminal hangs up
    got.wait(1)
    scanner.stop()
    assert got.failures and isinstance(got.failures[0], OSError)


def test_a_file_being_appended_to(tmp_path) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "scans.txt"
    log.write_text("AM1:E:FOG\n")
    scanner = open_scanner(f"wedge://{log}")
    got = Collect()
    got.attach(scanner)
    scanner.start()
    try:
        got.wait(1)
        with log.open("a") as f:
            f.write("AM1:E:RIOTS\n")
        got.wait(2)
    finally:
        scanner.stop()
    assert [s.id for s in got.scans] == ["fog", "riots"]


def test_a_missing_wedge_device_is_an_os_error() -> None:
    with pytest.raises(ScannerError, match="/dev/no-such-scanner"):
        open_scanner("wedge:///dev/no-such-scanner")


# --- URLs ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "url",
    ["", "scanner", "http://x", "cam://0", "camera://", "camera://one", "camera://0?fps=30",
     "camera://0?width=wide", "camera://0?width=-5", "picamera2:///dev/video0", "picamera2://x",
     "sim://extra", "wedge://host/path", "wedge://?max_gap=soon"],
)
def test_unknown_or_malformed_urls_show_the_expected_forms(url: str) -> None:
    with pytest.raises(BadScannerURL) as info:
        open_scanner(url)
    message = str(info.value)
    assert isinstance(info.value, ValueError)
    assert repr(url) in message and "camera://<index>" in message and "sim://" in message


def test_wedge_url_without_a_path_takes_keystrokes() -> None:
    scanner = open_scanner("wedge://?max_gap=0.2")
    assert isinstance(scanner, WedgeScanner) and scanner.path is None
