"""Hostile takeovers (reference §5.1, source L148–156), the end of the game (R8), trades, and the
guild choice at set-up (R7): positions from the rules, each §7 option that changes an outcome on
both settings."""
from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.core.inputs import Answer
from companion.morpoly.game import apply, new_game
from companion.morpoly.revisions import PRINTED_STANDARD
from companion.morpoly.state import State
from companion.morpoly.state_format import state_to_json
from morpoly_table import cash, do, own, start, table

# square 4 is Income Tax ($200); 7 is Chance; 1 and 3 the brown group (price 60, mortgage 30,
# house 50); 37 and 39 the dark blue group (price 350/400, mortgage 175/200, house 200)


def three(base: str = "variant", **rules: str) -> State:
    state = table(("red", "blue", "green"), base=base)
    state.rules.update(rules)
    return state


def chairman(state: State, red_cash: int) -> State:
    """Red stands on 4 with ``red_cash`` and will draw "pay each player $50" on Chance (7)."""
    state.party("red").cash = red_cash
    state.bank.cash += 1500 - red_cash
    state.token("red").square = 4
    return state


# -- a debt to a party: the takeover --------------------------------------------------------------

def test_a_party_that_could_raise_the_money_is_asked_to_raise_it() -> None:
    state = chairman(three(), 20)
    own(state, "red", 1, 3, houses=1)
    # red's worth: 20 + 2 × 25 (half the houses) + 2 × 30 (mortgages) = 130 ≥ 100 (R14)
    game = do(start(state), "roll", (1, 2), "chance.chairman")
    assert game.question is not None and game.question.key == "morpoly.debt.raise"
    assert len(game.state.parties) == 3


def test_a_party_that_cannot_pay_a_player_is_taken_over_with_all_it_has() -> None:
    """L149–152: everything passes to the creditor (R54: the cash too), whose party becomes one
    team with both guilds and one treasury; its boss stays the creditor's (L154)."""
    state = chairman(three(), 20)
    own(state, "red", 1, mortgaged=True)
    state.party("red").guilds, state.party("blue").guilds = ["fools"], ["undead"]
    state.party("red").jail_cards.append("chest.jail-free")
    # worth 20: blue, first in seating order, is not paid in full and takes red over (R55)
    game = do(start(state), "roll", (1, 2), "chance.chairman", "as-drawn")  # the Fool plays it as drawn (R44)
    after = game.state
    assert [p.id for p in after.parties] == ["blue", "green"]
    team = after.party("blue")
    assert team.tokens == ["blue", "red"] and team.boss == "blue" and after.token("red").party == "blue"
    assert team.guilds == ["undead", "fools"] and team.jail_cards == ["chest.jail-free"]
    assert cash(game, "blue") == 1500 + 20 and after.squares[1].owner == "blue" and after.squares[1].mortgaged
    assert not after.game_over and game.question is not None and game.question.player == "blue"
    assert [line.key for line in game.narration].count("morpoly.takeover.merged") == 1
    # the taken-over player keeps moving his own token, on his own turn (only the boss manages)
    game = do(game, "roll", (1, 2), "decline", "roll", (1, 2), "decline")  # blue to 3; green to 3
    assert game.question is not None and game.question.player == "red" and game.question.key == "morpoly.turn.menu"
    assert not any(o.startswith(("build:", "mortgage:", "lift:", "trade:")) for o in game.question.options)


def test_a_premium_that_ends_in_a_takeover_buys_no_fsu_between_the_new_teammates() -> None:
    """L26 + L149, L154: red lands on blue's Boardwalk with a hotel and owes the $2,000 premium, more
    than red is worth: blue takes red over. Red's token is now blue's, and a team sells itself no
    insurance (R57; an FSU between merging parties is void, R21) — nor may the journal say that red
    "holds FSU 1 from blue" (it did, after the takeover line)."""
    state = three()
    state.party("red").cash, state.party("red").guilds = 20, ["thieves"]
    state.party("blue").guilds = ["watch"]
    state.bank.cash += 1480
    state.token("red").square = 36
    own(state, "blue", 37, 39, houses=5)
    game = do(start(state), "roll", (1, 2))
    after = game.state
    assert [p.id for p in after.parties] == ["blue", "green"] and after.token("red").party == "blue"
    assert not after.ledger.active()
    keys = [line.key for line in game.narration]
    assert "morpoly.takeover.merged" in keys and "morpoly.fsu.bought" not in keys, keys


