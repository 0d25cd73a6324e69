"""Ankh-Morpoly played as tables play it, in German with four long names and in Polish and Italian,
in the real app (800×480) driven by touch, and what a player tripped over on the screenshots:

- four tokens on GO (every four-player game's start) were drawn as two: the square's lines did not
  fit, and Kivy dropped the first (the number and "GO") and wrapped the dots onto a line it dropped;
- a long question (a debt to raise, a price to agree, with a long name) lost its first line, the one
  that says who and how much;
- English on the board and the journal: "GO" and "CC" on the ring, "Trade: Vermont Avenue" on the
  trade buttons, "pays 50 € to bank" in German, Polish and Italian narration;
- the journal of an Ankh-Morpoly game showed the other game's city map beside its steps, and a row
  with a card's long text lost its number and player above the row's top;
- a square's "… is here" buttons cut "Wilhelmine-Hildegard" in the middle of the word;
- the end of the game named the winner by seat colour, not by the name typed at set-up.

A late position is reached the way a table's journal would hold it: seeded random legal play
(:mod:`companion.morpoly.random_play`) fed through the session, then the app is opened on it and
"resume" tapped."""
from __future__ import annotations

import random
import re
import time
from pathlib import Path
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Callable

import pytest

from companion.core.session import Session
from companion.morpoly.random_play import random_input
from ui.palette import SHAPE
from ui.screens.morpoly.common import PLAYER_IDS

LONG_NAMES = ["Bartholomäus", "Wilhelmine-Hildegard", "Konstantinopel", "Maximiliane"]
SEATS = list(PLAYER_IDS)
"""The app's seats in order (two to eight; the first four red, yellow, green, blue)."""


def _conftest(request: Any) -> Any:
    return request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))


def _feed(data: Path, names: list[str], options: dict[str, str], until: Callable[[Any], bool], seed: int,
          limit: int = 4000) -> random.Random:
    """A game in the data folder's journal, played by seeded random legal inputs until ``until``;
    the random play's generator, to play on."""
    data.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    with Session.open(data / "games.sqlite") as session:
        session.new_game(SEATS[:len(names)], None, names, mode="ankh-morpoly", options=options)
        for _ in range(limit):
            game = session.game
            assert game is not None
            if until(game):
                return rng
            assert game.question is not None, "the game ended first"
            session.submit(random_input(game, rng))
    raise AssertionError(f"not reached in {limit} inputs")


def _resume(conftest: Any, data: Path, language: str) -> tuple[Any, Any]:
    app = conftest.start_app(data, language=language)
    d = conftest.Driver(app)
    d.frames(3)
    d.tap(d.screen.ids.resume)
    d.frames(3)
    return app, d


@contextmanager
def _resumed(request: Any, data: Path, language: str) -> Iterator[tuple[Any, Any]]:
    """The app opened on the data folder's game and "resume" tapped (:func:`_resume`), stopped when
    the block ends, whatever the block's assertions do."""
    conftest = _conftest(request)
    app, d = _resume(conftest, data, language)
    try:
        yield app, d
    finally:
        conftest.stop_app(app)


@contextmanager
def _setup_screen(request: Any, tmp_path: Path, language: str,
                  names: list[str] | None = None) -> Iterator[tuple[Any, Any, Any]]:
    """The app in ``language``, "new Ankh-Morpoly game" tapped on Home (and with ``names``, that many
    players tapped and their names typed): the app, the driver and the set-up screen, the app
    stopped when the block ends."""
    conftest = _conftest(request)
    app = conftest.start_app(tmp_path / "data", language=language)
    d = conftest.Driver(app)
    try:
        d.frames(3)
        d.tap(d.screen.ids.new_morpoly)
        setup = d.screen
        if names:
            d.tap(setup.count_buttons[len(names)])
            for field, name in zip(setup.name_inputs, names):
                field.text = name  # typed on the on-screen keyboard
        yield app, d, setup
    finally:
        conftest.stop_app(app)


