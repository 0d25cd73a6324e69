"""Ankh-Morpoly's Fortuna window, when two or more parties hold a token, is asked of no one (any
holder may spend): its Journal row at a Polish table read "862 ·  → Graj dalej", no one named and
nothing said of what was played on (found playing at a Polish table of four). It says that no one
spent a token on the throw, as Discworld's window for anyone says that no one played an interrupt.

The game is reached as a table's journal would hold it: seeded random legal play fed through the
session (:func:`tests.ui.test_ui_morpoly_at_the_table._feed`), then the app opened and the rest tapped.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_ui_morpoly_at_the_table import _feed, _resumed

POLISH_NAMES = ["Przemysław", "Małgorzata-Krystyna", "Bartłomiej", "Zofia"]
FORTUNA_SEED = 4
"""The seeded game in which, some 230 inputs in, two parties hold a Fortuna token after a throw (found
under rules revision 12; seed 1 under revision 11, seed 6 before rules revision 11's purchase by raising)."""


def _open_window(game: Any) -> bool:
    question = game.question
    return question is not None and question.key == "morpoly.fortuna.window" and question.player is None


def test_a_window_for_any_holder_says_nobody_spent_a_token(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _feed(data, POLISH_NAMES, {"fortuna": "on", "edition": "de"}, _open_window, FORTUNA_SEED)
    with _resumed(request, data, "pl") as (app, d):
        question = app.game.question
        assert _open_window(app.game) and len(question.options) >= 3  # play on, and two holders' tokens
        params = dict(question.params)
        step = len(app.session.inputs) + 1
        d.tap(next(w for w in d.screen.answer_area.walk() if getattr(w, "value", "") == "play-on"))
        assert len(app.session.inputs) == step  # answered by touch, journalled
        d.tap(d.screen.journal_button)
        assert d.screen.name == "journal"
        rows = [row["text"].split("\n")[0] for row in d.screen.ids.lines.data]
        row = next(r for r in rows if r.startswith(f"{step} · "))
        assert row == f"{step} · Nikt nie wykorzystuje żetonu Fortuny przeciw rzutowi {params['first']} i " \
                      f"{params['second']}", row


ITALIAN_NAMES = ["Bartolomeo", "Mariangela", "Giovannino", "Massimiliano"]
ITALIAN_SEED = 14
"""The seeded Italian ELAM game in which, some 580 inputs in, Bartolomeo and Mariangela both hold a token."""


def test_a_token_spent_in_a_window_for_any_holder_names_the_spender(tmp_path: Path, request: Any) -> None:
    """A holder who spends the token in the window for any holder: its row read "238 · → Mariangela: usa
    il segnalino Fortuna", an arrow with no one before it (found on the Journal of an Italian ELAM
    game of four long names played by touch), where the window asked of one holder reads "■ Giovannino
    → Giovannino: usa il segnalino Fortuna". The spender is named before the arrow, in her colour."""
    from ui.widgets import player_markup
    data = tmp_path / "data"
    _feed(data, ITALIAN_NAMES, {"edition": "us", "fortuna": "on", "elam": "on"}, _open_window, ITALIAN_SEED)
    with _resumed(request, data, "it") as (app, d):
        question = app.game.question
        assert _open_window(app.game)
        spend = next(v for v in question.options if v.startswith("fortuna:"))
        spender = spend.split(":", 1)[1]
        name = ITALIAN_NAMES[["red", "yellow", "green", "blue"].index(spender)]
        step = len(app.session.inputs) + 1
        d.tap(next(w for w in d.screen.answer_area.walk() if getattr(w, "value", "") == spend))
        assert len(app.session.inputs) == step  # answered by touch, journalled
        d.tap(d.screen.journal_button)
        assert d.screen.name == "journal"
        rows = [row["text"].split("\n")[0] for row in d.screen.ids.lines.data]
        row = next(r for r in rows if r.startswith(f"{step} · "))
        assert row == f"{step} · {player_markup(spender, name)} → {name}: usa il segnalino Fortuna", row
