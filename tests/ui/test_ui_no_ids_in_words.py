"""Players read names, never ids: a whole simulated game (``companion.cli.simulate``'s random table,
with the players' own names) rendered through the app's :class:`ui.i18n.Translator` — every
narration line, question, option and greyed reason — in all four languages, and no string holds an
internal id ("the-shades", "mr-boggis") or a colour word where a player is meant (issue 14, item 2).
The turn screen's status line (why a card's symbol was skipped) is read too; a colour word is looked
for in the table's language and in English (an English fallback would leak "yellow").
"""
from __future__ import annotations

import random
import re

import pytest

from companion.cli.simulate import MAX_STEPS, choose_input, deal, follow_narration
from companion.morpork.board import COLORS
from companion.morpork.game import apply, new_game
from companion.core.mode import DEFAULT_MODE, get_mode
from ui.checklist import played_card, skipped_reasons
from ui.i18n import LANGUAGES, Translator

NAMES = ["Anna", "Bruno", "Celia", "Dmitri"]
ID = re.compile(r"(?<![\w-])[a-z]+(?:-[a-z]+)+(?![\w-])")
COLOUR_WORDS = {
    "en": ("red", "yellow", "green", "blue"),
    "de": ("rot", "gelb", "grün", "blau", "Rot", "Gelb", "Grün", "Blau"),
    "pl": ("czerwony", "żółty", "zielony", "niebieski", "Czerwony", "Żółty", "Zielony", "Niebieski"),
    "it": ("rosso", "giallo", "verde", "blu", "Rosso", "Giallo", "Verde", "Blu"),
}


def _rendered_game(seed: int, players: int) -> dict[str, set[str]]:
    """Every string the table would read in each language during one random game."""
    rng = random.Random(seed)
    colors = list(COLORS[:players])
    table = deal(rng, colors)
    game = new_game(colors, "en", NAMES[:players])
    translators = {lang: Translator(lang) for lang in LANGUAGES}
    for t in translators.values():
        t.use_players({p.color: p.name or p.color for p in game.state.players})
    seen: dict[str, set[str]] = {lang: set() for lang in LANGUAGES}
    shown_lines = 0
    for _step in range(MAX_STEPS):
        q = game.question
        for lang, t in translators.items():
            for line in game.narration[shown_lines:]:
                seen[lang].add(t.narration(line))
            if q is not None:
                english = q.text[len(q.player) + 2:] if q.player and q.text.startswith(q.player + ": ") else q.text
                seen[lang].add(t.keyed("q", q.key, english, dict(q.params)))
                seen[lang].update(t.option(o) for o in q.options[:20])
                seen[lang].update(t.reason(r) for _o, r in q.unavailable)
            card = played_card(get_mode(DEFAULT_MODE).progress(game))  # the turn screen's status: why a symbol was skipped
            if card is not None:
                seen[lang].add(skipped_reasons(card, t.reason))
        shown_lines = len(game.narration)
        if q is None:
            break
        after = apply(game, choose_input(game, table, q))
        follow_narration(after, table, after.narration[len(game.narration):])
        game = after
    return seen


@pytest.mark.parametrize("lang", ["en", "de", "pl", "it"])
@pytest.mark.parametrize("seed,players", [(3, 4), (11, 3), (5, 2)])
def test_no_id_and_no_colour_word_in_a_whole_game(seed: int, players: int, lang: str) -> None:
    seen = {lang: _rendered_game(seed, players)[lang]}
    problems = []
    for lang, texts in seen.items():
        assert len(texts) > 100 and sum(1 for text in texts if NAMES[0] in text) > 10  # names, not nothing
        words = {*COLOUR_WORDS[lang], *COLOUR_WORDS["en"]}  # an English fallback leaks "yellow" too
        colour = re.compile(r"\b(" + "|".join(sorted(words)) + r")\b")
        for text in sorted(texts):
            if ID.search(text) or colour.search(text):
                problems.append(f"{lang}: {text}")
    assert not problems, f"{len(problems)} strings:\n" + "\n".join(problems[:60])
