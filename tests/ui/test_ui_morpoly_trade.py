"""Rules revision 6's trades (squares, cards and cash both ways) at a table, by touch in the real app
(800×480): a German table with four long names swaps two streets plus cash; the app restarted in the
middle of an offer comes back to the same offer; the offer's and the partner's questions drawn whole
in German and Polish. The position is reached as a table's journal would hold it: seeded random
legal play fed through the session (:func:`test_ui_morpoly_at_the_table._feed`), then "resume"."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.morpoly.editions import load_edition
from companion.morpoly.mortgaged_transfer import interest_due
from companion.morpoly.trade import partners, squares_of
from tests.ui.test_ui_morpoly_at_the_table import (LONG_NAMES, PLAIN_DE, SEATS, _answer_buttons, _asked_on_the_board,
                                          _back_from_the_journal, _conftest, _feed, _plain, _resume, _resumed,
                                          _shown_lines, _undo_from_the_board)

POLISH_NAMES = ["Przemysław", "Małgorzata", "Grzegorz", "Wiesława"]
SHOTS = Path("/tmp/trade-shots")
"""Where the screenshots of the offer and the partner's question go, to look at (never committed)."""


def _streets(game: Any, party: str) -> list[int]:
    ed = load_edition(game.state.edition)
    return [s for s in squares_of(game.state, ed, party)[0] if ed.squares[s].kind == "street"]


def _swap_ready(game: Any) -> bool:
    """A boss's menu with ``trade``, the party and a partner each holding a street that may change
    hands, and cash to add."""
    question = game.question
    if question is None or question.key != "morpoly.turn.menu" or "trade" not in question.options or game.seq < 30:
        return False
    party = game.state.token(question.player).party
    if not _streets(game, party) or game.state.party(party).cash < 200:
        return False
    return any(_streets(game, p) for p in partners(game.state, load_edition(game.state.edition), party))


def _partner(app: Any) -> str:
    """The party that will be offered the swap: the first partner with a street."""
    game = app.game
    party = game.state.token(game.question.player).party
    return next(p for p in partners(game.state, load_edition(game.state.edition), party) if _streets(game, p))


def _open_offer(app: Any, d: Any, partner: str) -> None:
    """Tap ``trade`` on the menu and, when asked, the partner: the offer question is on the board."""
    d.tap(_answer_buttons(d)["trade"])
    if app.game.question.key == "morpoly.trade.partner":
        _asked_on_the_board(app, d, "morpoly.trade.partner")
        d.screenshot(SHOTS / f"partner-{app.translator.language}.png")
        d.tap(_answer_buttons(d)[partner])
    assert app.game.question.key == "morpoly.trade.offer"


def _fits_whole(d: Any, button: Any) -> None:
    """Every word of ``button``'s label is drawn: a label taller than its button loses lines."""
    d.frames(2)
    words = " ".join(_shown_lines(button)).split()
    assert set(button.text.split()) <= set(words), (button.text, _shown_lines(button))


