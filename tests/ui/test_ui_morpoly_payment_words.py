"""What a Polish table reads about a funeral in ELAM (issue 12), in the real app (800×480) by touch.

A helper who played Fortuna and ELAM in Polish read the funeral after a death as a plain payment to
the bank ("Ann płaci 200 $ do banku"), and the question to sell or mortgage for it did not say what
the money was for. Now the question says "na pogrzeb gracza …" (the funeral, and whose) and, once the
money is raised by touch, the log's line says "za pogrzeb gracza …"."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.ui.test_ui_morpoly_at_the_table import SEATS, _feed, _plain, _resumed

NAMES = ["Przemysław", "Małgorzata", "Grzegorz"]


def _at_a_funeral_debt(game: Any) -> bool:
    question = game.question
    return question is not None and question.key == "morpoly.debt.raise" \
        and dict(question.params).get("for") == "funeral"


def test_a_funeral_in_polish_says_whose_in_the_question_and_in_the_log(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _feed(data, NAMES, {"edition": "us", "fortuna": "on", "elam": "on"}, _at_a_funeral_debt, seed=2)
    with _resumed(request, data, "pl") as (app, d):
        board = d.screen
        assert board.name == "morpoly-board" and _at_a_funeral_debt(app.game)
        params = dict(app.game.question.params)
        dead = NAMES[SEATS.index(params["for_token"])]
        asked = _plain(board.question_label.text)
        assert f"zbierz {params['amount'].replace(' ', chr(160))} na pogrzeb gracza {dead}" in asked, asked
        d.screenshot(tmp_path / "funeral-question-pl.png")
        for _ in range(10):  # sell or mortgage by touch until the funeral is paid
            if not _at_a_funeral_debt(app.game):
                break
            d.tap(next(w for w in board.answer_area.walk() if getattr(w, "value", "")))
            d.frames(3)
        assert not _at_a_funeral_debt(app.game)
        line = next(n for n in reversed(app.game.narration) if n.key == "morpoly.money.paid"
                    and dict(n.params).get("for") == "funeral")
        payer = NAMES[SEATS.index(dict(line.params)["payer"])]
        log = _plain(d.screen.log_label.text)
        said = f"{payer} płaci {params['amount'].replace(' ', chr(160))} do banku za pogrzeb gracza {dead}"
        assert said in log, log
        d.screenshot(tmp_path / "funeral-paid-pl.png")
