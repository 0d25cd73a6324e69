"""The question panel draws only what the engine offers: legal options as big buttons (at least
48 px at 800×480), illegal ones greyed with their reason, the same on the map; language switches
every screen at once; every character the app shows is in the bundled font."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.core.procedure import because, choice_question
from ui.fontcheck import covered_codepoints, missing
from ui.i18n import LANGUAGES, Translator
from ui.i18n_tools import compile_mo, extract, parse_po

UI = Path(__file__).resolve().parents[2] / "ui"


class FakeGame:
    """Only what the panel reads from a game: a state, a seq and the question."""

    def __init__(self, state: Any, question: Any) -> None:
        self.state, self.question, self.seq = state, question, 1
        self.narration: list[Any] = []
        self.pending = None
        self.is_over = False


def test_illegal_options_stay_visible_greyed_with_the_reason(driver: Any) -> None:
    d = driver
    d.app.start_game(["red", "blue"], ["A", "B"], "en")
    game = d.app.game
    greyed_reasons = {
        "the-shades": because("build.trouble", "nobody may build in 'the-shades' while it has a trouble marker",
                              area="the-shades"),
        "nap-hill": because("build.money", "building in 'nap-hill' costs $12; red has $5", area="nap-hill",
                            color="red", price=12, money=5),
    }
    q = choice_question("symbol.build", "red: build where?", "red", ["dimwell", "skip"], unavailable=greyed_reasons)
    d.app.show("turn")
    d.frames(3)
    screen = d.screen
    panel = screen.ids.question
    panel.game = FakeGame(game.state, q)
    panel.question = q
    screen.ids.map.options = ["dimwell"]
    screen.ids.map.unavailable = greyed_reasons
    d.frames(3)
    legal = panel.button_for("dimwell")
    greyed = panel.button_for("the-shades")
    assert legal is not None and not legal.disabled and legal.height >= 48 and legal.width >= 48
    assert greyed is not None and greyed.disabled and "trouble marker" in greyed.text
    assert "not enough money: costs $12, has $5" in panel.button_for("nap-hill").text
    # the map outlines the legal area and dims the illegal ones
    assert screen.ids.map.options == ["dimwell"] and "the-shades" in screen.ids.map.unavailable


def test_touch_targets_are_at_least_48_px_at_800x480(driver: Any) -> None:
    d = driver
    for name in ("home", "setup", "settings"):
        d.app.show(name)
        d.frames(3)
        from kivy.uix.button import Button
        small = [(w.text, w.size) for w in d.screen.walk()
                 if isinstance(w, Button) and w.get_root_window() is not None and w.opacity > 0
                 and not w.disabled and (w.width < 48 or w.height < 48)]
        assert not small, (name, small)


def test_switching_language_changes_every_screen_at_once(driver: Any) -> None:
    d = driver
    d.app.start_game(["red", "yellow", "green"], ["A", "B", "C"], "en")
    d.app.show("table")
    d.frames(2)
    assert "Nap Hill" in d.texts()  # an empty area keeps its name on the map (a crowded one its number)
    d.app.show("settings")
    d.frames(2)
    d.tap(d.screen.ids.lang_de)
    assert d.app.settings.language == "de"
    assert "Einstellungen" in d.texts()
    d.app.show("table")
    d.frames(2)
    shown = d.texts()
    assert "Schlummerhügel" in shown and "Der Tisch" in shown and "Nap Hill" not in shown
    # and it is remembered
    saved = (d.app.data_dir / "settings.json").read_text()
    assert '"language": "de"' in saved


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_catalogues_are_complete_compiled_and_in_the_font(language: str) -> None:
    po = UI / "locale" / language / "LC_MESSAGES" / "ankh_companion.po"
    entries = parse_po(po.read_text(encoding="utf-8"))
    for message in extract():
        assert entries.get(message), f"{language}: {message!r} untranslated"
        template_fields = {p for p in ("{n}", "{face}", "{card}", "{player}", "{area}", "{what}", "{value!r}")
                           if p in message}
        for field in template_fields:
            assert field in entries[message], f"{language}: {message!r} lost {field}"
    mo = po.with_suffix(".mo")
    assert mo.read_bytes() == compile_mo(entries), "the committed .mo is stale: run python3 -m ui.i18n_tools"
    font = covered_codepoints(UI / "fonts" / "DejaVuSans.ttf")
    for text in entries.values():
        assert not missing(text, font), (language, text, missing(text, font))
    t = Translator(language)
    assert t.gettext("New game") != "New game"


def test_every_symbol_and_name_the_app_draws_is_in_the_bundled_font() -> None:
    from companion.morpork.board import AREAS
    from companion.morpork.catalog import CARDS, EVENTS, PERSONALITIES
    from ui import palette
    font = covered_codepoints(UI / "fonts" / "DejaVuSans.ttf")
    symbols = "".join([*palette.SHAPE.values(), palette.PIECE_MARK, palette.TROLL_MARK, palette.DEMON_MARK,
                       palette.BUILDING_MARK, palette.TROUBLE_MARK, *palette.SYMBOL_MARK.values(),
                       *palette.STEP_MARK.values(), "☰↶⚙⌂★▶⚄…ẞ"])
    assert not missing(symbols, font)
    for thing in (*AREAS, *CARDS, *EVENTS, *PERSONALITIES):
        for name in thing.names.values():
            assert not missing(name, font), name
    for kv in (UI / "kv").glob("*.kv"):
        assert not missing(kv.read_text(encoding="utf-8"), font), kv.name


def test_the_font_licence_ships_with_the_font() -> None:
    licence = (UI / "fonts" / "LICENSE-DejaVu.txt").read_text()
    assert "Bitstream" in licence and "Permission is hereby granted" in licence
