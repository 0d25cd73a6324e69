"""The basic actions of the rulebook, each with every rule checked before anything changes.

Two kinds of functions live here. *Queries* (``minion_placement_areas``, ``buildable_areas``,
``assassination_targets``, ``usable_area_powers`` …) list what is legal now, so the UI and the
procedures never re-derive a rule. *Actions* (``place_minion``, ``build``, ``assassinate`` …) take a
working ``State`` and mutate it; each one validates everything first and raises
``RuleViolation(rule_id, message)`` before the first change, so a rejected action leaves the state
exactly as it was. ``apply_action`` wraps them for scripts and property tests: it works on a copy and
returns the new state.

Actions are deliberately not turn-aware (events and cards place and remove pieces for any player);
only the City Area powers (used in one's own turn, Small Gods aside) and ``end_turn`` look at whose
turn it is.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Union

from companion.morpork.board import (
    ADJACENT,
    AREA_BY_ID,
    AREA_IDS,
    BUILDINGS_PER_PLAYER,
    MINIONS_PER_PLAYER,
)
from companion.morpork.catalog import CARD_IDS
from companion.core.errors import RuleViolation
from companion.core.procedure import Reason, because
from companion.morpork.pieces import (
    add_trouble,
    pay_bank,
    piece_count,
    pieces_in,
    place_building,
    place_piece,
    remove_building,
    remove_piece,
    remove_trouble,
    take_from_bank,
)
from companion.morpork.state import GameOver, State, TurnState

HAND_SIZE = 5

# -- checks shared by the actions --------------------------------------------------------------

def _check_player(state: State, color: str) -> None:
    if not state.has_player(color):
        raise RuleViolation("player.unknown", f"{color!r} is not playing; the players are {state.colors!r}",
                            {"player": color})


def _check_area(area: str, what: str = "area") -> None:
    if area not in AREA_BY_ID:
        raise RuleViolation("area.unknown", f"unknown {what} {area!r}", {"area": area})


def _check_live(state: State) -> None:
    if state.game_over is not None:
        raise RuleViolation("game.over", f"the game is over ({state.game_over.reason}); nothing more can be done")


# -- place a minion ----------------------------------------------------------------------------

def must_move_minion(state: State, color: str) -> bool:
    """True when all twelve of the colour's minions are on the board: placing one means moving one."""
    return state.minions_on_board(color) >= MINIONS_PER_PLAYER


def minion_placement_areas(state: State, color: str, *, from_area: str | None = None) -> list[str]:
    """Where ``color`` may place a minion: areas holding one of its minions and their neighbours,
    or anywhere when it has none on the board.

    With all twelve on the board the minion comes from ``from_area``; the rulebook says it is
    removed *then* placed, so adjacency is judged without it, and it may not go back where it was.
    """
    areas = state.areas  # the moved minion counts one less where it leaves
    occupied = [a for a in AREA_IDS if areas[a].minions.get(color, 0) - (a == from_area) > 0]
    if not occupied:
        allowed = set(AREA_IDS)
    else:
        allowed = set(occupied)
        for a in occupied:
            allowed |= ADJACENT[a]
    if from_area is not None:
        allowed.discard(from_area)
    return [a for a in AREA_IDS if a in allowed]


def minion_placement_refusals(state: State, color: str, *, from_area: str | None = None) -> dict[str, Reason]:
    """Why each area outside :func:`minion_placement_areas` is not legal (the rule ids of
    :func:`_check_place`), so the screen can show it greyed with the reason instead of hiding it."""
    allowed = minion_placement_areas(state, color, from_area=from_area)
    return {a: (because("place.move-same-area", "the minion is moved from here", area=a) if a == from_area
                else because("place.adjacency", f"no {color} minion here or next door", color=color, area=a))
            for a in AREA_IDS if a not in allowed}


def minion_sources(state: State, color: str) -> list[str]:
    """Areas a minion may be taken from when all twelve are on the board (every area with one)."""
    return state.areas_with_minion(color)


