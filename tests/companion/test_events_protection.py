"""Small Gods (ruling 5) and interrupts against events (ruling 6) inside the random events."""
from __future__ import annotations

from typing import Any

import pytest

from companion.morpork.events import InterruptOutcome, event_procedure, offer_removal_interrupt
from companion.core.procedure import Narrator, Outcome, run
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json


def position(areas: dict[str, Any], players: list[dict[str, Any]] | None = None, **extra: Any) -> State:
    doc: dict[str, Any] = {"players": players or [{"color": "red"}, {"color": "blue"}], "areas": areas,
                           "draw_pile": 30, **extra}
    return state_from_json(doc)


def resolve(state: State, event: str, answers: list[Any], ask_interrupts: bool = False) -> Outcome:
    return run(event_procedure, state, {"event": event, "active": state.active_player,
                                        "ask_interrupts": ask_interrupts}, [str(a) for a in answers])


RED_HOLDS_SMALL_GODS = {"small-gods": {"building": "red"}, "the-hippo": {"building": "red", "minions": {"red": 1}}}


# -- Small Gods ---------------------------------------------------------------------------------------

def test_small_gods_paid_saves_the_building() -> None:
    start = position(RED_HOLDS_SMALL_GODS)
    asked = resolve(start, "explosion", [6])
    q = asked.question
    assert q is not None and q.kind == "choice" and q.player == "red" and q.options == ("pay", "decline")
    done = resolve(start, "explosion", [6, "pay"])
    assert done.is_finished
    assert done.state.areas["the-hippo"].building == "red"
    assert done.state.player("red").money == 7 and done.state.bank == start.bank + 3


def test_small_gods_declined_the_building_goes() -> None:
    start = position(RED_HOLDS_SMALL_GODS)
    done = resolve(start, "explosion", [6, "decline"])
    assert done.state.areas["the-hippo"].building is None and done.state.player("red").money == 10


def test_small_gods_is_asked_only_for_the_holders_pieces() -> None:
    start = position({"small-gods": {"building": "red"}, "the-hippo": {"building": "blue"}})
    done = resolve(start, "explosion", [6])
    assert done.is_finished and done.state.areas["the-hippo"].building is None


@pytest.mark.parametrize("why", ["cannot pay", "demon in small gods", "card lost", "gained this turn"])
def test_small_gods_not_asked(why: str) -> None:
    areas = {k: dict(v) for k, v in RED_HOLDS_SMALL_GODS.items()}
    players = [{"color": "red", "money": 2 if why == "cannot pay" else 10}, {"color": "blue"}]
    if why == "demon in small gods":
        areas["small-gods"] = {"building": "red", "demons": 1, "trouble": True}
    lost = ["small-gods"] if why == "card lost" else []
    # "What you cannot do is use the ability on a card in the same turn that you gained it."
    turn = {"cards_gained": ["small-gods"] if why == "gained this turn" else []}
    done = resolve(position(areas, players, lost_area_cards=lost, turn=turn), "explosion", [6])
    assert done.is_finished and done.state.areas["the-hippo"].building is None


def test_small_gods_per_piece_in_the_dragons_lair() -> None:
    # The dragon lands on two red minions and the red building: $3 each, asked piece by piece.
    start = position({"small-gods": {"building": "red"},
                      "the-hippo": {"building": "red", "minions": {"red": 2, "blue": 1}, "trouble": True}},
                     players=[{"color": "red", "money": 7}, {"color": "blue"}])
    done = resolve(start, "the-dragon", [6, "pay", "decline", "pay"])
    assert done.is_finished and done.answers_used == 4
    hippo = done.state.areas["the-hippo"]
    assert hippo.minions == {"red": 1} and hippo.building == "red" and not hippo.trouble
    assert done.state.player("red").money == 1
    # Paying for both minions leaves $1: the building is not asked about and burns.
    broke = resolve(start, "the-dragon", [6, "pay", "pay", "ignored"])
    assert broke.is_finished and broke.answers_used == 3
    assert broke.state.areas["the-hippo"].minions == {"red": 2} and broke.state.areas["the-hippo"].building is None


