"""Monopoly editions as data: the board, deeds, fees and the two card decks of the set on the table.

Each edition is one JSON file in ``companion/morpoly/data/`` (format ``ankh-morpoly-edition/1``).
:func:`load_edition` reads and checks it, so a typo in a deed or a card that the guilds cannot
classify is a ``ValueError`` naming the file and the field, at load time, not a wrong rent in a game.
Amounts are integers in **table units** (the numbers printed on the set); the currency profile
(§6 of the reference) says how to show them and how big the set's numbers are (``scale``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any, Final

EDITION_IDS: Final = ("us", "de", "de-dm")
"""The editions shipped: the US set, the German euro / Monopoly-dollar set and the old D-Mark set."""

SQUARE_KINDS: Final = frozenset({"go", "street", "station", "utility", "chance", "chest", "tax", "jail",
                                 "free-parking", "go-to-jail"})
OWNABLE: Final = frozenset({"street", "station", "utility"})
DECKS: Final = ("chance", "chest")
PAYMENT_TAGS: Final = frozenset({"fine", "tax", "other"})
RELOCATE_TAGS: Final = frozenset({"advance", "back", "nearest-station", "nearest-utility", "jail"})
EFFECT_KINDS: Final = frozenset({"advance", "advance-nearest", "back", "back-to", "jail", "jail-free", "pay",
                                 "receive", "pay-each", "collect-each", "repairs", "pay-or-draw"})


@dataclass(frozen=True)
class Currency:
    """How the set's money looks: ``symbol``, ``scale`` (1 for US-sized sets, 20 for the D-Mark set)
    and the ``rounding_unit`` every fraction (1/10 of cash, interest) is rounded down to."""

    symbol: str
    scale: int
    rounding_unit: int

    def format(self, amount: int) -> str:
        """``$1,500`` or ``30.000 DM`` (the German sets write the symbol after, with dots)."""
        return _money_text(self.symbol, amount)

    def round_down(self, amount: int) -> int:
        return amount // self.rounding_unit * self.rounding_unit


@lru_cache(maxsize=4096)
def _money_text(symbol: str, amount: int) -> str:
    """:meth:`Currency.format`, made once per amount: a game says the same few hundred amounts again at
    every payment, question and salary, and a thousands separator is a slow format."""
    if symbol in ("DM", "€"):
        return f"{amount:,}".replace(",", ".") + f" {symbol}"
    return f"{symbol}{amount:,}"


@dataclass(frozen=True)
class Square:
    index: int
    kind: str
    name: str
    group: str | None = None


@dataclass(frozen=True)
class Deed:
    """A title deed. ``rents`` is (base, 1–4 houses, hotel) for a street and empty for stations and
    utilities (their rent depends on how many the owner has, and for utilities on the dice)."""

    square: int
    price: int
    mortgage: int
    rents: tuple[int, ...] = ()
    house_cost: int = 0


@dataclass(frozen=True)
class CardTags:
    """What the guilds need to know of a card (reference R29, §8.3): the kind of ``payment`` it
    demands (``fine``, ``tax``, ``other`` or none), whether the drawer ``receives`` money, whether
    and how it ``relocates`` the token, and whether it is a get-out-of-jail card."""

    payment: str | None
    receives: bool
    relocates: str | None
    jail_card: bool


@dataclass(frozen=True)
class Card:
    """One Chance or Community Chest card: ``effect`` is its rule as data (``{"kind": "pay",
    "amount": 15}``), ``tags`` classify it for the guilds."""

    id: str
    deck: str
    text: str
    effect: tuple[tuple[str, Any], ...]
    tags: CardTags

    @property
    def kind(self) -> str:
        return str(dict(self.effect)["kind"])

    def get(self, name: str) -> Any:
        return dict(self.effect)[name]


@dataclass(frozen=True)
class Edition:
    id: str
    title: str
    language: str
    currency: Currency
    go_salary: int
    jail_fine: int
    starting_cash: int
    bank_money: int
    houses: int
    hotels: int
    taxes: tuple[tuple[int, int], ...]
    station_rents: tuple[int, ...]
    utility_multipliers: tuple[int, ...]
    squares: tuple[Square, ...]
    deeds: tuple[Deed, ...]
    cards: tuple[Card, ...]

    def deed(self, square: int) -> Deed:
        deed = self._deeds.get(square)
        if deed is None:
            raise KeyError(f"square {square} has no title deed in edition {self.id!r}")
        return deed

    @cached_property
    def _deeds(self) -> dict[int, Deed]:
        """Deeds by square: asked for at every menu, a scan of 28 deeds was a hot spot of simulated games."""
        return {deed.square: deed for deed in self.deeds}

    def tax(self, square: int) -> int:
        return dict(self.taxes)[square]

    def group(self, square: int) -> tuple[int, ...]:
        """Every square of ``square``'s group (its colour, the four stations or the two utilities)."""
        return self._groups.get(square, ())

    @cached_property
    def street_groups(self) -> tuple[tuple[int, ...], ...]:
        """The colour groups (streets only: no stations, no utilities), in board order."""
        return tuple(dict.fromkeys(self.group(s.index) for s in self.squares if s.kind == "street"))

    @cached_property
    def _groups(self) -> dict[int, tuple[int, ...]]:
        members: dict[str, list[int]] = {}
        for s in self.squares:
            if s.group is not None:
                members.setdefault(s.group, []).append(s.index)
        return {s.index: tuple(members[s.group]) for s in self.squares if s.group is not None}

    def ownable(self) -> tuple[int, ...]:
        """The ownable squares by number (the loader holds the squares in index order): the squares
        of every valid position, asked at every trade menu and every parse of a position."""
        return self._ownable

    @cached_property
    def _ownable(self) -> tuple[int, ...]:
        return tuple(s.index for s in self.squares if s.kind in OWNABLE)

    def deck(self, deck: str) -> tuple[Card, ...]:
        return self._decks.get(deck, ())

    @cached_property
    def _decks(self) -> dict[str, tuple[Card, ...]]:
        """Each deck's cards in order: a card square lists its deck at every draw."""
        decks: dict[str, list[Card]] = {}
        for card in self.cards:
            decks.setdefault(card.deck, []).append(card)
        return {name: tuple(cards) for name, cards in decks.items()}

    def card(self, card_id: str) -> Card:
        card = self._cards.get(card_id)
        if card is None:
            raise KeyError(f"no card {card_id!r} in edition {self.id!r}")
        return card

    @cached_property
    def _cards(self) -> dict[str, Card]:
        """Cards by id (the first of an id, as a scan found it): every card drawn is looked up."""
        cards: dict[str, Card] = {}
        for card in self.cards:
            cards.setdefault(card.id, card)
        return cards

    def of_kind(self, kind: str) -> tuple[int, ...]:
        return tuple(s.index for s in self.squares if s.kind == kind)


