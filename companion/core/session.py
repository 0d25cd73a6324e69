"""The session: what the app (and the ``game`` command) holds while a game is played.

It joins the journal (:mod:`companion.core.journal`, the truth on disk) and the engine (a fold: a new
game, then ``apply`` for each input in effect). Every change goes through one door, in this order:

1. ``apply`` it to the game in memory — pure, so a rejection changes nothing. Whether the input
   fits the question is decided there, by the engine alone: :class:`WaitingForOther` (another
   kind of input, or another player's), a stale ``seq``, or any other ``CompanionError``;
2. append it to the journal and wait until the row is durable;
3. only then make the new game current and return it (the input is acknowledged).

A crash between 1 and 2 loses an input nobody was told about; a crash after 2 loses nothing, because
opening the session replays the journal. Undo and redo append entries too; undoing past a die roll or
a revealed secret (a *barrier*) raises :class:`~companion.core.journal.BarrierError` unless confirmed, and
is then recorded as a ``correction``.

API (the Kivy app uses exactly this)::

    session = Session.open("games.sqlite")        # resumes the unfinished game, if any
    session.game                                   # companion.morpork.game.Game now (None before a game)
    session.current                                # the same, InputError when no game is open
    session.new_game(["red", "blue"], "en")        # start a game; it becomes the current one
    session.new_game(["red", "blue"], mode="ankh-morpork", options={"edition": "de", "tie-break": "card"})
    step = session.submit(DieRoll(7, "serial"))    # durable, then applied; Step(entry, game, narration)
    session.question                               # what the game waits for (None when over)
    session.undo(1)                                # BarrierError if it crosses a roll/secret …
    session.undo(1, confirm=True)                  # … recorded as a correction
    session.redo(1)
    session.barriers_to_undo(2)                    # what a confirmation dialog should name
    session.positions; session.inputs              # the history: the game after 0, 1, 2 … inputs in effect
    session.last_row                               # the game's last journal row (a change, a new number)
    session.history()                              # finished games, newest first
    session.export_lines(); session.import_lines(lines)
    session.close()

Opening a damaged journal raises :class:`~companion.core.journal.JournalError` naming the game and row;
``Session.open(path, resume=False)`` then ``session.recover()`` continues from the longest valid
prefix in a forked game (the damaged one keeps all its rows, marked ``broken``), and
:func:`~companion.core.journal.salvage_file` rescues a file SQLite itself cannot read.

Which engine plays a game comes from its journal record: :class:`GameRules` (the default) looks up
the record's mode in the registry (:func:`companion.core.mode.get_mode`) and plays it with the
record's options and rules revision, so a game is always replayed by the rules it was started with.
An engine can be injected instead (:class:`Rules`): tests of the storage side use a toy fold for
every game, whatever its mode. Random questions (Zorgo's personality) are drawn
by the session only when it is given an ``rng``; the drawn value is journalled as a ``RandomDraw``,
so replay never needs randomness.
"""
from __future__ import annotations

import gc
import os
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from companion.core.errors import CompanionError, InputError
from companion.core.history import History, Positions
from companion.core.errors import WaitingForOther as WaitingForOther  # where the CLI and tests have found it
from companion.core.inputs import CardScan, DieRoll, Input, RandomDraw, input_to_json, is_input_text
from companion.core.journal import (
    BarrierError,
    Entry,
    GameRecord,
    GameResult,
    Journal,
    JournalError,
    NewerJournalError,
    Timeline,
    fold_entries,
    parse_export,
)
from companion.core.mode import DEFAULT_MODE, GameMode, get_mode, resolve_options
from companion.core.narration_log import NarrationLog
from companion.core.procedure import Narration, Question

G = TypeVar("G")


class Rules(Protocol[G]):
    """The engine as the session sees it: a fold over inputs, plus what it asks and how it ended."""

    def new_game(self, players: list[str], edition: str, names: list[str] | None) -> G: ...

    def apply(self, game: G, inp: Input) -> G: ...

    def question(self, game: G) -> Question | None: ...

    def narration(self, game: G) -> Sequence[Narration]: ...

    def result(self, game: G, inputs: int) -> GameResult | None: ...


