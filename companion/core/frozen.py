"""Frozen dataclass values made quickly, for the few the engines make at every input.

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__``, one call
per field: a question has eleven. The Ankh-Morpoly engine makes questions, narration lines and the
path steps of a walk at every input, and building them that way was about a sixth of a simulated
game. :func:`instance` gives the same value — same class, same fields, equal, same hash and repr —
by handing the instance its field dictionary at once.

Only for frozen dataclasses without slots, ``__post_init__`` or fields computed at init (the
generated ``__init__`` would do nothing more than store the fields); the caller passes **every**
field by name. ``tests/companion/test_frozen.py`` holds each such use equal to its constructor.
"""
from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__


def instance(cls: type[T], fields: dict[str, Any]) -> T:
    """An instance of the frozen dataclass ``cls`` whose fields are ``fields`` (all of them, by name;
    the dictionary becomes the instance's own, so pass a fresh one)."""
    value = _new(cls)
    _set(value, "__dict__", fields)
    return value
