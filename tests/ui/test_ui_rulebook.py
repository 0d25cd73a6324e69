"""The rulebook one long-press away, in a real Kivy window driven by touch only: a finger held on an
area of the map, a card button or the played card opens the governing paragraph of the table's own
rulebook (here the Polish one), a long press never also taps, and Settings searches the book with
the on-screen keyboard. The docs' screenshots of the popup come from ``python3 -m ui.screenshots``."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.morpork.catalog import CARD_BY_ID
from tests.ui.conftest import Driver, start_app, stop_app
from ui.rulebook_view import HOLD, RulebookPopup, RulebookSearch

LONG = HOLD + 0.3
"""How long the test's finger rests: past the hold, so Kivy's Clock fires the long press."""


@pytest.fixture
def table(tmp_path: Path, request: Any) -> Iterator[Driver]:
    """An app in the language the test names (Polish unless told), set up by taps: two players,
the first player rolled, personalities dealt."""
    language = getattr(request, "param", "pl")
    app = start_app(tmp_path / "data", language=language, edition=language)
    d = Driver(app)
    d.frames(3)
    try:
        app.start_game(["red", "yellow"], ["Ala", "Bartek"], language)
        d.frames(2)
        faces = iter([1, 12, 5, 9])  # the German book has everyone roll: no tie
        while app.game.question.kind == "roll":
            pad = [w for w in d.panel().walk() if w.__class__.__name__ == "DiePad"][0]
            d.tap(pad.face_buttons[next(faces)])
        for personality in ("vetinari", "vimes"):
            d.tap(d.panel().buttons[0])  # the privacy gate
            d.tap(d.option(personality))
        assert d.screen.name == "turn" and app.game.question.key == "turn.play-card"
        yield d
    finally:
        stop_app(app)


def popup(d: Driver) -> Any:
    shown = [w for w in d.window.children if isinstance(w, (RulebookPopup, RulebookSearch))]
    return shown[0] if shown else None


def long_press(d: Driver, widget: Any) -> None:
    """A finger held on a widget past the hold (scrolled into view first, as ``Driver.tap`` does)."""
    parent = widget.parent
    while parent is not None and parent is not d.window:
        if parent.__class__.__name__ == "ScrollView":
            parent.scroll_to(widget, padding=0, animate=False)
            d.frames(2)
            break
        parent = parent.parent
    d.tap_at(*widget.to_window(*widget.center), hold=LONG)


def long_press_area(d: Driver, area_id: str) -> None:
    m = d.screen.ids.map
    d.tap_at(*m.to_window(*m.area_centre_px(area_id)), hold=LONG)


def close(d: Driver) -> None:
    """Tap the popup's close button; it is gone once its closing animation has run (time, not frames:
    three fast frames came before the animation's end and the popup still stood, a flake in CI)."""
    shown = popup(d)
    d.tap(shown.close_button)
    d.wait_for(lambda: popup(d) is None, "the rulebook popup to close", seconds=5)
    assert popup(d) is None


def test_a_long_press_on_the_shades_shows_its_polish_rule(table: Driver) -> None:
    d = table
    app = d.app
    d.tap(_nav(d, "nav_table"))
    assert d.screen.name == "table"
    long_press_area(d, "the-shades")
    shown = popup(d)
    assert shown is not None, "a long press on The Shades opens the rulebook"
    assert shown.body.text.startswith("Mroki – W dowolnym momencie własnej tury można umieścić znacznik niepokojów")
    assert "Phalanx" in d.texts(shown)  # the edition it comes from
    d.screenshot(d.app.data_dir / "rulebook-pl.png")
    close(d)
    # a short tap on the map is no long press: nothing opens
    m = d.screen.ids.map
    d.tap_at(*m.to_window(*m.area_centre_px("the-shades")))
    assert popup(d) is None
    assert app.game.question.key == "turn.play-card"
    # the progress board's personality headers explain the personality
    header = next(w for w in d.screen.ids.progress.children if list(getattr(w, "topic", [])) == ["personality", "vetinari"])
    long_press(d, header)
    assert popup(d) is not None and popup(d).body.text.startswith("Lord Vetinari – wygrywa jeżeli gracz na początku")
    close(d)


