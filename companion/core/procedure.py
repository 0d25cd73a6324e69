"""Resumable procedures: multi-step rules (a fire, a flood, a card with three symbols, a whole turn)
written as plain generators, yet saved, replayed and continued from any point.

A procedure is a generator function ``body(state, narrator, args)`` that mutates the working
``state`` it is given, narrates what happens, and ``yield``s a :class:`Question` whenever it needs
something from the table (a die roll, a player's choice); the answer comes back as the value of the
``yield`` (always a string: ``"7"``, ``"the-shades"``, ``"pay"``). It never draws random numbers and
never does I/O, so the same start state and the same answers always give the same result.

Where a procedure stands is therefore fully described by a :class:`Pending`: its name, its
arguments, the state it started from and the answers given so far. Between inputs the procedure is
kept running (:class:`Live`: one generator step per answer); :func:`run` and :meth:`Live.replay`
rebuild the position by replaying those answers, for resume, undo and journal replay, with no
hand-written state machines. Sub-procedures compose with ``yield from``.
"""
from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from companion.core.errors import InputError
from companion.core.frozen import instance

_new = object.__new__
_set = object.__setattr__
""":func:`companion.core.frozen.instance` in two steps, written out where a question or a line is
made at every input (the same value: ``tests/companion/test_frozen.py``)."""

ROLL_OPTIONS: tuple[str, ...] = tuple(str(face) for face in range(1, 13))
TWO_D6_OPTIONS: tuple[str, ...] = tuple(f"{a},{b}" for a in range(1, 7) for b in range(1, 7))
"""The answers to a roll of two six-sided dice: both faces in the order given (``"3,4"``)."""


@dataclass(frozen=True)
class Reason:
    """Why something is not possible now, as a rule id and its values (``("place.adjacency",
    {"color": "red"})``): screens translate it by ``key`` like narration, so rewording ``text`` (the
    English sentence for the command line, the JSON contract and the log) changes no other language."""

    key: str
    text: str
    params: tuple[tuple[str, str], ...] = ()


def because(key: str, text: str, **params: object) -> Reason:
    """A :class:`Reason` with its values as keywords (shown as strings), as ``Narrator.say`` takes them:
    ``because("build.trouble", f"nobody may build in {area!r} …", area=area)``."""
    # Reason(key, text, params) made at once (core.frozen): the refusals of a question are many
    return instance(Reason, {"key": key, "text": text, "params": tuple([(k, str(v)) for k, v in params.items()])})


@dataclass(frozen=True)
class Question:
    """What the engine waits for. The UI and the CLI draw only from ``options`` (legality lives here).

    ``kind`` is ``roll`` (faces from ``dice`` dice with ``sides`` sides: one d12 in the first game,
    two d6 in the second; the answer is ``"7"`` or ``"3,4"``), ``choice`` (a player picks one of ``options``) or
    ``random`` (the session draws one of ``options`` at random and journals the result, e.g. Zorgo's
    personality). ``unavailable`` lists options shown greyed with the :class:`Reason` they are not
    legal now.
    ``key`` is a stable id for translations; ``text`` is the English sentence; ``private`` questions
    are shown only to ``player`` (a secret personality). A question that ``reveals`` asks the table to
    turn over a card drawn face down (the event deck, History Monks' draws, Fog's cards): its answer is
    a secret of the box coming out, so the session makes it an undo barrier however it was entered.
    """

    kind: str
    key: str
    text: str
    player: str | None = None
    options: tuple[str, ...] = ()
    unavailable: tuple[tuple[str, Reason], ...] = ()
    params: tuple[tuple[str, str], ...] = ()
    private: bool = False
    reveals: bool = False
    dice: int = 1
    sides: int = 12

    def accepts(self, answer: str) -> bool:
        return answer in self.options

    def to_json(self) -> dict[str, Any]:
        """The public ``needs`` shape of the ``event`` and ``game`` commands (a roll of several dice
        also says how many and of how many sides, and whose roll it is)."""
        if self.kind == "roll":
            if self.dice == 1 and self.sides == 12:
                return {"kind": "roll", "question": self.text}
            return {"kind": "roll", "question": self.text, "player": self.player, "dice": self.dice,
                    "sides": self.sides}
        doc: dict[str, Any] = {"kind": self.kind, "player": self.player, "question": self.text,
                               "options": list(self.options)}
        if self.unavailable:
            doc["unavailable"] = {option: reason.text for option, reason in self.unavailable}
        return doc


