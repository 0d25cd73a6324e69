"""What a table reads about a payment (issue 12), in the real app (800×480) by touch.

A helper who played Fortuna and ELAM in Polish read the funeral after a death as a plain payment to
the bank ("Ann płaci 200 $ do banku"), and the question to sell or mortgage for it did not say what
the money was for. Now the question says "na pogrzeb gracza …" (the funeral, and whose) and, once the
money is raised by touch, the log's line says "za pogrzeb gracza …". And an FSU claim read as paid
twice ("… zahlt … an …", then "FSU … zahlt … aus"): the payment names the claim, and the FSU's line
after it says only what becomes of the FSU."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.ui.test_ui_morpoly_at_the_table import LONG_NAMES, SEATS, _feed, _plain, _resumed

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


def _just_after_a_paid_claim(game: Any) -> bool:
    lines = game.narration[-2:]
    return len(lines) == 2 and lines[0].key == "morpoly.money.paid" and lines[1].key == "morpoly.fsu.redeemed"


def test_a_claim_in_german_is_one_payment_and_then_the_fsu_redeemed(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    names = LONG_NAMES[:3]
    _feed(data, names, {"edition": "de", "fortuna": "on", "elam": "on"}, _just_after_a_paid_claim, seed=9)
    with _resumed(request, data, "de") as (app, d):
        assert d.screen.name == "morpoly-board"
        paid, redeemed = (dict(line.params) for line in app.game.narration[-2:])
        payer, payee = (names[SEATS.index(paid[k])] for k in ("payer", "payee"))
        amount = paid["amount"].replace(" ", chr(160))
        log = _plain(d.screen.log_label.text)
        said = (f"{payer} zahlt {amount} an {payee} für die Auszahlung der FSU {redeemed['fsu']}\n"
                f"FSU {redeemed['fsu']} von {payer} für {payee} ist mit dieser Auszahlung eingelöst")
        assert said in log, log
        fsu_line = next(line for line in log.split("\n") if line.startswith(f"FSU {redeemed['fsu']} von"))
        assert amount not in fsu_line and "zahlt" not in fsu_line, fsu_line  # the money said once, above it
        d.screenshot(tmp_path / "claim-de.png")
