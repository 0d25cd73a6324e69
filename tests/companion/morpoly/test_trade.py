"""Rules revision 6 (``companion.morpoly.revisions.TRADES_BOTH_WAYS``): trades of squares, cards and
cash both ways (reference §8.3), proposed by the boss of the turn's party and accepted or refused by
the partner's boss; the rules of B1/R10, R12 and R57 checked, each refusal naming its rule. A game of
revision 5 trades as it was played (one deed bought: test_takeover.py and test_revision_5.py)."""
from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.morpoly.game import Game
from companion.morpoly.revisions import LATEST, PRINTED_STANDARD, TRADES_BOTH_WAYS
from companion.morpoly.state import State
from companion.morpoly.state_format import state_to_json
from morpoly_table import cash, do, own, start, table


def test_new_games_are_played_by_revision_6() -> None:
    assert TRADES_BOTH_WAYS == 6 < LATEST and table().revision == LATEST


def three(base: str = "standard", **rules: str) -> State:
    """Red, blue and green; red owns Mediterranean Avenue (1), blue Baltic (3) and Oriental (6)."""
    state = table(("red", "blue", "green"), base=base)
    state.rules.update(rules)
    own(state, "red", 1)
    own(state, "blue", 3, 6)
    return state


def offer(state: State, partner: str = "blue") -> Game:
    """Red's menu, ``trade``, and the partner named: the offer question."""
    game = do(start(state), "trade", partner)
    assert game.question is not None and game.question.key == "morpoly.trade.offer"
    return game


def params(game: Game) -> dict[str, str]:
    assert game.question is not None
    return dict(game.question.params)


def keys(game: Game) -> list[str]:
    return [line.key for line in game.narration]


def refused(game: Game, answer: str) -> InputError:
    """``answer`` refused, the game unchanged (the refusal's error returned)."""
    before = state_to_json(game.state)
    with pytest.raises(InputError) as error:
        do(game, answer)
    assert state_to_json(game.state) == before
    return error.value


def test_a_swap_of_two_streets() -> None:
    game = offer(three())
    assert game.question is not None and game.question.player == "red"
    assert game.question.options == ("give:1", "get:3", "get:6", "pay", "ask", "cancel")  # nothing moves: no propose
    game = do(game, "give:1", "get:3")
    assert params(game)["gives"] == "Mediterranean Avenue" and params(game)["gets"] == "Baltic Avenue"
    assert params(game)["chosen"] == "give:1,get:3" and "propose" in game.question.options  # type: ignore[union-attr]
    assert "Mediterranean Avenue" in game.question.text and "Baltic Avenue" in game.question.text  # type: ignore[union-attr]
    game = do(game, "propose")
    assert game.question is not None and game.question.key == "morpoly.trade.answer"
    assert game.question.player == "blue" and game.question.options == ("accept", "refuse")
    assert params(game)["gives"] == "Mediterranean Avenue" and params(game)["gets"] == "Baltic Avenue"
    done = do(game, "accept")
    assert done.state.squares[1].owner == "blue" and done.state.squares[3].owner == "red"
    assert done.state.squares[6].owner == "blue" and cash(done, "red") == cash(done, "blue") == 1500
    line = done.narration[-1]
    assert line.key == "morpoly.trade.deal" and dict(line.params) == {
        "party": "red", "partner": "blue", "gives": "Mediterranean Avenue", "gets": "Baltic Avenue"}
    assert done.question is not None and done.question.key == "morpoly.turn.menu" and done.question.player == "red"


def test_a_street_and_cash_for_a_street() -> None:
    game = do(offer(three()), "give:1", "pay")
    assert game.question is not None and game.question.key == "morpoly.trade.pay" and game.question.maximum == 1500
    game = do(game, "120", "get:6")
    assert params(game)["gives"] == "Mediterranean Avenue + $120" and params(game)["gets"] == "Oriental Avenue"
    done = do(game, "propose", "accept")
    assert done.state.squares[1].owner == "blue" and done.state.squares[6].owner == "red"
    assert cash(done, "red") == 1380 and cash(done, "blue") == 1620


def test_an_own_street_sold_for_cash() -> None:
    state = three()
    state.party("blue").cash = 200
    game = do(offer(state), "give:1", "ask")
    assert game.question is not None and game.question.key == "morpoly.trade.ask" and game.question.maximum == 200
    done = do(game, "150", "propose", "accept")
    assert done.state.squares[1].owner == "blue" and cash(done, "red") == 1650 and cash(done, "blue") == 50


