"""Camera scanners: frames from OpenCV (``camera://``) or picamera2 (``picamera2://``), decoded with
zxing-cpp in a worker thread and debounced by :class:`~hardware.scanners.debounce.FrameDebouncer`.

The worker only moves data: read a frame, decode it, feed the debouncer, hand counted texts to the
shared parse-and-reject path. Frame sources are small objects with ``read()`` and ``close()``, so a
test can feed rendered frames through the real decoder and the real thread.
"""
from __future__ import annotations

import threading
import time
from typing import Any, Callable, Protocol, cast

import numpy as np
import zxingcpp

from hardware.scanners.base import Rejection, Scan, ScannerBase
from hardware.scanners.debounce import FrameDebouncer
from hardware.scanners.errors import CameraNotFound, ScannerError

#: this many unreadable frames in a row means the camera is gone (unplugged, driver crashed).
MAX_FAILED_READS = 50


class FrameSource(Protocol):
    """Where frames come from: ``read()`` gives a grey (H, W) or BGR (H, W, 3) uint8 array, or
    ``None`` if no frame could be read this time; ``close()`` releases the device."""

    def read(self) -> np.ndarray[Any, Any] | None: ...

    def close(self) -> None: ...


# The binding converts a single BarcodeFormat itself (the documented call); its type stub only
# admits BarcodeFormats. cast, not BarcodeFormats(...): the call stays the same on every version.
_QR_ONLY = cast(zxingcpp.BarcodeFormats, zxingcpp.BarcodeFormat.QRCode)


def decode(frame: np.ndarray[Any, Any]) -> list[str]:
    """The texts of all QR codes zxing-cpp finds in ``frame`` (QR only: ten times faster)."""
    results = zxingcpp.read_barcodes(frame, formats=_QR_ONLY)
    return [r.text for r in results if r.valid]


class OpenCVSource:
    """A V4L2/USB camera through OpenCV: ``device`` is an index (0) or a path (/dev/video2)."""

    def __init__(self, device: int | str, width: int | None = None, height: int | None = None) -> None:
        import cv2  # heavy; only cameras need it

        self._cv2 = cv2
        self.device = device
        capture = cv2.VideoCapture(device)
        if not capture.isOpened():
            capture.release()
            raise CameraNotFound(f"no camera at {device!r}")
        if width is not None:
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        if height is not None:
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        self._capture = capture

    def read(self) -> np.ndarray[Any, Any] | None:
        ok, frame = self._capture.read()
        if not ok or frame is None:
            return None
        gray: np.ndarray[Any, Any] = self._cv2.cvtColor(frame, self._cv2.COLOR_BGR2GRAY)
        return gray

    def close(self) -> None:
        self._capture.release()


class Picamera2Source:
    """A Raspberry Pi camera through picamera2 (Bookworm's libcamera stack), in YUV420 so the
    first ``height`` rows are already the grey image zxing-cpp wants."""

    def __init__(self, camera_num: int = 0, width: int = 1280, height: int = 720) -> None:
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found]  # only on a Pi, lazily
        except ImportError as exc:
            raise CameraNotFound(f"picamera2 is not installed, cannot open Pi camera {camera_num!r}") from exc
        try:
            if camera_num >= len(Picamera2.global_camera_info()):
                raise CameraNotFound(f"no Pi camera number {camera_num!r}")
            camera = Picamera2(camera_num)
            camera.configure(camera.create_video_configuration(main={"size": (width, height), "format": "YUV420"}))
            camera.start()
        except CameraNotFound:
            raise
        except Exception as exc:  # libcamera raises RuntimeError/IndexError for a missing camera
            raise CameraNotFound(f"cannot open Pi camera {camera_num!r}: {exc}") from exc
        self._camera = camera
        self.height = height
        self.width = width

    def read(self) -> np.ndarray[Any, Any] | None:
        try:
            frame: np.ndarray[Any, Any] = self._camera.capture_array("main")
        except Exception:
            return None
        return frame[: self.height, : self.width]

    def close(self) -> None:
        self._camera.stop()
        self._camera.close()


class CameraScanner(ScannerBase):
    """Reads frames from ``open_source()`` in a worker thread while started.

    The source is opened at construction (so a missing camera is an ``OSError`` right away) and
    closed by :meth:`stop`; :meth:`start` after :meth:`stop` opens it again.
    """

    def __init__(
        self,
        url: str,
        open_source: Callable[[], FrameSource],
        confirm_frames: int = 2,
        gone_frames: int = 5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(url, clock)
        self._open_source = open_source
        self.debouncer = FrameDebouncer(confirm_frames, gone_frames)
        self._source: FrameSource | None = open_source()
        self._frame = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.frames_processed = 0

    @property
    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        if self._source is None:
            self._source = self._open_source()
        self._stop.clear()
        self.debouncer.reset()
        self._thread = threading.Thread(target=self._run, name=f"scanner {self.url}", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            if self._thread.is_alive():  # a hung driver: do not close under a reading thread
                return
            self._thread = None
        if self._source is not None:
            self._source.close()
            self._source = None

    def process_frame(self, frame: np.ndarray[Any, Any]) -> list[Scan | Rejection]:
        """Decode one frame, debounce, and report what counts. The worker calls this per frame;
        benchmarks call it directly."""
        self._frame += 1
        self.frames_processed += 1
        counted = self.debouncer.feed(self._frame, decode(frame))
        if not counted:
            return []
        at = self.clock()
        return [self._deliver(text, at) for text in counted]

    def _run(self) -> None:
        source = self._source
        assert source is not None
        failed = 0
        while not self._stop.is_set():
            frame = source.read()
            if frame is None:
                failed += 1
                if failed >= MAX_FAILED_READS:
                    self._fail(ScannerError(f"camera {self.url!r} stopped delivering frames"))
                    return
                self._stop.wait(0.01)
                continue
            failed = 0
            self.process_frame(frame)
