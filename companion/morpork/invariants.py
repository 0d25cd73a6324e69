"""What must hold on any table the engine produces: the box's pieces and money all accounted for.

One list of the physical invariants, used by the random-play simulator after every input and by the
property tests, so the checks cannot drift apart. Each problem is a sentence for a bug report.

The counts are taken afresh from the areas here (a recount), never from the state's kept tally; and
:func:`kept_count_problems` says where what the state keeps to answer quickly (``State.tally``, the
remembered controllers, ``State.cards_memo``) differs from working it out again.
"""
from __future__ import annotations

from companion.morpork.board import BUILDINGS_PER_PLAYER, DEMONS, MINIONS_PER_PLAYER, TROLLS, TROUBLE_MARKERS
from companion.morpork.board import AREA_IDS
from companion.morpork.hidden_cards import public_cards_now, unseen_among
from companion.morpork.scoring import control_now
from companion.morpork.state import CardsMemo, State, Tally


def table_problems(state: State) -> list[str]:
    """Every way ``state`` is physically impossible; an empty list when it is a real table."""
    problems: list[str] = []
    counted = Tally.of(state.areas)
    for player in state.players:
        color = player.color
        minions, buildings = counted.minions.get(color, 0), counted.buildings.get(color, 0)
        if not 0 <= minions <= MINIONS_PER_PLAYER:
            problems.append(f"{color} has {minions} minions on the board")
        if not 0 <= buildings <= BUILDINGS_PER_PLAYER:
            problems.append(f"{color} has {buildings} buildings on the board")
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
    if not 0 <= counted.trouble <= TROUBLE_MARKERS:
        problems.append(f"{counted.trouble} trouble markers on the board")
    if not 0 <= counted.trolls <= TROLLS or not 0 <= counted.demons <= DEMONS:
        problems.append("more trolls or demons on the board than in the box")
    if state.bank < 0:
        problems.append(f"the bank holds ${state.bank}")
    if state.money_in_play != state.bank_total:
        problems.append(f"money: ${state.money_in_play} in play, the box holds ${state.bank_total}")
    return problems


def kept_count_problems(state: State) -> list[str]:
    """Where the state's kept counts and remembered answers differ from a recount: the pieces
    (``State.tally``), each remembered controller, and the cards known from the public cards when
    ``state.cards_memo`` holds answers for this state. Empty when they all agree."""
    problems: list[str] = []
    kept, counted = state.tally.counts(), Tally.of(state.areas).counts()
    if kept != counted:
        problems.append(f"the kept piece counts {kept!r} differ from a recount {counted!r}")
    for area, color in state.tally.controllers.items():
        if area not in AREA_IDS or color != control_now(state, area):
            problems.append(f"{area}: remembered controller {color!r}, the pieces say {control_now(state, area)!r}")
    memo = state.cards_memo
    if memo.holds(state):
        public = public_cards_now(state)
        for key, value in memo.values.items():
            fresh = unseen_among(public, key) if isinstance(key, tuple) else public
            if value != fresh:
                problems.append(f"remembered cards for {key!r} differ from the public cards: {value!r} vs {fresh!r}")
    return problems
