"""Small questions about the rules in play that several modules ask."""
from __future__ import annotations

from companion.morpoly.options import value
from companion.morpoly.revisions import AMOUNTS_AND_JAIL_DEALS
from companion.morpoly.state import State


def is_variant(state: State) -> bool:
    """Whether the variant's changes to standard Monopoly (§1 of the reference) apply."""
    return state.rules.get("base", "variant") == "variant"


def tenth_rounding(state: State) -> str:
    """How the amounts R6 names and that long rounded down whatever the option said — the tenth paid
    on lifting a mortgage, R12's transfer interest, the Luggage's shares — are rounded: by option
    ``rounding`` in the variant; down in standard Monopoly and in a game recorded before rules
    revision 4, as it was played."""
    if is_variant(state) and state.revision >= AMOUNTS_AND_JAIL_DEALS:
        return value(state.rules, "rounding")
    return "down"


def token_alive(state: State, token_id: str) -> bool:
    """Whether the token is still in the game (a party out to the bank takes its tokens away)."""
    for t in state.tokens:  # a plain loop: asked at every hook of every move
        if t.id == token_id:
            return True
    return False


def anyone_in_jail(state: State) -> bool:
    """Whether some token sits in jail: B1 (a party all of whose tokens are jailed makes no deals,
    receives nothing) can bite only then, so the menu's trade scans ask it once instead of per party."""
    for t in state.tokens:  # a plain loop (a generator expression was one made per menu)
        if t.in_jail:
            return True
    return False


def makes_no_deals(state: State, party: str) -> bool:
    """B1 (L9): in the variant a party all of whose tokens sit in jail concludes no deals — no trade,
    no bid for a bankrupt guild (rules revision 11) — except the Thieves, who do business from jail
    (L36)."""
    return is_variant(state) and party_jailed(state, party) and "thieves" not in state.party(party).guilds


def party_jailed(state: State, party_id: str) -> bool:
    """A party is in jail when every one of its tokens is (reference B1: then it receives nothing)."""
    found = False
    for t in state.tokens:  # a plain loop: asked for every owner at every menu (may they trade?)
        if t.party == party_id:
            if not t.in_jail:
                return False
            found = True
    return found


def party_exists(state: State, party_id: str) -> bool:
    """Whether ``party_id`` is still a party (not taken over, nor gone to the bank)."""
    for p in state.parties:  # a plain loop: asked after every charge (settle.py)
        if p.id == party_id:
            return True
    return False