class _Later:
    """Greyed options not worked out yet: the function that lists them (see :class:`_Greyed`)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Mapping[str, Reason]]) -> None:
        self.make = make


class _Greyed:
    """``Question.unavailable``, worked out when first read when the question was made with a
    function for it (:func:`choice_question`): the reasons of a map's greyed areas cost a sixth of a
    simulated game, and the simulator never reads them. The value lives in the instance's own
    ``unavailable`` entry (a tuple, or a :class:`_Later` until read), so a question compares,
    hashes, prints and reads back as one made with the tuple."""

    def __get__(self, question: object, owner: type | None = None) -> tuple[tuple[str, Reason], ...]:
        if question is None:
            return ()  # the field's default, as the dataclass reads it
        fields = question.__dict__
        value = fields["unavailable"]
        if type(value) is _Later:
            value = fields["unavailable"] = tuple(value.make().items())
        return value  # type: ignore[no-any-return]

    def __set__(self, question: object, value: tuple[tuple[str, Reason], ...]) -> None:
        question.__dict__["unavailable"] = value  # the dataclass's own __init__ stores it here


setattr(Question, "unavailable", _Greyed())


def settle(question: Question | None) -> None:
    """Work out ``question``'s greyed options now if they wait to be read (:class:`_Greyed`): they
    must be read while the procedure's state stands at the question, which a live procedure only
    promises until its next answer (see :class:`Live`)."""
    if question is not None and type(question.__dict__["unavailable"]) is _Later:
        question.unavailable


def is_settled(question: Question | None) -> bool:
    """Whether ``question``'s greyed options are worked out (or it has none to work out): see
    :class:`_Greyed`."""
    return question is None or type(question.__dict__["unavailable"]) is not _Later


def greyed_by(question: Question, make: Callable[[], Mapping[str, Reason]]) -> Question:
    """``question`` with its greyed options worked out by ``make`` when first read instead: for a
    question kept past the answer after it, whose own function would read a table that has moved
    on (``companion.core.history``: ``make`` replays the position it was asked at)."""
    fields = dict(question.__dict__)
    fields["unavailable"] = _Later(make)
    return instance(Question, fields)


def roll_question(key: str, text: str, player: str | None = None, **params: str) -> Question:
    """Ask for one d12 face."""
    question = _new(Question)  # Question("roll", …) made at once (core.frozen.instance written out): a roll at most inputs
    _set(question, "__dict__", {
        "kind": "roll", "key": key, "text": text, "player": player, "options": ROLL_OPTIONS, "unavailable": (),
        "params": tuple(params.items()), "private": False, "reveals": False, "dice": 1, "sides": 12})
    return question


def dice_question(key: str, text: str, player: str | None = None, **params: str) -> Question:
    """Ask for one throw of two six-sided dice, both faces (``{"type": "roll", "faces": [3, 4]}``)."""
    # Question("roll", …, dice=2, sides=6) made at once (core.frozen.instance written out): every turn
    question = _new(Question)
    _set(question, "__dict__", {
        "kind": "roll", "key": key, "text": text, "player": player, "options": TWO_D6_OPTIONS, "unavailable": (),
        "params": tuple(params.items()), "private": False, "reveals": False, "dice": 2, "sides": 6})
    return question


def roll_mismatch(question: Question, faces: tuple[int, ...] | None) -> str | None:
    """Why a roll with ``faces`` (``None``: a single face) does not fit a roll ``question``, in one
    line; ``None`` when it has the number of dice the question wants."""
    given = 1 if faces is None else len(faces)
    if given == question.dice:
        return None
    wanted = "one d12 face ({\"type\": \"roll\", \"face\": 7})" if question.dice == 1 else \
        f"{question.dice} d{question.sides} faces ({{\"type\": \"roll\", \"faces\": [3, 4]}})"
    shown = "a single face" if faces is None else f"{given} face{'' if given == 1 else 's'} {list(faces)!r}"
    return f"{question.text!r} needs {wanted}, not {shown}"


def choice_question(key: str, text: str, player: str | None, options: list[str] | tuple[str, ...],
                    unavailable: Mapping[str, Reason] | Callable[[], Mapping[str, Reason]] | None = None,
                    private: bool = False, reveals: bool = False, **params: str) -> Question:
    """Ask ``player`` to pick one of ``options`` (which must not be empty); ``reveals`` when the
    answer is a card turned over from a face-down pile (see :class:`Question`).

    ``unavailable`` may be a function listing the greyed options: it is called when they are
    first read, with the procedure's state as it stands at the question (it must read nothing
    else that changes). A live procedure reads them at once (:func:`settle`) unless it runs for a
    fold that reads them before the next answer or never (``Live(lazy=True)``: the simulator)."""
    if not options:
        raise ValueError(f"a choice needs at least one option: {key!r}")
    # most questions grey nothing: no empty dictionary and view of it made for them
    greyed: _Later | tuple[tuple[str, Reason], ...] = () if unavailable is None \
        else _Later(unavailable) if callable(unavailable) else tuple(unavailable.items())
    question = _new(Question)  # Question("choice", …) made at once (core.frozen.instance written out): at every input
    _set(question, "__dict__", {
        "kind": "choice", "key": key, "text": text, "player": player, "options": tuple(options),
        "unavailable": greyed, "params": tuple(params.items()), "private": private,
        "reveals": reveals, "dice": 1, "sides": 12})
    return question


@dataclass(frozen=True)
class Narration:
    """One line of what happened, for the log and the screen: English ``text`` plus a ``key`` and
    ``params`` for translation, and the ``area`` to highlight on the map."""

    key: str
    text: str
    area: str | None = None
    params: tuple[tuple[str, str], ...] = ()


@dataclass
class Narrator:
    """Collects narration while a procedure runs."""

    lines: list[Narration] = field(default_factory=list)

    def say(self, key: str, text: str, area: str | None = None, **params: Any) -> None:
        # Narration(key, text, area, params) made at once (core.frozen): a line is said at every input;
        # the params in a plain loop (a list comprehension is a call of its own, for one to three)
        shown = []
        for name, value in params.items():
            shown.append((name, str(value)))
        line = _new(Narration)  # core.frozen.instance written out: its call was a tenth of saying a line
        _set(line, "__dict__", {"key": key, "text": text, "area": area, "params": tuple(shown)})
        self.lines.append(line)


ProcedureBody = Generator[Question, str, None]


class Copyable(Protocol):
    """A game's state as procedures need it: something that can be copied whole, so the caller's
    state never changes while a procedure works on its own copy."""

    def copy(self: S) -> S: ...


S = TypeVar("S", bound=Copyable)
ProcedureFactory = Callable[[Any, Narrator, Mapping[str, Any]], ProcedureBody]
"""``body(state, narrator, args)``: a generator function over one game's state type."""