def test_buildings_are_sold_and_squares_mortgaged_before_everything_passes() -> None:
    state = chairman(three(), 0)
    own(state, "red", 37, 39, houses=5)  # two hotels
    state.rules["insolvent-if-cash-short"] = "yes"  # R14 option: cash alone decides (else it could raise it)
    game = do(start(state), "roll", (1, 2), "chance.chairman")
    after = game.state
    assert after.squares[37].owner == "blue" and after.squares[37].houses == 0 and after.squares[37].mortgaged
    assert after.squares[39].mortgaged and after.bank.hotels == 12 and after.bank.houses == 32
    # half of 10 levels × 200 and both mortgages end with blue (R54)
    assert cash(game, "blue") == 1500 + 5 * 200 + 175 + 200


def test_scenario_13_a_patrician_takeover_lifts_mortgages_instead_of_taking_them() -> None:
    """Appendix 13 (L99): the debtor's houses are sold, its squares are not mortgaged, its
    existing mortgages are lifted free, and everything passes to the Patrician's team."""
    state = chairman(three(), 10)
    state.party("blue").guilds = ["patrician"]
    own(state, "red", 1, mortgaged=True)
    own(state, "red", 6)
    state.rules["insolvent-if-cash-short"] = "yes"
    game = do(start(state), "roll", (1, 2), "chance.chairman")
    after = game.state
    assert after.squares[1].owner == after.squares[6].owner == "blue"
    assert not after.squares[1].mortgaged and not after.squares[6].mortgaged
    assert cash(game, "blue") == 1500 + 10  # nothing from mortgages, nothing to the bank
    # without the Patrician the same debt mortgages the squares
    state = chairman(three(), 10)
    own(state, "red", 1, mortgaged=True)
    own(state, "red", 6)
    state.rules["insolvent-if-cash-short"] = "yes"
    after = do(start(state), "roll", (1, 2), "chance.chairman").state
    assert after.squares[1].mortgaged and after.squares[6].mortgaged


# -- R14: when is a party insolvent ----------------------------------------------------------------

@pytest.mark.parametrize("setting, asked", [("no", True), ("yes", False)])
def test_r14_insolvent_only_when_even_liquidation_would_not_pay(setting: str, asked: bool) -> None:
    state = chairman(three(**{"insolvent-if-cash-short": setting}), 60)
    own(state, "red", 1, 3)  # 60 cash + 2 × 30 mortgages = 120 ≥ 100
    game = do(start(state), "roll", (1, 2), "chance.chairman")
    raising = game.question is not None and game.question.key == "morpoly.debt.raise"
    assert raising is asked
    assert (len(game.state.parties) == 3) is asked  # "yes": taken over at once, no raising


# -- R55: several creditors ------------------------------------------------------------------------

@pytest.mark.parametrize("setting, taker, blue_paid", [("seating-order", "green", 50), ("largest-claim", "blue", 0)])
def test_r55_several_creditors(setting: str, taker: str, blue_paid: int) -> None:
    """Red owes blue and green $50 each and has $60. In seating order blue is paid and green, the
    first not paid in full, takes red over; by the largest claim (equal: the first in seating
    order) blue takes red over at once and nobody is paid."""
    state = chairman(three(creditor=setting), 60)
    game = do(start(state), "roll", (1, 2), "chance.chairman")
    assert game.state.token("red").party == taker
    other = "green" if taker == "blue" else "blue"
    assert cash(game, other) == 1500 + (blue_paid if other == "blue" else 0)
    assert cash(game, taker) == 1500 + (60 - blue_paid if taker == "green" else 60)


# -- a debt to the bank: the auction ---------------------------------------------------------------

