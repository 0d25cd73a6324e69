"""Rules revision 9 (``companion.morpoly.revisions.AUDITED``), the rules audit of December 2026: each
finding played on a position taken from the German source, under revision 9 and under revision 8,
which a journal written before it must replay as it was played."""
from __future__ import annotations

import pytest

from companion.morpoly.covers import Cover
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.revisions import AUDITED, DEBT_TRADES, LATEST
from morpoly_table import cash, do, start
from test_elam import elam, npcs

BOTH = pytest.mark.parametrize("revision", [DEBT_TRADES, AUDITED])


def test_revision_9_is_the_one_new_games_are_played_by() -> None:
    assert AUDITED == 9 == LATEST


@BOTH
def test_dibblers_card_is_a_payment_the_merchants_cover_pays(revision: int) -> None:
    """L202: Dibbler sells the player a card "für 1/10 von dessen Barvermögens"; L64: the FSU holder
    "muss Geld zahlen" — the Merchants pay it for him (R70). Blue (Beggars, $1500) holds FSU 1 from
    red (Merchants, premium $100, cap $300) and meets Dibbler on New York Avenue (1 and 3: a card)."""
    state = elam(red="merchants", blue="beggars")
    state.revision = revision
    npcs(state, death=20, luggage=20, dibbler=19)
    state.token("blue").square = 16
    state.ledger = Ledger((Fsu(1, "red", "blue", "blue", 39, 100, frozenset({Cover.MUST_PAY}), False),), 2)
    game = do(start(state, "blue"), "roll", (1, 2), "decline", "leave", (1, 3), "chest", "chest.bank-error")
    if revision >= AUDITED:
        assert cash(game, "blue") == 1500 + 200 and cash(game, "red") == 1500 - 150
        assert game.state.ledger.active() == ()
    else:  # as revision 8 played it: paid past the ledger
        assert cash(game, "blue") == 1500 - 150 + 200 and cash(game, "red") == 1500
        assert [f.fsu_id for f in game.state.ledger.active()] == [1]
