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
from ui.i18n import COUNT_PARAMS, LANGUAGES, LOCALE_DIR, Translator, plural_form, split_forms
from ui.i18n_tools import parse_po

ROOT = Path(__file__).resolve().parents[2]


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


def _catalogue(language: str) -> dict[str, str]:
    """msgid → the text the language shows (the msgid itself where the catalogue leaves it empty)."""
    entries = parse_po((LOCALE_DIR / language / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))
    entries.pop("", None)
    return {k: v or k for k, v in entries.items()}


INLINE = re.compile(r"\{(\w+):([^{}]*\|[^{}]*)\}")
"""A placeholder with its own number's forms: ``{left:została # karta|zostały # karty|zostało # kart}``."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_message_has_a_form_per_category(language: str) -> None:
    """Polish three forms, the others two; none more (a stray "|" would be a form too): for the
    whole sentence and for each number that has forms of its own."""
    wanted = 3 if language == "pl" else 2
    wrong = {k: len(split_forms(v)) for k, v in _catalogue(language).items() if len(split_forms(v)) not in (1, wanted)}
    wrong |= {f"{k} {{{m.group(1)}}}": m.group(2).count("|") + 1 for k, v in _catalogue(language).items()
              for m in INLINE.finditer(v) if m.group(2).count("|") + 1 != wanted}
    assert not wrong, wrong


COUNTING: frozenset[str] = frozenset(COUNT_PARAMS) | {"left", "lives", "dice", "available", "owned"}
"""The parameters that count things (cards left, guild members, dice, steps that can be undone…);
dice faces, amounts, turn and step numbers are not counts."""

ALWAYS_MANY: dict[str, str] = {
    "q:event.subsidence.lose": "owned",  # asked only when a player cannot pay for all: two buildings or more
    "n:event.riots.game-over": "markers",  # riots come with eight trouble markers or more
}
"""Messages whose count is never 1: one form is right for every number they can say."""

SAME_WORD: dict[tuple[str, str], str] = {
    ("de", "n:event.subsidence.paid"): "für 1 Gebäude, für 2 Gebäude",
    ("de", "q:event.subsidence.lose"): "1 Gebäude, 2 Gebäude",
    ("de", "e:input.roll-dice"): "1 Würfel, 2 Würfel",
    ("de", "n:event.riots.calm"): "1 Unruhe-Marker, 2 Unruhe-Marker",
    ("pl", "n:event.subsidence.paid"): "the count after a colon: (budynki: 2)",
    ("pl", "q:event.subsidence.lose"): "the count after a colon: możesz zapłacić za budynki: 2",
    ("pl", "e:input.roll-dice"): "the count after a colon: wymaga kości: 2",
}
"""Where a language says a count the same way for every number, though English has forms."""


def _chooser(key: str, texts: list[str]) -> str | None:
    """The number a message's whole-sentence forms follow: ``n`` for the app's own messages
    (:meth:`Translator.plural`), an engine template's first count parameter (:meth:`Translator.counted`)."""
    if not re.match(r"^[nqer]:", key):
        return "n"
    return next((p for p in COUNT_PARAMS if any("{" + p + "}" in t or "{" + p + ":" in t for t in texts)), None)


def _counts_with_forms(key: str, text: str, texts: list[str]) -> set[str]:
    """The counts ``text`` says in the form that fits them: its whole-sentence forms' count, and
    each placeholder with forms of its own."""
    counted = {m.group(1) for m in INLINE.finditer(text)}
    chooser = _chooser(key, texts)
    if len(split_forms(text)) > 1 and chooser is not None:
        counted.add(chooser)
    return counted


ENGLISH_NOUN_AFTER_A_COUNT = re.compile(r"\{(\w+)\} (?:[a-z-]+ )?[a-z]+s\b")
"""English saying a count with a plural noun: "{left} cards", "{markers} trouble markers"."""


def test_english_says_each_counted_noun_with_forms() -> None:
    """"{count} cards" reads "1 cards": each count English follows with a plural noun has forms,
    its own (``{left:# card|# cards}``) or the whole sentence's."""
    english = _catalogue("en")
    wrong = []
    for key, text in english.items():
        for form in split_forms(text):
            for match in ENGLISH_NOUN_AFTER_A_COUNT.finditer(form):
                count = match.group(1)
                if count in COUNTING and ALWAYS_MANY.get(key) != count and count not in _counts_with_forms(key, text, [text]):
                    wrong.append(f"{key}: {match.group(0)!r}")
    assert not wrong, wrong


@pytest.mark.parametrize("language", ("de", "pl", "it"))
def test_each_count_english_says_with_forms_has_them_in_every_language(language: str) -> None:
    """A number whose noun changes in English ("1 card", "2 cards") changes in German, Polish and
    Italian too (Polish in three ways): the message gives that number forms in every language,
    whichever other number the sentence holds. Listed in :data:`SAME_WORD` where a language's word
    is the same for every number."""
    catalogues = {lang: _catalogue(lang) for lang in LANGUAGES}
    wrong = []
    for key, english in catalogues["en"].items():
        text = catalogues[language].get(key)
        if text is None or (language, key) in SAME_WORD:
            continue
        texts = [catalogues[lang].get(key, key) for lang in LANGUAGES]
        missing = _counts_with_forms(key, english, texts) - _counts_with_forms(key, text, texts)
        if missing:
            wrong.append(f"{key}: {sorted(missing)} in {text!r}")
    assert not wrong, wrong


