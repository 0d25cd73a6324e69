"""A number is said with the noun form its language wants: Polish has three (1 krok, 2–4 kroki,
5 kroków, 22 kroki), Italian, German and English two. A catalogue message about a number holds its
forms split by ``|`` and ``Translator.plural`` / the engine templates pick one by the number.

Found by playing in Polish and Italian: the Journal's undo dialog said "Cofnąć 3 krok(i):" and
"To cofnie 1 rzut(y) kością", the Journal's rows "Ola dobiera 1 kart(y)", the Italian ones
"Annullare 9 passo/i:" and "pesca 1 carta/e" — a shortcut a printed rulebook never uses."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.core.procedure import Narration
from ui.i18n import LANGUAGES, LOCALE_DIR, Translator, plural_form
from ui.i18n_tools import parse_po


@pytest.mark.parametrize(("n", "form"), [(1, 0), (2, 1), (4, 1), (5, 2), (11, 2), (12, 2), (14, 2), (21, 2),
                                         (22, 1), (25, 2), (104, 1), (112, 2), (0, 2)])
def test_polish_has_three_forms(n: int, form: int) -> None:
    assert plural_form("pl", n) == form


@pytest.mark.parametrize("language", ["en", "de", "it"])
def test_the_others_have_two(language: str) -> None:
    assert [plural_form(language, n) for n in (0, 1, 2, 5, 21)] == [1, 0, 1, 1, 1]


SHORTCUT = re.compile(r"\w\((?:s|e|n|en|y|i|ów|a|e)\)|\w/(?:i|e)\b")
"""A plural written as "kart(y)", "card(s)", "Karte(n)", "passo/i", "carta/e"."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_catalogue_writes_a_plural_as_a_shortcut(language: str) -> None:
    entries = parse_po((LOCALE_DIR / language / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))
    found = {k: v for k, v in entries.items() if SHORTCUT.search(v)}
    assert not found, found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_message_has_a_form_per_category(language: str) -> None:
    """Polish three forms, the others two; none more (a stray "|" would be a form too)."""
    entries = parse_po((LOCALE_DIR / language / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))
    wanted = 3 if language == "pl" else 2
    wrong = {k: v.count("|") + 1 for k, v in entries.items() if "|" in v and v.count("|") + 1 != wanted}
    assert not wrong, wrong


@pytest.mark.parametrize(("language", "count", "said"), [
    ("pl", 1, "Ola dobiera 1 kartę"), ("pl", 3, "Ola dobiera 3 karty"), ("pl", 5, "Ola dobiera 5 kart"),
    ("pl", 22, "Ola dobiera 22 karty"), ("it", 1, "Ola pesca 1 carta"), ("it", 2, "Ola pesca 2 carte"),
    ("de", 1, "Ola zieht 1 Karte"), ("en", 2, "Ola draws 2 cards"), ("en", 1, "Ola draws 1 card"),
])
def test_the_engine_s_count_picks_the_form(language: str, count: int, said: str) -> None:
    tr = Translator(language)
    tr.use_players({"yellow": "Ola"})
    line = Narration("cards.draw", f"yellow draws {count} card(s)", None, (("player", "yellow"), ("count", str(count))))
    assert tr.narration(line) == said


@pytest.mark.parametrize(("language", "markers", "said"), [
    ("pl", 1, "1 znacznik niepokojów"), ("pl", 2, "2 znaczniki niepokojów"), ("pl", 5, "5 znaczników niepokojów"),
    ("it", 1, "1 segnalino problema"), ("it", 3, "3 segnalini problema"), ("en", 1, "1 trouble marker:"),
])
def test_riots_count_the_trouble_markers(language: str, markers: int, said: str) -> None:
    """Found on the events screen of a Polish game: "2 znaczników niepokojów: mniej niż osiem"."""
    line = Narration("event.riots.calm", f"{markers} trouble markers: fewer than 8, no riot", None,
                     (("markers", str(markers)),))
    assert Translator(language).narration(line).startswith(said)


@pytest.mark.parametrize(("language", "steps", "said"), [
    ("pl", 3, "Nie można o 3 kroki"), ("pl", 9, "Nie można o 9 kroków"), ("it", 1, "Impossibile andare di 1 passo")])