def _shown_lines(label: Any) -> list[str]:
    """The lines Kivy actually drew for a label (after wrapping, and after dropping what did not fit)."""
    label.texture_update()
    return ["".join(word.text for word in line.words) for line in label._label._cached_lines]


def _fits(label: Any, height: float) -> bool:
    """Whether the label's whole text, wrapped at its width, is no taller than ``height``."""
    from kivy.uix.label import Label
    probe = Label(text=label.text, markup=label.markup, font_size=label.font_size, bold=label.bold,
                  font_name=label.font_name, text_size=(label.text_size[0] or label.width, None))
    probe.texture_update()
    return bool(probe.texture_size[1] <= height + 1)


def test_four_long_names_set_up_by_touch_are_all_on_go(tmp_path: Path, request: Any) -> None:
    with _setup_screen(request, tmp_path, "de", LONG_NAMES) as (app, d, setup):
        d.tap(setup.edition_buttons["de"])
        d.tap(setup.start_button)
        assert d.screen.name == "morpoly-board"
        for guild in ("Diebesgilde", "Stadtwache", "Händlergilde", "Bettlergilde"):
            d.tap(next(b for b in d.screen.answer_area.walk() if getattr(b, "text", "") == guild))
        d.frames(5)
        go = d.screen.cells[0]
        assert [t.square for t in app.game.state.tokens] == [0, 0, 0, 0]
        shown = "".join(_shown_lines(go))
        assert shown.startswith("0 Los") and all(shown.count(mark) == 1 for mark in "●▲■◆"), shown
        assert _fits(go, go.height)
        ring = [cell.text for cell in d.screen.cells]
        assert not any(" GO" in text or " CC" in text for text in ring)
        assert " GF" in ring[2] and " GF" in ring[17]


def test_a_long_question_shows_who_and_how_much(tmp_path: Path, request: Any) -> None:
    """A debt to raise, in German with long names: the question's first line (the name and the
    amount) is on the screen, and the answers still below it."""
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, {"edition": "de"}, lambda g: g.question is not None
          and g.question.key == "morpoly.debt.raise", seed=1)
    with _resumed(request, data, "de") as (app, d):
        board = d.screen
        assert board.name == "morpoly-board" and app.game.question.key == "morpoly.debt.raise"
        label = board.question_label
        boss = dict(app.game.question.params)["boss"]
        name = LONG_NAMES[SEATS.index(boss)]
        lines = _shown_lines(label)
        assert name in lines[0] and "beschaffe" in " ".join(lines), lines
        amounts = [dict(app.game.question.params)[k] for k in ("amount", "cash")]
        for amount in amounts:  # "38 €" stays together on one line
            assert amount.replace(" ", "\u00a0") in label.text and not any(line.startswith("€") for line in lines)
        assert _fits(label, label.height)
        first = next(w for w in board.answer_area.walk() if getattr(w, "value", ""))
        assert first.to_window(*first.pos)[1] + first.height <= label.to_window(*label.pos)[1] + 1
        before = len(app.session.inputs)
        d.tap(first)  # still an answer a finger can reach
        assert len(app.session.inputs) == before + 1


def test_a_trade_is_offered_in_polish_words(tmp_path: Path, request: Any) -> None:
    """The offer's buttons (rules revision 6; before it the squares to buy: "Kup …") in Polish: no
    English verb ("Trade: …", "Give: …"), and tapped, the offer asked again, its question whole."""
    data = tmp_path / "data"
    _feed(data, ["Przemysław", "Małgorzata", "Grzegorz"], {"fortuna": "on", "elam": "on"},
          lambda g: g.question is not None and g.question.key == "morpoly.trade.offer", seed=2)
    with _resumed(request, data, "pl") as (app, d):
        buttons = [w for w in d.screen.answer_area.walk() if getattr(w, "value", "").startswith(("give:", "get:"))]
        assert buttons
        for button in buttons:
            assert "Trade" not in button.text and "Give" not in button.text, button.text
            assert button.text.startswith("Daj: " if button.value.startswith("give:") else "Zażądaj: "), button.text
        value = buttons[0].value
        d.tap(buttons[0])
        assert app.game.question.key == "morpoly.trade.offer" and dict(app.game.question.params)["chosen"] == value
        label = d.screen.question_label
        assert _fits(label, label.height), _shown_lines(label)


