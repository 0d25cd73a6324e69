"""The inputs the table gives the companion: the only way anything in a game changes.

Each is a small frozen dataclass with a stable JSON form; the journal stores exactly that form, so
the shapes below are a contract (``docs/journal-format.md``): fields are only ever added, with
defaults. ``seq`` is the number of inputs the game had accepted when this one was made; when given,
an input made against an older position (a double tap, a tap racing a die roll) is rejected as stale.
"""
from __future__ import annotations

from dataclasses import MISSING, asdict, dataclass, fields
from typing import TYPE_CHECKING, Any, Union

from companion.core.errors import InputError, WaitingForOther
from companion.core.frozen import instance

if TYPE_CHECKING:
    from companion.core.procedure import Question


@dataclass(frozen=True)
class Answer:
    """A player's answer to the current question: one of its options (an area id, a colour, a card
    id, ``pay``/``decline``, ``none``, ``pass`` …)."""

    value: str
    player: str | None = None
    seq: int | None = None
    type: str = "answer"


@dataclass(frozen=True)
class DieRoll:
    """A face the die showed. ``source`` is where it came from (``serial``, ``gpio``, ``sim``,
    ``manual``); ``die_id`` tells dice apart when several roll.

    A throw of two six-sided dice (the second game) carries both faces instead, ``faces=(3, 4)``,
    never just their sum: doubles, "the lower die first" and products need the single faces. Its
    JSON form is ``{"type": "roll", "faces": [3, 4]}``; exactly one of ``face`` and ``faces`` is set.
    """

    face: int | None = None
    source: str = "manual"
    die_id: str | None = None
    seq: int | None = None
    type: str = "roll"
    faces: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.faces is not None and not isinstance(self.faces, tuple):
            if not isinstance(self.faces, list):
                raise InputError(f"field 'faces' of a 'roll' input is a list of faces, not {self.faces!r}", "input.malformed")
            object.__setattr__(self, "faces", tuple(self.faces))
        if (self.face is None) == (self.faces is None):
            raise InputError("a 'roll' input has either 'face' (one die) or 'faces' (several dice), "
                             f"not {'both' if self.face is not None else 'neither'}", "input.malformed")


@dataclass(frozen=True)
class CardScan:
    """A card the scanner (or the searchable list) identified: ``kind`` is card, event,
    personality or area; ``card`` is its id."""

    kind: str
    card: str
    source: str = "manual"
    player: str | None = None
    seq: int | None = None
    type: str = "scan"


@dataclass(frozen=True)
class RandomDraw:
    """The outcome of a ``random`` question, drawn by the session and journalled as a fact so that
    replay never needs randomness (Zorgo's personality, a shuffled discard pile)."""

    value: str
    seq: int | None = None
    type: str = "random"


Input = Union[Answer, DieRoll, CardScan, RandomDraw]
_TYPES: dict[str, type[Any]] = {"answer": Answer, "roll": DieRoll, "scan": CardScan, "random": RandomDraw}