class ModeRules(Generic[G]):
    """:class:`Rules` for one game of a mode (:class:`companion.core.mode.GameMode`): its resolved
    options and the rules revision it was started with (the ``edition`` argument of
    :meth:`new_game` is in the options already)."""

    def __init__(self, mode: GameMode[G], options: Mapping[str, str], revision: int) -> None:
        self.mode, self.options, self.revision = mode, dict(options), revision
        # the mode's own functions, looked up once: a replay calls them at every input
        self.apply: Callable[[G, Input], G] = mode.apply
        """The game after an input."""
        self.step: Callable[[G, Input], G] = getattr(mode, "apply_transient", mode.apply)
        """``apply`` for a fold that drops the game returned at the next input: the mode's
        ``apply_transient`` when it has one (no copy of the table), else ``apply``."""
        self.question: Callable[[G], Question | None] = mode.question
        self.narration: Callable[[G], Sequence[Narration]] = mode.narration

    def new_game(self, players: list[str], edition: str, names: list[str] | None) -> G:
        return self.mode.new_game(list(players), self.options, list(names) if names is not None else None,
                                  self.revision)

    def result(self, game: G, inputs: int) -> GameResult | None:
        result: GameResult | None = self.mode.result(game, inputs)
        return result


class GameRules:
    """The registered game modes: each game is played by the mode its journal record names, with
    the record's options and rules revision (:meth:`for_game`). What a :class:`Session` uses when
    it is given no engine; modes are imported on first use, so the journal and its tests do not
    depend on a whole game."""

    def for_game(self, record: GameRecord) -> ModeRules[Any]:
        """The engine of ``record``'s game; an unknown mode or option (a journal written by a newer
        companion, or damaged) is a :class:`JournalError` naming the game."""
        try:
            mode = get_mode(record.mode)
            options = resolve_options(mode.options, record.options)
        except InputError as exc:
            raise NewerJournalError(f"{exc} (written by a newer companion?)", record.id,
                                    key="journal.newer-game") from None
        if record.revision > mode.revision:
            raise NewerJournalError(f"recorded with rules revision {record.revision} of {mode.id}; this "
                                    f"companion plays up to revision {mode.revision}: update it", record.id,
                                    key="journal.newer-game")
        return ModeRules(mode, options, record.revision)

    def for_new_game(self, mode_id: str, options: Mapping[str, str]) -> tuple[ModeRules[Any], int]:
        """The engine of a new game of ``mode_id`` under ``options`` (resolved: every option of the
        mode, the defaults filled in) at the mode's current revision, and that revision. An unknown
        mode, option or value is an ``InputError`` naming it."""
        mode = get_mode(mode_id)
        return ModeRules(mode, resolve_options(mode.options, options), mode.revision), mode.revision


def engine_for(rules: Rules[G] | GameRules, record: GameRecord) -> Rules[G]:
    """The engine that plays ``record``'s game: the injected one, or the record's mode."""
    return rules.for_game(record) if isinstance(rules, GameRules) else rules


MAX_PLAYER_ID = 40
"""The longest player id a game is started with: the inputs name players (an answer's ``player``, an
option such as ``fortuna:<party>`` or ``attack:<token>``) in at most 64 printable ASCII characters
(:mod:`companion.core.inputs`), so a game of other ids would ask questions no input can answer."""


def check_player_ids(players: Iterable[str]) -> None:
    """Refuse a player id no input can name (inputs name players: an answer's ``player``,
    ``fortuna:<party>``): a game of such ids is stuck at the first question naming one. Checked
    wherever a game to be played enters a journal (:meth:`Session.new_game`, and
    :meth:`Session.import_lines` of an unfinished game), never on replay: a game stored before the
    check keeps being played."""
    for player in players:
        if not is_input_text(player, MAX_PLAYER_ID):
            raise InputError(f"a player is named by 1 to {MAX_PLAYER_ID} printable ASCII characters, not "
                             f"{player!r:.60} (a name to show, in any letters, is given as a name)", "session.player-id",
                             {"player": player[:60], "most": MAX_PLAYER_ID})