def _journal(conftest: Any, tmp_path: Path) -> tuple[Any, Any, list[str]]:
    """A German game with long names some 120 steps on, its journal opened by touch."""
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, {"edition": "de"}, lambda g: g.seq > 120 and g.question is not None
          and g.question.kind == "roll", seed=1)
    app, d = _resume(conftest, data, "de")
    d.tap(d.screen.journal_button)
    assert d.screen.name == "journal"
    return app, d, [row["text"] for row in d.screen.ids.lines.data]


def test_the_journal_says_the_bank_in_german(tmp_path: Path, request: Any) -> None:
    conftest = _conftest(request)
    app, d, rows = _journal(conftest, tmp_path)
    try:
        paid = [r for r in rows if "zahlt" in r and "an die Bank" in r]
        assert paid and not any(" an bank" in r for r in rows), [r for r in rows if "bank" in r.lower()][:3]
    finally:
        conftest.stop_app(app)


def test_the_journal_says_a_throw_as_two_faces_not_a_decimal(tmp_path: Path, request: Any) -> None:
    """A throw's row read "Bartholomäus ⚄ 5,2": at a German (Polish, Italian) table "5,2" is five point
    two. It reads "⚄ 5 + 2", as the status line says a throw ("3+4")."""
    conftest = _conftest(request)
    app, d, rows = _journal(conftest, tmp_path)
    try:
        thrown = [r.split("\n")[0] for r in rows if "⚄" in r]
        assert len(thrown) > 20, thrown[:3]
        assert all(re.search(r"⚄ [1-6] \+ [1-6]$", r) for r in thrown), thrown[:3]
        assert not any(re.search(r"⚄ [1-6],[1-6]", r) for r in rows), thrown[:3]
    finally:
        conftest.stop_app(app)


def test_the_journal_shows_the_position_not_the_other_games_map(tmp_path: Path, request: Any) -> None:
    conftest = _conftest(request)
    app, d, rows = _journal(conftest, tmp_path)
    try:
        journal = d.screen
        assert journal.ids.map.opacity == 0 and journal.ids.map.height == 0
        position = journal.ids.position.text
        assert all(name in position for name in LONG_NAMES) and "€" in position
        assert journal.ids.position.height > journal.height / 3
        journal.select(5)
        d.frames(2)
        state = app.session.positions[5].state
        assert f"{state.tokens[0].square} · " in journal.ids.position.text
    finally:
        conftest.stop_app(app)


def test_a_journal_row_with_a_cards_long_text_keeps_its_number(tmp_path: Path, request: Any) -> None:
    conftest = _conftest(request)
    app, d, rows = _journal(conftest, tmp_path)
    try:
        long_rows = [i for i, r in enumerate(rows) if len(r.split("\n")[0]) > 90]
        assert long_rows, "no card's long text in this game"
        for index in long_rows[-3:]:
            row = d.screen.line_button(index)
            d.frames(2)
            assert _shown_lines(row)[0].startswith(f"{index} ·"), _shown_lines(row)
    finally:
        conftest.stop_app(app)


def test_a_long_name_is_whole_on_the_squares_buttons(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, {"edition": "de"}, lambda g: g.question is not None
          and g.question.key == "morpoly.turn.menu" and g.seq > 10, seed=1)
    with _resumed(request, data, "de") as (app, d):
        d.tap(d.screen.cells[39])
        popup = d.screen.square_popup
        assert len(d.screen.place_buttons) == 4
        for button in d.screen.place_buttons.values():
            d.frames(2)
            words = " ".join(_shown_lines(button)).split()
            assert set(button.text.split()) <= set(words), (button.text, _shown_lines(button))
            x, y = button.to_window(*button.pos)
            assert 0 <= x and x + button.width <= 800 and 0 <= y and y + button.height <= 480
        popup.dismiss()


