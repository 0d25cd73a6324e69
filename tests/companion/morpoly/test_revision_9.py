"""Rules revision 9 (``companion.morpoly.revisions.AUDITED``), the rules audit of December 2026: each
finding played on a position taken from the German source, under revision 9 and under revision 8,
which a journal written before it must replay as it was played."""
from __future__ import annotations

import pytest

from companion.morpoly.covers import Cover
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.revisions import AUDITED, DEBT_TRADES, LATEST
from companion.morpoly.state import State
from morpoly_table import cash, do, own, start, table
from test_elam import elam, npcs

BOTH = pytest.mark.parametrize("revision", [DEBT_TRADES, AUDITED])


def test_revision_9_came_after_8_and_before_the_latest() -> None:
    assert DEBT_TRADES + 1 == AUDITED == 9 < LATEST


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


@BOTH
def test_a_token_the_luggage_spits_out_meets_the_watch_there(revision: int) -> None:
    """L195: "Auf dem neuen Feld wird der Spieler ausgespuckt und muss dann das Feld erfüllen"; L47:
    the Watch "können andere Figuren auf dem gleichen Feld direkt ins Gefängnis schicken (Diebe
    müssen ins Gefängnis geschickt werden!)" — on any arrival (R5). Blue (Thieves) meets the Luggage
    on Tennessee Avenue, is swallowed (2 and 2) and spat out 1 × 4 squares on, on Indiana Avenue,
    where red (Watch) stands."""
    state = elam(red="watch", blue="thieves")
    state.revision = revision
    npcs(state, luggage=19)
    state.token("blue").square, state.token("red").square = 16, 23
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (1, 3), (2, 2), "decline")
    assert game.state.token("blue").square == (10 if revision >= AUDITED else 23)
    assert game.state.token("blue").in_jail is (revision >= AUDITED)


@BOTH
def test_a_beggar_where_the_luggage_spits_a_token_out_asks_the_tithe(revision: int) -> None:
    """L195 with L72 (the Beggars' tithe of a token that "zu stehen kommt" on their square, L35)."""
    state = elam(red="beggars", blue="patrician")
    state.revision = revision
    npcs(state, luggage=19)
    state.token("blue").square, state.token("red").square = 16, 23
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (1, 3), (2, 2), "decline")
    if revision >= AUDITED:
        assert game.question is not None and game.question.key == "morpoly.beggars.tithe"
        assert game.question.player == "red"
    else:
        assert game.question is not None and game.question.key == "morpoly.turn.menu"


@BOTH
def test_the_assassin_placed_by_a_contract_meets_the_watch_on_the_square_he_resolves(revision: int) -> None:
    """L180: after a contract the Assassin goes to the next token clockwise, and "erst dann erfüllt
    er … das Feld, auf dem er nun steht" — an arrival, so the Watch standing there may arrest him (L47,
    R5). Blue hires red (Assassins) on Oriental Avenue; red strikes green on Pennsylvania Railroad,
    where yellow (Watch) also stands."""
    state = elam(("red", "blue", "green", "yellow"), red="assassins", blue="patrician", green="undead",
                 yellow="watch")
    state.revision = revision
    npcs(state, death=20, luggage=20, dibbler=20)
    for token, square in (("red", 6), ("blue", 3), ("green", 15), ("yellow", 15)):
        state.token(token).square = square
    game = do(start(state, "blue"), "roll", (1, 2), "decline", "hire:red", (1, 2), "decline")
    assert game.state.token("red").square == 15
    assert game.question is not None
    if revision >= AUDITED:
        assert (game.question.key, game.question.player) == ("morpoly.watch.arrest", "yellow")
    else:
        assert (game.question.key, game.question.player) == ("morpoly.turn.menu", "green")


@BOTH
def test_the_luggage_arriving_with_its_companion_meets_the_player_already_there(revision: int) -> None:
    """L192: "Wenn Truhe auf dem Feld eines Spielers steht, den sie nicht begleitet, würfelt dieser
    mit 2 Würfeln" — also when she comes to him with her companion (R65). The Luggage goes with blue
    (Fools) from St. James Place to New York Avenue, where red (Patrician) stands."""
    state = elam(red="patrician", blue="fools")
    state.revision = revision
    npcs(state, death=5, luggage=16, dibbler=5, luggage_with="blue")
    state.token("blue").square, state.token("red").square = 16, 19
    game = do(start(state, "blue"), "roll", (1, 2), "decline")
    assert game.question is not None
    if revision >= AUDITED:
        assert (game.question.key, game.question.player) == ("morpoly.roll.luggage", "red")
        game = do(game, (3, 3))  # a double: she joins red
        assert game.state.npcs is not None and game.state.npcs.luggage_with == "red"
    else:
        assert (game.question.key, game.question.player) == ("morpoly.turn.menu", "red")
        assert game.state.npcs is not None and game.state.npcs.luggage_with == "blue"