def test_a_get_out_of_jail_card_for_cash() -> None:
    state = three()
    state.party("blue").jail_cards.append("chance.jail-free")
    game = offer(state)
    assert "get-card:chance.jail-free" in game.question.options  # type: ignore[union-attr]
    game = do(game, "get-card:chance.jail-free", "pay", "50")
    assert params(game)["gets"] == "chance.jail-free" and params(game)["gives"] == "$50"
    assert "Get Out of Jail Free (Chance)" in game.question.text  # type: ignore[union-attr]
    done = do(game, "propose", "accept")
    assert done.state.party("red").jail_cards == ["chance.jail-free"] and done.state.party("blue").jail_cards == []
    assert cash(done, "red") == 1450 and cash(done, "blue") == 1550
    again = do(start(done.state, "red"), "trade", "green")  # now red's to give
    assert "give-card:chance.jail-free" in again.question.options  # type: ignore[union-attr]


def test_an_item_answered_again_is_taken_back() -> None:
    game = do(offer(three()), "give:1", "get:3", "pay", "100")
    assert params(game)["chosen"] == "give:1,get:3,pay"
    game = do(game, "give:1", "pay")  # both taken back; cash without asking an amount
    assert params(game)["chosen"] == "get:3" and params(game)["gives"] == "" and params(game)["gets"] == "Baltic Avenue"
    game = do(game, "get:3")
    assert params(game)["chosen"] == "" and "propose" not in game.question.options  # type: ignore[union-attr]
    game = do(game, "pay", "cancel")  # no amount: nothing added
    assert params(game)["chosen"] == ""
    done = do(game, "cancel")
    assert state_to_json(done.state) == state_to_json(start(three()).state) and done.question.key == "morpoly.turn.menu"  # type: ignore[union-attr]


def test_cash_alone_is_no_deal() -> None:
    game = do(offer(three()), "pay", "100", "ask", "50")
    assert params(game)["chosen"] == "pay,ask" and "propose" not in game.question.options  # type: ignore[union-attr]


def test_a_refusal_changes_nothing_but_the_narration() -> None:
    before = state_to_json(start(three()).state)
    game = do(offer(three()), "give:1", "get:3", "pay", "100", "propose")
    done = do(game, "refuse")
    assert state_to_json(done.state) == before
    assert done.narration[-1].key == "morpoly.trade.declined"
    assert dict(done.narration[-1].params)["partner"] == "blue"
    assert done.question is not None and done.question.key == "morpoly.turn.menu"


def test_the_partner_is_asked_only_when_more_than_one_party_can_deal() -> None:
    state = table(("red", "blue"))
    own(state, "blue", 3)
    game = do(start(state), "trade")
    assert game.question is not None and game.question.key == "morpoly.trade.offer"
    assert params(game)["partner"] == "blue"
    three_game = do(start(three()), "trade")
    assert three_game.question is not None and three_game.question.key == "morpoly.trade.partner"
    assert three_game.question.options == ("blue", "green") and three_game.question.player == "red"


def test_no_trade_offered_when_nothing_can_change_hands() -> None:
    state = table(("red", "blue"))
    assert "trade" not in start(state).question.options  # type: ignore[union-attr]
    state.party("blue").jail_cards.append("chest.jail-free")  # a card is something to trade
    assert "trade" in start(state).question.options  # type: ignore[union-attr]


def test_no_square_of_a_group_with_buildings_changes_hands() -> None:
    state = three()
    own(state, "blue", 8, 9, houses=1)  # the light blues built (6 is one of them)
    own(state, "blue", 6, houses=1)
    game = offer(state)
    assert game.question is not None and "get:6" not in game.question.options
    reasons = dict(game.question.unavailable)
    assert reasons["get:6"].key == "morpoly.trade.built" and dict(reasons["get:6"].params)["name"] == "Oriental Avenue"
    assert refused(game, "get:6").key == "morpoly.trade.built"


def test_a_jailed_party_makes_no_deals_in_the_variant_unless_it_has_the_thieves() -> None:
    state = table(("red", "blue", "green", "yellow"), base="variant")
    own(state, "red", 1)
    own(state, "green", 6)
    state.token("yellow").in_jail, state.token("yellow").square = True, 10
    game = do(start(state), "trade")
    assert game.question is not None and game.question.options == ("blue", "green")
    reason = dict(game.question.unavailable)["yellow"]
    assert reason.key == "morpoly.trade.jailed" and dict(reason.params) == {"party": "yellow"}
    assert refused(game, "yellow").key == "morpoly.trade.jailed"
    state.token("red").in_jail, state.token("red").square = True, 10  # red itself in jail: no trade
    assert "trade" not in start(state).question.options  # type: ignore[union-attr]
    state.party("red").guilds = ["thieves"]  # L36: the Thieves do business from jail
    assert "trade" in start(state).question.options  # type: ignore[union-attr]


def test_in_standard_monopoly_jail_stops_no_deal() -> None:
    state = three()
    state.token("blue").in_jail, state.token("blue").square = True, 10
    assert do(start(state), "trade").question.options == ("blue", "green")  # type: ignore[union-attr]