@dataclass
class Pending(Generic[S]):
    """A procedure under way: enough to rebuild exactly where it stands."""

    name: str
    args: dict[str, Any]
    start: S
    answers: list[str] = field(default_factory=list)
    replayable: bool = True
    """False when ``start`` is the live procedure's own working state instead of a copy kept to
    replay it from (a fold that never goes back: see ``Procedures.answer``): such a procedure
    can only go on live."""


@dataclass
class Outcome(Generic[S]):
    """The result of running a procedure as far as its answers go."""

    state: S
    question: Question | None
    narration: list[Narration]
    answers_used: int

    @property
    def is_finished(self) -> bool:
        return self.question is None


class Live(Generic[S]):
    """A procedure kept running between inputs: its generator, its working state and its narration.

    Replaying a procedure from its start for every answer made each input cost as many generator
    steps as the turn had answers so far (5.9 on average, up to 31, in simulated games). A live
    procedure takes one step per answer instead. It is only a cache: a :class:`Pending` still says
    exactly where the procedure stands, and :meth:`replay` rebuilds a live one from it — after an
    undo, on resume, or when a rule raised inside the generator and ended it.

    ``answers`` counts the answers sent; a game may use this object only while that count equals
    its own number of answers (a newer game may have taken it further).
    """

    def __init__(self, factory: ProcedureFactory, start: S, args: Mapping[str, Any], own: bool = False,
                 lazy: bool = False) -> None:
        """``own``: work on ``start`` itself, which nobody keeps (else on a copy, ``start`` unchanged).
        ``lazy``: leave each question's greyed options to be worked out when read (:func:`settle`),
        for a caller that reads them before the next answer or never; else they are read at once,
        so a question kept after the procedure has moved on still says what was greyed then."""
        self.state: S = start if own else start.copy()
        self.narrator = Narrator()
        self.answers = 0
        self.broken = False
        self.lazy = lazy
        self.body = factory(self.state, self.narrator, args)
        """The generator; :meth:`~companion.core.game.Procedures.answer` sends it answers itself (as
        :meth:`send` does, written out there)."""
        try:
            self.question: Question | None = next(self.body)
        except StopIteration:
            self.question = None
        if not lazy:
            settle(self.question)

    @classmethod
    def replay(cls, factory: ProcedureFactory, start: S, args: Mapping[str, Any], answers: list[str],
               lazy: bool = False) -> Live[S]:
        """A live procedure at the position ``answers`` lead to (answers beyond its end are left unused).

        The questions on the way are answered at once and never seen, so their greyed options are
        never worked out; the last one's are, unless ``lazy`` (for a caller that reads them before
        the next answer or never, as :meth:`send`'s ``lazy``). Later answers settle as usual."""
        live = cls(factory, start, args, lazy=True)
        for answer in answers:
            if live.question is None:
                break
            live.send(answer)
        live.lazy = False
        if not lazy:
            settle(live.question)
        return live

    def is_at(self, answers: int) -> bool:
        """Whether this procedure stands where a game with ``answers`` answers stands."""
        return not self.broken and self.answers == answers

    def send(self, answer: str, checked: bool = False, lazy: bool = False) -> None:
        """Take one step. An answer that is not an option raises :class:`InputError` and changes
        nothing; a rule broken inside the procedure ends it (``broken``): replay from the start.
        ``checked``: the caller has just checked ``answer`` against the question (a mode's
        ``apply`` does, before :meth:`~companion.core.game.Procedures.answer`), so it is not
        looked up among the options a second time (a card question has some sixty).
        ``lazy``: this step's question keeps its greyed options to be worked out when read, as a
        procedure made ``lazy`` does (for a caller that reads them before the next answer or never)."""
        question = self.question
        if question is None:
            raise InputError(f"the procedure has ended; {answer!r} answers nothing", "input.game-over")
        if not checked and not question.accepts(answer):
            raise not_an_option(question, answer, repr(answer))
        try:
            self.question = self.body.send(answer)
        except StopIteration:
            self.question = None
        except BaseException:
            self.broken = True
            raise
        self.answers += 1
        if not (self.lazy or lazy):
            settle(self.question)


