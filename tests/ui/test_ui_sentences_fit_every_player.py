"""A sentence about a player reads right whoever the player is: Polish and Italian agree a past
tense, a participle or an adjective with the subject's gender, and the app knows only the name typed
at set-up. So a sentence that names a player says it without a gendered form (present tense,
"należy do Nieumarłych", "fa parte dei Non morti"), as the rest of the catalogue already does
("Małgorzata wyrzuca 3 i 5", "Giuseppina tira 6 e 3").

Found by playing Ankh-Morpoly in Polish with Przemysław, Małgorzata and Żaneta: Fortuna's question
asked "▲ Małgorzata wyrzucił 3 i 5" (the masculine past), and a player caught stealing, swallowed by
the Luggage, the richest at the time limit or out of guild members was a man whatever the name;
the Italian game the same ("Giuseppina viene colto a rubare", "è il più ricco", "inghiottito")."""
from __future__ import annotations

import re

import pytest

from companion.core.procedure import Narration, Question
from ui.i18n import LOCALE_DIR, Translator
from ui.i18n_tools import parse_po

PERSON = re.compile(r"\{(token|player|party|roller|winner|boss|owner|buyer|seller|victim|payer|payee|beggar|"
                    r"merchant|insurer|beneficiary|creditor|assassin|holder)\}")
"""A placeholder the app fills with a player's name (the engine's parameters for a party or token)."""

GENDERED = {
    "pl": re.compile(r"\b\w+ł(?:eś|aś)?\b|\b(?:przyłapany|nieumarły|połknięty|najbogatszy|sam|jego|go)\b"
                     r"|\b[Aa]sasyn(?:owi)? \{"),
    "it": re.compile(r"\b(?:colto|inghiottito|ricco|morto|lo inghiotte|ucciso)\b|\b[Ll]'assassino \{"
                     r"|\b(?:mand|rimand|spost|port|sped)arlo\b"),
}
"""Forms that say a player's gender: the Polish past tense ("wyrzucił", "zaoferowałeś"), the
participles, adjectives and pronouns the catalogue used for a player ("Bagaż go połyka"), and a
player called by a masculine noun ("Asasyn {token}"); in Italian the participles and adjectives
("colto a rubare", "inghiottito", "il più ricco", "è non morto"), "lo" for the player, also
joined to a verb that moves the player ("possono mandarlo qui", the deed's opposite-square line:
found on the Italian board played by touch; "pagarlo", the toll, is no player) and
"l'assassino {token}"."""


def _catalogue(language: str) -> dict[str, str]:
    entries = parse_po((LOCALE_DIR / language / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))
    entries.pop("", None)
    return entries


@pytest.mark.parametrize("language", sorted(GENDERED))
def test_no_sentence_about_a_player_is_gendered(language: str) -> None:
    found = {key: text for key, text in _catalogue(language).items()
             if PERSON.search(text) and GENDERED[language].search(text)}
    assert not found, found


@pytest.mark.parametrize("language", sorted(GENDERED))
def test_a_roll_s_table_says_the_roller_s_fate_to_anyone(language: str) -> None:
    """A roll's table under the face pad speaks to the player who rolls ("the Luggage joins you"):
    it said "połknięty na zawsze", "inghiottito per sempre", "vieni ucciso" (found on the Italian
    Luggage roll, played by touch)."""
    found = {key: text for key, text in _catalogue(language).items()
             if key.startswith("roll:") and GENDERED[language].search(text)}
    assert not found, found


def _said(language: str, key: str, params: dict[str, str]) -> str:
    tr = Translator(language)
    tr.use_players({"yellow": "Małgorzata", "red": "Przemysław"})
    if key.startswith("q:"):
        question = Question(kind="choice", key=key[2:], text="", player="yellow", options=("play-on",),
                            params=tuple(params.items()))
        return tr.question(question)
    return tr.narration(Narration(key[2:], "", None, tuple(params.items())))


@pytest.mark.parametrize(("language", "key", "params", "said"), [
    ("pl", "q:morpoly.fortuna.window", {"roller": "yellow", "first": "3", "second": "5"},
     "Rzut gracza Małgorzata: 3 i 5. Grać dalej czy wykorzystać żeton Fortuny i wymusić nowy rzut?"),
    ("pl", "n:morpoly.thieves.caught", {"token": "yellow", "name": "Park Place"},
     "Małgorzata wpada podczas kradzieży na Park Place"),
    ("pl", "n:morpoly.elam.immune", {"token": "yellow"}, "Małgorzata należy do Nieumarłych i nie może tak zginąć"),
    ("pl", "n:morpoly.game.time-up", {"winner": "yellow", "worth": "$2,012"},
     "Koniec czasu: najwięcej ma Małgorzata ($2\u00a0012) i wygrywa"),  # thousands as Polish groups them
    ("pl", "q:morpoly.takeover.bid", {"winner": "yellow", "party": "red"},
     "Małgorzata: ile wynosiła twoja oferta za gildię gracza Przemysław?"),
    ("pl", "n:morpoly.assassins.attacks", {"token": "yellow", "victim": "red"},
     "Małgorzata z Gildii Skrytobójców atakuje gracza Przemysław"),
    ("it", "n:morpoly.game.time-up", {"winner": "yellow", "worth": "$2,012"},
     "Il tempo è scaduto: vince Małgorzata, con il patrimonio più alto ($2.012)"),
    ("it", "n:morpoly.thieves.caught", {"token": "yellow", "name": "Park Place"},
     "Małgorzata si fa cogliere a rubare su Park Place"),
    ("it", "n:morpoly.elam.immune", {"token": "yellow"}, "Małgorzata fa parte dei Non morti e non può morire così"),
    ("it", "n:morpoly.assassins.strikes", {"token": "yellow", "first": "3", "second": "4"},
     "Małgorzata tira 3 e 4: il colpo degli Assassini va a segno"),
    ("it", "q:morpoly.roll.luggage-race", {"token": "yellow"},
     "Małgorzata: sei dentro il Bagaglio, tira per la sua corsa"),
])
def test_a_woman_s_turn_is_said_as_to_anyone(language: str, key: str, params: dict[str, str], said: str) -> None:
    assert _said(language, key, params) == said


@pytest.mark.parametrize("language", sorted(GENDERED))
def test_an_answer_says_the_player_s_fate_to_anyone(language: str) -> None:
    """An Ankh-Morpoly answer button speaks to the player asked, as a roll's table does: staying
    under the Assassin read "Resta (e vieni ucciso)" to Giuseppina and Mariangela (found on the
    screenshots of an Italian ELAM game played by touch; the roll's table beside it had been mended)."""
    from ui.screens.morpoly.common import PLAYER_VERBS, QUESTION_WORDS, VERBS, WORDS
    catalogue = _catalogue(language)
    answers = [*WORDS.values(), *QUESTION_WORDS.values(), *PLAYER_VERBS.values(), *VERBS.values()]
    answers.remove(WORDS["time-up"])  # the time has passed, not a player: "Czas minął"
    found = {english: catalogue[english] for english in answers if GENDERED[language].search(catalogue[english])}
    assert not found, found