def _nav(d: Driver, name: str) -> Any:
    for w in d.screen.walk():
        if name in getattr(w, "ids", {}):
            return w.ids[name]
    raise AssertionError(f"no {name} on {d.screen.name}")


def test_a_long_press_never_also_taps(table: Driver) -> None:
    """On the turn screen a long press on a card button shows the card's rules and does not play it;
    on a legal area it shows the area's rule and places nothing; the played card's label explains it."""
    d = table
    app = d.app
    question = app.game.question
    minion_card = next((c for c in question.options if CARD_BY_ID[c].symbols[:1] == ("M",)), None)
    if minion_card is None:
        pytest.skip("the first player was dealt no card that starts with a minion")
    long_press(d, d.option(minion_card))
    shown = popup(d)
    assert shown is not None and shown.kind == "card" and shown.item_id == minion_card
    assert "Nowy agent" in shown.body.text  # the Polish paragraph of the minion symbol
    assert app.game.question is question, "a long press on a card does not play it"
    close(d)
    d.tap(d.option(minion_card))
    assert app.game.question.key.startswith("symbol.minion")
    assert "the-shades" in d.screen.ids.map.options
    active = app.game.state.active_player
    before = app.game.state.areas["the-shades"].minion_count(active)
    long_press_area(d, "the-shades")
    assert popup(d) is not None and popup(d).kind == "area"
    assert app.game.state.areas["the-shades"].minion_count(active) == before, "a long press places nothing"
    close(d)
    long_press(d, d.screen.ids.card)
    assert popup(d) is not None and popup(d).item_id == minion_card
    close(d)
    long = d.screen.ids.map
    d.tap_at(*long.to_window(*long.area_centre_px("the-shades")))
    assert app.game.state.areas["the-shades"].minion_count(active) == before + 1, "a short tap still answers"


def test_a_quick_tap_after_a_slow_frame_is_still_a_tap(table: Driver) -> None:
    """Kivy's Clock counts a delay from the start of the last frame; a frame that ran longer than
    the hold (a busy Pi drawing the map) must not turn the next quick tap into a long press."""
    import time
    d = table
    m = d.screen.ids.map
    tapped: list[str] = []
    pressed: list[str] = []
    m.bind(on_area_tap=lambda _w, area: tapped.append(area))
    m.bind(on_area_long_press=lambda _w, area: pressed.append(area) or True)
    d.frames(1)
    time.sleep(LONG)  # the last frame ran past the hold
    d.tap_at(*m.to_window(*m.area_centre_px("longwall")))
    assert tapped == ["longwall"] and pressed == [], (tapped, pressed)
    assert popup(d) is None


@pytest.mark.parametrize("table", ["en", "de"], indirect=True)
def test_the_popup_in_english_and_german(table: Driver) -> None:
    d = table
    _nav_tap = _nav(d, "nav_table")
    d.tap(_nav_tap)
    long_press_area(d, "the-shades")
    shown = popup(d)
    language = d.app.lang
    expected = {"en": "The Shades – At any point in your turn", "de": "Die Schatten – Du darfst einmal pro Zug"}[language]
    assert shown is not None and shown.body.text.startswith(expected)
    # the books' words differ (once per turn, no marker there yet): the ruling this table plays shows
    ruling = {"en": "✓ This table: The Shades is used once per turn, and only in an area with a minion and no "
                    "trouble marker yet",
              "de": "✓ Dieser Tisch: Die Schatten wirken einmal pro Zug und nur in einem Bezirk mit Handlanger "
                    "und noch ohne Unruhe-Marker"}[language]
    assert ruling in shown.body.text
    d.screenshot(d.app.data_dir / f"rulebook-{language}.png")
    close(d)


