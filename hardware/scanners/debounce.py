"""Turns per-frame decode results into "a card was shown" events.

A camera decodes the same sticker 10-30 times a second while a card is held up, sometimes misses it
for a frame (motion blur, glare), and sometimes reads a stray code for a single frame. The rule:

* a code counts once it has been seen in ``confirm_frames`` frames (default 2) without having been
  gone for ``gone_frames`` frames in between;
* it counts again only after it has been out of view for ``gone_frames`` consecutive frames
  (default 5), i.e. after it really left the view rather than blinked.

The object is pure: it is fed ``(frame number, set of decoded texts)`` and returns the texts that
count now; the frame number is injected so tests and dropped frames need no clock.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable


@dataclass
class _Track:
    first: int
    last: int
    hits: int
    counted: bool


class FrameDebouncer:
    """Feed it every processed frame with :meth:`feed`; it answers which codes count now."""

    def __init__(self, confirm_frames: int = 2, gone_frames: int = 5) -> None:
        if confirm_frames < 1:
            raise ValueError(f"confirm_frames must be >= 1, got {confirm_frames!r}")
        if gone_frames < 1:
            raise ValueError(f"gone_frames must be >= 1, got {gone_frames!r}")
        self.confirm_frames = confirm_frames
        self.gone_frames = gone_frames
        self._tracks: dict[str, _Track] = {}
        self._last_frame: int | None = None

    def __repr__(self) -> str:
        return f"FrameDebouncer(confirm_frames={self.confirm_frames!r}, gone_frames={self.gone_frames!r})"

    @property
    def in_view(self) -> frozenset[str]:
        """Codes currently tracked (seen recently, counted or not)."""
        return frozenset(self._tracks)

    def feed(self, frame: int, texts: Iterable[str]) -> list[str]:
        """Record the codes decoded in ``frame`` and return those that count from this frame on,
        in the order given. Frame numbers must increase; gaps mean frames that were not decoded."""
        if self._last_frame is not None and frame <= self._last_frame:
            raise ValueError(f"frame {frame!r} does not follow frame {self._last_frame!r}")
        self._last_frame = frame
        for text, old in list(self._tracks.items()):
            if frame - old.last > self.gone_frames:  # left the view during skipped frames
                del self._tracks[text]
        counted: list[str] = []
        for text in dict.fromkeys(texts):  # unique, order kept
            track = self._tracks.get(text)
            if track is None:
                track = self._tracks[text] = _Track(frame, frame, 0, False)
            track.last = frame
            track.hits += 1
            if not track.counted and track.hits >= self.confirm_frames:
                track.counted = True
                counted.append(text)
        for text, track in list(self._tracks.items()):
            if frame - track.last >= self.gone_frames:
                del self._tracks[text]
        return counted

    def reset(self) -> None:
        """Forget everything (the camera was restarted)."""
        self._tracks.clear()
        self._last_frame = None
