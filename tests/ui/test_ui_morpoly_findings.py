"""What a table missed on the Ankh-Morpoly screens when it played by touch (the real app at 800×480,
driven by taps): the game-over screen named only the winner; the rolls on the variant's tables
explained from a copy of the tables in the UI; the Merchants' swap did not say who pays whom; the
Fools' direction buttons did not say where they lead; a death under ELAM lost its cause in German,
Polish and Italian; Dibbler's roll and a failed third jail roll left no dice line; the ring's and the
money panel's marks were unexplained.

Positions are reached as a table's journal holds them: seeded random legal play fed through the
session, then the app opened on it and "resume" tapped (as in ``test_ui_morpoly_at_the_table``)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_ui_morpoly_at_the_table import SEATS, _feed, _plain, _resumed, _shown_lines

NAMES = ["Ann", "Bob", "Cy"]


def _button(d: Any, value: str) -> Any:
    found = [w for w in d.screen.answer_area.walk(restrict=True) if getattr(w, "value", None) == value]
    assert found, (value, [getattr(w, "value", None) for w in d.screen.answer_area.walk(restrict=True)])
    return found[0]


def _answer(d: Any, value: str) -> None:
    """Tap the answer's button until the game takes it (a board redrawn under the finger loses the
    tap, as ``drive_morpoly.step`` knows: the table taps again)."""
    seq = d.app.game.seq
    for _attempt in range(3):
        d.frames(2)
        d.tap(_button(d, value))
        for _frame in range(20):
            d.frames(1)
            if d.app.game.seq != seq:
                return
    raise AssertionError(f"the tap on {value!r} was not taken; message {d.app.message!r}")


@pytest.mark.parametrize(("language", "why", "title", "button"), [
    ("en", "The agreed time is up: the richest party wins.", "Standings by net worth", "Time is up: end the game"),
    ("de", "Die vereinbarte Zeit ist um: Die reichste Partei gewinnt.", "Stand nach Vermögen",
     "Die Zeit ist um: Spiel beenden"),
])
def test_the_game_over_screen_says_why_and_lists_the_standings(tmp_path: Path, request: Any, language: str,
                                                               why: str, title: str, button: str) -> None:
    """R8: the table taps "time up" at turn 12's menu (its button and the Journal's row said in the
    table's words: both said the engine's id, "time-up"); the board says why the game ended and lists
    every party with its net worth, richest first, the numbers ``analyse`` gives."""
    from companion.morpoly.analysis import analyse_position
    from ui.screens.morpoly.common import game_edition, money
    data = tmp_path / "data"
    _feed(data, NAMES, {"time-limit-minutes": "90", "edition": "de" if language == "de" else "us"},
          lambda g: g.question.key == "morpoly.turn.menu" and "time-up" in g.question.options
          and g.state.turn.number >= 12, seed=4)
    with _resumed(request, data, language) as (app, d):
        assert _button(d, "time-up").text == button
        _answer(d, "time-up")
        d.frames(2)
        assert app.game.question is None and app.game.state.game_over is not None
        d.tap(d.screen.journal_button)
        assert d.screen.ids.lines.data[-1]["text"].split("\n")[0].endswith(f"→ {button}")
        d.app.back_to_game()
        d.frames(3)
        doc = analyse_position(app.game.state)
        assert doc["end_reason"] == "time limit"
        label = d.screen.ending_label
        lines = label.text.split("\n")
        assert lines[0] == why and title in lines[1]
        ed = game_edition(app.game)
        standings = doc["standings"]
        assert len(standings) == 3 and len(lines) == 2 + len(standings)
        for line, standing in zip(lines[2:], standings):
            assert NAMES[SEATS.index(standing["boss"])] in line, line
            assert line.endswith(money(ed, standing["net_worth"], app.translator.language)), line
        worths = [s["net_worth"] for s in standings]
        assert worths == sorted(worths, reverse=True)
        # all of it on the screen: the label's wrapped lines fit its box
        d.frames(2)
        shown = _shown_lines(label)
        assert label.texture_size[1] <= label.height + 1, (shown, label.height)
        x, y = label.to_window(*label.pos)
        assert y >= 0 and y + label.height <= 480


ROLL_KEYS = ("morpoly.roll.assassin", "morpoly.roll.luggage", "morpoly.roll.luggage-race", "morpoly.roll.dibbler",
             "morpoly.roll.fool-card", "morpoly.roll.fool-cover", "morpoly.roll.fool-payout", "morpoly.roll.l-space")


@pytest.mark.parametrize("language", ["en", "de", "pl", "it"])
def test_every_roll_table_the_engine_publishes_is_said_in_the_table_s_words(language: str) -> None:
    """The screens draw the engine's tables (``roll_tables``) and keep no copy: every class of result
    and every outcome has words in each language, with the engine's amounts filled in."""
    from types import SimpleNamespace

    from companion.morpoly.roll_tables import roll_table as published
    from ui.i18n import Translator
    from ui.screens.morpoly import common
    assert not hasattr(common, "ROLL_TABLES")
    tr = Translator(language)
    app = SimpleNamespace(t=tr.gettext, translator=tr)
    game = SimpleNamespace(state=SimpleNamespace(edition="de-dm"))
    for key in ROLL_KEYS:
        table = published(key, common.edition("de-dm"))
        assert table is not None and len(table.outcomes) >= 2
        text = common.roll_table(app, game, SimpleNamespace(key=key))
        assert "roll:" not in text and "{" not in text and text.count(" · ") == len(table.outcomes) - 1, text
        for outcome in table.outcomes:
            for _name, value in outcome.params:
                if "DM" in value:
                    assert value.replace(" ", "\u00a0") in text, (value, text)
    assert common.roll_table(app, game, SimpleNamespace(key="morpoly.roll.move")) == ""


