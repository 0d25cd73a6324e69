"""The README shows the screens as they are: every picture it links is in ``docs/screenshots/``, and
every screen ``python3 -m ui.screenshots`` shoots is there in English and German (issue 14: "screenshots
at 800×480 of every changed screen in English and German")."""
from __future__ import annotations

import re
import struct
from pathlib import Path

from ui.screenshots import SCREENS

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"


def _size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_every_picture_the_readme_links_exists() -> None:
    linked = re.findall(r"docs/screenshots/([\w.-]+\.png)", (ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(linked) >= 10
    missing = [name for name in linked if not (SHOTS / name).is_file()]
    assert not missing, missing


def test_every_screen_is_shot_in_english_and_german_at_800_by_480() -> None:
    for screen in SCREENS:
        for language in ("en", "de"):
            path = SHOTS / f"{screen}-{language}.png"
            assert path.is_file(), path.name
            assert _size(path) == (800, 480), path.name
