"""Rules revision 4 (``companion.morpoly.revisions.AMOUNTS_AND_JAIL_DEALS``) against a game recorded
under revision 3: a journal written before it must replay and resume exactly as it was played, so
each change of revision 4 is played here on the same position under both — the D-Mark works, the
nearest-utility card, R6's rounding of a lifted mortgage's tenth, of R12's transfer interest and of
the Luggage's shares, the Patrician's buy-out of a jailed owner, and the Merchants' cover of a
"pay each player" card."""
from __future__ import annotations

import pytest

from companion.morpoly.covers import GUILD_COVERS, Guild
from companion.morpoly.editions import load_edition
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.rent import card_utility_rent
from companion.morpoly.revisions import AMOUNTS_AND_JAIL_DEALS, EVEN_HOTEL_SALE, LATEST
from companion.morpoly.state import State
from companion.morpoly.mortgaged_transfer import interest_due as transfer_interest
from morpoly_table import cash, do, own, start, table
from test_elam import elam, npcs

BOTH = pytest.mark.parametrize("revision", [EVEN_HOTEL_SALE, AMOUNTS_AND_JAIL_DEALS])


def test_revision_4_is_older_than_the_one_new_games_are_played_by() -> None:
    assert AMOUNTS_AND_JAIL_DEALS == 4 < LATEST and table().revision == LATEST


def _guilds(state: State, *guilds: str) -> State:
    for party, guild in zip(state.parties, guilds):
        party.guilds = [guild]
    return state


@BOTH
def test_a_d_mark_work(revision: int) -> None:
    """Revision 4: 80 × the dice (the D-Mark deed's "80mal"); revision 3 charged the US set's 4 ×."""
    state = _guilds(table(("red", "blue"), edition="de-dm", base="variant"), "watch", "fools")
    state.revision = revision
    own(state, "blue", 12)
    state.token("red").square = 7
    game = do(start(state, "red"), "roll", (1, 4))  # 7 -> 12, Elektrizitätswerk
    fee = (80 if revision >= AMOUNTS_AND_JAIL_DEALS else 4) * 5
    assert cash(game, "red") == 30000 - fee and cash(game, "blue") == 30000 + fee


def test_the_nearest_utility_card_by_revision() -> None:
    dm = load_edition("de-dm")
    assert card_utility_rent(dm, 11, revision=AMOUNTS_AND_JAIL_DEALS) == 2200
    assert card_utility_rent(dm, 11, revision=EVEN_HOTEL_SALE) == 110


@BOTH
def test_a_lifted_mortgage_to_the_nearest(revision: int) -> None:
    """Park Place (mortgage 175) lifted under ``rounding=nearest``: a tenth of 18 from revision 4, 17
    (always down) before."""
    state = _guilds(table(("red", "blue"), base="variant"), "beggars", "patrician")
    state.revision = revision
    state.rules["rounding"] = "nearest"
    own(state, "red", 37, mortgaged=True)
    game = do(start(state, "red"), "lift:37")
    tenth = 18 if revision >= AMOUNTS_AND_JAIL_DEALS else 17
    assert cash(game, "red") == 1500 - 175 - tenth and cash(game, "blue") == 1500 + tenth


@BOTH
def test_the_transfer_interest_to_the_nearest(revision: int) -> None:
    state = _guilds(table(("red", "blue"), base="variant"), "beggars", "fools")
    state.revision = revision
    state.rules.update({"rounding": "nearest", "transfer-interest": "standard-10pct"})
    own(state, "blue", 37, mortgaged=True)
    assert transfer_interest(state, load_edition("us"), 37) == (18 if revision >= AMOUNTS_AND_JAIL_DEALS else 17)


@BOTH
def test_the_luggages_shares_to_the_nearest(revision: int) -> None:
    """Six players on the Luggage's square, $100: 17 each to the nearest from revision 4, 16 before."""
    players = ("red", "blue", "green", "yellow", "white", "black")
    state = elam(players, blue="patrician")
    state.revision = revision
    state.rules["rounding"] = "nearest"
    npcs(state, luggage=19)
    for player in players:
        state.token(player).square = 16 if player == "blue" else 19
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (2, 3))
    share = 17 if revision >= AMOUNTS_AND_JAIL_DEALS else 16
    assert [cash(game, player) for player in players] == [1500 + share] * 6


@BOTH
def test_the_buy_out_of_a_jailed_owner(revision: int) -> None:
    """B1 (L9): not offered from revision 4; a game of revision 3 was offered it and goes on so."""
    state = _guilds(table(("red", "blue"), base="variant"), "patrician", "beggars")
    state.revision = revision
    own(state, "blue", 39, mortgaged=True)
    state.token("blue").square, state.token("blue").in_jail = 10, True
    state.token("red").square = 34
    game = do(start(state, "red"), "roll", (1, 4))
    assert game.question is not None
    offered = game.question.key == "morpoly.patrician.buy-out"
    assert offered == (revision < AMOUNTS_AND_JAIL_DEALS)


@BOTH
def test_the_merchants_cover_a_pay_each_player_card(revision: int) -> None:
    """L64 (the Merchants' cover: "FSU-Nehmer muss Geld zahlen"), R32 ("card payments" count): red,
    insured by the Merchants (blue, premium 100), draws "Elected Chairman of the Board. Pay each
    player $50" (US 2008 Chance). From revision 4 the first payment (to green, first in seating order
    after red) is the Merchants' to pay and redeems the FSU; revision 3 paid past the ledger: red paid
    both and the FSU ran on."""
    state = _guilds(table(("red", "green", "blue"), base="variant"), "beggars", "watch", "merchants")
    state.revision = revision
    state.ledger = Ledger((Fsu(1, "blue", "red", "red", 31, 100, GUILD_COVERS[Guild.MERCHANTS], False),), 2)
    state.token("red").square = 4
    game = do(start(state, "red"), "roll", (1, 2), "chance.chairman")  # 4 -> 7, Chance
    covered = revision >= AMOUNTS_AND_JAIL_DEALS
    assert [cash(game, p) for p in ("red", "green", "blue")] == ([1450, 1550, 1500] if covered
                                                                   else [1400, 1550, 1550])
    assert [f.fsu_id for f in game.state.ledger.active()] == ([] if covered else [1])