def test_the_winner_is_named_as_typed(tmp_path: Path, request: Any) -> None:
    names = ["Giuseppina", "Massimiliano", "Bartolomeo"]
    ended: list[int] = []
    _feed(tmp_path / "trial", names, {}, lambda g: g.question is None and not ended.append(g.seq), seed=3,
          limit=20000)
    data = tmp_path / "data"
    rng = _feed(data, names, {}, lambda g: g.seq == ended[0] - 1, seed=3, limit=20000)
    with _resumed(request, data, "it") as (app, d):
        assert app.submit(random_input(app.game, rng)), app.message
        d.frames(3)
        over = app.game.state.game_over
        assert over is not None and app.game.question is None and d.screen.name == "morpoly-board"
        text = d.screen.question_label.text
        assert names[SEATS.index(over.winner)] in text, text
        # the players taken over on the way are named too, and "$3,150" is one amount, not a list
        d.tap(d.screen.journal_button)
        rows = "\n".join(row["text"] for row in d.screen.ids.lines.data)
        assert "rileva" in rows  # a takeover happened (Massimiliano rileva ...)
        colours = [app.translator.color(seat) for seat in SEATS[:3]]
        assert not [c for c in colours if re.search(rf"\b{c}\b", rows)], [line for line in rows.split("\n")
                                                                         if any(c in line for c in colours)][:3]
        assert not re.search(r"\$[0-9]+, [0-9]{3}", rows)


def test_the_ledger_names_the_squares_kinds_as_the_covers_above_them(tmp_path: Path, request: Any) -> None:
    """A US set at an Italian table: where the next roll may lead names the squares' kinds as the
    covers above it do. It said Imprevisti and Probabilità, in the table's words, as the covers did
    then; a set of another language than the table's now has its decks named as printed (the covers,
    the card questions, the ring, GO), so both say the set's "Chance" and "Community Chest", never
    the one beside the other."""
    data = tmp_path / "data"
    _feed(data, ["Giuseppina", "Massimiliano", "Bartolomeo"], {}, lambda g: g.question is not None
          and g.question.key == "morpoly.turn.menu" and g.seq > 10, seed=3)
    with _resumed(request, data, "it") as (app, d):
        d.tap(d.screen.ledger_button)
        text = d.screen.body.text
        assert "Chance" in text and "Community Chest" in text, text
        assert "Imprevisti" not in text and "Probabilità" not in text, text


def test_every_square_is_drawn_whole_after_a_resume(tmp_path: Path, request: Any) -> None:
    """A late ELAM game (houses, NPCs, tokens together) opened after a restart: each square shows
    its number first and all its lines, and its group's strip lies on its own top edge (after a
    resume, strips of 13–19 were drawn over squares 11 and 12)."""
    data = tmp_path / "data"

    def built_and_crowded(game: Any) -> bool:
        state = game.state
        squares = [t.square for t in state.tokens]
        return (game.question is not None and game.seq > 150
                and any(state.squares[s].houses for s in squares if s in state.squares)
                and len(squares) != len(set(squares)))

    _feed(data, LONG_NAMES, {"edition": "de", "fortuna": "on", "elam": "on"}, built_and_crowded, seed=1)
    with _resumed(request, data, "de") as (app, d):
        from kivy.graphics import Rectangle
        d.frames(5)
        for cell in d.screen.cells:
            assert _fits(cell, cell.height), (cell.index, cell.text)
            assert _shown_lines(cell)[0].startswith(str(cell.index)), (cell.index, _shown_lines(cell))
            rects = [i for i in cell.canvas.before.children if isinstance(i, Rectangle)]
            for rect in rects:
                assert cell.y - 1 <= rect.pos[1] <= cell.top and rect.pos[1] + rect.size[1] <= cell.top + 1, \
                    (cell.index, cell.pos, rect.pos)


