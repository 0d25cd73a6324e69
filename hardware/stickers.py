"""``ankh-companion stickers``: a printable PDF of QR stickers, one per card, each labelled.

    ankh-companion stickers --out stickers.pdf [--paper a4|letter] [--size 15mm]
                            [--only cards|events|personalities|areas]
                            [--game ankh-morpork|ankh-morpoly] [--edition us|de|de-dm]

``--game ankh-morpoly`` prints Ankh-Morpoly's Chance and Community Chest decks instead, of every
edition (or of ``--edition``), each sticker labelled with the card's printed text; the first game's
sheet is what it always was.

``--size`` is the printed width of the code's black-and-white pattern (21x21 modules); each sticker
adds a white quiet zone of :data:`QUIET_MODULES` modules around it and the card's name below, and
cells are separated by light cut lines with crop marks in the margin. Print at 100 % ("actual
size"): the bar at the foot of each page is 50 mm long when the scale is right.

The geometry (:class:`SheetLayout`) and the QR matrix (:func:`qr_matrix`) are separate from the
PDF drawing so tests can locate every sticker on a rendered page and render codes to images with
the same modules (:func:`sticker_image`). The progress bar goes to stderr; stdout gets one summary line.
"""
from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from typing import Any, Sequence, TextIO

import numpy as np
import qrcode
import qrcode.constants
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from hardware.qr_payload import CardCode, all_codes
from companion.morpork.catalog import display_name

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
ONLY: dict[str, str] = {"cards": "card", "events": "event", "personalities": "personality", "areas": "area"}
QR_MODULES = 21  # version 1: every payload fits (see hardware.qr_payload)
QUIET_MODULES = 3
MIN_SIZE_MM = 10.0
MAX_SIZE_MM = 60.0
DEFAULT_SIZE_MM = 15.0
MARGIN = 12 * mm
LABEL_FONT = "Helvetica-Bold"
CODE_FONT = "Helvetica"
LABEL_MAX_LINES = 3
CUT_GREY = 0.72
SCALE_BAR = 50 * mm


class StickerError(ValueError):
    """Bad sticker options (size out of range, unknown paper)."""


@dataclass(frozen=True)
class Sticker:
    """One sticker: what it names, the payload its code carries and the label printed under it."""

    code: CardCode
    name: str

    @property
    def payload(self) -> str:
        return self.code.payload

    @property
    def caption(self) -> str:
        """The small line under the name: the kind and the short code, for checking by eye."""
        return f"{self.code.kind} {self.payload.split(':', 2)[2]}"


def morpoly_stickers(edition: str | None = None) -> tuple[Sticker, ...]:
    """Both decks (Chance, then Community Chest) of each Ankh-Morpoly edition, or of ``edition``,
    in the edition's deck order; the label is the card's text as that set prints it."""
    from companion.morpoly.editions import EDITION_IDS, load_edition
    out: list[Sticker] = []
    for edition_id in (EDITION_IDS if edition is None else (edition,)):
        ed = load_edition(edition_id)
        for deck in ("chance", "chest"):
            out.extend(Sticker(CardCode(deck, card.id), f"{edition_id}: {card.text}") for card in ed.deck(deck))
    return tuple(out)


def stickers(only: str | None = None, language: str = "en") -> tuple[Sticker, ...]:
    """The stickers to print, in catalog order (``only`` is a kind: card/event/personality/area)."""
    return tuple(Sticker(c, display_name(c.kind, c.id, language)) for c in all_codes(only))


def qr_matrix(payload: str) -> np.ndarray[Any, Any]:
    """The code's modules (True = dark), without quiet zone: 21x21, error correction level Q."""
    qr = qrcode.QRCode(version=1, error_correction=qrcode.constants.ERROR_CORRECT_Q, border=0)
    qr.add_data(payload)
    qr.make(fit=False)
    return np.array(qr.get_matrix(), dtype=bool)