def test_a_german_table_swaps_two_streets_plus_cash_by_touch(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, {"edition": "de"}, _swap_ready, seed=3)
    with _resumed(request, data, "de") as (app, d):
        game = app.game
        party = game.state.token(game.question.player).party
        partner = _partner(app)
        mine, theirs = _streets(game, party)[0], _streets(game, partner)[0]
        cash, their_cash = game.state.party(party).cash, game.state.party(partner).cash
        assert _answer_buttons(d)["trade"].text == "Mit einer anderen Partei handeln"
        _open_offer(app, d, partner)
        buttons = _answer_buttons(d)
        ed = load_edition("de")
        assert buttons[f"give:{mine}"].text == f"{ed.squares[mine].name} geben"
        assert buttons[f"get:{theirs}"].text == f"{ed.squares[theirs].name} verlangen"
        assert "propose" not in buttons  # nothing moves yet
        d.tap(buttons[f"give:{mine}"])
        d.tap(_answer_buttons(d)[f"get:{theirs}"])
        d.tap(_answer_buttons(d)["pay"])
        assert app.game.question.key == "morpoly.trade.pay"
        amounts = {v: w for v, w in _answer_buttons(d).items() if v.isdigit() and int(v) <= 200}
        paid = max(amounts, key=int)
        d.tap(amounts[paid])
        question, params, lines = _asked_on_the_board(app, d, "morpoly.trade.offer")
        said = " ".join(lines)
        assert LONG_NAMES[SEATS.index(params["boss"])] in lines[0], lines
        assert "Angebot an" in said and ed.squares[mine].name.split()[0] in said, lines
        buttons = _answer_buttons(d)
        assert buttons[f"give:{mine}"].text == f"Zurücknehmen: {ed.squares[mine].name}"
        assert buttons["pay"].text == f"Zahlung zurücknehmen: {paid}\u00a0€"
        assert buttons["propose"].text == "Handel vorschlagen"
        d.screenshot(SHOTS / "offer-de.png")
        d.tap(buttons["propose"])
        question, params, lines = _asked_on_the_board(app, d, "morpoly.trade.answer")
        assert question.player == app.game.state.party(partner).boss
        assert LONG_NAMES[SEATS.index(question.player)] in lines[0], lines
        assert "bietet dir" in " ".join(lines) and "Annehmen?" in " ".join(lines), lines
        buttons = _answer_buttons(d)
        assert (buttons["accept"].text, buttons["refuse"].text) == ("Annehmen", "Ablehnen")
        d.screenshot(SHOTS / "answer-de.png")
        d.tap(buttons["accept"])
        after = app.game.state
        assert after.squares[mine].owner == partner and after.squares[theirs].owner == party
        assert after.party(party).cash == cash - int(paid) and after.party(partner).cash == their_cash + int(paid)
        assert "handeln:" in d.screen.log_label.text, d.screen.log_label.text
        d.tap(d.screen.journal_button)
        rows = [row["text"].split("\n")[0] for row in d.screen.ids.lines.data[-6:]]
        assert rows[-1].endswith("→ Annehmen") and rows[-2].endswith("→ Handel vorschlagen"), rows
        assert any(r.endswith(f"→ {ed.squares[mine].name} geben") for r in rows), rows
        d.screenshot(SHOTS / "journal-de.png")


def test_a_restart_in_the_middle_of_an_offer_comes_back_to_the_same_offer(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, {"edition": "de"}, _swap_ready, seed=3)
    conftest = _conftest(request)
    app, d = _resume(conftest, data, "de")
    try:
        partner = _partner(app)
        party = app.game.state.token(app.game.question.player).party
        mine, theirs = _streets(app.game, party)[0], _streets(app.game, partner)[0]
        _open_offer(app, d, partner)
        d.tap(_answer_buttons(d)[f"give:{mine}"])
        d.tap(_answer_buttons(d)[f"get:{theirs}"])
        before = dict(app.game.question.params)
        assert before["chosen"] == f"give:{mine},get:{theirs}"
        shown = d.screen.question_label.text
    finally:
        conftest.stop_app(app)  # the plug pulled in the middle of the offer
    with _resumed(request, data, "de") as (app, d):
        question, params, _lines = _asked_on_the_board(app, d, "morpoly.trade.offer")
        assert params == before and d.screen.question_label.text == shown
        buttons = _answer_buttons(d)
        assert buttons[f"get:{theirs}"].text.startswith("Zurücknehmen: ")
        d.tap(buttons[f"get:{theirs}"])  # taken back after the restart
        assert dict(app.game.question.params)["chosen"] == f"give:{mine}"