def test_only_the_boss_trades_and_the_partner_s_boss_answers() -> None:
    """R57: green took blue over and is the team's boss; blue's token has no ``trade`` at its turn,
    and an offer to the team is answered by green."""
    state = three(base="variant")
    team = state.party("green")
    team.tokens.append("blue")
    state.token("blue").party = "green"
    for index in (3, 6):
        state.squares[index] = state.squares[index].with_owner("green")
    state.parties.remove(state.party("blue"))
    assert "trade" not in start(state, "blue").question.options  # type: ignore[union-attr]
    game = do(start(state, "red"), "trade", "give:1", "propose")  # one partner left: not asked
    assert game.question is not None and game.question.key == "morpoly.trade.answer"
    assert game.question.player == "green" and params(game)["partner"] == "green"


def test_an_offer_a_side_cannot_pay_is_not_proposed() -> None:
    state = three()
    state.party("blue").cash = 20
    own(state, "red", 3, mortgaged=True)  # Baltic mortgaged ($30): blue would owe $3 interest
    game = do(offer(state), "give:3", "ask", "20")
    assert game.question is not None and "propose" not in game.question.options
    reason = dict(game.question.unavailable)["propose"]
    assert reason.key == "morpoly.trade.short" and dict(reason.params) == {"party": "blue", "amount": "$23",
                                                                            "cash": "$20"}
    assert refused(game, "propose").key == "morpoly.trade.short"
    game = do(game, "ask", "ask", "17")  # taken back and asked again, leaving room for the interest
    assert "propose" in game.question.options  # type: ignore[union-attr]


@pytest.mark.parametrize("base, reading, interest, asked", [
    ("standard", "by-base", 3, True),
    ("standard", "none", 0, False),
    ("variant", "by-base", 0, False),  # R12: "No extra interest when a mortgaged square changes hands"
    ("variant", "standard-10pct", 3, False),  # the tenth only: the offer to lift is standard Monopoly's
])
def test_a_mortgaged_street_received_costs_the_tenth_and_may_be_lifted_in_standard_monopoly(
        base: str, reading: str, interest: int, asked: bool) -> None:
    state = three(base, **{"transfer-interest": reading})
    own(state, "blue", 3, mortgaged=True)
    game = do(offer(state), "get:3", "pay", "40", "propose", "accept")
    assert game.state.squares[3].owner == "red" and game.state.squares[3].mortgaged
    assert cash(game, "red") == 1500 - 40 - interest and cash(game, "blue") == 1540
    assert ("morpoly.transfer.interest" in keys(game)) == bool(interest)
    assert game.question is not None and (game.question.key == "morpoly.transfer.lift") == asked
    if asked:
        assert game.question.player == "red" and game.question.options == ("lift:3", "keep")
        lifted = do(game, "lift:3")
        assert not lifted.state.squares[3].mortgaged and cash(lifted, "red") == 1500 - 40 - 3 - 30


def test_each_side_pays_the_tenth_on_what_it_receives_and_is_offered_the_lift() -> None:
    state = three()
    own(state, "red", 1, mortgaged=True)  # Mediterranean: mortgage $30
    own(state, "blue", 6, mortgaged=True)  # Oriental: mortgage $50
    game = do(offer(state), "give:1", "get:6", "propose", "accept")
    assert cash(game, "red") == 1495 and cash(game, "blue") == 1497
    interest = [dict(line.params) for line in game.narration if line.key == "morpoly.transfer.interest"]
    assert [(p["party"], p["names"]) for p in interest] == [("red", "Oriental Avenue"), ("blue", "Mediterranean Avenue")]
    assert game.question is not None and game.question.key == "morpoly.transfer.lift" and game.question.player == "red"
    game = do(game, "keep")
    assert game.question is not None and game.question.key == "morpoly.transfer.lift" and game.question.player == "blue"
    assert game.question.options == ("lift:1", "keep")


def test_revision_5_keeps_its_one_deed_purchase() -> None:
    state = three()
    state.revision = PRINTED_STANDARD
    game = do(start(state), "trade")
    assert game.question is not None and game.question.key == "morpoly.trade.square"
    assert game.question.options == ("trade:3", "trade:6", "cancel")
    done = do(game, "trade:3", "75")
    assert done.state.squares[3].owner == "red" and cash(done, "red") == 1425
    assert done.narration[-1].key == "morpoly.trade.done"


@pytest.mark.parametrize("answer", ["give:3", "get:1", "give:99", "get:x", "give-card:chance.jail-free", "accept", "trade:3", ""])
def test_a_bad_answer_to_the_offer_changes_nothing(answer: str) -> None:
    game = do(offer(three()), "get:3")
    refused(game, answer)


@pytest.mark.parametrize("amount", ["0", "1501", "12.5", "-5", "abc"])
def test_a_bad_amount_changes_nothing(amount: str) -> None:
    refused(do(offer(three()), "pay"), amount)
