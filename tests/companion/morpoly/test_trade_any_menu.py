"""Rules revision 7 (``companion.morpoly.revisions.TRADES_AT_ANY_MENU``): players trade whenever two of
them agree, not only on the turn of one of them. Every menu offers ``others-trade`` when a party
other than the menu's own can propose a trade; the table names the proposing party
(``morpoly.trade.proposer``), whose boss builds the offer as in revision 6 (test_trade.py). The
menu's ``trade`` stays the boss's own. Situations from the reference: B1 (a jailed party makes no
deals; the others do), R57 (only the boss trades for a team)."""
from __future__ import annotations

import random

import pytest

from companion.core.errors import InputError
from companion.morpoly.editions import load_edition
from companion.morpoly.game import Game, apply
from companion.morpoly.mode import MODE
from companion.morpoly.random_play import random_input
from companion.morpoly.revisions import LATEST, TRADES_AT_ANY_MENU, TRADES_BOTH_WAYS
from companion.morpoly.state import State
from companion.morpoly.state_format import state_to_json
from companion.morpoly.trade import can_trade, other_proposers, partners
from morpoly_table import cash, do, own, start, table


def test_trades_at_any_menu_came_with_revision_7() -> None:
    assert TRADES_AT_ANY_MENU == 7 < LATEST and table().revision == LATEST


def four() -> State:
    """The variant with four players; red sits in jail (B1: no deals), blue owns Baltic Avenue (3),
    green Oriental Avenue (6); yellow owns nothing."""
    state = table(("red", "blue", "green", "yellow"), base="variant")
    own(state, "blue", 3)
    own(state, "green", 6)
    state.token("red").in_jail, state.token("red").square = True, 10
    return state


def menu(game: Game) -> tuple[str, ...]:
    assert game.question is not None and game.question.key == "morpoly.turn.menu"
    return game.question.options


def test_two_parties_trade_on_the_turn_of_a_jailed_third() -> None:
    """B1: red in jail concludes no deals, but blue and green may; on red's turn the table records
    their swap, and red's menu comes back as it was."""
    game = start(four())
    assert "trade" not in menu(game) and "others-trade" in menu(game)
    game = do(game, "others-trade")
    question = game.question
    assert question is not None and question.key == "morpoly.trade.proposer" and question.player == "red"
    assert question.options == ("blue", "green", "yellow", "cancel")
    reason = dict(question.unavailable)["red"]
    assert reason.key == "morpoly.trade.jailed" and dict(reason.params) == {"party": "red"}
    game = do(game, "blue", "green")  # blue proposes, to green (red greyed among the partners)
    assert game.question is not None and game.question.key == "morpoly.trade.offer" and game.question.player == "blue"
    done = do(game, "give:3", "get:6", "ask", "20", "propose")
    assert done.question is not None and done.question.key == "morpoly.trade.answer" and done.question.player == "green"
    done = do(done, "accept")
    assert done.state.squares[3].owner == "green" and done.state.squares[6].owner == "blue"
    assert cash(done, "blue") == 1520 and cash(done, "green") == 1480
    assert done.narration[-1].key == "morpoly.trade.deal"
    assert dict(done.narration[-1].params)["party"] == "blue" and dict(done.narration[-1].params)["partner"] == "green"
    assert done.question is not None and done.question.key == "morpoly.turn.menu" and done.question.player == "red"


def test_a_jailed_party_is_refused_as_proposer_naming_b1() -> None:
    game = do(start(four()), "others-trade")
    before = state_to_json(game.state)
    with pytest.raises(InputError) as error:
        do(game, "red")
    assert error.value.key == "morpoly.trade.jailed" and state_to_json(game.state) == before


def test_the_party_on_turn_trades_by_its_own_button_and_another_proposes_to_it() -> None:
    """Red on turn (not in jail) keeps its one-tap ``trade``; ``others-trade`` names the other parties
    only, and blue may propose to red."""
    state = four()
    state.token("red").in_jail, state.token("red").square = False, 0
    own(state, "red", 1)
    game = start(state)
    assert "trade" in menu(game) and "others-trade" in menu(game)
    asked = do(game, "others-trade")
    assert asked.question is not None and asked.question.options == ("blue", "green", "yellow", "cancel")
    game = do(asked, "blue")
    assert game.question is not None and game.question.key == "morpoly.trade.partner"
    assert game.question.options == ("red", "green", "yellow") and game.question.player == "blue"
    done = do(game, "red", "get:1", "pay", "60", "propose", "accept")
    assert done.state.squares[1].owner == "blue" and cash(done, "red") == 1560 and cash(done, "blue") == 1440