def _check_place(state: State, color: str, area: str, from_area: str | None, anywhere: bool,
                 targets: set[str] | None = None) -> None:
    _check_player(state, color)
    _check_area(area)
    if must_move_minion(state, color):
        if from_area is None:
            raise RuleViolation(
                "place.move-required",
                f"all {MINIONS_PER_PLAYER} {color} minions are on the board: name the area to move one from",
                {"player": color},
            )
        _check_area(from_area, "area to move from")
        if state.areas[from_area].minion_count(color) == 0:
            raise RuleViolation("place.move-source", f"{color} has no minion in {from_area!r} to move",
                                {"player": color, "area": from_area})
        if from_area == area:
            raise RuleViolation("place.move-same-area", f"a moved minion must go somewhere else than {area!r}",
                                {"area": area})
    elif from_area is not None:
        raise RuleViolation(
            "place.from-supply",
            f"{color} still has {state.minions_in_supply(color)} minion(s) in supply; a minion is moved "
            f"only when all {MINIONS_PER_PLAYER} are on the board",
            {"player": color},
        )
    if targets is not None:
        if area not in targets:
            raise RuleViolation("power.target", f"this power places a minion only in {sorted(targets)!r}, not {area!r}",
                                {"area": area})
    elif not anywhere and area not in minion_placement_areas(state, color, from_area=from_area):
        raise RuleViolation(
            "place.adjacency",
            f"{color} may place a minion only in an area with one of its minions or next to one; {area!r} is neither",
            {"color": color, "area": area},
        )


def place_minion(state: State, color: str, area: str, *, from_area: str | None = None,
                 trouble: bool = True, anywhere: bool = False) -> None:
    """Place one of ``color``'s minions in ``area`` (moving it from ``from_area`` when all twelve are
    out). ``trouble=False`` skips the trouble rule, ``anywhere=True`` the adjacency rule, for the
    cards that say so."""
    _check_place(state, color, area, from_area, anywhere)
    if from_area is not None:
        remove_piece(state, from_area, color)
    place_piece(state, area, color, trouble=trouble)


# -- build -------------------------------------------------------------------------------------

def _building_cost(area: str, cost: int | None) -> int:
    return AREA_BY_ID[area].cost if cost is None else cost


def _build_rule_broken(state: State, color: str, area: str, cost: int | None) -> str | None:
    """The rule id that forbids ``color`` to build in ``area`` now, or None (the rule itself;
    :func:`_build_problem` words it)."""
    a = state.areas[area]
    if not a.minions.get(color):
        return "build.minion"
    if a.building is not None:
        return "build.occupied"
    if a.trouble:
        return "build.trouble"
    if state.player(color).money < _building_cost(area, cost):
        return "build.money"
    return None


def _build_problem(state: State, color: str, area: str, cost: int | None) -> Reason | None:
    """Why ``color`` may not build in ``area`` (its key is the rule id ``build`` raises), or None."""
    rule = _build_rule_broken(state, color, area, cost)
    if rule is None:
        return None
    a = state.areas[area]
    if rule == "build.minion":
        return because("build.minion", f"{color} needs a minion in {area!r} to build there", color=color, area=area)
    if rule == "build.occupied":
        return because("build.occupied", f"{area!r} already has a {a.building} building", area=area,
                       owner=a.building)
    if rule == "build.trouble":
        return because("build.trouble", f"nobody may build in {area!r} while it has a trouble marker", area=area)
    price = _building_cost(area, cost)
    money = state.player(color).money
    return because("build.money", f"building in {area!r} costs ${price}; {color} has ${money}",
                   area=area, color=color, price=price, money=money)


def buildable_areas(state: State, color: str, *, cost: int | None = None) -> list[str]:
    """Areas where ``color`` may build now: own minion, no building, no trouble marker, and the cost
    (``cost`` overrides the printed one for cards that change it) affordable. Asked for every
    question of a build symbol, so it checks the rule without wording each refusal."""
    _check_player(state, color)
    return [a for a in AREA_IDS if _build_rule_broken(state, color, a, cost) is None]


