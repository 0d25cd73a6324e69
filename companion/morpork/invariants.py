"""What must hold on any table the engine produces: the box's pieces and money all accounted for.

One list of the physical invariants, used by the random-play simulator after every input and by the
property tests, so the checks cannot drift apart. Each problem is a sentence for a bug report.
"""
from __future__ import annotations

from companion.morpork.board import BUILDINGS_PER_PLAYER, DEMONS, MINIONS_PER_PLAYER, TROLLS, TROUBLE_MARKERS
from companion.morpork.state import State


def table_problems(state: State) -> list[str]:
    """Every way ``state`` is physically impossible; an empty list when it is a real table."""
    problems: list[str] = []
    for player in state.players:
        color = player.color
        if not 0 <= state.minions_in_supply(color) <= MINIONS_PER_PLAYER:
            problems.append(f"{color} has {state.minions_on_board(color)} minions on the board")
        if not 0 <= state.buildings_in_supply(color) <= BUILDINGS_PER_PLAYER:
            problems.append(f"{color} has {state.buildings_on_board(color)} buildings on the board")
        if player.money < 0:
            problems.append(f"{color} has ${player.money}")
        if player.hand < 0:
            problems.append(f"{color} holds {player.hand} cards")
    for area_id, area in state.areas.items():
        if not isinstance(area.trouble, bool):
            problems.append(f"{area_id}: trouble is {area.trouble!r}, not true or false")
        if any(n <= 0 for n in area.minions.values()):
            problems.append(f"{area_id}: a colour is listed with no minion {area.minions!r}")
        if area.trolls < 0 or area.demons < 0:
            problems.append(f"{area_id}: {area.trolls} trolls, {area.demons} demons")
    if not 0 <= state.trouble_on_board() <= TROUBLE_MARKERS:
        problems.append(f"{state.trouble_on_board()} trouble markers on the board")
    if not 0 <= state.trolls_in_supply() <= TROLLS or not 0 <= state.demons_in_supply() <= DEMONS:
        problems.append("more trolls or demons on the board than in the box")
    if state.bank < 0:
        problems.append(f"the bank holds ${state.bank}")
    if state.money_in_play != state.bank_total:
        problems.append(f"money: ${state.money_in_play} in play, the box holds ${state.bank_total}")
    return problems
