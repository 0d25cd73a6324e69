"""The session over the journal with an injected toy engine: the order submit → durable → applied,
rejections that write nothing, undo/redo and barriers, resume, recovery from a row the engine now
rejects, export and replay. The same things with the real engine are in test_journal_game.py."""
from __future__ import annotations

import gc
import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from companion.core.errors import InputError, RuleViolation
from companion.core.inputs import Answer, CardScan, DieRoll, RandomDraw
from companion.core.journal import BarrierError, Journal, JournalError
from companion.core.session import Session, WaitingForOther, replay_export


from tests.companion.fixtures.loading import load as _load  # noqa: E402


toy = _load("journal_toy")


def open_session(path: Path, length: int = 12, forbidden: str = "c", **kw: Any) -> Session[Any]:
    return Session.open(path, toy.ToyRules(length, forbidden), **kw)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite"


def stored(path: Path, game: int = 1) -> list[tuple[str, dict[str, Any]]]:
    """The entries as another process would read them."""
    with Journal(path) as j:
        return [(e.kind, e.data) for e in j.entries(game)]


def test_an_input_is_durable_when_submit_returns(path: Path) -> None:
    session = open_session(path)
    session.new_game(["red", "blue"])
    step = session.submit(DieRoll(7, "serial"))
    assert stored(path) == [("input", {"type": "roll", "face": 7, "source": "serial"})]
    assert step.entry.n == 1 and step.entry.barrier
    assert [line.text for line in step.narration] == ["step 1: 7"]
    assert session.seq == 1 and session.question is not None and session.question.player == "red"


def test_a_different_kind_of_input_writes_nothing_and_names_the_question(path: Path) -> None:
    session = open_session(path)
    session.new_game(["red", "blue"])
    with pytest.raises(WaitingForOther, match="waits for a roll") as caught:
        session.submit(Answer("a"))
    assert caught.value.question.kind == "roll"
    session.submit(DieRoll(3))
    with pytest.raises(WaitingForOther, match="waits for 'red'"):
        session.submit(Answer("a", player="blue"))
    assert stored(path) == [("input", {"type": "roll", "face": 3, "source": "manual"})]


def test_a_rejected_input_writes_nothing_and_leaves_the_game(path: Path) -> None:
    session = open_session(path)
    session.new_game(["red", "blue"])
    session.submit(DieRoll(3))
    before = session.game
    with pytest.raises(RuleViolation, match="'c' is never allowed"):
        session.submit(Answer("c"))
    with pytest.raises(InputError, match="'q' is not an option"):
        session.submit(Answer("q"))
    assert session.game is before and len(stored(path)) == 1


def test_resume_replays_the_unfinished_game_exactly(path: Path) -> None:
    session = open_session(path)
    session.new_game(["red", "blue"])
    for inp in (DieRoll(3), Answer("a"), Answer("x", player="blue"), RandomDraw("p"), DieRoll(12)):
        session.submit(inp)
    live = session.game
    session.close()
    again = open_session(path)
    assert again.game == live and again.seq == 5 and again.game_id == 1


def test_undo_and_redo_append_and_never_delete(path: Path) -> None:
    session = open_session(path)
    session.new_game(["red", "blue"])
    session.submit(DieRoll(3))
    session.submit(Answer("a"))
    session.submit(Answer("x", player="blue"))  # blue's secret: a barrier
    with pytest.raises(BarrierError, match="a revealed answer \\(entry 3\\)"):
        session.undo(1)
    assert len(stored(path)) == 3
    session.undo(1, confirm=True)
    assert session.game.values == ("3", "a")
    session.undo(1)  # red's open choice: no barrier
    assert session.game.values == ("3",)
    session.redo(2)
    assert session.game.values == ("3", "a", "x")
    assert [kind for kind, _ in stored(path)] == ["input"] * 3 + ["correction", "undo", "redo"]
    session.close()
    assert open_session(path).game.values == ("3", "a", "x")


def test_undo_past_a_die_roll_needs_confirmation_and_is_a_correction(path: Path) -> None:
    """The physical die is the truth: a misread 3 is corrected to 8, but not re-rolled for free."""
    session = open_session(path)
    session.new_game(["red", "blue"])
    session.submit(DieRoll(3, "serial"))
    session.submit(Answer("a"))
    assert [e.n for e in session.barriers_to_undo(2)] == [1]
    with pytest.raises(BarrierError, match="the die roll 3 \\(entry 1\\)"):
        session.undo(2)
    assert session.game.values == ("3", "a") and len(stored(path)) == 2
    step = session.undo(2, confirm=True)
    assert step.entry.kind == "correction" and step.entry.data == {"steps": 2}
    session.submit(DieRoll(8, "manual"))
    assert session.game.values == ("8",)
    with pytest.raises(InputError, match="cannot redo 1 step\\(s\\): only 0 can be"):
        session.redo(1)
    assert [kind for kind, _ in stored(path)] == ["input", "input", "correction", "input"]


