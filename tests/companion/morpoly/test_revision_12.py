"""Rules revision 12 (``companion.morpoly.revisions.THIEF_AT_A_JAILED_OWNER``, ``FINE_ON_TWO_TURNS``):
the jail fine paid before the throw on the first two turns in jail only, as Monopoly prints it; and
the Thieves' cover as the German source words it, L41: "Die FSU der Diebe wird also fällig, wenn der Dieb eines der
unbebauten Felder des FSU-Nehmers betritt, außer es liegt eine Hypothek darauf, oder der FSU-Nehmer
besitzt alle Straßen dieser Farbe" (reference §3.1: "a Thief token lands on an unmortgaged square of
the beneficiary in a group that no single player owns completely"), with claims paid to a jailed
beneficiary (R10). Each played under revision 12 and under revision 11, which a journal written
before it must replay as it was played.

In the Thieves' tests, Red (the Patrician) holds FSU 1 from Blue (the Thieves), bought on Boardwalk (39), premium 100: a
claim pays 3 × 100 = 300. Blue's Thief stands on Park Place (37) and rolls 1 + 3 past GO onto
Mediterranean Avenue (1)."""
from __future__ import annotations

import pytest

from companion.morpoly.covers import Cover
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.game import Game
from companion.morpoly.invariants import check_invariants
from companion.morpoly.revisions import FINE_ON_TWO_TURNS, LATEST, RAISE_TO_BUY, THIEF_AT_A_JAILED_OWNER
from companion.morpoly.state import State
from morpoly_table import cash, do, options, own, start, table

BOTH = pytest.mark.parametrize("revision", [RAISE_TO_BUY, THIEF_AT_A_JAILED_OWNER])
CLAIM = 300
SALARY = 200


def test_revision_12_came_before_the_one_new_games_are_played_by() -> None:
    assert RAISE_TO_BUY + 1 == THIEF_AT_A_JAILED_OWNER == 12 < LATEST and table().revision == LATEST


def insured_red_in_jail(revision: int, red_guild: str = "patrician", *squares: int) -> State:
    """Red sits in jail owning ``squares`` (default Mediterranean alone); Blue heads the Thieves."""
    state = table(("red", "blue"), base="variant")
    state.revision = revision
    state.party("red").guilds, state.party("blue").guilds = [red_guild], ["thieves"]
    state.token("red").square, state.token("red").in_jail = 10, True
    state.token("blue").square = 37
    own(state, "red", *(squares or (1,)))
    state.ledger = Ledger((Fsu(1, "blue", "red", "red", 39, 100, frozenset({Cover.ROBBED}), False),), 2)
    return state


def active(game: Game) -> bool:
    """Red's FSU 1 still runs (an ended FSU leaves the ledger)."""
    return any(f.fsu_id == 1 for f in game.state.ledger.active())


def redeemed(game: Game) -> bool:
    return not active(game) and any(line.key == "morpoly.fsu.redeemed" for line in game.narration)


@BOTH
def test_a_thief_entering_a_jailed_insureds_square_makes_the_claim_due(revision: int) -> None:
    """L41, R10: nothing is owed to the jailed owner (B1), so nothing is stolen; the claim is due
    all the same from revision 12. Under revision 11 the cover waited for a theft, as it was played."""
    game = do(start(insured_red_in_jail(revision), "blue"), "roll", (1, 3))
    assert game.state.token("blue").square == 1
    assert not any(line.key == "morpoly.thieves.stole" for line in game.narration)
    entered = [line.text for line in game.narration if line.key == "morpoly.thieves.entered"]
    in_jail = [line.text for line in game.narration if line.key == "morpoly.rent.owner-in-jail"]
    if revision >= THIEF_AT_A_JAILED_OWNER:
        assert entered == ["blue enters Mediterranean Avenue: red is in jail, nothing to steal"] and in_jail == []
        keys = [line.key for line in game.narration]
        assert keys.index("morpoly.thieves.entered") < keys.index("morpoly.fsu.redeemed")  # the line, then the claim
        assert redeemed(game)
        assert cash(game, "red") == 1500 + CLAIM and cash(game, "blue") == 1500 + SALARY - CLAIM
    else:
        assert active(game) and entered == []
        assert in_jail == ["red is in jail and receives no rent for Mediterranean Avenue"]
        assert cash(game, "red") == 1500 and cash(game, "blue") == 1500 + SALARY
    assert not game.state.thefts  # nothing stolen: a token arriving later catches nobody
    assert not check_invariants(game.state)


@pytest.mark.parametrize("squares, mortgaged", [((1, 3), False), ((1,), True)])
def test_no_claim_on_a_jailed_insureds_complete_group_or_mortgaged_square(squares: tuple[int, ...],
                                                                           mortgaged: bool) -> None:
    """L41's exceptions hold in jail too: the whole colour group (Mediterranean and Baltic), or a
    mortgage on the square."""
    state = insured_red_in_jail(LATEST, "patrician", *squares)
    if mortgaged:
        own(state, "red", 1, mortgaged=True)
    game = do(start(state, "blue"), "roll", (1, 3))
    assert game.state.token("blue").square == 1
    assert active(game) and cash(game, "red") == 1500


def test_no_claim_when_a_non_thief_enters_a_jailed_insureds_square() -> None:
    """Only a Thief token's entering is the Thieves' cover's event: Red's FSU from the Thieves stays
    active when Green (the Merchants) lands there."""
    state = table(("red", "blue", "green"), base="variant")
    state.party("red").guilds, state.party("blue").guilds, state.party("green").guilds = \
        ["patrician"], ["thieves"], ["merchants"]
    state.token("red").square, state.token("red").in_jail = 10, True
    state.token("green").square = 37
    own(state, "red", 1)
    state.ledger = Ledger((Fsu(1, "blue", "red", "red", 39, 100, frozenset({Cover.ROBBED}), False),), 2)
    game = do(start(state, "green"), "roll", (1, 3))
    assert game.state.token("green").square == 1
    assert active(game) and cash(game, "red") == 1500


@BOTH
@pytest.mark.parametrize("base", ["standard", "variant"])
def test_the_fine_before_the_roll_on_the_first_two_turns_in_jail_only(revision: int, base: str) -> None:
    """Monopoly's printed rules: "paying a fine of $50 before he rolls the dice on either of his next
    two turns"; on the third turn he throws and pays only if the throw fails (the variant plays
    Monopoly's jail, L8). A get-out-of-jail card may be used on any turn. Revision 11 offered the fine
    on the third turn too."""
    for attempts in (0, 1, 2):
        state = table(("red", "blue"), base=base)
        state.revision = revision
        if base == "variant":
            state.party("red").guilds, state.party("blue").guilds = ["patrician"], ["merchants"]
        state.party("red").jail_cards.append("chance.jail-free")
        token = state.token("red")
        token.square, token.in_jail, token.jail_attempts = 10, True, attempts
        menu = options(start(state))
        assert "use-card:chance.jail-free" in menu
        assert ("pay-fine" in menu) is (attempts < 2 or revision < FINE_ON_TWO_TURNS), (attempts, menu)


def test_on_the_third_turn_a_failed_throw_pays_the_fine_and_moves() -> None:
    """The third attempt fails: the fine ($50) is paid and the token moves by that throw."""
    state = table(("red", "blue"))
    token = state.token("red")
    token.square, token.in_jail, token.jail_attempts = 10, True, 2
    game = do(start(state), "roll", (1, 2))
    assert not game.state.token("red").in_jail and game.state.token("red").square == 13
    assert cash(game, "red") == 1500 - 50
