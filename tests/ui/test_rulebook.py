"""The rulebook lookup (``ui.rulebook``, Kivy-free): every topic the engine knows resolves to its own
paragraphs in all four editions, the anchors are unique, the index names nothing the engine does not
know, the shipped books are the reference copies, and search ignores case and accents."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.morpork.board import AREA_IDS
from companion.morpork.catalog import CARD_BY_ID, EVENT_IDS, PERSONALITY_IDS
from ui import rulebook
from ui.rulebook import LANGUAGES, fold, lookup, ruling_values, search

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "ui" / "data" / "rules"
SHARED = next((p for p in (ROOT.parent / "shared" / "rules", ROOT.parent.parent / "shared" / "rules") if p.exists()),
              None)
"""``shared/rules/`` beside the checkout (or beside the folder of worktrees), as on CI."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shipped_rulebook_is_the_reference(language: str) -> None:
    if SHARED is None:
        pytest.skip("shared/rules is not beside this checkout")
    name = f"ankh-morpork-rules.{language}.txt"
    assert (SHIPPED / name).read_bytes() == (SHARED / name).read_bytes(), f"{name}: copy shared/rules/{name} again"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_topic_resolves_in_every_edition(language: str) -> None:
    """Every anchor of the index matches exactly one line (``find_line`` raises otherwise), and
    everything a long-press can ask about shows at least one passage of this book."""
    for key in rulebook.index()["topics"]:
        assert rulebook.passages(key, language), f"{key}: no {language} passage"
    for qa in rulebook.index()["qa"][language]:
        rulebook.find_line(language, qa["start"])
    for kind, item_id in rulebook.all_topics():
        entry = lookup(kind, item_id, language)
        assert entry.passages, (kind, item_id, language)
        assert all(p.text.strip() for p in entry.passages)
    for area_id in AREA_IDS:
        assert len(lookup("city-area", area_id, language).passages) >= 2  # its power and the rule for all cards


def test_the_index_names_only_what_the_engine_knows() -> None:
    known = ({f"area:{a}" for a in AREA_IDS} | {f"event:{e}" for e in EVENT_IDS}
             | {f"personality:{p}" for p in PERSONALITY_IDS} | {f"symbol:{s}" for s in rulebook.SYMBOLS}
             | {f"card:{c}" for c in CARD_BY_ID} | {"rule:city-area-cards", "rule:playing-cards", "rule:points"})
    index = rulebook.index()
    assert set(index["topics"]) <= known, sorted(set(index["topics"]) - known)
    assert {f"area:{a}" for a in AREA_IDS} | {f"event:{e}" for e in EVENT_IDS} \
        | {f"personality:{p}" for p in PERSONALITY_IDS} | {f"symbol:{s}" for s in rulebook.SYMBOLS} <= set(index["topics"])
    for language, questions in index["qa"].items():
        for qa in questions:
            assert set(qa["topics"]) <= known, (language, qa["start"], set(qa["topics"]) - known)
    assert set(index["rulings"]) <= known
    assert set(index["editions"]) == set(LANGUAGES)
    with pytest.raises(KeyError, match="no-such-area"):
        lookup("area", "no-such-area", "en")


def test_the_rulings_are_the_engine_options() -> None:
    """Each ruling named in the index is a rule option the engine declares (once its options module
    exists) with the same edition defaults, or one of the fixed rulings."""
    index = rulebook.index()
    named = {r for rulings in index["rulings"].values() for r in rulings}
    assert named <= set(index["options"]) | set(index["fixed"])
    try:
        from companion.morpork import options as engine_options
    except ImportError:
        pytest.skip("companion.morpork.options has not landed; the index's copy of the README table is used")
    declared = {o.name: o for o in engine_options.OPTIONS}
    for name, copy in index["options"].items():
        assert name in declared, name
        assert declared[name].default == copy["default"] and dict(declared[name].defaults) == copy["editions"], name


def test_the_shades_in_polish_is_its_city_area_paragraph() -> None:
    entry = lookup("area", "the-shades", "pl")
    assert entry.passages[0].text == ("Mroki – W dowolnym momencie własnej tury można umieścić znacznik niepokojów w "
                                      "Mrokach albo dzielnicy z nimi sąsiadującej (dzielnica musi zawierać przynajmniej "
                                      "jeden pionek).")
    assert entry.passages[0].line == 190


def test_each_edition_gives_its_own_text_without_markup() -> None:
    assert lookup("area", "the-shades", "de").passages[0].text.startswith(
        "Die Schatten – Du darfst einmal pro Zug einen Unruhe-Marker")  # the German book says once per turn
    assert lookup("area", "the-shades", "en").passages[0].text.startswith("The Shades – At any point in your turn")
    assert lookup("area", "the-shades", "it").passages[0].text.startswith("The Shades – In un qualsiasi momento")
    fire = lookup("event", "fire", "de").passages[0].text
    assert fire.startswith("Feuer\n\nWürfle, um zu erfahren, wo es ausbricht.") and "## " not in fire
    assert fire.endswith("oder kein Gebäude enthält.")  # up to the next heading (Flut), not beyond
    murders = lookup("event", "mysterious-murders", "pl").passages[0].text  # split by a page break in the book
    assert murders.startswith("Tajemnicze Morderstwa") and murders.endswith("po 1 razie.")
    assert lookup("symbol", "$3", "en").passages[0].text.startswith("Take money – The gold circle")
    money_de = "\n".join(p.text for p in lookup("symbol", "$", "de").passages)
    assert "Geld kassieren" in money_de and "kann auch kein Spieler mehr Geld kassieren" in money_de and "\\$" not in money_de


