"""Home's resume button never ends a line with a player's colour mark and starts the next with
that player's name (found in a real window: "▶ Weiterspielen: ● Ann, ▲" / "Bob, ■ Cy"). Kivy,
left to wrap the text, breaks where the markup changes; the button sets its own lines. Checked on
the lines Kivy actually lays out for the button, in all four languages, with short and long names
and in colour-blind mode (each colour its own shape)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from kivy.core.text.markup import MarkupLabel

from tests.ui.conftest import Driver, start_app, stop_app
from ui.palette import piece_mark
from ui.screens.home import wrap_markup

COLORS = ["red", "yellow", "green", "blue"]
NAME_SETS = (["Ann", "Bob", "Cy"], ["Ann", "Bob", "Cy", "Dee"],
             ["Bartholomäus", "Konstantinopel", "Wilhelmine", "Max"], ["Jo", "Wilhelmina-Sophie", "Li", "Maximiliane"])
MARKS = {piece_mark(c, blind) for c in COLORS for blind in (False, True)}


def laid_out_lines(button: Any) -> list[list[str]]:
    """The words of each line as Kivy lays out the button's text (its font, size and wrapping width)."""
    label = MarkupLabel(text=button.text, font_size=button.font_size, font_name=button.font_name,
                        halign=button.halign, text_size=(button.text_size[0], None))
    label.refresh()
    lines = []
    for line in label._cached_lines:
        words = "".join(word.text for word in line.words).split()
        if words:
            lines.append(words)
    return lines


def split_marks(lines: list[list[str]]) -> list[tuple[str, str]]:
    """Each line that ends with a mark, with the line after it."""
    return [(" ".join(line), " ".join(lines[i + 1]) if i + 1 < len(lines) else "")
            for i, line in enumerate(lines) if line[-1] in MARKS]


@pytest.mark.parametrize("language", ["en", "de", "pl", "it"])
def test_a_mark_and_its_name_stay_on_one_line(tmp_path: Path, language: str) -> None:
    for blind in (False, True):
        app = start_app(tmp_path / f"data-{blind}", language=language, colorblind=blind)
        d = Driver(app)
        try:
            d.frames(3)
            home = app.manager.get_screen("home")
            for names in NAME_SETS:
                app.start_game(COLORS[:len(names)], names, "en")
                app.show("home")
                d.frames(3)
                button = home.ids.resume
                lines = laid_out_lines(button)
                text = " ".join(" ".join(line) for line in lines)
                assert all(name in text for name in names), (language, names, lines)
                assert split_marks(lines) == [], (language, blind, names, lines)
                assert len(lines) == len(button.text.split("\n")), lines  # the button's lines, not Kivy's
        finally:
            stop_app(app)


def test_wrap_markup_breaks_only_at_spaces_and_keeps_no_break_spaces() -> None:
    from ui.kivy_env import prepare
    prepare()
    mark = "[color=#db332e]●[/color]\u00a0Ann,"
    text = "▶ Resume: " + " ".join([mark] * 6) + "\nturn 3"
    lines = wrap_markup(text, 15, "Roboto", 120).split("\n")
    assert len(lines) > 3 and lines[-1] == "turn 3"
    assert all(not line.endswith("[/color]") for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace("\n", "").replace(" ", "")  # nothing lost


def test_wrap_markup_measures_a_paragraph_that_fits_once(monkeypatch: Any) -> None:
    """Home builds its finished games' lines by :func:`wrap_markup` every time it is shown: each word
    was measured with the line before it, also in a paragraph that fits whole (twenty finished tables
    of eight: some 500 texts rendered). A paragraph that fits is measured once; one that does not is
    broken as before."""
    import ui.screens.home as home
    from ui.kivy_env import prepare
    prepare()
    measured: list[str] = []
    width = home.text_width

    def counted(text: str, font_size: float, font_name: str) -> float:
        measured.append(text)
        return width(text, font_size, font_name)

    monkeypatch.setattr(home, "text_width", counted)
    short = "2026-12-03 Ankh-Morpoly · ★ Hedwig\n[color=#db332e]●[/color]\u00a0Ann $1,198"
    assert wrap_markup(short, 15, "Roboto", 600) == short
    assert len(measured) == 2  # one measure a paragraph
    measured.clear()
    long = " ".join(["[color=#db332e]●[/color]\u00a0Ann $1,198"] * 8)
    lines = wrap_markup(long, 15, "Roboto", 200).split("\n")
    assert len(lines) > 2 and "".join(lines).replace(" ", "") == long.replace(" ", "")