@pytest.mark.parametrize(("language", "pays"), [("en", "{payer} pays {payee} {amount}"),
                                                ("pl", "{payer} płaci graczowi {payee} {amount}")])
def test_the_merchants_swap_says_who_pays_whom_before_the_tap(tmp_path: Path, request: Any, language: str,
                                                              pays: str) -> None:
    """R30: the party that gets the dearer square pays the difference; the question says who pays
    whom how much, and tapping "swap" moves exactly that."""
    data = tmp_path / "data"
    _feed(data, NAMES, {}, lambda g: g.question.key == "morpoly.merchants.swap", seed=2)
    with _resumed(request, data, language) as (app, d):
        params = dict(app.game.question.params)
        payer, payee = params["payer"], params["payee"]
        amount = params["difference"].replace(" ", "\u00a0")
        said = pays.format(payer=NAMES[SEATS.index(payer)], payee=NAMES[SEATS.index(payee)], amount=amount)
        label = d.screen.question_label
        assert said in _plain(label.text), label.text
        d.frames(2)
        assert said.split()[-1] in " ".join(_shown_lines(label)), _shown_lines(label)  # not cut off
        before = {p.id: p.cash for p in app.game.state.parties}
        _answer(d, "swap")
        after = {p.id: p.cash for p in app.game.state.parties}
        paid = int(params["difference"].strip("$").replace(",", ""))
        assert (before[payer] - after[payer], after[payee] - before[payee]) == (paid, paid)


@pytest.mark.parametrize("language", ["de", "it"])
def test_the_fools_direction_buttons_name_the_square_each_reaches(tmp_path: Path, request: Any, language: str) -> None:
    """L110: a Fool choosing the direction on doubles sees on each button the square it leads to, and
    the tapped one is where the token goes (seed 3: green on GO rolls 4 and 4: 8 or 32)."""
    data = tmp_path / "data"
    _feed(data, NAMES, {"edition": "de" if language == "de" else "us"},
          lambda g: g.question.key == "morpoly.move.how" and "walk-backward" in g.question.options, seed=3)
    with _resumed(request, data, language) as (app, d):
        from ui.screens.morpoly.common import game_edition
        ed = game_edition(app.game)
        token = app.game.question.player
        params = dict(app.game.question.params)
        d.frames(2)
        for way in ("walk", "walk-backward"):
            button = _button(d, way)
            square = int(params["to_" + way.replace("-", "_")])
            assert f"→ {square} · {ed.squares[square].name}" in _plain(button.text), button.text
            shown = " ".join(_shown_lines(button))
            assert ed.squares[square].name.split()[-1] in shown, (shown, button.text)  # not clipped
        back = int(params["to_walk_backward"])
        _answer(d, "walk-backward")
        q = app.game.question  # a Fool may be asked whether to step on one square: drawn where it walked to
        reached = int(dict(q.params)["square"]) if q.key == "morpoly.move.step" else app.game.state.token(token).square
        assert reached == back


@pytest.mark.parametrize("language", ["en", "de", "pl", "it"])
def test_a_death_under_elam_says_its_cause_in_every_language(language: str) -> None:
    """"… stirbt" said nothing of how: every cause the engine records (DeathCause) has its own words,
    in the sentence, in each language."""
    from companion.core.procedure import Narration
    from companion.morpoly.events import DeathCause
    from ui.i18n import Translator
    tr = Translator(language)
    tr.use_players({"red": "Ann"})
    said = {cause: tr.narration(Narration("morpoly.elam.died", "", None, (("token", "red"), ("party", "red"),
                                                                          ("cause", cause.value), ("lives", "2"))))
            for cause in DeathCause}
    assert len(set(said.values())) == len(DeathCause), said
    for cause, text in said.items():
        assert text.startswith("Ann ") and tr.gettext(f"cause:{cause.value}") in text, text


