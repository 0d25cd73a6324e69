"""Who controls what, who is winning, and the final score — read-only views of a ``State``.

Everything here is derived from the table and never changes it. Control and the personality
conditions follow "Ending and winning the game" in the rulebooks; a demon in an area voids control,
infiltration, the value of a building (ruling 12) and, at the end, every point scored there. The
edition options of ``shared/rules/README.md`` that touch scoring are read from ``state.rules``
(``companion.morpork.options``): Polish buildings score twice their cost; the German tie-break looks
at the most valuable *controlled* area instead of the most valuable City Area card held.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from companion.morpork.board import AREA_BY_ID, AREA_IDS
from companion.morpork.state import State

MINION_POINTS = 5
LOAN_REPAYMENT = 12
LOAN_PENALTY = 15
CHRYSOPRASE_TARGET = 50
DRAGON_KING_TROUBLE = 8
RIOT_THRESHOLD = 8
"""Trouble markers on the board for the Riots event to end the game."""

VETINARI_AREAS: dict[int, int] = {2: 11, 3: 10, 4: 9}
"""Areas Vetinari must infiltrate, by player count."""
LORD_AREAS: dict[int, int] = {2: 7, 3: 5, 4: 4}
"""Areas Selachii, Rust or de Worde must control, by player count."""
LORDS: tuple[str, ...] = ("selachii", "rust", "de-worde")


# -- control ------------------------------------------------------------------------------------

def controller(state: State, area: str) -> str | None:
    """The colour controlling ``area``: more pieces (minions + building) than any other single player
    and than the trolls there; nobody while a demon is there. Trouble does not matter.

    Remembered in the state's tally until a piece in the area moves (``State.tally``): every
    turn starts by asking it of all twelve areas for the Lords' condition."""
    known = state.tally.controllers
    if area in known:
        return known[area]
    found = control_now(state, area)
    known[area] = found
    return found


def control_now(state: State, area: str) -> str | None:
    """:func:`controller` worked out from the pieces in the area (the rule itself)."""
    a = state.areas[area]
    if a.demons > 0:
        return None
    # one pass over the players, keeping the one ahead (None while two are level): a dictionary of
    # every player's pieces and two passes over it cost several times as much, at every turn's
    # start for the Lords and for each remembered controller the round-trip check works out again
    minions, building = a.minions, a.building
    best, leader = 0, None
    for player in state.players:
        color = player.color
        pieces = minions.get(color, 0) + (building == color)
        if pieces > best:
            best, leader = pieces, color
        elif pieces == best:
            leader = None
    if best == 0 or best <= a.trolls:
        return None
    return leader


def controlled_areas(state: State, color: str) -> list[str]:
    """The areas ``color`` controls, in board order (the Lords' measure, and the German tie-break).
    The remembered controllers are read here directly: a Lord's turn starts by asking all twelve."""
    known = state.tally.controllers
    return [a for a in AREA_IDS if (known[a] if a in known else controller(state, a)) == color]


def infiltrated(state: State, color: str) -> list[str]:
    """Areas with at least one of ``color``'s minions and no demon (Vetinari's spies)."""
    return [a for a in AREA_IDS if state.areas[a].minion_count(color) > 0 and state.areas[a].demons == 0]


def net_worth(state: State, color: str) -> int:
    """Chrysoprase's measure: cash plus building values ($0 where a demon is), less $12 per loan."""
    player = state.player(color)
    buildings = sum(state.building_value(a) for a in AREA_IDS if state.areas[a].building == color)
    return player.money + buildings - LOAN_REPAYMENT * len(player.loans)


def trouble_count(state: State) -> int:
    """Trouble markers on the board (the Dragon King of Arms' measure, and the Riots event's)."""
    return state.trouble_on_board()


# -- personalities -------------------------------------------------------------------------------

def condition_holds(state: State, color: str) -> bool:
    """Whether ``color``'s own personality condition is met in this position.

    False for Commander Vimes (he wins only when the draw pile runs out) and when the personality is
    not known.
    """
    progress = condition_progress(state, color, state.player(color).personality)
    return progress is not None and progress[0] >= progress[1]


def condition_progress(state: State, color: str, personality: str | None) -> tuple[int, int] | None:
    """What ``personality``'s condition counts for ``color`` here and what it needs, the condition
    holding when the first reaches the second: Vetinari's areas infiltrated, a Lord's areas
    controlled (by player count), the Dragon King's trouble markers, Chrysoprase's net worth. None
    for Commander Vimes (he wins only when the draw pile runs out) and an unknown personality.
    ``personality`` is given apart from the player's: a finished game's end names the winner's card
    where the public view hides it."""
    n = len(state.players)
    if personality == "vetinari":
        return len(infiltrated(state, color)), VETINARI_AREAS[n]
    if personality in LORDS:
        return len(controlled_areas(state, color)), LORD_AREAS[n]
    if personality == "dragon-king-of-arms":
        return trouble_count(state), DRAGON_KING_TROUBLE
    if personality == "chrysoprase":
        return net_worth(state, color), CHRYSOPRASE_TARGET
    return None


