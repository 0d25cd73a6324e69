"""Each interrupt card against the effect it stops (FAQ: one interrupt, one effect; Wallace Sonky
cancels text, never symbols)."""
from __future__ import annotations

from typing import Any

from companion.core.procedure import Outcome, run
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json
from companion.morpork.turn import turn_procedure

START = ("the-shades", "the-scours", "dolly-sisters")


def table(discard: list[str] | None = None, areas: dict[str, Any] | None = None, blue_hand: int = 5,
          revision: int = 2) -> State:
    """Red to play, blue and green beside; ``discard`` says which interrupts are certainly not in a hand.
    ``revision``: the rules revision the game is played by (1: each opponent asked in turn)."""
    doc_areas: dict[str, Any] = {a: {"minions": {"red": 1, "blue": 1, "green": 1}, "trouble": True} for a in START}
    doc_areas.update(areas or {})
    state = state_from_json({
        "players": [{"color": "red", "personality": "vetinari"}, {"color": "blue", "hand": blue_hand,
                                                                   "personality": "vimes"},
                    {"color": "green", "personality": "rust"}],
        "areas": doc_areas, "active_player": "red", "draw_pile": 40, "discard_pile": discard or [],
    })
    state.revision = revision
    return state


def play(state: State, answers: list[str]) -> Outcome:
    return run(turn_procedure, state, {}, answers)


def test_assassination_opens_a_window_without_wallace_sonky() -> None:
    question = play(table(), ["dr-cruces", "the-shades/blue"]).question
    assert question is not None and question.key == "interrupt.window" and question.player == "blue"
    assert set(question.options) == {"none", "gaspode", "susan", "igor", "fresh-start-club"}


def test_gaspode_stops_an_assassination() -> None:
    progress = play(table(), ["dr-cruces", "the-shades/blue", "gaspode"])
    state = progress.state
    assert state.areas["the-shades"].minion_count("blue") == 1
    assert state.areas["the-shades"].trouble  # nothing left the area
    assert "gaspode" in state.discard_pile and state.player("blue").hand == 4
    assert progress.question is not None and progress.question.key == "symbol.money"


def test_susan_stops_an_assassination() -> None:
    state = play(table(), ["dr-cruces", "the-shades/blue", "susan"]).state
    assert state.areas["the-shades"].minion_count("blue") == 1 and "susan" in state.discard_pile


def test_igor_puts_the_assassinated_minion_elsewhere() -> None:
    progress = play(table(), ["dr-cruces", "the-shades/blue", "igor"])
    assert progress.question is not None and progress.question.key == "interrupt.relocate"
    assert "the-shades" not in progress.question.options
    state = play(table(), ["dr-cruces", "the-shades/blue", "igor", "the-hippo"]).state
    assert state.areas["the-shades"].minion_count("blue") == 0
    assert state.areas["the-hippo"].minion_count("blue") == 1
    assert not state.areas["the-shades"].trouble


def test_fresh_start_club_puts_the_minion_elsewhere() -> None:
    state = play(table(), ["dr-cruces", "the-scours/blue", "fresh-start-club", "dimwell"]).state
    assert state.areas["dimwell"].minion_count("blue") == 1
    assert state.areas["the-scours"].minion_count("blue") == 0 and "fresh-start-club" in state.discard_pile


def test_death_one_interrupt_protects_against_one_assassination_only() -> None:
    """FAQ: Gaspode blocks the first attempt; the second skull may remove the same minion."""
    answers = ["death", "the-shades/blue", "gaspode", "the-shades/blue"]
    question = play(table(), answers).question
    assert question is not None and question.key == "interrupt.window" and question.player == "blue"
    assert "gaspode" not in question.options  # it is on the discard pile now
    state = play(table(), [*answers, "none"]).state
    assert state.areas["the-shades"].minion_count("blue") == 0


def test_death_second_interrupt_stops_the_second_assassination() -> None:
    state = play(table(), ["death", "the-shades/blue", "gaspode", "the-shades/blue", "susan"]).state
    assert state.areas["the-shades"].minion_count("blue") == 1
    assert {"gaspode", "susan"} <= set(state.discard_pile) and state.player("blue").hand == 3