def test_the_log_says_how_a_token_died_in_polish(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _feed(data, NAMES, {"elam": "on"}, lambda g: any(n.key == "morpoly.elam.died" for n in g.narration), seed=6)
    with _resumed(request, data, "pl") as (app, d):
        line = next(n for n in app.game.narration if n.key == "morpoly.elam.died")
        cause = app.translator.gettext(f"cause:{dict(line.params)['cause']}")
        assert cause != f"cause:{dict(line.params)['cause']}"
        assert f"ginie {cause}:" in _plain(d.screen.log_label.text), d.screen.log_label.text


def _throw_by_touch(d: Any, faces: tuple[int, int]) -> None:
    """Tap one face on each row of the board's face pad (the throw goes to the engine on the second)."""
    seq = d.app.game.seq
    for die, face in enumerate(faces):
        pad = [w for w in d.screen.answer_area.walk(restrict=True) if getattr(w, "group", None) == f"morpoly-die{die}"]
        d.tap(next(w for w in pad if w.text == "⚀⚁⚂⚃⚄⚅"[face - 1]))
    for _frame in range(20):
        d.frames(1)
        if d.app.game.seq != seq:
            return
    raise AssertionError(f"the throw {faces} was not taken; message {d.app.message!r}")


@pytest.mark.parametrize(("faces", "outcome"), [((3, 4), "morpoly.npc.dibbler-reverses"),
                                                ((1, 2), "morpoly.npc.dibbler-money")])
def test_the_log_shows_the_dice_of_dibblers_roll(tmp_path: Path, request: Any, faces: tuple[int, int],
                                                 outcome: str) -> None:
    """A 7 (the running direction turns) and an odd roll (Dibbler drops money) thrown on the face
    pad: the log says the dice ("tira 3 e 4 per CMOT Dibbler") before what they did."""
    data = tmp_path / "data"
    _feed(data, NAMES, {"elam": "on"}, lambda g: g.question.key == "morpoly.roll.dibbler", seed=1)
    with _resumed(request, data, "it") as (app, d):
        player = NAMES[SEATS.index(app.game.question.player)]
        _throw_by_touch(d, faces)
        d.frames(2)
        keys = [n.key for n in app.game.narration]
        assert outcome in keys and keys.index("morpoly.npc.dibbler-rolled") < keys.index(outcome)
        log = _plain(d.screen.log_label.text).split("\n")
        assert f"{player} tira {faces[0]} e {faces[1]} per CMOT Dibbler" in log, log


def test_the_marks_are_explained_where_they_are_drawn_in_german(tmp_path: Path, request: Any) -> None:
    """"⇄27", "✦" and a German "M" (Hypothek? the hotel is H) meant nothing to a table: the money
    panel has a legend of its marks, a tap on a square explains each of its marks, and a mortgaged
    deed is "Hyp" on a German ring (seed 5: Bob, a Fool or Wizard, on 7; someone holds Fortuna)."""
    from companion.morpoly.board_view import opposite_pairs
    data = tmp_path / "data"
    _feed(data, NAMES, {"elam": "on", "fortuna": "on", "edition": "de"},
          lambda g: bool(g.state.fortuna and opposite_pairs(g.state)
                         and any(o.mortgaged for o in g.state.squares.values())), seed=5)
    with _resumed(request, data, "de") as (app, d):
        board = d.screen
        legend = _plain(board.money_label.text).split("\n")[-1]
        assert legend == "♥ Gildenmitglieder übrig · ✦ eine Fortuna-Marke", legend
        pair = opposite_pairs(app.game.state)[0]
        name = NAMES[SEATS.index(pair.token)]
        for square, said in ((pair.square, f"⇄{pair.opposite}: {name} steht hier"),
                             (pair.opposite, f"⇄{pair.square}: {name} steht gegenüber auf {pair.square}")):
            assert f"⇄{pair.opposite if square == pair.square else pair.square}" in board.cells[square].text
            d.tap(board.cells[square])
            d.frames(2)
            assert said in _plain(board.deed_label.text), board.deed_label.text
            board.square_popup.dismiss()
            for _frame in range(30):  # the popup fades: a tap meanwhile would be lost
                d.frames(1)
                if board.square_popup.parent is None:
                    break
        mortgaged = next(i for i, o in app.game.state.squares.items() if o.mortgaged)
        assert "]Hyp[" in board.cells[mortgaged].text and "]M[" not in board.cells[mortgaged].text
        d.tap(board.cells[mortgaged])
        d.frames(2)
        assert "Hyp: Mit Hypothek belastet" in _plain(board.deed_label.text), board.deed_label.text
        board.square_popup.dismiss()
