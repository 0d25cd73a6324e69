"""Each guild's FSU condition in play (the moving tokens are of guilds without a movement power on
those squares, so the positions stay the same when the movement powers are played): Red holds an FSU (premium 100) from Blue's guild; a move where
the condition happens pays Red 3 × 100, a move where it does not pays nothing and leaves it active."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.morpoly.covers import GUILD_COVERS, Cover, Guild
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.game import Game
from companion.morpoly.state import State
from morpoly_table import CardScan, cash, do, own, start, table


def insured_by(guild: str, cover: Cover | None = None, red: str = "wizards") -> State:
    state = table(("red", "blue"), base="variant")
    state.parties[0].guilds, state.parties[1].guilds = [red], [guild]
    covers = frozenset({cover}) if cover else GUILD_COVERS[Guild(guild)]
    state.ledger = Ledger((Fsu(1, "blue", "red", "red", 39, 100, covers, guild == "fools"),), 2)
    state.party("blue").cash += 1000
    state.bank.cash -= 1000
    return state


def claim_paid(game: Game) -> bool:
    return game.state.ledger.active() == () and any(line.key == "morpoly.fsu.redeemed" for line in game.narration)


def cemetery(fires: bool) -> Game:
    state = insured_by("undead", red="patrician")
    own(state, "red" if not fires else "blue", 26)
    state.token("red").square = 20
    return do(start(state, "red"), "roll", (2, 4))  # → 26: the Undead's (a cemetery) or Red's own


def tax(fires: bool) -> Game:
    state = insured_by("patrician", red="beggars")
    return do(start(state, "red"), "roll", (1, 3) if fires else (1, 2), *(() if fires else ("decline",)))


def teleport(fires: bool) -> Game:
    state = insured_by("wizards", red="beggars")
    state.token("red").square = 4
    card = "chance.advance-illinois" if fires else "chance.go-to-jail"
    return do(start(state, "red"), "roll", (1, 2), CardScan("chance", card), *(("decline",) if fires else ()))


def beggar_lands(fires: bool) -> Game:
    state = insured_by("beggars", red="fools")
    own(state, "red", 6, mortgaged=not fires)
    state.token("red").square = 7  # (so the Beggar cannot step on past Oriental Avenue)
    return do(start(state, "blue"), "roll", (2, 4))


def chance(fires: bool) -> Game:
    state = insured_by("fools", Cover.CHANCE, red="beggars")
    state.token("red").square = 4
    game = do(start(state, "red"), "roll", (1, 2) if fires else (1, 1), *(("pay",) if fires else ()))
    return game


def triple_doubles(fires: bool) -> Game:
    state = insured_by("fools", Cover.TRIPLE_DOUBLES, red="patrician")
    own(state, "blue", 14, 18, 24)
    state.token("red").square = 12
    game = do(start(state, "red"), "roll", (1, 1), "roll", (2, 2), "roll", (3, 3) if fires else (3, 4))
    return do(game, "pay") if fires else game


@pytest.mark.parametrize("scenario", [cemetery, tax, teleport, beggar_lands, chance, triple_doubles])
@pytest.mark.parametrize("fires", [True, False])
def test_each_cover_fires_where_its_condition_happens_and_only_there(scenario: Callable[[bool], Game],
                                                                      fires: bool) -> None:
    game = scenario(fires)
    assert claim_paid(game) is fires
    assert (game.state.ledger.active() == ()) is fires
    if fires:
        assert cash(game, "blue") < 2500 + 200 and cash(game, "red") > 1500 - 300


@pytest.mark.parametrize("elam", [True, False])
def test_a_death_is_the_assassins_cover(elam: bool) -> None:
    """L182, R61: in ELAM a third doubles kills (a heart attack) and the Assassins' FSU pays before
    the funeral; without ELAM the token goes to jail and nothing is paid."""
    state = insured_by("assassins", red="patrician")
    if elam:
        state.rules["elam"] = "on"
        state.lives = {"red": 10, "blue": 10}
    own(state, "blue", 14, 18, 24)
    state.token("red").square = 12
    game = do(start(state, "red"), "roll", (1, 1), "roll", (2, 2), "roll", (3, 3))
    assert claim_paid(game) is elam
    assert game.state.token("red").in_jail is not elam
    if elam:
        assert cash(game, "red") == 1500 - 12 - 14 + 300 - 200 and game.state.lives["red"] == 9
