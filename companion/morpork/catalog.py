"""What is printed on the cards: player cards, random events, personalities and City Area cards.

The data lives in ``companion/morpork/data/*.json`` (transcribed from ``shared/reference/``) so that the
catalog, the sticker printer and the translations read one source. Names fall back to English when
an edition does not give its own.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from companion.morpork.board import AREA_BY_ID, AREA_IDS, AREAS, AreaInfo

SYMBOL_CODES: tuple[str, ...] = ("M", "B", "A", "T", "$", "S", "E", "P", "I")


def _load(name: str) -> list[dict[str, Any]]:
    text = resources.files("companion.morpork.data").joinpath(name).read_text(encoding="utf-8")
    data: list[dict[str, Any]] = json.loads(text)
    return data


@dataclass(frozen=True)
class CardInfo:
    """One player card: its symbols in the order they are taken, and its text in our words."""

    id: str
    border: str
    names: dict[str, str]
    symbols: tuple[str, ...]
    text: str
    qr: str
    """The frozen short code printed in the card's QR sticker (``docs/qr-format.md``)."""

    def name(self, language: str = "en") -> str:
        return self.names.get(language, self.names["en"])

    @property
    def is_interrupt(self) -> bool:
        return "I" in self.symbols


@dataclass(frozen=True)
class NamedThing:
    """An event or a personality: an id, its names by language and its QR sticker's short code."""

    id: str
    names: dict[str, str]
    qr: str

    def name(self, language: str = "en") -> str:
        return self.names.get(language, self.names["en"])


CARDS: tuple[CardInfo, ...] = tuple(
    CardInfo(c["id"], c["border"], dict(c["names"]), tuple(c["symbols"]), c["text"], c["qr"])
    for c in _load("cards.json")
)
CARD_BY_ID: dict[str, CardInfo] = {c.id: c for c in CARDS}
CARD_IDS: tuple[str, ...] = tuple(c.id for c in CARDS)

EVENTS: tuple[NamedThing, ...] = tuple(NamedThing(e["id"], dict(e["names"]), e["qr"]) for e in _load("events.json"))
EVENT_IDS: tuple[str, ...] = tuple(e.id for e in EVENTS)
EVENT_BY_ID: dict[str, NamedThing] = {e.id: e for e in EVENTS}

PERSONALITIES: tuple[NamedThing, ...] = tuple(
    NamedThing(p["id"], dict(p["names"]), p["qr"]) for p in _load("personalities.json")
)
PERSONALITY_IDS: tuple[str, ...] = tuple(p.id for p in PERSONALITIES)
PERSONALITY_BY_ID: dict[str, NamedThing] = {p.id: p for p in PERSONALITIES}

LOAN_CARD_IDS: tuple[str, ...] = ("mr-bent", "the-bank-of-ankh-morpork")
STICKY_CARD_IDS: tuple[str, ...] = ("the-fools-guild", "dr-whiteface")
TWO_PLAYER_REMOVED_CARDS: tuple[str, ...] = ("hubert", "cosmo-lavish")
TWO_PLAYER_REMOVED_PERSONALITIES: tuple[str, ...] = ("chrysoprase",)
CITY_AREA_CARD_IDS: tuple[str, ...] = AREA_IDS


def display_name(kind: str, item_id: str, language: str = "en") -> str:
    """The printed name of a card, event, personality or City Area card in ``language``."""
    if kind == "card":
        return CARD_BY_ID[item_id].name(language)
    if kind == "event":
        return EVENT_BY_ID[item_id].name(language)
    if kind == "personality":
        return PERSONALITY_BY_ID[item_id].name(language)
    if kind == "area":
        return AREA_BY_ID[item_id].name(language)
    raise ValueError(f"unknown kind {kind!r}; expected card, event, personality or area")


def qr_codes(kind: str) -> dict[str, str]:
    """The short code printed in the QR sticker of every card of ``kind`` (card, event, personality or
    area), by id in catalog order: read from the same data as the names, so a card and its sticker
    are written down once. The codes are frozen (``docs/qr-format.md``): add, never change or reuse."""
    things: tuple[CardInfo, ...] | tuple[NamedThing, ...] | tuple[AreaInfo, ...]
    if kind == "card":
        things = CARDS
    elif kind == "event":
        things = EVENTS
    elif kind == "personality":
        things = PERSONALITIES
    elif kind == "area":
        things = AREAS
    else:
        raise ValueError(f"unknown kind {kind!r}; expected card, event, personality or area")
    return {thing.id: thing.qr for thing in things}
