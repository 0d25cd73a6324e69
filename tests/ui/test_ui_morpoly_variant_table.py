"""What a table tripped over playing the Ankh-Morpoly variant with Fortuna and ELAM by touch, in
Polish with the German D-Mark set and in Italian with the US set (the real app at 800×480):

- a player in jail holding the German sets' get-out-of-jail card saw, on the turn menu's button,
  "Karte musst du behalten, bis du sie": the button's first line ("Zagraj kartę: Du kommst aus dem
  Gefängnis frei.") and its last were cut off, the card's whole printed text did not fit.

Positions are reached as a table's journal holds them: seeded random legal play fed through the
session, then the app opened on it and "resume" tapped (as in ``test_ui_morpoly_at_the_table``)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.ui.test_ui_morpoly_at_the_table import _feed, _resumed, _shown_lines

POLISH = ["Przemysław", "Małgorzata-Krystyna", "Bartłomiej"]


def _menu_with_a_jail_card(g: Any) -> bool:
    q = g.question
    return q is not None and q.key == "morpoly.turn.menu" and any(o.startswith("use-card:") for o in q.options)


def test_the_german_jail_card_s_button_says_what_it_plays(tmp_path: Path, request: Any) -> None:
    """Seed 3: a jailed player holds the D-Mark set's "Du kommst aus dem Gefängnis frei." card. The
    button shows "Zagraj kartę" and the card's first sentence whole, every line inside the button,
    and a tap plays the card."""
    data = tmp_path / "data"
    _feed(data, POLISH, {"edition": "de-dm", "fortuna": "on", "elam": "on"}, _menu_with_a_jail_card, seed=3)
    with _resumed(request, data, "pl") as (app, d):
        d.frames(3)
        value = next(o for o in app.game.question.options if o.startswith("use-card:"))
        button = next(w for w in d.screen.answer_area.walk(restrict=True) if getattr(w, "value", None) == value)
        shown = " ".join(line.strip() for line in _shown_lines(button))
        assert shown.startswith("Zagraj kartę:"), shown
        assert "Du kommst aus dem Gefängnis frei." in shown, shown
        assert button.texture_size[1] <= button.height, (button.texture_size, button.height, shown)
        boss = app.game.question.player
        seq = app.game.seq
        d.tap(button)
        d.frames(3)
        assert app.game.seq == seq + 1, app.message
        assert any(n.key == "morpoly.jail.card" for n in app.game.narration), [n.key for n in app.game.narration]
        assert not app.game.state.party(boss).jail_cards or value.split(":", 1)[1] not in app.game.state.party(boss).jail_cards
