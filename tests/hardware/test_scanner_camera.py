"""The camera scanner end to end: rendered frames -> worker thread -> zxing-cpp -> debouncer ->
Scan. Only the camera itself is replaced (by a frame feed); decoding and threading are real."""
from __future__ import annotations

import importlib.util
import threading
from pathlib import Path

import pytest

from hardware.qr_payload import encode
from hardware.scanners import CameraNotFound, Rejection, Scan, open_scanner
from hardware.scanners.camera import CameraScanner, decode

_spec = importlib.util.spec_from_file_location("qr_scenes", Path(__file__).parent / "qr_fixtures" / "scenes.py")
assert _spec and _spec.loader
scenes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(scenes)

WAIT = 60.0  # a deadlock guard only; nothing here is timed


def run_frames(frames: list, empty) -> tuple[list[Scan], list[Rejection], CameraScanner, set[str]]:
    feed = scenes.FrameFeed(frames, empty)
    scanner = CameraScanner("camera://test-feed", lambda: feed)
    scans: list[Scan] = []
    rejections: list[Rejection] = []
    threads: set[str] = set()

    def on_scan(scan: Scan) -> None:
        threads.add(threading.current_thread().name)
        scans.append(scan)

    scanner.when_scanned = on_scan
    scanner.when_rejected = rejections.append
    scanner.start()
    try:
        assert feed.done.wait(WAIT), "the worker never consumed the frames"
    finally:
        scanner.stop()
    assert feed.closed
    return scans, rejections, scanner, threads


def test_card_entering_staying_40_frames_leaving_and_coming_back_gives_two_scans() -> None:
    payload = encode("card", "the-luggage")
    plan = [("empty", 3), ("enter", 6), ("stay", 40), ("leave", 6), ("empty", 8),
            ("enter", 6), ("stay", 40), ("leave", 6), ("empty", 3)]
    frames = scenes.sequence(payload, plan)
    # honest inputs: the card is readable while it stays, and absent from the empty frames
    assert decode(frames[3 + 6 + 20]) == [payload]
    assert decode(frames[0]) == []
    scans, rejections, scanner, threads = run_frames(frames, frames[0])
    assert [(s.kind, s.id, s.private) for s in scans] == [("card", "the-luggage", False)] * 2
    assert rejections == []
    assert scanner.scanned_count == 2
    assert threading.current_thread().name not in threads  # callbacks come from the worker


def test_a_one_frame_flicker_gives_no_scan() -> None:
    payload = encode("event", "fire")
    frames = scenes.sequence(payload, [("empty", 10), ("flash", 1), ("empty", 10)])
    assert decode(frames[10]) == [payload]
    scans, rejections, _, _ = run_frames(frames, frames[0])
    assert scans == [] and rejections == []


def test_motion_blur_while_the_card_stays_does_not_count_it_twice() -> None:
    payload = encode("area", "the-shades")
    plan = [("empty", 2), ("stay", 15), ("blur", 3), ("stay", 15), ("empty", 2)]
    frames = scenes.sequence(payload, plan)
    assert decode(frames[2 + 15 + 1]) == []  # the smear really hides the code
    scans, _, _, _ = run_frames(frames, frames[0])
    assert [(s.kind, s.id) for s in scans] == [("area", "the-shades")]


def test_a_personality_is_scanned_privately() -> None:
    payload = encode("personality", "vetinari")
    frames = scenes.sequence(payload, [("empty", 2), ("stay", 5), ("empty", 2)])
    scans, _, _, _ = run_frames(frames, frames[0])
    assert [(s.kind, s.id, s.private) for s in scans] == [("personality", "vetinari", True)]


def test_a_foreign_code_held_up_is_rejected_once_and_never_scanned() -> None:
    frames = scenes.sequence("https://boardgamegeek.com/boardgame/91312", [("empty", 2), ("stay", 20), ("empty", 2)])
    scans, rejections, scanner, _ = run_frames(frames, frames[0])
    assert scans == []
    assert [r.text for r in rejections] == ["https://boardgamegeek.com/boardgame/91312"]
    assert scanner.rejected_count == 1


def test_a_camera_that_stops_delivering_frames_is_reported() -> None:
    class DeadCamera:
        def read(self) -> None:
            return None

        def close(self) -> None:
            pass

    failed = threading.Event()
    errors: list[OSError] = []
    scanner = CameraScanner("camera://dead", DeadCamera)
    scanner.when_failed = lambda e: (errors.append(e), failed.set())
    scanner.start()
    assert failed.wait(WAIT)
    scanner.stop()
    assert isinstance(errors[0], OSError) and "camera://dead" in str(errors[0])


def test_a_handler_that_raises_does_not_stop_the_worker() -> None:
    payload = encode("card", "mr-bent")
    plan = [("stay", 5), ("empty", 8), ("stay", 5)]
    frames = scenes.sequence(payload, plan)
    feed = scenes.FrameFeed(frames, scenes.table())
    scanner = CameraScanner("camera://test-feed", lambda: feed)
    calls: list[Scan] = []

    def broken(scan: Scan) -> None:
        calls.append(scan)
        raise RuntimeError("handler bug")

    scanner.when_scanned = broken
    scanner.start()
    assert feed.done.wait(WAIT)
    scanner.stop()
    assert len(calls) == 2


def test_stop_then_start_reopens_the_source() -> None:
    opened: list[object] = []

    def open_source() -> object:
        feed = scenes.FrameFeed([], scenes.table(64, 48))
        opened.append(feed)
        return feed

    scanner = CameraScanner("camera://test-feed", open_source)
    scanner.start()
    assert opened[0].done.wait(WAIT)  # type: ignore[attr-defined]
    scanner.stop()
    assert opened[0].closed and not scanner.is_running  # type: ignore[attr-defined]
    scanner.start()
    assert len(opened) == 2 and opened[1].done.wait(WAIT)  # type: ignore[attr-defined]
    scanner.stop()


def test_a_missing_camera_is_an_os_error() -> None:
    with pytest.raises(OSError, match="no camera at 57"):
        open_scanner("camera://57")
    with pytest.raises(CameraNotFound):
        open_scanner("camera:///dev/video-not-there")


def test_picamera2_missing_here_is_an_os_error_not_an_import_error() -> None:
    try:
        import picamera2  # noqa: F401
    except ImportError:
        with pytest.raises(CameraNotFound, match="picamera2"):
            open_scanner("picamera2://")
    else:
        pytest.skip("picamera2 is installed: this is a Pi")