def test_the_top_bars_table_shows_the_board(tmp_path: Path, request: Any) -> None:
    """"☰ Table" on the journal's top bar during an Ankh-Morpoly game: the board (it stopped the app,
    the first game's table screen reading a state it does not know)."""
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, {"edition": "de"}, lambda g: g.seq > 20 and g.question is not None
          and g.question.key == "morpoly.turn.menu", seed=1)
    with _resumed(request, data, "de") as (app, d):
        d.tap(d.screen.journal_button)
        assert d.screen.name == "journal"
        from kivy.core.window import Window
        table = [w for child in Window.children for w in child.walk()
                 if getattr(w, "text", "") == "☰ " + app.t("Table")]
        assert len(table) == 1 and not table[0].disabled
        d.tap(table[0])
        assert d.screen.name == "morpoly-board"
        assert "Bartholomäus" in d.screen.money_label.text


def test_a_price_agreed_at_the_table_is_typed_on_a_digit_pad(tmp_path: Path, request: Any) -> None:
    """The engine takes any whole amount for a trade's cash; the board offered only about ten
    buttons (1, 20, 40, … at a Polish table: a price of 150 agreed across the table had none). The
    board's "Another amount…" opens a digit pad; 1, 5, 0 and OK put 150 in the offer (rules revision
    6; before it the seller's price), and the deed is sold for it once proposed and accepted."""
    data = tmp_path / "data"

    def asked(g: Any) -> bool:
        q = g.question
        if q is None or q.key != "morpoly.trade.pay" or q.maximum < 160 or "150" in q.options:
            return False
        wanted = [int(c[4:]) for c in dict(q.params)["chosen"].split(",") if c.startswith("get:")]
        return not any(g.state.squares[s].mortgaged for s in wanted)  # no interest beside the price

    _feed(data, ["Przemysław", "Małgorzata", "Grzegorz"], {}, asked, seed=14)  # (seed 6 before revision 6)
    with _resumed(request, data, "pl") as (app, d):
        board = d.screen
        question = app.game.question
        buyer = dict(question.params)["party"]
        cash = {p.id: p.cash for p in app.game.state.parties}
        more = board.amount_button
        assert more.text == "Inna kwota…" and more.parent is board.answer_area  # not scrolled away
        suggested = [w.text for w in board.answer_area.walk() if getattr(w, "value", "").isdigit()]
        assert suggested and all(text.startswith("$") for text in suggested), suggested
        d.tap(more)
        d.frames(20)  # the popup opens
        for k in ("1", "5", "0"):
            d.tap(board.amount_keys[k])
        assert "150" in board.amount_popup.content.children[-1].text and not board.amount_ok.disabled
        d.tap(board.amount_ok)
        assert app.session.inputs[-1].value == "150"
        assert dict(app.game.question.params)["gives"].endswith("$150")
        popup, end = board.amount_popup, time.monotonic() + 10
        while popup.parent is not None and time.monotonic() < end:  # it fades out, taking every touch till gone
            d.frames(1)
            time.sleep(0.01)
        d.tap(_answer_buttons(d)["propose"])
        d.tap(_answer_buttons(d)["accept"])
        after = {p.id: p.cash for p in app.game.state.parties}
        assert after[buyer] == cash[buyer] - 150
        d.tap(board.journal_button)
        assert d.screen.name == "journal"
        assert d.screen.ids.lines.data[-3]["text"].split("\n")[0].endswith("→ $150")


def test_home_says_which_game_resume_resumes(tmp_path: Path, request: Any) -> None:
    conftest = _conftest(request)
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, {"edition": "de"}, lambda g: g.seq > 20, seed=1)
    app = conftest.start_app(data, language="de")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        resume = d.screen.ids.resume
        assert "Ankh-Morpoly · Zug" in resume.text and all(name in resume.text for name in LONG_NAMES)
        assert _fits(resume, resume.height)
    finally:
        conftest.stop_app(app)


