"""The engine's one family of errors.

Each is also the matching builtin (``ValueError``) so callers that only know Python's own
exceptions still catch them. Messages quote the bad value with ``!r`` and a rule violation names the
rule it breaks, because that message is what the table reads on the screen.
"""
from __future__ import annotations

from typing import Any, Mapping


class CompanionError(ValueError):
    """Base of everything the engine refuses.

    A refusal the table may meet on a screen also carries a stable ``key`` (a rule id such as
    ``setup.personality``) and its values as ``params`` (ids, colours, numbers as text), and the
    question it answers when there is one: the screens translate the key (``e:<key>``) and never
    read the English sentence, which stays the message for the command line and the JSON contract.
    """

    key: str = ""
    params: tuple[tuple[str, str], ...] = ()
    question: Any = None

    def _keyed(self, key: str, params: Mapping[str, object] | None, question: Any) -> None:
        self.key = key
        self.params = tuple((name, str(value)) for name, value in (params or {}).items())
        self.question = question


class StateFormatError(CompanionError):
    """A position (state JSON) is malformed; ``field`` names the offending field, e.g. ``players[1].money``."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


class RuleViolation(CompanionError):
    """An action the rules do not allow; ``rule`` is a short stable id such as ``build.trouble``."""

    def __init__(self, rule: str, message: str, params: Mapping[str, object] | None = None,
                 question: Any = None) -> None:
        super().__init__(message)
        self.rule = rule
        self._keyed(rule, params, question)


class InputError(CompanionError):
    """An input that does not fit the question the game is asking (wrong kind, not an option, stale);
    ``key``, ``params`` and ``question`` as for every :class:`CompanionError`."""

    def __init__(self, message: str, key: str = "", params: Mapping[str, object] | None = None,
                 question: Any = None) -> None:
        super().__init__(message)
        self._keyed(key, params, question)


class WaitingForOther(InputError):
    """The game waits for a different kind of input (a roll given where a choice is asked, or
    another player's answer); ``question`` is what it waits for. Raised by the engine (see
    :func:`companion.core.inputs.check_kind`); the ``game do`` command exits 3 on it."""

    def __init__(self, message: str, question: Any, key: str = "",
                 params: Mapping[str, object] | None = None) -> None:
        super().__init__(message, key, params, question)