def test_a_message_with_counted_placeholders_is_filled_by_the_translator() -> None:
    """``str.format`` would print ``{left:# karta|…}``'s forms as a format error: a message that gives
    a number its own forms in any language is filled by ``Translator.format``/``plural``, never by
    ``app.t(…).format(…)``."""
    import ast
    with_forms = {key for lang in LANGUAGES for key, text in _catalogue(lang).items() if INLINE.search(text)}
    assert "The game goes on as game {n} from its first {count} steps." in with_forms
    wrong = []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
                    and isinstance(node.func.value, ast.Call) and node.func.value.args
                    and isinstance(node.func.value.args[0], ast.Constant) and node.func.value.args[0].value in with_forms):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not wrong, wrong


@pytest.mark.parametrize(("language", "params", "said"), [
    ("pl", {"cards": "3", "left": "1"}, "Mgła: odrzucono jeszcze 3 karty (w talii została 1 karta)"),
    ("pl", {"cards": "1", "left": "22"}, "Mgła: odrzucono jeszcze 1 kartę (w talii zostały 22 karty)"),
    ("pl", {"cards": "2", "left": "12"}, "Mgła: odrzucono jeszcze 2 karty (w talii zostało 12 kart)"),
    ("de", {"cards": "5", "left": "1"}, "Nebel: 5 weitere Karten abgeworfen (1 im Nachziehstapel)"),
    ("it", {"cards": "1", "left": "7"}, "Fog: scartata un'altra carta (7 nel mazzo)"),
])
def test_fog_counts_its_cards_and_the_pile_each_in_its_form(language: str, params: dict[str, str], said: str) -> None:
    """Found in a Polish game: "mgła: odrzucono jeszcze 3 karty (w talii zostało 1)"."""
    line = Narration("event.fog.unnamed", "", None, tuple(params.items()))
    assert Translator(language).narration(line) == said


@pytest.mark.parametrize(("language", "cards", "left", "end"), [
    ("pl", 5, 1, "(w talii zostaje 1 karta)"), ("pl", 5, 3, "(w talii zostają 3 karty)"),
    ("pl", 1, 30, "(w talii zostaje 30 kart)"), ("de", 5, 1, "(1 bleibt)"), ("de", 1, 4, "(4 bleiben)"),
    ("it", 5, 1, "(ne resta 1)"), ("it", 1, 30, "(ne restano 30)"), ("en", 5, 1, "(1 left)"),
])
def test_fog_discards_say_the_pile_in_its_form(language: str, cards: int, left: int, end: str) -> None:
    line = Narration("event.fog.discards", "", None, (("cards", str(cards)), ("left", str(left))))
    said = Translator(language).narration(line)
    assert said.endswith(end), said


@pytest.mark.parametrize(("language", "steps", "available", "said"), [
    ("pl", 3, 1, "Nie można o 3 kroki: możliwy jest tylko 1 krok"),
    ("pl", 5, 2, "Nie można o 5 kroków: możliwe są tylko 2 kroki"),
    ("pl", 1, 0, "Nie można o 1 krok: możliwych jest tylko 0 kroków"),
    ("it", 2, 1, "Impossibile andare di 2 passi: solo 1 è possibile"),
    ("it", 1, 0, "Impossibile andare di 1 passo: solo 0 sono possibili"),
    ("de", 4, 1, "4 Schritte gehen nicht: nur 1 ist möglich"),
    ("en", 4, 1, "Cannot go 4 steps: only 1 can be"),
])
def test_a_refused_undo_counts_both_numbers(language: str, steps: int, available: int, said: str) -> None:
    """Two numbers, two forms: "Nie można o 3 kroki: tylko 1 jest możliwe" said the second in none."""
    from companion.core.errors import InputError
    error = InputError("cannot undo", "session.too-many-steps", {"steps": steps, "available": available})
    assert Translator(language).refusal(error) == said


@pytest.mark.parametrize(("language", "lives", "end"), [
    ("en", 1, "has 1 guild member left"), ("en", 3, "has 3 guild members left"), ("de", 1, "hat noch 1 Gildenmitglied"),
    ("pl", 1, "ma jeszcze 1 członka gildii"), ("pl", 4, "ma jeszcze 4 członków gildii"),
    ("it", 1, "resta 1 membro della gilda"), ("it", 6, "restano 6 membri della gilda")])
def test_elam_counts_the_guild_members_left(language: str, lives: int, end: str) -> None:
    """ELAM's death said "1 guild members left" in every language: ``lives`` is no count parameter."""
    tr = Translator(language)
    tr.use_players({"red": "Ann"})
    line = Narration("morpoly.elam.died", "", None, (("token", "red"), ("party", "red"), ("cause", "death"),
                                                     ("lives", str(lives))))
    said = tr.narration(line)
    assert said.endswith(end), said


