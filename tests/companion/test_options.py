"""The rule options of Ankh-Morpork, in one place (``companion.morpork.options``): the edition sets
the rulings of its rulebook (``shared/rules/README.md``), an explicit option overrides one, and the
engine plays by the rulings it reads from the state, never by asking which edition it is."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core.errors import InputError, StateFormatError
from companion.core.inputs import DieRoll
from companion.core.mode import Option, get_mode, resolve_options
from companion.morpork import scoring
from companion.morpork.game import apply, new_game
from companion.morpork.options import EDITION_RULINGS, EDITIONS, OPTIONS, Rulings
from companion.morpork.state_format import state_from_json, state_to_json

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("edition", "rulings"), [
    ("en", Rulings(120, "cost", "card", "die")),
    ("de", Rulings(120, "cost", "control", "highest-roll")),
    ("pl", Rulings(130, "double", "card", "die")),
    ("it", Rulings(120, "cost", "card", "die")),  # the 70 x $5 in the Italian box is a misprint
])
def test_each_edition_sets_the_rulings_of_its_rulebook(edition: str, rulings: Rulings) -> None:
    assert EDITION_RULINGS[edition] == rulings == Rulings.from_options({"edition": edition})


def test_an_explicit_option_overrides_its_editions_ruling_and_resolving_twice_changes_nothing() -> None:
    resolved = resolve_options(OPTIONS, {"edition": "de", "tie-break": "card"})
    assert resolved == {"edition": "de", "bank": "120", "building-points": "cost", "tie-break": "card",
                        "first-player": "highest-roll"}
    assert resolve_options(OPTIONS, resolved) == resolved


def test_the_mode_offers_every_option_with_a_default_choices_and_a_description() -> None:
    mode = get_mode("ankh-morpork")
    assert mode.options == OPTIONS and [o.name for o in OPTIONS][0] == "edition"
    assert all(o.description and o.default in o.choices for o in OPTIONS)
    assert OPTIONS[0].choices == EDITIONS
    tie_break = next(o for o in OPTIONS if o.name == "tie-break").to_json()
    assert tie_break["follows"] == "edition" and tie_break["defaults"] == {"de": "control"}


@pytest.mark.parametrize(("given", "message"), [
    ({"edition": "fr"}, "unknown edition 'fr'; option 'edition' is one of en, de, pl, it"),
    ({"bank": "125"}, "unknown bank '125'"),
    ({"fog": "hidden"}, "unknown option 'fog'"),
])
def test_an_unknown_option_or_value_is_named(given: dict[str, str], message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        Rulings.from_options(given)


def test_an_option_that_follows_one_declared_after_it_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="follows 'b'"):
        resolve_options((Option("a", "x", ("x", "y"), "a", follows="b", defaults=(("1", "y"),)),
                         Option("b", "1", ("1",), "b")), {})
    with pytest.raises(ValueError, match="not one of"):
        Option("a", "x", ("x",), "a", follows="b", defaults=(("1", "z"),))


# -- the engine reads the rulings ------------------------------------------------------------------

def test_the_first_player_ruling_decides_the_set_up_whatever_the_edition() -> None:
    german_with_the_die = new_game(["red", "blue", "green"], "de", options={"first-player": "die"})
    assert german_with_the_die.question is not None and german_with_the_die.question.key == "setup.roll-first"
    assert apply(german_with_the_die, DieRoll(2)).state.active_player == "blue"
    english_highest = new_game(["red", "blue"], "en", options={"first-player": "highest-roll"})
    assert english_highest.question is not None and english_highest.question.key == "setup.roll-each"
    assert english_highest.question.player == "red"


def test_the_bank_ruling_sets_the_money_in_the_box() -> None:
    game = new_game(["red", "blue"], "en", options={"bank": "130"})
    assert game.state.bank == 130 - 20 and game.state.bank_total == 130
    assert new_game(["red", "blue"], "pl", options={"bank": "120"}).state.bank_total == 120


def _tie(rulings: dict[str, str], edition: str = "en") -> scoring.FinalScore:
    """Red holds the Small Gods card ($18), yellow controls Small Gods; they tie on 18 points."""
    doc = {"edition": edition, "options": rulings, "players": [
        {"color": "red", "money": 0}, {"color": "yellow", "money": 2 if rulings.get("building-points") != "double"
                                       else 14}, {"color": "green", "money": 0}],
        "areas": {"small-gods": {"building": "red", "minions": {"yellow": 2}}, "dimwell": {"building": "yellow"}}}
    return scoring.final_score(state_from_json(doc))


def test_the_tie_break_and_building_points_rulings_are_read_from_the_state() -> None:
    assert _tie({}).winners == ["red"]
    controlled = _tie({"tie-break": "control"})
    assert (controlled.tie_break, controlled.winners) == ("control", ["yellow"])
    german_by_card = _tie({"tie-break": "card"}, "de")
    assert (german_by_card.tie_break, german_by_card.winners) == ("card", ["red"])
    doubled = _tie({"building-points": "double"})
    assert doubled.points["red"] == doubled.points["yellow"] == 36


def test_no_engine_module_asks_which_edition_is_on_the_table() -> None:
    """The rulings are the only way an edition changes play: no ``edition ==`` checks, no tables
    keyed by edition outside ``options.py`` (only its ``EDITION_RULINGS`` is looked up)."""
    offenders = []
    for path in sorted((ROOT / "companion" / "morpork").rglob("*.py")):
        if path.name == "options.py":
            continue
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(r"edition\s*(==|!=|in\s*\()|(?<!EDITION_RULINGS)\[\s*\w*\.?edition\s*\]", line):
                offenders.append(f"{path.relative_to(ROOT)}:{lineno}: {line.strip()}")
    assert offenders == []


# -- the state format ---------------------------------------------------------------------------------

def test_options_are_written_only_where_they_differ_from_the_editions_and_read_back() -> None:
    plain = new_game(["red", "blue"], "de").state
    assert "options" not in state_to_json(plain)
    state = new_game(["red", "blue"], "de", options={"tie-break": "card"}).state
    doc = state_to_json(state)
    assert doc["options"] == {"bank": "120", "building-points": "cost", "tie-break": "card",
                              "first-player": "highest-roll"}
    assert state_from_json(doc) == state and state_to_json(state_from_json(doc)) == doc
    # naming the edition's own rulings is the same position as naming none
    assert state_from_json({**state_to_json(plain), "options": {"tie-break": "control"}}) == plain


def test_what_game_state_prints_reads_back_as_a_position() -> None:
    doc = {**state_to_json(new_game(["red", "blue"], "pl").state), "mode": "ankh-morpork", "revision": 1,
           "options": {"edition": "pl", "bank": "130", "building-points": "double", "tie-break": "card",
                       "first-player": "die"}}
    assert state_from_json(doc) == new_game(["red", "blue"], "pl").state


@pytest.mark.parametrize(("changes", "field"), [
    ({"options": {"tie-break": "coin"}}, "options"),
    ({"options": {"edition": "de"}}, "options.edition"),
    ({"options": {"bank": 130}}, "options.bank"),
    ({"options": ["bank"]}, "options"),
    ({"mode": "ankh-morpoly"}, "mode"),
    ({"revision": 0}, "revision"),
    ({"options": {"bank": "130"}, "bank": 100}, "bank"),  # $130 in the box: 100 + 20 is not all of it
])
def test_a_bad_option_in_a_position_names_its_field(changes: dict[str, object], field: str) -> None:
    doc = {"edition": "en", "players": [{"color": "red"}, {"color": "blue"}], **changes}
    with pytest.raises(StateFormatError) as caught:
        state_from_json(doc)
    assert caught.value.field == field
