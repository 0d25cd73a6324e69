"""The Thieves (Diebe, L32–42): steal the use fee instead of paying it, get caught when another
token is on the square, do business from jail. Their FSU pays when they steal from the insured, or
(from rules revision 12) enter a square they would steal on from an insured owner sitting in jail."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from companion.morpoly.covers import Cover, Guild
from companion.morpoly.guilds import receives_income
from companion.morpoly.events import Event, Stolen
from companion.morpoly.layout import OWNABLE
from companion.morpoly.options import is_on, value
from companion.morpoly.position import PartyId, Position, TokenId, tokens_on, whole_group_owned

COVER: Final[Cover] = Cover.ROBBED


def condition(event: Event, beneficiary: PartyId, insurer: PartyId, position: Position,
              options: Mapping[str, str]) -> bool:
    """The Thieves steal from the beneficiary (L38, L41)."""
    return isinstance(event, Stolen) and event.victim == beneficiary


def may_steal(position: Position, token: TokenId, square: int) -> bool:
    """A Thief token on a square it may steal on (:func:`is_theft_square`) where a fee is due (not
    to a jailed owner, B1)."""
    if not is_theft_square(position, token, square):
        return False
    owner = position.owner(square)
    assert owner is not None
    return receives_income(position, owner)


def is_theft_square(position: Position, token: TokenId, square: int) -> bool:
    """A Thief token on another party's unmortgaged, unbuilt ownable square whose group no single
    player owns completely (L35: "cursed watch golems"): where the Thieves steal, and where their
    cover is due by L41 ("wenn der Dieb eines der unbebauten Felder des FSU-Nehmers betritt, außer es
    liegt eine Hypothek darauf, oder der FSU-Nehmer besitzt alle Straßen dieser Farbe") even when a
    jailed owner is owed nothing to steal (B1; claims are paid in jail, R10). Built streets always
    form a full group, so Thieves pay premiums like everybody else."""
    if Guild.THIEVES not in position.guilds_of(position.party_of(token)) or square not in OWNABLE:
        return False
    owner = position.owner(square)
    return (owner is not None and owner != position.party_of(token) and not position.is_mortgaged(square)
            and position.buildings(square) == 0 and not whole_group_owned(position, square))


@dataclass(frozen=True)
class Theft:
    """What happens to a fee a Thief would owe: ``taken`` from the owner (0 under ``skip-payment``),
    and whether the Thief may choose to pay instead (R25)."""

    victim: PartyId
    fee: int
    taken: int
    may_pay_instead: bool


def theft(position: Position, token: TokenId, square: int, fee: int, options: Mapping[str, str]) -> Theft | None:
    """The theft of ``fee`` on ``square``, or ``None`` where a Thief cannot steal (he pays as usual).
    By R24 the owner pays the Thief the fee; option ``thief_steal = skip-payment`` only skips it."""
    if not may_steal(position, token, square) or fee <= 0:
        return None
    victim = position.owner(square)
    assert victim is not None
    taken = fee if value(options, "thief-steal") == "take-from-owner" else 0
    return Theft(victim, fee, taken, is_on(options, "thief-may-pay-instead"))


def is_caught(position: Position, thief: TokenId) -> bool:
    """Another token stands on the square where the Thief stole (L35); prisoners stand nowhere.
    Checked when he steals and again whenever a token arrives while he is still there."""
    return any(other != thief for other in tokens_on(position, position.square_of(thief)))


def keeps_loot(options: Mapping[str, str]) -> bool:
    """R26: a caught Thief keeps the loot (option ``caught-returns-loot`` gives it back)."""
    return not is_on(options, "caught-returns-loot")
