"""Bounded JSON reading: the one place where text from outside (an input on the command line, a
position file, a line of an export, a row of the journal) becomes a JSON value.

Why one key once: Python's ``json`` reads ``{"face": 3, "face": 4}`` as ``{"face": 4}``, the last
one winning, where another reader may take the first: the text says two things and the companion
would act on one of them unasked. An object that names a key twice is refused, naming the key, in
every text (the check is a Python call per object, ``object_pairs_hook``; measured on a resume, the
reader that decodes the most objects, ``Session.open`` of a 500-entry journal (500 rows of one
object each, ``benchmarks/bench_scale.py``'s ``make_journal``) went from 121.9M to 123.1M
instructions, 1.0% more (callgrind, ``PYTHONHASHSEED=0``), so journal rows are checked too rather
than left to the hash chain alone: a row with a key twice is a damaged row, named as such).

Why bounds: Python's ``json`` turns a number of 4,301 digits into a ``ValueError`` and an array
nested 5,000 deep into a ``RecursionError``, and a 100 MB line into 100 MB of memory. Each of those
would end a command in a traceback (or the Pi in a swap storm), so every reader goes through
:func:`parse_json`, which refuses them with one :class:`JsonTextError` naming what was read.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

from companion.core.errors import CompanionError

MAX_DEPTH: Final = 64
"""The deepest nesting any of our documents needs is 5 (a position's areas); 64 is generous."""
MAX_DIGITS: Final = 30
"""A number longer than this is not a count, a face, an id or a sequence number of ours."""
MAX_CHARS: Final = 10_000_000
"""A whole position or export line is a few kilobytes; ten megabytes is far beyond any real one."""


class JsonTextError(CompanionError):
    """Text that is not a usable JSON document: malformed, too long, too deep or with a giant number."""


class DuplicateKeyError(JsonTextError):
    """Well-formed JSON whose object gives one key twice (so not a truncated text: the whole was read)."""


def _deepest(text: str) -> int:
    """The deepest nesting of brackets outside strings (a single pass, no recursion)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise JsonTextError(f"a number of {len(text.lstrip('-'))} digits (at most {MAX_DIGITS})")
    return int(text)


def _bounded_float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise JsonTextError(f"a number of {len(text)} characters (at most {MAX_DIGITS + 10})")
    return float(text)


def _no_constant(name: str) -> Any:
    raise JsonTextError(f"{name} is not JSON")


def _one_key_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The object of ``pairs``; a key given twice is refused (``dict`` would keep the last)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):  # the rare case: find which key, for the message
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKeyError(f"an object with the key {key!r:.60} twice (each key may be given once)")
            seen.add(key)
    return obj


_DECODER: Final = json.JSONDecoder(parse_int=_bounded_int, parse_float=_bounded_float, parse_constant=_no_constant,
                                   object_pairs_hook=_one_key_once)
"""The bounded decoder, made once: ``json.loads`` with hooks builds a new one for every document,
and the journal's rows are read one document each (a resume reads thousands)."""
_SCAN: Final[Callable[[str, int], tuple[Any, int]]] = getattr(_DECODER, "scan_once")  # set by __init__, untyped
"""Its scanner, called directly for a text that is one value from its first character to its last
(every text the companion writes): ``decode`` around it matches a pattern for the whitespace
before and after, a quarter of parsing a short row's text (callgrind). Anything else (spaces
around, text after the value, nothing at all) goes through ``decode``, which reads or refuses it
exactly as it always has."""


def parse_json(text: str | bytes, what: str = "the document", max_chars: int = MAX_CHARS) -> Any:
    """The JSON value of ``text``; anything unusable is a :class:`JsonTextError` whose message
    starts with ``what`` (``"the input"``, ``"line 3"``)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonTextError(f"{what} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if len(text) > max_chars:
        raise JsonTextError(f"{what} is {len(text)} characters long (at most {max_chars})")
    if text.count("[") + text.count("{") > MAX_DEPTH:  # else it cannot nest deeper: no scan (most texts)
        depth = _deepest(text)
        if depth > MAX_DEPTH:
            raise JsonTextError(f"{what} is nested {depth} deep (at most {MAX_DEPTH})")
    try:
        if text.startswith("\ufeff"):  # what json.loads says of it, which the decoder itself does not check
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        try:
            value, end = _SCAN(text, 0)
        except StopIteration:  # nothing at the start (a space first, an empty text): decode says why
            pass
        else:
            if end == len(text):
                return value
        return _DECODER.decode(text)
    except JsonTextError as exc:
        raise type(exc)(f"{what} holds {exc}") from None
    except json.JSONDecodeError as exc:
        raise JsonTextError(f"{what} is not JSON ({exc})") from None
    except (ValueError, RecursionError) as exc:  # a last guard: nothing below may escape as a traceback
        raise JsonTextError(f"{what} is not a usable JSON document ({exc})") from None
