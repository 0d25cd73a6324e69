"""The Monopoly table at one moment: parties with their money, tokens on squares, deeds and buildings.

Money, deeds and held cards belong to **parties**; **tokens** move (reference §0.1). A party starts
as one player with one token; a takeover (§5.1) merges parties into a team whose tokens still move
one by one, each on its own player's turn. The bank holds the rest of the money and the house and
hotel supply, so ``bank.cash + every party's cash`` never changes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from companion.morpoly.fsu import Ledger
from companion.morpoly.revisions import LATEST

HOTEL = 5
"""``SquareState.houses`` counts houses 0–4; 5 is a hotel (which returns its four houses)."""


@dataclass(slots=True)
class Party:
    """A player, or a merged team after a takeover: one treasury, its guild(s), its tokens (seating
    order), its boss (the player who decides for the team) and the get-out-of-jail cards it holds."""

    id: str
    cash: int
    tokens: list[str]
    boss: str
    guilds: list[str] = field(default_factory=list)
    jail_cards: list[str] = field(default_factory=list)


JAIL_ATTEMPTS = 3
"""A jailed token's rolls for doubles before the third failure makes it pay the fine (or, in ELAM,
starve: L171): standard Monopoly's three attempts, which the variant keeps."""


@dataclass(slots=True)
class Token:
    """One player's token: where it stands, whether it sits in jail and how many of its
    :data:`JAIL_ATTEMPTS` it has failed."""

    id: str
    party: str
    square: int = 0
    in_jail: bool = False
    jail_attempts: int = 0


@dataclass(slots=True, frozen=True)
class SquareState:
    """An ownable square: its owner (``None``: the bank), buildings and mortgage.

    An immutable value: a square changes by putting a new one in ``State.squares`` (the ``with_*``
    methods make it). So the squares of a table are the same objects until one changes, and what is
    worked out from them can be kept until then, keyed by the squares themselves (identity, a
    pointer compare each), as the totals the simulator checks after every input are
    (``invariants.Memo``): nothing has to remember to say that a square changed, and a square
    changed in place is refused (``FrozenInstanceError``; mypy too). The management menu is not kept
    so: it is asked again with the same squares and cash too seldom (7.6–18 % of 13,141 menus, as
    measured when a cache was weighed: issue 12's note of stop 25)."""

    owner: str | None = None
    houses: int = 0
    mortgaged: bool = False

    @property
    def hotel(self) -> bool:
        return self.houses == HOTEL

    def with_owner(self, owner: str | None) -> SquareState:
        return square_state(owner, self.houses, self.mortgaged)

    def with_houses(self, houses: int) -> SquareState:
        return square_state(self.owner, houses, self.mortgaged)

    def with_mortgaged(self, mortgaged: bool) -> SquareState:
        return square_state(self.owner, self.houses, mortgaged)


@lru_cache(maxsize=None)
def square_state(owner: str | None = None, houses: int = 0, mortgaged: bool = False) -> SquareState:
    """The square with these facts, made once: an immutable value, so equal squares may be one object
    (a frozen dataclass is slow to make, field by field, and a position read back from its JSON —
    the simulator's round-trip check — makes all of them; a game has a few dozen different ones)."""
    return SquareState(owner, houses, mortgaged)


@dataclass(slots=True)
class Bank:
    cash: int
    houses: int
    hotels: int


@dataclass(slots=True)
class Turn:
    """The turn under way: whose token, the running turn number, doubles rolled in a row, and the
    streets that had four houses when the turn began (the variant's hotel rule, B4 / R11)."""

    number: int = 0
    token: str | None = None
    doubles: int = 0
    four_houses_at_start: list[int] = field(default_factory=list)


@dataclass
class Npcs:
    """ELAM's three non-player characters (§5.4): the square each stands on, and the token the
    Luggage accompanies (``None``: it stands free). Kept by :mod:`companion.morpoly.elam`."""

    death: int = 20
    luggage: int = 20
    dibbler: int = 20
    luggage_with: str | None = None
    banker: str | None = None
    """The player who runs the bank and moves the NPCs (L188), chosen at set-up (rules revision 2);
    ``None``: the first seated player still in the game (revision 1)."""

    def copy(self) -> Npcs:
        return Npcs(self.death, self.luggage, self.dibbler, self.luggage_with, self.banker)