def test_small_gods_keeps_a_minion_in_a_flooded_area() -> None:
    start = position({"small-gods": {"building": "red"}, "the-shades": {"minions": {"red": 2}, "trouble": True}})
    done = resolve(start, "flood", [7, 3, "pay", "decline", "the-hippo"])
    assert done.is_finished
    assert done.state.areas["the-shades"].minions == {"red": 1}
    assert done.state.areas["the-hippo"].minions == {"red": 1}


def test_small_gods_sets_a_demon_aside() -> None:
    start = position(RED_HOLDS_SMALL_GODS)
    done = resolve(start, "demons-from-the-dungeon-dimensions", [6, "pay", 6, "decline", 3, 3])
    assert done.is_finished
    assert done.state.areas["the-hippo"].demons == 1  # the first was set aside, the second arrived
    assert done.state.areas["dragons-landing"].demons == 2
    assert done.state.demons_in_supply() == 1  # the one set aside is back in the box
    said = [line.text for line in done.narration if line.key.startswith("event.small-gods")]
    assert said == ["red pays $3 to Small Gods to spare their pieces in The Hippo",  # not "… is spared"
                    "red does not pay Small Gods for their pieces in The Hippo"]


def test_small_gods_is_off_once_a_demon_reaches_small_gods() -> None:
    start = position(RED_HOLDS_SMALL_GODS)
    done = resolve(start, "demons-from-the-dungeon-dimensions", [4, "decline", 6, 3, 3])
    assert done.is_finished and done.state.areas["the-hippo"].demons == 1


def test_the_fire_dies_at_a_building_saved_by_small_gods() -> None:
    start = position({"small-gods": {"building": "red"}, "nap-hill": {"building": "red"},
                      "seven-sleepers": {"building": "blue"}})
    done = resolve(start, "fire", [12, "pay", 11])
    assert done.is_finished and done.answers_used == 2
    assert done.state.areas["nap-hill"].building == "red" and done.state.areas["seven-sleepers"].building == "blue"


# -- interrupts ----------------------------------------------------------------------------------------

DRAGON_ON_BLUE = {"the-hippo": {"minions": {"blue": 1}}, "the-shades": {"minions": {"blue": 1}}}


def test_without_ask_interrupts_no_window() -> None:
    done = resolve(position(DRAGON_ON_BLUE), "the-dragon", [6])
    assert done.is_finished and done.state.areas["the-hippo"].minions == {}


def test_susan_keeps_the_minion() -> None:
    start = position(DRAGON_ON_BLUE)
    asked = resolve(start, "the-dragon", [6], ask_interrupts=True)
    q = asked.question
    assert q is not None and q.player == "blue" and q.options == ("none", "susan", "igor", "fresh-start-club")
    done = resolve(start, "the-dragon", [6, "susan"], ask_interrupts=True)
    assert done.is_finished
    assert done.state.areas["the-hippo"].minions == {"blue": 1}
    assert done.state.player("blue").hand == 4 and done.state.discard_pile == ["susan"]


def test_igor_moves_the_minion_by_the_placement_rule() -> None:
    start = position(DRAGON_ON_BLUE, discard_pile=["susan"])
    asked = resolve(start, "the-dragon", [6], ask_interrupts=True)
    assert asked.question is not None and asked.question.options == ("none", "igor", "fresh-start-club")
    where = resolve(start, "the-dragon", [6, "igor"], ask_interrupts=True)
    q = where.question
    # Blue's other minion is in The Shades: The Shades and its neighbours, but not The Hippo itself.
    assert q is not None and q.player == "blue" and q.options == ("the-scours", "the-shades", "dimwell")
    done = resolve(start, "the-dragon", [6, "igor", "dimwell"], ask_interrupts=True)
    assert done.is_finished
    assert done.state.areas["the-hippo"].minions == {} and done.state.areas["dimwell"].minions == {"blue": 1}
    assert done.state.discard_pile == ["susan", "igor"] and done.state.player("blue").hand == 4


