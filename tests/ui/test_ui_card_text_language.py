"""A card's scroll text is read in the table's language. The engine's card data holds the English
text (with the rule it stands for); the words of German, Polish and Italian are the UI's, in the
catalogues as ``scroll:<card>``, and the scroll question (``q:symbol.scroll``) and the rulebook
popup show them. Found by playing in German: the question under a played card was English.

The words match the box: an area by the name its edition prints (Götterinsel, Wyspa Bogów), the
pieces and markers by the rulebook's terms (Handlanger, agent, seguace; Unruhe-Marker, znacznik
niepokojów, segnalino problema; Gebäude, budynek, edificio)."""
from __future__ import annotations

from typing import Any

import pytest

from companion.core.procedure import choice_question
from companion.morpork.board import AREAS
from companion.morpork.catalog import CARD_BY_ID, CARDS
from ui.i18n import Translator
from ui.rulebook import lookup

TRANSLATED = ("de", "pl", "it")

TERMS: dict[str, dict[str, str]] = {
    "minion": {"de": "Handlanger", "pl": "agent", "it": "seguac"},
    "trouble marker": {"de": "Unruhe-Marker", "pl": "niepokojów", "it": "segnalino problema"},
    "building": {"de": "Gebäude", "pl": "budyn", "it": "edific"},
    "draw pile": {"de": "Nachzugstapel", "pl": "talii", "it": "mazzo"},
    "discard pile": {"de": "Ablagestapel", "pl": "odrzuconych", "it": "scarti"},
}
"""An English term of the cards and what each rulebook calls it (a stem: Polish and Italian inflect)."""


def _no_text(english: str) -> bool:
    return english.startswith("—")


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_card_has_its_scroll_text_in_the_language(language: str) -> None:
    translator = Translator(language)
    missing = [card.id for card in CARDS if translator.gettext(f"scroll:{card.id}") == f"scroll:{card.id}"]
    assert not missing, f"no {language} scroll text (scroll:<card> in ui/locale, then python3 -m ui.i18n_tools): {missing}"
    english = [card.id for card in CARDS
               if not _no_text(card.text) and translator.card_text(card.id) == Translator("en").card_text(card.id)]
    assert not english, f"still the English text in {language}: {english}"
    assert len(CARDS) == 101


def test_english_is_the_card_data_s_own_text_without_the_docs_asterisks() -> None:
    en = Translator("en")
    assert all(en.card_text(card.id) == card.text.replace("**", "") for card in CARDS)
    assert "**" in CARD_BY_ID["reacher-gilt"].text
    for language in ("en", *TRANSLATED):
        assert "*" not in Translator(language).card_text("reacher-gilt")


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_words_are_the_rulebook_s(language: str) -> None:
    """Every card whose English text names a term or an area says it as that edition's rulebook and
    board do (the Polish area by the last word of its name, which keeps its form when inflected:
    "na Wyspie Bogów")."""
    translator = Translator(language)
    wrong = []
    for card in CARDS:
        english, shown = card.text.lower(), translator.card_text(card.id)
        for term, words in TERMS.items():
            if term in english and words[language].lower() not in shown.lower():
                wrong.append(f"{card.id}: {term!r} is not {words[language]!r}: {shown}")
        for area in AREAS:
            name = area.name(language)
            said = name.split()[-1] if language == "pl" else name
            if area.name("en").lower() in english and said not in shown:
                wrong.append(f"{card.id}: {area.name('en')!r} is not {name!r}: {shown}")
    assert not wrong, "\n".join(wrong)


def test_the_scroll_question_says_the_card_s_text_in_the_language() -> None:
    card = "the-fools-guild"
    question = choice_question("symbol.scroll", f"red: {CARD_BY_ID[card].text}", "red", ["do", "skip"], card=card)
    de = Translator("de").question(question)
    assert de == ("Wähle einen Spieler: Er zahlt dir 5\u00a0$ oder muss diese Karte nehmen; sie bleibt dann für den Rest "
                  "des Spiels auf seiner Hand und zählt zu seinen fünf Karten.")
    assert Translator("pl").question(question).startswith("Wybierz gracza: płaci ci $5")
    assert Translator("en").question(question) == CARD_BY_ID[card].text


def test_the_rulebook_popup_shows_the_card_s_words_in_its_language() -> None:
    assert lookup("card", "the-dysk", "de").card_text.startswith("Nimm 1\u00a0$ von der Bank für jeden Handlanger auf der "
                                                                 "Götterinsel")
    assert lookup("card", "the-dysk", "en").card_text == CARD_BY_ID["the-dysk"].text


def test_a_played_card_s_scroll_is_german_on_the_turn_screen(driver: Any) -> None:
    """The app in German: the card played, its scroll question under it, in German."""
    d = driver
    d.app.set_language("de")
    d.app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    d.app.on_die_roll(1, "manual")
    for personality in ("vetinari", "rust", "vimes"):
        d.app.answer(personality)
    assert d.app.answer("drumknott")
    d.frames(3)
    assert d.app.game.question.key == "symbol.scroll"
    shown = d.texts()
    assert "Spiele zwei weitere Karten aus deiner Hand" in shown
    assert "Play two more cards" not in shown