@dataclass
class GameOver:
    winner: str
    reason: str


@dataclass
class State:
    edition: str
    rules: dict[str, str]
    parties: list[Party]
    tokens: list[Token]
    squares: dict[int, SquareState]
    bank: Bank
    seating: list[str] = field(default_factory=list)
    """Every player in seating order, including those whose party has left (turn order)."""
    turn: Turn = field(default_factory=Turn)
    game_over: GameOver | None = None
    ledger: Ledger = field(default_factory=Ledger)
    """Every active FSU (reference §2), settled by :mod:`companion.morpoly.settle`; immutable."""
    thefts: dict[str, tuple[int, str, int]] = field(default_factory=dict)
    """Thief tokens still standing on the square where they stole: token → (square, victim party,
    loot). A token arriving there catches them (L35, R26); the Thief's next move ends it."""
    fortuna: list[str] = field(default_factory=list)
    """Fortuna tokens (§5.2): the parties holding one (at most one each), in the order they got it."""
    fortuna_earned: list[str] = field(default_factory=list)
    """Parties that earned a Fortuna token during this turn; they get it when the turn ends (L159)."""
    lives: dict[str, int] = field(default_factory=dict)
    """ELAM: guild members (lives) left per party (§5.3); empty outside ELAM."""
    npcs: Npcs | None = None
    """ELAM: Death, the Luggage and CMOT Dibbler (§5.4); ``None`` outside ELAM."""
    reversed_tokens: list[str] = field(default_factory=list)
    """ELAM: tokens whose running direction a Dibbler 7 reversed (counter-clockwise, R71)."""
    revision: int = field(default=LATEST, compare=False)
    """The rules revision the game is played by (``companion.morpoly.revisions``): set from the
    journal at set-up; not part of the position format (a position is the same whichever revision
    reached it)."""

    def copy(self) -> State:
        """A deep copy, written out: procedures copy the state at every step, and ``deepcopy`` made
        that the largest cost of a simulated game."""
        return State(
            self.edition, dict(self.rules),
            [Party(p.id, p.cash, list(p.tokens), p.boss, list(p.guilds), list(p.jail_cards)) for p in self.parties],
            [Token(t.id, t.party, t.square, t.in_jail, t.jail_attempts) for t in self.tokens],
            dict(self.squares),  # immutable squares: shared
            Bank(self.bank.cash, self.bank.houses, self.bank.hotels),
            list(self.seating),
            Turn(self.turn.number, self.turn.token, self.turn.doubles, list(self.turn.four_houses_at_start)),
            None if self.game_over is None else GameOver(self.game_over.winner, self.game_over.reason),
            ledger=self.ledger, thefts=dict(self.thefts),
            fortuna=list(self.fortuna), fortuna_earned=list(self.fortuna_earned), lives=dict(self.lives),
            npcs=None if self.npcs is None else self.npcs.copy(), reversed_tokens=list(self.reversed_tokens),
            revision=self.revision,
        )

    def ended(self) -> GameOver | None:
        """``game_over`` read afresh, for code that checked it before a call that may end the game:
        mypy keeps a checked ``state.game_over`` narrowed to ``None`` across such a call, so the
        lines after it that handle the game's end would be unreachable to it and go unchecked
        (``mypy --warn-unreachable`` showed them)."""
        return self.game_over

    def party(self, party_id: str) -> Party:
        for party in self.parties:
            if party.id == party_id:
                return party
        raise KeyError(f"no party {party_id!r}")

    def token(self, token_id: str) -> Token:
        for token in self.tokens:
            if token.id == token_id:
                return token
        raise KeyError(f"no token {token_id!r}")

    def party_of(self, token_id: str) -> Party:
        return self.party(self.token(token_id).party)

    def owned_by(self, party_id: str) -> list[int]:
        return [index for index, sq in self.squares.items() if sq.owner == party_id]

    def rule(self, name: str) -> str:
        return self.rules.get(name, "")

    def is_on(self, name: str) -> bool:
        return self.rules.get(name) == "on"