@pytest.mark.parametrize("language, names", [("de", LONG_NAMES), ("pl", POLISH_NAMES)])
def test_the_offer_and_the_partner_s_question_are_drawn_whole(language: str, names: list[str], tmp_path: Path,
                                                               request: Any) -> None:
    """The longest offer a table makes often: a street each way, cash each way, in long names; every
    line of both questions drawn (the first names who answers) and every button's words shown."""
    data = tmp_path / "data"
    _feed(data, names, {"edition": "de"}, _swap_ready, seed=3)
    with _resumed(request, data, language) as (app, d):
        partner = _partner(app)
        party = app.game.state.token(app.game.question.player).party
        mine, theirs = _streets(app.game, party)[-1], _streets(app.game, partner)[-1]
        _open_offer(app, d, partner)
        d.tap(_answer_buttons(d)[f"give:{mine}"])
        d.tap(_answer_buttons(d)[f"get:{theirs}"])
        for word in ("pay", "ask"):
            d.tap(_answer_buttons(d)[word])
            d.tap(next(w for v, w in _answer_buttons(d).items() if v.isdigit() and int(v) > 1))
        question, params, lines = _asked_on_the_board(app, d, "morpoly.trade.offer")
        assert names[SEATS.index(params["boss"])] in lines[0], lines
        for button in _answer_buttons(d).values():
            _fits_whole(d, button)
        d.screenshot(SHOTS / f"offer-{language}.png")
        d.tap(_answer_buttons(d)["propose"])
        question, params, lines = _asked_on_the_board(app, d, "morpoly.trade.answer")
        assert names[SEATS.index(question.player)] in lines[0], lines
        for button in _answer_buttons(d).values():
            _fits_whole(d, button)
        d.screenshot(SHOTS / f"answer-{language}.png")


def test_a_polish_offer_takes_back_with_another_word_than_the_journal_s_undo(tmp_path: Path, request: Any) -> None:
    """A square or cash taken back out of an offer read "Cofnij: Baltic Avenue", "Cofnij zapłatę: 50 €":
    "Cofnij" is the Journal's undo ("Cofnij do tego miejsca"), so the Journal's row of the offer read as
    an undo done at the table. It says "Wycofaj" (withdraw), as German says "Zurücknehmen" beside
    "Rückgängig" and Italian "Ritira" beside "Annulla"."""
    data = tmp_path / "data"
    _feed(data, POLISH_NAMES, {"edition": "de"}, _swap_ready, seed=3)
    with _resumed(request, data, "pl") as (app, d):
        partner = _partner(app)
        party = app.game.state.token(app.game.question.player).party
        mine = _streets(app.game, party)[0]
        name = load_edition("de").squares[mine].name
        _open_offer(app, d, partner)
        d.tap(_answer_buttons(d)[f"give:{mine}"])
        d.tap(_answer_buttons(d)["pay"])
        d.tap(next(w for v, w in _answer_buttons(d).items() if v.isdigit() and int(v) > 1))
        buttons = _answer_buttons(d)
        undo = app.t("Undo")
        assert undo == "Cofnij"
        assert buttons[f"give:{mine}"].text == f"Wycofaj: {name}", buttons[f"give:{mine}"].text
        assert buttons["pay"].text.startswith("Wycofaj zapłatę: "), buttons["pay"].text
        assert not any(b.text.startswith(undo) for b in buttons.values()), [b.text for b in buttons.values()]
        d.tap(buttons[f"give:{mine}"])  # taken back
        d.tap(d.screen.journal_button)
        rows = [row["text"].split("\n")[0] for row in d.screen.ids.lines.data[-3:]]
        assert rows[-1].endswith(f"→ Wycofaj: {name}"), rows
        assert not any(f"→ {undo}" in r for r in rows), rows


@pytest.mark.parametrize(("language", "said"), [
    ("de", "Bernd: Angebot an Anna – du gibst Gefängnis-frei-Karte (Ereignisfeld) + 50\u00a0€; du bekommst nichts"),
    ("en", "Bernd: your offer to Anna: you give Get Out of Jail Free (Ereignisfeld) + 50\u00a0€; you get nothing"),
])
def test_the_offer_names_a_jail_card_shortly_by_its_deck_as_printed(language: str, said: str) -> None:
    """A get-out-of-jail card in an offer is named by a short name and the deck as the set prints it
    (its printed sentence is two lines in German), the cash unbroken, an empty side "nothing"."""
    from companion.core.procedure import Question
    from ui.i18n import PLACE_CHANCE, PLACE_CHEST, Translator
    tr = Translator(language)
    tr.use_players({"yellow": "Anna", "green": "Bernd"})
    tr.use_places({PLACE_CHANCE: "Ereignisfeld", PLACE_CHEST: "Gemeinschaftsfeld"}, set_speaks="de")
    question = Question(kind="choice", key="morpoly.trade.offer", text="", player="green", options=("cancel",),
                        params=(("party", "green"), ("boss", "green"), ("partner", "yellow"),
                                ("gives", "chance.jail-free + 50 €"), ("gets", ""), ("chosen", "")))
    assert tr.question(question) == said


