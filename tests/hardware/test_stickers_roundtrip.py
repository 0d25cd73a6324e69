"""Round trip: print all 132 stickers to PDF, render the pages with poppler (pdftoppm), cut every
code out where the layout says it is, and decode it with zxing-cpp -- as printed, rotated 30 degrees,
blurred, with sensor noise, and at the smallest printable size seen by a phone-like camera."""
from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from hardware.scanners.camera import decode
from hardware.stickers import MIN_SIZE_MM, SheetLayout, Sticker, layout_for, main, stickers

Image = np.ndarray[Any, Any]
TABLE_GREY = 105
PHONE_FRAME = (1280, 720)
PHONE_VIEW_MM = 250.0  # a 1280x720 preview frame spanning 25 cm of table: 5.1 px per mm


@dataclass
class Printed:
    layout: SheetLayout
    dpi: int
    pages: list[Image]
    items: tuple[Sticker, ...]

    def code(self, index: int) -> Image:
        """The white square holding sticker ``index``'s code, cut from the rendered page."""
        page, x, y, side = self.layout.code_rect(index)
        scale = self.dpi / 72
        image = self.pages[page]
        left, top = int(round(x * scale)), int(round(image.shape[0] - (y + side) * scale))
        n = int(round(side * scale))
        return image[top : top + n, left : left + n]

    @property
    def module_px(self) -> float:
        return self.layout.module * self.dpi / 72


def print_and_render(directory: Path, size: str, dpi: int) -> Printed:
    pdf = directory / f"stickers-{size}.pdf"
    assert main(["--out", str(pdf), "--size", size]) == 0
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", str(pdf), str(directory / size)], check=True, timeout=300)
    pages = [cv2.imread(str(p), cv2.IMREAD_GRAYSCALE) for p in sorted(directory.glob(f"{size}-*.png"))]
    layout = layout_for("a4", float(size.removesuffix("mm")))
    return Printed(layout, dpi, pages, stickers())


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Printed:
    return print_and_render(tmp_path_factory.mktemp("stickers"), "15mm", 200)


@pytest.fixture(scope="module")
def smallest(tmp_path_factory: pytest.TempPathFactory) -> Printed:
    return print_and_render(tmp_path_factory.mktemp("small"), f"{MIN_SIZE_MM:g}mm", 300)


def on_table(code: Image, margin: int) -> Image:
    return cv2.copyMakeBorder(code, margin, margin, margin, margin, cv2.BORDER_CONSTANT, value=TABLE_GREY)


def assert_all_decode(printed: Printed, transform) -> None:  # type: ignore[no-untyped-def]
    wrong = {}
    for index, sticker in enumerate(printed.items):
        got = decode(transform(printed.code(index), np.random.default_rng(index)))
        if got != [sticker.payload]:
            wrong[sticker.payload] = got
    assert wrong == {}, f"{len(wrong)} of {len(printed.items)} failed"


def test_all_132_stickers_are_on_the_pages_and_decode_as_printed(printed: Printed) -> None:
    assert len(printed.items) == 132 and len(printed.pages) == 2
    assert_all_decode(printed, lambda code, rng: code)
    found = set()
    for page in printed.pages:  # the whole page at once, as a camera over the sheet would see it
        found |= set(decode(page))
    assert found == {s.payload for s in printed.items}


def test_rotated_30_degrees(printed: Printed) -> None:
    def rotate(code: Image, rng: np.random.Generator) -> Image:
        framed = on_table(code, code.shape[0] // 2)
        h, w = framed.shape
        matrix = cv2.getRotationMatrix2D((w / 2, h / 2), 30, 1.0)
        return cv2.warpAffine(framed, matrix, (w, h), flags=cv2.INTER_LINEAR, borderValue=TABLE_GREY)

    assert_all_decode(printed, rotate)


def test_blurred(printed: Printed) -> None:
    sigma = 0.45 * printed.module_px  # edges smeared over about a module: an out-of-focus camera
    assert_all_decode(printed, lambda code, rng: cv2.GaussianBlur(on_table(code, 20), (0, 0), sigma))


def test_with_noise(printed: Printed) -> None:
    def noise(code: Image, rng: np.random.Generator) -> Image:
        framed = on_table(code, 20).astype(np.float32)
        # strong sensor noise, as from a cheap camera in dim light (black-to-white contrast is
        # only ten standard deviations). Isolated 0/255 impulse pixels are left out: a camera's
        # image processor removes them, and zxing-cpp is sensitive to them (see issue-7 note).
        framed += rng.normal(0, 25, framed.shape)
        return np.clip(framed, 0, 255).astype(np.uint8)

    assert_all_decode(printed, noise)


def test_smallest_size_at_phone_camera_resolution(smallest: Printed) -> None:
    px_per_mm = PHONE_FRAME[0] / PHONE_VIEW_MM
    scale = px_per_mm / (smallest.dpi / 25.4)
    assert smallest.layout.module * 25.4 / 72 * px_per_mm < 2.6  # under 2.6 camera pixels per module

    def phone(code: Image, rng: np.random.Generator) -> Image:
        small = cv2.resize(code, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        small = cv2.GaussianBlur(small, (0, 0), 0.5)  # lens and demosaicing softness
        frame = np.full((PHONE_FRAME[1], PHONE_FRAME[0]), TABLE_GREY, np.uint8)
        x, y = rng.integers(0, PHONE_FRAME[0] - small.shape[1]), rng.integers(0, PHONE_FRAME[1] - small.shape[0])
        frame[y : y + small.shape[0], x : x + small.shape[1]] = small
        return frame

    assert_all_decode(smallest, phone)