def test_last_row_names_the_position_as_the_journal_holds_it_across_a_restart(path: Path) -> None:
    """Every change is a new row (an undo back to a position too), and a resumed session stands
    at the same row: what a screen keys its navigation by (the result the table has left)."""
    session = open_session(path)
    assert session.last_row == 0
    session.new_game(["red", "blue"])
    assert session.last_row == 0
    session.submit(DieRoll(3))
    session.submit(Answer("a"))
    rows = [session.last_row]
    session.undo(1)
    rows.append(session.last_row)
    session.redo(1)
    rows.append(session.last_row)
    assert rows == [2, 3, 4] and session.seq == 2
    with pytest.raises(InputError):
        session.submit(Answer("a"))  # refused: no row
    assert session.last_row == 4
    session.close()
    assert open_session(path).last_row == 4


def test_undo_of_more_steps_than_played_is_refused(path: Path) -> None:
    session = open_session(path)
    session.new_game(["red", "blue"])
    with pytest.raises(InputError, match="cannot undo 1 step\\(s\\): only 0 can be"):
        session.undo(1)
    with pytest.raises(InputError, match="steps >= 1, not 0"):
        session.undo(0)


def test_random_questions_are_drawn_by_the_session_and_journalled_as_facts(path: Path) -> None:
    session = open_session(path, rng=random.Random(4))
    session.new_game(["red", "blue"])
    for inp in (DieRoll(3), Answer("a"), Answer("y", player="blue")):
        session.submit(inp)
    kind, data = stored(path)[-1]
    assert kind == "input" and data["type"] == "random" and data["value"] in ("p", "q")
    assert session.question is not None and session.question.kind == "roll"
    session.close()
    replayed = open_session(path)  # no rng: replay needs no randomness
    assert replayed.game.values[-1] == data["value"]


def test_a_finished_game_goes_to_the_history_and_back_when_its_last_step_is_undone(path: Path) -> None:
    session = open_session(path, length=4)
    session.new_game(["red", "blue"])
    for inp in (DieRoll(3), Answer("a"), Answer("x"), RandomDraw("q")):
        session.submit(inp)
    assert session.question is None
    with pytest.raises(InputError, match="game 1 is over"):
        session.submit(DieRoll(4))
    [past] = session.history()
    assert past.result is not None and past.result.winners == ("red",) and past.result.inputs == 4
    assert past.result.personalities == {"red": "vimes", "blue": None}
    session.undo(1, confirm=True)
    assert session.history() == [] and session.journal.game(1).status == "playing"


def test_several_games_resume_the_newest_unfinished(path: Path) -> None:
    session = open_session(path, length=1)
    session.new_game(["red", "blue"])
    session.submit(DieRoll(1))  # game 1 over
    session.new_game(["green", "yellow"])
    session.submit(DieRoll(2))  # game 2 over
    session.new_game(["red", "green"])  # game 3 unfinished
    session.close()
    again = open_session(path, length=1)
    assert again.game_id == 3 and again.seq == 0
    assert [g.id for g in again.history()] == [2, 1]


def test_a_row_the_engine_now_rejects_is_named_and_the_game_continues_from_before_it(path: Path) -> None:
    session = open_session(path)
    session.new_game(["red", "blue"])
    for inp in (DieRoll(3), Answer("a"), Answer("x"), RandomDraw("p"), DieRoll(4), Answer("b"), Answer("y")):
        session.submit(inp)
    session.close()
    with pytest.raises(JournalError, match="game 1, row 6: the engine rejects this input on replay: 'b'"):
        open_session(path, forbidden="b")
    recovering = open_session(path, forbidden="b", resume=False)
    new_id = recovering.recover()
    assert new_id == 2 and recovering.game.values == ("3", "a", "x", "p", "4")
    broken = recovering.journal.game(1)
    assert broken.status == "broken" and "row 6" in (broken.note or "")
    assert len(stored(path, 1)) == 7  # nothing deleted
    recovering.submit(Answer("a"))
    recovering.close()
    assert open_session(path, forbidden="b").game.values == ("3", "a", "x", "p", "4", "a")