def test_a_swap_undone_in_the_journal_stays_undone_after_a_restart(tmp_path: Path, request: Any) -> None:
    """A German table with long names swaps two streets by touch, takes the whole trade back in the
    Journal (to the menu before "trade"), and the app is started again: back on the Journal, and on
    the board the menu with "trade", each street with its owner, the money as before, and the trade's
    line gone from the log."""
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, {"edition": "de"}, _swap_ready, seed=3)
    conftest = _conftest(request)
    app, d = _resume(conftest, data, "de")
    try:
        game = app.game
        party = game.state.token(game.question.player).party
        partner = _partner(app)
        mine, theirs = _streets(game, party)[0], _streets(game, partner)[0]
        at_menu = len(app.session.inputs)
        money = [(p.id, p.cash) for p in game.state.parties]
        _open_offer(app, d, partner)
        d.tap(_answer_buttons(d)[f"give:{mine}"])
        d.tap(_answer_buttons(d)[f"get:{theirs}"])
        d.tap(_answer_buttons(d)["propose"])
        d.tap(_answer_buttons(d)["accept"])
        assert app.game.state.squares[mine].owner == partner and app.game.state.squares[theirs].owner == party
        _undo_from_the_board(app, d, at_menu)
    finally:
        conftest.stop_app(app)  # the app closed after the undo, started again below
    with _resumed(request, data, "de") as (app, d):
        _back_from_the_journal(d)
        question, _params, _lines = _asked_on_the_board(app, d, "morpoly.turn.menu")
        assert "trade" in question.options and len(app.session.inputs) == at_menu
        state = app.game.state
        assert state.squares[mine].owner == party and state.squares[theirs].owner == partner
        assert [(p.id, p.cash) for p in state.parties] == money
        assert "handeln:" not in d.screen.log_label.text, d.screen.log_label.text
        d.screenshot(SHOTS / "undone-restarted-de.png")


def _others_swap_ready(game: Any) -> bool:
    """A menu (rules revision 7) offering ``others-trade`` with more than one party to propose it, two
    of them (not the party on turn) each holding a street that may change hands."""
    from companion.morpoly.trade import other_proposers
    question = game.question
    if question is None or question.key != "morpoly.turn.menu" or "others-trade" not in question.options \
            or game.seq < 30:
        return False
    able = other_proposers(game.state, load_edition(game.state.edition), question.player)
    turn = game.state.token(question.player).party
    return len(able) > 1 and sum(1 for p in able if p != turn and _streets(game, p)) >= 2


@dataclass(frozen=True)
class OthersSwap:
    """The swap the tests play on a menu :func:`_others_swap_ready` found: on ``turn_token``'s menu,
    ``proposer`` gives its street ``mine`` for ``partner``'s street ``theirs`` (``able``: the parties
    the table may name as proposer)."""

    turn_token: str
    turn: str
    able: list[str]
    proposer: str
    partner: str
    mine: int
    theirs: int


def _others_swap(game: Any) -> OthersSwap:
    from companion.morpoly.trade import other_proposers
    turn_token = game.question.player
    turn = game.state.token(turn_token).party
    able = other_proposers(game.state, load_edition(game.state.edition), turn_token)
    proposer, partner = [p for p in able if p != turn and _streets(game, p)][:2]
    return OthersSwap(turn_token, turn, able, proposer, partner, _streets(game, proposer)[0],
                      _streets(game, partner)[0])


