"""Rules revision 8 (``companion.morpoly.revisions.DEBT_TRADES``, ruling R74): a party raising a debt
may trade. Standard Monopoly lets a player who owes more than they hold raise it "by selling buildings,
mortgaging, or selling property to other players for any amount"; the variant is "normal Monopoly
rules" where it is silent (L8), and L148–153 say nothing of trading during a debt. So the question to
raise the money (``morpoly.debt.raise``) offers ``trade``: the debtor's boss builds an offer as at the
menu, the partner accepts or refuses, and the question comes back with the new cash. R14 is read
again after the trade: a debtor that gave more than it got and can no longer pay is taken over (the
variant, §5.1) or bankrupt (standard Monopoly) at once. B1 holds: a jailed party makes no deals, the
Thieves excepted (L36). A game recorded under revision 7 is asked as before."""
from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.core.procedure import Narration
from companion.morpoly.game import Game
from companion.morpoly.revisions import DEBT_TRADES, LATEST, TRADES_AT_ANY_MENU
from companion.morpoly.state import State
from companion.morpoly.state_format import state_to_json
from morpoly_table import cash, do, own, start, table

# 1 and 3 are the brown group (price 60, mortgage 30); 4 is Income Tax ($200); 6 Oriental Avenue;
# 7 is Chance; 37 and 39 the dark blue group (Boardwalk's rent with the group: $100)


def test_debt_trades_came_with_revision_8() -> None:
    assert TRADES_AT_ANY_MENU < DEBT_TRADES == 8 < LATEST and table().revision == LATEST


def raise_question(game: Game) -> tuple[str, ...]:
    question = game.question
    assert question is not None and question.key == "morpoly.debt.raise" and question.player == "red"
    return question.options


def taxed(base: str = "variant", revision: int = LATEST) -> State:
    """Red stands on Community Chest (2) with $150 and the brown group, and will land on Income Tax
    (4, $200): solvent (R14: 150 + two mortgages of 30 = 210); blue holds $1,500 and nothing, green
    Oriental Avenue."""
    state = table(("red", "blue", "green"), base=base)
    state.revision = revision
    own(state, "red", 1, 3)
    own(state, "green", 6)
    state.party("red").cash = 150
    state.bank.cash += 1350
    state.token("red").square = 2
    return state


def after_the_deal(game: Game) -> list[Narration]:
    """The narration from the trade's line on."""
    keys = [line.key for line in game.narration]
    return list(game.narration[keys.index("morpoly.trade.deal"):])


def test_a_solvent_debtor_sells_a_street_to_another_party_and_pays() -> None:
    game = do(start(taxed()), "roll", (1, 1))
    assert raise_question(game) == ("mortgage:1", "mortgage:3", "trade")
    assert game.question is not None and dict(game.question.params)["form"] == "trade"  # worded with the trade
    game = do(game, "trade")
    assert game.question is not None and game.question.key == "morpoly.trade.partner"
    assert game.question.options == ("blue", "green")  # any other party, the creditor being the bank
    game = do(game, "blue", "give:1", "ask", "60", "propose")
    assert game.question is not None and game.question.key == "morpoly.trade.answer" and game.question.player == "blue"
    game = do(game, "accept")
    assert game.state.squares[1].owner == "blue" and cash(game, "blue") == 1440
    assert cash(game, "red") == 150 + 60 - 200  # the raise loop ends: the tax is paid
    assert [line.key for line in game.narration[-2:]] == ["morpoly.trade.deal", "morpoly.money.paid"]
    assert game.question is not None and game.question.key == "morpoly.turn.menu"


def test_after_a_trade_that_raised_too_little_the_question_comes_back_with_the_new_cash() -> None:
    game = do(start(taxed()), "roll", (1, 1), "trade", "blue", "give:1", "ask", "20", "propose", "accept")
    assert raise_question(game) == ("mortgage:3", "trade") and cash(game, "red") == 170
    assert game.question is not None and dict(game.question.params)["cash"] == "$170"
    game = do(game, "mortgage:3")
    assert cash(game, "red") == 170 + 30 - 200 and game.question is not None \
        and game.question.key == "morpoly.turn.menu"


