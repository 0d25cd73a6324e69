"""The line codec both sides share: exact bytes, strict decoding, bounded framing."""
import binascii

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firmware_bridge import wire


def test_a_line_has_sequence_die_kind_fields_and_crc32():
    line = wire.encode(17, "d12-a", "roll", [("face", 7)])
    body = b"17 d12-a roll face=7"
    assert line == body + b" *%08X\n" % binascii.crc32(body)
    assert wire.decode(line) == (17, "d12-a", "roll", [("face", "7")])


def test_crc_fallback_matches_zlib():
    data = b"3 emu-1 state s=settled face=12"
    assert wire._crc32 is not None
    saved, wire._crc32 = wire._crc32, None
    try:
        assert wire.crc32(data) == binascii.crc32(data)
    finally:
        wire._crc32 = saved


def test_crlf_line_endings_are_tolerated():
    line = wire.encode(0, "a", "hello")
    assert wire.decode(line[:-1] + b"\r\n")[2] == "hello"


@pytest.mark.parametrize("mangle, reason", [
    (lambda l: l.replace(b"face=7", b"face=8"), wire.CHECKSUM),
    (lambda l: l[:-4] + b"\n", wire.MALFORMED),
    (lambda l: b"0" + l, wire.CHECKSUM),
    (lambda l: l.replace(b"roll", b"ro\xffl"), wire.MALFORMED),
    (lambda l: b"x" * 200 + b"\n", wire.OVERLONG),
    (lambda l: b"\n", wire.MALFORMED),
])
def test_damaged_lines_are_rejected_with_a_reason(mangle, reason):
    line = wire.encode(5, "d12-a", "roll", [("face", 7)])
    with pytest.raises(wire.LineError) as caught:
        wire.decode(mangle(line))
    assert caught.value.reason == reason
    assert isinstance(caught.value, ValueError)


def _with_crc(body: bytes) -> bytes:
    return body + b" *%08X\n" % binascii.crc32(body)


@pytest.mark.parametrize("body", [
    b"007 d roll face=7",  # leading zeros: not the one canonical spelling
    b"5 d roll face=7 face=8",  # repeated field
    b"5 d Roll face=7",  # upper-case kind
    b"5 d roll face",  # field without '='
    b"70000 d roll face=7",  # sequence number out of range
    b"5  d roll face=7",  # double space
    b"5 d",  # too few words
])
def test_lines_with_a_valid_checksum_but_bad_grammar_are_malformed(body):
    with pytest.raises(wire.LineError) as caught:
        wire.decode(_with_crc(body))
    assert caught.value.reason == wire.MALFORMED


def _line_whose_crc_starts_with_zero() -> bytes:
    for face in range(1, 121):
        for seq in range(1000):
            line = wire.encode(seq, "d12-a", "roll", [("face", face)])
            if line[-9:-8] == b"0" and any(c in b"ABCDEF" for c in line[-8:-1]):
                return line
    raise AssertionError("no such line")


@pytest.mark.parametrize("spell", [
    lambda crc: crc.lower(),  # one flipped bit (0x20) per letter digit: int(text, 16) took it
    lambda crc: b" " + crc[1:],  # a leading 0 flipped to a space: int() strips blanks
    lambda crc: b"+" + crc[1:],  # a sign
    lambda crc: b"0x" + crc[2:] if crc[:2] == b"00" else b"0X" + crc[2:],
    lambda crc: crc[:-1] + b" ",
    lambda crc: b"\xd9\xa0" + crc[1:],  # a non-ASCII zero
])
def test_the_checksum_is_exactly_eight_upper_case_hex_digits(spell):
    line = _line_whose_crc_starts_with_zero()
    crc = line[-9:-1]
    damaged = line[:-9] + spell(crc) + b"\n"
    assert damaged != line
    with pytest.raises(wire.LineError):
        wire.decode(damaged)


def test_a_lower_case_checksum_is_malformed_not_a_mismatch():
    line = wire.encode(17, "d12-a", "roll", [("face", 7)])
    assert line.endswith(b" *836905E9\n")
    with pytest.raises(wire.LineError) as caught:
        wire.decode(line.replace(b"836905E9", b"836905e9"))
    assert caught.value.reason == wire.MALFORMED


@pytest.mark.parametrize("args", [
    (-1, "d", "roll", []), (65536, "d", "roll", []), (0, "bad id", "roll", []),
    (0, "d", "ROLL", []), (0, "d", "roll", [("face", "a b")]), (0, "d", "x", [("k", "v" * 30)]),
    (0, "d", "x", [("k%d" % i, "v") for i in range(13)]),
])
def test_encoding_refuses_what_the_grammar_forbids(args):
    with pytest.raises(ValueError):
        wire.encode(*args)


tokens = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABC0123456789_.-:+", min_size=1, max_size=8)


@given(seq=st.integers(0, 65535), die=st.text("abcdefXYZ019_.-", min_size=1, max_size=16),
       kind=st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=12),
       values=st.lists(tokens, max_size=6))
def test_any_encodable_line_round_trips(seq, die, kind, values):
    fields = [("k%d" % i, v) for i, v in enumerate(values)]
    assert wire.decode(wire.encode(seq, die, kind, fields)) == (seq, die, kind, fields)


def test_framer_keeps_partial_lines_and_reports_each_overlong_line_once():
    framer = wire.Framer()
    line = wire.encode(1, "a", "hello")
    assert framer.feed(line[:5]) == []
    assert framer.feed(line[5:] + line[:3]) == [line]
    assert framer.feed(b"y" * 500) == []  # dropping, memory bounded
    assert len(framer._buf) == 0
    assert framer.feed(b"zz\n" + line) == [wire.OVERLONG, line]
    assert framer.feed(b"q" * 170 + b"\n") == [wire.OVERLONG]


def test_framer_reset_says_whether_a_partial_line_was_lost():
    framer = wire.Framer()
    assert framer.reset() is False
    framer.feed(b"12 a ro")
    assert framer.reset() is True
    assert framer.feed(b"ll face=3 *00000000\n") == [b"ll face=3 *00000000\n"]


def test_the_documented_example_line_is_valid():
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[2] / "docs" / "die-protocol.md").read_text()
    example = b"17 d12-a3f0c1 roll face=7 *272D7A26\n"
    assert example.decode().strip() in doc
    assert wire.decode(example) == (17, "d12-a3f0c1", "roll", [("face", "7")])
