"""What every command accepts from its command line, checked in one place: whole numbers by their
digits and range (``--game 99999999999999999999`` is refused, not an ``OverflowError`` from SQLite),
lists of names that must not be empty, ``--option NAME=VALUE`` pairs, a file argument where ``-`` is
standard input, and one-line messages.

JSON text goes through :func:`companion.core.jsontext.parse_json` (bounded size, depth and digits).
"""
from __future__ import annotations

import argparse
import sys
from typing import Callable

from companion.core.jsontext import MAX_CHARS

MAX_COUNT = 10**9
"""Larger than any game id, step count or number of games a table will see; beyond it, a typo."""


def whole(name: str, minimum: int = 1, maximum: int = MAX_COUNT) -> Callable[[str], int]:
    """An ``argparse`` type: ASCII digits only (``int()`` also takes ``"١"``, ``"1_000"``, ``" 7"``),
    at most as many as ``maximum`` has, and the value within ``minimum``–``maximum``."""
    def parse(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or len(text) > len(str(maximum)):
            raise argparse.ArgumentTypeError(f"{name} is a whole number from {minimum} to {maximum}, "
                                             f"not {text!r:.40}")
        value = int(text)
        if not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(f"{name} is a whole number from {minimum} to {maximum}, "
                                             f"not {value}")
        return value
    parse.__name__ = name  # argparse names the type in its messages
    return parse


def names_list(option: str, text: str) -> list[str]:
    """``a,b,c`` → ``["a", "b", "c"]``; an empty item (``","``, ``"a,,b"``) is refused, not dropped."""
    items = [item.strip() for item in text.split(",")]
    for i, item in enumerate(items, start=1):
        if not item:
            raise ValueError(f"{option}: item {i} of {text!r:.80} is empty")
        if len(item) > 40 or not item.isprintable():
            raise ValueError(f"{option}: item {i} must be 1 to 40 printable characters, not {item!r:.60}")
    return items


def parse_options(pairs: list[str]) -> dict[str, str]:
    """``--option NAME=VALUE`` pairs (``game new``, ``simulate --mode ankh-morpoly``); a malformed one
    or a name given twice is refused, not silently overridden. Whether a name and its value are the
    mode's own is the mode's business (:func:`companion.core.mode.resolve_options`)."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name.strip():
            raise ValueError(f"--option {pair!r}: expected NAME=VALUE")
        if name.strip() in options:
            raise ValueError(f"--option {name.strip()!r} is given twice")
        options[name.strip()] = value.strip()
    return options


def read_text(path: str) -> str:
    """The UTF-8 text of a file argument, ``-`` meaning standard input (``analyse -``, ``event …
    -``), so a position can be piped in; an ``OSError`` or ``UnicodeDecodeError`` is the caller's to
    report in its own words. At most one character past :data:`~companion.core.jsontext.MAX_CHARS`
    is read: enough for :func:`~companion.core.jsontext.parse_json` to refuse the text as too long,
    without taking a gigabyte file (or an endless pipe) into memory first."""
    if path == "-":
        return sys.stdin.read(MAX_CHARS + 1)
    with open(path, encoding="utf-8") as f:
        return f.read(MAX_CHARS + 1)


def one_line(message: str) -> str:
    """A message as one line (a multi-line SQLite or JSON message included)."""
    return " ".join(message.split())
