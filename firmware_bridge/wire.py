"""The die protocol's line codec: one text line <-> (seq, die, kind, fields).

This module is the part of the protocol that runs on BOTH sides: it is copied unchanged onto the
die (MicroPython on an RP2040) and imported by the host. That is why it uses only what MicroPython
also has (no dataclasses, no ``re``, no typing generics evaluated at run time) and why typed
messages live one layer up, in :mod:`firmware_bridge.protocol`.

A line (see docs/die-protocol.md) is::

    <seq> <die> <kind>[ <key>=<value>]... *<CRC-32, 8 upper-case hex digits>\\n

for example ``17 d12-a roll face=7 *836905E9``. The checksum covers every byte before `` *``.
Decoding is strict: the checksum must be exactly eight characters of ``0-9A-F`` (not parsed with
``int(text, 16)``, which also takes lower case, a sign, ``0x`` or blanks, so a flipped case bit in
a checksum digit would pass), and a line is accepted only if re-encoding what was read gives back
exactly the same bytes -- the whole line, checksum included. So there is one spelling of every
message and a mutated line cannot slip through as a "near enough" variant.
"""

try:
    from binascii import crc32 as _crc32_impl
    _crc32 = _crc32_impl  # type: object
except ImportError:  # pragma: no cover - MicroPython builds without binascii.crc32
    _crc32 = None

if False:  # typing only; MicroPython has no typing module and never runs this
    from typing import Sequence

MAX_LINE = 160  # bytes, newline included; a longer line is rejected as overlong
SEQ_MODULO = 65536
MAX_FIELDS = 12
MAX_TOKEN = 24
MAX_DIE_ID = 16

# Why a reason code and not just a message: the host counts rejected lines by reason.
OVERLONG = "overlong"
MALFORMED = "malformed"
CHECKSUM = "checksum"

_LOWER = "abcdefghijklmnopqrstuvwxyz"
_DIGITS = "0123456789"
_HEX_UPPER = _DIGITS + "ABCDEF"  # the checksum's only alphabet: one spelling per value
CRC_DIGITS = 8
_KEY_CHARS = _LOWER + _DIGITS + "_"
_ID_CHARS = _LOWER + _LOWER.upper() + _DIGITS + "_.-"
_VALUE_CHARS = _ID_CHARS + ":+"


class LineError(ValueError):
    """A line that is not a valid protocol line; ``reason`` is OVERLONG, MALFORMED or CHECKSUM."""

    def __init__(self, reason: str, message: str) -> None:
        ValueError.__init__(self, message)
        self.reason = reason


def crc32(data: bytes) -> int:
    """CRC-32 (IEEE, as zlib) of ``data``; a pure fallback keeps the die working without binascii."""
    if _crc32 is not None:
        return int(_crc32(data)) & 0xFFFFFFFF  # type: ignore[operator]
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def _only(text: str, allowed: str, limit: int) -> bool:
    if not text or len(text) > limit:
        return False
    for ch in text:
        if ch not in allowed:
            return False
    return True


def is_kind(text: str) -> bool:
    return _only(text, _LOWER, 12)


def is_key(text: str) -> bool:
    return _only(text, _KEY_CHARS, 12) and text[0] in _LOWER


def is_die_id(text: str) -> bool:
    return _only(text, _ID_CHARS, MAX_DIE_ID)


def is_value(text: str) -> bool:
    return _only(text, _VALUE_CHARS, MAX_TOKEN)


def encode(seq: int, die: str, kind: str,
           fields: "Sequence[tuple[str, object]] | None" = None) -> bytes:
    """The bytes of one line, newline included. ``fields`` is a list of (key, value) pairs.

    Raises ValueError for anything the grammar does not allow, so a bug on either side shows up
    where the line is made, not as a checksum error on the far end.
    """
    if not isinstance(seq, int) or seq < 0 or seq >= SEQ_MODULO:
        raise ValueError("sequence number out of range: %r" % (seq,))
    if not is_die_id(die):
        raise ValueError("bad die id: %r" % (die,))
    if not is_kind(kind):
        raise ValueError("bad message kind: %r" % (kind,))
    parts = [str(seq), die, kind]
    pairs = fields or []
    if len(pairs) > MAX_FIELDS:
        raise ValueError("too many fields: %r" % (len(pairs),))
    seen = []  # type: list[str]
    for key, value in pairs:
        value = str(value)
        if not is_key(key) or key in seen:
            raise ValueError("bad or repeated field name: %r" % (key,))
        if not is_value(value):
            raise ValueError("bad value for %s: %r" % (key, value))
        seen.append(key)
        parts.append(key + "=" + value)
    body = " ".join(parts).encode()
    line = body + b" *" + ("%08X" % crc32(body)).encode() + b"\n"
    if len(line) > MAX_LINE:
        raise ValueError("line too long: %r bytes" % (len(line),))
    return line