def test_the_proposer_is_not_asked_when_only_one_other_party_can_propose() -> None:
    """Two players: on red's turn, ``others-trade`` can only be blue's offer (to red)."""
    state = table(("red", "blue"))
    own(state, "blue", 3)
    game = do(start(state), "others-trade")
    assert game.question is not None and game.question.key == "morpoly.trade.offer" and game.question.player == "blue"
    assert dict(game.question.params)["partner"] == "red"


def test_a_team_member_s_menu_offers_the_table_s_trade_and_its_boss_proposes() -> None:
    """R57: green took blue over and is the team's boss. On blue's turn the menu has no ``trade`` of
    its own, but the table may trade; the team's offer is green's to build."""
    state = table(("red", "blue", "green"), base="variant")
    own(state, "red", 1)
    team = state.party("green")
    team.tokens.append("blue")
    state.token("blue").party = "green"
    state.parties.remove(state.party("blue"))
    own(state, "green", 3)
    game = start(state, "blue")
    assert "trade" not in menu(game) and "others-trade" in menu(game)
    game = do(game, "others-trade")
    assert game.question is not None and game.question.key == "morpoly.trade.proposer"
    assert game.question.options == ("red", "green", "cancel")
    game = do(game, "green")
    assert game.question is not None and game.question.key == "morpoly.trade.offer" and game.question.player == "green"


def test_the_table_may_cancel_before_naming_a_proposer() -> None:
    """"A trade another player proposes" tapped by mistake: ``cancel`` goes back to the same menu, nothing moved."""
    game = start(four())
    asked = do(game, "others-trade")
    back = do(asked, "cancel")
    assert back.question is not None and back.question.key == "morpoly.turn.menu" and back.question.player == "red"
    assert state_to_json(back.state) == state_to_json(game.state)
    assert back.question.options == game.question.options  # type: ignore[union-attr]


def test_no_other_trade_when_nothing_can_change_hands() -> None:
    state = table(("red", "blue", "green"))
    assert "others-trade" not in menu(start(state))
    state.party("green").jail_cards.append("chest.jail-free")  # a card is something to trade
    assert "others-trade" in menu(start(state))


def test_a_game_of_revision_6_offers_no_other_trade() -> None:
    state = four()
    state.revision = TRADES_BOTH_WAYS
    options = menu(start(state))
    assert "others-trade" not in options and "trade" not in options
    with pytest.raises(InputError):
        do(start(state), "others-trade")


def test_a_jailed_player_proposes_in_plain_monopoly_and_the_jailed_thieves_in_the_variant() -> None:
    """B1 is the variant's (L9), and the Thieves do business from jail (L36): neither is greyed as
    proposer on another's menu."""
    for base, guilds in (("standard", []), ("variant", ["thieves"])):
        state = table(("red", "blue", "green"), base=base)
        own(state, "red", 1)
        own(state, "green", 3)
        state.token("red").in_jail, state.token("red").square = True, 10
        state.party("red").guilds = guilds
        game = do(start(state, "blue"), "others-trade")
        assert game.question is not None and game.question.key == "morpoly.trade.proposer", base
        assert game.question.options == ("red", "green", "cancel") and not game.question.unavailable, base
        game = do(game, "red")
        assert game.question is not None and game.question.player == "red", base


@pytest.mark.parametrize(("seed", "options"), [(1, {}), (2, {"base": "standard"}), (3, {"fortuna": "on", "elam": "on"}),
                                               (4, {}), (5, {"elam": "on"})])
def test_the_menu_offers_others_trade_exactly_when_someone_can_propose(seed: int, options: dict[str, str]) -> None:
    """``menu_trades`` finds both answers in one pass (the menu comes before every roll); over the
    menus of seeded games (some with tokens in jail) it agrees with the functions that answer them:
    ``trade`` when the boss's party can deal (``can_trade``), ``others-trade`` when ``other_proposers``
    names a party (each of which has a partner to propose to)."""
    rng = random.Random(seed)
    game: Game = MODE.new_game(["red", "blue", "green", "yellow"], options, None)
    edition = load_edition(game.state.edition)
    menus = jailed = 0
    while game.question is not None and menus < 400:
        question = game.question
        if question.key == "morpoly.turn.menu":
            state, token = game.state, question.player
            party = state.token(token).party
            boss = state.party(party).boss == token
            able = other_proposers(state, edition, token)
            assert ("trade" in question.options) == (boss and can_trade(state, edition, party))
            assert ("others-trade" in question.options) == bool(able)
            assert all(partners(state, edition, p) for p in able)
            menus += 1
            jailed += any(t.in_jail for t in state.tokens)
        game = apply(game, random_input(game, rng))
    assert menus > 50 and jailed > 0
