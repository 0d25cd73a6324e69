"""The table state: everything on the board and in front of the players that the companion mirrors.

The state is plain mutable dataclasses. The actions check every rule before their first change, so a
rejected action leaves the state exactly as it was even when applied in place
(``actions.perform_action``); ``actions.apply_action`` works on ``state.copy()`` for callers that
keep the old position. Anything that can be derived (pieces in supply, City Area cards held, trouble
markers left) is derived, never stored, so it cannot drift.
"""
from __future__ import annotations

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
        return State(
            players=[Player(p.color, p.money, p.personality, list(p.loans), p.hand, list(p.stuck_cards), p.name)
                     for p in self.players],
            areas={k: AreaState(dict(a.minions), a.building, a.trouble, a.demons, a.trolls)
                   for k, a in self.areas.items()},
            active_player=self.active_player,
            edition=self.edition,
            bank=self.bank,
            draw_pile=self.draw_pile,
            discard_pile=list(self.discard_pile),
            event_deck=list(self.event_deck),
            lost_area_cards=list(self.lost_area_cards),
            turn=TurnState(self.turn.number, list(self.turn.powers_used), list(self.turn.cards_gained)),
            game_over=None if self.game_over is None else GameOver(
                self.game_over.reason, list(self.game_over.winners), self.game_over.personality),
            rulings=self.rulings,
            revision=self.revision,
            under_way=self.under_way.copy(),
        )

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
        return any(p.color == color for p in self.players)

    def turn_order_from(self, color: str) -> list[str]:
        """The colours in turn order, starting with ``color`` (the active player for most events)."""
        colors = self.colors
        i = colors.index(color)
        return colors[i:] + colors[:i]

    def next_player(self, color: str) -> str:
        return self.turn_order_from(color)[1 % len(self.players)]

    # -- pieces --------------------------------------------------------------------------------
    def minions_on_board(self, color: str) -> int:
        return sum(a.minion_count(color) for a in self.areas.values())

    def minions_in_supply(self, color: str) -> int:
        return MINIONS_PER_PLAYER - self.minions_on_board(color)

    def buildings_on_board(self, color: str) -> int:
        return sum(1 for a in self.areas.values() if a.building == color)

    def buildings_in_supply(self, color: str) -> int:
        return BUILDINGS_PER_PLAYER - self.buildings_on_board(color)

    def trouble_on_board(self) -> int:
        return sum(1 for a in self.areas.values() if a.trouble)

    def trouble_in_supply(self) -> int:
        return TROUBLE_MARKERS - self.trouble_on_board()

    def demons_in_supply(self) -> int:
        return DEMONS - sum(a.demons for a in self.areas.values())

    def trolls_in_supply(self) -> int:
        return TROLLS - sum(a.trolls for a in self.areas.values())

    def areas_with_minion(self, color: str) -> list[str]:
        return [area_id for area_id in AREA_IDS if self.areas[area_id].minion_count(color) > 0]

    # -- City Area cards -----------------------------------------------------------------------
    def area_card_holder(self, area_id: str) -> str | None:
        """Who holds the City Area card: the owner of the building there, unless Bloody Stupid Johnson took it."""
        if area_id in self.lost_area_cards:
            return None
        return self.areas[area_id].building

    def area_cards_held(self, color: str) -> list[str]:
        return [a for a in AREA_IDS if self.area_card_holder(a) == color]

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