@lru_cache(maxsize=None)
def load_edition(edition_id: str) -> Edition:
    """The edition ``edition_id`` (one of :data:`EDITION_IDS`), checked; ``ValueError`` otherwise."""
    if edition_id not in EDITION_IDS:
        raise ValueError(f"unknown edition {edition_id!r}; expected one of {', '.join(EDITION_IDS)}")
    text = resources.files("companion.morpoly.data").joinpath(f"{edition_id}.json").read_text("utf-8")
    return parse_edition(json.loads(text), f"{edition_id}.json")


def parse_edition(doc: Any, where: str = "edition") -> Edition:
    """Build and check an edition from its JSON form; every problem is a ``ValueError`` naming ``where``."""
    def fail(message: str) -> ValueError:
        return ValueError(f"{where}: {message}")

    if not isinstance(doc, dict) or doc.get("format") != "ankh-morpoly-edition/1":
        raise fail("not an ankh-morpoly-edition/1 document")
    try:
        cur = doc["currency"]
        currency = Currency(str(cur["symbol"]), _int(cur["scale"]), _int(cur["rounding_unit"]))
        squares = tuple(Square(_int(s["index"]), str(s["kind"]), str(s["name"]), s.get("group"))
                        for s in doc["squares"])
        deeds = tuple(Deed(_int(d["square"]), _int(d["price"]), _int(d["mortgage"]),
                           tuple(_int(r) for r in d.get("rents", ())), _int(d.get("house_cost", 0)))
                      for d in doc["deeds"])
        cards = tuple(_card(c) for c in doc["cards"])
        edition = Edition(
            str(doc["id"]), str(doc["title"]), str(doc["language"]), currency, _int(doc["go_salary"]),
            _int(doc["jail_fine"]), _int(doc["starting_cash"]), _int(doc["bank_money"]), _int(doc["houses"]),
            _int(doc["hotels"]), tuple((_int(t["square"]), _int(t["amount"])) for t in doc["taxes"]),
            tuple(_int(r) for r in doc["station_rents"]), tuple(_int(m) for m in doc["utility_multipliers"]),
            squares, deeds, cards)
    except (KeyError, TypeError, ValueError) as exc:
        raise fail(f"malformed: {exc!r}") from None
    problems = check_edition(edition)
    if problems:
        raise fail(problems[0])
    return edition


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number, not {value!r}")
    return value


def _card(doc: Any) -> Card:
    tags = doc["tags"]
    effect = doc["effect"]
    if not isinstance(effect, dict):
        raise ValueError(f"card {doc.get('id')!r}: effect must be an object")
    return Card(str(doc["id"]), str(doc["deck"]), str(doc["text"]), tuple(sorted(effect.items())),
                CardTags(tags["payment"], bool(tags["receives"]), tags["relocates"], bool(tags["jail_card"])))