def test_the_luggage_arriving_with_its_companion_joins_a_wizard_there() -> None:
    """L197: "Ein Zauberer, der einer Truhe begegnet, würfelt nicht, sie schließt sich ihm automatisch an"."""
    state = elam(red="wizards", blue="fools")
    npcs(state, death=5, luggage=16, dibbler=5, luggage_with="blue")
    state.token("blue").square, state.token("red").square = 16, 19
    game = do(start(state, "blue"), "roll", (1, 2), "decline")
    assert game.state.npcs is not None and game.state.npcs.luggage_with == "red"
    assert "morpoly.npc.luggage-joins" in [line.key for line in game.narration]


def _variant(players: tuple[str, ...] = ("red", "blue"), **guilds: list[str]) -> State:
    state = table(players, base="variant")
    for party, its in guilds.items():
        state.party(party).guilds = its
    return state


@BOTH
def test_a_jailed_thief_is_paid_by_a_pay_each_player_card(revision: int) -> None:
    """L9: in jail no money is taken "(Ausnahme: Diebe)"; L36: the Thieves "können auch vom Gefängnis
    aus Transaktionen ausführen". Blue draws "pay each player $50" while red (Thieves) sits in jail."""
    state = _variant(("red", "blue", "green"), red=["thieves"], blue=["wizards"], green=["watch"])
    state.revision = revision
    state.token("red").square, state.token("red").in_jail = 10, True
    state.token("blue").square = 4
    game = do(start(state, "blue"), "roll", (1, 2), "chance.chairman")
    assert cash(game, "green") == 1550
    assert cash(game, "red") == (1550 if revision >= AUDITED else 1500)
    assert cash(game, "blue") == (1400 if revision >= AUDITED else 1450)


@BOTH
def test_a_jailed_patrician_with_the_thieves_collects_the_tax(revision: int) -> None:
    """L97: the Patrician "kassiert alle Steuern"; L9, L36 and L154 (a team plays by all its guilds):
    a jailed team of the Patrician and the Thieves still takes the money. Blue pays Income Tax."""
    state = _variant(red=["patrician", "thieves"], blue=["wizards"])
    state.revision = revision
    state.token("red").square, state.token("red").in_jail = 10, True
    state.token("blue").square = 1
    game = do(start(state, "blue"), "roll", (1, 2))  # Income Tax, $200
    assert cash(game, "blue") == 1300
    assert cash(game, "red") == (1700 if revision >= AUDITED else 1500)


def test_a_jailed_watch_with_the_thieves_collects_the_fine() -> None:
    """L48: fines go to the Watch; L9, L36, L154: a jailed team with the Thieves still takes them.
    Blue pays to leave jail."""
    state = _variant(red=["watch", "thieves"], blue=["wizards"])
    state.token("red").square, state.token("red").in_jail = 10, True
    state.token("blue").square, state.token("blue").in_jail = 10, True
    game = do(start(state, "blue"), "pay-fine")
    assert cash(game, "blue") == 1450 and cash(game, "red") == 1550


@BOTH
def test_jailed_merchants_with_the_thieves_may_buy_a_declined_square(revision: int) -> None:
    """L62: the Merchants "können Straßen kaufen, die von anderen Spielern nicht gekauft werden" —
    not from jail (L9, R31), unless their team has the Thieves (L36, L154)."""
    state = _variant(red=["merchants", "thieves"], blue=["wizards"])
    state.revision = revision
    state.token("red").square, state.token("red").in_jail = 10, True
    state.token("blue").square = 16
    game = do(start(state, "blue"), "roll", (1, 2), "decline")
    assert game.question is not None
    assert game.question.key == ("morpoly.merchants.buy" if revision >= AUDITED else "morpoly.turn.menu")


