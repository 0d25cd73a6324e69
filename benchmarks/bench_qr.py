"""Decoded frames per second at 640x480 and 1280x720: our scanner pipeline beside zxing-cpp's raw
decode on the same frames.

    python3 benchmarks/bench_qr.py [--frames 200] [--repeat 3]

The frames are camera-like scenes (grainy table, a card with a sticker sliding in, staying, leaving;
sensor noise), stored as BGR like an OpenCV capture delivers them. Columns:

* ``zxing gray``  -- ``zxingcpp.read_barcodes(gray, formats=QRCode)`` alone;
* ``zxing BGR``   -- the same on the colour frame (zxing-cpp converts internally);
* ``ours``        -- what the camera worker does per frame: BGR->grey (OpenCVSource.read) and
                     ``CameraScanner.process_frame`` (decode, debounce, parse, report);
* ``ours thread`` -- the whole scanner with its worker thread, fed by a frame source that plays
                     the frames back as fast as they are taken.

Best of ``--repeat`` interleaved runs. The figures are for this machine; a Raspberry Pi 4/5 is several times slower.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable

import cv2
import numpy as np
import zxingcpp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hardware.qr_payload import encode  # noqa: E402
from hardware.scanners.camera import CameraScanner  # noqa: E402

_spec = importlib.util.spec_from_file_location("qr_scenes", ROOT / "tests" / "hardware" / "qr_fixtures" / "scenes.py")
assert _spec and _spec.loader
scenes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(scenes)

Frame = np.ndarray[Any, Any]


def make_frames(width: int, height: int, count: int) -> list[Frame]:
    module_px = 4 if width <= 640 else 6
    plan = [("empty", 10), ("enter", 10), ("stay", 40), ("leave", 10), ("empty", 10)]
    one = scenes.sequence(encode("card", "the-luggage"), plan, width, height, module_px)
    grey = [one[i % len(one)] for i in range(count)]
    return [cv2.cvtColor(f, cv2.COLOR_GRAY2BGR) for f in grey]


def best_rate(run: Callable[[], int], repeat: int) -> float:
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        frames = run()
        rates.append(frames / (time.perf_counter() - start))
    return max(rates)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    from importlib.metadata import version

    print(f"zxing-cpp {version('zxing-cpp')}, OpenCV {cv2.__version__}, {args.frames} frames, "
          f"best of {args.repeat}, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(f"{'frame':>10} {'zxing gray':>11} {'zxing BGR':>10} {'ours':>8} {'ours thread':>12} {'decoded':>8} {'scans':>6}")
    for width, height in ((640, 480), (1280, 720)):
        bgr = make_frames(width, height, args.frames)
        grey = [cv2.cvtColor(f, cv2.COLOR_BGR2GRAY) for f in bgr]
        qr = zxingcpp.BarcodeFormat.QRCode

        def raw_grey() -> int:
            for f in grey:
                zxingcpp.read_barcodes(f, formats=qr)
            return len(grey)

        def raw_bgr() -> int:
            for f in bgr:
                zxingcpp.read_barcodes(f, formats=qr)
            return len(bgr)

        decoded = sum(1 for f in grey if zxingcpp.read_barcodes(f, formats=qr))
        scans: list[object] = []

        def ours() -> int:
            scanner = CameraScanner("bench://", lambda: scenes.FrameFeed([], grey[0]))
            scanner.when_scanned = scans.append
            for f in bgr:
                scanner.process_frame(cv2.cvtColor(f, cv2.COLOR_BGR2GRAY))
            return len(bgr)

        def ours_thread() -> int:
            class Playback:
                def __init__(self) -> None:
                    self.feed = scenes.FrameFeed(bgr, bgr[0])

                def read(self) -> Frame | None:
                    frame = self.feed.read()
                    return None if frame is None else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)

                def close(self) -> None:
                    pass

            source = Playback()
            scanner = CameraScanner("bench://thread", lambda: source)
            scanner.start()
            source.feed.done.wait(600)
            scanner.stop()
            return len(bgr)

        runs = (raw_grey, raw_bgr, ours, ours_thread)
        rates = [0.0] * len(runs)
        for _ in range(args.repeat):  # interleaved, so a burst of load elsewhere hits all columns
            rates = [max(r, best_rate(f, 1)) for r, f in zip(rates, runs)]
        scans_per_run = len(scans) // args.repeat
        print(f"{width}x{height:<4} {rates[0]:>11.0f} {rates[1]:>10.0f} {rates[2]:>8.0f} {rates[3]:>12.0f} "
              f"{decoded:>8} {scans_per_run:>6}")
    print("(frames per second; 'decoded' = frames in which zxing-cpp found the code, "
          "'scans' = cards counted per pass)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