def bank_debt(base: str = "variant") -> State:
    """Red on 1 with $0 and a mortgaged Mediterranean will land on Income Tax (4) with 1 + 2."""
    state = three(base)
    state.bank.cash += state.party("red").cash
    state.party("red").cash = 0
    state.token("red").square = 1
    own(state, "red", 3, mortgaged=True)
    return state


def test_a_guild_insolvent_to_the_bank_is_auctioned_and_the_winner_takes_it_over() -> None:
    game = do(start(bank_debt()), "roll", (1, 2))
    question = game.question
    assert question is not None and question.key == "morpoly.takeover.auction"
    assert question.options == ("blue", "green", "nobody")
    game = do(game, "green")
    assert game.question is not None and game.question.key == "morpoly.takeover.bid"
    before = state_to_json(game.state)
    for bad in ("1501", "0", "12x", "-5"):
        with pytest.raises(InputError):
            apply(game, Answer(bad))
    assert state_to_json(game.state) == before
    corrected = do(game, "place:blue:5")  # a correction is taken here as at every choice
    assert corrected.state.token("blue").square == 5 and corrected.question == game.question
    game = do(game, "120")
    after = game.state
    assert cash(game, "green") == 1500 - 120 and after.token("red").party == "green"
    assert after.squares[3].owner == "green" and after.squares[3].mortgaged
    assert [p.id for p in after.parties] == ["blue", "green"]


def test_a_patrician_taking_over_lifts_the_mortgages() -> None:
    """With the Patrician in the game the Income Tax is owed to him (L97), a debt to a player (R58):
    he takes red over without an auction, and red's mortgages are lifted free (L99)."""
    state = bank_debt()
    state.party("green").guilds = ["patrician"]
    after = do(start(state), "roll", (1, 2)).state
    assert after.squares[3].owner == "green" and not after.squares[3].mortgaged
    assert after.token("red").party == "green"


def test_r56_with_no_bidder_the_party_is_out_and_its_squares_return_unmortgaged() -> None:
    game = do(start(bank_debt()), "roll", (1, 2), "nobody")
    after = game.state
    assert [p.id for p in after.parties] == ["blue", "green"] and "red" not in [t.id for t in after.tokens]
    assert after.squares[3].owner is None and not after.squares[3].mortgaged
    assert game.question is not None and game.question.player == "blue"


def test_standard_monopoly_has_no_auction_of_a_bankrupt() -> None:
    game = do(start(bank_debt("standard")), "roll", (1, 2))
    assert [p.id for p in game.state.parties] == ["blue", "green"] and game.state.squares[3].owner is None


# -- R8: the end of the game -----------------------------------------------------------------------

def test_r8_the_game_ends_when_one_party_is_left() -> None:
    state = chairman(table(("red", "blue"), base="variant"), 0)
    game = do(start(state), "roll", (1, 2), "chance.chairman")
    assert game.is_over and game.question is None
    assert game.state.game_over is not None and game.state.game_over.winner == "blue"
    assert game.state.game_over.reason == "one party left"


@pytest.mark.parametrize("limit", ["none", "60"])
def test_r8_time_limit_the_table_calls_time_and_the_richest_wins(limit: str) -> None:
    """Red has more cash, blue more land: cash + printed prices + half the building costs."""
    state = three(**{"time-limit-minutes": limit})
    state.party("red").cash, state.party("blue").cash = 1500, 1200
    state.bank.cash += 300
    own(state, "blue", 37, 39)  # 350 + 400: blue is worth 1,950
    game = start(state)
    assert game.question is not None
    assert ("time-up" in game.question.options) is (limit != "none")
    if limit == "none":
        with pytest.raises(InputError):
            apply(game, Answer("time-up"))
        return
    game = do(game, "time-up")
    assert game.is_over and game.state.game_over is not None
    assert (game.state.game_over.winner, game.state.game_over.reason) == ("blue", "time limit")


