"""A game's history as the session keeps it: the inputs in effect, the game now, and a snapshot of
the game every :data:`SNAPSHOT_EVERY` inputs — not every position.

Keeping every position made memory grow with the game and resuming a long game slower per input
the longer it was (each position held its own copy of the table and of the narration, and the
garbage collector walked them all). Any position is exact all the same: :meth:`History.at` replays
the inputs after the nearest snapshot before it (at most ``SNAPSHOT_EVERY - 1`` of them), so an undo
never replays from the start of a long game. What screens list for every step (who was asked, and
which narration lines the step added) is kept per step as two small numbers and a reference to
the question, so the journal screen needs no replay at all.

The engine is reached through :class:`Fold`: ``apply`` (a game to keep) and ``step`` (a game that is
dropped as soon as the next is made, so an engine may skip copying its table for it).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Generic, Protocol, TypeVar, overload

from companion.core.inputs import Input
from companion.core.procedure import Narration, Question, Reason, greyed_by, is_settled

G = TypeVar("G")

SNAPSHOT_EVERY = 32
"""Inputs between two kept positions: rebuilding a position replays at most 31 inputs (about a
millisecond here), and a 2,000-input game keeps 63 snapshots."""


class Fold(Protocol[G]):
    """What the history needs from an engine."""

    def apply(self, game: G, inp: Input) -> G: ...

    def step(self, game: G, inp: Input) -> G: ...

    def question(self, game: G) -> Question | None: ...

    def narration(self, game: G) -> Sequence[Narration]: ...


class History(Generic[G]):
    """See the module docstring. ``len(history)`` is the number of positions (inputs in effect + 1)."""

    def __init__(self, engine: Fold[G], first: G) -> None:
        self.engine = engine
        self.inputs: list[Input] = []
        self.asked: list[Question | None] = [engine.question(first)]
        """The question of each position (what the next input answered)."""
        self.said: list[int] = [len(engine.narration(first))]
        """How many narration lines each position has (its narration is a prefix of the game's now)."""
        self.snapshots: dict[int, G] = {0: first}
        self.now: G = first

    def __len__(self) -> int:
        return len(self.inputs) + 1

    def push(self, inp: Input, game: G, transient: bool = False) -> None:
        """Record ``inp`` and the game it led to (which becomes the game now). ``transient``: the
        game came from the engine's ``step`` and is dropped at the next input (see :meth:`advance_through`)."""
        self.inputs.append(inp)
        question = self.engine.question(game)
        if transient and not is_settled(question):
            assert question is not None
            question = self._kept(question, len(self.inputs))
        self.asked.append(question)
        self.said.append(len(self.engine.narration(game)))
        self.now = game
        if len(self.inputs) % SNAPSHOT_EVERY == 0:
            self.snapshots[len(self.inputs)] = game

    def advance_through(self, inputs: Iterable[Input], count: int) -> None:
        """Apply each of ``inputs`` (``count`` of them) to the game now: a fold. Every game but the
        last and the snapshots' comes from the engine's ``step`` and may be dropped at the next
        input. An input refused (or one that ``inputs`` fails to give) leaves the history at the
        inputs before it."""
        # :meth:`push` written out, its engine's functions and lists looked up once: a replay's own
        # work per input, the engine's aside
        engine = self.engine
        step, apply, question_of, narration_of = engine.step, engine.apply, engine.question, engine.narration
        kept, asked, said, snapshots = self.inputs, self.asked, self.said, self.snapshots
        last = len(kept) + count
        game = self.now
        for inp in inputs:
            position = len(kept) + 1
            if position != last and position % SNAPSHOT_EVERY:
                game = step(game, inp)
                kept.append(inp)
                question = question_of(game)
                if not is_settled(question):
                    assert question is not None
                    question = self._kept(question, position)
            else:
                game = apply(game, inp)
                kept.append(inp)
                question = question_of(game)
                if position % SNAPSHOT_EVERY == 0:
                    snapshots[position] = game
            asked.append(question)
            said.append(len(narration_of(game)))
            self.now = game

    def _kept(self, question: Question, index: int) -> Question:
        """The question of position ``index``, from a game made by ``step``, as :attr:`asked` keeps
        it: a step's question leaves its greyed options to be worked out when read, from the table
        as it stands then, and the table moves on at the next input. Kept, they are worked out
        when read by replaying the position (from the snapshot before it, as :meth:`at` does).
        Few questions grey anything (11 of the 101 of a 100-input game), and nothing reads them
        for a past position but a comparison with another fold."""
        base = index - index % SNAPSHOT_EVERY
        snapshot, inputs, engine = self.snapshots[base], tuple(self.inputs[base:index]), self.engine

        def greyed() -> dict[str, Reason]:
            game = snapshot
            for i, inp in enumerate(inputs):
                game = (engine.apply if i == len(inputs) - 1 else engine.step)(game, inp)
            asked = engine.question(game)
            assert asked is not None
            return dict(asked.unavailable)

        return greyed_by(question, greyed)

    def truncate(self, positions: int) -> G:
        """Drop the inputs after position ``positions - 1``; the game there becomes the game now."""
        if not 1 <= positions <= len(self):
            raise ValueError(f"cannot keep {positions} of {len(self)} positions")
        if positions == len(self):
            return self.now
        game = self.at(positions - 1)
        del self.inputs[positions - 1:]
        del self.asked[positions:]
        del self.said[positions:]
        for index in [i for i in self.snapshots if i >= positions]:
            del self.snapshots[index]
        self.now = game
        return game

    def at(self, index: int) -> G:
        """The game after ``index`` inputs, exactly (replayed from the nearest snapshot before it)."""
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"position {index} of a history of {len(self)}")
        if index == len(self.inputs):
            return self.now
        base = index - index % SNAPSHOT_EVERY
        game = self.snapshots[base]
        for i in range(base, index):
            game = (self.engine.apply if i == index - 1 else self.engine.step)(game, self.inputs[i])
        return game

    def games(self) -> Iterator[G]:
        """Every position in order, each replayed once (for a chart over the whole game)."""
        for index in range(len(self)):
            if index == len(self.inputs):
                yield self.now
            elif index in self.snapshots:
                game = self.snapshots[index]
                yield game
            else:
                game = self.engine.apply(game, self.inputs[index - 1])
                yield game

    def lines(self, index: int) -> Sequence[Narration]:
        """The narration lines input ``index`` (1-based) added."""
        return self.engine.narration(self.now)[self.said[index - 1]:self.said[index]]


class Positions(Sequence[G]):
    """``positions[i]``: the game after ``i`` inputs in effect, rebuilt on demand (see :class:`History`)."""

    def __init__(self, history: History[G] | None) -> None:
        self._history = history

    def __len__(self) -> int:
        return len(self._history) if self._history is not None else 0

    @overload
    def __getitem__(self, index: int) -> G: ...

    @overload
    def __getitem__(self, index: slice) -> list[G]: ...

    def __getitem__(self, index: int | slice) -> G | list[G]:
        if self._history is None:
            raise IndexError("no game is open")
        if isinstance(index, slice):
            return [self._history.at(i) for i in range(*index.indices(len(self)))]
        return self._history.at(index)

    def __iter__(self) -> Iterator[G]:
        if self._history is not None:
            yield from self._history.games()
