"""Chance and Community Chest named as the set on the table prints them, but only where the set speaks
another language than the table (:meth:`ui.i18n.Translator.names_as_printed`, the one place that
decides it from the edition's ``language``).

An English table with a German set read "which Chance card was drawn?" and "CC" on the ring beside
"Ereignisfeld" in the log's moves and "Ereigniskarte" on the cards in the players' hands; a German
table with the US set read "welche Ereigniskarte wurde gezogen?" beside "zieht 7 Felder auf Chance".
Those tables now read the set's names in sentences made for a quoted foreign name ("which
Ereignisfeld card was drawn?", "welche Karte vom Stapel „Chance“ wurde gezogen?") and the set's own
initials on the ring (GF, CC).

A first attempt (f5e7a87, reverted in 00fe36a) did so at every table, and the common one, a German set
at a German table, lost its natural words ("welche Karte vom Stapel „Ereignisfeld“ wurde gezogen?",
"Landung auf einem Feld „Ereignisfeld“"). A set that speaks the table's language reads exactly as it
did before (main at 61d191e): :data:`AS_BEFORE` holds those screens' texts as literals, the contract."""
from __future__ import annotations

import re
import string
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from companion.core.mode import get_mode
from companion.morpoly.editions import load_edition
from companion.morpoly.roll_tables import FOOL_COVER
from tests.ui.test_ui_morpoly_at_the_table import _feed, _resumed
from ui.i18n import AS_PRINTED, LANGUAGES, LOCALE_DIR, PLACE_CHANCE, PLACE_CHEST, Translator
from ui.i18n_tools import parse_po
from ui.screens.morpoly.common import PRINTED_COVER_WORDS, chance_name, chest_name, option_label, roll_table

NAMES = ["Anna", "Bernd", "Clara"]
DECK_KEYS = {"q:morpoly.card.chance": PLACE_CHANCE, "q:morpoly.card.chest": PLACE_CHEST,
             "q:morpoly.card.pay-or-draw": PLACE_CHANCE}
"""The engine's sentences that name a deck, and the deck each names."""
OWN_WORDS = re.compile(r"Chance|Community Chest|Ereignis|Gemeinschafts|Szans|Kas[aęy] Społeczn|Imprevisti|Probabilit")
"""The languages' own words for the decks (en, de, pl, it)."""
FOOLS_SEED = {"us": 402, "de": 189}
"""Seeded random play that reaches a running FSU with a Fools' cover (us: Community Chest, on
Connecticut Avenue; de: Ereignisfeld, on the Neue Straße). Under rules revision 10 seeds 3 and 5 found
such FSUs (on Baltic Avenue and the Seestraße); revision 11's purchase by raising plays them otherwise."""


def _fools_running(game: Any) -> bool:
    view = get_mode("ankh-morpoly").view(game, None)
    return game.question is not None and game.question.key == "morpoly.turn.menu" and any(
        str(c).startswith("fools") for f in view.get("exposure", []) for c in f["covers"])