def test_a_resume_leaves_the_garbage_collector_as_it_found_it(path: Path) -> None:
    """The collector is paused while the rows are read and folded, and only then: running after a
    resume, after one refused, and still paused when it was paused before (the caller's choice)."""
    session = open_session(path)
    session.new_game(["red", "blue"])
    for inp in (DieRoll(3), Answer("a"), Answer("x"), RandomDraw("p"), DieRoll(4), Answer("b")):
        session.submit(inp)
    session.close()
    collecting = gc.isenabled()
    try:
        gc.enable()
        open_session(path).close()
        assert gc.isenabled()
        with pytest.raises(JournalError, match="row 6: the engine rejects this input on replay"):
            open_session(path, forbidden="b")
        assert gc.isenabled()
        gc.disable()
        open_session(path).close()
        assert not gc.isenabled()
    finally:
        if collecting:
            gc.enable()


def test_an_exported_game_replays_to_the_live_game_and_imports(path: Path, tmp_path: Path) -> None:
    session = open_session(path)
    session.new_game(["red", "blue"])
    for inp in (DieRoll(3), Answer("a"), Answer("x"), RandomDraw("p"), DieRoll(4)):
        session.submit(inp)
    session.undo(1, confirm=True)
    session.submit(DieRoll(5))
    session.undo(1, confirm=True)
    session.redo(1)
    lines = list(session.export_lines())
    assert replay_export(lines, toy.ToyRules()) == session.game
    other = open_session(tmp_path / "other.sqlite")
    assert other.import_lines(lines) == 1 and other.game == session.game


def test_an_export_with_a_rejected_input_is_named(path: Path) -> None:
    session = open_session(path)
    session.new_game(["red", "blue"])
    for inp in (DieRoll(3), Answer("b")):
        session.submit(inp)
    lines = list(session.export_lines())
    with pytest.raises(JournalError, match="row 2: the engine rejects this input on replay"):
        replay_export(lines, toy.ToyRules(forbidden="b"))


def test_a_bad_setup_writes_no_game(path: Path) -> None:
    session = open_session(path)
    with pytest.raises(RuleViolation, match="two players at least"):
        session.new_game(["red"])
    assert session.games() == [] and session.game is None


def test_rolls_draws_revealed_cards_and_private_answers_are_barriers_open_choices_not(path: Path) -> None:
    session = open_session(path)
    session.new_game(["red", "blue"])
    session.submit(DieRoll(2))
    session.submit(CardScan("area", "a"))  # a card of the open choice: not a barrier
    session.submit(CardScan("personality", "x"))  # a secret: a barrier
    session.submit(RandomDraw("q"))
    session.submit(DieRoll(2))
    session.submit(CardScan("event", "b"))  # an event card drawn: a barrier whatever was asked
    session.submit(Answer("x"))  # a private question: a barrier
    session.submit(RandomDraw("p"))
    session.submit(DieRoll(2))
    session.submit(Answer("b"))  # an open choice
    with Journal(path) as j:
        assert [e.barrier for e in j.entries(1)] == [True, False, True, True, True, True, True, True, True, False]


def test_a_card_drawn_at_random_from_the_discard_pile_is_a_barrier() -> None:
    """History Monks draws four cards at random: the card scanned reveals what chance gave."""
    from companion.core.procedure import Narrator, choice_question
    from companion.core.session import is_barrier
    from companion.morpork.cards.common import TurnContext
    from companion.morpork.cards.hands import history_monks
    from companion.morpork.state_format import state_from_json

    state = state_from_json({"players": [{"color": "red"}, {"color": "blue"}], "areas": {},
                             "discard_pile": ["groat", "modo"]})
    drawn = next(history_monks(state, Narrator(), TurnContext("red", in_play=["history-monks"])))
    played = choice_question("turn.play", "red: play a card", "red", ["groat", "modo"])
    assert drawn.key == "card.history-monks" and drawn.reveals
    assert is_barrier(drawn, CardScan("card", "groat"))
    assert not is_barrier(played, CardScan("card", "groat"))


def test_a_card_fog_turns_over_from_the_draw_pile_is_a_barrier() -> None:
    """Fog discards the top cards of the shuffled draw pile face up: each scan reveals what chance gave,
    whether scanned or picked from the list."""
    from companion.morpork.events import resolve_event
    from companion.core.procedure import Narrator
    from companion.core.session import is_barrier
    from companion.morpork.state_format import state_from_json

    state = state_from_json({"players": [{"color": "red"}, {"color": "blue"}], "areas": {}, "draw_pile": 30})
    fog = next(resolve_event(state, Narrator(), "fog", "red"))
    assert fog.key == "event.fog.card" and fog.reveals
    assert is_barrier(fog, CardScan("card", "groat")) and is_barrier(fog, Answer("groat", player="red"))
