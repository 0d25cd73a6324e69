"""GO as the set on the table prints it, in every language (names on a set are shown as printed on
that set): a German or Polish table playing the US set read "GO" in the log's moves and on the cards
("zieht 5 Felder auf GO", "Advance to GO") but "Los" / "Start" on the board's ring and in the
sentences about GO ("zieht $200 auf Los ein"), two names for one square; an English table with a
German set read "GO" on the ring beside "Los" in the log. The ring, the Wizard's answer and every
sentence that names GO (``{go_name}``) now say the set's name."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.ui.test_ui_morpoly_at_the_table import _feed, _resumed
from ui.i18n import LANGUAGES, LOCALE_DIR, Translator
from ui.i18n_tools import parse_po

NAMES = ["Anna", "Bernd", "Clara"]
ABOUT_GO = ("n:morpoly.go.salary", "n:morpoly.fortuna.earned", "n:morpoly.fortuna.lost",
            "n:morpoly.elam.back-to-go", "roll:luggage:swallows")
"""The sentences that name GO."""
OWN_WORDS = re.compile(r"\b(GO|Los|Start|Starcie|Via)\b")
"""The languages' own words for GO (en, de, pl, it), which named another square than the set's."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_about_go_names_it_as_printed(language: str) -> None:
    entries = parse_po((LOCALE_DIR / language / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))
    for key in ABOUT_GO:
        assert "{go_name}" in entries[key] and not OWN_WORDS.search(entries[key]), (key, entries[key])


@pytest.mark.parametrize(("language", "go", "said"), [
    ("de", "GO", "Anna zieht $200 auf GO ein"), ("de", "Los", "Anna zieht $200 auf Los ein"),
    ("en", "Los", "Anna collects $200 at Los"), ("pl", "GO", "Anna pobiera $200 na polu GO"),
    ("it", "GO", "Anna riscuote $200 alla casella GO"),
])
def test_the_salary_names_the_sets_go(language: str, go: str, said: str) -> None:
    tr = Translator(language)
    tr.use_players({"red": "Anna"})
    tr.use_places({"go_name": go})
    assert tr.keyed("n", "morpoly.go.salary", "red collects $200 at GO", {"party": "red", "amount": "$200"}) == said


@pytest.mark.parametrize(("edition", "language", "printed", "other"), [
    ("us", "de", "GO", "Los"), ("us", "pl", "GO", "Start"), ("de", "en", "Los", "GO"),
])
def test_the_ring_names_go_as_the_set_prints_it(tmp_path: Path, request: Any, edition: str, language: str,
                                                printed: str, other: str) -> None:
    data = tmp_path / "data"
    _feed(data, NAMES, {"edition": edition, "fortuna": "on", "elam": "on"},
          lambda g: g.question is not None and g.question.key == "morpoly.roll.luggage", seed=1)
    with _resumed(request, data, language) as (app, d):
        go = d.screen.cells[0].text
        assert f"[/size] {printed}" in go and other not in go, go
        hint = d.screen.roll_table_label.text  # the Luggage's 7 swallows a member back to GO
        assert printed in hint and not re.search(rf"\b{other}\b", hint), hint
