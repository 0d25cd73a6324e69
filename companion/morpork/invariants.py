"""What must hold on any table the engine produces: the box's pieces and money all accounted for,
and nothing that :mod:`companion.morpork.soundness` says no table shows (a game's end the rulebook
does not make, an empty draw pile in a game going on, a second lost City Area card, a piece or a
lost card whose event is still in the deck), which the position format refuses by the same rules.

One list of the physical invariants, used by the random-play simulator and by the property tests,
so the checks cannot drift apart. Each problem is a sentence for a bug report.

The counts are taken afresh from the areas here (a recount), never from the state's kept tally; and
:func:`kept_count_problems` says where what the state keeps to answer quickly (``State.tally``, the
remembered controllers, ``State.cards_memo``) differs from working it out again. A caller that
checks often (the simulator, after every input) recounts once and hands the :class:`Tally` to
:func:`table_problems` and :func:`kept_piece_problems`; between recounts it holds the kept tally to
the box with :func:`piece_problems`, which costs a few comparisons.
"""
from __future__ import annotations

from collections.abc import Iterable

from companion.morpork.board import BUILDINGS_PER_PLAYER, DEMONS, MINIONS_PER_PLAYER, TROLLS, TROUBLE_MARKERS
from companion.morpork.board import AREA_IDS
from companion.morpork.hidden_cards import public_cards_now, remembered_now
from companion.morpork.scoring import control_now
from companion.morpork.soundness import unreachable
from companion.morpork.state import State, Tally, built_now


def piece_problems(counts: Tally, colors: Iterable[str]) -> list[str]:
    """Where ``counts`` (a recount, or the state's kept tally) puts more pieces of a kind on the
    board than the box holds, or fewer than none."""
    minions, buildings = counts.minions, counts.buildings
    if (0 <= counts.trouble <= TROUBLE_MARKERS and 0 <= counts.trolls <= TROLLS and 0 <= counts.demons <= DEMONS
            and 0 <= min(minions.values(), default=0) and max(minions.values(), default=0) <= MINIONS_PER_PLAYER
            and 0 <= min(buildings.values(), default=0)
            and max(buildings.values(), default=0) <= BUILDINGS_PER_PLAYER):
        return []  # the usual case, seen at once; below, each problem is named
    problems: list[str] = []
    for color in colors:
        on_board, built = minions.get(color, 0), buildings.get(color, 0)
        if not 0 <= on_board <= MINIONS_PER_PLAYER:
            problems.append(f"{color} has {on_board} minions on the board")
        if not 0 <= built <= BUILDINGS_PER_PLAYER:
            problems.append(f"{color} has {built} buildings on the board")
    if not 0 <= counts.trouble <= TROUBLE_MARKERS:
        problems.append(f"{counts.trouble} trouble markers on the board")
    if not 0 <= counts.trolls <= TROLLS or not 0 <= counts.demons <= DEMONS:
        problems.append("more trolls or demons on the board than in the box")
    return problems


def table_problems(state: State, counted: Tally | None = None) -> list[str]:
    """Every way ``state`` is physically impossible; an empty list when it is a real table.
    ``counted``: a recount of ``state.areas`` already made (``Tally.of``), to not count twice."""
    if counted is None:
        counted = Tally.of(state.areas)
    problems = piece_problems(counted, state.colors)
    for player in state.players:
        if player.money < 0:
            problems.append(f"{player.color} has ${player.money}")
        if player.hand < 0:
            problems.append(f"{player.color} holds {player.hand} cards")
    for area_id, area in state.areas.items():
        if not isinstance(area.trouble, bool):
            problems.append(f"{area_id}: trouble is {area.trouble!r}, not true or false")
        if area.minions and min(area.minions.values()) <= 0:
            problems.append(f"{area_id}: a colour is listed with no minion {area.minions!r}")
        if area.trolls < 0 or area.demons < 0:
            problems.append(f"{area_id}: {area.trolls} trolls, {area.demons} demons")
    if state.bank < 0:
        problems.append(f"the bank holds ${state.bank}")
    if state.money_in_play != state.bank_total:
        problems.append(f"money: ${state.money_in_play} in play, the box holds ${state.bank_total}")
    problems.extend(found.line() for found in unreachable(state))  # the rules the position format holds too
    return problems


def kept_piece_problems(state: State, counted: Tally | None = None) -> list[str]:
    """Where the state's kept piece counts (``State.tally``) differ from a recount (``counted``,
    when already made)."""
    kept, recounted = state.tally.counts(), (counted or Tally.of(state.areas)).counts()
    if kept != recounted:
        return [f"the kept piece counts {kept!r} differ from a recount {recounted!r}"]
    return []


def remembered_problems(state: State) -> list[str]:
    """Where a remembered answer differs from working it out again: each remembered controller,
    each colour's remembered buildings, and the cards known from the public cards when ``state.cards_memo`` holds answers for this state."""
    problems: list[str] = []
    for area, color in state.tally.controllers.items():
        if area not in AREA_IDS or color != control_now(state, area):
            problems.append(f"{area}: remembered controller {color!r}, the pieces say {control_now(state, area)!r}")
    for color, built in state.tally.built.items():
        if built != built_now(state.areas, color):
            problems.append(f"{color}: remembered buildings in {built!r}, the areas say {built_now(state.areas, color)!r}")
    memo = state.cards_memo
    if memo.holds(state):
        public = public_cards_now(state)
        for key, value in memo.values.items():
            fresh = remembered_now(public, key)
            if value != fresh:
                problems.append(f"remembered cards for {key!r} differ from the public cards: {value!r} vs {fresh!r}")
    return problems


def kept_count_problems(state: State) -> list[str]:
    """Where the state's kept counts and remembered answers differ from a recount: the pieces
    (``State.tally``), each remembered controller, and the cards known from the public cards when
    ``state.cards_memo`` holds answers for this state. Empty when they all agree."""
    return kept_piece_problems(state) + remembered_problems(state)