def test_a_refused_undo_counts_its_steps(language: str, steps: int, said: str) -> None:
    from companion.core.errors import InputError
    error = InputError("cannot undo", "session.too-many-steps", {"steps": steps, "available": 0})
    assert Translator(language).refusal(error).startswith(said)


@pytest.mark.parametrize(("language", "n", "said"), [
    ("pl", 1, "1 dom"), ("pl", 3, "3 domy"), ("it", 1, "1 casa"), ("de", 1, "1 Haus"), ("en", 4, "4 houses")])
def test_ankh_morpoly_counts_houses(language: str, n: int, said: str) -> None:
    """Ankh-Morpoly's square details said "1 domy", "1 case"."""
    assert Translator(language).plural("{n} houses", n) == said


@pytest.mark.parametrize(("language", "n", "end"), [
    ("pl", 1, "jeszcze 1 pole"), ("pl", 3, "jeszcze 3 pola"), ("pl", 7, "jeszcze 7 pól"), ("it", 1, "manca 1 casella")])
def test_ankh_morpoly_counts_squares(language: str, n: int, end: str) -> None:
    said = Translator(language).plural("FSU: {insurer} insures {beneficiary} ({covers}), {n} squares to go", n,
                                       insurer="Ann", beneficiary="Bob", covers="rent")
    assert said.endswith(end), said


@pytest.mark.parametrize(("language", "steps", "said"), [
    ("pl", 3, "Bagaż przesuwa się o 3 pola na"), ("pl", 7, "Bagaż przesuwa się o 7 pól na"),
    ("pl", 1, "Bagaż przesuwa się o 1 pole na"), ("it", 1, "il Bagaglio avanza di 1 casella"),
    ("en", 1, "the Luggage moves 1 square to")])
def test_ankh_morpoly_moves_count_their_squares(language: str, steps: int, said: str) -> None:
    line = Narration("morpoly.npc.luggage-moves", "", None, (("steps", str(steps)), ("name", "Go")))
    assert Translator(language).narration(line).startswith(said)


def _undo_dialog(d: Any, line: int) -> str:
    from kivy.uix.label import Label
    d.app.show("journal")
    d.frames(3)
    d.tap(d.screen.line_button(line))
    d.tap(d.screen.ids.undo)
    popup = d.screen.popup
    assert popup.parent is not None
    text = "\n".join(w.text for w in popup.walk() if isinstance(w, Label) and w.text)
    d.tap([w for w in popup.walk() if getattr(w, "text", "") == d.app.t("Keep")][0])
    return text


@pytest.mark.parametrize(("language", "nine", "four", "hidden", "drawn"), [
    ("pl", "Cofnąć 9 kroków:", "Cofnąć 4 kroki:", "To cofnie 4 rzuty kością lub zeskanowane karty.", "dobiera 1 kartę"),
    ("it", "Annullare 9 passi:", "Annullare 4 passi:", "Questo annulla 4 tiri di dado o carte scansionate.",
     "pesca 1 carta"),
])
def test_the_journal_counts_in_the_table_s_language(tmp_path: Path, language: str, nine: str, four: str,
                                                   hidden: str, drawn: str) -> None:
    """Set-up (a roll, three personalities), red's Captain Carrot to the end of the turn: nine steps;
    the undo dialog for all of them (four of them not to be undone lightly: the roll and the three
    secret personalities) and for the turn's last four, and the Journal's row of the draw."""
    from tests.ui.conftest import Driver, start_app, stop_app
    app = start_app(tmp_path / "data", language=language, edition=language)
    d = Driver(app)
    try:
        app.start_game(["red", "yellow", "green"], ["Ann", "Ola", "Cy"], language)
        app.on_die_roll(1, "manual")
        for value in ("vetinari", "rust", "vimes", "captain-carrot", "dimwell", "the-shades", "take", "end-turn"):
            assert app.answer(value), app.message
        assert len(app.session.inputs) == 9
        app.show("journal")
        d.frames(4)
        rows = d.texts(d.screen)  # opened at its last rows: the end of red's turn
        assert drawn in rows, rows
        text = _undo_dialog(d, 0)
        assert nine in text and hidden in text and not SHORTCUT.search(text), text
        assert four in _undo_dialog(d, 5)  # red's Captain Carrot's minion, trouble, money and end of turn
    finally:
        stop_app(app)
