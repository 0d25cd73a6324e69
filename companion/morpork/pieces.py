"""The primitive moves of pieces and money, each keeping the table's invariants.

These are the building blocks every action, card and event uses: they apply the trouble-marker
rule (a minion, troll or demon arriving where one already is brings a marker; any of them leaving
takes the marker away), return removed pieces to their supply and route money through the bank. They
check only what keeps the state physically possible (a piece must exist to be removed); whether a
move is *allowed* is decided by the callers in ``companion.morpork.actions`` and the procedures.

A *piece* is a player's colour (their minion), ``"troll"`` or ``"demon"``.

They are the only code that moves pieces in a game, so they also keep the state's count of the
board (``State.tally``) as the pieces move: the supply and control questions asked many times per
input read it instead of recounting twelve areas.
"""
from __future__ import annotations

from companion.core.errors import RuleViolation
from companion.morpork.state import NEUTRAL_PIECES, State


def pieces_in(state: State, area_id: str) -> dict[str, int]:
    """The removable pieces in an area by kind: colours with minions, then trolls and demons."""
    area = state.areas[area_id]
    found = {c: n for c, n in area.minions.items() if n}
    if area.trolls:
        found["troll"] = area.trolls
    if area.demons:
        found["demon"] = area.demons
    return found


def piece_count(state: State, area_id: str, piece: str) -> int:
    area = state.areas[area_id]
    if piece == "troll":
        return area.trolls
    if piece == "demon":
        return area.demons
    return area.minion_count(piece)


def piece_in_supply(state: State, piece: str) -> int:
    if piece == "troll":
        return state.trolls_in_supply()
    if piece == "demon":
        return state.demons_in_supply()
    return state.minions_in_supply(piece)


def _add(state: State, area_id: str, piece: str) -> None:
    area = state.areas[area_id]
    if piece == "troll":
        area.trolls += 1
    elif piece == "demon":
        area.demons += 1
    else:
        area.minions[piece] = area.minion_count(piece) + 1
    state.tally.piece_moved(area_id, piece, +1)


def _take(state: State, area_id: str, piece: str) -> None:
    area = state.areas[area_id]
    if piece == "troll":
        area.trolls -= 1
    elif piece == "demon":
        area.demons -= 1
    else:
        left = area.minion_count(piece) - 1
        if left:
            area.minions[piece] = left
        else:
            del area.minions[piece]
    state.tally.piece_moved(area_id, piece, -1)


def add_trouble(state: State, area_id: str) -> bool:
    """Put a trouble marker in the area if it has none and one is left; True when one was placed."""
    area = state.areas[area_id]
    if area.trouble or state.trouble_in_supply() == 0:
        return False
    area.trouble = True
    state.tally.trouble += 1
    return True


def remove_trouble(state: State, area_id: str) -> bool:
    area = state.areas[area_id]
    had = area.trouble
    area.trouble = False
    state.tally.trouble -= had
    return had


def place_piece(state: State, area_id: str, piece: str, *, trouble: bool = True, always_trouble: bool = False) -> None:
    """Put a piece from its supply into an area.

    The trouble rule applies unless ``trouble`` is False (Deep Dwarves, Mr Shine); ``always_trouble``
    is for demons, which bring a marker even into an empty area.
    """
    if piece_in_supply(state, piece) <= 0:
        raise RuleViolation("supply.empty", f"no {piece} piece is left to place", {"piece": piece})
    crowded = state.areas[area_id].has_any_minion
    _add(state, area_id, piece)
    if trouble and (crowded or always_trouble):
        add_trouble(state, area_id)


def remove_piece(state: State, area_id: str, piece: str) -> None:
    """Take a piece off the board back to its supply; the area's trouble marker goes with it."""
    if piece_count(state, area_id, piece) <= 0:
        raise RuleViolation("piece.absent", f"there is no {piece} piece in {area_id!r}", {"piece": piece, "area": area_id})
    _take(state, area_id, piece)
    remove_trouble(state, area_id)


def move_piece(state: State, source: str, target: str, piece: str) -> None:
    """Move a piece between areas: leaving clears the source's marker, arriving may bring one."""
    if source == target:
        raise RuleViolation("move.same-area", f"a move must leave {source!r}", {"area": source})
    remove_piece(state, source, piece)
    place_piece(state, target, piece)


def is_neutral(piece: str) -> bool:
    return piece in NEUTRAL_PIECES


# -- buildings ---------------------------------------------------------------------------------

def place_building(state: State, area_id: str, color: str) -> None:
    """Put a building of ``color`` in an empty plot; its City Area card follows it (gained this turn)."""
    area = state.areas[area_id]
    if area.building is not None:
        raise RuleViolation("build.occupied", f"{area_id!r} already has a building", {"area": area_id})
    if state.buildings_in_supply(color) <= 0:
        raise RuleViolation("supply.empty", f"{color} has no building left to place", {"piece": "building"})
    area.building = color
    state.tally.building_moved(area_id, color, +1)
    if area_id not in state.turn.cards_gained:
        state.turn.cards_gained.append(area_id)


def remove_building(state: State, area_id: str) -> str:
    """Remove the building in an area, returning its owner. The City Area card goes back on display
    by itself (who holds it is derived from the building); a card lost to Bloody Stupid Johnson stays
    out of the game."""
    area = state.areas[area_id]
    if area.building is None:
        raise RuleViolation("piece.absent", f"there is no building in {area_id!r}", {"piece": "building", "area": area_id})
    owner = area.building
    area.building = None
    state.tally.building_moved(area_id, owner, -1)
    return owner


# -- money (ruling 1: paid to / taken from the bank; the bank pays only what it holds) --------

def pay_bank(state: State, color: str, amount: int) -> int:
    """``color`` pays up to ``amount`` to the bank ("as much as possible"); returns what was paid."""
    player = state.player(color)
    paid = max(0, min(amount, player.money))
    player.money -= paid
    state.bank += paid
    return paid


def take_from_bank(state: State, color: str, amount: int) -> int:
    """``color`` takes up to ``amount`` from the bank; the bank pays only what it holds."""
    got = max(0, min(amount, state.bank))
    state.bank -= got
    state.player(color).money += got
    return got


def transfer(state: State, payer: str, payee: str, amount: int) -> int:
    """``payer`` gives ``payee`` up to ``amount``; returns what changed hands."""
    source = state.player(payer)
    paid = max(0, min(amount, source.money))
    source.money -= paid
    state.player(payee).money += paid
    return paid