def check_edition(edition: Edition) -> list[str]:
    """Every inconsistency in ``edition``, as one line each (an empty list: it is sound)."""
    problems: list[str] = []
    scale = edition.currency.scale
    if edition.go_salary != 200 * scale:
        problems.append(f"scale {scale} does not match the GO salary {edition.go_salary} (scale == go_salary / 200)")
    if len(edition.squares) != 40 or [s.index for s in edition.squares] != list(range(40)):
        problems.append("the board must list squares 0..39 in order")
        return problems
    for square in edition.squares:
        if square.kind not in SQUARE_KINDS:
            problems.append(f"square {square.index} has unknown kind {square.kind!r}")
        if (square.kind in OWNABLE) != (square.group is not None):
            verb = "needs" if square.kind in OWNABLE else "has"
            problems.append(f"square {square.index} ({square.kind}) {verb} a group")
    deeds = {deed.square: deed for deed in edition.deeds}
    if sorted(deeds) != sorted(edition.ownable()):
        problems.append(f"deeds for squares {sorted(deeds)} do not match the ownable squares "
                        f"{sorted(edition.ownable())}")
    for index, deed in deeds.items():
        kind = edition.squares[index].kind if 0 <= index < 40 else "?"
        if deed.mortgage * 2 != deed.price:
            problems.append(f"deed {index}: mortgage {deed.mortgage} is not half the price {deed.price}")
        rising = list(deed.rents) == sorted(deed.rents)
        if kind == "street" and (len(deed.rents) != 6 or deed.house_cost <= 0 or not rising):
            problems.append(f"deed {index}: a street needs six rising rents (base, 1–4 houses, hotel) "
                            "and a house cost")
        if kind != "street" and deed.rents:
            problems.append(f"deed {index}: only streets have a rent table")
    if sorted(t for t, _ in edition.taxes) != sorted(edition.of_kind("tax")):
        problems.append("taxes must name exactly the tax squares")
    if len(edition.station_rents) != len(edition.of_kind("station")) \
            or len(edition.utility_multipliers) != len(edition.of_kind("utility")):
        problems.append("one station rent per station owned and one utility multiplier per utility owned")
    ids = [card.id for card in edition.cards]
    if len(set(ids)) != len(ids):
        problems.append("card ids must be unique")
    for deck in DECKS:
        if len(edition.deck(deck)) != 16:
            problems.append(f"the {deck} deck has {len(edition.deck(deck))} cards, not 16")
    for card in edition.cards:
        problems.extend(_check_card(card))
    return problems


_PAYS: Final = frozenset({"pay", "pay-each", "repairs", "pay-or-draw"})
_RECEIVES: Final = frozenset({"receive", "collect-each"})
_RELOCATES: Final = {"advance": "advance", "back": "back", "back-to": "back", "jail": "jail"}


def _check_card(card: Card) -> list[str]:
    """A card's tags must agree with its effect: the guilds read the tags, the engine the effect."""
    out: list[str] = []
    effect = dict(card.effect)
    kind = effect.get("kind")
    if card.deck not in DECKS or not card.id.startswith(card.deck + "."):
        out.append(f"card {card.id!r}: deck {card.deck!r} (ids start with the deck)")
    if kind not in EFFECT_KINDS:
        return out + [f"card {card.id!r}: unknown effect {kind!r}"]
    tags = card.tags
    if (kind in _PAYS) != (tags.payment is not None) or (tags.payment is not None and tags.payment not in PAYMENT_TAGS):
        out.append(f"card {card.id!r}: payment tag {tags.payment!r} does not fit effect {kind!r}")
    if (kind in _RECEIVES) != tags.receives:
        out.append(f"card {card.id!r}: receives tag {tags.receives!r} does not fit effect {kind!r}")
    wanted = _RELOCATES.get(str(kind))
    if kind == "advance-nearest":
        wanted = f"nearest-{effect.get('to')}"
    if wanted != tags.relocates:
        out.append(f"card {card.id!r}: relocates tag {tags.relocates!r}, effect {kind!r} wants {wanted!r}")
    if (kind == "jail-free") != tags.jail_card:
        out.append(f"card {card.id!r}: jail_card tag does not fit effect {kind!r}")
    for name in ("amount", "house", "hotel", "squares"):
        if name in effect and (not isinstance(effect[name], int) or effect[name] <= 0):
            out.append(f"card {card.id!r}: {name} must be a positive whole number")
    if kind in ("advance", "back-to") and not (isinstance(effect.get("to"), int) and 0 <= effect["to"] < 40):
        out.append(f"card {card.id!r}: 'to' must be a square 0..39")
    nearest = (effect.get("to"), effect.get("rent"))
    if kind == "advance-nearest" and nearest not in (("station", "double"), ("utility", "dice-10")):
        out.append(f"card {card.id!r}: advance-nearest is to a station (rent double) or a utility (rent dice-10)")
    return out
