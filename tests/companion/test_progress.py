"""The progress the Ankh-Morpork mode publishes: the card on the table with each symbol's status
(and why a skipped one was skipped), the event being resolved with the face rolled for it, whose
roll it is and what for, and which screen shows the question — recorded by the procedures, so a
replay gives the same. Situations from the rulebook: every symbol but the random event is optional
(a symbol may be skipped, and one with nothing to do is passed over); the event must be resolved."""
from __future__ import annotations

from typing import Any

from companion.core.mode import Activity, Progress
from companion.core.procedure import Pending, run
from companion.morpork.game import Game, apply, new_game
from companion.core.inputs import DieRoll
from companion.morpork.mode import MODE
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json
from companion.morpork.turn import turn_procedure

START = ("the-shades", "the-scours", "dolly-sisters")
INTERRUPTS = ["gaspode", "fresh-start-club", "wallace-sonky", "igor", "susan"]


def table(*, trouble: bool = True, event_deck: list[str] | None = None, **areas: Any) -> State:
    doc_areas: dict[str, Any] = {a: {"minions": {"red": 1, "blue": 1, "green": 1}, "trouble": trouble}
                                 for a in START}
    doc_areas.update(areas)
    doc: dict[str, Any] = {
        "players": [{"color": "red", "personality": "vetinari"}, {"color": "blue", "personality": "vimes"},
                    {"color": "green", "personality": "rust"}],
        "areas": doc_areas, "active_player": "red", "draw_pile": 40, "discard_pile": INTERRUPTS,
    }
    if event_deck is not None:
        doc["event_deck"] = event_deck
    return state_from_json(doc)


DEAN_HAS_A_TARGET = {"unreal-estate": {"minions": {"blue": 1}}}
"""A blue minion in Unreal Estate: The Dean's text has something to remove, so it is asked (without
one it is skipped with its reason from rules revision 3, test_texts_without_target)."""


def at(state: State, answers: list[str]) -> tuple[Game, Progress]:
    """The game red's turn stands at after ``answers``, and what the mode publishes there."""
    outcome = run(turn_procedure, state, {}, answers)
    assert outcome.answers_used == len(answers), "every answer was used"
    game = Game(outcome.state, Pending("turn", {}, state, list(answers)), len(answers), outcome.narration, 0,
                outcome.question)
    return game, MODE.progress(game)


def statuses(card: Activity | None) -> list[tuple[str, str, str | None]]:
    assert card is not None
    return [(s.name, s.status, s.why.key if s.why is not None else None) for s in card.steps]


def test_each_symbol_of_a_three_symbol_card_is_to_come_now_then_done_or_skipped() -> None:
    state = table()
    _game, progress = at(state, [])
    assert progress.activities == () and progress.screen == "turn"
    _game, progress = at(state, ["captain-carrot"])
    card = progress.innermost("card")
    assert card is not None and card.id == "captain-carrot" and card.player == "red"
    assert statuses(card) == [("M", "now", None), ("T", "to-come", None), ("$1", "to-come", None)]
    _game, progress = at(state, ["captain-carrot", "dimwell"])
    assert statuses(progress.innermost("card")) == [("M", "done", None), ("T", "now", None), ("$1", "to-come", None)]
    game, progress = at(state, ["captain-carrot", "dimwell", "skip"])
    assert game.question is not None and game.question.key == "symbol.money"
    card = progress.innermost("card")
    assert statuses(card) == [("M", "done", None), ("T", "skipped", "skipped.declined"), ("$1", "now", None)]
    assert card is not None and card.steps[1].why is not None and dict(card.steps[1].why.params) == {"player": "red"}
    # the card leaves the table once its last symbol is taken
    _game, progress = at(state, ["captain-carrot", "dimwell", "skip", "take"])
    assert progress.innermost("card") is None and progress.screen == "turn"


def test_declining_at_the_minion_to_move_skips_the_symbol() -> None:
    # all twelve red minions are out: the symbol starts by asking which one moves (skip is offered there)
    state = table(**{"the-hippo": {"minions": {"red": 9}}})
    game, progress = at(state, ["captain-carrot"])
    assert game.question is not None and game.question.key == "symbol.minion.move-from"
    _game, progress = at(state, ["captain-carrot", "skip"])
    assert statuses(progress.innermost("card"))[0] == ("M", "skipped", "skipped.declined")