def wins_now(state: State, color: str) -> bool:
    """The ``analyse`` command's ``wins_now``: the player's own condition holds here."""
    return condition_holds(state, color)


def winner_at_turn_start(state: State, color: str) -> str | None:
    """At the start of ``color``'s turn: ``color`` when its personality condition holds (it wins and
    the game ends), else None. Conditions are checked only at the start of one's own turn."""
    return color if condition_holds(state, color) else None


# -- final score ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlayerScore:
    """One line of the score screen: where a player's points come from."""

    color: str
    minions: int
    """Minions on the board that score (none in an area with a demon)."""
    minion_points: int
    buildings: int
    """Buildings that score."""
    building_points: int
    money: int
    """Cash before settling loans."""
    loans_repaid: int
    loans_unpaid: int
    money_points: int
    """Cash left after repaying $12 per loan while possible."""
    loan_penalty: int
    """Points lost: −15 for each loan that could not be repaid (a negative number or 0)."""
    voided_minions: int
    """Minions that score nothing because a demon shares their area."""
    voided_buildings: int
    voided_points: int
    """What those minions and buildings would have scored without the demons."""
    tie_break_value: int
    """The value compared on a tie: best City Area card held (or, DE, best area controlled)."""
    total: int


@dataclass(frozen=True)
class FinalScore:
    """The outcome if the game ended on points now."""

    points: dict[str, int]
    breakdown: dict[str, PlayerScore]
    winners: list[str] = field(default_factory=list)
    tie_break: str = "card"

    def to_json(self) -> dict[str, Any]:
        """Plain JSON for the score screen and the journal: points, winners, tie-break, breakdown."""
        return {"points": dict(self.points), "winners": list(self.winners), "tie_break": self.tie_break,
                "breakdown": {c: asdict(s) for c, s in self.breakdown.items()}}


def _tie_break_value(state: State, color: str) -> int:
    """The printed value compared on a tie: best City Area card held, or (German) area controlled."""
    if state.rules.tie_break == "control":
        areas = controlled_areas(state, color)
    else:
        areas = state.area_cards_held(color)
    return max((AREA_BY_ID[a].cost for a in areas), default=0)


def player_score(state: State, color: str) -> PlayerScore:
    """Score one player: 5 per minion, a building's cost (×2 in PL), $1 per dollar, nothing where a
    demon is, each loan repaid with $12 while possible or −15 points."""
    factor = state.rules.building_factor
    minions = buildings = building_points = voided_minions = voided_buildings = voided_points = 0
    for a in AREA_IDS:
        area = state.areas[a]
        own_minions = area.minion_count(color)
        own_building = area.building == color
        if area.demons > 0:
            voided_minions += own_minions
            voided_buildings += int(own_building)
            voided_points += MINION_POINTS * own_minions + (AREA_BY_ID[a].cost * factor if own_building else 0)
            continue
        minions += own_minions
        if own_building:
            buildings += 1
            building_points += AREA_BY_ID[a].cost * factor
    player = state.player(color)
    repaid = min(len(player.loans), player.money // LOAN_REPAYMENT)
    unpaid = len(player.loans) - repaid
    money_points = player.money - LOAN_REPAYMENT * repaid
    penalty = -LOAN_PENALTY * unpaid
    total = MINION_POINTS * minions + building_points + money_points + penalty
    return PlayerScore(
        color=color, minions=minions, minion_points=MINION_POINTS * minions, buildings=buildings,
        building_points=building_points, money=player.money, loans_repaid=repaid, loans_unpaid=unpaid,
        money_points=money_points, loan_penalty=penalty, voided_minions=voided_minions,
        voided_buildings=voided_buildings, voided_points=voided_points, tie_break_value=_tie_break_value(state, color), total=total,
    )


def final_score(state: State) -> FinalScore:
    """Points per colour after settling loans, and the winners after the edition's tie-break
    (several colours when the tie-break also ties: a shared win)."""
    breakdown = {c: player_score(state, c) for c in state.colors}
    points = {c: s.total for c, s in breakdown.items()}
    top = max(points.values())
    tied = [c for c in state.colors if points[c] == top]
    if len(tied) > 1:
        best = max(breakdown[c].tie_break_value for c in tied)
        tied = [c for c in tied if breakdown[c].tie_break_value == best]
    return FinalScore(points=points, breakdown=breakdown, winners=tied, tie_break=state.rules.tie_break)
