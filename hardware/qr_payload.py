"""The text inside the QR stickers: ``AM1:<kind>:<code>``, e.g. ``AM1:C:MR-BENT``.

Why this shape (the full description is ``docs/qr-format.md``):

* ``AM`` marks the sticker as ours (Ankh-Morpork) and ``1`` is the format version, so a later format
  can be told apart from a damaged or foreign code and reported as such.
* ``<kind>`` is one letter: ``C`` player card, ``E`` random event, ``P`` personality, ``A`` City Area
  card; ``H`` Chance and ``K`` Community Chest card of Ankh-Morpoly (``hardware.morpoly_codes``).
  The same short code may appear under two kinds; the kind keeps them apart.
* ``<code>`` is a short, readable, *frozen* code for the catalog id (``mr-bent`` -> ``MR-BENT``,
  ``the-ankh-morpork-sunshine-dragon-sanctuary`` -> ``SUNSHINE``). Codes are at most 10 characters so
  every payload is at most 16 characters: a version-1 QR code (21x21 modules) at error-correction
  level Q (about 25 % of the symbol may be scuffed or covered by a thumb). The catalog's long ids
  would need version 3 (29x29), i.e. modules a third smaller on the same sticker.
* Every character is in QR alphanumeric mode (``0-9 A-Z space $ % * + - . / :``), which packs 11 bits
  per two characters instead of 8 bits per character.

The codes are written beside each card's other data (``qr`` in ``companion/morpork/data/*.json``,
``AreaInfo.qr`` in ``companion.morpork.board``) and read here through the catalog's public
``qr_codes``. They are part of the *printed* format: once stickers are on cards, a code must keep its
meaning even if the catalog renames an id. Add codes, never change or reuse one
(``tests/hardware/test_qr_payload.py`` pins every one against ``docs/qr-format.md``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from hardware import morpoly_codes
from companion.morpork.catalog import CARD_IDS, CITY_AREA_CARD_IDS, EVENT_IDS, PERSONALITY_IDS, qr_codes

PREFIX = "AM"
VERSION = 1
MAX_CODE_LENGTH = 10
MAX_PAYLOAD_LENGTH = len(f"{PREFIX}{VERSION}:C:") + MAX_CODE_LENGTH
QR_ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")

FIRST_GAME_KINDS: tuple[str, ...] = ("card", "event", "personality", "area")
MORPOLY_KINDS: tuple[str, ...] = ("chance", "chest")
"""Ankh-Morpoly's Chance and Community Chest cards (``hardware.morpoly_codes``)."""
KINDS: tuple[str, ...] = FIRST_GAME_KINDS + MORPOLY_KINDS
KIND_LETTER: Mapping[str, str] = MappingProxyType(
    {"card": "C", "event": "E", "personality": "P", "area": "A", "chance": "H", "chest": "K"}
)
LETTER_KIND: Mapping[str, str] = MappingProxyType({v: k for k, v in KIND_LETTER.items()})
PRIVATE_KINDS: frozenset[str] = frozenset({"personality"})

#: kind -> catalog id -> short code (read-only).
CODES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {**{kind: MappingProxyType(qr_codes(kind)) for kind in FIRST_GAME_KINDS},
     "chance": morpoly_codes.CHANCE, "chest": morpoly_codes.CHEST})
#: kind -> short code -> catalog id (read-only).
IDS_BY_CODE: Mapping[str, Mapping[str, str]] = MappingProxyType({
    kind: MappingProxyType({code: item for item, code in table.items()})
    for kind, table in CODES.items()
})
#: kind -> the catalog's ids in catalog order: what the sticker sheet prints.
CATALOG_IDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "card": CARD_IDS, "event": EVENT_IDS, "personality": PERSONALITY_IDS, "area": CITY_AREA_CARD_IDS,
    "chance": tuple(morpoly_codes.CHANCE), "chest": tuple(morpoly_codes.CHEST),
})

