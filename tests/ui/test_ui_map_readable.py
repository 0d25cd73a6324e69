"""Readable at arm's length (issue 14): the counts and marks on the map stand at least 20 px tall at
800×480, measured in the drawn frame; each colour has its own shape; greyed reasons have a WCAG
contrast of at least 4.5:1; and a whole turn — which minion to assassinate included — is answered by
touches on the map (no key events)."""
from __future__ import annotations

from typing import Any

from ui.palette import PLAYER_RGB, REASON_TEXT_RGB, SHAPE, UNAVAILABLE_BG_RGB, contrast_ratio


def _ink_height(image: Any, box: tuple[int, int, int, int], background: tuple[int, int, int]) -> int:
    """Rows of the box (left, top, right, bottom in image pixels) holding pixels that differ clearly
    from the chip's background: the height of the drawn glyphs."""
    left, top, right, bottom = box
    rows = []
    for y in range(top, bottom):
        for x in range(left, right):
            r, g, b = image.getpixel((x, y))
            if abs(r - background[0]) + abs(g - background[1]) + abs(b - background[2]) > 120:
                rows.append(y)
                break
    return (max(rows) - min(rows) + 1) if rows else 0


def test_counts_and_marks_are_at_least_20_px_tall_in_a_busy_game(driver: Any) -> None:
    """20 px where the chips fit at full size; an area too small for its chips at full size
    (Dolly Sisters' crescent with four colours and the trouble marker, the Isle of Gods with four
    chips) sets them a little smaller,
    at least 15 px (:data:`ui.mapwidget.FULL_MAP_CHIP_SCALE`), rather than let them stand out of
    the area (test_ui_map_fit)."""
    from PIL import Image
    from ui.mapwidget import COUNT_FONT_PX, FULL_MAP_CHIP_SCALE
    from ui.screenshots import busy_game
    d = driver
    busy_game(d.app)
    d.app.show("table")
    d.frames(4)
    m = d.screen.ids.map
    state = d.app.game.state
    pieces = {t.piece for tokens in m.tokens.values() for t in tokens}
    assert {"red", "yellow", "green", "blue", "building", "trouble", "troll", "demon"} <= pieces, pieces
    shot = Image.open(d.screenshot(d.app.data_dir / "busy.png")).convert("RGB")
    measured = {}
    for tokens in m.tokens.values():
        for token in tokens:
            wx, wy = token.to_window(token.x, token.y)
            box = (int(wx) + 1, int(d.window.height - wy - token.height) + 1,
                   int(wx + token.width) - 1, int(d.window.height - wy) - 1)
            height = _ink_height(shot, box, (255, 252, 242))
            measured[(token.area, token.piece)] = height
            if token.font_size >= COUNT_FONT_PX:
                assert height >= 20, (token, height)
                assert token.texture_size[1] >= 20
            else:
                # 20 px scaled down, less a pixel of rounding in the drawn glyph
                assert token.font_size >= COUNT_FONT_PX * FULL_MAP_CHIP_SCALE - 0.01, token
                assert height >= int(20 * FULL_MAP_CHIP_SCALE) - 1, (token, height)
    full = [t for tokens in m.tokens.values() for t in tokens if t.font_size >= COUNT_FONT_PX]
    assert len(full) >= 20  # the exception, not the rule
    # each count is the table's count, next to the colour's own shape
    for area_id, tokens in m.tokens.items():
        for token in tokens:
            if token.piece in PLAYER_RGB:
                n = state.areas[area_id].minion_count(token.piece)
                assert f"{SHAPE[token.piece]}[/color]" in token.text
                assert (f"]{n}[/color]" in token.text) == (n > 1)  # one piece: the mark alone
    assert len(set(SHAPE.values())) == len(PLAYER_RGB)
    assert len(measured) >= 20


def test_greyed_reasons_have_a_contrast_of_at_least_4_5() -> None:
    assert contrast_ratio(REASON_TEXT_RGB, UNAVAILABLE_BG_RGB) >= 4.5
    assert abs(contrast_ratio((0, 0, 0), (1, 1, 1)) - 21.0) < 1e-9  # the formula, checked at its ends


def test_a_greyed_option_is_drawn_in_the_palette_colours(driver: Any) -> None:
    d = driver
    d.app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    d.app.on_die_roll(1, "manual")
    for value in ("vetinari", "rust", "vimes", "captain-carrot"):
        d.app.answer(value)
    d.frames(3)
    greyed = [b for b in d.panel().buttons if b.disabled]
    assert greyed, "Captain Carrot's minion: some areas are refused with a reason"
    for button in greyed:
        assert tuple(button.disabled_color[:3]) == REASON_TEXT_RGB
        assert tuple(button.background_color[:3]) == UNAVAILABLE_BG_RGB and button.background_disabled_normal == ""


def test_a_whole_turn_answered_by_taps_on_the_map(driver: Any) -> None:
    """Ann plays The Agony Aunts (assassinate, $2, a minion): the card is tapped in the list, the
    victim (a yellow minion among three colours in The Shades) by its chip on the map, the new
    minion's area by a tap on the area; the rest by buttons. Only touches; no key event."""
    d = driver
    keys: list[Any] = []
    d.window.bind(on_key_down=lambda *a: keys.append(a))
    d.app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    d.app.on_die_roll(1, "manual")
    for personality in ("vetinari", "rust", "vimes"):
        d.app.answer(personality)
    d.app.show("turn")
    d.frames(3)
    d.choose("the-agony-aunts")
    m = d.screen.ids.map
    taps_on_map = 0
    asked = []
    for _ in range(20):
        q = d.app.game.question
        asked.append(q.key if q else None)
        if q is None or q.key == "turn.end":
            break
        d.frames(2)
        if q.key == "symbol.assassinate":
            assert "the-shades/yellow" in q.options and "the-shades/green" in q.options
            before = d.app.game.seq
            d.tap_at(*m.to_window(*m.area_centre_px("the-shades")))  # the area alone is ambiguous
            assert d.app.game.seq == before and "The Shades" in d.app.message
            chip = next(t for t in m.tokens["the-shades"] if t.piece == "yellow")
            d.tap_at(*chip.to_window(*chip.center))
            taps_on_map += 1
        elif q.key == "symbol.minion":
            d.tap_at(*m.to_window(*m.area_centre_px("dimwell")))
            taps_on_map += 1
        elif "/" in "".join(q.options) or any(o in m.drawn_polygons for o in q.options):
            raise AssertionError(f"a map question not answered on the map: {q.key}")
        else:
            d.choose(next(o for o in ("take", "none", "skip") if o in q.options))
    state = d.app.game.state
    assert taps_on_map == 2, asked
    assert state.areas["the-shades"].minion_count("yellow") == 0
    assert state.areas["the-shades"].minion_count("green") == 1
    assert state.areas["dimwell"].minion_count("red") == 1
    d.choose("end-turn")
    assert d.app.game.state.active_player == "yellow"
    assert keys == []
