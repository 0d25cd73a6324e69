"""The journal with the real engine (companion.morpork.game): undo and redo across turns, across a random
event, across barriers with and without confirmation; resume; replay of exported whole games equal
to the live position."""
from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from companion.morpork.game import Game
from companion.core.inputs import Answer, CardScan, DieRoll
from companion.core.journal import BarrierError, Journal
from companion.core.session import GameRules, Session, replay_export
from companion.morpork.state_format import state_to_json


from tests.companion.fixtures.loading import load as _load  # noqa: E402


player = _load("journal_player")


def position(game: Game | None) -> tuple[Any, ...]:
    """Everything a screen shows: the table (with secrets), the question and the log."""
    assert game is not None
    question = game.question
    return (state_to_json(game.state), question.to_json() if question else None,
            [line.text for line in game.narration])


def open_session(path: Path) -> Session[Game]:
    return Session.open(path, GameRules())


def set_up(session: Session[Game], colors: list[str], first_roll: int = 1) -> None:
    session.new_game(colors)
    session.submit(DieRoll(first_roll, "serial"))
    for color, personality in zip(colors, ["vimes", "rust", "vetinari", "selachii"]):
        session.submit(CardScan("personality", personality, "camera", player=color))


def test_the_set_up_roll_and_secret_personalities_are_barriers(tmp_path: Path) -> None:
    session = open_session(tmp_path / "g.sqlite")
    session.new_game(["red", "blue"])
    session.submit(DieRoll(2, "serial"))  # blue plays first
    session.submit(Answer("vimes", player="red"))
    with pytest.raises(BarrierError, match="a revealed answer \\(entry 2\\)"):
        session.undo(1)
    with pytest.raises(BarrierError, match="the die roll 2 \\(entry 1\\)"):
        session.undo(2)
    assert session.seq == 2 and session.game.state.player("red").personality == "vimes"
    session.undo(2, confirm=True)
    assert session.question is not None and session.question.kind == "roll"
    session.submit(DieRoll(1, "manual"))  # the die was misread: it showed 1, red plays first
    assert session.game.state.active_player == "red"
    kinds = [(e.kind, e.barrier) for e in session.journal.entries(1)]
    assert kinds == [("input", True), ("input", True), ("correction", False), ("input", True)]


