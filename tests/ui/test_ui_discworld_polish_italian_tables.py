"""Discworld: Ankh-Morpork played to its end by touch in the real app (800×480) at a Polish table
(four players: "Przemysław", "Małgorzata-Krystyna", "Bartłomiej", "Zofia") and an Italian one (three:
"Massimiliano", "Maria Benedetta", "Gianluca"), on the simulated die and the list scanner, with every
random event drawn by touch, a Journal undo across one and a restart in the middle of one; what the
tables read on the screenshots and tripped over:

- the Polish game's end, when the draw pile ran out, read "★ Zofia — skończył się stos kart": "stos
  kart" is what this catalogue calls the discard pile ("stos kart odrzuconych", where History Monks
  take a card from), and the line the same step wrote in the log said "Talia się skończyła";
  the title now says "talia się skończyła", as the log and the fog's "w talii zostało 26 kart";
- the Table screen counted the draw pile as "Stos kart 57", the same slip: "Talia 57";
- the Italian table drew "Riots" (as its edition prints the event: the events screen, the rulebook)
  and read "7 segnalini problema: meno di otto, niente sommosse" in the log and "★ Massimiliano —
  sommosse: la città nel caos" at the end, a word for it found on no card (as "Nebbia" was for Fog);
  they say "Riots" now;
- a window in which any opponent may play an interrupt (Thieves' Guild, Mr Boggis) is asked of no one,
  and its Journal row read "79 ·  → Nic", or "136 ·  → Wallace Sonky" when one was played: a table
  scrolling back to undo could not tell what was answered, nor who played the card (every
  language). The row says "Nikt nie zagrywa karty reakcji przeciw karcie Mr Boggis", or names the
  player: "136 · ■ Gianluca → Wallace Sonky";
- the final scores' ☠ column (pieces a demon's area keeps from scoring) read "-2♟ -0⌂" and "-5♟ -0⌂"
  at the Italian table's end by riots: a count of no buildings, as the loans' cell once wrote
  "-$12 0"; it says only what there is, "-2♟";
- the events screen framed in red the area its latest log line named, not the one its question asked
  about: "Small Gods è allagata: dove va il tuo seguace?" under a red The Hippo, where a minion from
  the other flooded area had just fled (a murder's, an interrupt's and Small Gods' questions alike);
  the area a question names is framed now, the log's only when it names none.
- a Polish table of four ("Przemysław", "Małgorzata", "Bożydar", "Wszebor") drew Subsidence before
  anyone had built, and its result screen read only "Zdarzenie losowe: Zapadlisko" above "Dalej":
  nothing said what it did, where Fire, Explosion and Murders in an empty area each say so; it says
  "Na planszy nie ma żadnego budynku: nikt nie płaci za Zapadlisko" now (every language).
- Isle of Gods' power removes a trouble marker, yet its target question read "dokąd? (właściwość
  dzielnicy Wyspa Bogów)", "to where?" (German "wohin?"): an area power's target is asked "gdzie?"
  ("wo?") now, which fits a minion placed, a marker put and a marker removed.
- Small Gods' offer asked to protect "pionki" (minions) whatever an event was about to take: an
  earthquake rolling Przemysław's building in Przyćmiona read "aby ochronić pionki w dzielnicy
  Przyćmiona" (the rulebook: "agentów lub budynków"); it names "swój budynek" or "swojego agenta" now
  (the question's ``kind``; German and Italian likewise), "to, co masz" for the pieces a demon or troll
  would join.

Late positions are reached as a table's journal would hold them: the simulator's seeded random
legal play (``companion.cli.simulate``) fed through the session, then the app opened on the data
folder and the rest tapped.
"""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any, Callable

import pytest

from tests.ui.test_ui_morpoly_at_the_table import _conftest
from tests.ui.test_ui_restart_at_the_end import journal_one_step_short
from ui.i18n import LOCALE_DIR
from ui.i18n_tools import parse_po

ITALIAN = parse_po((LOCALE_DIR / "it" / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))

POLISH_NAMES = ("Przemysław", "Zofia")
DRAW_PILE_SEED = 8
"""The simulator's two-player game for this seed (Polish cards) ends when the draw pile runs out,
no one holding Commander Vimes: the points decide."""