def test_a_journal_row_ends_a_card_s_sentence_once(tmp_path: Path, request: Any) -> None:
    """A card's printed text ends with a full stop, and the row joins a step's lines with "; ": the
    Polish Journal read "Żaneta wyciąga: Receive $25 consultancy fee.; Żaneta idzie 6 pól…"."""
    conftest = _conftest(request)
    app, d, rows = _journal(conftest, tmp_path)
    try:
        said = [r.split("\n", 1)[1] for r in rows if "\n" in r]
        assert any("; " in r for r in said)
        assert not any(".;" in r for r in said), [r for r in said if ".;" in r][:3]
        drawn = [r for r in said if "zieht: " in r and "; " in r]
        assert drawn, "no card drawn before another line in this game"
        assert any("verkaufst; " in r for r in drawn), drawn[:3]  # the card's own words, its stop dropped
    finally:
        conftest.stop_app(app)


PLAIN_DE = {"edition": "de", "base": "standard"}
"""Plain Monopoly (``base=standard``, rules revision 5's rules) on the German euro set."""


def _asked_on_the_board(app: Any, d: Any, key: str) -> tuple[Any, dict[str, str], list[str]]:
    """The board asks ``key``'s question: the question, its params and the lines its label drew,
    which all fit (the first line, who answers, is not dropped)."""
    question = app.game.question
    assert d.screen.name == "morpoly-board" and question.key == key, (d.screen.name, question.key)
    label = d.screen.question_label
    lines = _shown_lines(label)
    assert _fits(label, label.height), lines
    return question, dict(question.params), lines


def _undo_to_by_touch(d: Any, row: int) -> None:
    """On the Journal screen: pick step ``row``, tap "undo to here" and the dialog's undo, and wait
    for the dialog to close (the Journal stays open)."""
    journal = d.screen
    assert journal.name == "journal", journal.name
    journal.select(row)
    d.frames(2)
    d.tap(journal.ids.undo)
    d.tap(journal.confirm_button)
    for _frame in range(100):
        d.frames(1)
        if journal.popup.parent is None:
            break


def _undo_from_the_board(app: Any, d: Any, row: int) -> None:
    """From the board: open the Journal and undo back to step ``row`` by touch (:func:`_undo_to_by_touch`);
    the session then holds ``row`` inputs and the Journal stays open (as the plug may be pulled now)."""
    d.tap(d.screen.journal_button)
    assert d.screen.name == "journal"
    d.frames(3)
    _undo_to_by_touch(d, row)
    assert len(app.session.inputs) == row, app.message


def _back_from_the_journal(d: Any) -> None:
    """After a restart that followed an undo: the app is back on the Journal, where the table was;
    "back" goes to the board."""
    assert d.screen.name == "journal"
    d.tap(d.screen.ids.back)


def _answer_buttons(d: Any, prefix: str = "") -> dict[str, Any]:
    """The board's answer buttons by the answer each gives (those starting with ``prefix``)."""
    return {w.value: w for w in d.screen.answer_area.walk()
            if getattr(w, "value", "") and w.value.startswith(prefix)}


def test_a_german_plain_monopoly_table_lifts_a_deed_received_mortgaged_and_a_restart_keeps_the_offer(
        tmp_path: Path, request: Any) -> None:
    """Standard Monopoly (rules revision 5): a deed received mortgaged costs the tenth at once, and
    its new owner is offered to lift it at once for the mortgage value alone. Reached by random play
    on the German set with long names; the app opened on it, closed as a pulled plug would, opened
    again: the same offer, in German, every word on the board, the interest said in the log; a tap
    on "ablösen" pays the mortgage value alone."""
    from companion.morpoly.editions import load_edition
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, PLAIN_DE,
          lambda g: g.question is not None and g.question.key == "morpoly.transfer.lift", seed=6)
    conftest = _conftest(request)
    app, d = _resume(conftest, data, "de")
    conftest.stop_app(app)  # the plug pulled at the offer
    with _resumed(request, data, "de") as (app, d):
        question, params, lines = _asked_on_the_board(app, d, "morpoly.transfer.lift")
        assert LONG_NAMES[SEATS.index(params["boss"])] in lines[0], lines
        assert "Mit Hypothek erhalten" in " ".join(lines), lines
        assert "Zinsen an die Bank" in d.screen.log_label.text, d.screen.log_label.text
        buttons = _answer_buttons(d)
        assert buttons["keep"].text == "Mit Hypothek behalten"
        lifts = [v for v in buttons if v.startswith("lift:")]
        assert lifts and all(buttons[v].text.startswith("Hypothek auf ") for v in lifts), lifts
        square, party = int(lifts[0][len("lift:"):]), params["party"]
        cash = app.game.state.party(party).cash
        d.tap(buttons[lifts[0]])
        after = app.game.state
        assert not after.squares[square].mortgaged
        assert after.party(party).cash == cash - load_edition("de").deed(square).mortgage
        assert "sofort für" in d.screen.log_label.text


