"""The table state: everything on the board and in front of the players that the companion mirrors.

The state is plain mutable dataclasses. The actions check every rule before their first change, so a
rejected action leaves the state exactly as it was even when applied in place
(``actions.perform_action``); ``actions.apply_action`` works on ``state.copy()`` for callers that
keep the old position. Anything that can be derived (pieces in supply, City Area cards held, trouble
markers left) is derived from the areas, never written in the state document.

Two caches sit beside the table, so that the questions asked many times per input do not recount it
(issue "Fast at any game length", item 2): the :class:`Tally` of the pieces on the board, kept up to
date by ``companion.morpork.pieces`` as pieces move (a position edited by hand, outside those
moves, is recounted with :meth:`State.recount`), and the :class:`CardsMemo` of what is known from
the public cards, which checks itself against the lists it was read from. Neither is part of the
state document nor of what makes two positions equal; ``companion.morpork.invariants`` checks both
against a recount.
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field

from companion.morpork.board import (
    AREA_BY_ID,
    AREA_IDS,
    BUILDINGS_PER_PLAYER,
    DEMONS,
    MINIONS_PER_PLAYER,
    TROLLS,
    TROUBLE_MARKERS,
)
from companion.morpork.options import EDITION_RULINGS, Rulings
from companion.morpork.revisions import LATEST
from companion.morpork.options import EDITIONS as EDITIONS  # the editions are defined there, once
from companion.morpork.progress import UnderWay

NEUTRAL_PIECES: tuple[str, ...] = ("troll", "demon")


@dataclass
class Player:
    """One player's public and secret belongings. ``hand`` counts cards, including stuck ones."""

    color: str
    money: int = 10
    personality: str | None = None
    loans: list[str] = field(default_factory=list)
    hand: int = 5
    stuck_cards: list[str] = field(default_factory=list)
    name: str | None = None


@dataclass
class AreaState:
    """What stands in one area. ``minions`` holds only colours with at least one minion."""

    minions: dict[str, int] = field(default_factory=dict)
    building: str | None = None
    trouble: bool = False
    demons: int = 0
    trolls: int = 0

    def minion_count(self, color: str) -> int:
        return self.minions.get(color, 0)

    @property
    def has_any_minion(self) -> bool:
        """True when a minion, troll or demon is here: what the trouble rule looks at."""
        return bool(self.minions) or self.demons > 0 or self.trolls > 0

    @property
    def is_empty(self) -> bool:
        return not self.has_any_minion and self.building is None and not self.trouble


