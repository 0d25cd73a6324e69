"""A game mode: everything one game brings to the game-neutral core, as one object.

The core (inputs, questions and procedures, the session, the journal, undo, the commands and the
app's frame) knows nothing of minions or insurance contracts. A game plugs into it by implementing
:class:`GameMode` — the idea of boardgame.io's ``Game`` object and of python-chess's
``variant.py``: set-up, ``apply``, the question asked now, a per-viewer view, the **progress** a
screen draws (what is being played or resolved now, and the roll and what it is for), and the result.

Its rule options are named in one place (:attr:`GameMode.options`), each with a default and a
one-line description, so a table can play by its own reading and the journal can record exactly
which rules a game was played under. A mode also carries a **rules revision**: the journal stores
the revision a game was started with, and replay hands it back to :meth:`GameMode.new_game`, so a
game recorded before an upgrade that changes what is asked still resumes as it was played.

Modes are looked up by id in :data:`MODES` (:func:`get_mode`); Discworld: Ankh-Morpork is the first
and the default (:data:`DEFAULT_MODE`).
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol, TypeVar

from companion.core.errors import InputError
from companion.core.inputs import Input
from companion.core.procedure import Narration, Question, Reason

G = TypeVar("G")

DEFAULT_MODE: Final = "ankh-morpork"


@dataclass(frozen=True)
class Option:
    """One named rule option of a mode: the table's reading of a rule the books leave open, or an
    edition's difference. ``choices`` lists every allowed value (as text, the form the journal and
    ``--option NAME=VALUE`` use); ``default`` is one of them.

    An option may **follow** another declared before it: its default then depends on that option's
    value (``defaults`` pairs a value of ``follows`` with this option's default then; other values
    keep ``default``). So an edition sets the rulings of its rulebook, and an explicit value still
    overrides them (German rules with the English tie-break, say)."""

    name: str
    default: str
    choices: tuple[str, ...]
    description: str
    follows: str | None = None
    defaults: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"option {self.name!r}: default {self.default!r} is not one of {self.choices!r}")
        for _, value in self.defaults:
            if value not in self.choices:
                raise ValueError(f"option {self.name!r}: default {value!r} is not one of {self.choices!r}")
        if self.defaults and self.follows is None:
            raise ValueError(f"option {self.name!r}: defaults by value need the option they follow")

    def default_for(self, resolved: Mapping[str, str]) -> str:
        """This option's default given the options resolved before it."""
        if self.follows is None:
            return self.default
        return dict(self.defaults).get(resolved[self.follows], self.default)

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"name": self.name, "default": self.default, "choices": list(self.choices),
                               "description": self.description}
        if self.follows is not None:
            doc["follows"] = self.follows
            doc["defaults"] = dict(self.defaults)
        return doc


def check_revision(mode_id: str, revision: int, latest: int) -> None:
    """A game recorded under a rules revision this companion does not know was started by a newer
    companion: refused (an :class:`InputError`), never played by today's rules."""
    if not 1 <= revision <= latest:
        raise InputError(f"rules revision {revision!r}: this companion plays {mode_id} revisions 1 to "
                         f"{latest}; the game was started by a newer one", "mode.revision",
                         {"revision": revision, "latest": latest})


def resolve_options(declared: Sequence[Option], given: Mapping[str, str]) -> dict[str, str]:
    """Every declared option with its value: ``given`` where set, else its default (which, for an
    option that follows another, depends on that one's value). An unknown name or a value outside
    an option's choices is an :class:`InputError` naming both. Resolving resolved options again
    gives them back unchanged."""
    by_name = {option.name: option for option in declared}
    for name, value in given.items():
        option = by_name.get(name)
        if option is None:
            raise InputError(f"unknown option {name!r}; this game has {', '.join(by_name) or 'none'}",
                             "mode.option-unknown", {"option": name})
        if value not in option.choices:
            raise InputError(f"unknown {name} {value!r}; option {name!r} is one of {', '.join(option.choices)}",
                             "mode.option-value", {"option": name, "value": value})
    resolved: dict[str, str] = {}
    for option in declared:
        if option.follows is not None and option.follows not in resolved:
            raise ValueError(f"option {option.name!r} follows {option.follows!r}, which is not declared before it")
        resolved[option.name] = given[option.name] if option.name in given else option.default_for(resolved)
    return resolved


@dataclass(frozen=True)
class Step:
    """One step of what is being played or resolved now (a symbol of a card, a stage of an event):
    ``status`` is ``done``, ``now``, ``to-come`` or ``skipped`` (then ``why`` says why)."""

    name: str
    status: str
    why: Reason | None = None


