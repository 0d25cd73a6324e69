"""The end of a game of Ankh-Morpoly (ruling R8; the source names only the goal, "control of all
Ankh-Morpork", L2).

The game ends when one party is left, and its boss wins. With the option ``time-limit-minutes``
the table may also declare that the time is up (the companion keeps no clock: the answer
``time-up`` at a turn's menu says so, and is journalled like any answer); then the richest party
wins by :func:`~companion.morpoly.money.net_worth`: its cash, the printed prices of its squares and
half the cost of its buildings (R8), less the mortgage value of a mortgaged square (R8 is silent on
mortgages; without it, mortgaging would make a party richer).
A tie goes to the party seated first among the tied, counted from the first player.

What a table sees when it is over (:func:`ending`): why it ended (the reason :class:`GameOver`
records) and the **standings**, every party left (a team with its boss) with its net worth, richest
first, ranked as the time limit ranks them, the same numbers ``analyse`` gives; and the players out
of the game before its end (:func:`out_of_the_game`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from companion.core.procedure import Narrator
from companion.morpoly.editions import Edition
from companion.morpoly.money import net_worth
from companion.morpoly.state import GameOver, State

TIME_UP: Final = "time-up"
"""The menu answer with which the table says the agreed time has run out."""

ONE_PARTY_LEFT: Final = "one party left"
TIME_LIMIT: Final = "time limit"


@dataclass(frozen=True)
class Standing:
    """One party at the end: its boss, its tokens (the team, seating order) and its net worth (R8)."""

    party: str
    boss: str
    tokens: tuple[str, ...]
    net_worth: int


@dataclass(frozen=True)
class Ending:
    """A game that is over: the winner, why (:data:`ONE_PARTY_LEFT`, :data:`TIME_LIMIT`, or whatever
    :class:`GameOver` recorded), the standings, richest first, and the players who left the game
    before its end (:func:`out_of_the_game`), so the table reads every player's fate."""

    winner: str
    reason: str
    standings: tuple[Standing, ...]
    out: tuple[str, ...]


def out_of_the_game(state: State) -> tuple[str, ...]:
    """The seated players no party holds any more, in seating order: bankrupt in plain Monopoly, or
    a party nobody bid for at the bank's auction (R56), or out of lives in ELAM. A player taken over
    by a creditor is not out: it plays on in the creditor's team (B9)."""
    playing = {token for party in state.parties for token in party.tokens}
    return tuple(player for player in state.seating if player not in playing)


def standings(state: State, edition: Edition) -> tuple[Standing, ...]:
    """Every party by net worth, richest first, a tie to the party whose boss is seated first (R8)."""
    seat = {player: i for i, player in enumerate(state.seating)}
    worth = {p.id: net_worth(state, edition, p.id) for p in state.parties}
    ranked = sorted(state.parties, key=lambda p: (-worth[p.id], seat.get(p.boss, len(seat))))
    return tuple(Standing(p.id, p.boss, tuple(p.tokens), worth[p.id]) for p in ranked)


def ending(state: State, edition: Edition) -> Ending | None:
    """Why the game ended and the standings; ``None`` while it goes on."""
    over = state.game_over
    if over is None:
        return None
    return Ending(over.winner, over.reason, standings(state, edition), out_of_the_game(state))


def has_time_limit(state: State) -> bool:
    return state.rules.get("time-limit-minutes", "none") not in ("", "none")


def one_party_left(state: State, narrator: Narrator) -> bool:
    """R8: with one party left the game is over and its boss wins. Returns whether it is over."""
    if state.game_over is None and len(state.parties) == 1:
        winner = state.parties[0]
        state.game_over = GameOver(winner.boss, ONE_PARTY_LEFT)
        narrator.say("morpoly.game.over", f"{winner.boss} controls all Ankh-Morpork", winner=winner.boss)
    return state.game_over is not None


def time_up(state: State, edition: Edition, narrator: Narrator) -> None:
    """The table says the time limit has run out: the richest party's boss wins (R8)."""
    winner = standings(state, edition)[0]
    state.game_over = GameOver(winner.boss, TIME_LIMIT)
    narrator.say("morpoly.game.time-up", f"time is up: {winner.boss} is the richest and wins", winner=winner.boss,
                 worth=edition.currency.format(winner.net_worth))
