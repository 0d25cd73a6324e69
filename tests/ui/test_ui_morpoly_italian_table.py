"""Ankh-Morpoly at an Italian table (the US set, three players, Fortuna and ELAM on), in the real app
(800×480) driven by touch — what the table read on the screenshots of a game played through in
Italian and tripped over:

- the Fortuna token had three names: "segnalino Fortuna" in the question and the log, "usa il
  gettone di Fortuna" on the button that spends it and "un gettone Fortuna" in the money list's
  legend;

Positions are reached the way a table's journal holds them (seeded random legal play fed through
the session, :func:`test_ui_morpoly_at_the_table._feed`), then the app is opened on them and
"resume" tapped.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.ui.test_ui_morpoly_at_the_table import _feed, _resumed

NAMES = ["Giuseppina", "Massimiliano", "Niccolò"]
ELAM = {"edition": "us", "fortuna": "on", "elam": "on"}


def _at(key: str) -> Any:
    return lambda game: game.question is not None and game.question.key == key


def _buttons(board: Any) -> dict[str, Any]:
    return {w.value: w for w in board.answer_area.walk() if getattr(w, "value", "")}


def test_the_fortuna_token_has_one_name(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _feed(data, NAMES, ELAM, _at("morpoly.fortuna.window"), seed=5)
    with _resumed(request, data, "it") as (app, d):
        board = d.screen
        assert "segnalino Fortuna" in board.question_label.text, board.question_label.text
        assert "un segnalino Fortuna" in board.money_label.text, board.money_label.text  # the legend
        spend = next(button for value, button in _buttons(board).items() if value.startswith("fortuna:"))
        assert spend.text.endswith(": usa il segnalino Fortuna"), spend.text
        d.tap(spend)
        assert "spende il segnalino Fortuna" in board.log_label.text, board.log_label.text
        shown = "\n".join((board.question_label.text, board.money_label.text, board.log_label.text))
        assert "gettone" not in shown, shown
