"""Every line of the log (the narration the Journal, the events screen, the set-up screen and
Ankh-Morpoly's board show) starts with a capital, in every language: a line is a sentence.

Found by reading the logs at a Polish and an Italian table: "mgła: odrzucono jeszcze…", "ogień
gaśnie: Mroki", "il fuoco si spegne…", "das Feuer erlischt…", and — from the composition, not the
words — "red draws 1 card" where a player typed no name, "il Bagaglio avanza…" where a template
starts with a value. Two checks: each template of the catalogues (every key, also those no short
game meets), and the lines of whole simulated games of both games (the engine's real parameters,
players with and without typed names) as every language says them."""
from __future__ import annotations

import random
import string
from collections.abc import Iterator

import pytest

from companion.core.procedure import Narration
from ui.i18n import LANGUAGES, Translator, split_forms
from ui.i18n_tools import parse_po
from ui.i18n import LOCALE_DIR

FALLBACK = "\x00"
"""The engine text a test line carries: a line that shows it fell back from its template."""


def _lowercase_start(text: str) -> bool:
    return text[:1].islower()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_narration_template_starts_with_a_capital(language: str) -> None:
    """A template that starts with words starts with a capital, in each of its plural forms; one that
    starts with a value ("{player} draws…") is capitalised as the line is composed (below)."""
    entries = parse_po((LOCALE_DIR / language / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))
    templates = {k: v for k, v in entries.items() if k.startswith("n:") and v}
    assert len(templates) > 150
    wrong = {k: v for k, v in templates.items() if any(_lowercase_start(form) for form in split_forms(v))}
    assert not wrong, wrong


def _morpork_lines(seed: int, players: int) -> Iterator[Narration]:
    """The narration of one whole Discworld: Ankh-Morpork game of the simulator's random legal play."""
    from companion.cli.simulate import choose_input, deal, follow_narration
    from companion.morpork.board import COLORS
    from companion.morpork.game import apply, new_game
    rng = random.Random(seed)
    colors = list(COLORS[:players])
    table = deal(rng, colors)
    game = new_game(colors, "en")
    while game.question is not None:
        after = apply(game, choose_input(game, table, game.question), snapshot=False, replayable=False)
        new = after.narration[len(game.narration):]
        follow_narration(after, table, new)
        yield from new
        game = after


MORPOLY_TABLES: tuple[dict[str, str], ...] = (
    {}, {"fortuna": "on", "npcs-occupy-squares": "yes"}, {"elam": "on", "edition": "de"},
    {"edition": "de-dm", "bank": "checker", "npc-move": "1d6"}, {"base": "standard"})
"""Ankh-Morpoly's sets, banks and optional rules the simulated games are played with."""


def _morpoly_lines(seed: int, players: int, options: dict[str, str]) -> Iterator[Narration]:
    """The narration of one Ankh-Morpoly game of the simulator's random legal play (to turn 150)."""
    from companion.morpoly.game import apply
    from companion.morpoly.mode import MODE
    from companion.morpoly.random_play import PLAYERS, random_input
    rng = random.Random(seed)
    game = MODE.new_game(list(PLAYERS[:players]), options, None)
    while game.question is not None and game.state.turn.number <= 150:
        game = apply(game, random_input(game, rng), snapshot=False, replayable=False)
    yield from game.narration


@pytest.fixture(scope="module")
def played() -> list[Narration]:
    """A few lines of each key (its different parameters) from whole games of both games."""
    kept: dict[str, dict[tuple[tuple[str, str], ...], Narration]] = {}

    def keep(lines: Iterator[Narration]) -> None:
        for line in lines:
            samples = kept.setdefault(line.key, {})
            if len(samples) < 4:
                samples.setdefault(line.params, line)

    for seed in range(4):
        for players in (2, 3, 4):
            keep(_morpork_lines(seed, players))
    for seed in range(3):
        for options in MORPOLY_TABLES:
            keep(_morpoly_lines(seed, 2 + seed % 3, options))
    return [line for samples in kept.values() for line in samples.values()]