def _shown(tmp_path: Path, request: Any, edition: str, language: str) -> dict[str, Any]:
    """What the real app (800×480, resumed from the journal) shows of the decks: the Chance card's
    question, the ring's Community Chest square, the log's move onto Chance, the Community Chest and
    pay-or-draw questions and Dibbler's deck answers as the app's translator and buttons word them,
    the Fools' cover roll's hint; then, in a game with a Fools' FSU, the ledger's covers and
    next-roll lines and the square's deed popup's FSU line."""
    shown: dict[str, Any] = {}
    data = tmp_path / "card"
    _feed(data, NAMES, {"edition": edition},
          lambda g: g.question is not None and g.question.key == "morpoly.card.chance", seed=1)
    with _resumed(request, data, language) as (app, d):
        shown["question"] = d.screen.question_label.text
        shown["ring"] = d.screen.cells[2].text
        shown["move"] = d.screen.log_label.text.split("\n")[-1]
        shown["chest question"] = app.translator.keyed("q", "morpoly.card.chest", "?", {"token": "red"})
        shown["pay or draw"] = app.translator.keyed("q", "morpoly.card.pay-or-draw", "?",
                                                    {"token": "red", "amount": "$10"})
        shown["dibbler"] = [option_label(app, app.game, deck) for deck in ("chance", "chest")]
        shown["roll hint"] = roll_table(app, app.game, SimpleNamespace(key=FOOL_COVER))
    data = tmp_path / "fools"
    _feed(data, NAMES, {"edition": edition}, _fools_running, seed=FOOLS_SEED[edition])
    with _resumed(request, data, language) as (app, d):
        view = get_mode("ankh-morpoly").view(app.game, None)
        square = next(int(f["square"]) for f in view["exposure"] if any(str(c).startswith("fools") for c in f["covers"]))
        board = d.screen
        d.tap(board.ledger_button)
        body = d.screen.body.text.split("\n")
        shown["ledger covers"] = body[1]
        shown["next roll"] = body[-3:]
        board.show_square(square)
        d.frames(2)
        shown["deed"] = next(line for line in board.deed_label.text.split("\n") if line.startswith("FSU"))
    return shown


AS_BEFORE: dict[tuple[str, str], dict[str, Any]] = {
    ("us", "en"): {
        "question": "[color=f5c71a]▲[/color] Bernd: which Chance card was drawn?",
        "ring": "[size=9]2[/size] CC",
        "move": "[color=f5c71a]▲[/color] Bernd moves 7 squares to Chance",
        "chest question": "[color=db332e]●[/color] Anna: which Community Chest card was drawn?",
        "pay or draw": "[color=db332e]●[/color] Anna: pay $10 or draw a Chance card?",
        "dibbler": ["Chance", "Community Chest"],
        "roll hint": "Doubles: third doubles · 7: landing on Chance or Community Chest · other even: landing on "
                     "Community Chest · other odd: landing on Chance",
        "ledger covers": "   covers: landing on Community Chest",
        "next roll": ["[color=db332e]●[/color] Anna: Connecticut Avenue · Chance 0% · Community Chest 14%",
                      "[color=f5c71a]▲[/color] Bernd: States Avenue · Chance 11% · Community Chest 8%",
                      "[color=2e9e47]■[/color] Clara: Atlantic Avenue · Chance 8% · Community Chest 17%"],
        "deed": "FSU 1: Clara insures Anna (landing on Community Chest), 40 squares to go",
    },
    ("de", "de"): {
        "question": "[color=f5c71a]▲[/color] Bernd: welche Ereigniskarte wurde gezogen?",
        "ring": "[size=9]2[/size] GF",
        "move": "[color=f5c71a]▲[/color] Bernd zieht 7 Felder → Ereignisfeld",
        "chest question": "[color=db332e]●[/color] Anna: welche Gemeinschaftskarte wurde gezogen?",
        "pay or draw": "[color=db332e]●[/color] Anna: $10 zahlen oder eine Ereigniskarte ziehen?",
        "dibbler": ["Ereigniskarte", "Gemeinschaftskarte"],
        "roll hint": "Pasch: dritter Pasch · 7: Landung auf Ereignis- oder Gemeinschaftsfeld · sonst gerade: "
                     "Landung auf einem Gemeinschaftsfeld · sonst ungerade: Landung auf einem Ereignisfeld",
        "ledger covers": "   deckt: Landung auf einem Ereignisfeld",
        "next roll": ["[color=db332e]●[/color] Anna: Bahnhofstraße · Ereignisfeld 3\u00a0% · Gemeinschaftsfeld 14\u00a0%",
                      "[color=f5c71a]▲[/color] Bernd: Gemeinschaftsfeld · Ereignisfeld 11\u00a0% · Gemeinschaftsfeld 0\u00a0%",
                      "[color=2e9e47]■[/color] Clara: Neue Straße · Ereignisfeld 14\u00a0% · Gemeinschaftsfeld 6\u00a0%"],
        "deed": "FSU 1: Bernd versichert Clara (Landung auf einem Ereignisfeld), noch 40 Felder",
    },
}
"""Main's screens (61d191e) for a set that speaks the table's language, captured from the app (since
then the ledger numbers its FSUs, "FSU 1: …", and German writes a percentage "17 %"). The next roll's
squares and odds are those of the FSU games :data:`FOOLS_SEED` reaches under rules revision 11 (worded
as before; each odd is the share of the 36 throws from the token's square onto that deck's squares)."""