def test_r8_the_ending_says_why_and_ranks_every_party_by_net_worth_as_analyse_does() -> None:
    """What the game-over screen lists: the reason and each party (team, boss) richest first; a tie
    to the boss seated first (green and red are worth 1,500 each: red is seated first)."""
    from companion.morpoly.analysis import analyse_position
    from companion.morpoly.editions import load_edition
    from companion.morpoly.game_end import Standing, ending
    state = three(**{"time-limit-minutes": "60"})
    state.party("red").cash, state.party("blue").cash = 1500, 1200
    state.bank.cash += 300
    own(state, "blue", 37, 39)
    game = start(state)
    assert ending(game.state, load_edition(game.state.edition)) is None
    assert "standings" not in analyse_position(game.state)
    over = do(game, "time-up").state
    ended = ending(over, load_edition(over.edition))
    assert ended is not None and (ended.winner, ended.reason) == ("blue", "time limit")
    assert ended.standings == (Standing("blue", "blue", ("blue",), 1950), Standing("red", "red", ("red",), 1500),
                               Standing("green", "green", ("green",), 1500))
    doc = analyse_position(over)
    assert doc["end_reason"] == "time limit"
    assert [(s["boss"], s["net_worth"]) for s in doc["standings"]] == [("blue", 1950), ("red", 1500), ("green", 1500)]
    assert all(doc["parties"][s["party"]]["net_worth"] == s["net_worth"] for s in doc["standings"])


def test_r8_one_party_left_ends_with_its_team_as_the_standings() -> None:
    from companion.morpoly.editions import load_edition
    from companion.morpoly.game_end import ending
    state = chairman(table(("red", "blue"), base="variant"), 0)
    over = do(start(state), "roll", (1, 2), "chance.chairman").state
    ended = ending(over, load_edition(over.edition))
    assert ended is not None and ended.reason == "one party left"
    assert [(s.boss, s.tokens) for s in ended.standings] == [("blue", ("blue", "red"))]
    assert ended.out == ()  # red was taken over (B9): it plays on in blue's team, it is not out


def test_the_ending_names_the_players_out_of_the_game_in_seating_order() -> None:
    """A bankrupt of plain Monopoly and a party nobody bid for (R56) leave the game; once it is over
    the ending and ``analyse`` name them under the standings (``out``), the game-over screen's last
    line."""
    from companion.morpoly.analysis import analyse_position
    from companion.morpoly.editions import load_edition
    from companion.morpoly.game_end import TIME_LIMIT, ending, out_of_the_game
    from companion.morpoly.state import GameOver
    assert out_of_the_game(do(start(bank_debt("standard")), "roll", (1, 2)).state) == ("red",)
    state = do(start(bank_debt()), "roll", (1, 2), "nobody").state
    assert out_of_the_game(state) == ("red",)
    assert ending(state, load_edition(state.edition)) is None and "out" not in analyse_position(state)
    state.game_over = GameOver("blue", TIME_LIMIT)  # the table calls time on the next menu
    ended = ending(state, load_edition(state.edition))
    assert ended is not None and ended.out == ("red",) and [s.boss for s in ended.standings] == ["blue", "green"]
    assert analyse_position(state)["out"] == ["red"]


# -- trades (rules revisions 1-5: one deed bought; revision 6 in test_trade.py) ---------------------

def old_trades(state: State) -> State:
    """A game recorded under rules revision 5, whose trade is one deed bought from its owner."""
    state.revision = PRINTED_STANDARD
    return state


def test_a_boss_buys_a_deed_from_another_party_at_the_price_its_boss_names() -> None:
    state = old_trades(three())
    own(state, "red", 1)
    own(state, "blue", 3)
    game = start(state)
    assert game.question is not None and "trade" in game.question.options
    game = do(game, "trade")
    assert game.question is not None and game.question.key == "morpoly.trade.square"
    assert game.question.options == ("trade:3", "cancel")  # not red's own square 1
    assert dict(game.question.params)["boss"] == game.question.player == "red"  # the sentence names who answers
    assert do(game, "cancel").question.key == "morpoly.turn.menu"  # type: ignore[union-attr]
    game = do(game, "trade:3")
    assert game.question is not None and game.question.key == "morpoly.trade.price"
    assert game.question.player == "blue" and "refuse" in game.question.options
    refused = do(game, "refuse")
    assert refused.state.squares[3].owner == "blue" and refused.question is not None
    assert refused.question.key == "morpoly.turn.menu"
    game = do(game, "75")
    assert game.state.squares[3].owner == "red" and cash(game, "red") == 1425 and cash(game, "blue") == 1575
    assert "build:1" in game.question.options  # type: ignore[union-attr]