@dataclass
class Tally:
    """The pieces on the board, counted once and then kept as they move: minions and buildings per
    colour, trouble markers, trolls and demons; and the controller of each area, worked out on
    demand (``companion.morpork.scoring.controller``, the rule's one place) and forgotten when a
    piece in that area moves; and the areas where each colour has a building, listed on demand
    (:meth:`built_by`) and forgotten when any building moves. ``counted`` is False only for the
    placeholder a ``State`` is built with."""

    minions: dict[str, int] = field(default_factory=dict)
    buildings: dict[str, int] = field(default_factory=dict)
    trouble: int = 0
    demons: int = 0
    trolls: int = 0
    controllers: dict[str, str | None] = field(default_factory=dict)
    counted: bool = False
    built: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The areas with a building of each colour asked for so far, in board order (:meth:`built_by`)."""

    @classmethod
    def of(cls, areas: Mapping[str, AreaState]) -> Tally:
        """A fresh count of ``areas`` (no controller known yet). The sums are kept in local
        variables and stored once: the simulator recounts after every 16th input."""
        minions: dict[str, int] = {}
        buildings: dict[str, int] = {}
        trouble = demons = trolls = 0
        for area in areas.values():
            for color, n in area.minions.items():
                minions[color] = minions.get(color, 0) + n
            building = area.building
            if building is not None:
                buildings[building] = buildings.get(building, 0) + 1
            trouble += area.trouble
            demons += area.demons
            trolls += area.trolls
        return cls(minions=minions, buildings=buildings, trouble=trouble, demons=demons, trolls=trolls,
                   counted=True)

    def copy(self) -> Tally:
        return Tally(dict(self.minions), dict(self.buildings), self.trouble, self.demons, self.trolls,
                     dict(self.controllers), self.counted, dict(self.built))

    def counts(self) -> tuple[dict[str, int], dict[str, int], int, int, int]:
        """What a recount must equal (colours with none left out)."""
        return ({c: n for c, n in self.minions.items() if n}, {c: n for c, n in self.buildings.items() if n},
                self.trouble, self.demons, self.trolls)

    # -- kept by companion.morpork.pieces as pieces move --------------------------------------
    def piece_moved(self, area_id: str, piece: str, change: int) -> None:
        """A minion (``piece`` is its colour), troll or demon arrived (+1) in or left (-1) ``area_id``."""
        if piece == "troll":
            self.trolls += change
        elif piece == "demon":
            self.demons += change
        else:
            self.minions[piece] = self.minions.get(piece, 0) + change
        self.controllers.pop(area_id, None)

    def building_moved(self, area_id: str, color: str, change: int) -> None:
        self.buildings[color] = self.buildings.get(color, 0) + change
        self.controllers.pop(area_id, None)
        if self.built:
            self.built = {}

    def built_by(self, color: str, areas: Mapping[str, AreaState]) -> tuple[str, ...]:
        """The areas of ``areas`` with a building of ``color``, in board order: listed once and
        remembered until a building moves (a player with buildings is asked for their City Area
        cards at nearly every question of their turn, which scanned the twelve areas each time)."""
        found = self.built.get(color)
        if found is None:
            found = self.built[color] = built_now(areas, color)
        return found


def built_now(areas: Mapping[str, AreaState], color: str) -> tuple[str, ...]:
    """:meth:`Tally.built_by` read from the areas themselves."""
    return tuple([a for a in AREA_IDS if areas[a].building == color])


class CardsMemo:
    """Answers derived from the public cards (the discard pile, loans, stuck cards), remembered
    with copies of the lists they were read from and given again only while those lists are
    unchanged, or brought up to date when cards were only put on the discard pile
    (:meth:`discards_since`): a question for a hidden card is asked several times per input
    (``companion.morpork.hidden_cards``), and comparing the lists costs a fraction of rebuilding
    the set. Because it checks itself, copies of a state may share one memo."""

    __slots__ = ("discard", "loans", "stuck", "values")

    def __init__(self) -> None:
        self.discard: list[str] | None = None
        self.loans: list[list[str]] = []
        self.stuck: list[list[str]] = []
        self.values: dict[Hashable, object] = {}

    def holds(self, state: State) -> bool:
        """Whether the remembered answers were read from the public cards ``state`` shows now."""
        if self.discard != state.discard_pile or len(self.loans) != len(state.players):
            return False
        return self._same_hands(state)

    def _same_hands(self, state: State) -> bool:
        """Whether each player's loans and stuck cards are those remembered (the lists as long as
        the players, checked by the caller). Read by position, not through ``zip``: asked at most
        inputs, and the tuple of three made per player cost more than the comparisons."""
        loans, stuck, i = self.loans, self.stuck, 0
        for player in state.players:
            if player.loans != loans[i] or player.stuck_cards != stuck[i]:
                return False
            i += 1
        return True

    def reset(self, state: State) -> dict[Hashable, object]:
        """Forget every answer and remember the public cards of ``state``; the empty answers."""
        self.discard = list(state.discard_pile)
        self.loans = [list(p.loans) for p in state.players]
        self.stuck = [list(p.stuck_cards) for p in state.players]
        self.values = {}
        return self.values

    def for_state(self, state: State) -> dict[Hashable, object]:
        """The answers remembered for ``state``'s public cards (emptied when they changed)."""
        return self.values if self.holds(state) else self.reset(state)

    def discards_since(self, state: State) -> list[str] | None:
        """The cards put on the discard pile since the answers were read, when that is all that
        changed (the pile grew at its end; loans and stuck cards as they were); else None.
        A card played goes on the pile: most changes of the public cards are this one."""
        known, pile = self.discard, state.discard_pile
        if known is None or len(pile) <= len(known) or len(self.loans) != len(state.players):
            return None
        if pile[:len(known)] != known or not self._same_hands(state):
            return None
        return pile[len(known):]

    def follow(self, state: State) -> None:
        """Remember ``state``'s discard pile without forgetting the answers: the caller has brought
        them up to date with :meth:`discards_since`."""
        self.discard = list(state.discard_pile)