def test_a_symbol_with_nothing_to_do_is_passed_over_and_says_why() -> None:
    game, progress = at(table(trouble=False), ["captain-carrot", "dimwell"])
    assert game.question is not None and game.question.key == "symbol.money"  # nothing asked for T
    card = progress.innermost("card")
    assert statuses(card) == [("M", "done", None), ("T", "skipped", "skipped.no-trouble-marker"), ("$1", "now", None)]
    assert card is not None and card.steps[1].why is not None
    assert card.steps[1].why.text == "there is no trouble marker to remove"


def test_the_event_symbol_without_an_event_card_left_is_skipped() -> None:
    game, progress = at(table(event_deck=[], **DEAN_HAS_A_TARGET), ["the-dean"])
    assert game.question is not None and game.question.key == "symbol.scroll"
    assert statuses(progress.innermost("card")) == [("E", "skipped", "skipped.no-event-card"), ("S", "now", None),
                                                    ("P", "to-come", None)]
    assert progress.screen == "turn"


def test_the_event_being_resolved_its_face_and_whose_roll_it_is() -> None:
    state = table(**DEAN_HAS_A_TARGET)
    game, progress = at(state, ["the-dean"])
    assert game.question is not None and game.question.key == "event.draw"
    assert progress.screen == "events" and progress.innermost("event") is None
    assert statuses(progress.innermost("card"))[0] == ("E", "now", None)
    game, progress = at(state, ["the-dean", "fire"])
    event = progress.innermost("event")
    assert event is not None and (event.id, event.player, event.face, event.status) == ("fire", "red", None, "now")
    assert progress.screen == "events"
    assert progress.roll is not None and (progress.roll.player, progress.roll.for_) == ("red", "event.fire")
    # 7 is The Shades: no building there, the fire goes out; the event is over, the card goes on
    game, progress = at(state, ["the-dean", "fire", "7"])
    assert game.question is not None and game.question.key == "symbol.scroll"
    event = progress.innermost("event")
    assert event is not None and (event.id, event.face, event.status) == ("fire", 7, "done")
    assert progress.screen == "turn" and progress.roll is None
    assert statuses(progress.innermost("card"))[:2] == [("E", "done", None), ("S", "now", None)]


def test_a_cards_own_roll_right_after_a_fire_is_the_cards_on_the_turn_screen() -> None:
    """The Dean's fire is over; Here'n'Now, played next, rolls for its text: that roll belongs to the
    card, not to the fire (which is no longer published once the next card is down)."""
    state = table(**DEAN_HAS_A_TARGET)
    before = ["the-dean", "fire", "7", "skip", "here-n-now", "do"]
    game, progress = at(state, before)
    assert game.question is not None and game.question.kind == "roll"
    assert progress.screen == "turn"
    assert progress.innermost("event") is None
    assert progress.roll is not None and (progress.roll.player, progress.roll.for_) == ("red", "card.here-n-now")
    card = progress.innermost("card")
    assert card is not None and card.id == "here-n-now" and card.face is None
    _game, progress = at(state, [*before, "8"])
    card = progress.innermost("card")
    assert card is not None and card.face == 8 and progress.screen == "turn"


def test_cards_played_inside_drumknott_are_published_outermost_first() -> None:
    _game, progress = at(table(), ["drumknott", "do", "captain-carrot"])
    assert [(a.kind, a.id) for a in progress.activities] == [("card", "drumknott"), ("card", "captain-carrot")]
    assert statuses(progress.activities[0]) == [("S", "now", None)]
    assert statuses(progress.innermost("card"))[0] == ("M", "now", None)


def test_set_up_shows_on_the_setup_screen_and_its_roll_picks_the_first_player() -> None:
    game = new_game(["red", "blue"])
    progress = MODE.progress(game)
    assert progress.screen == "setup" and progress.roll is not None
    assert progress.roll.for_ == "setup.first-player" and progress.activities == ()
    game = apply(game, DieRoll(2, "manual"))
    progress = MODE.progress(game)
    assert progress.screen == "setup" and progress.roll is None


