"""The engine's one family of errors.

Each is also the matching builtin (``ValueError``) so callers that only know Python's own
exceptions still catch them. Messages quote the bad value with ``!r`` and a rule violation names the
rule it breaks, because that message is what the table reads on the screen.
"""
from __future__ import annotations


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