@pytest.mark.parametrize("language,question", [("en", "Q. What exactly does the Wallace Sonky card do?"),
                                                ("it", "D. Cosa comporta giocare la carta Wallace Sonky?")])
@pytest.mark.parametrize("card", ["the-fire-brigade", "dr-whiteface", "the-thieves-guild"])
def test_the_cards_wallace_sonky_answers_show_its_question(card: str, language: str, question: str) -> None:
    """The English and Italian answer name them: "Other examples of cards it would protect against
    are The Fire Brigade, Dr Whiteface, and The Thieves' Guild" ("Wallace Sonky è in grado di
    proteggerti da carte come The Fire Brigade, Dr Whiteface e The Thieves' Guild"); a long press on
    one of them shows the question, as it does on Carcer, which the answer also names."""
    texts = [p.text for p in lookup("card", card, language).passages]
    assert any(t.startswith(question) for t in texts), texts


def test_a_player_card_shows_its_symbols_and_the_questions_that_name_it() -> None:
    entry = lookup("card", "carcer", "en")
    texts = [p.text for p in entry.passages]
    assert any(t.startswith("Scroll –") for t in texts)
    assert any(t.startswith("Q. What exactly does the Wallace Sonky card do?") for t in texts)
    assert any(t.startswith("Q. Can Carcer remove troll or demon pieces?\n\nA. Yes") for t in texts)
    assert entry.card_text == CARD_BY_ID["carcer"].text
    german = [p.text for p in lookup("card", "carcer", "de").passages]
    assert any("Carcer" in t and t.startswith("• Dämonen und Trolle") for t in german)
    polish = [p.text for p in lookup("card", "susan", "pl").passages]
    assert any(t.startswith("P. Czy zagrywając karty reakcji Gaspode lub Susan") for t in polish)


def test_where_the_books_disagree_the_table_s_value_is_marked() -> None:
    german = {v.value: v for v in ruling_values("tie-break", {"edition": "de"})}
    assert german["control"].adopted and german["control"].editions == ("de",)
    assert not german["card"].adopted and german["card"].editions == ("en", "pl", "it")
    chosen = {v.value: v for v in ruling_values("tie-break", {"edition": "de", "tie-break": "card"})}
    assert chosen["card"].adopted and not chosen["control"].adopted
    polish = {v.value: v.adopted for v in ruling_values("building-points", {"edition": "pl"})}
    assert polish == {"cost": False, "double": True}
    assert [v.adopted for v in ruling_values("fog-shown", {"edition": "it"})] == [True]
    assert lookup("personality", "vimes", "pl").rulings == ("building-points", "tie-break")
    assert "bank" in lookup("card", "mr-boggis", "en").rulings or "$" not in "".join(CARD_BY_ID["mr-boggis"].symbols)


def test_search_ignores_case_and_accents() -> None:
    assert fold("Pożar ŁÓDŹ Straße") == "pozar lodz strasse"
    fire = search("pozar", "pl")
    assert fire[0].text.startswith("Pożar\n\nRzucasz kością, aby ustalić gdzie się pali.")  # the heading and its rule
    shades = search("mroki", "pl")
    assert any(p.text.startswith("Mroki – W dowolnym momencie") for p in shades)
    assert any(p.line == 209 for p in search("DUSTERGUT", "de"))
    assert any(p.text.startswith("Q. Can Carcer remove") and p.text.endswith("just like player minion pieces.")
               for p in search("Carcer", "en"))  # a question with its answer
    both = search("trouble marker demon", "en")
    assert both and all(all(w in fold(p.text) for w in ("trouble", "marker", "demon")) for p in both)
    assert search("fire", "en")[0].text.startswith("Fire\n\nRoll the die to establish the area of the fire.")
    assert search("   ", "en") == ()
    assert search("xyzzy", "it") == ()


def test_the_bundled_font_draws_every_letter_of_the_four_books() -> None:
    """Kivy has no font fallback: a letter DejaVu Sans lacks would show as a box in the popup."""
    from ui.fontcheck import covered_codepoints
    covered = covered_codepoints(ROOT / "ui" / "fonts" / "DejaVuSans.ttf")
    for language in LANGUAGES:
        missing = {c for p in rulebook.paragraphs(language) for c in p.text if ord(c) not in covered and c != "\n"}
        assert not missing, (language, sorted(missing))


def test_the_cards_that_name_where_a_minion_goes_show_the_named_placement_ruling() -> None:
    """The fixed ruling ``named-placement`` is shown beside the four cards whose text names where a
    minion goes (their symbols are scrolls, not the minion symbol whose paragraph carries it), and
    beside Dolly Sisters and Dimwell; not beside a card that places nothing."""
    for card in ("the-senior-wrangler", "archchancellor-ridcully", "the-smoking-gnu", "willikins"):
        assert "named-placement" in rulebook.lookup("card", card, "pl").rulings, card
    for area in ("dolly-sisters", "dimwell"):
        assert "named-placement" in rulebook.lookup("area", area, "de").rulings, area
    assert "named-placement" not in rulebook.lookup("card", "mr-bent", "en").rulings