def sticker_image(payload: str, module_px: int = 8, quiet_modules: int = QUIET_MODULES) -> np.ndarray[Any, Any]:
    """A grey uint8 image of the code as printed (white quiet zone included), ``module_px`` per module."""
    modules = np.pad(qr_matrix(payload), quiet_modules, constant_values=False)
    image = np.where(modules, 0, 255).astype(np.uint8)
    return np.kron(image, np.ones((module_px, module_px), dtype=np.uint8))


def parse_size(text: str) -> float:
    """``"15mm"``, ``"1.5cm"``, ``"0.6in"`` or a bare number of millimetres -> millimetres."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?\s*", text)
    if match is None:
        raise StickerError(f"size {text!r} is not a length like '15mm', '1.5cm' or '0.6in'")
    value = float(match.group(1)) * {"mm": 1.0, "cm": 10.0, "in": 25.4, None: 1.0}[match.group(2)]
    if not MIN_SIZE_MM <= value <= MAX_SIZE_MM:
        raise StickerError(
            f"size {text!r} is {value:g} mm; codes must be {MIN_SIZE_MM:g}-{MAX_SIZE_MM:g} mm wide"
        )
    return value


@dataclass(frozen=True)
class SheetLayout:
    """Where each sticker goes, in PDF points (origin bottom-left, as in the PDF itself)."""

    page_width: float
    page_height: float
    size: float  # the code's pattern, points

    @property
    def module(self) -> float:
        return self.size / QR_MODULES

    @property
    def code_box(self) -> float:
        """Side of the white square: pattern plus quiet zone."""
        return self.size + 2 * QUIET_MODULES * self.module

    @property
    def label_font_size(self) -> float:
        return float(max(4.5, min(7.0, self.size / mm * 0.4)))

    @property
    def label_height(self) -> float:
        return float((LABEL_MAX_LINES * 1.15 + 1.8) * self.label_font_size)

    @property
    def cell_width(self) -> float:
        return float(max(self.code_box, 16 * mm))

    @property
    def cell_height(self) -> float:
        return self.code_box + self.label_height

    @property
    def columns(self) -> int:
        return int((self.page_width - 2 * MARGIN) // self.cell_width)

    @property
    def rows(self) -> int:
        return int((self.page_height - 2 * MARGIN) // self.cell_height)

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def grid_left(self) -> float:
        return (self.page_width - self.columns * self.cell_width) / 2

    @property
    def grid_top(self) -> float:
        return (self.page_height + self.rows * self.cell_height) / 2

    def pages(self, count: int) -> int:
        return -(-count // self.per_page)

    def cell(self, index: int) -> tuple[int, float, float]:
        """(page, x, y) of sticker ``index``'s cell, bottom-left corner."""
        page, slot = divmod(index, self.per_page)
        row, col = divmod(slot, self.columns)
        x = self.grid_left + col * self.cell_width
        y = self.grid_top - (row + 1) * self.cell_height
        return page, x, y

    def code_rect(self, index: int) -> tuple[int, float, float, float]:
        """(page, x, y, side) of the white square holding sticker ``index``'s code."""
        page, x, y = self.cell(index)
        return page, x + (self.cell_width - self.code_box) / 2, y + self.label_height, self.code_box

    def label_rect(self, index: int) -> tuple[int, float, float, float, float]:
        """(page, x, y, width, height) of the label area under the code."""
        page, x, y = self.cell(index)
        return page, x, y, self.cell_width, self.label_height


def layout_for(paper: str = "a4", size_mm: float = DEFAULT_SIZE_MM) -> SheetLayout:
    if paper not in PAPERS:
        raise StickerError(f"unknown paper {paper!r}; expected one of {', '.join(PAPERS)}")
    width, height = PAPERS[paper]
    return SheetLayout(width, height, size_mm * mm)


def wrap_label(name: str, width: float, font_size: float) -> tuple[list[str], float]:
    """Break ``name`` into at most three lines that fit ``width``, shrinking the font if needed."""
    size = font_size
    while True:
        lines: list[str] = []
        for word in name.split():
            if lines and stringWidth(f"{lines[-1]} {word}", LABEL_FONT, size) <= width:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        fits = all(stringWidth(line, LABEL_FONT, size) <= width for line in lines)
        if (fits and len(lines) <= LABEL_MAX_LINES) or size <= 3.5:
            return lines[:LABEL_MAX_LINES], size
        size -= 0.25


