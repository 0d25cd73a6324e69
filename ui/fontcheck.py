"""Which characters a TrueType font has glyphs for, read from its ``cmap`` table.

Kivy has no font fallback: a character the bundled font lacks shows as an empty box. The app only
uses symbols this module finds in ``ui/fonts/DejaVuSans.ttf``, and a test checks every translated
string and every symbol against it.
"""
from __future__ import annotations

import struct
from pathlib import Path


def covered_codepoints(path: str | Path) -> set[int]:
    """The Unicode code points mapped by the font's format-4 or format-12 cmap subtables."""
    data = Path(path).read_bytes()
    num_tables = struct.unpack(">H", data[4:6])[0]
    cmap_offset = None
    for i in range(num_tables):
        tag, _checksum, offset, _length = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        if tag == b"cmap":
            cmap_offset = offset
    if cmap_offset is None:
        raise ValueError(f"{str(path)!r} has no cmap table")
    _version, count = struct.unpack(">HH", data[cmap_offset: cmap_offset + 4])
    points: set[int] = set()
    for i in range(count):
        platform, encoding, offset = struct.unpack(">HHI", data[cmap_offset + 4 + 8 * i: cmap_offset + 12 + 8 * i])
        if platform not in (0, 3):
            continue
        sub = cmap_offset + offset
        fmt = struct.unpack(">H", data[sub: sub + 2])[0]
        if fmt == 4:
            points |= _format4(data, sub)
        elif fmt == 12:
            points |= _format12(data, sub)
    return points


def _format4(data: bytes, sub: int) -> set[int]:
    seg_x2 = struct.unpack(">H", data[sub + 6: sub + 8])[0]
    n = seg_x2 // 2
    ends = struct.unpack(f">{n}H", data[sub + 14: sub + 14 + seg_x2])
    starts_at = sub + 16 + seg_x2
    starts = struct.unpack(f">{n}H", data[starts_at: starts_at + seg_x2])
    deltas = struct.unpack(f">{n}h", data[starts_at + seg_x2: starts_at + 2 * seg_x2])
    ranges_at = starts_at + 2 * seg_x2
    range_offsets = struct.unpack(f">{n}H", data[ranges_at: ranges_at + seg_x2])
    points: set[int] = set()
    for seg in range(n):
        for code in range(starts[seg], ends[seg] + 1):
            if code == 0xFFFF:
                continue
            if range_offsets[seg] == 0:
                glyph = (code + deltas[seg]) & 0xFFFF
            else:
                at = ranges_at + 2 * seg + range_offsets[seg] + 2 * (code - starts[seg])
                glyph = struct.unpack(">H", data[at: at + 2])[0]
                if glyph:
                    glyph = (glyph + deltas[seg]) & 0xFFFF
            if glyph:
                points.add(code)
    return points


def _format12(data: bytes, sub: int) -> set[int]:
    groups = struct.unpack(">I", data[sub + 12: sub + 16])[0]
    points: set[int] = set()
    for g in range(groups):
        start, end, _glyph = struct.unpack(">III", data[sub + 16 + 12 * g: sub + 28 + 12 * g])
        points.update(range(start, end + 1))
    return points


def missing(text: str, points: set[int]) -> list[str]:
    """The characters of ``text`` (whitespace aside) that the font cannot draw."""
    return sorted({ch for ch in text if not ch.isspace() and ord(ch) not in points})