# The grammar of docs/qr-format.md, in explicit ASCII ranges: ``\d`` and ``int()`` take any
# Unicode digit (``AM١``, ``AM１``), and a version may not be spelt with leading zeros (``AM01``).
VERSION_PATTERN = "[1-9][0-9]{0,3}"  # 1..9999, ASCII digits, no leading zero
CODE_CHARS = "A-Z0-9-"
_PAYLOAD_RE = re.compile(f"AM1:([{''.join(KIND_LETTER.values())}]):([{CODE_CHARS}]{{1,{MAX_CODE_LENGTH}}})")
_SHAPE_RE = re.compile(f"AM({VERSION_PATTERN}):([A-Z]):[{CODE_CHARS}]+")  # any version's shape
#: nothing longer than this is read at all (a newer format's payload included).
MAX_TEXT_LENGTH = 64


class NotOurCard(ValueError):
    """The code was read correctly but is not one of our cards: a URL, another game's code, a
    truncated or altered payload. Its text is kept (``text``) for the caller; ``reason`` never
    quotes it (a near-miss of a personality's code would name the personality), so a reason may
    be shown and logged where the text may not."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"not one of our cards: {text!r} ({reason})")
        self.text = text
        self.reason = reason


class UnsupportedVersion(NotOurCard):
    """Our prefix but a format version this program does not know (stickers from a newer release)."""


@dataclass(frozen=True)
class CardCode:
    """What a sticker names: the kind (card, event, personality, area) and the catalog id."""

    kind: str
    id: str

    def __post_init__(self) -> None:
        if self.kind not in CODES:
            raise ValueError(f"unknown kind {self.kind!r}; expected one of {', '.join(KINDS)}")
        if self.id not in CODES[self.kind]:
            raise ValueError(f"no sticker code for {self.kind} {self.id!r}")

    @property
    def is_private(self) -> bool:
        """A personality is secret: only its holder may see which one was scanned."""
        return self.kind in PRIVATE_KINDS

    @property
    def payload(self) -> str:
        return encode(self.kind, self.id)


def encode(kind: str, item_id: str) -> str:
    """The payload printed in the QR code for catalog item ``item_id`` of ``kind``."""
    try:
        code = CODES[kind][item_id]
    except KeyError:
        raise ValueError(f"no sticker code for {kind!r} {item_id!r}") from None
    return f"{PREFIX}{VERSION}:{KIND_LETTER[kind]}:{code}"


def parse(text: str) -> CardCode:
    """The card a decoded QR text names, or :class:`NotOurCard` for anything else.

    Strict on purpose: a scanner must never turn a foreign or damaged code into a game input, so
    there is no case folding, trimming or partial match here (input sources normalise their own
    transport quirks first). The grammar is docs/qr-format.md's, character for character: ASCII
    only, no leading zeros, at most :data:`MAX_PAYLOAD_LENGTH` characters for this version.
    """
    if not isinstance(text, str):
        raise NotOurCard(repr(text), "not text")
    if len(text) > MAX_TEXT_LENGTH:
        raise NotOurCard(text, f"longer than {MAX_TEXT_LENGTH} characters")
    match = _PAYLOAD_RE.fullmatch(text)
    if match is None:
        shape = _SHAPE_RE.fullmatch(text)
        if shape is None:
            raise NotOurCard(text, "not an AM<version>:<kind>:<code> payload")
        if shape.group(1) != str(VERSION):
            raise UnsupportedVersion(text, f"format version {shape.group(1)}, this program reads {VERSION}")
        if shape.group(2) not in LETTER_KIND:
            raise NotOurCard(text, f"unknown kind letter {shape.group(2)!r}")
        raise NotOurCard(text, f"code longer than {MAX_CODE_LENGTH} characters")
    letter, code = match.groups()
    kind = LETTER_KIND[letter]
    item_id = IDS_BY_CODE[kind].get(code)
    if item_id is None:
        raise NotOurCard(text, f"no {kind} has this code")
    return CardCode(kind, item_id)


def all_codes(only: str | None = None) -> tuple[CardCode, ...]:
    """Every sticker of the first game in print order (cards, events, personalities, areas), or one
    kind's (``chance`` and ``chest``: every Ankh-Morpoly card id of that deck, all editions)."""
    kinds = FIRST_GAME_KINDS if only is None else (only,)
    for kind in kinds:
        if kind not in CODES:
            raise ValueError(f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
    return tuple(CardCode(kind, item) for kind in kinds for item in CATALOG_IDS[kind])