def is_barrier(question: Question | None, inp: Input) -> bool:
    """A die roll, a random draw, a revealed card (an event drawn, a personality scanned, any
    answer to a question that ``reveals`` a card drawn face down) or the answer to a private question
    (a secret personality): facts of the table that an undo may only cross with confirmation. Decided
    by what was asked, so a tap and a scan of the same fact agree; a card played from a hand is not a
    barrier (taking it back reveals nothing new)."""
    if isinstance(inp, (DieRoll, RandomDraw)):
        return True
    if isinstance(inp, CardScan) and inp.kind in ("event", "personality"):
        return True
    return question is not None and (question.kind in ("roll", "random") or question.private
                                     or question.reveals)


@dataclass(frozen=True)
class Step(Generic[G]):
    """An acknowledged change: the journal entry (durable), the game after it, and the narration
    lines it added."""

    entry: Entry
    game: G
    narration: list[Narration]


class _Folder(Generic[G]):
    """An engine as :class:`~companion.core.history.History` reaches it: its ``step`` (a game dropped
    at the next input) when it has one, else ``apply``."""

    def __init__(self, rules: Rules[G]) -> None:
        # bound once, not passed through at every input of a replay
        self.rules = rules
        self.apply: Callable[[G, Input], G] = rules.apply
        self.step: Callable[[G, Input], G] = getattr(rules, "step", rules.apply)
        self.question: Callable[[G], Question | None] = rules.question
        self.narration: Callable[[G], Sequence[Narration]] = rules.narration


def fold(rules: Rules[G] | GameRules, record: GameRecord, entries: Iterable[Entry]) -> tuple[History[G], Timeline]:
    """Fold a game's entries into its history (:class:`~companion.core.history.History`: the game
    now, a snapshot every few inputs) and the timeline. An input the engine rejects raises
    :class:`JournalError` naming its row. With :class:`GameRules` the game is played by its record's
    mode, options and rules revision.

    Linear in the inputs: the positions between snapshots are not kept (nor copied, when the engine
    has a ``step``), and the garbage collector is paused meanwhile — it found nothing to free and
    walked every kept position each time, a third of a long replay."""
    timeline = fold_entries(list(entries), record.id)
    return fold_timeline(rules, record, timeline), timeline


def fold_timeline(rules: Rules[G] | GameRules, record: GameRecord, timeline: Timeline) -> History[G]:
    """:func:`fold` of the entries whose fold is ``timeline`` (a resume has it from reading them:
    :meth:`~companion.core.journal.Journal.timeline`)."""
    engine: Rules[G] = engine_for(rules, record)
    try:
        first = engine.new_game(list(record.players), record.edition,
                                list(record.names) if record.names is not None else None)
    except CompanionError as exc:
        raise JournalError(f"the engine cannot set up this game: {exc}", record.id, key="journal.setup-rejected",
                           detail=exc) from None
    history = History(_Folder(engine), first)
    applied = timeline.applied
    try:
        with _collector_paused():
            history.advance_through((entry.to_input() for entry in applied), len(applied))
    except CompanionError as exc:
        entry = applied[len(history.inputs)]  # the history holds the inputs before the one refused
        raise JournalError(f"the engine rejects this input on replay: {exc}", record.id, entry.n,
                           key="journal.replay-rejected", params={"row": entry.n}, detail=exc) from None
    return history


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused meanwhile (and resumed after, if it ran before).
    Reading a game's rows and folding them only makes what the session keeps (entries, snapshots,
    the game now): a collection meanwhile frees nothing and walks everything made so far again
    and again (the young objects every 700 made, the older ones every ten of those). Paused, they
    are walked once, by the first collection after."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def replay(rules: Rules[G] | GameRules, record: GameRecord, entries: Iterable[Entry]) -> tuple[list[G], Timeline]:
    """Fold a game's entries: the games after 0, 1, 2 … inputs in effect (every one of them: for a
    whole-game report; the session keeps a :func:`fold`), and the timeline."""
    history, timeline = fold(rules, record, entries)
    return list(history.games()), timeline


