"""Rules revision 8's trade while raising a debt (ruling R74), by touch in the real app (800×480): a
German table with four long names, a player short of the money asked to raise it sells a street to
another player for cash on the raise question's "trade" button, pays, and the app started again shows
the same position. The position is reached as a table's journal would hold it: seeded random legal
play fed through the session (:func:`test_ui_morpoly_at_the_table._feed`), then "resume"."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.morpoly.editions import load_edition
from companion.morpoly.state_format import state_to_json
from companion.morpoly.trade import partners, squares_of
from tests.ui.test_ui_morpoly_at_the_table import (LONG_NAMES, _answer_buttons, _asked_on_the_board, _feed, _fits,
                                                   _resumed, _shown_lines)

SHOTS = Path("/tmp/debt-trade-shots")
"""Where the screenshots of the raise question and the offer go, to look at (never committed)."""
EDITION = load_edition("de")


def _debtor(game: Any) -> str:
    return str(game.state.token(game.question.player).party)


def _streets(game: Any, party: str) -> list[int]:
    return [s for s in squares_of(game.state, EDITION, party)[0] if EDITION.squares[s].kind == "street"]


def _owed(game: Any) -> int:
    """The debt the raise question asks for, in the set's money (its ``amount`` param, "25 €")."""
    return int("".join(ch for ch in dict(game.question.params)["amount"] if ch.isdigit()))


def _buyer(game: Any) -> str | None:
    """A partner that can pay the debtor's shortfall for a street."""
    debtor = _debtor(game)
    short = _owed(game) - game.state.party(debtor).cash
    return next((p for p in partners(game.state, EDITION, debtor) if game.state.party(p).cash >= short), None)


def _short_and_may_sell(game: Any) -> bool:
    """The question to raise a debt offering ``trade``, the debtor with a street that may change hands
    and a partner who can pay the shortfall."""
    question = game.question
    if question is None or question.key != "morpoly.debt.raise" or "trade" not in question.options:
        return False
    return bool(_streets(game, _debtor(game))) and _buyer(game) is not None


def test_a_german_debtor_sells_a_street_to_another_player_pays_and_a_restart_shows_the_same(
        tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, {"edition": "de"}, _short_and_may_sell, seed=1)
    with _resumed(request, data, "de") as (app, d):  # the app closed at the block's end, and started again
        game = app.game
        debtor, buyer = _debtor(game), _buyer(game)
        assert buyer is not None
        street, owed, cash = _streets(game, debtor)[0], _owed(game), game.state.party(debtor).cash
        _question, params, lines = _asked_on_the_board(app, d, "morpoly.debt.raise")
        said = " ".join(lines)
        assert "beschaffe" in said and params["amount"].replace(" ", "\u00a0") in said, lines
        assert said.endswith("Haus verkaufen, Hypothek aufnehmen oder handeln"), lines  # the sentence names the trade
        buttons = _answer_buttons(d)
        assert buttons["trade"].text == "Mit einer anderen Partei handeln"
        d.screenshot(SHOTS / "raise-de.png")
        d.tap(buttons["trade"])
        if app.game.question.key == "morpoly.trade.partner":
            d.tap(_answer_buttons(d)[buyer])
        _asked_on_the_board(app, d, "morpoly.trade.offer")
        d.tap(_answer_buttons(d)[f"give:{street}"])
        d.tap(_answer_buttons(d)["ask"])
        assert app.game.question.key == "morpoly.trade.ask"
        amounts = {int(v): w for v, w in _answer_buttons(d).items() if v.isdigit() and int(v) >= owed - cash}
        asked = min(amounts)
        d.tap(amounts[asked])
        buttons = _answer_buttons(d)
        assert buttons[f"give:{street}"].text == f"Zurücknehmen: {EDITION.squares[street].name}"
        d.screenshot(SHOTS / "offer-de.png")
        d.tap(buttons["propose"])
        question, _params, lines = _asked_on_the_board(app, d, "morpoly.trade.answer")
        assert question.player == app.game.state.party(buyer).boss and "bietet dir" in " ".join(lines), lines
        d.tap(_answer_buttons(d)["accept"])
        after = app.game.state
        assert after.squares[street].owner == buyer
        assert after.party(debtor).cash == cash + asked - owed  # the debt paid after the sale
        log = d.screen.log_label.text
        assert "handeln:" in log and "zahlt" in log, log
        d.screenshot(SHOTS / "paid-de.png")
        position, asked_now, shown = state_to_json(after), app.game.question, d.screen.question_label.text
    with _resumed(request, data, "de") as (app, d):
        assert state_to_json(app.game.state) == position
        assert app.game.question == asked_now and d.screen.question_label.text == shown
        assert app.game.state.squares[street].owner == buyer
        d.screenshot(SHOTS / "restarted-de.png")


def _jailed_and_short(game: Any) -> bool:
    """The question to raise a debt with ``trade`` greyed: the debtor sits in jail without the
    Thieves (B1)."""
    question = game.question
    return question is not None and question.key == "morpoly.debt.raise" and "trade" in dict(question.unavailable)


def test_a_jailed_german_debtor_sees_the_trade_greyed_with_b1_s_reason(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, {"edition": "de"}, _jailed_and_short, seed=3)
    with _resumed(request, data, "de") as (app, d):
        _question, _params, lines = _asked_on_the_board(app, d, "morpoly.debt.raise")
        assert " ".join(lines).endswith("oder handeln"), lines
        greyed = [w for w in d.screen.answer_area.walk() if getattr(w, "disabled", False)
                  and getattr(w, "text", "").startswith("Mit einer anderen Partei handeln")]
        assert len(greyed) == 1, [getattr(w, "text", "") for w in d.screen.answer_area.walk()]
        boss = LONG_NAMES[["red", "yellow", "green", "blue"].index(app.game.question.player)]
        assert f"{boss} sitzt im Gefängnis und schließt keine Geschäfte ab" in greyed[0].text
        d.frames(2)
        assert _fits(greyed[0], greyed[0].height), _shown_lines(greyed[0])  # the label and the reason whole
        d.screenshot(SHOTS / "greyed-de.png")
        before = app.game.seq
        d.tap(greyed[0])
        assert app.game.seq == before and app.game.question.key == "morpoly.debt.raise"