def test_a_polish_table_records_a_swap_of_two_others_on_a_third_s_turn_and_a_restart_keeps_it(
        tmp_path: Path, request: Any) -> None:
    """Rules revision 7: players trade whenever two agree. On one player's turn the table taps "another
    trade", names who proposes it (the question to the table, the names on its buttons), and the
    proposer's boss swaps a street with a third party; the turn's menu comes back, the Journal says
    who was named as proposer (not as if the player on turn had answered), and after a restart the
    swap stands."""
    data = tmp_path / "data"
    _feed(data, POLISH_NAMES, {}, _others_swap_ready, seed=3)
    conftest = _conftest(request)
    app, d = _resume(conftest, data, "pl")
    try:
        game = app.game
        swap = _others_swap(game)
        turn_token, turn, able = swap.turn_token, swap.turn, swap.able
        proposer, partner, mine, theirs = swap.proposer, swap.partner, swap.mine, swap.theirs
        button = _answer_buttons(d)["others-trade"]
        assert button.text == "Wymiana proponowana przez innego gracza"
        d.tap(button)
        question, _params, lines = _asked_on_the_board(app, d, "morpoly.trade.proposer")
        assert question.player == turn_token and " ".join(lines) == "Kto proponuje wymianę?", lines
        buttons = _answer_buttons(d)
        assert set(buttons) == {*able, "cancel"}  # "cancel": the button tapped by mistake
        named = POLISH_NAMES[SEATS.index(game.state.party(proposer).boss)]
        assert _plain(buttons[proposer].text) == named
        d.screenshot(SHOTS / "proposer-pl.png")
        d.tap(buttons[proposer])
        if app.game.question.key == "morpoly.trade.partner":
            assert app.game.question.player == app.game.state.party(proposer).boss
            assert turn in app.game.question.options  # the party on turn may be the partner
            d.tap(_answer_buttons(d)[partner])
        question, params, lines = _asked_on_the_board(app, d, "morpoly.trade.offer")
        assert question.player == app.game.state.party(proposer).boss and params["partner"] == partner
        d.tap(_answer_buttons(d)[f"give:{mine}"])
        d.tap(_answer_buttons(d)[f"get:{theirs}"])
        d.tap(_answer_buttons(d)["propose"])
        question, _params, _lines = _asked_on_the_board(app, d, "morpoly.trade.answer")
        assert question.player == app.game.state.party(partner).boss
        d.tap(_answer_buttons(d)["accept"])
        after = app.game.state
        assert after.squares[mine].owner == partner and after.squares[theirs].owner == proposer
        assert app.game.question.key == "morpoly.turn.menu" and app.game.question.player == turn_token
        d.tap(d.screen.journal_button)
        rows = [_plain(row["text"].split("\n")[0]) for row in d.screen.ids.lines.data[-6:]]
        assert any(r.endswith(f"Kto proponuje wymianę → {named}") for r in rows), rows
        d.screenshot(SHOTS / "journal-proposer-pl.png")
    finally:
        conftest.stop_app(app)  # the plug pulled after the trade
    with _resumed(request, data, "pl") as (app, d):
        after = app.game.state
        assert after.squares[mine].owner == partner and after.squares[theirs].owner == proposer
        assert app.game.question.key == "morpoly.turn.menu" and app.game.question.player == turn_token
        assert "others-trade" in app.game.question.options


