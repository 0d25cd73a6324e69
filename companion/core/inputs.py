"""The inputs the table gives the companion: the only way anything in a game changes.

Each is a small frozen dataclass with a stable JSON form; the journal stores exactly that form, so
the shapes below are a contract (``docs/journal-format.md``): fields are only ever added, with
defaults. ``seq`` is the number of inputs the game had accepted when this one was made; when given,
an input made against an older position (a double tap, a tap racing a die roll) is rejected as stale.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Union

from companion.core.errors import InputError, WaitingForOther

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
    ``manual``); ``die_id`` tells dice apart when several roll."""

    face: int
    source: str = "manual"
    die_id: str | None = None
    seq: int | None = None
    type: str = "roll"


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
    """The journal form: every field, ``None`` ones left out."""
    return {k: v for k, v in asdict(inp).items() if v is not None}


def input_from_json(doc: Any) -> Input:
    """Parse the journal form; anything else is an ``InputError`` quoting what was wrong."""
    if not isinstance(doc, dict):
        raise InputError(f"an input is a JSON object, not {doc!r}")
    kind = doc.get("type")
    if kind not in _TYPES:
        raise InputError(f"unknown input type {kind!r}; expected one of {', '.join(_TYPES)}")
    cls = _TYPES[kind]
    fields = {f for f in cls.__dataclass_fields__}
    unknown = set(doc) - fields
    if unknown:
        raise InputError(f"unknown field(s) {sorted(unknown)!r} in a {kind!r} input")
    try:
        inp: Input = cls(**doc)
    except TypeError as exc:
        raise InputError(f"malformed {kind!r} input {doc!r}: {exc}") from None
    _check_types(inp)
    return inp


def _check_types(inp: Input) -> None:
    for name, value in asdict(inp).items():
        if value is None:
            continue
        wanted: type[Any] = int if name in ("face", "seq") else str
        if isinstance(value, bool) or not isinstance(value, wanted):
            raise InputError(f"field {name!r} of a {inp.type!r} input must be {wanted.__name__}, not {value!r}")


def answer_text(inp: Input) -> str:
    """The string a procedure receives for this input (a roll becomes its face, a scan its id)."""
    if isinstance(inp, DieRoll):
        return str(inp.face)
    if isinstance(inp, CardScan):
        return inp.card
    return inp.value


_KINDS: dict[str, tuple[type[Any], ...]] = {"roll": (DieRoll,), "random": (RandomDraw,), "choice": (Answer, CardScan)}


def check_kind(question: Question, inp: Input) -> None:
    """Raise :class:`WaitingForOther` when ``inp`` is not the kind of input ``question`` asks for
    (a roll where a choice is asked) or is another player's. An engine's ``apply`` calls this — the
    one place that decides whether an input fits the question's kind."""
    if not isinstance(inp, _KINDS.get(question.kind, ())):
        raise WaitingForOther(f"the game waits for a {question.kind} ({question.text!r}), not a {inp.type!r} input",
                              question)
    player = getattr(inp, "player", None)
    if player is not None and question.player is not None and player != question.player:
        raise WaitingForOther(f"the game waits for {question.player!r} ({question.text!r}), not {player!r}", question)