@BOTH
def test_interest_a_patricians_team_owes_itself_is_no_payment_for_the_merchants(revision: int) -> None:
    """L97: the Patrician "kassiert alle … Hypothek-Zinsen" — his own team's too, so nothing is paid,
    and the Merchants' cover (L64: the holder "muss Geld zahlen") has nothing to pay. Red's team (the
    Wizards, who took over the Patrician) passes GO with Boardwalk mortgaged (interest $20), insured
    by blue (Merchants)."""
    state = _variant(red=["wizards", "patrician"], blue=["merchants"])
    state.revision = revision
    own(state, "red", 39, mortgaged=True)
    state.ledger = Ledger((Fsu(1, "blue", "red", "red", 37, 100, frozenset({Cover.MUST_PAY}), False),), 2)
    state.token("red").square = 38
    game = do(start(state, "red"), "roll", (1, 2))
    if revision >= AUDITED:
        assert cash(game, "red") == 1700 and cash(game, "blue") == 1500
        assert [f.fsu_id for f in game.state.ledger.active()] == [1]
    else:  # as revision 8 played it: the Merchants "covered" a payment from red to red
        assert cash(game, "red") == 1720 and cash(game, "blue") == 1480
        assert game.state.ledger.active() == ()


@BOTH
def test_the_watch_returns_a_jail_free_card_it_gets_by_a_takeover(revision: int) -> None:
    """L53: "'Du kommst aus dem Gefängnis Frei' Karten müssen von den Wachen sofort wieder unten den
    Kartenstapel gelegt werden" — however they come. Blue (Wizards, $10, holding the Chance card)
    lands on Park Place, where red (Watch) has a hotel, and is taken over."""
    state = _variant(red=["watch"], blue=["wizards"])
    state.revision = revision
    own(state, "red", 37, 39, houses=5)
    state.party("blue").jail_cards.append("chance.jail-free")
    state.bank.cash += state.party("blue").cash - 10
    state.party("blue").cash = 10
    state.token("blue").square = 34
    game = do(start(state, "blue"), "roll", (1, 2))
    assert game.state.party("red").guilds == ["watch", "wizards"]
    assert game.state.party("red").jail_cards == ([] if revision >= AUDITED else ["chance.jail-free"])


def test_the_watch_returns_a_jail_free_card_it_gets_by_a_trade() -> None:
    """L53 again: red (Watch) buys blue's card for $50; it goes back under its deck at once."""
    state = _variant(("red", "blue"), red=["watch"], blue=["wizards"])
    state.party("blue").jail_cards.append("chance.jail-free")
    game = do(start(state), "trade", "get-card:chance.jail-free", "pay", "50", "propose", "accept")
    assert game.state.party("red").jail_cards == [] and game.state.party("blue").jail_cards == []
    assert cash(game, "red") == 1450 and cash(game, "blue") == 1550
    assert [line.key for line in game.narration][-2:] == ["morpoly.trade.deal", "morpoly.watch.card-returned"]


@pytest.mark.parametrize("revision, landing, salary", [(AUDITED, "double", 200), (AUDITED, "nothing", 0),
                                                       (DEBT_TRADES, "double", 0)])
def test_an_undead_half_kept_on_go_after_a_backward_split_is_paid_once(revision: int, landing: str, salary: int
                                                                       ) -> None:
    """L84: "Wenn sie durch Teilung direkt auf Los landen und … sich auf Los zusammenfügen, kassieren sie
    nur die einfache Los-Summe" — no direction named; the only backward exception is crossing GO
    (L110). Red (Undead with the Fools, L155) splits a 7 backward from Reading Railroad: halves on
    Baltic Avenue and GO; red keeps the one on GO."""
    state = _variant(red=["undead", "fools"], blue=["wizards"])
    state.revision = revision
    state.rules["backward-go-landing"] = landing
    state.token("red").square, state.token("blue").square = 5, 12
    game = do(start(state, "red"), "roll", (2, 5), "split-backward", "decline", "second")
    assert game.state.token("red").square == 0 and cash(game, "red") == 1500 + salary


