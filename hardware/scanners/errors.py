"""The scanners' errors: each is also the builtin a caller would catch anyway."""
from __future__ import annotations


class ScannerError(OSError):
    """A scanner device could not be opened or stopped working."""


class CameraNotFound(ScannerError):
    """No camera at the given index/path, or its library (OpenCV, picamera2) is not available."""


class ScannerNotStarted(ScannerError):
    """Input was offered to a scanner that is not running (a stopped scanner sees nothing)."""


class BadScannerURL(ValueError):
    """The URL names no scanner we know, or its options are malformed."""