def test_a_refused_or_cancelled_offer_brings_the_question_back_unchanged() -> None:
    game = do(start(taxed()), "roll", (1, 1))
    before = state_to_json(game.state)
    refused = do(game, "trade", "blue", "give:1", "ask", "60", "propose", "refuse")
    assert raise_question(refused) == raise_question(game) and state_to_json(refused.state) == before
    cancelled = do(game, "trade", "green", "cancel")
    assert raise_question(cancelled) == raise_question(game) and state_to_json(cancelled.state) == before


def test_a_debtor_whose_trade_leaves_it_insolvent_is_taken_over_by_its_creditor() -> None:
    """§5.1 with R55: red owes blue and green $50 each (Chairman of the Board) and could raise the
    first (20 + two mortgages of 30 ≥ 50); it gives both browns to green for nothing, is left with $20
    and nothing to mortgage (R14), and blue, the creditor, takes it over at once, naming the rule."""
    state = table(("red", "blue", "green"), base="variant")
    own(state, "red", 1, 3)
    state.party("red").cash = 20
    state.bank.cash += 1480
    state.token("red").square = 4
    game = do(start(state), "roll", (1, 2), "chance.chairman")
    assert "trade" in raise_question(game)
    game = do(game, "trade", "green", "give:1", "give:3", "propose", "accept")
    said = after_the_deal(game)
    assert [line.key for line in said[:3]] == ["morpoly.trade.deal", "morpoly.debt.insolvent-after-trade",
                                               "morpoly.takeover.merged"]
    assert "(R14)" in said[1].text and dict(said[2].params)["creditor"] == "blue"
    assert [p.id for p in game.state.parties] == ["blue", "green"] and game.state.token("red").party == "blue"
    assert cash(game, "blue") == 1520 and cash(game, "green") == 1500  # the debt is settled by the takeover
    assert game.state.squares[1].owner == game.state.squares[3].owner == "green"


def test_a_debtor_to_the_bank_whose_trade_leaves_it_insolvent_has_its_guild_auctioned() -> None:
    game = do(start(taxed()), "roll", (1, 1), "trade", "green", "give:1", "give:3", "propose", "accept")
    assert [line.key for line in after_the_deal(game)] == ["morpoly.trade.deal", "morpoly.debt.insolvent-after-trade",
                                                           "morpoly.takeover.bank"]
    assert game.question is not None and game.question.key == "morpoly.takeover.auction"


def owes_rent() -> State:
    """Plain Monopoly: red stands on Short Line (35) with $40 and the browns, and will land on
    Boardwalk (39), whose owner blue has the group: $100 of rent, which red can raise (40 + 60)."""
    state = table(("red", "blue", "green"), base="standard")
    own(state, "red", 1, 3)
    own(state, "blue", 37, 39)
    state.party("red").cash = 40
    state.bank.cash += 1460
    state.token("red").square = 35
    return state


def test_plain_monopoly_a_player_sells_to_another_then_goes_bankrupt_to_the_creditor() -> None:
    """``base=standard``: red owes blue $100 rent (:func:`owes_rent`); it gives both browns to green
    and is bankrupt to blue, who receives its cash; red leaves the game."""
    game = do(start(owes_rent()), "roll", (1, 3))
    assert raise_question(game) == ("mortgage:1", "mortgage:3", "trade")
    game = do(game, "trade", "green", "give:1", "give:3", "propose", "accept")
    keys = [line.key for line in after_the_deal(game)[:4]]
    assert keys == ["morpoly.trade.deal", "morpoly.debt.insolvent-after-trade", "morpoly.bankrupt",
                    "morpoly.takeover.out"]
    assert [p.id for p in game.state.parties] == ["blue", "green"] and cash(game, "blue") == 1540
    assert game.state.squares[1].owner == "green" and game.state.squares[3].owner == "green"


