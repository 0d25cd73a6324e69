"""Rules revision 11 at a German table: a lander short of a deed's price who could raise it is asked
to buy in the variant too (L8's normal Monopoly rules; L10 takes only the auction away). Played in a
real window by touch, with long names: the purchase asked, a mortgage tapped, the step undone in the
Journal, the plug pulled, and the same question back after the restart; then declined, the square
stays with the bank."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.ui.drive_morpoly import undo_by_touch
from tests.ui.test_ui_morpoly_at_the_table import (LONG_NAMES, SEATS, _answer_buttons, _asked_on_the_board, _feed,
                                                   _resumed)

VARIANT_DE = {"edition": "de"}
"""The variant (the default base) on the German euro set, played by the latest rules revision."""


def _short_of_a_price(game: Any) -> bool:
    """The boss of a lander short of the price asked to raise it, with something to mortgage."""
    q = game.question
    return q is not None and q.key == "morpoly.deed.raise" and any(o.startswith("mortgage:") for o in q.options)


def test_a_german_variant_lander_short_of_the_price_raises_it_and_an_undo_survives_a_restart(
        tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, VARIANT_DE, _short_of_a_price, seed=1)
    with _resumed(request, data, "de") as (app, d):
        question, params, lines = _asked_on_the_board(app, d, "morpoly.deed.raise")
        assert LONG_NAMES[SEATS.index(question.player)] in lines[0], lines  # the boss, by the name typed
        assert "beschaffe" in " ".join(lines) and params["name"] in " ".join(lines), lines
        d.screenshot(tmp_path / "raise-de.png")
        state = app.game.state
        lander = state.token(state.turn.token)
        square, party = lander.square, lander.party
        cash = state.party(party).cash
        assert state.squares[square].owner is None and cash < int(params["amount"].split()[0].replace(".", ""))
        buttons = _answer_buttons(d, "mortgage:")
        assert buttons and all(w.text.startswith("Hypothek auf ") for w in buttons.values())
        mortgaged = int(next(iter(buttons))[len("mortgage:"):])
        d.tap(next(iter(buttons.values())))
        assert app.game.state.squares[mortgaged].mortgaged
        undo_by_touch(d, 1)  # the mortgage undone in the Journal: the question again, nothing mortgaged
        _asked_on_the_board(app, d, "morpoly.deed.raise")
        assert not app.game.state.squares[mortgaged].mortgaged and app.game.state.party(party).cash == cash
    with _resumed(request, data, "de") as (app, d):  # the plug pulled: started again on the same journal
        again, params_again, lines = _asked_on_the_board(app, d, "morpoly.deed.raise")
        assert params_again == params and again.options == question.options, lines
        assert not app.game.state.squares[mortgaged].mortgaged and app.game.state.party(party).cash == cash
        d.screenshot(tmp_path / "raise-de-restarted.png")
        d.tap(_answer_buttons(d)["decline"])
        after = app.game.state
        assert after.squares[square].owner is None and after.party(party).cash == cash
        d.frames(2)
        assert f"kauft {params['name']} nicht; das Feld bleibt bei der Bank" in d.screen.log_label.text
