"""A game as a value, for every mode: the table now, the procedure under way, the inputs accepted and
the log — and the one loop that moves it on.

A mode's engine is a set of named procedures (set-up, a turn, …) and a rule for which comes next;
:class:`Procedures` runs them. A :class:`Game` never changes once made: :meth:`Procedures.answer`
returns a new game with one more answer, or the caller's check refused the input first and the old
game stands. The pending procedure is kept running (:class:`~companion.core.procedure.Live`) as a
cache; ``pending`` alone (its start state and answers) says where it stands, so an older game, an
undo or a resume replays it instead.

The log is a :class:`~companion.core.narration_log.NarrationLog`: positions of one game share it,
so a long game's snapshots cost no more than its lines.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from companion.core.narration_log import NarrationLog, after_step
from companion.core.procedure import Live, Narration, Pending, ProcedureFactory, Question, settle


class Table(Protocol):
    """What the loop needs of a mode's state: a copy that shares nothing it will change, and whether
    the game is over."""

    @property
    def game_over(self) -> Any: ...

    def copy(self) -> Any: ...


S = TypeVar("S", bound=Table)


@dataclass
class Game(Generic[S]):
    """A game at one moment. ``narration`` is the whole log; the first ``settled`` lines come from
    procedures already finished (the rest is the pending one's so far). ``live`` is the pending
    procedure kept running (a cache: ``pending`` alone says where it stands)."""

    state: S
    pending: Pending[S] | None
    seq: int = 0
    narration: Sequence[Narration] = field(default_factory=NarrationLog)
    settled: int = 0
    current_question: Question | None = field(default=None, repr=False)
    live: Live[S] | None = field(default=None, repr=False, compare=False)

    @property
    def question(self) -> Question | None:
        """What the game waits for; ``None`` when it is over."""
        return self.current_question

    @property
    def is_over(self) -> bool:
        return self.state.game_over is not None


G = TypeVar("G", bound=Game[Any])


@dataclass(frozen=True)
class Procedures(Generic[S, G]):
    """A mode's procedures by name, what comes after one finishes (``None``: the game is over), and
    the mode's own :class:`Game` class (so its games are instances of it)."""

    factories: Mapping[str, ProcedureFactory]
    next_procedure: Callable[[S], Pending[S] | None]
    game: Callable[..., G]

    def advance(self, state: S, pending: Pending[S] | None, seq: int, narration: Sequence[Narration],
                settled: int, live: Live[S] | None = None, snapshot: bool = True, replayable: bool = True) -> G:
        """Run ``pending`` as far as its answers go (``live``, when given, already stands there), then
        start the next procedures until one asks.

        The game returned holds a copy of the working state, because the live procedure goes on
        changing its own when the next answer comes; without ``snapshot`` it holds the working state
        itself (see :meth:`answer`). Without ``replayable``, a procedure started here works on the
        finished one's state itself, keeping no copy to replay it from (see :meth:`answer`)."""
        settled_log = NarrationLog.of(narration).prefix(settled)
        while pending is not None:
            if live is None:
                if not pending.replayable:
                    raise RuntimeError(f"the {pending.name!r} procedure was run without its start kept "
                                       "(replayable=False) and cannot be replayed")
                live = Live.replay(self.factories[pending.name], pending.start, pending.args, pending.answers,
                                   lazy=not snapshot)
            lines = settled_log.plus(live.narrator.lines)
            if live.question is not None:
                return self.game(live.state.copy() if snapshot else live.state, pending, seq, lines, settled,
                                 live.question, live)
            state = live.state
            settled_log, settled = lines, len(lines)
            narration = lines
            pending = self.next_procedure(state)
            live = None
            if pending is not None and not replayable:  # the finished procedure's table, kept by nobody
                pending.replayable = False
                live = Live(self.factories[pending.name], pending.start, pending.args, own=True, lazy=True)
        return self.game(state, None, seq, NarrationLog.of(narration), settled, None)

    def start(self, state: S, name: str, args: Mapping[str, Any] | None = None) -> G:
        """A new game: ``state`` and the procedure ``name`` about to run from it."""
        return self.advance(state, Pending(name, dict(args or {}), state.copy()), 0, NarrationLog(), 0)

    def resume(self, state: S) -> G:
        """A game that goes on from ``state`` with whatever procedure comes next (from a copy: a
        mode's ``next_procedure`` may keep the state it is given as the procedure's start)."""
        start = state.copy()
        return self.advance(start, self.next_procedure(start), 0, NarrationLog(), 0)

    def answer(self, game: G, value: str, snapshot: bool = True, replayable: bool = True) -> G:
        """``game`` after the (already checked) answer ``value``.

        The pending procedure takes one step when ``game`` still holds it live at its own position;
        otherwise (an older game, after an undo, or after a rule ended the live one) it is replayed.
        ``snapshot=False`` is for a fold that drops each game as soon as it has the next (replaying
        a journal): the game returned shares the live procedure's working state instead of holding
        a copy, so it is only valid until the next answer to it — its question's greyed options too:
        they are worked out when first read (a fold reads them for a few positions only; working
        them out at every question was 7 % of resuming a game).

        ``replayable=False`` (with ``snapshot=False``) is for a fold that never goes back either —
        no undo, no older game answered again, a refused input the end of it (the simulator): a
        procedure that starts then (each turn) works on the finished one's table itself instead of
        a copy, because no replay will need the table it started from. A copy of the table per turn
        was 7 % of a simulated game. A game of such a fold that would need a replay raises
        ``RuntimeError`` instead. Its questions' greyed options are worked out when first read
        (``Live(lazy=True)``), valid like the game until the next answer. The session never folds
        so: undo and resume replay.

        Most answers lead to another question of the same procedure: that case is built here in
        one step (no pass through :meth:`advance`, and the log of ``game`` reused as it is when
        the step said nothing) — it was a fifth of the engine's own work per input, the rules aside."""
        pending = game.pending
        assert pending is not None, "an answer to a game that asks nothing"
        answers = pending.answers
        after = Pending(pending.name, pending.args, pending.start, [*answers, value], pending.replayable)
        live = game.live
        if live is None or live.broken or live.answers != len(answers):  # not ``live.is_at``: a call per input
            return self.advance(game.state, after, game.seq + 1, game.narration, game.settled, None, snapshot,
                                replayable)
        # ``live.send(value, checked=True, lazy=not snapshot)`` written out (the same step): its call
        # and keywords were a microsecond at every input
        if live.question is None:
            live.send(value, checked=True)  # (raises: the procedure has ended)
        try:
            question: Question | None = live.body.send(value)
        except StopIteration:
            question = None
        except BaseException:
            live.broken = True
            raise
        live.question = question
        live.answers += 1
        if question is None:  # the procedure has finished: the next one starts
            return self.advance(game.state, after, game.seq + 1, game.narration, game.settled, live, snapshot,
                                replayable)
        if snapshot and not live.lazy:
            settle(question)
        # only the step's new lines go on the log, ``game``'s own log when it said nothing
        narration = after_step(game.narration, game.settled, live.narrator.lines)
        return self.game(live.state.copy() if snapshot else live.state, after, game.seq + 1, narration, game.settled,
                         question, live)