@pytest.mark.parametrize(("edition", "language"), list(AS_BEFORE))
def test_a_set_that_speaks_the_tables_language_reads_as_before(
        tmp_path: Path, request: Any, edition: str, language: str) -> None:
    assert _shown(tmp_path, request, edition, language) == AS_BEFORE[(edition, language)]


AS_PRINTED_SHOWN: dict[tuple[str, str], dict[str, Any]] = {
    ("de", "en"): {
        "question": "[color=f5c71a]▲[/color] Bernd: which Ereignisfeld card was drawn?",
        "ring": "[size=9]2[/size] GF",
        "move": "[color=f5c71a]▲[/color] Bernd moves 7 squares to Ereignisfeld",
        "chest question": "[color=db332e]●[/color] Anna: which Gemeinschaftsfeld card was drawn?",
        "pay or draw": "[color=db332e]●[/color] Anna: pay $10 or draw a card from Ereignisfeld?",
        "dibbler": ["Ereignisfeld deck", "Gemeinschaftsfeld deck"],
        "roll hint": "Doubles: third doubles · 7: landing on Ereignisfeld or Gemeinschaftsfeld · other even: "
                     "landing on Gemeinschaftsfeld · other odd: landing on Ereignisfeld",
        "ledger covers": "   covers: landing on Ereignisfeld",
        "deed": "FSU 1: Bernd insures Clara (landing on Ereignisfeld), 40 squares to go",
    },
    ("us", "de"): {
        "question": "[color=f5c71a]▲[/color] Bernd: welche Karte vom Stapel „Chance“ wurde gezogen?",
        "ring": "[size=9]2[/size] CC",
        "move": "[color=f5c71a]▲[/color] Bernd zieht 7 Felder → Chance",
        "chest question": "[color=db332e]●[/color] Anna: welche Karte vom Stapel „Community Chest“ wurde gezogen?",
        "pay or draw": "[color=db332e]●[/color] Anna: $10 zahlen oder eine Karte vom Stapel „Chance“ ziehen?",
        "dibbler": ["Stapel „Chance“", "Stapel „Community Chest“"],
        "roll hint": "Pasch: dritter Pasch · 7: Landung auf einem Feld „Chance“ oder „Community Chest“ · sonst "
                     "gerade: Landung auf einem Feld „Community Chest“ · sonst ungerade: Landung auf einem Feld „Chance“",
        "ledger covers": "   deckt: Landung auf einem Feld „Community Chest“",
        "deed": "FSU 1: Clara versichert Anna (Landung auf einem Feld „Community Chest“), noch 40 Felder",
    },
    ("us", "pl"): {
        "question": "[color=f5c71a]▲[/color] Bernd: którą kartę z talii „Chance” wyciągnięto?",
        "ring": "[size=9]2[/size] CC",
        "dibbler": ["Talia „Chance”", "Talia „Community Chest”"],
        "ledger covers": "   obejmuje: wejście na pole „Community Chest”",
    },
    ("us", "it"): {
        "question": "[color=f5c71a]▲[/color] Bernd: quale carta Chance è stata pescata?",
        "ring": "[size=9]2[/size] CC",
        "dibbler": ["Mazzo Chance", "Mazzo Community Chest"],
        "ledger covers": "   copre: finire su una casella Community Chest",
    },
    ("de", "pl"): {
        "question": "[color=f5c71a]▲[/color] Bernd: którą kartę z talii „Ereignisfeld” wyciągnięto?",
        "ring": "[size=9]2[/size] GF",
        "dibbler": ["Talia „Ereignisfeld”", "Talia „Gemeinschaftsfeld”"],
    },
    ("de", "it"): {
        "question": "[color=f5c71a]▲[/color] Bernd: quale carta Ereignisfeld è stata pescata?",
        "ring": "[size=9]2[/size] GF",
        "dibbler": ["Mazzo Ereignisfeld", "Mazzo Gemeinschaftsfeld"],
    },
}
"""A set of another language than the table's: the decks as the set prints them."""


