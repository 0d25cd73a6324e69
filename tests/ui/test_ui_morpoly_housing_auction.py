"""Rules revision 13's housing shortage played by touch in the real app (800×480), at a German
plain-Monopoly table: "If there is a limited number of houses and hotels available and two or more
players wish to buy more than the Bank has, the houses or hotels must be sold at auction to the
highest bidder." Wilhelmine-Hildegard's menu offers the auction of the bank's last three houses; the
table taps it, names the highest bidder (the one with the most streets to build on) and a bid above
the printed price, the plug is pulled while the winner is asked where the house goes, and the app
comes back at that question; the house goes on the last street offered: the house standing, the
bid paid instead of the printed price, the log saying so in German. Then the table undoes the
auction from the Journal and the app is closed and opened again: her menu, the auction offered
again, the bank's three houses, every party's money as before, the auction gone from the log. The
same table in Polish. Long names, as a table types them.

The position is a table's journal: seeded random legal play (seed 161, found under rules revision
13: at input 601 the second seat's menu, the bank holding 3 houses and two or more parties able to
build more), then the app opened on it and "resume" tapped."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.morpoly.editions import load_edition
from companion.morpoly.shortage import AUCTION_BUILDINGS, bidders, builds_of
from tests.ui.test_ui_morpoly_at_the_table import (LONG_NAMES, _answer_buttons, _back_from_the_journal, _feed,
                                                  _resumed, _undo_from_the_board)

NAMES = LONG_NAMES[:3]
SEED = 161

WORDS = {
    "de": {"button": "Letzte Häuser oder Hotels der Bank versteigern",
           "winner": "Häuserknappheit: Wer hat am meisten für ein Haus geboten? (Die Bank hat noch 3.)",
           "nobody": "Niemand bietet", "bid": "{name}: wie viel hast du für das Haus geboten?",
           "where": "{name}: wohin kommt dein Haus?",
           "line": "{name} ersteigert eines der letzten Häuser der Bank für {price} und baut es auf {street}"},
    "pl": {"button": "Licytuj ostatnie domy lub hotele banku",
           "winner": "Niedobór domów: kto zaoferował najwięcej za dom? (Bank ma jeszcze 3.)",
           "nobody": "Nikt nie licytuje", "bid": "{name}: ile wynosiła twoja oferta za dom?",
           "where": "{name}: gdzie stanie twój dom?",
           "line": "{name} kupuje na licytacji jeden z ostatnich domów banku za {price} i buduje na {street}"},
}
"""What the table reads, in German and in Polish."""


def _auction_offered(game: Any) -> bool:
    question = game.question
    return question is not None and question.key == "morpoly.turn.menu" and AUCTION_BUILDINGS in question.options


@pytest.mark.parametrize("language", ["de", "pl"])
def test_the_bank_s_last_houses_auctioned_by_touch_and_a_restart_keeps_the_house(tmp_path: Path, request: Any,
                                                                                  language: str) -> None:
    words = WORDS[language]
    data = tmp_path / "data"
    _feed(data, NAMES, {"edition": "de", "base": "standard"}, _auction_offered, seed=SEED)
    with _resumed(request, data, language) as (app, d):
        state = app.session.current.state
        edition = load_edition(state.edition)
        supply = state.bank.houses
        able = bidders(state, edition, "house")
        assert len(able) >= 2 and supply == 3
        winner = max(able, key=lambda party: len(builds_of(state, edition, party, "house")))
        streets = builds_of(state, edition, winner, "house")
        at_menu, money = len(app.session.inputs), [(p.id, p.cash) for p in state.parties]
        built = {s: state.squares[int(s.partition(":")[2])].houses for s in streets}
        assert len(streets) >= 2  # the winner will be asked where
        menu = _answer_buttons(d)
        assert menu[AUCTION_BUILDINGS].text == words["button"]
        d.screenshot(app.data_dir / f"auction-menu-{language}.png")
        d.tap(menu[AUCTION_BUILDINGS])
        question = app.session.question
        assert question is not None and question.key == "morpoly.shortage.winner"
        assert words["winner"] in d.texts()
        buttons = _answer_buttons(d)
        assert set(buttons) == {*able, "nobody", "cancel"} and buttons["nobody"].text == words["nobody"]
        name = NAMES[[p.id for p in state.parties].index(winner)]
        cash = state.party(winner).cash
        d.tap(buttons[winner])
        question = app.session.question
        assert question is not None and question.key == "morpoly.shortage.bid"
        assert words["bid"].format(name=name) in d.texts()
        # a bid above the printed price of a house on any of the winner's streets
        price = max(edition.deed(int(s.partition(":")[2])).house_cost for s in streets)
        bid = min(int(v) for v in _answer_buttons(d) if v.isdigit() and int(v) > price)
        d.screenshot(app.data_dir / f"auction-bid-{language}.png")
        d.tap(_answer_buttons(d)[str(bid)])
        row = app.session.last_row
        question = app.session.question
        assert question is not None and question.key == "morpoly.shortage.where"
        assert words["where"].format(name=name) in d.texts()
        d.screenshot(app.data_dir / f"auction-where-{language}.png")
    with _resumed(request, data, language) as (app, d):  # the plug pulled while the winner was asked where
        assert app.session.last_row == row
        question = app.session.question
        assert question is not None and question.key == "morpoly.shortage.where"
        places = [v for v in _answer_buttons(d) if v.startswith("build:")]
        assert places == list(question.options) == streets
        d.tap(_answer_buttons(d)[places[-1]])
        state = app.session.current.state
        assert state.bank.houses == supply - 1 and state.party(winner).cash == cash - bid  # the bid, not the price
        line = next(line for line in reversed(app.session.current.narration)
                    if line.key == "morpoly.shortage.auctioned")
        params = dict(line.params)
        said = words["line"].format(name=name, price=params["price"], street=params["name"])
        shown = d.screen.log_label.text
        assert said.replace(" €", "\u00a0€") in shown.replace(" €", "\u00a0€"), shown
        question = app.session.question
        assert question is not None and question.key == "morpoly.turn.menu"
        d.screenshot(app.data_dir / f"auction-done-{language}.png")
        _undo_from_the_board(app, d, at_menu)  # the table takes the auction back; the plug pulled after it
    with _resumed(request, data, language) as (app, d):
        _back_from_the_journal(d)
        state = app.session.current.state
        question = app.session.question
        assert question is not None and question.key == "morpoly.turn.menu" and len(app.session.inputs) == at_menu
        assert AUCTION_BUILDINGS in _answer_buttons(d) and state.bank.houses == supply
        assert [(p.id, p.cash) for p in state.parties] == money
        assert {s: state.squares[int(s.partition(":")[2])].houses for s in streets} == built
        assert said.replace(" €", "\u00a0€") not in d.screen.log_label.text.replace(" €", "\u00a0€")
        d.screenshot(app.data_dir / f"auction-undone-{language}.png")