@dataclass(frozen=True)
class Activity:
    """Something being played or resolved now: a card with its symbols, a random event with the
    face rolled for it, a guild power. ``kind`` is the mode's word for it (``card``, ``event`` …),
    ``id`` the card's, event's or power's id, ``face`` the last roll made for it. ``status`` is
    ``now``, or ``done`` for one that has just ended and is still shown (the event a card drew,
    until the next card is played), so a screen can show how it ended without keeping a copy."""

    kind: str
    id: str
    player: str | None = None
    steps: tuple[Step, ...] = ()
    face: int | None = None
    status: str = "now"


@dataclass(frozen=True)
class RollPurpose:
    """Whose roll the game waits for and what it is for (``for_`` is a key such as ``event.fire``,
    ``card.here-n-now`` or ``move``), so a screen can say so without reading the question's key."""

    player: str | None
    for_: str
    dice: int = 1
    sides: int = 12


@dataclass(frozen=True)
class Progress:
    """What a player at the table needs to see of what is happening now, published by the mode:
    the activities under way, outermost first (a card, and inside it an event it triggered), the
    roll awaited (if any), and the ``screen`` that should show the current question (a name the
    app's frame maps to one of the mode's screens).

    ``outcome`` names the screen that shows how something ended with the last input (a random
    event's result), empty when nothing did: the table was looking at that result when the
    question moved on, so a game resumed there shows it first, until the players continue to
    ``screen``. It is part of the position, not a memory of the screen's: a restart right after
    the last roll of an event comes back to the event's result, not to the next question."""

    screen: str
    activities: tuple[Activity, ...] = ()
    roll: RollPurpose | None = None
    extra: tuple[tuple[str, str], ...] = field(default=())
    outcome: str = ""

    def innermost(self, kind: str) -> Activity | None:
        """The innermost activity of ``kind`` (the event a card triggered, say)."""
        for activity in reversed(self.activities):
            if activity.kind == kind:
                return activity
        return None


class GameMode(Protocol[G]):
    """A game as the core sees it. ``G`` is the mode's own game value (immutable from the outside:
    :meth:`apply` returns a new one or raises a ``CompanionError`` and the old one stands)."""

    id: str
    title: str
    revision: int
    options: tuple[Option, ...]

    def new_game(self, players: Sequence[str], options: Mapping[str, str], names: Sequence[str] | None,
                 revision: int) -> G:
        """The set-up position, waiting for its first input, under ``options`` (already resolved)
        and the rules as they were at ``revision``."""

    def apply(self, game: G, inp: Input) -> G:
        """The game after ``inp``; the one place that checks whether ``inp`` fits the question."""

    def question(self, game: G) -> Question | None:
        """What the game waits for now; ``None`` when it is over."""

    def narration(self, game: G) -> Sequence[Narration]:
        """The whole log so far (every viewer's; see :meth:`narration_for`)."""

    def narration_for(self, game: G, viewer: str | None) -> Sequence[Narration]:
        """The log as ``viewer`` may read it (``None``: the public table)."""

    def view(self, game: G, viewer: str | None) -> dict[str, Any]:
        """The position as ``viewer`` may see it, in the mode's documented state format."""

    def question_for(self, game: G, viewer: str | None) -> dict[str, Any] | None:
        """The current question as ``viewer`` may see it (a private one hides its options)."""

    def progress(self, game: G) -> Progress:
        """What is being played or resolved now, the roll awaited and which screen shows it."""

    def result(self, game: G, inputs: int) -> Any:
        """How the game ended (a ``companion.core.journal.GameResult``), or ``None`` while it runs."""


MODES: Final[Mapping[str, str]] = {
    "ankh-morpork": "companion.morpork.mode:MODE",
    "ankh-morpoly": "companion.morpoly.mode:MODE",
}
"""Registered modes: id → ``module:attribute`` of the mode object, imported on first use so that
the core and its tests do not load every game."""


def mode_ids() -> tuple[str, ...]:
    return tuple(MODES)


def get_mode(mode_id: str) -> GameMode[Any]:
    """The registered mode ``mode_id``; an unknown id is an :class:`InputError` listing the known ones."""
    target = MODES.get(mode_id)
    if target is None:
        raise InputError(f"unknown game mode {mode_id!r}; expected one of {', '.join(MODES)}", "mode.unknown",
                         {"mode": mode_id})
    module_name, attribute = target.split(":")
    mode: GameMode[Any] = getattr(importlib.import_module(module_name), attribute)
    return mode
