"""The screens use the words of the table's rulebook. Found by playing in Polish and Italian and
reading the rulebooks beside the screens: the Polish rulebook calls an interrupt card "Reakcja"
(karta reakcji), the screens said "karta przerwania"; a personality card is its "Karta Tożsamości",
the screens said "postać" in the set-up and "osobowość" elsewhere; the Italian one speaks of "aree"
and "carte Area della Città", the screens of "quartieri", and of the "carta Personalità", which the
set-up called "personaggio"."""
from __future__ import annotations

from pathlib import Path

import pytest

from ui.i18n import LOCALE_DIR, Translator
from ui.i18n_tools import parse_po

RULES = Path(__file__).resolve().parents[2] / "ui" / "data" / "rules"
"""The rulebooks the app ships (copies of the reference ones, tests/ui/test_rulebook.py)."""

NOT_THE_RULEBOOK_S = {"pl": ("przerwani", "osobowoś", "postać", "postaci"), "it": ("quartier", "personaggi")}
"""Words a screen used that its language's rulebook never prints."""


@pytest.mark.parametrize("language", sorted(NOT_THE_RULEBOOK_S))
def test_no_screen_uses_a_word_its_rulebook_never_prints(language: str) -> None:
    text = (RULES / f"ankh-morpork-rules.{language}.txt").read_text(encoding="utf-8").lower()
    assert not any(word in text for word in NOT_THE_RULEBOOK_S[language])
    entries = parse_po((LOCALE_DIR / language / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))
    found = {k: v for k, v in entries.items() if any(w in v.lower() for w in NOT_THE_RULEBOOK_S[language])}
    assert not found, found


@pytest.mark.parametrize(("language", "msgid", "word"), [
    ("pl", "q:interrupt.window", "kartę reakcji"),
    ("pl", "q:interrupt.anyone", "kartę reakcji"),
    ("pl", "q:interrupt.event-window", "kartę reakcji"),
    ("pl", "q:setup.personality", "Kartę Tożsamości"),
    ("it", "Areas", "Aree"),
    ("it", "q:setup.personality", "personalità"),
    ("it", "tie-break:card", "carta Area della Città"),
])
def test_the_rulebook_s_word_is_used(language: str, msgid: str, word: str) -> None:
    assert word in Translator(language).gettext(msgid)
    rulebook = (RULES / f"ankh-morpork-rules.{language}.txt").read_text(encoding="utf-8").lower()
    assert word.lower() in rulebook or word.lower().split()[-1] in rulebook
