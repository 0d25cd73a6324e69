"""An option's description on the set-up screen names its choices in the words of their buttons.

The engine's English descriptions of some options are written as "<choice id>: what it means; …"
(``base``: "variant: …; standard: …"). Shown as they are, a player reads "variant:" and "checker:"
above buttons that say "Variant" and "Paper money", and cannot tell which explanation belongs to
which button. So every language's description, where it explains the choices one by one, starts each
explanation with the button's own word; no explanation may start with a bare choice id that is not
also the button's word."""
from __future__ import annotations

import re

import pytest

from companion.core.mode import get_mode, mode_ids
from ui.i18n import LANGUAGES, Translator

LEAD = re.compile(r"(?:^|;\s*)([^:;()]{1,40}):\s")
"""The lead of each explanation: text up to a colon, at the start or after a semicolon."""


def _options() -> list[tuple[str, str, tuple[str, ...], str]]:
    return [(mode_id, option.name, tuple(option.choices), option.description)
            for mode_id in mode_ids() for option in get_mode(mode_id).options]


@pytest.mark.parametrize("language", LANGUAGES)
def test_explained_choices_start_with_their_button_words(language: str) -> None:
    translator = Translator(language)
    checked = 0
    for mode_id, name, choices, english in _options():
        about = translator.option_about(name, english)
        leads = [lead.strip() for lead in LEAD.findall(about)]
        words = {translator.option_choice(name, choice).casefold() for choice in choices}
        for lead in leads:
            if lead.casefold() in {choice.casefold() for choice in choices} | words:
                checked += 1
                assert lead.casefold() in words, (
                    f"{language}: {mode_id} option {name!r} explains {lead!r}, but its buttons say "
                    f"{sorted(translator.option_choice(name, c) for c in choices)}: {about!r}")
    assert checked >= 4, f"{language}: expected the base and bank options to explain their choices"
