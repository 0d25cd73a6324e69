"""A live procedure (kept running between inputs) is only a cache of the replay from its start.

Random legal games are played with the live engine; at every input the same input is also applied
to a copy of the game that has no live procedure (so the turn is replayed from its start). Both must
give the same position, question, narration and published progress (the card and event under way)
— and the game given to ``apply`` must not change.
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from companion.cli.simulate import choose_input, deal, follow_narration
from companion.core.errors import CompanionError
from companion.core.procedure import Live, Narrator, Question, Reason, choice_question
from companion.morpork.board import COLORS
from companion.morpork.game import Game, apply, new_game
from companion.morpork.mode import MODE
from companion.morpork.state_format import state_to_json


def replayed(game: Game) -> Game:
    return dataclasses.replace(game, live=None)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_live_and_replayed_games_agree_at_every_input(seed: int) -> None:
    rng = random.Random(seed)
    colors = list(COLORS[:3])
    table = deal(rng, colors)
    game = new_game(colors)
    steps = 0
    while game.question is not None and steps < 400:
        steps += 1
        before = state_to_json(game.state)
        inp = choose_input(game, table, game.question)
        slow = apply(replayed(game), inp)
        fast = apply(game, inp)
        assert state_to_json(game.state) == before, f"step {steps}: apply changed the game it was given"
        assert state_to_json(fast.state) == state_to_json(slow.state), f"step {steps}: {inp!r}"
        assert fast.question == slow.question and fast.narration == slow.narration, f"step {steps}: {inp!r}"
        assert MODE.progress(fast) == MODE.progress(slow), f"step {steps}: {inp!r}"
        follow_narration(fast, table, fast.narration[len(game.narration):])
        game = fast
    assert steps > 50


def test_an_older_game_replays_instead_of_using_a_newer_live_procedure() -> None:
    rng = random.Random(7)
    colors = list(COLORS[:2])
    table = deal(rng, colors)
    games = [new_game(colors)]
    inputs = []
    for _ in range(30):
        game = games[-1]
        assert game.question is not None
        inputs.append(choose_input(game, table, game.question))
        games.append(apply(game, inputs[-1]))
        follow_narration(games[-1], table, games[-1].narration[len(game.narration):])
    # going back (as an undo does) and applying the same input again gives the same game again,
    # although the older game's live procedure has been taken further since
    for index in (5, 12, 20, 29):
        again = apply(games[index], inputs[index])
        assert state_to_json(again.state) == state_to_json(games[index + 1].state)
        assert again.question == games[index + 1].question
        assert again.narration == games[index + 1].narration
        assert MODE.progress(again) == MODE.progress(games[index + 1])


def test_a_rule_broken_inside_a_live_procedure_ends_it_and_the_game_stands() -> None:
    def body(state: list[int], narrator: Narrator, args: object):  # type: ignore[no-untyped-def]
        answer = yield choice_question("toy.pick", "pick", None, ["ok", "bad"])
        if answer == "bad":
            raise CompanionError("toy rule")
        state.append(1)
        yield choice_question("toy.more", "more", None, ["x"])

    class Box(list[int]):
        def copy(self) -> "Box":
            return Box(self)

    live = Live(body, Box(), {})
    with pytest.raises(CompanionError):
        live.send("bad")
    assert live.broken and not live.is_at(0) and not live.is_at(1)
    again = Live.replay(body, Box(), {}, ["ok"])
    assert again.state == [1] and isinstance(again.question, Question) and again.question.key == "toy.more"


@pytest.mark.parametrize("seed", [4, 5])
def test_a_fold_that_keeps_no_turn_start_plays_the_same_game_as_a_session(seed: int) -> None:
    """The simulator's fold (``snapshot=False, replayable=False``: each turn works on the finished
    turn's table itself) and a session's (a copy per input and per turn) agree at every input."""
    rng = random.Random(seed)
    colors = list(COLORS[:4])
    table = deal(rng, colors)
    fast = kept = new_game(colors)
    steps = 0
    while fast.question is not None:
        steps += 1
        inp = choose_input(fast, table, fast.question)
        after = apply(fast, inp, snapshot=False, replayable=False)
        follow_narration(after, table, after.narration[len(fast.narration):])
        kept = apply(kept, inp)
        assert state_to_json(after.state) == state_to_json(kept.state), f"step {steps}: {inp!r}"
        assert after.question == kept.question and after.narration == kept.narration, f"step {steps}: {inp!r}"
        fast = after
    assert kept.question is None and steps > 100


def test_a_fold_that_keeps_no_turn_start_refuses_to_go_back() -> None:
    """An older game of such a fold has no table to replay its turn from: answering it again is a
    clear error, not a wrong game."""
    rng = random.Random(7)
    colors = list(COLORS[:2])
    table = deal(rng, colors)
    games, inputs = [new_game(colors)], []
    while games[-1].state.turn.number < 3 and games[-1].question is not None:
        game = games[-1]
        assert game.question is not None
        inputs.append(choose_input(game, table, game.question))
        games.append(apply(game, inputs[-1], snapshot=False, replayable=False))
        follow_narration(games[-1], table, games[-1].narration[len(game.narration):])
    index = next(i for i, g in enumerate(games) if g.pending is not None and not g.pending.replayable)
    assert index < len(games) - 2
    with pytest.raises(RuntimeError, match="cannot be replayed"):
        apply(games[index], inputs[index], snapshot=False, replayable=False)


def _greyed_while_placing(state: dict[str, list[str]], narrator: Narrator, args: object) -> object:
    """A procedure whose question greys what ``state["taken"]`` holds, listed by a function."""
    while True:
        answer = yield choice_question("test.pick", "pick", "red", ["a", "b", "c"],
                                       unavailable=lambda: {t: Reason("test.taken", f"{t} is taken")
                                                            for t in state["taken"]})
        state["taken"].append(answer)


class _Table(dict[str, list[str]]):
    def copy(self) -> "_Table":
        return _Table({k: list(v) for k, v in self.items()})


def test_greyed_options_listed_by_a_function_read_as_a_tuple_would() -> None:
    made = choice_question("test.pick", "pick", "red", ["a", "b"], unavailable=lambda: {"c": Reason("k", "t")})
    plain = choice_question("test.pick", "pick", "red", ["a", "b"], unavailable={"c": Reason("k", "t")})
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    assert made.unavailable == (("c", Reason("k", "t")),) and made.to_json() == plain.to_json()
    assert dataclasses.replace(made, key="x").unavailable == plain.unavailable
    assert Question("choice", "k", "t").unavailable == () and dataclasses.fields(Question)[5].default == ()


def test_a_live_procedure_reads_greyed_options_at_once_unless_lazy() -> None:
    """A question kept after its procedure moved on still says what was greyed when it was asked;
    a lazy one (the simulator's fold) is read from the state as it stands when first read."""
    eager = Live(_greyed_while_placing, _Table(taken=["a"]), {})  # type: ignore[arg-type]
    first = eager.question
    eager.send("b")
    assert first is not None and [o for o, _ in first.unavailable] == ["a"]
    assert eager.question is not None and [o for o, _ in eager.question.unavailable] == ["a", "b"]
    lazy = Live(_greyed_while_placing, _Table(taken=["a"]), {}, lazy=True)  # type: ignore[arg-type]
    asked = lazy.question
    assert asked is not None and type(asked.__dict__["unavailable"]).__name__ == "_Later"
    assert [o for o, _ in asked.unavailable] == ["a"]  # read before the next answer: as asked
    lazy.send("c")
    assert [o for o, _ in asked.unavailable] == ["a"]  # worked out once, then kept