def test_a_german_swap_of_two_others_undone_in_the_journal_stays_undone_after_a_restart(
        tmp_path: Path, request: Any) -> None:
    """Rules revision 7 with long German names: on one player's turn two others swap two streets
    ("Handel, den ein anderer vorschlägt"); the table takes the whole trade back in the Journal, to the
    menu before it, and the app is started again: back on the Journal, then on the board the same
    player's menu, each street with its owner and the money as before."""
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, {"edition": "de"}, _others_swap_ready, seed=3)
    conftest = _conftest(request)
    app, d = _resume(conftest, data, "de")
    try:
        game = app.game
        swap = _others_swap(game)
        turn_token, proposer, partner, mine, theirs = swap.turn_token, swap.proposer, swap.partner, swap.mine, \
            swap.theirs
        at_menu = len(app.session.inputs)
        money = [(p.id, p.cash) for p in game.state.parties]
        assert _answer_buttons(d)["others-trade"].text == "Handel, den ein anderer vorschlägt"
        d.tap(_answer_buttons(d)["others-trade"])
        d.tap(_answer_buttons(d)[proposer])
        if app.game.question.key == "morpoly.trade.partner":
            d.tap(_answer_buttons(d)[partner])
        for answer in (f"give:{mine}", f"get:{theirs}", "propose", "accept"):
            d.tap(_answer_buttons(d)[answer])
        assert app.game.state.squares[mine].owner == partner and app.game.state.squares[theirs].owner == proposer
        d.screenshot(SHOTS / "others-swapped-de.png")
        _undo_from_the_board(app, d, at_menu)
    finally:
        conftest.stop_app(app)  # the plug pulled after the undo
    with _resumed(request, data, "de") as (app, d):
        _back_from_the_journal(d)
        _asked_on_the_board(app, d, "morpoly.turn.menu")
        after = app.game.state
        assert app.game.question.player == turn_token and "others-trade" in app.game.question.options
        assert after.squares[mine].owner == proposer and after.squares[theirs].owner == partner
        assert [(p.id, p.cash) for p in after.parties] == money
        assert "handeln:" not in d.screen.log_label.text.split("\n")[-1]
        d.screenshot(SHOTS / "others-undone-restarted-de.png")


def _mortgaged_street(game: Any, party: str) -> int | None:
    """A street of ``party`` that is mortgaged and may change hands, or ``None``."""
    return next((s for s in _streets(game, party) if game.state.squares[s].mortgaged), None)


def _taker(game: Any, party: str, square: int) -> str | None:
    """A partner of ``party`` whose cash covers R12's tenth on ``square``, or ``None``."""
    state = game.state
    ed = load_edition(state.edition)
    return next((p for p in partners(state, ed, party) if state.party(p).cash >= interest_due(state, ed, square)), None)


def _mortgaged_offer_ready(game: Any) -> bool:
    """A boss's menu with ``trade``, the party holding a mortgaged street that may change hands and a
    partner that can pay the tenth on it."""
    question = game.question
    if question is None or question.key != "morpoly.turn.menu" or "trade" not in question.options:
        return False
    party = game.state.token(question.player).party
    square = _mortgaged_street(game, party)
    return square is not None and _taker(game, party, square) is not None