def test_undo_and_redo_across_turns(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite"
    session = open_session(path)
    set_up(session, ["red", "blue", "green"])
    rng = random.Random(11)
    seen = {session.seq: position(session.game)}
    turn_starts = [session.seq]
    while session.game.state.turn.number < 4:
        turn = session.game.state.turn.number
        assert player.step(session, rng) in ("input", "rejected")
        seen[session.seq] = position(session.game)
        if session.game.state.turn.number != turn:
            turn_starts.append(session.seq)
    end = session.seq
    back = end - turn_starts[0]  # back to the end of the set-up, across three turn changes
    crossed = session.barriers_to_undo(back)
    if crossed:
        with pytest.raises(BarrierError):
            session.undo(back)
        assert session.seq == end
    session.undo(back, confirm=True)
    assert session.game.state.turn.number == 1 and position(session.game) == seen[turn_starts[0]]
    session.redo(back - 1)
    assert position(session.game) == seen[end - 1]
    session.redo(1)
    assert position(session.game) == seen[end]
    session.close()
    assert position(open_session(path).game) == seen[end]


def test_undo_across_a_random_event_needs_confirmation_and_lets_the_real_card_be_entered(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite"
    session = open_session(path)
    set_up(session, ["red", "blue"])
    rng = random.Random(5)
    while session.question is not None and session.question.key != "event.draw":
        player.step(session, rng)
    assert session.question is not None, "the scripted game ended before any event"
    before_event = position(session.game)
    seq_before = session.seq
    deck_before = list(session.game.state.event_deck)
    drawn = deck_before[0]
    session.submit(CardScan("event", drawn, "camera"))
    while session.question is not None and session.game.state.turn.number == before_event[0]["turn"]["number"]:
        player.step(session, rng)
    assert drawn not in session.game.state.event_deck
    after = position(session.game)
    steps = session.seq - seq_before

    crossed = session.barriers_to_undo(steps)
    assert crossed and crossed[-1].data == {"type": "scan", "kind": "event", "card": drawn, "source": "camera"}
    with pytest.raises(BarrierError, match=f"the scanned event '{drawn}'"):
        session.undo(steps)
    assert position(session.game) == after  # nothing changed, nothing written
    session.undo(steps, confirm=True)
    assert position(session.game) == before_event and drawn in session.game.state.event_deck
    other = next(e for e in deck_before if e != drawn)
    session.submit(CardScan("event", other, "camera"))  # the card really drawn was another one
    assert other not in session.game.state.event_deck and drawn in session.game.state.event_deck
    session.close()
    resumed = open_session(path)
    assert position(resumed.game) == position(session.game)


@pytest.mark.parametrize("seed, colors", [(1, ["red", "blue"]), (2, ["red", "blue", "green"]),
                                          (3, ["yellow", "green", "blue", "red"])])
def test_an_exported_whole_game_replays_to_the_live_position(tmp_path: Path, seed: int, colors: list[str]) -> None:
    """Scripted games with undos, redos and corrections, played to the end."""
    session = open_session(tmp_path / "g.sqlite")
    session.new_game(colors)
    session.submit(DieRoll(12, "serial"))
    session.undo(1, confirm=True)  # misread: corrected before the game goes on
    rng = random.Random(seed)
    player.play(session, rng, undo_rate=0.04)
    assert session.question is None, "the scripted game did not finish"
    live = position(session.game)
    lines = list(session.export_lines())
    kinds = {e.kind for e in session.journal.entries(1)}
    assert kinds >= {"input", "correction", "redo"}
    assert position(replay_export(lines, GameRules())) == live
    assert position(replay_export(lines, GameRules())) == live  # the same every time
    [past] = session.history()
    over = session.game.state.game_over
    assert past.result is not None and over is not None and list(past.result.winners) == over.winners
    assert past.result.inputs == session.seq and past.result.turns == session.game.state.turn.number
    other = open_session(tmp_path / "other.sqlite")
    other.import_lines(lines)
    assert position(other.game) == live and other.journal.game(1).status == "finished"


def test_views_of_a_resumed_game_hide_other_players_secrets(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite"
    session = open_session(path)
    set_up(session, ["red", "blue"])
    session.close()
    from companion.morpork.game import view

    game = open_session(path).game
    assert game is not None
    assert [p["personality"] for p in view(game, "blue")["players"]] == [None, "rust"]
    assert [p["personality"] for p in view(game, None)["players"]] == [None, None]


def test_a_journal_written_by_one_session_is_read_by_a_second_while_the_first_is_open(tmp_path: Path) -> None:
    """The app and a `game state` call at the same time: WAL lets readers in while a writer works."""
    path = tmp_path / "g.sqlite"
    writer = open_session(path)
    set_up(writer, ["red", "blue"])
    with Journal(path) as reader:
        assert reader.last_n(1) == 3
    writer.submit(Answer(writer.question.options[0], player="red"))  # type: ignore[union-attr]
    assert position(open_session(path).game) == position(writer.game)


def test_the_session_owns_the_history_and_it_matches_a_fresh_replay(tmp_path: Path) -> None:
    """Issue 11: the app reads ``positions``/``inputs`` from the session, never replays on its own;
    after undos, a correction and a redo they are what a new session replaying the journal builds."""
    path = tmp_path / "games.sqlite"
    with Session.open(path) as session:
        session.new_game(["red", "blue"], "en", ["Ann", "Bob"])
        for inp in (DieRoll(2), Answer("vetinari"), Answer("vimes"), Answer("groat"), Answer("dimwell")):
            session.submit(inp)
        session.undo(1)
        session.submit(Answer("the-shades"))
        session.undo(2)
        session.redo(1)
        session.undo(4, confirm=True)  # past the secret personalities and the roll: a correction
        session.redo(2)
        live = ([state_to_json(g.state) for g in session.positions], session.inputs)
        assert len(session.positions) == len(session.inputs) + 1 == 3
        assert session.positions[-1] is session.game
    with Session.open(path) as again:
        assert ([state_to_json(g.state) for g in again.positions], again.inputs) == live


def test_the_engine_says_when_it_waits_for_another_kind_of_input(tmp_path: Path) -> None:
    """``check_kind`` in the engine is the one place: the session writes nothing, ``game do`` exits 3."""
    from companion.core.errors import WaitingForOther
    from companion.morpork.game import apply, new_game

    game = new_game(["red", "blue"], "en", None)
    with pytest.raises(WaitingForOther, match="waits for a roll") as caught:
        apply(game, Answer("vetinari"))
    assert caught.value.question is game.question
    game = apply(game, DieRoll(2))
    assert game.question is not None and game.question.player == "red"
    with pytest.raises(WaitingForOther, match="waits for 'red'"):
        apply(game, Answer("vetinari", player="blue"))
    with pytest.raises(WaitingForOther, match="not a 'roll' input"):
        apply(game, DieRoll(3))