def test_the_event_that_ended_with_the_last_answer_is_the_outcome_until_the_next_answer(tmp_path: Any) -> None:
    """The table looks at a fire's result until it goes on: the mode publishes the events screen as
    the ``outcome`` right after the fire's only roll (face 2, Unreal Estate: nothing built there, it
    goes out), also in a game replayed from its journal (a restart), and no more after the next
    answer — though the fire stays the last event (``done``) until the next card is put down."""
    from companion.core.inputs import Answer
    from companion.core.session import Session

    with Session.open(tmp_path / "games.sqlite") as session:
        session.new_game(["red", "yellow", "green"], "en", ["Ann", "Bob", "Cy"])
        session.submit(DieRoll(1, "manual", seq=session.seq))
        for value in ("vetinari", "rust", "vimes", "the-dean", "fire"):
            session.submit(Answer(value, seq=session.seq))
            assert MODE.progress(session.current).outcome == ""
        session.submit(DieRoll(2, "manual", seq=session.seq))
        progress = MODE.progress(session.current)
        assert (progress.screen, progress.outcome) == ("turn", "events")
        event = progress.innermost("event")
        assert event is not None and (event.id, event.face, event.status) == ("fire", 2, "done")
    with Session.open(tmp_path / "games.sqlite") as session:  # the app started again: a replay
        assert MODE.progress(session.current).outcome == "events"
        # nobody is in Unreal Estate at the start: The Dean's text is skipped with its reason (rules
        # revision 3), and the next answer is that no other card is played
        session.submit(Answer("stop", seq=session.seq))
        progress = MODE.progress(session.current)
        assert progress.outcome == ""
        event = progress.innermost("event")
        assert event is not None and event.status == "done"
        session.undo(1)
        assert MODE.progress(session.current).outcome == "events"  # back where the fire had just ended


def test_riots_that_end_the_game_leave_no_outcome_before_the_game_end() -> None:
    """Eight areas in trouble when the riots are drawn: the game ends (rulebook, Riots), and the
    screen is the game's end, not the event's result."""
    troubled = {a: {"trouble": True} for a in ("dragons-landing", "small-gods", "the-hippo", "isle-of-gods",
                                              "seven-sleepers")}
    game, progress = at(table(event_deck=["riots", "fire"], **troubled), ["the-dean", "riots"])
    assert game.is_over and (progress.screen, progress.outcome) == ("gameend", "")
    event = progress.innermost("event")
    assert event is not None and (event.id, event.status) == ("riots", "done")


def test_a_symbol_asked_only_for_the_powers_is_passed_over_when_it_stays_without_an_option() -> None:
    """Rules revision 3 asks a symbol with nothing to do for the City Area powers (one may give it
    an option): Death's second assassination, after the first took the only trouble marker, with
    The Shades in red's hand. Skipped there, or still without a target after the power, the symbol
    is passed over for the reason it was before ("has nobody to assassinate"), not done or declined."""
    state = table(**{"the-shades": {"minions": {"red": 1}, "building": "red"},
                     "the-scours": {"minions": {"red": 1}}, "dolly-sisters": {"minions": {"red": 1}},
                     "the-hippo": {"minions": {"blue": 2}, "trouble": True}})
    game, _progress = at(state, ["death", "the-hippo/blue"])
    assert game.question is not None and list(game.question.options) == ["skip", "power:the-shades"]
    nobody = ("A", "skipped", "skipped.nobody-to-assassinate")
    for answers in (["skip"], ["power:the-shades", "the-shades"]):  # a marker by red's minion alone
        game, progress = at(state, ["death", "the-hippo/blue", *answers])
        assert game.question is not None and game.question.key == "symbol.build"
        assert statuses(progress.innermost("card")) == [("A", "done", None), nobody, ("B", "now", None)], answers
    game, progress = at(state, ["death", "the-hippo/blue", "power:the-shades", "the-hippo", "the-hippo/blue"])
    assert statuses(progress.innermost("card"))[:2] == [("A", "done", None), ("A", "done", None)]


def test_money_from_an_empty_bank_is_skipped_on_the_card_s_checklist_with_why() -> None:
    """Rules revision 4: Gimlet's $3 with the bank empty is passed over unasked; the card's
    checklist says it was skipped because the bank is empty (not "done"), and its minion is now."""
    from tests.companion.test_turn import _gimlets_with_the_bank_empty
    game, progress = at(_gimlets_with_the_bank_empty(4), ["gimlets-dwarf-delicatessen"])
    assert game.question is not None and game.question.key == "symbol.minion"
    card = progress.innermost("card")
    assert statuses(card) == [("$3", "skipped", "money.bank-empty"), ("M", "now", None)]
    game, progress = at(_gimlets_with_the_bank_empty(4, isle_of_gods=True), ["gimlets-dwarf-delicatessen", "skip"])
    assert statuses(progress.innermost("card")) == [("$3", "skipped", "money.bank-empty"), ("M", "now", None)]