def test_no_window_when_the_victim_holds_no_card() -> None:
    question = play(table(blue_hand=0), ["dr-cruces", "the-shades/blue"]).question
    assert question is not None and question.key == "symbol.money"


def test_no_window_for_trolls_or_own_minions() -> None:
    areas = {"the-hippo": {"minions": {"red": 2}, "trolls": 1, "trouble": True}}
    question = play(table(areas=areas), ["dr-cruces", "the-hippo/troll"]).question
    assert question is not None and question.key == "symbol.money"


def test_wallace_sonky_cancels_carcer_for_its_player() -> None:
    answers = ["carcer", "do", "7", "the-shades/blue"]
    question = play(table(), answers).question
    assert question is not None and "wallace-sonky" in question.options
    progress = play(table(), [*answers, "wallace-sonky", "7"])
    assert progress.state.areas["the-shades"].minion_count("blue") == 1
    # The second roll hits The Shades again: the cancelled card cannot be turned on blue again.
    question = progress.question
    assert question is not None and question.key == "card.carcer-remove"
    assert "the-shades/blue" not in question.options and "the-shades/green" in question.options


def test_wallace_sonky_is_not_offered_against_an_assassination_symbol() -> None:
    question = play(table(), ["death", "the-shades/blue"]).question
    assert question is not None and "wallace-sonky" not in question.options


def test_wallace_sonky_against_the_thieves_guild_protects_only_its_player() -> None:
    progress = play(table(), ["the-thieves-guild", "do", "blue:wallace-sonky", "skip"])
    state = progress.state
    assert state.player("blue").money == 10 and state.player("green").money == 8
    assert state.player("red").money == 12


def test_revision_1_asks_each_opponent_in_turn_against_the_thieves_guild() -> None:
    """Games recorded under revision 1 keep their per-opponent prompts."""
    question = play(table(revision=1), ["the-thieves-guild", "do"]).question
    assert question is not None and question.key == "interrupt.window" and question.player == "blue"
    assert play(table(revision=1), ["the-thieves-guild", "do", "none"]).question.player == "green"  # type: ignore[union-attr]
    progress = play(table(revision=1), ["the-thieves-guild", "do", "wallace-sonky", "skip"])
    state = progress.state
    assert state.player("blue").money == 10 and state.player("green").money == 8
    assert state.player("red").money == 12


def test_wallace_sonky_against_the_fire_brigade() -> None:
    areas = {"the-hippo": {"minions": {"blue": 1}, "building": "blue"}}
    progress = play(table(areas=areas), ["the-fire-brigade", "do", "blue", "wallace-sonky"])
    assert progress.state.areas["the-hippo"].building == "blue"
    assert progress.question is not None and progress.question.key == "turn.play-another"


def test_wallace_sonky_against_dr_whiteface() -> None:
    progress = play(table(), ["dr-whiteface", "do", "blue", "wallace-sonky", "skip"])
    assert progress.state.player("blue").stuck_cards == []
    assert "dr-whiteface" in progress.state.discard_pile


def test_gaspode_stops_a_move_by_a_card_text() -> None:
    answers = ["the-duckman", "do", "the-shades/blue", "the-hippo"]
    question = play(table(), answers).question
    assert question is not None and set(question.options) == {"none", "gaspode", "wallace-sonky"}
    state = play(table(), [*answers, "gaspode"]).state
    assert state.areas["the-shades"].minion_count("blue") == 1 and state.areas["the-hippo"].minion_count("blue") == 0


def test_igor_against_the_auditors_removal() -> None:
    answers = ["the-auditors", "do", "none", "the-shades", "igor", "the-hippo"]
    progress = play(table(), answers)
    assert progress.state.areas["the-hippo"].minion_count("blue") == 1
    assert progress.question is not None and progress.question.key == "card.remove-own"
    assert progress.question.player == "green"  # green passed the one window: not asked again


def test_revision_1_igor_against_the_auditors_removal() -> None:
    answers = ["the-auditors", "do", "none", "the-shades", "igor", "the-hippo"]
    progress = play(table(revision=1), answers)
    assert progress.state.areas["the-hippo"].minion_count("blue") == 1
    assert progress.question is not None and progress.question.key == "interrupt.window"
    assert progress.question.player == "green"