def longest_valid_prefix(rules: Rules[G] | GameRules, record: GameRecord, entries: list[Entry]) -> int:
    """How many leading entries replay without a problem (the rows a recovery can keep)."""
    try:
        fold(rules, record, entries)
        return len(entries)
    except JournalError as exc:
        return (exc.row or 1) - 1


class Session(Generic[G]):
    """See the module docstring. One per open journal; used from one thread."""

    def __init__(self, journal: Journal, rules: Rules[G] | GameRules | None = None,
                 rng: random.Random | None = None) -> None:
        self.journal = journal
        self.engines: Rules[G] | GameRules = rules if rules is not None else GameRules()
        """Where each game's engine comes from: :class:`GameRules` (the record's mode) or one injected."""
        self.rules: Rules[G] = self.engines if not isinstance(self.engines, GameRules) else _NoGame()
        """The engine of the current game (set when a game is started or resumed)."""
        self.rng = rng
        self.record: GameRecord | None = None
        self.timeline = Timeline()
        self._history: History[G] | None = None
        self._last_n = 0

    @classmethod
    def open(cls, path: str | os.PathLike[str], rules: Rules[Any] | GameRules | None = None, resume: bool = True,
             rng: random.Random | None = None, journal: Journal | None = None) -> Session[Any]:
        """Open (or create) the journal at ``path`` and resume its unfinished game. A damaged game
        raises :class:`JournalError` naming the row (and closes the file): open again with
        ``resume=False`` and call :meth:`recover` to continue from the longest valid prefix."""
        session: Session[Any] = Session(journal or Journal(path), rules, rng)
        if resume:
            try:
                session.resume()
            except BaseException:
                session.close()
                raise
        return session

    def close(self) -> None:
        self.journal.close()

    def __enter__(self) -> Session[G]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the game now ------------------------------------------------------------------------------
    @property
    def game(self) -> G | None:
        return self._history.now if self._history is not None else None

    @property
    def current(self) -> G:
        """The game now, for code that knows one is open (``InputError`` when none is)."""
        self._require_game()
        assert self._history is not None
        return self._history.now

    @property
    def game_id(self) -> int | None:
        return self.record.id if self.record else None

    @property
    def question(self) -> Question | None:
        return self.rules.question(self._history.now) if self._history is not None else None

    @property
    def last_row(self) -> int:
        """The number of the open game's last journal row (0 before any). Every input, undo, redo
        or correction appends a row, so it names the position the table is looking at as the
        journal holds it: the same after a restart, another one after any change (a position
        reached again by an undo is a new row). Screens key navigation by it (which result the
        table has already left), never the game's history."""
        return self._last_n

    @property
    def seq(self) -> int:
        """Inputs in effect (the engine's ``seq``)."""
        return len(self._history.inputs) if self._history is not None else 0

    def _require_game(self) -> GameRecord:
        if self.record is None or self._history is None:
            raise InputError(f"no game is open in {self.journal.path!r}; start one with new_game()", "session.no-game")
        return self.record

    @property
    def positions(self) -> Sequence[G]:
        """The game's history: ``positions[i]`` is the game after ``i`` inputs in effect
        (``positions[0]`` the set-up), exact. Only a snapshot every few inputs is kept: a position
        is rebuilt when asked for (from the snapshot before it), and iterating replays the game once
        (the score chart). Nobody keeps a copy."""
        return Positions(self._history)

    @property
    def inputs(self) -> tuple[Input, ...]:
        """The inputs in effect, in order: ``inputs[i]`` turned ``positions[i]`` into ``positions[i + 1]``."""
        return tuple(self._history.inputs) if self._history is not None else ()

    def question_at(self, index: int) -> Question | None:
        """The question of ``positions[index]`` (what ``inputs[index]`` answered), without a replay."""
        if self._history is None:
            raise InputError("no game is open", "session.no-game")
        return self._history.asked[index]

    def lines_of(self, index: int) -> Sequence[Narration]:
        """The narration lines input ``index`` (1-based) added, without a replay."""
        if self._history is None:
            raise InputError("no game is open", "session.no-game")
        return self._history.lines(index)

    # -- starting and resuming ---------------------------------------------------------------------
    def new_game(self, players: list[str], edition: str | None = None, names: list[str] | None = None, *,
                 mode: str = DEFAULT_MODE, options: Mapping[str, str] | None = None) -> G:
        """Start a game of ``mode`` under ``options`` (``edition`` is the option of that name). The
        options are resolved (every option of the mode, defaults filled in) and recorded with the
        mode's rules revision. Checked with the engine first (an unknown mode or option, a bad
        colour: an ``InputError``/``RuleViolation`` and nothing written), then recorded."""
        check_player_ids(players)
        given = dict(options or {})
        if edition is not None and given.setdefault("edition", edition) != edition:
            raise InputError(f"edition {edition!r} and option edition={given['edition']!r} disagree",
                             "session.edition-mismatch")
        if isinstance(self.engines, GameRules):
            engine, revision = self.engines.for_new_game(mode, given)
            given = engine.options
            rules: Rules[G] = engine
        else:  # an injected engine plays every game; it is given the edition only
            given.setdefault("edition", "en")
            rules, revision = self.engines, 1
        game = rules.new_game(list(players), given.get("edition", ""), names)
        game_id = self.journal.create_game(players, given.get("edition", ""), names, mode=mode, options=given,
                                           revision=revision)
        self._load(self.journal.game(game_id), History(_Folder(rules), game), Timeline(), 0, rules)
        self._draw_if_random()
        return game

    def resume(self, game_id: int | None = None) -> G | None:
        """Replay a game (default: the newest unfinished one) and make it current. Returns None when
        there is nothing to resume. A damaged journal raises :class:`JournalError` naming the row."""
        record = self.journal.game(game_id) if game_id is not None else self.journal.current_game()
        if record is None:
            return None
        with _collector_paused():  # the rows and the fold: one pass of the collector after, not one per 700 objects
            timeline, last_n = self.journal.timeline(record.id)
            engine = engine_for(self.engines, record)
            history = fold_timeline(engine, record, timeline)
        self._load(record, history, timeline, last_n, engine)
        self._sync_result()
        self._draw_if_random()
        return self.game

    def _load(self, record: GameRecord, history: History[G], timeline: Timeline, last_n: int, rules: Rules[G]) -> None:
        self.record, self._history, self.timeline, self._last_n = record, history, timeline, last_n
        self.rules = rules

    def recover(self, game_id: int | None = None) -> int:
        """Continue a damaged game from its longest valid prefix: a new game holding those entries
        (the damaged game is marked ``broken`` and keeps every row). Returns the new game's id and
        makes it current."""
        record = self.journal.game(game_id) if game_id is not None else self.journal.current_game()
        if record is None:
            raise JournalError(f"no unfinished game in {self.journal.path!r} to recover")
        entries, problem = self.journal.read_prefix(record.id)
        keep = longest_valid_prefix(self.engines, record, entries)
        if problem is None and keep == len(entries):
            raise JournalError("nothing to recover: every row of this game replays", record.id)
        if problem is None:
            try:
                fold(self.engines, record, entries)
            except JournalError as exc:
                problem = exc
        new_id = self.journal.fork(record.id, keep, f"continued from the {keep} entries before: {problem}")
        self.resume(new_id)
        return new_id

    # -- changing the game ---------------------------------------------------------------------
    def submit(self, inp: Input) -> Step[G]:
        """Apply one input and journal it; returns only once it is durable. Raises
        :class:`WaitingForOther` (from the engine) when the game asks for another kind of input, a
        ``CompanionError`` when the engine rejects it; either way nothing is written and the game is
        unchanged."""
        record = self._require_game()
        assert self._history is not None
        before = self._history.now
        question = self.rules.question(before)
        if question is None:
            raise InputError(f"game {record.id} is over; no input is expected", "input.game-over")
        after = self.rules.apply(before, inp)
        entry = self.journal.append(record.id, "input", input_to_json(inp), is_barrier(question, inp),
                                    n=self._last_n + 1)
        applied = self.timeline.applied + (entry,)
        self._last_n = entry.n
        self._history.push(inp, after)
        self.timeline = Timeline(applied, ())
        step = Step(entry, after, self._new_lines(before, after))
        self._sync_result()
        self._draw_if_random()
        return step

    def barriers_to_undo(self, steps: int = 1) -> list[Entry]:
        """The die rolls and secrets that undoing ``steps`` steps would cross, most recent first."""
        self._check_steps(steps, len(self.timeline.applied), "undo")
        return self.timeline.barriers_in_last(steps)

    def undo(self, steps: int = 1, confirm: bool = False) -> Step[G]:
        """Take back the last ``steps`` inputs by appending an ``undo`` entry (a ``correction`` when it
        crosses a barrier, which needs ``confirm=True``)."""
        record = self._require_game()
        barriers = self.barriers_to_undo(steps)
        if barriers and not confirm:
            first = barriers[-1]
            raise BarrierError(
                f"undoing {steps} step(s) goes back past {_describe(first)} (entry {first.n}); "
                "confirm to record a correction", first)
        kind = "correction" if barriers else "undo"
        assert self._history is not None
        before = self._history.now
        entry = self.journal.append(record.id, kind, {"steps": steps}, n=self._last_n + 1)
        self._last_n = entry.n
        moved = self.timeline.applied[len(self.timeline.applied) - steps:]
        self.timeline = Timeline(self.timeline.applied[:len(self.timeline.applied) - steps],
                                 self.timeline.undone + tuple(reversed(moved)))
        after = self._history.truncate(len(self._history) - steps)
        self._sync_result()
        return Step(entry, after, self._new_lines(before, after))

    def redo(self, steps: int = 1) -> Step[G]:
        """Put back the last ``steps`` undone inputs (the same facts, so no confirmation)."""
        record = self._require_game()
        self._check_steps(steps, len(self.timeline.undone), "redo")
        assert self._history is not None
        before = self._history.now
        redone = list(reversed(self.timeline.undone[len(self.timeline.undone) - steps:]))
        moves: list[tuple[Input, G]] = []
        game = before
        for e in redone:
            inp = e.to_input()
            game = self.rules.apply(game, inp)
            moves.append((inp, game))
        entry = self.journal.append(record.id, "redo", {"steps": steps}, n=self._last_n + 1)
        self._last_n = entry.n
        for inp, game in moves:
            self._history.push(inp, game)
        self.timeline = Timeline(self.timeline.applied + tuple(redone),
                                 self.timeline.undone[:len(self.timeline.undone) - steps])
        self._sync_result()
        return Step(entry, game, self._new_lines(before, game))

    def _check_steps(self, steps: int, available: int, what: str) -> None:
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
            raise InputError(f"{what} takes a number of steps >= 1, not {steps!r}", "session.steps", {"steps": steps})
        if steps > available:
            raise InputError(f"cannot {what} {steps} step(s): only {available} can be", "session.too-many-steps",
                             {"steps": steps, "available": available})

    def _new_lines(self, before: G, after: G) -> list[Narration]:
        old, new = self.rules.narration(before), self.rules.narration(after)
        same = 0
        if isinstance(old, NarrationLog) and isinstance(new, NarrationLog):
            same = old.shared_prefix(new)  # positions of one timeline share their lines
        while same < min(len(old), len(new)) and old[same] == new[same]:
            same += 1
        return list(new[same:])

    def _sync_result(self) -> None:
        """Keep the games table's status (a cache for the history screen) in step with the replay."""
        record = self._require_game()
        if record.status == "broken":
            return
        assert self._history is not None
        result = self.rules.result(self._history.now, len(self.timeline.applied))
        if (result is None) != (record.status != "finished") or (result is not None and result != record.result):
            self.journal.set_result(record.id, result)
            self.record = self.journal.game(record.id)

    def _draw_if_random(self) -> None:
        """With an ``rng``, answer ``random`` questions at once and journal the draw as a fact."""
        while self.rng is not None and self._history is not None:
            question = self.question
            if question is None or question.kind != "random":
                return
            self.submit(RandomDraw(self.rng.choice(list(question.options))))

    # -- history, export, import ------------------------------------------------------------------
    def history(self) -> list[GameRecord]:
        return self.journal.history()

    def games(self) -> list[GameRecord]:
        return self.journal.games()

    def export_lines(self, game_id: int | None = None) -> Iterator[str]:
        return self.journal.export_lines(game_id if game_id is not None else self._require_game().id)

    def import_lines(self, lines: Iterable[str]) -> int:
        """Import an exported game (checked by a full replay first) and make it current."""
        header, entries, problem = parse_export(lines)
        if problem is not None:
            raise problem
        history, timeline = fold(self.engines, header, entries)
        if history.asked[-1] is not None:
            # a game to go on with, as new_game would start it: one of ids no input can name is stuck
            # at the first question naming one; a finished game (exported before 'game new' refused
            # such ids) is only kept and shown, as replay shows it
            check_player_ids(header.players)
        _check_barriers(header, history, timeline)
        game_id = self.journal.import_game(header, entries)
        self.resume(game_id)
        return game_id