def test_a_polish_plain_monopoly_table_records_its_auction_by_touch(tmp_path: Path, request: Any) -> None:
    """Standard Monopoly (rules revision 5): a deed the lander declines is auctioned by the table. The
    app asks who bid highest — the players by the names typed at set-up, and "nobody" — then the
    winner's bid on the amount pad, and the deed is the winner's; in Polish, every word on the board."""
    from companion.morpoly.editions import load_edition
    data = tmp_path / "data"
    names = ["Przemysław", "Małgorzata", "Grzegorz"]
    _feed(data, names, {"base": "standard"},
          lambda g: g.question is not None and g.question.key == "morpoly.deed.auction", seed=1)
    with _resumed(request, data, "pl") as (app, d):
        question, params, lines = _asked_on_the_board(app, d, "morpoly.deed.auction")
        assert "licytacji" in " ".join(lines), lines
        assert "licytację" in d.screen.log_label.text, d.screen.log_label.text
        buttons = _answer_buttons(d)
        assert buttons["nobody"].text == "Nikt nie licytuje"
        bidders = [v for v in buttons if v != "nobody"]
        shown = [buttons[v].text for v in bidders]  # "[color=…]●[/color] Przemysław": mark and name
        assert bidders and all(text.endswith(f"] {names[SEATS.index(v)]}") for v, text in zip(bidders, shown)), shown
        square = int(params["square"])
        winner = bidders[-1]
        cash = app.game.state.party(winner).cash
        d.tap(buttons[winner])
        question = app.game.question
        assert question.key == "morpoly.deed.bid" and question.maximum == cash
        amounts = [w for v, w in _answer_buttons(d).items() if v.isdigit()]
        assert amounts, "the bid's amounts"
        bid = int(amounts[0].value)
        d.tap(amounts[0])
        after = app.game.state
        assert after.squares[square].owner == winner and after.party(winner).cash == cash - bid
        d.frames(2)
        assert f"{load_edition('us').squares[square].name} na licytacji" in d.screen.log_label.text


def test_a_german_player_short_of_the_price_mortgages_by_touch_and_buys(tmp_path: Path, request: Any) -> None:
    """Standard Monopoly lets a player mortgage deeds and sell houses at any time; the app asked nothing
    of a lander short of the price (the deed went to the bank's auction, or before rules revision 5
    stayed with it). Now "Kaufen" asks for the sales and mortgages one at a time, with "Ablehnen" to
    give up after all; reached by seeded random play on the German set, played on by touch."""
    data = tmp_path / "data"
    _feed(data, LONG_NAMES[:3], PLAIN_DE,
          lambda g: g.question is not None and g.question.key == "morpoly.deed.raise", seed=1)
    with _resumed(request, data, "de") as (app, d):
        question, params, lines = _asked_on_the_board(app, d, "morpoly.deed.raise")
        assert "beschaffe" in " ".join(lines) and params["name"] in " ".join(lines), lines
        buttons = _answer_buttons(d)
        assert buttons["decline"].text == "Ablehnen"
        state = app.game.state
        lander = state.token(state.turn.token)
        square, party = lander.square, lander.party
        assert state.squares[square].owner is None and state.party(party).boss == question.player
        while app.game.question.key == "morpoly.deed.raise":
            mortgages = list(_answer_buttons(d, "mortgage:").values())
            assert mortgages and all(w.text.startswith("Hypothek auf ") for w in mortgages)
            d.tap(mortgages[0])
        assert app.game.state.squares[square].owner == party
        d.frames(2)
        assert f"kauft {params['name']}" in d.screen.log_label.text, d.screen.log_label.text


