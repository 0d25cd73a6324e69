"""The ``stickers`` command: its arguments and exit statuses, the PDF it writes (read back with
poppler's pdfinfo/pdftotext), every label under the right code, and the layout's geometry."""
from __future__ import annotations

import html
import io
import re
import subprocess
from pathlib import Path

import pytest

from hardware.stickers import (
    MARGIN, ProgressBar, StickerError, layout_for, parse_size, stickers, wrap_label,
)
from ui.cli import main as cli


def pdf_pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True, timeout=120).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))  # type: ignore[union-attr]


def pdf_words(pdf: Path) -> list[tuple[int, float, float, float, float, str]]:
    """(page, x0, y0, x1, y1, word) with y measured from the top, as pdftotext -bbox gives them."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True, timeout=120).stdout
    words, page = [], -1
    for line in out.splitlines():
        if "<page " in line:
            page += 1
        m = re.search(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)</word>', line)
        if m:
            x0, y0, x1, y1 = (float(v) for v in m.groups()[:4])
            words.append((page, x0, y0, x1, y1, html.unescape(m.group(5))))
    return words


def labels_by_cell(pdf: Path, paper: str, size_mm: float, count: int) -> list[str]:
    layout = layout_for(paper, size_mm)
    words = pdf_words(pdf)
    labels = []
    for index in range(count):
        page, x, y, w, h = layout.label_rect(index)
        top = layout.page_height - (y + h)
        inside = [wd for wd in words if wd[0] == page and x <= (wd[1] + wd[3]) / 2 <= x + w
                  and top <= (wd[2] + wd[4]) / 2 <= top + h]
        inside.sort(key=lambda wd: (round(wd[2]), wd[1]))
        labels.append(" ".join(wd[5] for wd in inside))
    return labels


def test_the_sheet_has_132_codes_each_labelled_with_its_name(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    pdf = tmp_path / "stickers.pdf"
    assert cli(["stickers", "--out", str(pdf)]) == 0
    out, err = capsys.readouterr()
    assert out == f"wrote {pdf}: 132 stickers on 2 pages (a4, codes 15 mm)\n"
    assert err.rstrip().endswith("] 132/132 stickers")
    assert pdf_pages(pdf) == 2
    expected = [f"{s.name} {s.caption}" for s in stickers()]
    assert labels_by_cell(pdf, "a4", 15, 132) == expected
    assert "Mr Bent card MR-BENT" in expected and "Lord Vetinari personality VETINARI" in expected


def test_only_one_kind_letter_paper_and_a_bigger_size(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    pdf = tmp_path / "personalities.pdf"
    assert cli(["stickers", "--out", str(pdf), "--paper", "letter", "--size", "3cm", "--only", "personalities"]) == 0
    assert "7 stickers on 1 page (letter, codes 30 mm)" in capsys.readouterr().out
    assert pdf_pages(pdf) == 1
    labels = labels_by_cell(pdf, "letter", 30, 7)
    assert labels[0] == "Lord Vetinari personality VETINARI"
    assert labels[-1] == "Commander Vimes personality VIMES"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "5mm"], "'5mm'"),
        (["--size", "huge"], "'huge'"),
        (["--paper", "a3"], "invalid choice: 'a3'"),
        (["--only", "minions"], "invalid choice: 'minions'"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(tmp_path: Path, capsys, args: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    pdf = tmp_path / "x.pdf"
    assert cli(["stickers", "--out", str(pdf), *args]) == 2
    assert message in capsys.readouterr().err
    assert not pdf.exists()


def test_missing_out_exits_2(capsys) -> None:  # type: ignore[no-untyped-def]
    assert cli(["stickers"]) == 2
    assert "--out" in capsys.readouterr().err


def test_an_unwritable_destination_exits_1(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "no-such-folder" / "stickers.pdf"
    assert cli(["stickers", "--out", str(target)]) == 1
    assert repr(str(target)) in capsys.readouterr().err


@pytest.mark.parametrize(("text", "mm"), [("15mm", 15.0), ("15", 15.0), ("1.2cm", 12.0), ("1in", 25.4), (" 20 mm ", 20.0)])
def test_sizes(text: str, mm: float) -> None:
    assert parse_size(text) == pytest.approx(mm)


@pytest.mark.parametrize("text", ["9mm", "61mm", "-15mm", "15px", ""])
def test_sizes_out_of_range_or_malformed(text: str) -> None:
    with pytest.raises(StickerError, match=re.escape(repr(text))):
        parse_size(text)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [10, 12.5, 15, 22, 40, 60])
def test_cells_stay_inside_the_margins_and_never_overlap(paper: str, size: float) -> None:
    layout = layout_for(paper, size)
    assert layout.per_page >= 1
    count = 132
    boxes = {}
    for index in range(count):
        page, x, y = layout.cell(index)
        assert MARGIN - 1e-6 <= x and x + layout.cell_width <= layout.page_width - MARGIN + 1e-6
        assert MARGIN - 1e-6 <= y and y + layout.cell_height <= layout.page_height - MARGIN + 1e-6
        key = (page, round(x, 3), round(y, 3))
        assert key not in boxes
        boxes[key] = index
        _, cx, cy, side = layout.code_rect(index)
        assert x <= cx and cx + side <= x + layout.cell_width + 1e-6 and y <= cy
    assert layout.pages(count) == max(p for p, _, _ in boxes) + 1


def test_long_names_wrap_to_three_lines_that_fit() -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines, size = wrap_label("The Ankh Morpork Sunshine Dragon Sanctuary", 45, 6)
    assert 1 < len(lines) <= 3
    assert " ".join(lines) == "The Ankh Morpork Sunshine Dragon Sanctuary"
    assert all(stringWidth(line, "Helvetica-Bold", size) <= 45 for line in lines)


def test_progress_bar_redraws_in_place_on_a_terminal() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    bar = ProgressBar(4, stream, width=8)
    for done in range(1, 5):
        bar.update(done)
    bar.finish()
    text = stream.getvalue()
    assert text.count("\r") == 5 and text.endswith("\r[########] 4/4 stickers\n")
    assert "\r[##......] 1/4 stickers" in text
