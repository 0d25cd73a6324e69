"""Camera-like frames for the scanner tests and the benchmark: a table, a card with a sticker on
it, sliding in and out, with per-frame jitter and sensor noise. Codes come from the sticker
printer's own drawing code (``hardware.stickers.sticker_image``)."""
from __future__ import annotations

import threading
from typing import Any, Iterable, Sequence

import cv2
import numpy as np
import qrcode
import qrcode.exceptions
import zxingcpp

from hardware.stickers import sticker_image

Frame = np.ndarray[Any, Any]


def table(width: int = 640, height: int = 480, seed: int = 0) -> Frame:
    """A grey, slightly grainy table top with a light gradient (no straight edges to confuse)."""
    rng = np.random.default_rng(seed)
    ramp = np.linspace(80, 120, width, dtype=np.float32)[None, :].repeat(height, axis=0)
    grain = cv2.GaussianBlur(rng.normal(0, 12, (height, width)).astype(np.float32), (0, 0), 2)
    return np.clip(ramp + grain, 0, 255).astype(np.uint8)


def code_image(payload: str, module_px: int = 4) -> Frame:
    """Our sticker's code if ``payload`` fits a version-1 sticker, else a foreign code made by a
    different generator (zxing-cpp's writer), as another game's or a web site's would be."""
    try:
        return sticker_image(payload, module_px)
    except qrcode.exceptions.DataOverflowError:
        return foreign_image(payload, module_px)


def foreign_image(payload: str, module_px: int = 4) -> Frame:
    """``payload`` as zxing-cpp's writer draws it (any text, any length; ten times faster than
    the sticker printer's drawing), with its quiet zone.

    The writer drops a leading byte-order mark (U+FEFF), so the code it draws for
    ``"\\ufeffAM1:C:HEX"`` holds ``AM1:C:HEX`` -- one of ours. Whatever it would not hold as
    given (that mark; control characters its text spells out as ``<NUL>``) is drawn by the
    ``qrcode`` library instead, as UTF-8 bytes (what most generators do).
    """
    barcode = zxingcpp.create_barcode(payload, zxingcpp.BarcodeFormat.QRCode)
    if barcode.text != payload:
        code = qrcode.QRCode(border=4, box_size=module_px)
        code.add_data(payload.encode("utf-8"))
        code.make()
        return np.array(code.make_image().convert("L")).astype(np.uint8)
    image = np.array(zxingcpp.write_barcode_to_image(barcode, scale=module_px, add_quiet_zones=True))
    return image.astype(np.uint8)


def packed_frames(images: Sequence[Frame], background: Frame, gap: int = 40) -> list[tuple[Frame, int]]:
    """``images`` laid out left to right, top to bottom, ``gap`` pixels apart, on as many copies of
    ``background`` as it takes: (frame, how many codes it shows) pairs, in order."""
    height, width = background.shape[:2]
    out: list[tuple[Frame, int]] = []
    frame, x, y, row, count = background.copy(), gap, gap, 0, 0
    for image in images:
        h, w = image.shape[:2]
        if h + 2 * gap > height or w + 2 * gap > width:
            raise ValueError(f"a {w}x{h} code does not fit a {width}x{height} frame")
        if x + w > width:
            x, y, row = gap, y + row + gap, 0
        if y + h > height:
            out.append((frame, count))
            frame, x, y, row, count = background.copy(), gap, gap, 0, 0
        frame[y : y + h, x : x + w] = image
        x, row, count = x + w + gap, max(row, h), count + 1
    if count:
        out.append((frame, count))
    return out


def card(payload: str, module_px: int = 4) -> Frame:
    """A playing card (mid grey) with the white sticker near its top-left corner."""
    code = code_image(payload, module_px)
    side = code.shape[0]
    body = np.full((int(side * 2.4), int(side * 1.6)), 165, np.uint8)
    body[side // 6 : side // 6 + side, side // 6 : side // 6 + side] = code
    return body


def place(frame: Frame, image: Frame, x: int, y: int) -> Frame:
    """``image`` pasted with its top-left at (x, y), clipped at the frame's edges (a card half in view)."""
    out = frame.copy()
    h, w = image.shape[:2]
    fx0, fy0 = max(x, 0), max(y, 0)
    fx1, fy1 = min(x + w, out.shape[1]), min(y + h, out.shape[0])
    if fx0 < fx1 and fy0 < fy1:
        out[fy0:fy1, fx0:fx1] = image[fy0 - y : fy1 - y, fx0 - x : fx1 - x]
    return out


def noisy(frame: Frame, rng: np.random.Generator, sigma: float = 6.0) -> Frame:
    return np.clip(frame.astype(np.float32) + rng.normal(0, sigma, frame.shape), 0, 255).astype(np.uint8)


def motion_blur(frame: Frame, length: int = 41) -> Frame:
    """A card moved fast during the exposure: horizontal smear the decoder cannot read."""
    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2, :] = 1.0 / length
    return cv2.filter2D(frame, -1, kernel)


class FrameFeed:
    """A frame source (``read``/``close``) that plays ``frames`` once, then keeps showing the empty
    table and sets ``done`` -- as a camera would after the card left."""

    def __init__(self, frames: Sequence[Frame], after: Frame) -> None:
        self.frames = list(frames)
        self.after = after
        self.done = threading.Event()
        self.closed = False
        self._next = 0

    def read(self) -> Frame | None:
        if self._next < len(self.frames):
            frame = self.frames[self._next]
            self._next += 1
            return frame
        self.done.set()
        return self.after

    def close(self) -> None:
        self.closed = True


def sequence(
    payload: str,
    plan: Iterable[tuple[str, int]],
    width: int = 640,
    height: int = 480,
    module_px: int = 4,
    seed: int = 1,
) -> list[Frame]:
    """Frames following ``plan``: ("empty", n), ("enter", n) slides the card in from the left,
    ("stay", n) holds it with a little jitter, ("leave", n) slides it out, ("blur", n) smears it,
    ("flash", n) shows it for n frames at rest."""
    rng = np.random.default_rng(seed)
    background = table(width, height, seed)
    body = card(payload, module_px)
    h, w = body.shape
    rest_x, rest_y = (width - w) // 2, (height - h) // 2
    frames: list[Frame] = []
    for step, count in plan:
        for i in range(count):
            if step == "empty":
                frame = background
            elif step == "enter":
                x = -w + (rest_x + w) * (i + 1) // (count + 1)
                frame = place(background, body, x, rest_y)
            elif step == "leave":
                x = rest_x + (width - rest_x) * (i + 1) // count
                frame = place(background, body, x, rest_y)
            elif step in ("stay", "flash"):
                dx, dy = rng.integers(-3, 4, 2)
                frame = place(background, body, rest_x + int(dx), rest_y + int(dy))
            elif step == "blur":
                frame = motion_blur(place(background, body, rest_x, rest_y))
            else:
                raise ValueError(f"unknown step {step!r}")
            frames.append(noisy(frame, rng))
    return frames
