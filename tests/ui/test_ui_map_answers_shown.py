"""A piece that answers the question on screen is always drawn on the map, with its ring, and the ring
stays inside its area. Found playing by touch: in a crowded area the "+n" chip (more pieces than fit)
swallowed the very demon the question asked about, so it had no ring and could not be tapped; and a
ring round a chip pressed against an area's border was drawn across the border.

Drawn in a real window on the two map sizes the screens use at 800×480, in all four languages, every
area as crowded as the finding's; the piece asked about is the one that folds into "+n" first (the
last chip). A finger then taps the ringed chip, and the map says that piece was tapped."""
from __future__ import annotations

from typing import Any

import pytest

from companion.morpork.board import AREA_IDS
from tests.ui.test_ui_map_fit import LANGUAGES, _box_inside, _box_touches, _pieces, crowded, draw  # noqa: F401


def draw_asked(draw: Any, size: str, language: str, piece: str) -> Any:  # noqa: F811
    """The crowded map, asked which ``piece`` to take (an ``area/piece`` option in every area)."""
    state = crowded()
    m = draw(size, language, state)
    m.options = [f"{area_id}/{piece}" for area_id in AREA_IDS]
    m.redraw()
    for _ in range(200):
        if not m.labelling:
            break
        from kivy.base import EventLoop
        EventLoop.idle()
    assert not m.labelling
    return m


@pytest.mark.parametrize("size", ["turn", "journal"])
def test_a_piece_that_answers_is_never_folded_into_plus_n(draw: Any, size: str) -> None:  # noqa: F811
    folded_somewhere = False
    for language in LANGUAGES:
        m = draw_asked(draw, size, language, "demon")
        for area_id in AREA_IDS:
            pieces = [t.piece for t in m.tokens[area_id]]
            folded_somewhere |= "more" in pieces
            assert "demon" in pieces, (language, size, area_id, pieces)
            demon = next(t for t in m.tokens[area_id] if t.piece == "demon")
            assert demon.ring is not None  # ringed: the answer a finger looks for
            assert _pieces(m, area_id) == 10  # every piece still told: drawn, or counted in "+n"
    assert folded_somewhere, "no area was crowded enough to fold: the test would prove nothing"


def test_the_ringed_piece_in_a_folded_area_answers_a_tap(draw: Any, driver: Any) -> None:  # noqa: F811
    m = draw_asked(draw, "journal", "de", "demon")
    tapped: list[tuple[str, str]] = []
    m.bind(on_piece_tap=lambda _m, area_id, piece: tapped.append((area_id, piece)) or True)
    area_id = next(a for a in AREA_IDS if any(t.piece == "more" for t in m.tokens[a]))
    demon = next(t for t in m.tokens[area_id] if t.piece == "demon")
    driver.tap_at(*demon.to_window(*demon.center))
    assert tapped == [(area_id, "demon")]


PIECES = ("red", "yellow", "green", "building", "trouble", "demon")


@pytest.mark.parametrize("size", ["turn", "journal"])
def test_the_ring_stays_inside_its_area(draw: Any, size: str) -> None:  # noqa: F811
    """Each area asked about another kind of piece (all six kinds on each map), in every language:
    each ring's box lies inside its area's outline and off the Isle of Gods, as the chips do, and
    shows at least 2 px round the chip's background on every side (where the ring has no room to
    stand off, the background gives way)."""
    for language in LANGUAGES:
        m = draw(size, language, crowded())
        m.options = [f"{area_id}/{PIECES[n % len(PIECES)]}" for n, area_id in enumerate(AREA_IDS)]
        m.redraw()
        while m.labelling:
            from kivy.base import EventLoop
            EventLoop.idle()
        isle = m.drawn_polygons["isle-of-gods"]
        ringed = 0
        for area_id in AREA_IDS:
            for token in m.tokens[area_id]:
                if token.ring is None:
                    continue
                ringed += 1
                x, y, w, h = token.ring
                box = (x + 0.25, y + 0.25, w - 0.5, h - 0.5)  # rounding slack, as for the chips
                inside = _box_inside(box, m.drawn_polygons[area_id])
                if area_id != "isle-of-gods":
                    inside = inside and not _box_touches(box, isle)
                assert inside, (language, size, area_id, token.piece, token.ring)
                bx, by, bw, bh = token.background
                shows = min(bx - x, by - y, x + w - bx - bw, y + h - by - bh)
                assert shows >= 1.9, (language, size, area_id, token.piece, token.ring, token.background)
        assert ringed == len(AREA_IDS)