def run(factory: ProcedureFactory, start: S, args: Mapping[str, Any], answers: list[str]) -> Outcome[S]:
    """Run a procedure from ``start`` feeding ``answers`` in order.

    Stops at the first question without an answer, or when the procedure ends (answers left over are
    not used: ``answers_used`` says how many were). An answer that is not among the current
    question's options raises :class:`InputError` naming the question; ``start`` is never changed.
    """
    live = Live.replay(factory, start, args, answers)
    return Outcome(live.state, live.question, live.narrator.lines, live.answers)


def not_an_option(question: Question, answer: str, quoted: str) -> InputError:
    """The refusal of an ``answer`` that is not among ``question``'s options (``quoted``: the answer
    as the message may show it; the key's params carry the id, which screens show by its name)."""
    if question.kind == "roll":
        if question.dice == 2:
            return InputError(f"a roll of two dice is two faces from 1 to 6, not {answer!r}", "input.roll-two-dice",
                              {"value": answer}, question)
        return InputError(f"a d12 roll is a face from 1 to 12, not {answer!r}", "input.roll-d12", {"value": answer},
                          question)
    shown = ", ".join(question.options[:12]) + (" …" if len(question.options) > 12 else "")
    return InputError(f"{quoted} is not an option for {question.text!r} (options: {shown})", "input.not-option",
                      {"value": answer}, question)
