"""Card scanners, chosen by URL like the die sources.

URL forms::

    camera://0                      OpenCV camera by index (USB webcam on a desktop)
    camera:///dev/video2            OpenCV camera by device path
    camera://0?width=1280&height=720&confirm=2&gone=5
    picamera2://                    Raspberry Pi camera 0 via picamera2 (imported only here)
    picamera2://1?width=1280&height=720
    wedge://                        keyboard-wedge USB scanner whose keystrokes the app passes to
                                    ``feed_text()``
    wedge:///dev/ttyACM0            a scanner (or pty, FIFO, file) giving one payload per line
    sim://                          the screen and tests call ``show(payload)``

Camera options: ``width``/``height`` ask the camera for that frame size; ``confirm`` is how many
frames must show a code before it counts (default 2); ``gone`` is how many frames it must be missing
before it can count again (default 5). ``wedge://`` takes ``max_gap`` (seconds between keystrokes
before a partial line is dropped, default 0.5).

Every scanner has ``start()``, ``stop()``, ``when_scanned`` (a :class:`Scan`; personalities have
``private=True``), ``when_rejected`` (a :class:`Rejection` for a code that is not one of our cards;
also counted in ``rejected_count``) and ``when_failed`` (an ``OSError``: the device went away).
Callbacks run in the scanner's thread; the app hops to Kivy's main thread itself.

An unknown URL is a ``ValueError`` (:class:`BadScannerURL`) listing these forms; a missing camera or
device is an ``OSError`` (:class:`CameraNotFound` / :class:`ScannerError`) -- never a silent fake.
"""
from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

from hardware.scanners.base import Rejection, Scan, ScannerBase
from hardware.scanners.errors import BadScannerURL, CameraNotFound, ScannerError, ScannerNotStarted

__all__ = [
    "open_scanner", "Scan", "Rejection", "ScannerBase", "BadScannerURL", "CameraNotFound",
    "ScannerError", "ScannerNotStarted", "URL_FORMS",
]

URL_FORMS = (
    "camera://<index>",
    "camera:///dev/videoN",
    "picamera2://[<camera number>]",
    "wedge://",
    "wedge:///path/to/device",
    "sim://",
)


def _bad(url: str, why: str) -> BadScannerURL:
    return BadScannerURL(f"{why} in scanner URL {url!r}; expected one of: {', '.join(URL_FORMS)}")


def _options(url: str, query: str, allowed: dict[str, type]) -> dict[str, float | int]:
    options: dict[str, float | int] = {}
    for key, value in parse_qsl(query, keep_blank_values=True):
        if key not in allowed:
            raise _bad(url, f"unknown option {key!r} (allowed: {', '.join(allowed) or 'none'})")
        try:
            number = allowed[key](value)
        except ValueError:
            raise _bad(url, f"option {key}={value!r} is not a number") from None
        if number <= 0:
            raise _bad(url, f"option {key}={value!r} must be positive")
        options[key] = number
    return options


def open_scanner(url: str) -> ScannerBase:
    """Open the scanner ``url`` names (not yet started: call ``start()``)."""
    if not isinstance(url, str):
        raise BadScannerURL(f"scanner URL must be text, got {url!r}")
    parts = urlsplit(url)
    scheme = parts.scheme
    if scheme == "sim":
        if parts.netloc or parts.path or parts.query:
            raise _bad(url, "sim:// takes nothing after it")
        from hardware.scanners.sim import SimScanner

        return SimScanner(url)
    if scheme == "wedge":
        if parts.netloc:
            raise _bad(url, f"a host {parts.netloc!r} (use wedge:///path, with three slashes)")
        from hardware.scanners.wedge import WedgeScanner

        options = _options(url, parts.query, {"max_gap": float})
        return WedgeScanner(url, parts.path or None, max_gap=options.get("max_gap", 0.5))
    if scheme in ("camera", "picamera2"):
        from hardware.scanners.camera import CameraScanner, OpenCVSource, Picamera2Source

        options = _options(url, parts.query, {"width": int, "height": int, "confirm": int, "gone": int})
        width = int(options["width"]) if "width" in options else None
        height = int(options["height"]) if "height" in options else None
        confirm = int(options.get("confirm", 2))
        gone = int(options.get("gone", 5))
        if scheme == "camera":
            if parts.netloc and parts.path:
                raise _bad(url, "both an index and a path")
            if parts.netloc:
                if not parts.netloc.isdigit():
                    raise _bad(url, f"camera index {parts.netloc!r} is not a number")
                device: int | str = int(parts.netloc)
            elif parts.path:
                device = parts.path
            else:
                raise _bad(url, "no camera index or path")
            return CameraScanner(url, lambda: OpenCVSource(device, width, height), confirm, gone)
        if parts.path:
            raise _bad(url, f"a path {parts.path!r} (picamera2 takes a camera number)")
        if parts.netloc and not parts.netloc.isdigit():
            raise _bad(url, f"camera number {parts.netloc!r} is not a number")
        number = int(parts.netloc or 0)
        return CameraScanner(
            url, lambda: Picamera2Source(number, width or 1280, height or 720), confirm, gone
        )
    raise _bad(url, f"unknown scheme {scheme!r}" if scheme else "no scheme")
