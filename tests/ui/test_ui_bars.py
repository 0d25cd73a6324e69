"""The app has one top bar and one status bar, lent to the screen shown (ui/bars.py): the screen
shown has them where its own would be, with its own title — also after a language switch, which
changes every screen's title at once, the hidden ones' too — and the hidden screens keep their
empty places."""
from __future__ import annotations

from typing import Any

from ui.bars import BarSlot, TopBar


def _bars(screen: Any) -> tuple[Any, Any]:
    page = screen.children[0]
    return page.children[-1], page.children[0]


def test_the_screen_shown_has_the_one_pair_of_bars_with_its_own_title(driver: Any) -> None:
    d = driver
    app = d.app
    app.start_game(["red", "yellow", "green"], ["A", "B", "C"], "en")
    for name in ("settings", "table", "journal", "home", "settings"):  # settings built first: its title changes first
        app.show(name)
        d.frames(2)
    top, status = _bars(d.screen)
    assert type(top).__name__ == "SharedTopBar" and type(status).__name__ == "SharedStatusBar"
    assert top.title == "⚙ Settings"
    for screen in app.manager.screens:
        if screen is not d.screen:
            hidden_top, hidden_status = _bars(screen)
            assert isinstance(hidden_top, TopBar) and isinstance(hidden_status, BarSlot), screen.name
    d.tap(d.screen.ids.lang_de)
    assert app.lang == "de"
    assert top.title == "⚙ Einstellungen", top.title  # not another screen's title in German
    assert "Einstellungen" in d.texts(top)
    d.tap(top.ids.nav_table)  # the bar's buttons work wherever it is
    assert d.screen.name == "table"
    assert _bars(d.screen)[0] is top and top.title == "☰ Der Tisch", top.title
