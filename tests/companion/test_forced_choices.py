"""Forced choices (rules revision 2): a mandatory choice with a single legal option is taken and
narrated, not asked; optional ones, pay-or-decline and secret questions are still asked, and games
recorded under revision 1 are asked as they were."""
from __future__ import annotations

from companion.core.procedure import Outcome, run
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json
from companion.morpork.turn import turn_procedure


def table(revision: int) -> State:
    """Red to play; blue has one minion left, in The Hippo; green has two areas; no interrupt can
    be held (all four removal interrupts and Wallace Sonky lie on the discard pile)."""
    state = state_from_json({
        "players": [{"color": "red", "personality": "vetinari"}, {"color": "blue", "personality": "vimes"},
                    {"color": "green", "personality": "rust"}],
        "areas": {"the-hippo": {"minions": {"blue": 1, "red": 1}},
                  "the-shades": {"minions": {"green": 1, "red": 1}, "trouble": True},
                  "dolly-sisters": {"minions": {"green": 1}}},
        "active_player": "red", "draw_pile": 40,
        "discard_pile": ["gaspode", "susan", "igor", "fresh-start-club", "wallace-sonky"],
    })
    state.revision = revision
    return state


def play(state: State, answers: list[str]) -> Outcome:
    return run(turn_procedure, state, {}, answers)


def test_the_auditors_take_blues_only_minion_without_asking() -> None:
    progress = play(table(2), ["the-auditors", "do"])
    question = progress.question
    assert question is not None and question.key == "card.remove-own" and question.player == "green"
    assert progress.state.areas["the-hippo"].minion_count("blue") == 0
    forced = [n for n in progress.narration if n.key == "choice.forced"]
    assert [(dict(n.params)["player"], dict(n.params)["option"]) for n in forced] == [("blue", "the-hippo")]
    assert forced[0].area == "the-hippo"


def test_a_real_choice_is_still_asked() -> None:
    progress = play(table(2), ["the-auditors", "do", "the-shades"])
    assert progress.state.areas["the-shades"].minion_count("green") == 0
    assert not [n for n in progress.narration if n.key == "choice.forced" and dict(n.params)["player"] == "green"]


def test_revision_1_asks_the_forced_choice() -> None:
    progress = play(table(1), ["the-auditors", "do"])
    question = progress.question
    assert question is not None and question.key == "card.remove-own" and question.player == "blue"
    assert question.options == ("the-hippo",)
    assert not [n for n in progress.narration if n.key == "choice.forced"]


def test_mr_slant_with_one_troubled_area_takes_it() -> None:
    progress = play(table(2), ["mr-slant", "do"])
    assert progress.state.player("red").money == 10 + 4  # two minions in The Shades
    assert [dict(n.params)["option"] for n in progress.narration if n.key == "choice.forced"] == ["the-shades"]


def test_an_optional_single_option_is_still_asked() -> None:
    """A scroll is optional ("do" or "skip"): never taken for the player."""
    question = play(table(2), ["the-auditors"]).question
    assert question is not None and question.key == "symbol.scroll" and set(question.options) == {"do", "skip"}
