"""The table before the first roll: every token on GO, each party with the set's starting cash, the
rest of the money, the 32 houses and 12 hotels with the bank, every deed unowned."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from companion.core.errors import RuleViolation
from companion.morpoly.editions import load_edition
from companion.morpoly.elam.lives import start as elam_start
from companion.morpoly.state import Bank, Party, State, Token, square_state

GUILDS: Final = ("thieves", "watch", "merchants", "beggars", "undead", "patrician", "fools", "wizards")
"""The eight guilds a player may head (reference §3); the Assassins join them in ELAM."""
ELAM_GUILDS: Final = GUILDS + ("assassins",)

MIN_PLAYERS, MAX_PLAYERS = 2, 8


def new_state(players: Sequence[str], rules: Mapping[str, str]) -> State:
    edition = load_edition(rules.get("edition", "us"))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleViolation("setup.players", f"Ankh-Morpoly is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                            f"not {len(players)}")
    if len(set(players)) != len(players) or any(not p or ":" in p or p == "bank" for p in players):
        raise RuleViolation("setup.players", f"player names must be distinct, non-empty, without ':' "
                            f"and not 'bank': {list(players)!r}")
    parties = [Party(p, edition.starting_cash, [p], p) for p in players]
    bank = Bank(edition.bank_money - edition.starting_cash * len(players), edition.houses, edition.hotels)
    squares = {index: square_state() for index in edition.ownable()}
    state = State(edition.id, dict(rules), parties, [Token(p, p) for p in players], squares, bank,
                  seating=list(players))
    elam_start(state)
    return state