def build_refusals(state: State, color: str, *, cost: int | None = None) -> dict[str, Reason]:
    """Why each area outside :func:`buildable_areas` is not legal (no minion, a building, a trouble
    marker, not enough money), for the screen to show greyed with the reason."""
    _check_player(state, color)
    reasons = {}
    for a in AREA_IDS:
        problem = _build_problem(state, color, a, cost)
        if problem is not None:
            reasons[a] = problem
    return reasons


def must_move_building(state: State, color: str) -> bool:
    """True when all six buildings are on the board: building means moving one."""
    return state.buildings_on_board(color) >= BUILDINGS_PER_PLAYER


def build(state: State, color: str, area: str, *, from_area: str | None = None, cost: int | None = None) -> None:
    """Build in ``area``: pay the cost to the bank and take the City Area card. With all six
    buildings out, the one in ``from_area`` is moved (its City Area card goes back on display)."""
    _check_player(state, color)
    _check_area(area)
    if cost is not None and cost < 0:
        raise RuleViolation("build.cost", f"a building cannot cost {cost!r}")
    problem = _build_problem(state, color, area, cost)
    if problem is not None:
        raise RuleViolation(problem.key, problem.text, dict(problem.params))
    if must_move_building(state, color):
        if from_area is None:
            raise RuleViolation(
                "build.move-required",
                f"all {BUILDINGS_PER_PLAYER} {color} buildings are on the board: name the one to move",
                {"player": color},
            )
        _check_area(from_area, "area to move from")
        if state.areas[from_area].building != color:
            raise RuleViolation("build.move-source", f"{color} has no building in {from_area!r} to move",
                                {"player": color, "area": from_area})
    elif from_area is not None:
        raise RuleViolation(
            "build.from-supply",
            f"{color} still has {state.buildings_in_supply(color)} building(s) in supply; a building is "
            f"moved only when all {BUILDINGS_PER_PLAYER} are on the board",
            {"player": color},
        )
    if from_area is not None:
        remove_building(state, from_area)
    pay_bank(state, color, _building_cost(area, cost))
    place_building(state, area, color)


# -- assassinate, remove trouble, take money ---------------------------------------------------

def assassination_targets(state: State, color: str) -> list[tuple[str, str]]:
    """Every (area, piece) ``color`` may assassinate: another player's minion, a troll or a demon in
    an area with a trouble marker."""
    _check_player(state, color)
    found: list[tuple[str, str]] = []
    for area in AREA_IDS:
        if not state.areas[area].trouble:
            continue
        for piece in pieces_in(state, area):
            if piece != color:
                found.append((area, piece))
    return found


def assassinate(state: State, color: str, area: str, piece: str) -> None:
    """Remove another player's minion, a troll or a demon from an area with a trouble marker (the
    marker goes with it)."""
    _check_player(state, color)
    _check_area(area)
    if piece == color:
        raise RuleViolation("assassinate.own", f"{color} may not assassinate its own minion",
                            {"player": color})
    if piece not in ("troll", "demon") and not state.has_player(piece):
        raise RuleViolation("assassinate.piece", f"unknown piece {piece!r}; expected a player's colour, 'troll' or 'demon'",
                            {"piece": piece})
    if not state.areas[area].trouble:
        raise RuleViolation("assassinate.trouble", f"an assassination needs a trouble marker; {area!r} has none",
                            {"area": area})
    if piece_count(state, area, piece) == 0:
        raise RuleViolation("assassinate.absent", f"there is no {piece} piece in {area!r}",
                            {"piece": piece, "area": area})
    remove_piece(state, area, piece)


def trouble_marker_areas(state: State) -> list[str]:
    """The areas holding a trouble marker (those one may be removed from)."""
    return [a for a in AREA_IDS if state.areas[a].trouble]


def remove_trouble_marker(state: State, area: str) -> None:
    """The "remove one trouble marker" action."""
    _check_area(area)
    if not state.areas[area].trouble:
        raise RuleViolation("trouble.absent", f"there is no trouble marker in {area!r} to remove",
                            {"area": area})
    remove_trouble(state, area)


