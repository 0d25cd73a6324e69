"""Rules revision 5: a symbol with no legal option (a build, an assassination, a trouble marker's
removal, money from an empty bank) asks its player first only while some usable City Area power can
give it an option (``companion.morpork.cards.symbols.power_can_help``); revision 4 asked whenever any
power was usable — The Shades before a build, which a trouble marker can only hinder — and a game of
revision 4 still does.

Each position is made, red to play with one card: Gargoyles (a scroll that draws, then a build),
Death (two assassinations, then a build), Sergeant Colon (a trouble marker removed, then a minion),
Gimlet's Dwarf Delicatessen ($3, then a minion)."""
from __future__ import annotations

from typing import Any

import pytest

from companion.morpork.revisions import EMPTY_BANK_UNASKED, POWERS_ONLY_WHEN_THEY_HELP
from companion.morpork.state import State
from tests.companion.test_cards_scenarios import play, position
from tests.companion.test_turn import table

QUIET = {a: {"minions": {"red": 1, "blue": 1, "green": 1}} for a in ("dolly-sisters", "the-scours", "the-shades")}
"""The three starting areas without their trouble markers: nobody to assassinate, none to remove."""


def _table(revision: int, areas: dict[str, Any], money: int = 10) -> State:
    state = position(areas=areas, money={"red": money})
    state.revision = revision
    return state


def _asked(state: State, card: str, answers: list[str], key: str) -> list[str] | None:
    """The options of ``key``'s question when ``card`` asks it after ``answers``, or ``None`` when the
    symbol was skipped unasked."""
    progress = play(state, [card, *answers])
    question = progress.question
    return list(question.options) if question is not None and question.key == key else None


def _nap_hill(extra: dict[str, Any]) -> dict[str, Any]:
    """Red's only minion off the starting areas on Nap Hill ($12), alone and quiet: its one place to build."""
    return {"nap-hill": {"minions": {"red": 1}}, **extra}


HIPPO = {"the-hippo": {"building": "red"}}
"""Red holds The Hippo: its power takes $2 from the bank."""
SHADES_POWER = {"the-shades": {"minions": {"red": 1, "blue": 1, "green": 1}, "building": "red"}}
"""Red holds The Shades (no marker there): its power puts a trouble marker in The Shades or next to it."""


@pytest.mark.parametrize("revision", [EMPTY_BANK_UNASKED, POWERS_ONLY_WHEN_THEY_HELP])
def test_a_build_short_of_money_asks_first_for_a_power_that_pays(revision: int) -> None:
    """$10 for Nap Hill's $12: The Hippo's $2 gives the build its area, in either revision."""
    options = _asked(_table(revision, _nap_hill(HIPPO)), "gargoyles", ["do"], "symbol.build")
    assert options == ["skip", "power:the-hippo"]


def test_a_build_the_shades_cannot_help_is_skipped_from_revision_5() -> None:
    """$4, no area affordable: The Shades' marker cannot make one buildable, so revision 5 skips the
    build with its line; revision 4 asked it with "skip" and the power."""
    areas = {**QUIET, **SHADES_POWER, **_nap_hill({})}
    assert _asked(_table(EMPTY_BANK_UNASKED, areas, money=4), "gargoyles", ["do"], "symbol.build") == [
        "skip", "power:the-shades"]
    progress = play(_table(POWERS_ONLY_WHEN_THEY_HELP, areas, money=4), ["gargoyles", "do"])
    assert progress.question is not None and progress.question.key == "turn.end"
    assert [line.key for line in progress.narration if line.key.startswith("symbol.no-option")] == [
        "symbol.no-option.build"]


@pytest.mark.parametrize(("money", "asked"), [(8, True), (7, False)])
def test_isle_of_gods_is_offered_before_a_build_when_its_marker_removed_and_the_price_leave_an_area(
        money: int, asked: bool) -> None:
    """Red's minions are only in the three starting areas, each with a marker: Isle of Gods ($2) takes
    one off, and a $6 area is red's to build in if $6 are left after the price."""
    areas = {"isle-of-gods": {"building": "red"}}
    options = _asked(_table(POWERS_ONLY_WHEN_THEY_HELP, areas, money=money), "gargoyles", ["do"], "symbol.build")
    assert options == (["skip", "power:isle-of-gods"] if asked else None)


@pytest.mark.parametrize(("holds", "asked"), [(SHADES_POWER, True), (HIPPO, False)])
def test_an_assassination_with_nobody_asks_first_only_for_a_power_that_brings_a_marker(
        holds: dict[str, Any], asked: bool) -> None:
    """No marker on the board: The Shades puts one by blue's and green's minions (asked); The Hippo's
    money brings none (revision 5 skips, revision 4 asked)."""
    areas = {**QUIET, **holds}
    power = "power:" + next(iter(holds))
    assert _asked(_table(EMPTY_BANK_UNASKED, areas), "death", [], "symbol.assassinate") == ["skip", power]
    options = _asked(_table(POWERS_ONLY_WHEN_THEY_HELP, areas), "death", [], "symbol.assassinate")
    assert options == (["skip", power] if asked else None)


@pytest.mark.parametrize(("holds", "asked"), [(SHADES_POWER, True), (HIPPO, False)])
def test_a_removal_with_no_marker_asks_first_only_for_a_power_that_brings_one(holds: dict[str, Any],
                                                                             asked: bool) -> None:
    areas = {**QUIET, **holds}
    power = "power:" + next(iter(holds))
    assert _asked(_table(EMPTY_BANK_UNASKED, areas), "sergeant-colon", [], "symbol.trouble") == ["skip", power]
    options = _asked(_table(POWERS_ONLY_WHEN_THEY_HELP, areas), "sergeant-colon", [], "symbol.trouble")
    assert options == (["skip", power] if asked else None)


@pytest.mark.parametrize(("area", "asked"), [("isle-of-gods", True), ("the-hippo", False)])
def test_money_from_an_empty_bank_asks_first_only_for_a_power_whose_price_refills_it(area: str,
                                                                                    asked: bool) -> None:
    """Isle of Gods' $2 goes to the bank (asked); The Hippo takes from it (revision 5 skips)."""
    for revision in (EMPTY_BANK_UNASKED, POWERS_ONLY_WHEN_THEY_HELP):
        state = table(areas={area: {"minions": {"red": 1}, "building": "red"}}, red={"money": 100})
        state.revision = revision
        assert state.bank == 0
        options = _asked(state, "gimlets-dwarf-delicatessen", [], "symbol.money")
        expected = asked or revision == EMPTY_BANK_UNASKED
        assert options == (["skip", f"power:{area}"] if expected else None), (revision, options)
