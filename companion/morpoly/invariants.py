"""The table's invariants, in one list, for the random-play tests and the simulator: money is
conserved (bank + parties), each square has at most one owner and it is a party in the game, the
house and hotel supply adds up, no mortgaged square carries buildings, tokens belong to their
parties, a get-out-of-jail card is held once, and the position format round-trips."""
from __future__ import annotations

from companion.morpoly.editions import load_edition
from companion.morpoly.state import HOTEL, State
from companion.morpoly.state_format import state_from_json, state_to_json


def check_invariants(state: State, round_trip: bool = True) -> list[str]:
    """Every broken invariant, one line each (an empty list: the table is sound). ``round_trip``
    off skips the position's JSON round-trip, two thirds of the cost (the simulator samples it)."""
    edition = load_edition(state.edition)
    out: list[str] = []
    total = state.bank.cash + sum(p.cash for p in state.parties)
    if total != edition.bank_money:
        out.append(f"money: bank + parties = {total}, not {edition.bank_money}")
    parties = {p.id: p for p in state.parties}
    out.extend(f"{p.id} has negative cash {p.cash}" for p in state.parties if p.cash < 0)
    houses = hotels = 0
    squares = state.squares
    whole_groups: dict[tuple[int, ...], bool] = {}
    for index, sq in squares.items():  # one pass: checked after every simulated input
        if sq.owner is not None and sq.owner not in parties:
            out.append(f"square {index} is owned by {sq.owner!r}, not a party")
        if sq.houses:
            if sq.houses == HOTEL:
                hotels += 1
            else:
                houses += sq.houses
            if sq.mortgaged:
                out.append(f"mortgaged square {index} has buildings")
            group = edition.group(index)
            if group not in whole_groups:
                whole_groups[group] = all(squares[s].owner == sq.owner for s in group)
            if not whole_groups[group]:
                out.append(f"square {index} is built without its whole group")
    if state.bank.houses < 0 or state.bank.houses + houses != edition.houses:
        out.append(f"houses: {state.bank.houses} in the bank + {houses} built != {edition.houses}")
    if state.bank.hotels < 0 or state.bank.hotels + hotels != edition.hotels:
        out.append(f"hotels: {state.bank.hotels} in the bank + {hotels} built != {edition.hotels}")
    for token in state.tokens:
        if token.party not in parties or token.id not in parties[token.party].tokens:
            out.append(f"token {token.id} and party {token.party!r} disagree")
        if not 0 <= token.square < 40 or (token.in_jail and token.square != 10):
            out.append(f"token {token.id} stands on {token.square} (in jail: {token.in_jail})")
    held = [c for p in state.parties for c in p.jail_cards]
    if len(held) != len(set(held)):
        out.append(f"a get-out-of-jail card is held twice: {held}")
    if round_trip and state_from_json(state_to_json(state)) != state:
        out.append("the position does not round-trip through ankh-morpoly-state/1")
    return out