def draw_code(canvas: Canvas, payload: str, x: float, y: float, layout: SheetLayout) -> None:
    """The white quiet-zone square and the dark modules, as one filled path (no seams between
    modules when a viewer anti-aliases) with horizontal runs merged."""
    canvas.setFillGray(1)
    canvas.rect(x, y, layout.code_box, layout.code_box, stroke=0, fill=1)
    matrix = qr_matrix(payload)
    module = layout.module
    left = x + QUIET_MODULES * module
    top = y + layout.code_box - QUIET_MODULES * module
    path = canvas.beginPath()
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                path.rect(left + start * module, top - (r + 1) * module, (c - start) * module, module)
            else:
                c += 1
    canvas.setFillGray(0)
    canvas.drawPath(path, stroke=0, fill=1)


def draw_sticker(canvas: Canvas, sticker: Sticker, index: int, layout: SheetLayout) -> None:
    """One sticker in its cell: the code, the card's name (wrapped) and the small caption."""
    _, cx, cy, _ = layout.code_rect(index)
    draw_code(canvas, sticker.payload, cx, cy, layout)
    _, lx, ly, lw, lh = layout.label_rect(index)
    lines, size = wrap_label(sticker.name, lw - 2 * mm, layout.label_font_size)
    canvas.setFillGray(0)
    canvas.setFont(LABEL_FONT, size)
    baseline = ly + lh - size * 1.0
    for line in lines:
        canvas.drawCentredString(lx + lw / 2, baseline, line)
        baseline -= size * 1.15
    canvas.setFillGray(0.35)
    canvas.setFont(CODE_FONT, max(3.5, layout.label_font_size * 0.7))
    canvas.drawCentredString(lx + lw / 2, ly + 0.3 * layout.label_font_size, sticker.caption)


