"""The session's history keeps a snapshot every few inputs, not every position, and shares the
narration between positions — yet every position it gives back is exactly the one a plain fold
(``apply`` after ``apply``, each game a full copy) reaches, before and after undos that cross
snapshots and branch the game."""
from __future__ import annotations

import random
from pathlib import Path

from companion.cli.simulate import choose_input, deal, follow_narration
from companion.core.history import SNAPSHOT_EVERY
from companion.core.narration_log import NarrationLog
from companion.core.procedure import Narration
from companion.core.session import GameRules, Session
from companion.morpork.board import COLORS
from companion.morpork.game import Game, apply, new_game
from companion.morpork.state_format import state_to_json


def plain_fold(colors: list[str], inputs: tuple[object, ...]) -> list[Game]:
    games = [new_game(colors)]
    for inp in inputs:
        games.append(apply(games[-1], inp))  # type: ignore[arg-type]
    return games


def play(session: Session[Game], seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    colors = list(COLORS[:3])
    table = deal(rng, colors)
    session.new_game(colors)
    while session.question is not None and session.seq < count:
        before = session.current
        step = session.submit(choose_input(before, table, session.question))
        follow_narration(step.game, table, step.game.narration[len(before.narration):])
    return colors


def assert_history_exact(session: Session[Game], colors: list[str]) -> None:
    expected = plain_fold(colors, session.inputs)
    positions = session.positions
    assert len(positions) == len(expected) == session.seq + 1
    for index in (0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1, len(expected) - 2, len(expected) - 1):
        game = positions[index]
        assert state_to_json(game.state) == state_to_json(expected[index].state), index
        assert list(game.narration) == list(expected[index].narration), index
        assert game.question == expected[index].question
    for index, (game, want) in enumerate(zip(positions, expected)):  # iterating: each rebuilt once, in order
        assert state_to_json(game.state) == state_to_json(want.state), index
        assert session.question_at(index) == want.question
        if index:
            assert list(session.lines_of(index)) == list(want.narration[len(expected[index - 1].narration):])


def test_every_position_is_the_plain_folds_after_play_undo_and_a_branch(tmp_path: Path) -> None:
    session: Session[Game] = Session.open(tmp_path / "h.sqlite", GameRules())
    colors = play(session, 5, 3 * SNAPSHOT_EVERY + 5)
    assert session.seq == 3 * SNAPSHOT_EVERY + 5
    assert_history_exact(session, colors)
    old_last = session.current
    old_lines = list(old_last.narration)
    session.undo(SNAPSHOT_EVERY + 3, confirm=True)  # back across a snapshot
    assert_history_exact(session, colors)
    # a different input than before: the game branches; the old position's narration is untouched
    question = session.question
    assert question is not None
    other = [o for o in question.options if o != session.timeline.undone[-1].data.get("value")]
    if question.kind == "roll":
        from companion.core.inputs import DieRoll
        face = int(session.timeline.undone[-1].data["face"]) % 12 + 1
        session.submit(DieRoll(face, "manual"))
    else:
        from companion.core.inputs import Answer
        session.submit(Answer((other or list(question.options))[0]))
    assert list(old_last.narration) == old_lines
    assert_history_exact(session, colors)
    session.close()
    resumed: Session[Game] = Session.open(tmp_path / "h.sqlite", GameRules())
    assert_history_exact(resumed, colors)
    assert state_to_json(resumed.current.state) == state_to_json(session.current.state)
    resumed.close()


def test_a_narration_log_shares_its_lines_and_copies_only_on_a_branch() -> None:
    a, b, c, d = (Narration(k, k) for k in "abcd")
    base = NarrationLog([a])
    turn = [b]
    first = base.plus(turn)          # appended in place
    turn.append(c)
    second = base.plus(turn)         # b reused, c appended
    assert list(first) == [a, b] and list(second) == [a, b, c]
    assert second.shared_prefix(first) == 2
    other = base.plus([d])           # another branch: copied, the others unchanged
    assert list(other) == [a, d] and list(first) == [a, b] and list(second) == [a, b, c]
    assert other.shared_prefix(second) == 0
    assert second[1:] == [b, c] and second[-1] is c and first == [a, b] and first != second