def take_money(state: State, color: str, amount: int) -> int:
    """Take ``amount`` from the bank; returns what was paid. The bank pays only what it holds
    (ruling 1; the German edition's "nobody can take from an empty bank" is the same in effect)."""
    _check_player(state, color)
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise RuleViolation("money.amount", f"an amount of money is a whole number of dollars, not {amount!r}")
    return take_from_bank(state, color, amount)


# -- City Area powers --------------------------------------------------------------------------

PowerTargets = Callable[[State, str], list[str]]
"""The legal targets of a power for its holder now."""
PowerBlock = Callable[[State, str], Union[str, None]]
"""Why a power has nothing to act on now (beyond holding it, its timing and its price), or None."""
PowerEffect = Callable[[State, str, Union[str, None], Union[str, None]], None]
"""What a power does once its target is checked and its price paid: (state, holder, target, from_area)."""


def _nothing(state: State, color: str) -> list[str]:
    return []


def _never_blocked(state: State, color: str) -> str | None:
    return None


def _no_effect(state: State, color: str, target: str | None, from_area: str | None) -> None:
    return None


@dataclass(frozen=True)
class AreaPower:
    """The power printed on one City Area card (``shared/reference/board.md``, "City Area cards").

    ``price`` is paid to the bank and ``income`` taken from it, ``draws`` cards are drawn before the
    target is named (Unreal Estate: the discard after the draw is owed); ``target`` says what the holder names
    when using it: ``"minion"`` (the area, one of ``targets``, where one of the holder's minions goes,
    moved from elsewhere when all twelve are out), ``"area"`` (one of ``targets``), ``"card"`` (the card
    discarded, when known) or None. ``does`` is the rulebook's words for the target, for refusals and questions. ``blocked``
    says why the power has nothing to act on now, ``effect`` does what the card says after the price
    is paid and the income taken. A ``reactive`` power answers random events instead of being used
    on demand (Small Gods, see ``companion.morpork.events.small_gods``); its ``price`` is per piece.
    """

    price: int = 0
    income: int = 0
    draws: int = 0
    target: str | None = None
    does: str = ""
    targets: PowerTargets = _nothing
    blocked: PowerBlock = _never_blocked
    effect: PowerEffect = _no_effect
    reactive: bool = False


def _in_or_next_to(area: str) -> PowerTargets:
    def targets(state: State, color: str) -> list[str]:
        return [a for a in AREA_IDS if a == area or a in ADJACENT[area]]
    return targets


def _place_minion_by_power(state: State, color: str, target: str | None, from_area: str | None) -> None:
    if from_area is not None:
        remove_piece(state, from_area, color)
    assert target is not None
    place_piece(state, target, color)


def _shades_targets(state: State, color: str) -> list[str]:
    """Where The Shades may put a marker: in or next to it, with a minion (troll, demon) and no marker yet."""
    candidates = {"the-shades"} | ADJACENT["the-shades"]
    return [a for a in AREA_IDS if a in candidates and state.areas[a].has_any_minion and not state.areas[a].trouble]


def _shades_blocked(state: State, color: str) -> str | None:
    if state.trouble_in_supply() == 0:
        return "no trouble marker is left to place"
    if not _shades_targets(state, color):
        return "no area in or next to The Shades has a minion and no trouble marker"
    return None


def _add_trouble(state: State, color: str, target: str | None, from_area: str | None) -> None:
    assert target is not None
    add_trouble(state, target)


def _marked_areas(state: State, color: str) -> list[str]:
    return trouble_marker_areas(state)


def _isle_blocked(state: State, color: str) -> str | None:
    return None if trouble_marker_areas(state) else "there is no trouble marker on the board to remove"


def _remove_trouble(state: State, color: str, target: str | None, from_area: str | None) -> None:
    assert target is not None
    remove_trouble(state, target)


def _discardable(state: State, color: str) -> int:
    """Cards ``color`` may discard: stuck ones (Fools' Guild, Dr Whiteface) stay in hand (FAQ)."""
    player = state.player(color)
    return player.hand - len(player.stuck_cards)


def _scours_blocked(state: State, color: str) -> str | None:
    return None if _discardable(state, color) >= 1 else f"{color} has no card it may discard"