def draw_cut_marks(canvas: Canvas, layout: SheetLayout, first: int, used: int) -> None:
    """Light dashed cut lines around each used cell (drawn over the stickers' white squares, which
    reach the cell's edge), and black crop marks outside the grid."""
    canvas.setLineWidth(0.3)
    canvas.setStrokeGray(CUT_GREY)
    canvas.setDash(1.5, 1.5)
    for index in range(first, first + used):
        _, x, y = layout.cell(index)
        canvas.rect(x, y, layout.cell_width, layout.cell_height, stroke=1, fill=0)
    canvas.setDash()
    rows = -(-used // layout.columns)
    cols = layout.columns if rows > 1 else used
    left, top = layout.grid_left, layout.grid_top
    right = left + cols * layout.cell_width
    bottom = top - rows * layout.cell_height
    xs = [left + c * layout.cell_width for c in range(cols + 1)]
    ys = [top - r * layout.cell_height for r in range(rows + 1)]
    canvas.setStrokeGray(0)
    mark, gap = 4 * mm, 1.5 * mm
    for x in xs:
        canvas.line(x, top + gap, x, top + gap + mark)
        canvas.line(x, bottom - gap, x, bottom - gap - mark)
    for y in ys:
        canvas.line(left - gap, y, left - gap - mark, y)
        canvas.line(right + gap, y, right + gap + mark, y)


def draw_page_furniture(canvas: Canvas, layout: SheetLayout, page: int, pages: int) -> None:
    """Title line and the 50 mm scale bar that tells whether the sheet was printed at 100 %."""
    canvas.setFillGray(0)
    canvas.setFont(CODE_FONT, 7)
    canvas.drawString(
        MARGIN, layout.page_height - 7 * mm,
        f"Ankh-Morpork companion stickers - page {page}/{pages} - codes "
        f"{layout.size / mm:g} mm - print at 100 % (actual size)",
    )
    y = 6 * mm
    canvas.setLineWidth(0.6)
    canvas.line(MARGIN, y, MARGIN + SCALE_BAR, y)
    canvas.line(MARGIN, y - 1 * mm, MARGIN, y + 1 * mm)
    canvas.line(MARGIN + SCALE_BAR, y - 1 * mm, MARGIN + SCALE_BAR, y + 1 * mm)
    canvas.drawString(MARGIN + SCALE_BAR + 2 * mm, y - 2.5, "this bar is 50 mm long")


class ProgressBar:
    """A one-line bar redrawn in place on a terminal; a single final line when not a terminal."""

    def __init__(self, total: int, stream: TextIO, label: str = "stickers", width: int = 30) -> None:
        self.total = total
        self.stream = stream
        self.label = label
        self.width = width
        self.is_tty = bool(getattr(stream, "isatty", lambda: False)())

    def line(self, done: int) -> str:
        filled = self.width * done // self.total if self.total else self.width
        return f"[{'#' * filled}{'.' * (self.width - filled)}] {done}/{self.total} {self.label}"

    def update(self, done: int) -> None:
        if self.is_tty:
            self.stream.write("\r" + self.line(done))
            self.stream.flush()

    def finish(self) -> None:
        self.stream.write(("\r" if self.is_tty else "") + self.line(self.total) + "\n")
        self.stream.flush()


def write_pdf(
    out: str,
    items: Sequence[Sticker],
    layout: SheetLayout,
    progress: ProgressBar | None = None,
) -> int:
    """Write the sheet to ``out``; return the number of pages."""
    pages = layout.pages(len(items))
    canvas = Canvas(out, pagesize=(layout.page_width, layout.page_height))
    canvas.setTitle("Ankh-Morpork companion QR stickers")
    canvas.setAuthor("ankh-companion")
    canvas.setSubject(f"{len(items)} stickers, codes {layout.size / mm:g} mm")
    for page in range(pages):
        first = page * layout.per_page
        on_page = items[first : first + layout.per_page]
        draw_page_furniture(canvas, layout, page + 1, pages)
        for offset, sticker in enumerate(on_page):
            draw_sticker(canvas, sticker, first + offset, layout)
            if progress is not None:
                progress.update(first + offset + 1)
        draw_cut_marks(canvas, layout, first, len(on_page))
        canvas.showPage()
    canvas.save()
    if progress is not None:
        progress.finish()
    return pages


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ankh-companion stickers", description="Write a printable PDF of QR stickers for the cards."
    )
    parser.add_argument("--out", required=True, help="the PDF to write")
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4")
    parser.add_argument("--size", default=f"{DEFAULT_SIZE_MM:g}mm",
                        help=f"width of each code, {MIN_SIZE_MM:g}-{MAX_SIZE_MM:g} mm (default 15mm)")
    parser.add_argument("--only", choices=list(ONLY), help="print one kind only")
    parser.add_argument("--game", choices=["ankh-morpork", "ankh-morpoly"], default="ankh-morpork",
                        help="whose cards: the first game's (default) or Ankh-Morpoly's Chance and Community Chest")
    parser.add_argument("--edition", choices=["us", "de", "de-dm"], default=None,
                        help="with --game ankh-morpoly: one edition's decks (default: every edition)")
    return parser


def main(argv: list[str]) -> int:
    """Exit status 0 written, 2 bad arguments, 1 the file could not be written."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        layout = layout_for(args.paper, parse_size(args.size))
    except StickerError as exc:
        sys.stderr.write(f"ankh-companion stickers: {exc}\n")
        return 2
    if args.game == "ankh-morpoly":
        items = morpoly_stickers(args.edition)
    else:
        items = stickers(ONLY[args.only] if args.only else None)
    try:
        pages = write_pdf(args.out, items, layout, ProgressBar(len(items), sys.stderr))
    except OSError as exc:
        sys.stderr.write(f"ankh-companion stickers: cannot write {args.out!r}: {exc}\n")
        return 1
    sys.stdout.write(
        f"wrote {args.out}: {len(items)} stickers on {pages} page{'s' if pages != 1 else ''} "
        f"({args.paper}, codes {layout.size / mm:g} mm)\n"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
