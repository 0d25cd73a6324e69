"""A square of the ring with four houses (or a hotel) and the Wizards' and the Fools' "⇄n" marks of
two tokens, at a table of four (800×480), in English and German: the square's text stays inside its
cell and every mark is drawn.

The position is reached the way a table's journal holds it (seeded random legal play fed through
the session, :func:`test_ui_morpoly_at_the_table._feed`), then the app opened on it and "resume"
tapped."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from kivy.metrics import dp

from companion.morpoly.board_view import opposite_pairs
from companion.morpoly.layout import opposite
from companion.morpoly.state import HOTEL
from ui.screens.morpoly.board import FRAME_ROOM
from ui.screens.morpoly.common import HOTEL_MARK
from tests.ui.test_ui_morpoly_at_the_table import _feed, _resumed

NAMES = ["Anna", "Bernd", "Clara", "Dora"]


def _marks(game: Any) -> dict[int, list[str]]:
    """The parties of the "⇄n" marks each square shows (a token's on its own square and on the
    opposite one), one per mark."""
    marks: dict[int, list[str]] = {}
    for pair in opposite_pairs(game.state):
        for square in (pair.square, pair.opposite):
            marks.setdefault(square, []).append(game.state.token(pair.token).party)
    return marks


def _crowded(game: Any) -> list[int]:
    """Squares with four houses or a hotel and the "⇄n" marks of two or more parties."""
    state = game.state
    return [s for s, parties in _marks(game).items()
            if len(set(parties)) >= 2 and s in state.squares and state.squares[s].houses >= 4]


def _at_a_crowded_square(game: Any) -> bool:
    return game.question is not None and game.question.key == "morpoly.turn.menu" and bool(_crowded(game))


def _drawn(cell: Any) -> list[tuple[str, float]]:
    """Each line Kivy drew in the square (after its wrapping), with its width in pixels."""
    cell.texture_update()
    return [("".join(word.text for word in line.words), float(line.w)) for line in cell._label._cached_lines]


@pytest.mark.parametrize(("language", "seed"), [("en", 2081), ("de", 2081), ("en", 212), ("de", 212)])
def test_a_built_square_with_two_pairing_marks_fits_its_cell(tmp_path: Path, request: Any, language: str,
                                                             seed: int) -> None:
    """Seed 2081 (US set): Oriental Avenue's and Atlantic Avenue's hotels opposite each other, each with
    the marks of a red and a green token; seed 212: Baltic Avenue with four houses and the marks of a
    red and a blue token (found under rules revision 12; seeds 14 and 106 found such squares under
    revision 11, 48 and 38 before rules revision 11's purchase by raising; under revision 12 seed 14's
    game ends first and seed 106's Baltic Avenue has a hotel). Each such square's lines, as Kivy drew them, are no
    wider than the square inside its owner's frame and all together no taller than the square; its
    number, what is built, every token's arrow and the opposite square's number are drawn. Four
    houses and "⇄21⇄21" were 40 px in a 43 px square, over its 5 px frame at both sides, and the
    square's number was dropped (Kivy drops a centred text's first line when it is too tall)."""
    data = tmp_path / "data"
    _feed(data, NAMES, {"edition": "us"}, _at_a_crowded_square, seed=seed)
    with _resumed(request, data, language) as (app, d):
        d.frames(3)
        crowded = _crowded(app.game)
        assert crowded
        marks = _marks(app.game)
        d.screenshot(tmp_path / f"ring-{language}-{seed}.png")  # to look at (pytest --basetemp DIR keeps it)
        for square in crowded:
            cell = d.screen.cells[square]
            lines = _drawn(cell)
            room = cell.width - 2 * dp(FRAME_ROOM)
            assert all(width <= room for _text, width in lines), (square, lines, room)
            assert sum(line.h for line in cell._label._cached_lines) <= cell.height, (square, lines, cell.height)
            drawn = "".join(text for text, _width in lines)
            houses = app.game.state.squares[square].houses
            assert drawn.count("⌂") == (0 if houses == HOTEL else houses), (square, drawn)
            assert (app.t(HOTEL_MARK) in drawn) == (houses == HOTEL), (square, drawn)
            assert drawn.count("⇄") == len(marks[square]) and f"⇄{opposite(square)}" in drawn, (square, drawn)
            assert drawn.startswith(str(square)), (square, drawn)