def input_to_json(inp: Input) -> dict[str, Any]:
    """The journal form: every field, ``None`` ones left out (a roll's ``faces`` as a JSON list)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(inp).items() if v is not None}


def input_from_json(doc: Any) -> Input:
    """Parse the journal form; anything else is an ``InputError`` quoting what was wrong."""
    if not isinstance(doc, dict):
        raise InputError(f"an input is a JSON object, not {doc!r:.80}", "input.malformed")
    kind = doc.get("type")
    if not isinstance(kind, str) or kind not in _TYPES:
        raise InputError(f"unknown input type {kind!r:.80} (field 'type'); expected one of {', '.join(_TYPES)}", "input.malformed")
    cls = _TYPES[kind]
    if not _FIELDS[kind].issuperset(doc):  # in C, no set made for a document without an unknown field
        unknown = set(doc) - _FIELDS[kind]
        raise InputError(f"unknown field(s) {sorted(map(str, unknown))!r:.120} in a {kind!r} input", "input.malformed")
    # a required field given as null is missing: "fields that are null are left out" holds for
    # the optional ones alone (an answer's value of None would reach the rules as no text at all)
    for required in _REQUIRED[kind]:
        if doc.get(required) is None:
            missing = {name for name in _REQUIRED[kind] if doc.get(name) is None}
            raise InputError(f"an input of type {kind!r} needs the field(s) {', '.join(sorted(missing))}",
                             "input.malformed")
    defaults = _MADE_AT_ONCE.get(kind)
    if defaults is None:
        inp: Input = cls(**doc)
    else:  # every field by name, in the class's order, the given ones over the defaults (core.frozen)
        given = dict(defaults)
        given.update(doc)
        inp = instance(cls, given)
    _check_types(inp)
    return inp


SOURCES: tuple[str, ...] = ("manual", "serial", "gpio", "sim", "scanner", "camera", "wedge", "keyboard")
"""Where an input can come from: the die's transports (``serial``, ``gpio``, ``sim``), the scanners
(``scanner``, ``camera``, ``wedge``, ``keyboard``) and a tap (``manual``)."""
SCAN_KINDS: tuple[str, ...] = ("card", "event", "personality", "area", "chance", "chest")
"""What a scanned card can be (the kinds of ``docs/qr-format.md``)."""
MAX_TEXT: int = 64
"""The longest id, colour, option or die id an input may carry (the longest card id is 31)."""
MAX_NUMBER: int = 2**31 - 1
"""The largest face or sequence number: beyond it a number is damage, not a game."""


_FIELDS: dict[str, frozenset[str]] = {kind: frozenset(cls.__dataclass_fields__) for kind, cls in _TYPES.items()}
_MADE_AT_ONCE: dict[str, dict[str, Any]] = {
    kind: {f.name: f.default for f in fields(cls)} for kind, cls in _TYPES.items()
    if not hasattr(cls, "__post_init__") and all(f.default_factory is MISSING for f in fields(cls))}
"""The inputs :func:`input_from_json` makes with :func:`~companion.core.frozen.instance` (all but a roll,
which ``__post_init__`` checks): each field's default, in order (a required one's is ``MISSING``, and a
document without it is refused first). The frozen constructor's call per field was a third of
reading an input (a resume reads each distinct row text once)."""
_REQUIRED: dict[str, frozenset[str]] = {
    kind: frozenset(f.name for f in fields(cls) if f.default is MISSING and f.default_factory is MISSING)
    for kind, cls in _TYPES.items()}


def _check_types(inp: Input) -> None:
    """Every field by type *and* value: whole numbers in range, texts short printable ASCII, a
    known ``source`` and scan ``kind``. Whether the value answers the question is the engine's
    check (the question lists what it accepts); this is what any input of this type must be."""
    # getattr rather than asdict: asdict deep-copies every field, a quarter of a journal's replay.
    # First whether the value passes as nearly every value does — a plain ``int`` in range, a short
    # printable ASCII ``str`` — without a call; anything else (a list of faces, a subclass, a value
    # out of range) goes through the worded checks, which pass it or say why not. (The message each
    # check words for its refusal was made for every field, refused or not: a third of checking an
    # input; a call per field for the plain case was a fifth of reading a new journal row's input.)
    for name in _FIELDS[inp.type]:
        value = getattr(inp, name)
        if value is None:
            continue
        if type(value) is str:
            if name not in _NUMBERS and name != "faces" and is_input_text(value):
                continue
        elif type(value) is int and name in _NUMBERS and _NUMBERS[name] <= value <= MAX_NUMBER:
            continue
        where = f"field {name!r} of a {inp.type!r} input"
        if name in ("face", "seq"):
            _check_number(value, where, 1 if name == "face" else 0)
        elif name == "faces":
            if not isinstance(value, (list, tuple)) or not 1 <= len(value) <= 6:
                raise InputError(f"{where} must be a list of 1 to 6 faces, not {value!r:.80}", "input.malformed")
            for face in value:
                _check_number(face, where, 1)
        else:
            _check_text(value, where)
    if isinstance(inp, (DieRoll, CardScan, Answer)):
        source = getattr(inp, "source", None)
        if source is not None and source not in SOURCES:
            raise InputError(f"field 'source' of a {inp.type!r} input: unknown source {source!r:.80}; "
                             f"expected one of {', '.join(SOURCES)}", "input.malformed")
    if isinstance(inp, CardScan) and inp.kind not in SCAN_KINDS:
        raise InputError(f"field 'kind' of a 'scan' input: unknown kind {inp.kind!r:.80}; "
                         f"expected one of {', '.join(SCAN_KINDS)}", "input.malformed")


_NUMBERS: dict[str, int] = {"face": 1, "seq": 0}
"""The number fields and the least value of each (``_check_types``)."""


def _check_number(value: Any, where: str, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{where} must be int, not {value!r:.80}", "input.malformed")
    if not minimum <= value <= MAX_NUMBER:
        raise InputError(f"{where} must be a whole number from {minimum} to {MAX_NUMBER}, not {value!r:.80}", "input.malformed")


def is_input_text(value: str, longest: int = MAX_TEXT) -> bool:
    """Whether an input may carry ``value``: 1 to ``longest`` printable ASCII characters (a player
    id is such a text too: the inputs name players, :meth:`companion.core.session.Session.new_game`)."""
    # isascii and isprintable together are exactly " " to "~", tested in C rather than a character at a time
    return 1 <= len(value) <= longest and value.isascii() and value.isprintable()


def _check_text(value: Any, where: str) -> None:
    if not isinstance(value, str):
        raise InputError(f"{where} must be str, not {value!r:.80}", "input.malformed")
    if not is_input_text(value):
        raise InputError(f"{where} must be 1 to {MAX_TEXT} printable ASCII characters, not {value!r:.80}", "input.malformed")


def answer_text(inp: Input) -> str:
    """The string a procedure receives for this input (a roll becomes its face, a scan its id)."""
    if isinstance(inp, DieRoll):
        return roll_text(inp)
    if isinstance(inp, CardScan):
        return inp.card
    return inp.value


def roll_text(roll: DieRoll) -> str:
    """A roll as a question's answer: ``"7"`` for one face, ``"3,4"`` for two (in the order given)."""
    if roll.faces is not None:
        return ",".join(map(str, roll.faces))
    return str(roll.face)


_KINDS: dict[str, tuple[type[Any], ...]] = {"roll": (DieRoll,), "random": (RandomDraw,), "choice": (Answer, CardScan)}


def check_kind(question: Question, inp: Input) -> None:
    """Raise :class:`WaitingForOther` when ``inp`` is not the kind of input ``question`` asks for
    (a roll where a choice is asked) or is another player's. An engine's ``apply`` calls this — the
    one place that decides whether an input fits the question's kind."""
    if not isinstance(inp, _KINDS.get(question.kind, ())):
        raise WaitingForOther(f"the game waits for a {question.kind} ({question.text!r}), not a {inp.type!r} input",
                              question, "input.waiting-kind", {"wanted": question.kind, "given": inp.type})
    player = getattr(inp, "player", None)
    if player is not None and question.player is not None and player != question.player:
        raise WaitingForOther(f"the game waits for {question.player!r} ({question.text!r}), not {player!r}", question,
                              "input.waiting-player", {"player": question.player, "given": player})
