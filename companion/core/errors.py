"""The engine's one family of errors.

Each is also the matching builtin (``ValueError``) so callers that only know Python's own
exceptions still catch them. Messages quote the bad value with ``!r`` and a rule violation names the
rule it breaks, because that message is what the table reads on the screen.
"""
from __future__ import annotations

from typing import Any


class CompanionError(ValueError):
    """Base of everything the engine refuses."""


class StateFormatError(CompanionError):
    """A position (state JSON) is malformed; ``field`` names the offending field, e.g. ``players[1].money``."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


class RuleViolation(CompanionError):
    """An action the rules do not allow; ``rule`` is a short stable id such as ``build.trouble``."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule


class InputError(CompanionError):
    """An input that does not fit the question the game is asking (wrong kind, not an option, stale)."""


class WaitingForOther(InputError):
    """The game waits for a different kind of input (a roll given where a choice is asked, or
    another player's answer); ``question`` is what it waits for. Raised by the engine (see
    :func:`companion.core.inputs.check_kind`); the ``game do`` command exits 3 on it."""

    def __init__(self, message: str, question: Any) -> None:
        super().__init__(message)
        self.question = question
