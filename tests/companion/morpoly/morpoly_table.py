"""Positions for the rule tests: a game at the start of a turn, set up as a situation from the rules."""
from __future__ import annotations

from companion.core.inputs import Answer, CardScan, DieRoll, Input
from companion.morpoly.game import Game, apply, from_state
from companion.morpoly.setup import new_state
from companion.morpoly.state import SquareState, State


def table(players: tuple[str, ...] = ("red", "blue"), edition: str = "us", base: str = "standard") -> State:
    return new_state(list(players), {"edition": edition, "base": base})


def own(state: State, party: str, *squares: int, houses: int = 0, mortgaged: bool = False) -> None:
    for square in squares:
        state.squares[square] = SquareState(party, houses, mortgaged)
        if houses == 5:
            state.bank.hotels -= 1
        else:
            state.bank.houses -= houses


def start(state: State, token: str | None = None) -> Game:
    """The game at the start of ``token``'s turn (default: the first player's)."""
    if token is not None:
        seating = state.seating
        state.turn.token = seating[(seating.index(token) - 1) % len(seating)]
    return from_state(state)


def do(game: Game, *inputs: Input | str | tuple[int, int]) -> Game:
    for inp in inputs:
        if isinstance(inp, str):
            inp = Answer(inp)
        elif isinstance(inp, tuple):
            inp = DieRoll(faces=inp)
        game = apply(game, inp)
    return game


def cash(game: Game, party: str) -> int:
    return game.state.party(party).cash


def key(game: Game) -> str | None:
    """The key of the question ``game`` asks (``None``: it asks nothing, the game is over)."""
    return None if game.question is None else game.question.key


def options(game: Game) -> tuple[str, ...]:
    assert game.question is not None
    return game.question.options


def menu(game: Game, player: str = "red") -> tuple[str, ...]:
    """The options of the menu ``game`` asks, which must be ``player``'s."""
    return asked(game, "morpoly.turn.menu", player)


def asked(game: Game, key: str, player: str) -> tuple[str, ...]:
    """The options of the question ``game`` asks, which must be ``key`` asked of ``player``."""
    assert game.question is not None
    assert (game.question.key, game.question.player) == (key, player)
    return game.question.options


def square(game: Game, token: str = "red") -> int:
    return game.state.token(token).square


__all__ = ["table", "own", "start", "do", "cash", "key", "options", "menu", "asked", "square", "CardScan"]