def test_an_auction_undone_in_the_journal_comes_back_after_a_pulled_plug(tmp_path: Path, request: Any) -> None:
    """A German plain-Monopoly table with long names records an auction by touch (who bid highest,
    the bid), undoes both steps in the Journal, and the plug is pulled: the app comes back at the
    same "who bid highest?" with the deed the bank's and the bidder's money as before."""
    from tests.ui.drive_morpoly import undo_by_touch
    data = tmp_path / "data"
    _feed(data, LONG_NAMES, PLAIN_DE,
          lambda g: g.question is not None and g.question.key == "morpoly.deed.auction", seed=1)
    with _resumed(request, data, "de") as (app, d):
        _question, params, _lines = _asked_on_the_board(app, d, "morpoly.deed.auction")
        square = int(params["square"])
        cash = {p.id: p.cash for p in app.game.state.parties}
        winner = next(v for v in _answer_buttons(d) if v != "nobody")
        d.tap(_answer_buttons(d)[winner])
        _asked_on_the_board(app, d, "morpoly.deed.bid")
        d.tap(next(w for v, w in _answer_buttons(d).items() if v.isdigit()))
        assert app.game.state.squares[square].owner == winner
        undo_by_touch(d, 2)
        _asked_on_the_board(app, d, "morpoly.deed.auction")
        assert app.game.state.squares[square].owner is None
    with _resumed(request, data, "de") as (app, d):  # started again on the same journal
        _question, again, lines = _asked_on_the_board(app, d, "morpoly.deed.auction")
        assert again == params and "Versteigerung" in " ".join(lines), lines
        assert app.game.state.squares[square].owner is None
        assert {p.id: p.cash for p in app.game.state.parties} == cash


def _markup_free(text: str) -> str:
    """A label's text without Kivy markup (the seats' coloured shapes stay)."""
    return re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", text)


def _plain(text: str) -> str:
    """A label's text without Kivy markup and the seats' shapes before names ("[color=…]■[/color] Cy")."""
    return re.sub(f"[{''.join(SHAPE.values())}] ", "", _markup_free(text))


@pytest.mark.parametrize(("language", "seq"), [("de", 290), ("de", 404), ("pl", 302), ("pl", 380)])
def test_the_board_s_log_shows_whole_lines_and_the_newest_at_the_bottom(tmp_path: Path, request: Any,
                                                                       language: str, seq: int) -> None:
    """A table with long names (the D-Mark set): the log's last twelve lines wrap to more than its
    half of the side holds. The box cut them at its top, which then began with the end of a wrapped
    line — "Straße", "Bartholomäus", "(hik!)" — without its beginning. The oldest lines go
    instead: the first line drawn begins a line of the log, every line drawn is whole, the newest is
    the last, at the bottom of the box."""
    data = tmp_path / "data"
    _feed(data, ["Bartholomäus", "Wilhelmine-Hildegard", "Konstantinopel"], {"edition": "de-dm"},
          lambda g: g.seq >= seq, seed=2)
    with _resumed(request, data, language) as (app, d):
        d.frames(3)
        board = d.screen
        label, box = board.log_label, board.log_box
        lines = [_markup_free(line) for line in label.text.split("\n")]
        shown = _shown_lines(label)
        assert any(line.startswith(shown[0]) for line in lines), (shown[0], lines)
        assert 1 < len(lines) < 12  # some lines went: the twelve did not fit
        assert " ".join(shown).split() == " ".join(lines).split()  # every line kept is drawn whole
        newest = app.translator.narration(app.game.narration[-1], "")
        assert lines[-1] == _markup_free(newest)
        assert label.texture_size[1] <= box.height and label.y == box.y and label.height == label.texture_size[1]