def test_the_games_say_enough(played: list[Narration]) -> None:
    """Not vacuous: the games reach events, cards and Ankh-Morpoly's guilds and characters."""
    keys = {line.key for line in played}
    assert len(keys) > 120
    for key in ("turn.start", "cards.draw", "event.drawn", "money.paid", "morpoly.token.moved",
                "morpoly.npc.luggage-moves", "morpoly.fortuna.granted", "morpoly.elam.died"):
        assert key in keys, key


@pytest.mark.parametrize("names", [{}, {"red": "ann", "yellow": "Bob", "green": "cy", "blue": "Dee"}],
                         ids=["colours", "typed-names"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_log_line_of_whole_games_starts_with_a_capital(language: str, names: dict[str, str],
                                                            played: list[Narration]) -> None:
    """Each line as the table reads it: from its template (never the engine's fallback sentence),
    with its real values, starting with a capital even when it starts with a colour or a name typed
    in lower case."""
    tr = Translator(language)
    tr.use_players(names)
    wrong, fallen = [], []
    for line in played:
        said = tr.narration(Narration(line.key, FALLBACK, line.area, line.params))
        if said == FALLBACK:
            fallen.append(line.key)
        elif _lowercase_start(said):
            wrong.append(f"{line.key}: {said}")
    assert not fallen, f"no template, or one its values do not fill: {sorted(set(fallen))}"
    assert not wrong, wrong


@pytest.mark.parametrize(("language", "key", "params", "said"), [
    ("pl", "building.removed", (("player", "red"), ("area", "unreal-estate")), "Budynek gracza Ann w Dzielnicy Magów płonie"),
    ("pl", "piece.removed", (("piece", "yellow"), ("area", "unreal-estate")), "Pionek (Bob) zostaje usunięty z Dzielnicy Magów"),
    ("pl", "building.removed", (("player", "red"), ("area", "the-shades")), "Budynek gracza Ann w dzielnicy Mroki płonie"),
    ("pl", "morpoly.money.paid", (("payer", "red"), ("payee", "yellow"), ("amount", "$25"), ("why", "rent")),
     "Ann płaci graczowi Bob $25"),
    ("pl", "morpoly.deed.cannot-buy", (("token", "red"), ("name", "Park Place")),
     "Ann nie ma dość pieniędzy na Park Place; zostaje w banku"),
    ("pl", "card.played", (("player", "red"), ("card", "the-dean")), "Ann zagrywa kartę The Dean"),
    ("it", "piece.swapped", (("first", "the-hippo/red"), ("second", "dimwell/yellow")),
     "Scambio di posto: The Hippo: Ann ↔ Dimwell: Bob"),
])
def test_composed_lines_read_as_the_table_s_language(language: str, key: str, params: tuple[tuple[str, str], ...],
                                                     said: str) -> None:
    """Found in the Polish and Italian sweep: "w dzielnicy Dzielnica Magów" (the area's name starts
    with the template's word), "Ann nie stać na…" (a name cannot be put in the genitive), "płaci $25
    dla Bob", "Bob zagrywa Sacharissa Cripslock", "I pezzi The Hippo: Ann e Dimwell: Bob si scambiano"."""
    tr = Translator(language)
    tr.use_players({"red": "Ann", "yellow": "Bob"})
    assert tr.narration(Narration(key, FALLBACK, None, params)) == said


def test_no_polish_line_says_an_area_s_word_twice() -> None:
    """Every template that says an area, with every area: never "dzielnicy Dzielnica Magów"."""
    from companion.morpork.board import AREA_BY_ID
    entries = parse_po((LOCALE_DIR / "pl" / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))
    tr = Translator("pl")
    templates = {k[2:]: v for k, v in entries.items() if k.startswith("n:") and "{area}" in v}
    assert len(templates) > 20
    doubled = []
    for key, template in templates.items():
        others = tuple((name, "1") for _, name, _, _ in string.Formatter().parse(template) if name and name != "area")
        for area in AREA_BY_ID:
            said = tr.narration(Narration(key, FALLBACK, area, others))
            assert said != FALLBACK, key
            words = said.lower().replace(",", " ").split()
            if any(a == b or (a[:8] == b[:8] and a.startswith("dzielnic")) for a, b in zip(words, words[1:])):
                doubled.append(said)
    assert not doubled, doubled
