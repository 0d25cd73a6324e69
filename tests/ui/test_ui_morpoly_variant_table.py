"""What a table tripped over playing the Ankh-Morpoly variant with Fortuna and ELAM by touch, in
Polish with the German D-Mark set and in Italian with the US set (the real app at 800×480):

- a player in jail holding the German sets' get-out-of-jail card saw, on the turn menu's button,
  "Karte musst du behalten, bis du sie": the button's first line ("Zagraj kartę: Du kommst aus dem
  Gefängnis frei.") and its last were cut off, the card's whole printed text did not fit;
- Fortuna's window after a throw for Death, the Luggage or CMOT Dibbler asked "Rzut gracza
  Przemysław: 3 i 6. Grać dalej czy wykorzystać żeton Fortuny …?" — which throw, the log did not say
  either (the NPC's move is logged after the window): the question says what the throw moves;
- Italian sentences said "a" before a name starting with a, "Turno 9: tocca a Annunziata", "a
  Annunziata restano 7 membri della gilda": Italian writes "ad Annunziata" (the euphonic d);
- undoing across a takeover in the Journal, the takeover's row read "Massimiliano ⚄ 5,3 —
  Massimiliano tira 5 e 3; … avanza di 8 caselle fino a Park Place": a row shows its first lines,
  and the takeover came third; the row says the takeover (and a death, a bankruptcy) first;
- a Polish team on the money panel and the final standings read "Bartłomiej z: Przemysław" ("with:",
  a preposition with a colon, to keep the name undeclined): "Bartłomiej oraz Przemysław" needs no case.

And what held: an app stopped in the middle of an ELAM death (the funeral's money still to raise)
and started again on the same data folder comes back to the same question, nothing lost.

Positions are reached as a table's journal holds them: seeded random legal play fed through the
session, then the app opened on it and "resume" tapped (as in ``test_ui_morpoly_at_the_table``)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_ui_morpoly_at_the_table import _feed, _fits, _plain, _resumed, _shown_lines, _undo_to_by_touch

POLISH = ["Przemysław", "Małgorzata-Krystyna", "Bartłomiej"]
ITALIAN = ["Massimiliano", "Maria Benedetta", "Gianfranco"]


def _menu_with_a_jail_card(g: Any) -> bool:
    q = g.question
    return q is not None and q.key == "morpoly.turn.menu" and any(o.startswith("use-card:") for o in q.options)


def test_the_german_jail_card_s_button_says_what_it_plays(tmp_path: Path, request: Any) -> None:
    """Seed 5 (seed 3 before rules revision 11's purchase by raising): a jailed player holds the D-Mark
    set's "Du kommst aus dem Gefängnis frei." card. The button shows "Zagraj kartę" and the card's
    first sentence whole, every line inside the button, and a tap plays the card."""
    data = tmp_path / "data"
    _feed(data, POLISH, {"edition": "de-dm", "fortuna": "on", "elam": "on"}, _menu_with_a_jail_card, seed=5)
    with _resumed(request, data, "pl") as (app, d):
        d.frames(3)
        value = next(o for o in app.game.question.options if o.startswith("use-card:"))
        button = next(w for w in d.screen.answer_area.walk(restrict=True) if getattr(w, "value", None) == value)
        shown = " ".join(line.strip() for line in _shown_lines(button))
        assert shown.startswith("Zagraj kartę:"), shown
        assert "Du kommst aus dem Gefängnis frei." in shown, shown
        assert button.texture_size[1] <= button.height, (button.texture_size, button.height, shown)
        boss = app.game.question.player
        seq = app.game.seq
        d.tap(button)
        d.frames(3)
        assert app.game.seq == seq + 1, app.message
        assert any(n.key == "morpoly.jail.card" for n in app.game.narration), [n.key for n in app.game.narration]
        assert not app.game.state.party(boss).jail_cards or value.split(":", 1)[1] not in app.game.state.party(boss).jail_cards


@pytest.mark.parametrize(("language", "edition", "names", "npc", "said"), [
    ("pl", "de-dm", POLISH, "death", "Rzut gracza {roller}, by przesunąć Śmierć: {first} i {second}."),
    ("it", "us", ITALIAN, "dibbler", "{roller} ha tirato {first} e {second} per muovere CMOT Dibbler:"),
])
def test_fortuna_s_window_says_what_the_throw_moves(tmp_path: Path, request: Any, language: str, edition: str,
                                                   names: list[str], npc: str, said: str) -> None:
    """Seed 1: a Fortuna token is held when the banker throws for an NPC; the window names the throw
    (the roller, the faces and what it moves), whole on the screen, and "play on" lets the NPC move."""
    from tests.ui.test_ui_morpoly_at_the_table import SEATS
    data = tmp_path / "data"
    roll = f"morpoly.roll.npc-{npc}"
    _feed(data, names, {"edition": edition, "fortuna": "on", "elam": "on"},
          lambda g: g.question is not None and g.question.key == "morpoly.fortuna.window"
          and dict(g.question.params)["roll"] == roll, seed=1)
    with _resumed(request, data, language) as (app, d):
        d.frames(3)
        params = dict(app.game.question.params)
        label = d.screen.question_label
        expected = said.format(roller=names[SEATS.index(params["roller"])], first=params["first"],
                               second=params["second"])
        plain = " ".join(line.strip() for line in _shown_lines(label))
        assert expected in plain.replace("▲ ", "").replace("● ", "").replace("■ ", ""), plain
        assert _fits(label, label.height), _shown_lines(label)
        seq = app.game.seq
        d.tap(next(w for w in d.screen.answer_area.walk(restrict=True) if getattr(w, "value", None) == "play-on"))
        d.frames(3)
        assert app.game.seq == seq + 1, app.message
        assert any(n.key == f"morpoly.npc.{npc}-moves" for n in app.game.narration[-3:]), app.game.narration[-3:]


def test_an_italian_turn_goes_ad_annunziata(tmp_path: Path, request: Any) -> None:
    """Seed 1: Annunziata's turn begins; the log says "tocca ad Annunziata" (and never "a Annunziata"),
    and her first answer is still a tap away."""
    names = ["Massimiliano", "Maria Benedetta", "Annunziata"]
    data = tmp_path / "data"
    _feed(data, names, {"edition": "us", "fortuna": "on", "elam": "on"},
          lambda g: g.question is not None and g.question.key == "morpoly.turn.menu" and g.question.player == "green"
          and g.narration[-1].key == "morpoly.turn.start", seed=1)
    with _resumed(request, data, "it") as (app, d):
        d.frames(3)
        log = _plain(d.screen.log_label.text)
        assert log.splitlines()[-1].endswith("tocca ad Annunziata"), log.splitlines()[-3:]
        assert " a Annunziata" not in log, log
        seq = app.game.seq
        d.tap(next(w for w in d.screen.answer_area.walk(restrict=True) if getattr(w, "value", None) == "roll"))
        d.frames(2)
        assert app.game.seq == seq + 1, app.message


def test_the_journal_row_of_a_takeover_says_the_takeover(tmp_path: Path, request: Any) -> None:
    """Seed 1 (Italian, US set): the first step whose takeover is not among its first two lines (it
    throws, moves, is sent to jail and its party is taken over: the fourth line; step 788 before rules
    revision 6's trade moved the game's inputs on). Its Journal row shows the takeover within the
    row's lines; undoing to the step before it, by touch, brings the three parties back."""
    names = ["Massimiliano", "Maria Benedetta", "Gianfranco"]
    data = tmp_path / "data"
    found: list[int] = []
    said = [0]

    def two_past_a_late_takeover(game: Any) -> bool:
        keys = [line.key for line in game.narration[said[0]:]]  # the lines of the step just taken
        said[0] = len(game.narration)
        if not found and "morpoly.takeover.merged" in keys[2:]:
            found.append(game.seq)
        return bool(found) and game.seq >= found[0] + 2

    _feed(data, names, {"edition": "us", "fortuna": "on", "elam": "on"}, two_past_a_late_takeover, seed=1)
    with _resumed(request, data, "it") as (app, d):
        step = found[0]
        assert [n.key for n in app.session.lines_of(step)].index("morpoly.takeover.merged") >= 2
        parties = len(app.game.state.parties)
        d.tap(d.screen.journal_button)
        journal = d.screen
        assert journal.name == "journal"
        d.frames(3)
        row = journal.line_button(step)
        d.frames(3)
        row = journal.line_button(step)
        shown = " ".join(_shown_lines(row))
        assert shown.startswith(f"{step} · ") and "rileva" in shown, shown
        _undo_to_by_touch(d, step - 1)
        assert len(app.session.inputs) == step - 1, app.message
        d.tap(journal.ids.back)
        assert d.screen.name == "morpoly-board"
        assert len(app.game.state.parties) == parties + 1


def test_a_polish_team_is_named_without_a_declined_name(tmp_path: Path, request: Any) -> None:
    """Seed 1: a takeover has made a team; the money panel names its boss and the member taken over
    joined by "oraz" (the nominative stays right), not "z:"."""
    from tests.ui.test_ui_morpoly_at_the_table import SEATS
    data = tmp_path / "data"
    _feed(data, POLISH, {"edition": "de-dm", "fortuna": "on", "elam": "on"},
          lambda g: g.question is not None and g.question.key == "morpoly.turn.menu"
          and any(len(p.tokens) > 1 for p in g.state.parties), seed=1)
    with _resumed(request, data, "pl") as (app, d):
        d.frames(3)
        team = next(p for p in app.game.state.parties if len(p.tokens) > 1)
        boss = POLISH[SEATS.index(team.boss)]
        member = POLISH[SEATS.index(next(t for t in team.tokens if t != team.boss))]
        panel = _plain(d.screen.money_label.text)
        assert f"{boss} oraz {member}" in panel.replace(" ◀", ""), panel
        assert "z:" not in panel, panel


BACK_FROM_DEATH = {"morpoly.elam.back-to-go", "morpoly.elam.back-to-opposite", "morpoly.elam.eliminated"}


def _in_the_middle_of_a_death(g: Any) -> bool:
    """A token has died (ELAM) and its death's sequence (share, claims, funeral, back to GO) is still
    asking: the last death line comes after the last return to GO, and a question other than the
    next turn's menu is open."""
    keys = [n.key for n in g.narration]
    died = max((i for i, k in enumerate(keys) if k == "morpoly.elam.died"), default=-1)
    back = max((i for i, k in enumerate(keys) if k in BACK_FROM_DEATH), default=-1)
    return died > back and g.question is not None and g.question.key != "morpoly.turn.menu"


def _board_seen(app: Any, d: Any) -> dict[str, Any]:
    board = d.screen
    return {"screen": board.name, "seq": app.game.seq, "question": board.question_label.text,
            "answers": [(getattr(w, "value", None), w.text, w.disabled) for w in board.answer_area.walk(restrict=True)
                        if isinstance(getattr(w, "text", None), str)],
            "log": board.log_label.text, "money": board.money_label.text, "ring": [c.text for c in board.cells]}


def test_a_restart_in_the_middle_of_an_elam_death_comes_back_to_the_same_question(tmp_path: Path,
                                                                                  request: Any) -> None:
    """Seed 1 (Italian, US set): a token has died and its party must raise the money the death costs;
    the app is stopped there (as a pulled plug: nothing closed by the table) and started again on the
    same data folder. "Riprendi" brings back the same question, answers, log, money and ring; a tap
    goes on with the death."""
    from tests.ui.test_ui_morpoly_at_the_table import _conftest, _resume
    data = tmp_path / "data"
    _feed(data, ITALIAN, {"edition": "us", "fortuna": "on", "elam": "on"}, _in_the_middle_of_a_death, seed=1)
    conftest = _conftest(request)
    app, d = _resume(conftest, data, "it")
    try:
        d.frames(3)
        before = _board_seen(app, d)
        inputs = len(app.session.inputs)
    finally:
        conftest.stop_app(app)
    app, d = _resume(conftest, data, "it")
    try:
        d.frames(3)
        assert _board_seen(app, d) == before
        assert len(app.session.inputs) == inputs and _in_the_middle_of_a_death(app.game)
        value = next(v for v, _text, greyed in before["answers"] if v and not greyed)
        d.tap(next(w for w in d.screen.answer_area.walk(restrict=True) if getattr(w, "value", None) == value))
        d.frames(3)
        assert len(app.session.inputs) == inputs + 1, app.message
    finally:
        conftest.stop_app(app)