def _discard(state: State, color: str, target: str | None, from_area: str | None) -> None:
    state.player(color).hand -= 1
    if target is not None:
        state.discard_pile.append(target)


def _draw_pile_blocked(state: State, color: str) -> str | None:
    return None if state.draw_pile > 0 else "the draw pile is empty"


def _draw_then_discard(state: State, color: str, target: str | None, from_area: str | None) -> None:
    state.draw_pile -= AREA_POWERS["unreal-estate"].draws  # draw, then discard as many: the hand size is unchanged
    if target is not None:
        state.discard_pile.append(target)
    if state.draw_pile == 0:
        end_game_on_draw_pile(state)


AREA_POWERS: dict[str, AreaPower] = {
    "dolly-sisters": AreaPower(price=3, target="minion", does="places a minion in Dolly Sisters or next to it",
                               targets=_in_or_next_to("dolly-sisters"), effect=_place_minion_by_power),
    "unreal-estate": AreaPower(draws=1, target="card", does="draws one card, then discards one",
                               blocked=_draw_pile_blocked, effect=_draw_then_discard),
    "dragons-landing": AreaPower(income=2),
    "small-gods": AreaPower(price=3, reactive=True,
                            does="spares a piece of its holder from a random event, per piece"),
    "the-scours": AreaPower(income=2, target="card", does="discards one card",
                            blocked=_scours_blocked, effect=_discard),
    "the-hippo": AreaPower(income=2),
    "the-shades": AreaPower(target="area", does="puts a trouble marker in The Shades or next to it, where a "
                                                "minion is and no marker yet",
                            targets=_shades_targets, blocked=_shades_blocked, effect=_add_trouble),
    "dimwell": AreaPower(price=3, target="minion", does="places a minion in Dimwell or next to it",
                         targets=_in_or_next_to("dimwell"), effect=_place_minion_by_power),
    "longwall": AreaPower(income=1),
    "isle-of-gods": AreaPower(price=2, target="area", does="removes a trouble marker anywhere",
                              targets=_marked_areas, blocked=_isle_blocked, effect=_remove_trouble),
    "seven-sleepers": AreaPower(income=3),
    "nap-hill": AreaPower(income=1),
}
"""The twelve City Area powers, one row each: the one place their prices, targets and effects live."""


def _power_off_reason(state: State, color: str, area: str) -> str | None:
    """Why ``color`` cannot use the power of ``area`` at all right now, or None.

    The game being over comes first: ``use_area_power`` refuses everything then, and the queries
    built on this (``usable_area_powers``, ``can_use_small_gods``) must offer only what it accepts.
    """
    if state.game_over is not None:
        return f"the game is over ({state.game_over.reason})"
    if state.area_card_holder(area) != color:
        if area in state.lost_area_cards and state.areas[area].building == color:
            return f"the {area!r} City Area card was lost to Bloody Stupid Johnson"
        return f"{color} does not hold the {area!r} City Area card"
    if state.areas[area].demons > 0:
        return f"the {area!r} power is off while a demon is there"
    if area in state.turn.cards_gained:
        return f"the {area!r} card was gained this turn and cannot be used until the next"
    return None


def can_use_small_gods(state: State, color: str) -> bool:
    """Whether ``color`` may pay to protect pieces from a random event now (any player's turn)."""
    return state.has_player(color) and _power_off_reason(state, color, "small-gods") is None


def _power_unusable(state: State, color: str, area: str, during_own_turn: bool) -> str | None:
    """Why the power cannot be used now (ownership, demon, timing, price, no target), or None."""
    reason = _power_off_reason(state, color, area)
    if reason is not None:
        return reason
    power = AREA_POWERS[area]
    if power.reactive:
        return None
    if not during_own_turn or state.active_player != color:
        return f"the {area!r} power is used only in its holder's turn"
    if area in state.turn.powers_used:
        return f"the {area!r} power was already used this turn"
    money = state.player(color).money
    if money < power.price:
        return f"the {area!r} power costs ${power.price}; {color} has ${money}"
    return power.blocked(state, color)


