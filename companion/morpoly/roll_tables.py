"""What each result of a roll on one of the variant's tables will do, published for the screens (the
rules sheet beside the board: the players roll and should see what the faces will mean).

The tables themselves are :mod:`companion.morpoly.dice`'s data (tables A–F) and the product's parity
of L-Space and the Luggage's race (L147, R67); this module only reads them out per roll question, as
``(class of result, outcome id, parameters)``, so a screen translates the ids and never restates a
table. Outcome ids are ``<table>:<the table's own value>``:

- ``assassin:`` table D (``assassin-dies``, ``may-flee``, ``victim-dies``), its three classes;
- ``luggage:`` table E (``joins``, ``swallows``, ``races``, ``money`` with ``per_point``);
- ``dibbler:`` table F (``sausage``, ``reverses``, ``sells-card`` with ``share``, ``drops-money``
  with ``per_point``);
- ``fool-card:`` table A (``doubled``, ``reversed``, ``give-away``, ``normal``);
- ``cover:`` table B, the :class:`~companion.morpoly.covers.Cover` value insured against;
- ``fool-payout:stays`` / ``fool-payout:ends``: table C, with ``multiple`` (of the premium paid);
- ``walk:forward`` / ``walk:backward``: the product of the faces, even or odd (L-Space, the race).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from companion.morpoly.currency import dibbler_money, luggage_money
from companion.morpoly.dice import (DIBBLER_CARD_FEE, TABLE_A, TABLE_B, TABLE_C, TABLE_D, TABLE_E, TABLE_F, RollClass,
                                    throw)
from companion.morpoly.editions import Edition
from companion.morpoly.elam.table import profile
from companion.morpoly.movement import lspace_move


@dataclass(frozen=True)
class Outcome:
    """One class of results (``doubles``, ``seven``, ``other-even``, ``other-odd``; table D's
    ``doubles``, ``even``, ``odd``; ``product-even``, ``product-odd``) and what it does."""

    when: str
    outcome: str
    params: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class RollTable:
    """The outcomes of the roll a question asks for, in the table's order."""

    key: str
    outcomes: tuple[Outcome, ...]


def _classes(table: dict[RollClass, Enum], prefix: str) -> tuple[Outcome, ...]:
    return tuple(Outcome(cls.value, f"{prefix}:{outcome.value}") for cls, outcome in table.items())


def _product() -> tuple[Outcome, ...]:
    """L-Space and the Luggage's race: the direction :func:`~companion.morpoly.movement.lspace_move`
    gives an even product (2 × 2) and an odd one (1 × 1)."""
    return tuple(Outcome(when, f"walk:{lspace_move(dice)[1].value}")
                 for when, dice in (("product-even", throw(2, 2)), ("product-odd", throw(1, 1))))


ASSASSIN: Final = "morpoly.roll.assassin"
LUGGAGE: Final = "morpoly.roll.luggage"
LUGGAGE_RACE: Final = "morpoly.roll.luggage-race"
DIBBLER: Final = "morpoly.roll.dibbler"
FOOL_CARD: Final = "morpoly.roll.fool-card"
FOOL_COVER: Final = "morpoly.roll.fool-cover"
FOOL_PAYOUT: Final = "morpoly.roll.fool-payout"
L_SPACE: Final = "morpoly.roll.l-space"


def roll_table(key: str, edition: Edition) -> RollTable | None:
    """The table of the roll question ``key`` (amounts in ``edition``'s money: ×20 in the D-Mark
    set, §6); ``None`` for a roll on no table (a movement roll, jail, the NPCs' moves)."""
    money = edition.currency.format
    outcomes: tuple[Outcome, ...]
    if key == ASSASSIN:
        outcomes = tuple(Outcome(cls.value, f"assassin:{o.value}") for cls, o in TABLE_D.items())
    elif key == LUGGAGE:
        spat = (("per_point", money(luggage_money(1, profile(edition)))),)
        outcomes = tuple(Outcome(o.when, o.outcome, spat if o.outcome == "luggage:money" else ())
                         for o in _classes(dict(TABLE_E), "luggage"))
    elif key == DIBBLER:
        dropped = (("per_point", money(dibbler_money(1, profile(edition)))),)
        share = (("share", f"{DIBBLER_CARD_FEE[0]}/{DIBBLER_CARD_FEE[1]}"),)
        params = {"dibbler:sells-card": share, "dibbler:drops-money": dropped}
        outcomes = tuple(Outcome(o.when, o.outcome, params.get(o.outcome, ()))
                         for o in _classes(dict(TABLE_F), "dibbler"))
    elif key == FOOL_CARD:
        outcomes = _classes(dict(TABLE_A), "fool-card")
    elif key == FOOL_COVER:
        outcomes = _classes(dict(TABLE_B), "cover")
    elif key == FOOL_PAYOUT:
        outcomes = tuple(Outcome(cls.value, "fool-payout:stays" if c.stays_active else "fool-payout:ends",
                                 (("multiple", str(c.premium_multiple)),)) for cls, c in TABLE_C.items())
    elif key in (LUGGAGE_RACE, L_SPACE):
        outcomes = _product()
    else:
        return None
    return RollTable(key, outcomes)
