"""Chance and Community Chest as the set on the table prints them, in every language (names on a set
are shown as printed on that set, as GO is in ``test_ui_morpoly_go_as_printed.py``): a German table
playing the US set read "Chance" and "Community Chest" in the log's moves ("zieht 7 Felder auf
Chance") but "Ereigniskarte" / "Gemeinschaftskarte" in the card questions, "GF" on the ring and
"Ereignisfeld" in the Fools' covers; an English table with a German set read "Ereignisfeld" on the
log beside "which Chance card was drawn?" and "CC" on the ring. The questions, the answers, the
Fools' covers (``{chance_name}``, ``{chest_name}``) and the ring's mark now follow the set."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.morpoly.editions import load_edition
from tests.ui.test_ui_morpoly_at_the_table import _feed, _resumed
from ui.i18n import LANGUAGES, LOCALE_DIR, Translator
from ui.i18n_tools import parse_po
from ui.screens.morpoly.common import COVER_WORDS, chance_name, chest_mark, chest_name

NAMES = ["Anna", "Bernd", "Clara"]
ABOUT_CHANCE = ("q:morpoly.card.chance", "q:morpoly.card.pay-or-draw", COVER_WORDS["fools:odd"],
                COVER_WORDS["fools:seven"])
ABOUT_CHEST = ("q:morpoly.card.chest", COVER_WORDS["fools:even"], COVER_WORDS["fools:seven"])
"""The sentences that name a deck."""
OWN_WORDS = re.compile(r"Chance|Community Chest|Ereignis|Gemeinschafts|Szans|Kas[aęy] Społeczn|Imprevisti|Probabilit")
"""The languages' own words for the decks (en, de, pl, it), which named another square than the set's."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_about_a_deck_names_it_as_printed(language: str) -> None:
    entries = parse_po((LOCALE_DIR / language / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))
    for keys, placeholder in ((ABOUT_CHANCE, "{chance_name}"), (ABOUT_CHEST, "{chest_name}")):
        for key in keys:
            said = entries[key] or key  # English leaves a plain msgid untranslated
            assert placeholder in said and not OWN_WORDS.search(said), (key, said)


def test_the_set_names_its_decks() -> None:
    us, de = load_edition("us"), load_edition("de")
    assert (chance_name(us), chest_name(us), chest_mark(us)) == ("Chance", "Community Chest", "CC")
    assert (chance_name(de), chest_name(de), chest_mark(de)) == ("Ereignisfeld", "Gemeinschaftsfeld", "GF")


@pytest.mark.parametrize(("language", "places", "said"), [
    ("de", {"chance_name": "Chance"}, "Anna: welche Karte vom Stapel „Chance“ wurde gezogen?"),
    ("en", {"chance_name": "Ereignisfeld"}, "Anna: which Ereignisfeld card was drawn?"),
    ("pl", {"chance_name": "Chance"}, "Anna: którą kartę z talii „Chance” wyciągnięto?"),
    ("it", {"chance_name": "Chance"}, "Anna: quale carta Chance è stata pescata?"),
    ("de", {}, "Anna: welche Karte vom Stapel „Ereignisfeld“ wurde gezogen?"),  # no set at hand: the own word
])
def test_the_card_question_names_the_sets_deck(language: str, places: dict[str, str], said: str) -> None:
    tr = Translator(language)
    tr.use_players({"red": "Anna"})
    tr.use_places(places)
    assert tr.keyed("q", "morpoly.card.chance", "red: which Chance card was drawn?", {"token": "red"}) == said


@pytest.mark.parametrize(("language", "said"), [
    ("de", "Anna: $10 zahlen oder eine Karte vom Stapel „Ereignisfeld“ ziehen?"),
    ("en", "Anna: pay $10 or draw a card from Ereignisfeld?"),
])
def test_pay_or_draw_names_the_sets_deck(language: str, said: str) -> None:
    tr = Translator(language)
    tr.use_players({"red": "Anna"})
    tr.use_places({"chance_name": "Ereignisfeld"})
    assert tr.keyed("q", "morpoly.card.pay-or-draw", "?", {"token": "red", "amount": "$10"}) == said


@pytest.mark.parametrize(("edition", "language", "printed", "mark", "other"), [
    ("us", "de", "Chance", "CC", "Ereignis"), ("us", "pl", "Chance", "CC", "Szans"),
    ("de", "en", "Ereignisfeld", "GF", "Chance"),
])
def test_the_card_question_and_the_ring_name_the_deck_as_printed(
        tmp_path: Path, request: Any, edition: str, language: str, printed: str, mark: str, other: str) -> None:
    data = tmp_path / "data"
    _feed(data, NAMES, {"edition": edition},
          lambda g: g.question is not None and g.question.key == "morpoly.card.chance", seed=1)
    with _resumed(request, data, language) as (app, d):
        asked = d.screen.question_label.text
        assert printed in asked and other not in asked, asked
        chest = d.screen.cells[2].text
        assert chest.endswith(f"[/size] {mark}") or f"[/size] {mark}\n" in chest, chest


@pytest.mark.parametrize(("edition", "language", "said"), [
    ("us", "de", "Stapel „Chance“"), ("us", "it", "Mazzo Chance"), ("de", "en", "Ereignisfeld deck"),
    ("de", "pl", "Talia „Ereignisfeld”"),
])
def test_dibblers_deck_is_named_as_printed(edition: str, language: str, said: str) -> None:
    """Dibbler sells a card, "from which deck?": the answer names the deck as the set prints it."""
    from types import SimpleNamespace

    from ui.screens.morpoly.common import option_label
    tr = Translator(language)
    app = SimpleNamespace(t=tr.gettext, translator=tr)
    game = SimpleNamespace(state=SimpleNamespace(edition=edition))
    assert option_label(app, game, "chance") == said