def _check_barriers(record: GameRecord, history: History[Any], timeline: Timeline) -> None:
    """An export carries each entry's barrier flag, and an imported game's undo trusts it: a die
    roll or a revealed secret flagged ``false`` would be taken back without confirmation and
    recorded as a plain ``undo`` (a free re-roll). Each input in effect must be flagged as what it
    answered makes it (:func:`is_barrier` of the question it answered, known from the replay)."""
    for i, entry in enumerate(timeline.applied):
        if is_barrier(history.asked[i], entry.to_input()) and not entry.barrier:
            raise JournalError("a die roll or a revealed secret flagged \"barrier\": false (an undo would take it "
                               "back without confirmation)", record.id, entry.n, key="journal.barrier-flag",
                               params={"row": entry.n})


class _NoGame:
    """The engine before a game is started or resumed: there is nothing to play yet."""

    def new_game(self, players: list[str], edition: str, names: list[str] | None) -> Any:
        raise InputError("no game is open; start one with new_game()", "session.no-game")

    def apply(self, game: Any, inp: Input) -> Any:
        return self.new_game([], "", None)

    def question(self, game: Any) -> Question | None:
        return None

    def narration(self, game: Any) -> list[Narration]:
        return []

    def result(self, game: Any, inputs: int) -> GameResult | None:
        return None


def _describe(entry: Entry) -> str:
    """The step an undo would cross, named without its value unless the value is public (a die
    face): the confirmation is read by the whole table, and a secret answer stays secret."""
    data = entry.data
    if data.get("type") == "roll":
        return f"the die roll {data.get('face')!r}"
    if data.get("type") == "scan":
        if data.get("kind") == "event":  # an event card drawn is read out to the table
            return f"the scanned event {data.get('card')!r}"
        return f"a scanned {data.get('kind')} card"
    if data.get("type") == "random":
        return "a random draw"
    return "a revealed answer"


def replay_export(lines: Iterable[str], rules: Rules[G] | GameRules) -> G:
    """The final game of an export file, in memory (no database, no hardware, no randomness). A
    damaged file or a rejected input raises :class:`JournalError` naming the line or row."""
    header, entries, problem = parse_export(lines)
    if problem is not None:
        raise problem
    history, _ = fold(rules, header, entries)
    return history.now