def test_doctor_mossy_lawn_ends_the_turn_and_returns_the_previous_card() -> None:
    progress = play(table(discard=["gaspode"]), ["groat", "the-hippo", "doctor-mossy-lawn"])
    assert progress.question is None  # the turn ended (and the hand was refilled)
    state = progress.state
    assert "groat" not in state.discard_pile and "doctor-mossy-lawn" in state.discard_pile
    assert state.areas["the-hippo"].minion_count("red") == 1
    assert state.player("red").hand == 5 and state.draw_pile == 39  # 5 - groat - lawn + groat back = 4, +1
    assert state.active_player == "blue"


def test_doctor_mossy_lawn_in_a_chain_stops_the_chain() -> None:
    progress = play(table(), ["pink-pussycat-club", "take", "doctor-mossy-lawn"])
    assert progress.question is None
    assert "pink-pussycat-club" not in progress.state.discard_pile
    assert progress.state.player("red").money == 13


def test_doctor_mossy_lawn_not_offered_before_any_card() -> None:
    question = play(table(), []).question
    assert question is not None and "doctor-mossy-lawn" not in question.options


def test_interrupt_windows_in_random_events_during_a_turn() -> None:
    """The Dragon drawn with Rincewind's event symbol: blue may answer with Susan (events' window)."""
    answers = ["rincewind", "the-dragon", "7"]
    question = play(table(), answers).question
    assert question is not None and question.player in ("blue", "green", "red")
    assert "susan" in question.options


def test_wallace_sonky_against_cosmo_lavish_cancels_payment_and_removal() -> None:
    progress = play(table(), ["cosmo-lavish", "do", "blue", "wallace-sonky"])
    state = progress.state
    assert state.player("red").money == 10 and state.player("blue").money == 10
    assert all(state.areas[a].minion_count("green") == 1 for a in START)
    assert progress.question is not None and progress.question.key == "turn.play-another"


def test_doctor_mossy_lawn_inside_drumknott_returns_drumknott_the_card_played_just_before() -> None:
    """Ruling 8: the card played just before Mossy Lawn goes back to the hand. Played while
    Drumknott asks for its two cards, that card is Drumknott (still on the table), not the card
    finished before it."""
    progress = play(table(discard=["gaspode"]), ["pink-pussycat-club", "take", "drumknott", "do",
                                                 "doctor-mossy-lawn"])
    assert progress.question is None
    state = progress.state
    assert "drumknott" not in state.discard_pile and "pink-pussycat-club" in state.discard_pile
    assert "doctor-mossy-lawn" in state.discard_pile
    returned = [dict(line.params)["card"] for line in progress.narration if line.key == "cards.return"]
    assert returned == ["drumknott"]
    # 5 - pink - drumknott - lawn + drumknott back = 3, refilled to 5 from the draw pile
    assert state.player("red").hand == 5 and state.draw_pile == 38


def test_doctor_mossy_lawn_as_drumknotts_first_card_returns_drumknott() -> None:
    question = play(table(discard=["gaspode"]), ["drumknott", "do"]).question
    assert question is not None and question.key == "card.play-more" and "doctor-mossy-lawn" in question.options
    progress = play(table(discard=["gaspode"]), ["drumknott", "do", "doctor-mossy-lawn"])
    assert "drumknott" not in progress.state.discard_pile and progress.state.draw_pile == 39


# -- one window for several opponents (rules revision 2) -----------------------------------------

def four(revision: int = 2, discard: list[str] | None = None, hands: dict[str, int] | None = None) -> State:
    """Red to play against three opponents: blue, green and yellow."""
    colours = ("red", "blue", "green", "yellow")
    personalities = ("vetinari", "vimes", "rust", "selachii")
    state = state_from_json({
        "players": [{"color": c, "personality": p, "hand": (hands or {}).get(c, 5)} for c, p in zip(colours, personalities)],
        "areas": {a: {"minions": {c: 1 for c in colours}, "trouble": True} for a in START},
        "active_player": "red", "draw_pile": 30, "discard_pile": discard or [],
    })
    state.revision = revision
    return state


def test_three_opponents_get_one_window_for_a_text() -> None:
    question = play(four(), ["mr-boggis", "do"]).question
    assert question is not None and question.key == "interrupt.anyone" and question.player is None
    assert question.options == ("none", "blue:wallace-sonky", "green:wallace-sonky", "yellow:wallace-sonky")
    assert dict(question.params)["players"] == "blue,green,yellow"


