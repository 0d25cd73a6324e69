"""The reading primitives every journal row goes through, held to their definitions after they were
made faster for a resume (issue 16): an input text is 1 to 64 characters from " " to "~" (tested
in C now, not a character at a time); a document nested deeper than ``MAX_DEPTH`` is refused
whether or not it was scanned for depth (the scan is skipped when it holds too few brackets to
nest that deep); a byte-order mark is refused as ``json.loads`` refuses it; and a row's hash is
the SHA-256 of the JSON array its docstring names."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from companion.core.inputs import MAX_TEXT, is_input_text
from companion.core.journal import chain_hash
from companion.core.jsontext import MAX_DEPTH, JsonTextError, parse_json


def test_an_input_text_is_printable_ascii_character_by_character() -> None:
    wrong = [code for code in range(0x3000)
             if is_input_text(chr(code)) != (" " <= chr(code) <= "~")
             or is_input_text("red" + chr(code) + "x") != (" " <= chr(code) <= "~")]
    assert wrong == []


def test_an_input_text_has_one_to_64_characters() -> None:
    assert not is_input_text("")
    assert is_input_text("a" * MAX_TEXT)
    assert not is_input_text("a" * (MAX_TEXT + 1))
    assert is_input_text("abc", longest=3) and not is_input_text("abcd", longest=3)


def test_a_document_nested_too_deep_is_refused_and_one_just_deep_enough_is_read() -> None:
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(JsonTextError, match=f"nested {MAX_DEPTH + 1} deep"):
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "line 3")


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    text = json.dumps({"note": "[{" * 100})
    assert parse_json(text) == {"note": "[{" * 100}


def test_a_byte_order_mark_is_refused_as_json_loads_refuses_it() -> None:
    with pytest.raises(json.JSONDecodeError):
        json.loads("\ufeff{}")
    with pytest.raises(JsonTextError, match="^the input is not JSON \\(Unexpected UTF-8 BOM"):
        parse_json("\ufeff{}", "the input")


def test_a_text_read_by_the_scanner_alone_reads_and_refuses_as_json_loads_does() -> None:
    # a value from the first character to the last goes to the scanner alone; spaces around it,
    # text after it or nothing at all go through decode, which says what json.loads says
    texts = ['{"type":"answer","value":"end-turn"}', ' {"a": 1}', '{"a": 1}\n', '\t[1, 2] ', "7", '"x"',
             '{"a": 1}x', '{"a": 1}{"b": 2}', "", "   ", "-", '{"a"', '[1,]', "nul"]
    for text in texts:
        try:
            expected: Any = json.loads(text)
        except json.JSONDecodeError as exc:
            with pytest.raises(JsonTextError) as refused:
                parse_json(text, "data")
            assert str(refused.value) == f"data is not JSON ({exc})"
        else:
            assert parse_json(text, "data") == expected


def test_numbers_stay_bounded_with_the_decoder_made_once() -> None:
    assert parse_json('{"face": 12, "x": 1.5}') == {"face": 12, "x": 1.5}
    with pytest.raises(JsonTextError, match="holds a number of 31 digits"):
        parse_json("[" + "9" * 31 + "]", "the input")
    with pytest.raises(JsonTextError, match="NaN is not JSON"):
        parse_json("[NaN]")


def test_a_rows_hash_is_the_sha256_of_its_compact_json_array() -> None:
    row = ("abc", 3, "2026-12-02T05:00:00.000Z", 2, "input", 1, '{"type":"roll","face":7,"ł":"ż"}')
    text = json.dumps(list(row), ensure_ascii=False, separators=(",", ":"))
    assert chain_hash(*row) == hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.mark.parametrize("row", [
    ("", 1, "2026-12-02T05:00:00.000Z", 1, "undo", 0, '{"steps":1}'),
    ("f" * 64, 2, 'a "quoted"\ttime\u2028', 3, "input", 1, '{"value":"\\n\\u0000"}'),
    ("abc", 3, "t", 2, "input", True, "{}"),        # a barrier stored as a bool: the encoder's "true"
    ("abc", 3.0, "t", 2, "input", 1, "{}"),         # a number stored as a real: "3.0"
    ("abc", 3, "t", 2, "input", 1, b"{\xff}"),      # a blob, its bad byte escaped
    ("abc", None, None, 2, "input", 1, None),       # nulls: "null"
])
def test_every_rows_hash_is_the_encoders_whatever_the_stored_types(row: tuple[Any, ...]) -> None:
    data = row[6].decode("utf-8", "backslashreplace") if isinstance(row[6], bytes) else row[6]
    text = json.dumps([*row[:6], data], ensure_ascii=False, separators=(",", ":"), default=repr)
    assert chain_hash(*row) == hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def test_a_file_argument_is_read_no_further_than_a_document_may_be_long(tmp_path: Path) -> None:
    """``analyse FILE`` read the whole file before the length was checked: a gigabyte file (or an
    endless pipe) went into memory first (found in review). One character past the limit is read,
    and the reader refuses that as too long."""
    from companion.cli.bounds import read_text
    from companion.core.jsontext import MAX_CHARS
    path = tmp_path / "huge.json"
    path.write_text("[" + " " * (MAX_CHARS + 100) + "]", encoding="utf-8")
    text = read_text(str(path))
    assert len(text) == MAX_CHARS + 1
    with pytest.raises(JsonTextError, match="characters long"):
        parse_json(text, "the position")