def decode(line: bytes) -> "tuple[int, str, str, list[tuple[str, str]]]":
    """(seq, die, kind, [(key, value), ...]) from one line, with or without its newline.

    Raises LineError. Unknown kinds and keys are NOT errors here: the protocol only ever adds
    them, and deciding what to ignore is the reader's job.
    """
    if len(line) > MAX_LINE:
        raise LineError(OVERLONG, "line of %r bytes is longer than %r" % (len(line), MAX_LINE))
    if line.endswith(b"\n"):
        line = line[:-1]
    if line.endswith(b"\r"):
        line = line[:-1]
    for byte in line:
        if byte < 0x20 or byte > 0x7E:
            raise LineError(MALFORMED, "non-printable byte %r in line" % (byte,))
    star = line.rfind(b" *")
    if star < 0 or len(line) - star != 2 + CRC_DIGITS:
        raise LineError(MALFORMED, "no checksum in %r" % (line,))
    body = line[:star]
    text_crc = line[star + 2:].decode()
    if not _only(text_crc, _HEX_UPPER, CRC_DIGITS):
        raise LineError(MALFORMED, "checksum is not %d upper-case hex digits: %r"
                        % (CRC_DIGITS, text_crc))
    if "%08X" % crc32(body) != text_crc:
        raise LineError(CHECKSUM, "checksum mismatch in %r" % (line,))
    words = body.decode().split(" ")
    if len(words) < 3:
        raise LineError(MALFORMED, "too few words in %r" % (line,))
    seq_text, die, kind = words[0], words[1], words[2]
    if not _only(seq_text, _DIGITS, 5):
        raise LineError(MALFORMED, "bad sequence number %r" % (seq_text,))
    fields = []  # type: list[tuple[str, str]]
    for word in words[3:]:
        eq = word.find("=")
        if eq < 0:
            raise LineError(MALFORMED, "field without '=': %r" % (word,))
        fields.append((word[:eq], word[eq + 1:]))
    try:
        again = encode(int(seq_text), die, kind, fields)
    except ValueError as exc:
        raise LineError(MALFORMED, str(exc))
    if again != line + b"\n":  # the whole line, checksum included: one spelling only
        raise LineError(MALFORMED, "not in canonical form: %r" % (line,))
    return int(seq_text), die, kind, fields


class Framer:
    """Cuts a byte stream into lines, discarding (and reporting) lines longer than MAX_LINE.

    ``feed`` returns a list of items: a line (bytes, newline included) or the string OVERLONG
    for each overlong line that was dropped. Memory stays bounded whatever the other side sends.
    """

    def __init__(self) -> None:
        self._buf = b""
        self._dropping = False

    def feed(self, data: bytes) -> "list[bytes | str]":
        out = []  # type: list[bytes | str]
        buf = self._buf + bytes(data)
        start = 0
        while True:
            nl = buf.find(b"\n", start)
            if nl < 0:
                break
            if self._dropping:
                self._dropping = False
                out.append(OVERLONG)
            elif nl + 1 - start > MAX_LINE:
                out.append(OVERLONG)
            else:
                out.append(buf[start:nl + 1])
            start = nl + 1
        rest = buf[start:]
        if self._dropping:
            rest = b""
        elif len(rest) > MAX_LINE:
            self._dropping = True
            rest = b""
        self._buf = rest
        return out

    def reset(self) -> bool:
        """Forget a partial line, e.g. after the link dropped: its tail will never come."""
        dropped = bool(self._buf) or self._dropping
        self._buf = b""
        self._dropping = False
        return dropped