@dataclass
class TurnState:
    """Bookkeeping of the current turn: City Area powers used, cards gained (unusable this turn)."""

    number: int = 1
    powers_used: list[str] = field(default_factory=list)
    cards_gained: list[str] = field(default_factory=list)


@dataclass
class GameOver:
    """Why and how the game ended. ``reason``: personality, draw-pile, riots, points."""

    reason: str
    winners: list[str]
    personality: str | None = None


@dataclass
class State:
    """The whole table. Players are in turn order; ``areas`` always holds all twelve areas.
    ``rulings`` are the game's rule options where they differ from the edition's (None: the
    edition's own); the engine reads them as :attr:`rules`."""

    players: list[Player]
    areas: dict[str, AreaState]
    active_player: str
    edition: str = "en"
    bank: int = 0
    draw_pile: int = 0
    discard_pile: list[str] = field(default_factory=list)
    event_deck: list[str] = field(default_factory=list)
    lost_area_cards: list[str] = field(default_factory=list)
    turn: TurnState = field(default_factory=TurnState)
    game_over: GameOver | None = None
    rulings: Rulings | None = None
    revision: int = field(default=LATEST, compare=False)
    """The rules revision the game is played by (``companion.morpork.revisions``): set from the
    journal's record of the game, so an old game is asked what it was asked then. Not part of the
    table's state document, nor of what makes two positions equal."""
    under_way: UnderWay = field(default_factory=UnderWay, compare=False)
    """The card being played and the event being resolved (``companion.morpork.progress``): kept by
    the procedures for the screens; not part of the table's state document, nor of what makes two
    positions equal."""
    tally: Tally = field(default_factory=Tally, compare=False, repr=False)
    """The pieces on the board, counted when the state is built and kept by
    ``companion.morpork.pieces`` (see :class:`Tally`)."""
    cards_memo: CardsMemo = field(default_factory=CardsMemo, compare=False, repr=False)
    """What is known from the public cards, checked against them on each use (see :class:`CardsMemo`)."""

    def __post_init__(self) -> None:
        if not self.tally.counted:
            self.tally = Tally.of(self.areas)

    def ended(self) -> GameOver | None:
        """``game_over`` read afresh, for code that checked it before a call that may end the game:
        mypy keeps a checked ``state.game_over`` narrowed to ``None`` across such a call, so the
        lines after it that handle the game's end would be unreachable to it and go unchecked
        (``mypy --warn-unreachable`` showed them)."""
        return self.game_over

    def recount(self) -> None:
        """Count the pieces again: after editing ``areas`` by hand rather than through
        ``companion.morpork.pieces`` (set-up code, tests)."""
        self.tally = Tally.of(self.areas)

    @property
    def rules(self) -> Rulings:
        """The rulings this game is played by (``companion.morpork.options``)."""
        return self.rulings if self.rulings is not None else EDITION_RULINGS[self.edition]

    # -- copying -------------------------------------------------------------------------------
    def copy(self) -> State:
        """A deep copy: the engine works on copies so the caller's state never changes.

        Written out by hand rather than ``copy.deepcopy`` because procedures replay from a copy of
        their start on every input: the generic deep copy was half the engine's time per input,
        which matters on a Raspberry Pi. A test checks it equals ``copy.deepcopy`` field by field.
        """
        # the fields by position, in their order (``tests/companion/test_state_copy.py`` pins it):
        # binding sixteen keywords was a tenth of the copy made at each turn's start of a replay
        over, turn = self.game_over, self.turn
        return State(
            [Player(p.color, p.money, p.personality, list(p.loans), p.hand, list(p.stuck_cards), p.name)
             for p in self.players],
            {k: AreaState(dict(a.minions), a.building, a.trouble, a.demons, a.trolls) for k, a in self.areas.items()},
            self.active_player, self.edition, self.bank, self.draw_pile, list(self.discard_pile),
            list(self.event_deck), list(self.lost_area_cards),
            TurnState(turn.number, list(turn.powers_used), list(turn.cards_gained)),
            None if over is None else GameOver(over.reason, list(over.winners), over.personality),
            self.rulings, self.revision, self.under_way.copy(), self.tally.copy(), self.cards_memo)

    # -- players -------------------------------------------------------------------------------
    @property
    def colors(self) -> list[str]:
        return [p.color for p in self.players]

    def player(self, color: str) -> Player:
        for p in self.players:
            if p.color == color:
                return p
        raise KeyError(color)

    def has_player(self, color: str) -> bool:
        for p in self.players:  # a loop, not any(): asked for nearly every question of a turn
            if p.color == color:
                return True
        return False

    def turn_order_from(self, color: str) -> list[str]:
        """The colours in turn order, starting with ``color`` (the active player for most events)."""
        colors = self.colors
        i = colors.index(color)
        return colors[i:] + colors[:i]

    def next_player(self, color: str) -> str:
        """The colour after ``color`` in turn order (``turn_order_from(color)[1]``, without the list:
        asked at every turn's end)."""
        players = self.players
        for i, p in enumerate(players):
            if p.color == color:
                return players[(i + 1) % len(players)].color
        raise ValueError(f"{color!r} is not in list")

    # -- pieces --------------------------------------------------------------------------------
    def minions_on_board(self, color: str) -> int:
        return self.tally.minions.get(color, 0)

    def minions_in_supply(self, color: str) -> int:
        return MINIONS_PER_PLAYER - self.minions_on_board(color)

    def buildings_on_board(self, color: str) -> int:
        return self.tally.buildings.get(color, 0)

    def buildings_in_supply(self, color: str) -> int:
        return BUILDINGS_PER_PLAYER - self.buildings_on_board(color)

    def trouble_on_board(self) -> int:
        return self.tally.trouble

    def trouble_in_supply(self) -> int:
        return TROUBLE_MARKERS - self.trouble_on_board()

    def demons_in_supply(self) -> int:
        return DEMONS - self.tally.demons

    def trolls_in_supply(self) -> int:
        return TROLLS - self.tally.trolls

    def areas_with_minion(self, color: str) -> list[str]:
        return [area_id for area_id in AREA_IDS if self.areas[area_id].minion_count(color) > 0]

    # -- City Area cards -----------------------------------------------------------------------
    def area_card_holder(self, area_id: str) -> str | None:
        """Who holds the City Area card: the owner of the building there, unless Bloody Stupid Johnson took it."""
        if area_id in self.lost_area_cards:
            return None
        return self.areas[area_id].building

    def area_cards_held(self, color: str) -> list[str]:
        tally = self.tally
        if not tally.buildings.get(color):
            return []  # no building, no card: most players most of the game
        lost = self.lost_area_cards
        built = tally.built_by(color, self.areas)
        return [a for a in built if a not in lost] if lost else list(built)

    def building_value(self, area_id: str) -> int:
        """A building's worth in money: its cost, or $0 while a demon is in the area (ruling 12)."""
        area = self.areas[area_id]
        if area.building is None or area.demons > 0:
            return 0
        return AREA_BY_ID[area_id].cost

    # -- money ---------------------------------------------------------------------------------
    @property
    def bank_total(self) -> int:
        return self.rules.bank

    @property
    def money_in_play(self) -> int:
        return self.bank + sum(p.money for p in self.players)


def empty_areas() -> dict[str, AreaState]:
    return {area_id: AreaState() for area_id in AREA_IDS}