def usable_area_powers(state: State, color: str, *, during_own_turn: bool = True) -> list[str]:
    """The City Area powers ``color`` may use now, by area id.

    A power is used once per turn, not on the turn its card was gained, not while a demon is in
    its area, never once its card is lost to Bloody Stupid Johnson. Small Gods is listed whenever it
    is on (in anyone's turn) but is reactive: the event procedure uses it, not ``use_area_power``.
    With ``during_own_turn=False`` (or when ``color`` is not the active player) only Small Gods can
    appear.
    """
    held = state.area_cards_held(color)
    _check_player(state, color)
    if not held:  # most players most of the game: no card, no power
        return []
    return [a for a in held if _is_usable_held(state, color, a, during_own_turn)]


def _is_usable_held(state: State, color: str, area: str, during_own_turn: bool) -> bool:
    """``_power_unusable(state, color, area, during_own_turn) is None`` for an ``area`` whose City
    Area card ``color`` holds (``State.area_cards_held``), in the same order of checks but without
    wording a reason: the list of usable powers is asked at nearly every question of a turn, and
    wording why each power used this turn is used was most of it (``tests/companion/test_kept_answers.py``
    holds the two equal on simulated positions)."""
    if state.game_over is not None or state.areas[area].demons > 0 or area in state.turn.cards_gained:
        return False
    power = AREA_POWERS[area]
    if power.reactive:
        return True
    if not during_own_turn or state.active_player != color or area in state.turn.powers_used:
        return False
    return state.player(color).money >= power.price and power.blocked(state, color) is None


def _check_power_target(state: State, color: str, area: str, power: AreaPower, target: str | None,
                        from_area: str | None) -> None:
    """Every rule about what the power is used on, before anything changes."""
    if power.target == "minion":
        if target is None:
            raise RuleViolation("power.target", f"name the area for the minion placed with the {area!r} power",
                                {"area": area})
        _check_place(state, color, target, from_area, True, set(power.targets(state, color)))
    elif power.target == "area":
        targets = power.targets(state, color)
        if target not in targets:
            raise RuleViolation("power.target", f"the {area!r} power {power.does}: one of {targets!r}, not {target!r}",
                                {"area": area})
    elif power.target == "card" and target is not None:
        if target not in CARD_IDS:
            raise RuleViolation("power.target", f"unknown card {target!r} to discard")
        if target in state.player(color).stuck_cards:
            raise RuleViolation("power.stuck-card", f"{target!r} stays in hand and cannot be discarded",
                                {"card": target})


def use_area_power(state: State, color: str, area: str, *, target: str | None = None,
                   from_area: str | None = None) -> None:
    """Use an active City Area power in ``color``'s turn and mark it used (see ``AREA_POWERS``).

    ``target`` is the area for a power whose target is an area (Dolly Sisters / Dimwell: where the
    minion goes; Isle of Gods: the trouble marker removed; The Shades: where the marker goes); for a
    power that discards (The Scours, Unreal Estate) it may name the card or be left out when the card
    is not known. ``from_area`` moves a minion for Dolly Sisters / Dimwell when all twelve are out.
    """
    _check_live(state)
    _check_player(state, color)
    _check_area(area)
    power = AREA_POWERS[area]
    if power.reactive:
        raise RuleViolation("power.reactive", "Small Gods is used only in answer to a random event")
    reason = _power_unusable(state, color, area, True)
    if reason is not None:
        raise RuleViolation("power.unusable", reason, {"area": area})
    _check_power_target(state, color, area, power, target, from_area)
    if power.price:
        pay_bank(state, color, power.price)
    if power.income:
        take_from_bank(state, color, power.income)
    power.effect(state, color, target, from_area)
    state.turn.powers_used.append(area)


# -- end of turn -------------------------------------------------------------------------------