def test_no_window_without_a_playable_card() -> None:
    start = position(DRAGON_ON_BLUE, players=[{"color": "red"}, {"color": "blue", "hand": 0}])
    done = resolve(start, "the-dragon", [6], ask_interrupts=True)
    assert done.is_finished
    gone = position(DRAGON_ON_BLUE, discard_pile=["susan", "igor", "fresh-start-club"])
    assert resolve(gone, "the-dragon", [6], ask_interrupts=True).is_finished


def test_murderer_choosing_their_own_minion_gets_no_window_but_a_forced_victim_does() -> None:
    start = position({"the-hippo": {"minions": {"red": 1, "blue": 1}}, "the-shades": {"minions": {"red": 1}}})
    free = resolve(start, "mysterious-murders", [6, "red"], ask_interrupts=True)
    assert free.question is not None and free.question.kind == "roll"  # straight on to blue's roll
    forced = resolve(start, "mysterious-murders", [7], ask_interrupts=True)
    assert forced.question is not None and forced.question.key == "interrupt.event-window"


def test_offer_removal_interrupt_is_reusable_on_its_own() -> None:
    state = position(DRAGON_ON_BLUE)
    narrator = Narrator()
    window = offer_removal_interrupt(state, narrator, "blue", "the-hippo", "blue", ask=True, cause="a card")
    question = next(window)
    assert question.player == "blue" and "a card" in question.text
    where = window.send("fresh-start-club")
    assert where.key == "interrupt.relocate" and "the-hippo" not in where.options
    with pytest.raises(StopIteration) as stop:
        window.send("the-scours")
    outcome = stop.value.value
    assert isinstance(outcome, InterruptOutcome)
    assert (outcome.result, outcome.card, outcome.target) == ("relocated", "fresh-start-club", "the-scours")
    assert outcome.prevented_removal and outcome.minion_left_area
    assert state.areas["the-scours"].minions == {"blue": 1} and state.areas["the-hippo"].minions == {}
    assert state.discard_pile == ["fresh-start-club"]


def test_offer_removal_interrupt_asks_nothing_when_not_asked() -> None:
    state = position(DRAGON_ON_BLUE)
    window = offer_removal_interrupt(state, Narrator(), "blue", "the-hippo", "blue", ask=False)
    with pytest.raises(StopIteration) as stop:
        next(window)
    assert stop.value.value == InterruptOutcome()


def test_a_window_answered_none_removes_as_planned() -> None:
    start = position(DRAGON_ON_BLUE)
    done = resolve(start, "the-dragon", [6, "none"], ask_interrupts=True)
    assert done.is_finished and done.state.areas["the-hippo"].minions == {}
    assert done.state.discard_pile == [] and done.state.player("blue").hand == 5


def test_the_dragon_in_small_gods_with_a_demon_there_asks_nothing() -> None:
    start = position({"small-gods": {"building": "red", "minions": {"red": 1}, "demons": 1, "trouble": True}})
    done = resolve(start, "the-dragon", [4])
    assert done.is_finished and done.state.areas["small-gods"].is_empty
    assert done.state.player("red").money == 10


def test_a_murderer_freely_choosing_their_own_minion_is_not_offered_small_gods() -> None:
    start = position({"small-gods": {"building": "red"}, "the-hippo": {"minions": {"red": 1, "blue": 1}}})
    free = resolve(start, "mysterious-murders", [6, "red"])
    assert free.question is not None and free.question.kind == "roll"
    assert free.state.areas["the-hippo"].minions == {"blue": 1}
    # Blue murdering red's minion: red may pay.
    start_blue = position({"small-gods": {"building": "red"}, "the-hippo": {"minions": {"red": 1, "blue": 1}}},
                          active_player="blue")
    asked = resolve(start_blue, "mysterious-murders", [6, "red"])
    assert asked.question is not None and asked.question.key == "event.small-gods"
    spared = resolve(start_blue, "mysterious-murders", [6, "red", "pay", 3])
    assert spared.is_finished and spared.state.areas["the-hippo"].minions == {"red": 1, "blue": 1}