def test_no_trade_of_a_built_group_nor_with_a_jailed_party() -> None:
    state = old_trades(three())
    own(state, "blue", 1, 3, houses=1)
    own(state, "green", 6)
    state.token("green").in_jail, state.token("green").square = True, 10
    assert "trade" not in start(state).question.options  # type: ignore[union-attr]
    state.token("green").in_jail = False
    game = do(start(state), "trade")
    assert game.question is not None and game.question.options == ("trade:6", "cancel")


def test_the_thieves_trade_from_jail() -> None:
    state = old_trades(three())
    own(state, "green", 6)
    state.party("green").guilds = ["thieves"]
    state.token("green").in_jail, state.token("green").square = True, 10
    game = do(start(state), "trade")
    assert game.question is not None and game.question.options == ("trade:6", "cancel")


def test_r14_a_patrician_cannot_mortgage_so_his_squares_do_not_make_him_solvent() -> None:
    state = chairman(three(), 60)
    own(state, "red", 1, 3)  # 60 cash + 2 × 30 mortgages would cover the 100 owed
    state.party("red").guilds = ["patrician"]
    game = do(start(state), "roll", (1, 2), "chance.chairman")
    assert game.state.token("red").party == "green"  # blue paid, green takes the Patrician over


@pytest.mark.parametrize("setting, interest", [("none", 0), ("standard-10pct", 3)])
def test_r12_interest_when_a_mortgaged_deed_changes_hands(setting: str, interest: int) -> None:
    state = old_trades(three(**{"transfer-interest": setting}))
    own(state, "blue", 3, mortgaged=True)
    game = do(start(state), "trade", "trade:3", "40")
    assert game.state.squares[3].mortgaged and cash(game, "red") == 1500 - 40 - interest


@pytest.mark.parametrize("rounding, interest", [("down", 17), ("nearest", 18)])
def test_r12_transfer_interest_rounds_by_r6(rounding: str, interest: int) -> None:
    """R12 ``standard-10pct`` with R6 ("1/10 of mortgages" round down, or to the nearest): red buys
    blue's mortgaged Park Place (mortgage 175, appendix 12): 17.5 is 17, or 18 to the nearest."""
    state = old_trades(three(**{"transfer-interest": "standard-10pct", "rounding": rounding}))
    own(state, "blue", 37, mortgaged=True)
    game = do(start(state), "trade", "trade:37", "40")
    assert game.state.squares[37].owner == "red" and cash(game, "red") == 1500 - 40 - interest


# -- R7: the guild choice at set-up ----------------------------------------------------------------

def test_r7_each_guild_once_and_a_refused_choice_names_the_rule_and_changes_nothing() -> None:
    game = new_game(["red", "blue", "green"], {"edition": "us", "base": "variant"})
    assert game.question is not None and game.question.key == "morpoly.setup.guild"
    assert "assassins" not in game.question.options
    game = do(game, "thieves")
    before, seq, question = state_to_json(game.state), game.seq, game.question
    assert question is not None and "thieves" not in question.options
    with pytest.raises(InputError, match=r"one player only \(R7\).*'thieves'"):
        apply(game, Answer("thieves"))
    with pytest.raises(InputError, match=r"only in ELAM"):
        apply(game, Answer("assassins"))
    assert state_to_json(game.state) == before and game.seq == seq and game.question == question
    assert question.to_json()["unavailable"]["thieves"].startswith("each guild is headed by one player only (R7)")
    game = do(game, "watch", "fools")
    assert [p.guilds for p in game.state.parties] == [["thieves"], ["watch"], ["fools"]]


def test_r7_the_assassins_may_be_chosen_in_elam() -> None:
    game = new_game(["red", "blue"], {"edition": "us", "base": "variant", "elam": "on"})
    assert game.question is not None and "assassins" in game.question.options
    game = do(game, "assassins", "watch")
    assert game.state.party("red").guilds == ["assassins"]