def end_game_on_draw_pile(state: State) -> None:
    """The draw pile is exhausted: Vimes wins if dealt, otherwise the most points (with tie-break).

    For every way the last card leaves the pile (a refill, Unreal Estate, a card's draw, Fog)."""
    from companion.morpork.scoring import final_score  # scoring never imports actions; kept local for clarity

    vimes = [p.color for p in state.players if p.personality == "vimes"]
    if vimes:
        state.game_over = GameOver(reason="draw-pile", winners=vimes, personality="vimes")
    else:
        state.game_over = GameOver(reason="draw-pile", winners=list(final_score(state).winners))


def end_turn(state: State) -> None:
    """Refill the active player's hand to five (never discard down) and pass the turn on.

    The game ends as soon as the draw pile is empty (ruling 9); then the turn does not pass.
    """
    _check_live(state)
    player = state.player(state.active_player)
    drawn = min(max(0, HAND_SIZE - player.hand), state.draw_pile)
    player.hand += drawn
    state.draw_pile -= drawn
    if state.draw_pile == 0:
        end_game_on_draw_pile(state)
        return
    state.active_player = state.next_player(state.active_player)
    state.turn = TurnState(state.turn.number + 1)


# -- direct-action inputs ----------------------------------------------------------------------

# Each input is a frozen dataclass so that it can be journalled, compared and replayed as a fact.

@dataclass(frozen=True)
class PlaceMinion:
    """Place a minion of ``color`` in ``area`` (``from_area`` when all twelve are out; the flags are
    for cards that waive the trouble or the adjacency rule)."""

    color: str
    area: str
    from_area: str | None = None
    trouble: bool = True
    anywhere: bool = False


@dataclass(frozen=True)
class Build:
    """Build in ``area`` (``from_area`` when all six buildings are out; ``cost`` for a card that
    changes the price)."""

    color: str
    area: str
    from_area: str | None = None
    cost: int | None = None


@dataclass(frozen=True)
class Assassinate:
    """``color`` removes ``piece`` (another colour, ``troll`` or ``demon``) from ``area``."""

    color: str
    area: str
    piece: str


@dataclass(frozen=True)
class RemoveTrouble:
    """Take the trouble marker off ``area``; whoever does it, the board changes the same way."""

    area: str


@dataclass(frozen=True)
class TakeMoney:
    """``color`` takes ``amount`` from the bank (which pays only what it holds)."""

    color: str
    amount: int


@dataclass(frozen=True)
class UseAreaPower:
    """``color`` uses the power of the City Area card of ``area`` (see ``use_area_power``)."""

    color: str
    area: str
    target: str | None = None
    from_area: str | None = None


@dataclass(frozen=True)
class EndTurn:
    """The active player ends the turn: refill to five, then the next player (or the game ends)."""


Action = Union[PlaceMinion, Build, Assassinate, RemoveTrouble, TakeMoney, UseAreaPower, EndTurn]


def perform_action(state: State, action: Action) -> None:
    """Apply one basic action to ``state`` itself; on ``RuleViolation`` it is left as it was.

    Nothing is done once the game is over, exactly as ``apply_action`` (a copy plus this) refuses.
    """
    _check_live(state)
    if isinstance(action, PlaceMinion):
        place_minion(state, action.color, action.area, from_area=action.from_area, trouble=action.trouble,
                     anywhere=action.anywhere)
    elif isinstance(action, Build):
        build(state, action.color, action.area, from_area=action.from_area, cost=action.cost)
    elif isinstance(action, Assassinate):
        assassinate(state, action.color, action.area, action.piece)
    elif isinstance(action, RemoveTrouble):
        remove_trouble_marker(state, action.area)
    elif isinstance(action, TakeMoney):
        take_money(state, action.color, action.amount)
    elif isinstance(action, UseAreaPower):
        use_area_power(state, action.color, action.area, target=action.target, from_area=action.from_area)
    elif isinstance(action, EndTurn):
        end_turn(state)
    else:
        raise RuleViolation("action.unknown", f"not a basic action: {action!r}")


def apply_action(state: State, action: Action) -> State:
    """Apply one basic action to a copy of ``state`` and return it; ``state`` itself never changes.

    Raises ``RuleViolation`` (naming the rule) when the action is illegal.
    """
    _check_live(state)
    new = state.copy()
    perform_action(new, action)
    return new