@pytest.mark.parametrize(("language", "houses", "said"), [
    ("en", 1, "the bank has only 1 house,"), ("en", 3, "the bank has only 3 houses,"),
    ("de", 1, "die Bank hat nur noch 1 Haus,"), ("de", 0, "die Bank hat keine Häuser mehr,"),
    ("pl", 2, "bank ma już tylko 2 domy,"), ("pl", 0, "bank nie ma już domów,"),
    ("it", 1, "la banca ha solo 1 casa,"), ("it", 3, "la banca ha solo 3 case,"),
    ("en", 0, "the bank has no houses,"), ("it", 0, "la banca non ha più case,")])
def test_a_hotel_sold_in_a_house_shortage_counts_the_bank_s_houses(language: str, houses: int, said: str) -> None:
    """The line of a hotel the bank could not break into four houses (its group came down evenly)
    counts the houses left with their noun, and lists every street's houses now; none left is said
    as none ("only 0 houses" counted what is not there)."""
    tr = Translator(language)
    tr.use_players({"red": "Ann"})
    line = Narration("morpoly.building.sold-short", "", None, (
        ("party", "red"), ("square", "37"), ("name", "Park Place"), ("houses", str(houses)),
        ("levels", "Park Place: 1; Boardwalk: 1")))
    text = tr.narration(line)
    assert text.startswith("Ann ") and said in text and text.endswith("Park Place: 1; Boardwalk: 1)"), text


@pytest.mark.parametrize(("language", "count", "said"), [
    ("en", 1, "from its first step."), ("en", 12, "from its first 12 steps."), ("pl", 1, "od pierwszego kroku."),
    ("pl", 3, "od pierwszych 3 kroków."), ("it", 1, "dal suo primo passo."), ("de", 1, "nach seinem ersten Schritt weiter.")])
def test_a_game_continued_after_a_damaged_row_counts_its_steps(language: str, count: int, said: str) -> None:
    text = Translator(language).format("The game goes on as game {n} from its first {count} steps.", n=4, count=count)
    assert text.endswith(said) and " 4 " in text, text


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
    said = Translator(language).plural("FSU {fsu}: {insurer} insures {beneficiary} ({covers}), {n} squares to go", n,
                                       fsu=2, insurer="Ann", beneficiary="Bob", covers="rent")
    assert said.endswith(end), said


@pytest.mark.parametrize(("language", "steps", "said"), [
    ("pl", 3, "Bagaż przesuwa się o 3 pola na"), ("pl", 7, "Bagaż przesuwa się o 7 pól na"),
    ("pl", 1, "Bagaż przesuwa się o 1 pole na"), ("it", 1, "Il Bagaglio avanza di 1 casella"),
    ("en", 1, "The Luggage moves 1 square to")])
def test_ankh_morpoly_moves_count_their_squares(language: str, steps: int, said: str) -> None:
    line = Narration("morpoly.npc.luggage-moves", "", None, (("steps", str(steps)), ("name", "Go")))
    assert Translator(language).narration(line).startswith(said)


@pytest.mark.parametrize(("key", "steps", "said"), [
    ("morpoly.token.moved", 4, "Ugo avanza di 4 caselle fino a Virginia Avenue"),
    ("morpoly.token.moved", 1, "Ugo avanza di 1 casella fino a Virginia Avenue"),
    ("morpoly.token.moved-back", 3, "Ugo torna indietro di 3 caselle fino a Virginia Avenue"),
    ("morpoly.move.stepped", 1, "Ugo avanza di una casella fino a Virginia Avenue"),
    ("morpoly.npc.luggage-moves", 4, "Il Bagaglio avanza di 4 caselle fino a Virginia Avenue")])
def test_an_italian_move_ends_where_the_token_lands(key: str, steps: int, said: str) -> None:
    """The Italian log said "Niccolò avanza di 4 caselle su Virginia Avenue" under "La Morte avanza di
    4 caselle fino a Water Works": a player's token and an NPC land alike, "fino a" (found on the
    Italian board's log, 800×480)."""
    tr = Translator("it")
    tr.use_players({"yellow": "Ugo"})
    line = Narration(key, "", None, (("token", "yellow"), ("steps", str(steps)), ("name", "Virginia Avenue")))
    assert tr.narration(line) == said


@pytest.mark.parametrize(("language", "one", "two"), [
    ("en", "… and 1 more", "… and 2 more"),
    ("de", "… und ein weiterer", "… und 2 weitere"),
    ("it", "… e un altro", "… e altri 2"),
    ("pl", "… i jeszcze 1", "… i jeszcze 2"),
])
def test_the_undo_dialog_s_further_steps_take_their_number_s_form(language: str, one: str, two: str) -> None:
    """The undo dialog lists three steps and counts the rest: German read "… und 1 weitere" (a step,
    "Schritt", is one "weiterer"), as Italian read "… e altri 1"."""
    tr = Translator(language)
    assert (tr.plural("… and {n} more", 1), tr.plural("… and {n} more", 2)) == (one, two)


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