def _fed(data: Path, names: tuple[str, ...], edition: str, seed: int, until: Callable[[Any], bool]) -> None:
    """The simulator's game for ``seed`` journalled in ``data`` until ``until(game)`` holds."""
    from companion.cli.simulate import choose_input, deal, follow_narration
    from companion.core.session import Session
    from companion.morpork.board import COLORS

    data.mkdir(parents=True)
    rng = random.Random(seed)
    colors = list(COLORS[:len(names)])
    table = deal(rng, colors)
    with Session.open(data / "games.sqlite") as session:
        session.new_game(colors, edition, list(names))
        while not until(session.game):
            assert session.question is not None, "the game ended first"
            step = session.submit(choose_input(session.game, table, session.question))
            follow_narration(step.game, table, list(step.narration))


def _opened(request: Any, data: Path, language: str) -> tuple[Any, Any, Any]:
    """The app opened on ``data`` in ``language`` and its unfinished game resumed by a tap."""
    conftest = _conftest(request)
    app = conftest.start_app(data, language=language)
    d = conftest.Driver(app)
    d.frames(3)
    d.tap(d.screen.ids.resume)
    d.frames(3)
    return conftest, app, d


def test_the_polish_end_names_the_draw_pile_as_the_log_does(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _short, last = journal_one_step_short(data, DRAW_PILE_SEED, "pl", POLISH_NAMES)
    conftest, app, d = _opened(request, data, "pl")
    try:
        d.choose(last)  # the last player's "end the turn": no card left to draw
        d.frames(3)
        assert d.screen.name == "gameend", d.screen.name
        assert app.game.state.game_over.reason == "draw-pile"
        title = d.screen.ids.winner.text
        assert title.endswith(" — talia się skończyła"), title
        assert "stos" not in title
        said = [app.translator.narration(line) for line in app.game.narration[-4:]]
        assert any(line.startswith("Talia się skończyła") for line in said), said  # the log's words
    finally:
        conftest.stop_app(app)


ITALIAN_NAMES = ("Massimiliano", "Maria Benedetta", "Gianluca")


def _asks_anyone(game: Any) -> bool:
    return game.question is not None and game.question.key == "interrupt.anyone"


def _journal_rows(d: Any) -> list[str]:
    d.tap(d.nav("nav_journal"))
    assert d.screen.name == "journal"
    return [row["text"].split("\n")[0] for row in d.screen.ids.lines.data]


def test_a_window_for_anyone_is_named_in_the_journal(tmp_path: Path, request: Any) -> None:
    for language, played, nobody in (("pl", 0, "Nikt nie zagrywa karty reakcji przeciw karcie "),
                                     ("it", 1, "Nessuno gioca una carta interruzione contro ")):
        data = tmp_path / language
        names = POLISH_NAMES + ("Bartłomiej",) if language == "pl" else ITALIAN_NAMES
        _fed(data, names, language, 3, _asks_anyone)
        conftest, app, d = _opened(request, data, language)
        try:
            question = app.game.question
            card = app.translator.card(dict(question.params)["card"])
            step = len(app.session.inputs) + 1
            answer = "none" if not played else next(o for o in question.options if o != "none")
            d.choose(answer)
            row = next(r for r in _journal_rows(d) if r.startswith(f"{step} · "))
            if not played:  # was "79 ·  → Nic": no one named, nor what was asked
                assert row == f"{step} · {nobody}{card}", row
            else:  # was "79 ·  → Gaspode": who played it was not said
                who = app.game.state.player(answer.partition(":")[0]).name
                assert who in row and row.endswith(" → " + app.translator.option(answer)), row
        finally:
            conftest.stop_app(app)


def _riots_can_end_it(game: Any) -> bool:
    """The event deck asked for with eight trouble markers on the board and Riots not yet drawn."""
    q = game.question
    return q is not None and q.key == "event.draw" and "riots" in q.options and game.state.trouble_on_board() >= 8


@pytest.mark.usefixtures("discworld_revision_4")  # seed 18 reaches riots under revision 4
def test_the_scores_count_no_pieces_a_demon_left_none_of(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _fed(data, ITALIAN_NAMES, "it", 18, _riots_can_end_it)
    conftest, app, d = _opened(request, data, "it")
    try:
        d.choose("riots")
        assert d.screen.name == "gameend" and app.game.state.game_over.reason == "riots"
        cells = [cell.text for cell in d.screen.ids.scores.children[::-1]]
        voided = cells[13::8]  # the ☠ column under its head (eight columns: player … tie-break)
        assert cells[5] == "☠" and len(voided) == len(ITALIAN_NAMES), cells
        assert "-2♟" in voided, voided  # a demon's area: Massimiliano's two minions there score nothing
        assert not [cell for cell in voided if "-0" in cell], voided
    finally:
        conftest.stop_app(app)


def _flood_to_come(game: Any) -> bool:
    """The event deck asked for, Flood still in it, and two river areas with minions to flood."""
    q = game.question
    return q is not None and q.key == "event.draw" and "flood" in q.options and len(_wet(game)) >= 2


def _wet(game: Any) -> list[int]:
    """The die faces of the river areas with someone's minions in them."""
    from companion.morpork.board import AREA_BY_ID
    return [AREA_BY_ID[a].number for a, area in game.state.areas.items() if AREA_BY_ID[a].river and area.minions]


def test_the_events_map_frames_the_area_the_question_names(tmp_path: Path, request: Any) -> None:
    from companion.morpork.board import AREA_BY_ID
    data = tmp_path / "data"
    _fed(data, ITALIAN_NAMES, "it", 7, _flood_to_come)
    conftest, app, d = _opened(request, data, "it")
    try:
        first, second = _wet(app.game)[:2]
        d.choose("flood")
        for face in (first, second):  # the two rolls, tapped on the die pad
            pads = [w for w in d.panel().walk() if w.__class__.__name__ == "DiePad"]
            d.tap(pads[0].face_buttons[face])
        asked, elsewhere = [], 0
        while app.game.question is not None and app.game.question.key == "event.flood.move":
            question = app.game.question
            area = dict(question.params)["area"]
            logged = [line.area for line in app.game.narration if line.area][-1]
            elsewhere += logged != area  # the log's last area is not the question's
            assert AREA_BY_ID[area].name("it") + " è allagata" in d.texts()
            asked.append((area, d.screen.ids.map.focus))
            d.choose(question.options[0])
        assert asked and elsewhere, (asked, elsewhere)
        assert all(focus == area for area, focus in asked), asked
    finally:
        conftest.stop_app(app)


def test_the_polish_table_counts_the_draw_pile_as_the_talia(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _fed(data, POLISH_NAMES + ("Bartłomiej", "Małgorzata-Krystyna"), "pl", 4, lambda g: g.seq >= 40)
    conftest, app, d = _opened(request, data, "pl")
    try:
        d.tap(d.nav("nav_table"))
        assert d.screen.name == "table"
        pools = d.screen.ids.pools.text
        assert f"Talia\u00a0{app.game.state.draw_pile}   " in pools and "Stos" not in pools, pools
        assert f"Tura\u00a0{app.game.state.turn.number}" in pools, pools  # never wrapped apart
    finally:
        conftest.stop_app(app)


@pytest.mark.usefixtures("discworld_revision_4")  # seed 18 reaches riots under revision 4
def test_the_italian_riots_are_named_as_printed(tmp_path: Path, request: Any) -> None:
    data = tmp_path / "data"
    _fed(data, ITALIAN_NAMES, "it", 18, _riots_can_end_it)
    conftest, app, d = _opened(request, data, "it")
    try:
        assert "Riots" in d.texts()  # the event's button, as the card is printed
        d.choose("riots")
        assert d.screen.name == "gameend"
        title = d.screen.ids.winner.text
        assert title.endswith(" — Riots: la città nel caos"), title
        said = [app.translator.narration(line) for line in app.game.narration[-3:]]
        assert any(" segnalini problema: Riots! La partita termina" in line for line in said), said
        assert not [text for text in ITALIAN.values() if "sommoss" in text.lower()]
    finally:
        conftest.stop_app(app)


FOUR_POLISH = ("Przemysław", "Małgorzata", "Bożydar", "Wszebor")


def _subsidence_on_a_bare_board(game: Any) -> bool:
    """The event deck asked for, Subsidence still in it, and no building on the board yet."""
    q = game.question
    return q is not None and q.key == "event.draw" and "subsidence" in q.options \
        and not any(area.building for area in game.state.areas.values())


def test_subsidence_on_a_bare_board_says_that_nobody_pays(tmp_path: Path, request: Any) -> None:
    """Subsidence drawn before anyone had built: its result screen read only "Zdarzenie losowe:
    Zapadlisko" above "Dalej", nothing about what it did (Fire, Explosion or Murders in an empty
    area each say so); it now says that nobody pays (every language)."""
    data = tmp_path / "data"
    _fed(data, FOUR_POLISH, "pl", 1, _subsidence_on_a_bare_board)
    conftest, app, d = _opened(request, data, "pl")
    try:
        d.choose("subsidence")
        assert d.screen.name == "events" and not d.screen.ids.continue_button.disabled
        said = d.screen.ids.narration.text.split("\n")
        assert said[-2:] == ["• Zdarzenie losowe: Zapadlisko",
                             "• Na planszy nie ma żadnego budynku: nikt nie płaci za Zapadlisko"], said
        d.tap(d.screen.ids.continue_button)
        assert d.screen.name == "turn"
    finally:
        conftest.stop_app(app)


def _isle_of_gods_offered(game: Any) -> bool:
    q = game.question
    return q is not None and "power:isle-of-gods" in q.options


def test_the_isle_of_gods_asks_where_not_whither(tmp_path: Path, request: Any) -> None:
    """Isle of Gods' power removes a trouble marker ("Wyspa Bogów – … można usunąć jeden znacznik
    niepokojów"), yet its target question read "dokąd? (właściwość dzielnicy Wyspa Bogów)": "to
    where?", as if something went there (German "wohin?" alike). Every area power's target is
    asked "gdzie?" now ("wo?"), which fits a minion placed and a marker removed or put."""
    data = tmp_path / "data"
    _fed(data, FOUR_POLISH, "pl", 13, _isle_of_gods_offered)
    conftest, app, d = _opened(request, data, "pl")
    try:
        d.tap(d.option("power:isle-of-gods"))
        d.frames(2)
        question = app.game.question
        assert question.key == "power.target" and dict(question.params)["power"] == "isle-of-gods"
        asked = [w.text for w in d.panel().children if getattr(w, "bold", False) and getattr(w, "text", "")]
        said = "[/color] Przemysław: gdzie? (właściwość dzielnicy Wyspa Bogów)"
        assert len(asked) == 1 and asked[0].endswith(said), asked
        assert "dokąd" not in d.texts() and "wohin" not in app.translator.__class__("de").question(question)
    finally:
        conftest.stop_app(app)


def _small_gods_asked(game: Any) -> bool:
    q = game.question
    return q is not None and q.key == "event.small-gods"


@pytest.mark.parametrize(("seed", "kind", "asked"), [
    (28, "building", "● Przemysław: zapłacić $3 Pomniejszym Bóstwom, aby ochronić swój budynek w dzielnicy "
                     "Przyćmiona przed: Trzęsienie Ziemi?"),
    (22, "minion", "■ Bożydar: zapłacić $3 Pomniejszym Bóstwom, aby ochronić swojego agenta w Dzielnicy Magów "
                   "przed: Tajemnicze Morderstwa?"),
])
def test_small_gods_names_what_it_would_save(tmp_path: Path, request: Any, seed: int, kind: str, asked: str) -> None:
    """Small Gods' offer against an event asked a Polish table to protect "pionki" (minions) whatever
    was at stake: an earthquake about to destroy Przemysław's building in Dimwell read "aby ochronić
    pionki w dzielnicy Przyćmiona", and one murdered minion was "pionki" too (the rulebook counts
    "agentów lub budynków"). It names the building or the minion now; paid, the building stands."""
    data = tmp_path / "data"
    _fed(data, FOUR_POLISH, "pl", seed, _small_gods_asked)
    conftest, app, d = _opened(request, data, "pl")
    try:
        question = app.game.question
        assert d.screen.name == "events", d.screen.name
        titles = [w.text for w in d.panel().children if getattr(w, "bold", False) and getattr(w, "text", "")]
        said = [re.sub(r"\[/?color[^\]]*\]", "", text) for text in titles]
        assert said == [asked], said
        assert dict(question.params)["kind"] == kind
        area = dict(question.params)["area"]
        d.choose("pay")
        if kind == "building":
            assert app.game.state.areas[area].building == question.player
    finally:
        conftest.stop_app(app)