def test_where_the_books_differ_the_table_s_ruling_shows(table: Driver) -> None:
    """Vimes' paragraph holds the points at the end: the Polish table scores a building twice."""
    d = table
    from ui.rulebook_view import open_rulebook
    shown = open_rulebook("personality", "vimes")
    d.frames(3)
    assert shown is not None
    text = shown.body.text
    assert "Komendant Vimes – wygrywa" in text and "Gdzie instrukcje się różnią" in text
    assert "✓ Ten stół: Na koniec gry budynek daje dwa razy tyle punktów" in text
    assert "○ Na koniec gry budynek daje tyle punktów, ile kosztował." in text
    d.screenshot(d.app.data_dir / "rulebook-ruling-pl.png")
    close(d)


def test_search_the_rulebook_from_settings_with_the_on_screen_keyboard(table: Driver) -> None:
    d = table
    d.tap(_nav(d, "nav_settings"))
    assert d.screen.name == "settings"
    d.tap(d.screen.ids.rulebook_search)
    search = popup(d)
    assert isinstance(search, RulebookSearch)
    keyboard = search.keyboard
    rows = keyboard.available_layouts[keyboard.layout]["rows"]
    letter = keyboard.layout_geometry["LINE_HINT_2"][1][1][0] * keyboard.width
    assert keyboard.height * 0.94 / rows >= 44 and letter >= 40, "keys a finger can hit"
    keys = _key_centres(keyboard)
    for letter in "pożar":  # the Polish layout, as the card search's: the word typed as written
        d.tap_at(*keys[letter])
    assert search.field.text == "pożar"
    assert any(p.text.startswith("Pożar\n\nRzucasz kością") for p in search.hits)
    assert "Rzucasz kością, aby ustalić gdzie się pali" in search.results.text
    d.screenshot(d.app.data_dir / "rulebook-search-pl.png")
    close(d)


def _key_centres(keyboard: Any) -> dict[str, tuple[float, float]]:
    """Where each key of the on-screen keyboard's current layout is, in window pixels (its text →
    centre), computed the way ``VKeyboard.get_key_at_pos`` finds a key under a finger."""
    layout = keyboard.available_layouts[keyboard.layout]
    rows = layout["rows"]
    w, h = keyboard.size
    top, _right, bottom, _left = keyboard.margin_hint
    line_height = (h - (bottom + top) * h) / rows
    out: dict[str, tuple[float, float]] = {}
    for line in range(1, rows + 1):
        keys = layout[f"{keyboard.layout_mode}_{line}"]
        for key, ((xh, _yh), (wh, _hh)) in zip(keys, keyboard.layout_geometry[f"LINE_HINT_{line}"]):
            local = ((xh + wh / 2) * w, bottom * h + (rows - line + 0.5) * line_height)
            out.setdefault(key[1], keyboard.to_window(*keyboard.to_parent(*local)))
    return out


@pytest.mark.parametrize("table", ["pl", "de"], indirect=True)
def test_a_long_press_on_dolly_sisters_shows_where_its_minion_may_go(table: Driver) -> None:
    """The fixed ruling ``named-placement``: Dolly Sisters' power names its own area, so the
    placement rule (EN/IT: "whenever you have to place a minion") does not narrow it; the table
    reads the companion's reading beside the card's paragraph, in its language."""
    d = table
    d.tap(_nav(d, "nav_table"))
    long_press_area(d, "dolly-sisters")
    shown = popup(d)
    assert shown is not None, "a long press on Dolly Sisters opens the rulebook"
    expected = {"pl": ("Siostry Dolly – Raz podczas tury", "✓ Ten stół: Karta lub karta dzielnicy, która mówi, gdzie "
                       "trafia agent (Siostry Dolly, Przyćmiona"),
                "de": ("Tolle Schwestern", "✓ Dieser Tisch: Eine Karte oder Stadtbezirkskarte, die sagt, wohin ein "
                       "Handlanger kommt (Tolle Schwestern, Düstergut")}[d.app.lang]
    assert shown.body.text.startswith(expected[0]), shown.body.text[:80]
    assert expected[1] in shown.body.text
    d.screenshot(d.app.data_dir / f"rulebook-dolly-{d.app.lang}.png")
    close(d)