@pytest.mark.parametrize(("edition", "language"), list(AS_PRINTED_SHOWN))
def test_a_set_of_another_language_names_its_decks_as_printed(
        tmp_path: Path, request: Any, edition: str, language: str) -> None:
    shown = _shown(tmp_path, request, edition, language)
    assert {k: shown[k] for k in AS_PRINTED_SHOWN[(edition, language)]} == AS_PRINTED_SHOWN[(edition, language)]
    ed = load_edition(edition)
    printed = re.compile("|".join(re.escape(n) for n in (chance_name(ed), chest_name(ed))))
    for what in ("question", "chest question", "pay or draw", "roll hint", "ledger covers", "deed"):
        said = printed.sub("", shown[what])  # the set's names taken out: no other word for a deck is left
        assert printed.search(shown[what]) and not OWN_WORDS.search(said), (what, shown[what])
    for line in shown["next roll"]:  # the kinds as printed, as the covers above them: never two names
        assert chance_name(ed) in line and chest_name(ed) in line and not OWN_WORDS.search(printed.sub("", line)), line


@pytest.mark.parametrize(("set_speaks", "table", "as_printed"), [
    ("en", "en", False), ("de", "de", False), (None, "de", False), (None, "en", False),
    ("de", "en", True), ("de", "pl", True), ("de", "it", True), ("en", "de", True), ("en", "pl", True), ("en", "it", True),
])
def test_the_decks_are_named_as_printed_only_for_a_set_of_another_language(
        set_speaks: str | None, table: str, as_printed: bool) -> None:
    tr = Translator(table)
    tr.use_places({"go_name": "GO", "chance_name": "Chance", "chest_name": "Community Chest"}, set_speaks=set_speaks)
    assert tr.names_as_printed() is as_printed
    tr.set_language("de" if table != "de" else "en")  # the table switches language mid-game: decided anew
    assert tr.names_as_printed() is (set_speaks is not None and set_speaks != tr.language)


def test_the_editions_say_their_language() -> None:
    """The decision reads the edition's data: the US set is English, both German sets German."""
    assert [load_edition(e).language for e in ("us", "de", "de-dm")] == ["en", "de", "de"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_as_printed_sentence_names_the_deck_by_its_placeholder(language: str) -> None:
    """Each variant for a set of another language has a template that says the set's name
    (``{chance_name}`` / ``{chest_name}``) and no language's own word for a deck, with only its
    sentence's params beside it; the Fools' covers alike."""
    entries = parse_po((LOCALE_DIR / language / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))
    for key, place in DECK_KEYS.items():
        said, natural = entries[AS_PRINTED + key], entries[key]
        params = {name for _, name, _, _ in string.Formatter().parse(natural) if name}
        used = {name for _, name, _, _ in string.Formatter().parse(said) if name}
        assert "{" + place + "}" in said and not OWN_WORDS.search(said), (key, said)
        assert used == params | {place}, (key, said)
    for words in PRINTED_COVER_WORDS.values():
        said = entries[words] or words  # English leaves a plain msgid untranslated
        assert "{" in said and not OWN_WORDS.search(said), (words, said)
