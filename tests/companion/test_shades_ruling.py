"""The Shades in the four rulebooks: the German card says "once per turn" and "no trouble marker
there yet"; the English and Italian cards say "at any point in your turn" (and nothing about a marker
already there), the Polish card the same. Read with each book's general rules the game is the same:
every book allows one trouble marker per area, and a City Area card is used once per turn (the
English and Italian "in most cases", with Small Gods the named exception; the Polish "only once").
So the companion plays one ruling in every edition (``FIXED_RULINGS["shades-once"]``), not an
option. These tests hold the ruling to the books' own words and the engine to the ruling."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.errors import RuleViolation
from companion.morpork import actions
from companion.morpork.actions import AREA_POWERS
from companion.morpork.options import EDITIONS, FIXED_RULINGS, OPTIONS
from companion.morpork.state_format import state_from_json

RULES = Path(__file__).resolve().parents[2] / "ui" / "data" / "rules"
"""The app's copies of ``shared/rules/`` (tests/ui/test_rulebook.py holds them equal to the books)."""
INDEX = RULES / "index.json"

BOOKS: dict[str, tuple[str, str, str]] = {
    # edition: (The Shades' card, the general rule on using City Area cards, one marker per area)
    "en": ("The Shades – At any point in your turn you can place one trouble marker in The Shades or an "
           "adjacent area (area must contain at least one minion).",
           "In most cases you can use this ability once per turn",
           "An area can only contain one trouble marker."),
    "de": ("**Die Schatten** – Du darfst einmal pro Zug einen Unruhe-Marker in „Die Schatten“ oder einen "
           "angrenzenden Bezirk legen. Dort muss sich bereits mindestens ein Handlanger befinden, jedoch "
           "kein Unruhe-Marker.",
           "In den meisten Fällen darf dieser Vorteil einmal pro Zug in Anspruch genommen werden.",
           "Jeder Bezirk kann **nur einen** Unruhe-Marker enthalten."),
    "pl": ("Mroki – W dowolnym momencie własnej tury można umieścić znacznik niepokojów w Mrokach albo "
           "dzielnicy z nimi sąsiadującej (dzielnica musi zawierać przynajmniej jeden pionek).",
           "Kartę Dzielnicę można użyć tylko raz podczas tury",
           ""),
    "it": ("The Shades – In un qualsiasi momento durante il tuo turno puoi piazzare un segnalino problema in "
           "The Shades o in un'area adiacente (deve contenere almeno un seguace).",
           "Nella maggior parte dei casi è possibile utilizzare questo potere una volta per turno",
           ""),
}


def book(edition: str) -> str:
    return (RULES / f"ankh-morpork-rules.{edition}.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_book_says_what_the_ruling_rests_on(edition: str) -> None:
    text = book(edition)
    for words in BOOKS[edition]:
        assert words in text, (edition, words)


def test_only_the_german_card_says_once_per_turn_and_no_marker_there() -> None:
    """The editions' words differ (hence a ruling shown in the rulebook popup) ..."""
    assert "einmal pro Zug" in BOOKS["de"][0] and "kein Unruhe-Marker" in BOOKS["de"][0]
    assert "once per turn" not in BOOKS["en"][0].lower() and "At any point in your turn" in BOOKS["en"][0]
    assert "una volta per turno" not in BOOKS["it"][0] and "raz" not in BOOKS["pl"][0].split()


def test_it_is_one_ruling_for_every_edition_not_an_option() -> None:
    """... but the game does not: no rule option, a fixed ruling, and the popup's index names it."""
    assert "shades-once" in FIXED_RULINGS and "shades" not in {o.name for o in OPTIONS}
    index = json.loads(INDEX.read_text(encoding="utf-8"))
    assert set(index["fixed"]) == set(FIXED_RULINGS)
    assert index["rulings"]["area:the-shades"] == ["shades-once"]


def _holder(edition: str) -> actions.State:
    """Red holds The Shades (building and minion there), red to play; yellow has a minion in The
    Hippo and one in Dimwell (both next to The Shades); The Scours already has a trouble marker."""
    return state_from_json({
        "edition": edition,
        "players": [{"color": "red", "money": 10, "hand": 5}, {"color": "yellow", "money": 10}],
        "areas": {"the-shades": {"building": "red", "minions": {"red": 1}},
                  "the-hippo": {"minions": {"yellow": 1}}, "dimwell": {"minions": {"yellow": 1}},
                  "the-scours": {"minions": {"yellow": 1}, "trouble": True}},
        "draw_pile": 30, "active_player": "red"})


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_shades_once_per_turn_and_never_on_a_marker_in_every_edition(edition: str) -> None:
    state = _holder(edition)
    assert state.edition == edition
    targets = AREA_POWERS["the-shades"].targets(state, "red")
    assert "the-scours" not in targets  # "jedoch kein Unruhe-Marker" / one marker per area
    assert {"the-hippo", "dimwell", "the-shades"} <= set(targets)
    with pytest.raises(RuleViolation):
        actions.use_area_power(state, "red", "the-shades", target="the-scours")
    actions.use_area_power(state, "red", "the-shades", target="the-hippo")
    assert state.areas["the-hippo"].trouble
    assert "the-shades" not in actions.usable_area_powers(state, "red")  # "einmal pro Zug"
    with pytest.raises(RuleViolation):
        actions.use_area_power(state, "red", "the-shades", target="dimwell")
    assert not state.areas["dimwell"].trouble