def test_trade_interest_under_standard_10pct_goes_to_the_patrician() -> None:
    """L97: the Patrician "kassiert alle … Hypothek-Zinsen" — also R12's tenth on a mortgaged square
    that changes hands (option ``transfer-interest=standard-10pct``). Red (Wizards) gets blue's
    mortgaged Boardwalk (mortgage $200); green is the Patrician."""
    state = _variant(("red", "blue", "green"), red=["wizards"], blue=["beggars"], green=["patrician"])
    state.rules["transfer-interest"] = "standard-10pct"
    own(state, "blue", 39, mortgaged=True)
    game = do(start(state, "red"), "trade", "get:39", "propose", "accept")
    assert game.state.squares[39].owner == "red"
    assert cash(game, "red") == 1480 and cash(game, "green") == 1520 and cash(game, "blue") == 1500
    paid = [line for line in game.narration if line.key == "morpoly.money.paid"]
    assert len(paid) == 1 and dict(paid[0].params)["payee"] == "green"


def test_trade_interest_under_revision_8_went_to_the_bank() -> None:
    state = _variant(("red", "blue", "green"), red=["wizards"], blue=["beggars"], green=["patrician"])
    state.revision = DEBT_TRADES
    state.rules["transfer-interest"] = "standard-10pct"
    own(state, "blue", 39, mortgaged=True)
    game = do(start(state, "red"), "trade", "get:39", "propose", "accept")
    assert cash(game, "red") == 1480 and cash(game, "green") == 1500
    assert "morpoly.transfer.interest" in [line.key for line in game.narration]


def test_the_trade_answer_says_the_interest_goes_to_the_patrician() -> None:
    """The partner weighs what the offer costs: under ``standard-10pct`` with a Patrician at the table,
    the tenth on the mortgaged square it receives goes to him (L97, rules revision 9), and the question
    says so (``collector``, form ``patrician``) — it said "you pay the bank". Red (Wizards) offers blue
    (Beggars) its mortgaged Boardwalk; green is the Patrician."""
    state = _variant(("red", "blue", "green"), red=["wizards"], blue=["beggars"], green=["patrician"])
    state.rules["transfer-interest"] = "standard-10pct"
    own(state, "red", 39, mortgaged=True)
    game = do(start(state, "red"), "trade", "blue", "give:39", "propose")
    question = game.question
    assert question is not None and question.key == "morpoly.trade.answer" and question.player == "blue"
    params = dict(question.params)
    assert params["interest"] == "$20" and params["collector"] == "green" and params["form"] == "patrician"
    assert "you pay green $20 interest" in question.text and "the bank" not in question.text
    game = do(game, "accept")
    assert cash(game, "blue") == 1480 and cash(game, "green") == 1520


def test_the_trade_answer_names_no_interest_the_patricians_own_team_would_pay_itself() -> None:
    """Blue's team is the Patrician's: the tenth it would owe on Boardwalk it would collect itself, so
    nothing is paid and the question names no interest."""
    state = _variant(("red", "blue"), red=["wizards"], blue=["patrician"])
    state.rules["transfer-interest"] = "standard-10pct"
    own(state, "red", 39, mortgaged=True)
    game = do(start(state, "red"), "trade", "give:39", "propose")
    question = game.question
    assert question is not None and question.key == "morpoly.trade.answer"
    assert "interest" not in dict(question.params) and "interest" not in question.text
    game = do(game, "accept")
    assert cash(game, "blue") == 1500 and game.state.squares[39].owner == "blue"


def test_the_trade_answer_to_the_bank_is_as_before_without_a_patrician() -> None:
    state = _variant(("red", "blue"), red=["wizards"], blue=["beggars"])
    state.rules["transfer-interest"] = "standard-10pct"
    own(state, "red", 39, mortgaged=True)
    question = do(start(state, "red"), "trade", "give:39", "propose").question
    assert question is not None
    params = dict(question.params)
    assert params["interest"] == "$20" and "collector" not in params and "form" not in params
    assert "you pay the bank $20 interest" in question.text


def test_a_patricians_team_short_of_the_tenth_may_still_take_a_mortgaged_square() -> None:
    """The tenth the Patrician's team would pay itself is no payment, so it is not counted against its
    cash when the offer is checked: blue (Patrician, $10) may take red's mortgaged Boardwalk."""
    state = _variant(("red", "blue"), red=["wizards"], blue=["patrician"])
    state.rules["transfer-interest"] = "standard-10pct"
    own(state, "red", 39, mortgaged=True)
    state.bank.cash += state.party("blue").cash - 10
    state.party("blue").cash = 10
    game = do(start(state, "red"), "trade", "give:39")
    question = game.question
    assert question is not None and "propose" in question.options and "propose" not in question.unavailable
    game = do(game, "propose", "accept")
    assert game.state.squares[39].owner == "blue" and cash(game, "blue") == 10
