"""Every answer of an Ankh-Morpoly question reads as a word on its button, in every translated
language: a German table saw "leave" under "Nehmen" on the Beggars' tithe, and "arrest", "let-go",
"trade", "pay-fine", "use-card:chest.jail-free" on other buttons, because the label fell back to
the engine's id (or to the id's verb in English: "Trade: Vermont Avenue" at a Polish table). Seeded random games with the variant's powers, Fortuna and ELAM reach those
questions; each option's label is checked against the id it came from."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.cli.simulate_morpoly import MODE, PLAYERS
from companion.morpoly.game import apply
from companion.morpoly.random_play import random_input
from ui.screens.morpoly.common import option_label

OPTION_SETS = ({}, {"fortuna": "on", "elam": "on"}, {"thief-may-pay-instead": "yes"},
               {"edition": "de", "fortuna": "on", "elam": "on"}, {"time-limit-minutes": "60"})
"""The German set has cards the US set lacks (pay a fine or draw a Chance card: "draw" was left as
the id on its button, found by playing in German); a time limit adds "time-up" to every menu (its
button said the id, found at an Italian table of eight)."""


def _unworded(app: Any) -> dict[str, str]:
    """Option id → the question that offered it, for every option whose label is its id."""
    raw: dict[str, str] = {}
    seen = 0
    for seed in range(6):
        for options in OPTION_SETS:
            rng = random.Random(seed)
            game = MODE.new_game(list(PLAYERS[:4]), options, None)
            for _ in range(1500):
                question = game.question
                if question is None:
                    break
                if question.kind != "roll":
                    for value in question.options:
                        seen += 1
                        label = option_label(app, game, value)
                        if not value.isdigit() and label.lower() in (value.lower(), value.replace("-", " ").lower()):
                            raw.setdefault(value, question.key)
                        verb = value.partition(":")[0]
                        if ":" in value and label.startswith(verb.capitalize() + ":"):  # "Trade: Vermont Avenue"
                            raw.setdefault(value, question.key)
                game = apply(game, random_input(game, rng), snapshot=False)
    assert seen > 1000  # the games did ask questions
    return raw


@pytest.mark.parametrize("language", ["de", "pl", "it"])
def test_every_answer_has_a_word(language: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """Labelled by the real app in the table's language (its translator and catalogues)."""
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    app = conftest.start_app(tmp_path / "data", language=language)
    try:
        assert app.translator.language == language
        assert _unworded(app) == {}
    finally:
        conftest.stop_app(app)


@pytest.mark.parametrize(("houses", "labels"), [
    (4, ["Build a hotel on Mediterranean Avenue", "Sell a house on Mediterranean Avenue"]),
    (5, ["Sell the hotel on Mediterranean Avenue"])])
def test_a_deed_button_names_a_hotel_only_where_the_answer_touches_one(houses: int, labels: list[str]) -> None:
    """``hotels`` names a street of four houses for its ``build:`` (a hotel): its ``sell:`` sells one
    of the four houses and says so ("Sell the hotel" there had a player expect the hotel's money)."""
    from types import SimpleNamespace

    from companion.morpoly.game import from_state
    from companion.morpoly.setup import new_state
    from companion.morpoly.state import SquareState
    from ui.i18n import Translator
    state = new_state(["red", "blue"], {"edition": "us", "base": "standard"})
    for square in (1, 3):
        state.squares[square] = SquareState("red", houses, False)
    if houses == 5:
        state.bank.hotels -= 2
    else:
        state.bank.houses -= 2 * houses
    game = from_state(state)
    question = game.question
    assert question is not None and question.key == "morpoly.turn.menu"
    tr = Translator("en")
    app = SimpleNamespace(t=tr.gettext, translator=tr)
    assert [option_label(app, game, value, question) for value in question.options if value.endswith(":1")] == labels


@pytest.mark.parametrize(("language", "menu_word", "done", "party", "what"), [
    ("en", "Houses and mortgages of another player", "Done", "Who builds, sells, mortgages or lifts a mortgage?",
     "build, sell, mortgage or lift a mortgage, then done"),
    ("de", "Häuser und Hypotheken eines Mitspielers", "Fertig",
     "Wer baut, verkauft, nimmt eine Hypothek auf oder löst sie ab?",
     "bauen, verkaufen, Hypotheken aufnehmen oder ablösen, dann fertig"),
    ("pl", "Domy i zastawy innego gracza", "Gotowe", "Kto buduje, sprzedaje, zastawia lub wykupuje z zastawu?",
     "buduj, sprzedawaj, zastawiaj lub wykupuj z zastawu, potem gotowe"),
    ("it", "Case e ipoteche di un altro giocatore", "Fatto", "Chi costruisce, vende, ipoteca o estingue un'ipoteca?",
     "costruisci, vendi, ipoteca o estingui un'ipoteca, poi fatto"),
])
def test_another_party_s_houses_and_mortgages_have_words(language: str, menu_word: str, done: str, party: str,
                                                         what: str) -> None:
    """Rules revision 12's ``others-manage`` on the menu, and the two questions it asks: which party
    (asked of the table, no name in front) and what its boss does (the boss named, the same deed
    buttons as the own menu's, and ``done``)."""
    from types import SimpleNamespace

    from companion.morpoly.game import apply, from_state
    from companion.morpoly.setup import new_state
    from companion.morpoly.state import SquareState
    from companion.core.inputs import Answer
    from ui.i18n import Translator
    state = new_state(["red", "blue", "green"], {"edition": "us", "base": "standard"})
    for square in (37, 39):
        state.squares[square] = SquareState("blue", 0, False)
    state.squares[6] = SquareState("green", 0, False)
    game = from_state(state)
    tr = Translator(language)
    tr.use_players({"red": "Anna", "blue": "Bernd", "green": "Clara"})
    app = SimpleNamespace(t=tr.gettext, translator=tr)
    menu = game.question
    assert menu is not None and option_label(app, game, "others-manage", menu) == menu_word
    game = apply(game, Answer("others-manage"))
    asked = game.question
    assert asked is not None and asked.key == "morpoly.manage.party" and tr.question(asked) == party
    game = apply(game, Answer("blue"))
    asked = game.question
    assert asked is not None and asked.key == "morpoly.manage.what"
    assert tr.question(asked) == f"Bernd: {what}"
    assert option_label(app, game, "done", asked) == done
    assert option_label(app, game, "build:37", asked) == option_label(app, game, "build:37", menu.__class__(
        kind="choice", key="morpoly.turn.menu", text="", player="blue", options=("build:37",))) != "build:37"