def test_plain_monopoly_a_player_sells_a_street_and_pays_the_rent() -> None:
    game = do(start(owes_rent()), "roll", (1, 3), "trade", "green", "give:1", "give:3", "ask", "100", "propose", "accept")
    assert cash(game, "red") == 40 + 100 - 100 and cash(game, "blue") == 1600 and cash(game, "green") == 1400
    assert [line.key for line in after_the_deal(game)[:2]] == ["morpoly.trade.deal", "morpoly.money.paid"]
    assert len(game.state.parties) == 3


def jailed_debtor(guilds: list[str]) -> Game:
    """Red sits in jail with $20 and the browns, on its third attempt (the fine, $50, is due when it
    fails): solvent by R14 (20 + 60)."""
    state = table(("red", "blue", "green"), base="variant")
    own(state, "red", 1, 3)
    own(state, "green", 6)
    state.party("red").guilds = guilds
    state.party("red").cash = 20
    state.bank.cash += 1480
    token = state.token("red")
    token.in_jail, token.square, token.jail_attempts = True, 10, 2
    return do(start(state), "roll", (1, 2))


def test_a_jailed_debtor_without_the_thieves_cannot_trade_naming_b1() -> None:
    game = jailed_debtor([])
    assert raise_question(game) == ("mortgage:1", "mortgage:3")
    assert game.question is not None
    assert dict(game.question.params)["form"] == "trade"  # greyed, and still named by the sentence
    reason = dict(game.question.unavailable)["trade"]
    assert reason.key == "morpoly.trade.jailed" and dict(reason.params) == {"party": "red"}
    before = state_to_json(game.state)
    with pytest.raises(InputError) as error:
        do(game, "trade")
    assert error.value.key == "morpoly.trade.jailed" and state_to_json(game.state) == before


def test_a_jailed_thief_trades_from_jail_and_pays_the_fine() -> None:
    game = jailed_debtor(["thieves"])
    assert raise_question(game) == ("mortgage:1", "mortgage:3", "trade")
    game = do(game, "trade", "green", "give:1", "get:6", "ask", "40", "propose", "accept")
    assert game.state.squares[1].owner == "green" and game.state.squares[6].owner == "red"
    assert cash(game, "red") == 20 + 40 - 50 and not game.state.token("red").in_jail


def test_no_trade_is_offered_when_nobody_has_anything_to_trade() -> None:
    """Red owes the tax with only houses to sell on a built group (which may not change hands) and
    the others hold nothing: no deal is possible, so no ``trade``, not even greyed."""
    state = table(("red", "blue"), base="variant")
    own(state, "red", 1, 3, houses=1)
    state.party("red").cash = 150
    state.bank.cash += 1350
    state.token("red").square = 2
    game = do(start(state), "roll", (1, 1))
    assert "trade" not in raise_question(game) and game.question is not None and not game.question.unavailable
    assert "form" not in dict(game.question.params)  # worded as before: sell or mortgage


@pytest.mark.parametrize("base", ["variant", "standard"])
def test_revision_7_asks_as_it_was_played(base: str) -> None:
    game = do(start(taxed(base, TRADES_AT_ANY_MENU)), "roll", (1, 1))
    assert raise_question(game) == ("mortgage:1", "mortgage:3") and game.question is not None
    assert not game.question.unavailable and "form" not in dict(game.question.params)
    with pytest.raises(InputError):
        do(game, "trade")


def test_a_purchase_raised_by_choice_offers_no_trade() -> None:
    """Standard Monopoly's raise for a deed's price (``morpoly.deed.raise``, money raised by choice,
    not a debt) stays sales and mortgages: R74 is about a debt."""
    state = table(("red", "blue", "green"), base="standard")
    own(state, "red", 1, 3)
    own(state, "green", 6)
    state.party("red").cash = 350
    state.bank.cash += 1150
    state.token("red").square = 35
    game = do(start(state), "roll", (1, 3), "buy")
    assert game.question is not None and game.question.key == "morpoly.deed.raise"
    assert game.question.options == ("mortgage:1", "mortgage:3", "decline")