def test_all_three_opponents_pass_with_one_answer() -> None:
    progress = play(four(), ["mr-boggis", "do", "none"])
    state = progress.state
    assert [state.player(c).money for c in ("red", "blue", "green", "yellow")] == [16, 8, 8, 8]
    assert progress.question is not None and progress.question.key != "interrupt.window"


def test_revision_1_asks_the_three_opponents_one_after_another() -> None:
    answers = ["mr-boggis", "do"]
    for colour in ("blue", "green", "yellow"):
        question = play(four(revision=1), answers).question
        assert question is not None and question.key == "interrupt.window" and question.player == colour
        answers.append("none")
    assert [play(four(revision=1), answers).state.player(c).money for c in ("red", "blue")] == [16, 8]


def test_one_holder_answers_the_window_for_themselves_only() -> None:
    """Wallace Sonky protects only its holder; the card exists once, so nobody else is asked."""
    progress = play(four(), ["mr-boggis", "do", "green:wallace-sonky"])
    state = progress.state
    assert [state.player(c).money for c in ("red", "blue", "green", "yellow")] == [14, 8, 10, 8]
    assert "wallace-sonky" in state.discard_pile and state.player("green").hand == 4
    assert progress.question is not None and progress.question.key not in ("interrupt.anyone", "interrupt.window")


def test_an_opponent_with_no_free_card_is_not_offered() -> None:
    question = play(four(hands={"green": 0}), ["mr-boggis", "do"]).question
    assert question is not None and question.options == ("none", "blue:wallace-sonky", "yellow:wallace-sonky")


def test_no_window_when_wallace_sonky_is_on_the_discard_pile() -> None:
    progress = play(four(discard=["wallace-sonky"]), ["mr-boggis", "do"])
    assert progress.question is not None and progress.question.key != "interrupt.anyone"
    assert progress.state.player("red").money == 16


def test_two_holders_in_the_bursars_window_one_interrupt_stops_the_swap() -> None:
    """The Bursar's swap moves two players' minions: one window offers both owners Gaspode and
    Wallace Sonky; one interrupt stops the whole swap (one interrupt, one effect)."""
    answers = ["the-bursar", "the-dragon", "12", "do", "the-shades/blue", "the-scours/green"]  # the dragon hits 12
    question = play(four(), answers).question
    assert question is not None and question.key == "interrupt.anyone"
    assert set(question.options) == {"none", "blue:gaspode", "blue:wallace-sonky", "green:gaspode",
                                     "green:wallace-sonky"}
    stopped = play(four(), [*answers, "green:gaspode"]).state
    assert stopped.areas["the-shades"].minion_count("blue") == 1
    assert stopped.areas["the-scours"].minion_count("green") == 1 and "gaspode" in stopped.discard_pile
    swapped = play(four(), [*answers, "none"]).state
    assert swapped.areas["the-shades"].minion_count("green") == 2
    assert swapped.areas["the-scours"].minion_count("blue") == 2


def test_two_holders_in_the_auditors_window_each_keeps_their_own() -> None:
    """The Auditors: blue cancels the text with Wallace Sonky; the others pass in the same window
    and each removes a minion; Igor still answers green's removal (one interrupt, one effect)."""
    answers = ["the-auditors", "do", "blue:wallace-sonky"]
    question = play(four(), answers).question
    assert question is not None and question.key == "card.remove-own" and question.player == "green"
    progress = play(four(), [*answers, "the-shades"])
    assert progress.question is not None and progress.question.key == "interrupt.window"
    assert progress.question.player == "green" and "wallace-sonky" not in progress.question.options
    state = play(four(), [*answers, "the-shades", "igor", "the-hippo"]).state
    assert state.areas["the-hippo"].minion_count("green") == 1
    assert state.areas["the-shades"].minion_count("blue") == 1


def test_a_wrong_player_card_pair_is_not_an_answer() -> None:
    import pytest

    from companion.core.errors import InputError

    with pytest.raises(InputError, match="not an option"):
        play(four(), ["mr-boggis", "do", "red:wallace-sonky"])