def test_a_plain_german_table_s_partner_is_told_the_street_offered_is_mortgaged_and_what_it_costs(
        tmp_path: Path, request: Any) -> None:
    """Standard Monopoly on the German set: a mortgaged street offered by touch is marked "mit
    Hypothek" in the offer and in the partner's question, which also says the tenth the partner pays
    the bank on receiving it (R12); accepted, the partner pays exactly that and is asked whether to
    lift it. The partner's question said neither: it read as any street."""
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, PLAIN_DE, _mortgaged_offer_ready, seed=3)
    with _resumed(request, data, "de") as (app, d):
        state = app.game.state
        ed = load_edition("de")
        party = state.token(app.game.question.player).party
        square = _mortgaged_street(app.game, party)
        assert square is not None
        partner = _taker(app.game, party, square)
        assert partner is not None
        interest, their_cash = interest_due(state, ed, square), state.party(partner).cash
        marked = f"{ed.squares[square].name} (mit Hypothek)"
        _open_offer(app, d, partner)
        d.tap(_answer_buttons(d)[f"give:{square}"])
        _asked_on_the_board(app, d, "morpoly.trade.offer")
        assert f"du gibst {marked}; du bekommst nichts" in _plain(d.screen.question_label.text)
        d.screenshot(SHOTS / "offer-mortgaged-de.png")
        d.tap(_answer_buttons(d)["propose"])
        question, params, lines = _asked_on_the_board(app, d, "morpoly.trade.answer")
        assert LONG_NAMES[SEATS.index(question.player)] in lines[0], lines
        said = _plain(d.screen.question_label.text)
        money = ed.currency.format(interest).replace(" ", "\u00a0")
        assert f"bietet dir {marked} für nichts" in said, said
        assert f"zahlst du der Bank {money} Zinsen. Annehmen?" in said, said
        d.screenshot(SHOTS / "answer-mortgaged-de.png")
        d.tap(_answer_buttons(d)["accept"])
        after = app.game.state
        assert after.squares[square].owner == partner and after.squares[square].mortgaged
        assert after.party(partner).cash == their_cash - interest
        assert app.game.question.key == "morpoly.transfer.lift"


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Anna: Bernd offers you Schlossallee (mortgaged) + 50\u00a0€ for Turmstraße; on the mortgaged squares "
           "you receive you pay the bank 20\u00a0€ interest. Accept?"),
    ("de", "Anna: Bernd bietet dir Schlossallee (mit Hypothek) + 50\u00a0€ für Turmstraße; für die Felder mit "
           "Hypothek, die du bekommst, zahlst du der Bank 20\u00a0€ Zinsen. Annehmen?"),
    ("pl", "Anna: Bernd proponuje wymianę – dostajesz: Schlossallee (w zastawie) + 50\u00a0€; dajesz: Turmstraße. "
           "Za otrzymane zastawione pola płacisz bankowi 20\u00a0€ odsetek. Przyjąć?"),
    ("it", "Anna: Bernd propone uno scambio – ricevi: Schlossallee (con ipoteca) + 50\u00a0€; dai: Turmstraße. "
           "Per le caselle ipotecate che ricevi paghi alla banca 20\u00a0€ di interessi. Accetti?"),
])
def test_the_partner_s_question_says_a_square_is_mortgaged_and_the_interest_in_every_language(
        language: str, said: str) -> None:
    """The partner's question marks the mortgaged square it would receive and says the tenth it pays
    (params ``mortgaged`` and ``interest``), in each of the four languages."""
    from companion.core.procedure import Question
    from ui.i18n import Translator
    tr = Translator(language)
    tr.use_players({"yellow": "Anna", "green": "Bernd"})
    question = Question(kind="choice", key="morpoly.trade.answer", text="", player="yellow",
                        options=("accept", "refuse"),
                        params=(("party", "green"), ("partner", "yellow"), ("boss", "yellow"),
                                ("gives", "Schlossallee + 50 €"), ("gets", "Turmstraße"), ("chosen", ""),
                                ("mortgaged", "Schlossallee"), ("interest", "20 €")))
    assert tr.question(question) == said


@pytest.mark.parametrize("language,says", [
    ("en", "you pay Clara, the Patrician, $20 interest"),
    ("de", "zahlst du dem Patrizier (Clara) $20 Zinsen"),  # the role, not "Clara, dem Patrizier"
    ("pl", "płacisz Patrycjuszowi (Clara) $20 odsetek"),
    ("it", "paghi al Patrizio (Clara) $20 di interessi"),
])
def test_the_answer_says_the_interest_goes_to_the_patrician(language: str, says: str) -> None:
    """Under ``transfer-interest=standard-10pct`` the tenth on a mortgaged square received goes to the
    Patrician (L97, rules revision 9): Bernd's question says whom he pays, in every language — it said
    "you pay the bank", and the money went to Clara."""
    from tests.companion.morpoly.morpoly_table import do, own, start, table
    from ui.i18n import Translator

    state = table(("red", "blue", "green"), base="variant")
    for party, guild in (("red", "wizards"), ("blue", "beggars"), ("green", "patrician")):
        state.party(party).guilds = [guild]
    state.rules["transfer-interest"] = "standard-10pct"
    own(state, "red", 39, mortgaged=True)
    question = do(start(state, "red"), "trade", "blue", "give:39", "propose").question
    assert question is not None and question.key == "morpoly.trade.answer"
    translator = Translator(language)
    translator.use_players({"red": "Anna", "blue": "Bernd", "green": "Clara"})
    said = translator.question(question)
    assert says in said and "Boardwalk" in said, said
