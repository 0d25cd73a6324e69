"""The board of Ankh-Morpork: the twelve areas, their costs, the river and who borders whom.

The data is transcribed from ``shared/reference/board.md``; the area *id* is the canonical name used
in code, in the state format, in journals and in QR payloads, and the *number* is the d12 face that
picks the area in random events.
"""
from __future__ import annotations

from dataclasses import dataclass

LANGUAGES: tuple[str, ...] = ("en", "de", "pl", "it")


@dataclass(frozen=True)
class AreaInfo:
    """One area of the printed board; immutable facts, never game state."""

    id: str
    number: int
    cost: int
    river: bool
    names: dict[str, str]
    qr: str
    """The frozen short code printed in its City Area card's QR sticker (``docs/qr-format.md``)."""

    def name(self, language: str = "en") -> str:
        """The area's printed name in ``language`` (English when unknown)."""
        return self.names.get(language, self.names["en"])


def _area(number: int, area_id: str, cost: int, river: bool, qr: str, en: str, de: str, pl: str, it: str) -> AreaInfo:
    return AreaInfo(area_id, number, cost, river, {"en": en, "de": de, "pl": pl, "it": it}, qr)


AREAS: tuple[AreaInfo, ...] = (
    _area(1, "dolly-sisters", 6, True, "DOLLY", "Dolly Sisters", "Tolle Schwestern", "Siostry Dolly", "Dolly Sisters"),
    _area(2, "unreal-estate", 18, True, "UNREAL", "Unreal Estate", "Mobilien", "Dzielnica Magów", "Unreal Estate"),
    _area(3, "dragons-landing", 12, False, "LANDING", "Dragon's Landing", "Drachenlandeplatz", "Chytrych Rzemieślników", "Dragon's Landing"),
    _area(4, "small-gods", 18, True, "SMALL-GODS", "Small Gods", "Geringe Götter", "Pomniejsze Bóstwa", "Small Gods"),
    _area(5, "the-scours", 6, True, "SCOURS", "The Scours", "Rennerei", "Szory", "The Scours"),
    _area(6, "the-hippo", 12, False, "HIPPO", "The Hippo", "Das Nilpferd", "Hippo", "The Hippo"),
    _area(7, "the-shades", 6, True, "SHADES", "The Shades", "Die Schatten", "Mroki", "The Shades"),
    _area(8, "dimwell", 6, True, "DIMWELL", "Dimwell", "Düstergut", "Przyćmiona", "Dimwell"),
    _area(9, "longwall", 12, True, "LONGWALL", "Longwall", "Lange Mauer", "Długi Mur", "Longwall"),
    _area(10, "isle-of-gods", 12, True, "ISLE", "Isle of Gods", "Götterinsel", "Wyspa Bogów", "Isle of Gods"),
    _area(11, "seven-sleepers", 18, True, "SLEEPERS", "Seven Sleepers", "Siebenschläfer", "Siedmiu Śpiących", "Seven Sleepers"),
    _area(12, "nap-hill", 12, True, "NAP-HILL", "Nap Hill", "Schlummerhügel", "Nastroszone Wzgórze", "Nap Hill"),
)

AREA_IDS: tuple[str, ...] = tuple(a.id for a in AREAS)
AREA_BY_ID: dict[str, AreaInfo] = {a.id: a for a in AREAS}
AREA_BY_NUMBER: dict[int, AreaInfo] = {a.number: a for a in AREAS}

_EDGES_BY_NUMBER: tuple[tuple[int, int], ...] = (
    (1, 2), (1, 3), (1, 12), (2, 3), (2, 4), (2, 10), (2, 11), (2, 12), (3, 4), (4, 5), (4, 6),
    (4, 10), (5, 6), (5, 7), (5, 8), (5, 10), (6, 7), (7, 8), (8, 9), (9, 10), (9, 11), (10, 11),
    (11, 12),
)
EDGES: tuple[tuple[str, str], ...] = tuple(
    (AREA_BY_NUMBER[a].id, AREA_BY_NUMBER[b].id) for a, b in _EDGES_BY_NUMBER
)


def _adjacency() -> dict[str, frozenset[str]]:
    neighbours: dict[str, set[str]] = {area_id: set() for area_id in AREA_IDS}
    for a, b in EDGES:
        neighbours[a].add(b)
        neighbours[b].add(a)
    return {area_id: frozenset(n) for area_id, n in neighbours.items()}


ADJACENT: dict[str, frozenset[str]] = _adjacency()


def is_adjacent(a: str, b: str) -> bool:
    """True when areas ``a`` and ``b`` share a border or a bridge."""
    return b in ADJACENT[a]


def area_for_roll(face: int) -> str:
    """The id of the area a d12 face selects; a face outside 1–12 is a ``ValueError``."""
    if face not in AREA_BY_NUMBER:
        raise ValueError(f"a d12 shows 1 to 12, not {face!r}")
    return AREA_BY_NUMBER[face].id


COLORS: tuple[str, ...] = ("red", "yellow", "green", "blue")
MINIONS_PER_PLAYER = 12
BUILDINGS_PER_PLAYER = 6
TROUBLE_MARKERS = 12
DEMONS = 4
TROLLS = 3
STARTING_MONEY = 10
START_AREAS: tuple[str, ...] = ("the-shades", "the-scours", "dolly-sisters")
