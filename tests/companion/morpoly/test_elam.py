"""ELAM in play (reference §5.3–5.4, §3.9, L165–203; R61–R72; appendix 15): lives and deaths, the
Assassins' attack and contract, Death, the Luggage and CMOT Dibbler — each where it fires and where
it must not. US amounts: GO $200 (the funeral), start $1,500. Red is the banker (first seated): the
NPCs move after red's turns, so most positions here start with blue's turn."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import InputError
from companion.core.inputs import Answer, DieRoll, Input
from companion.morpoly.covers import Cover
from companion.morpoly.elam.lives import party_leaves
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.game import Game
from companion.morpoly.random_play import play
from companion.morpoly.setup import new_state
from companion.morpoly.state import Npcs, State
from companion.morpoly.state_format import state_from_json, state_to_json
from morpoly_table import cash, do, own, start, key

AWAY = 20  # L-Space: where the NPCs start (R64); the positions below keep tokens off it


def elam(players: tuple[str, ...] = ("red", "blue"), **guilds: str) -> State:
    state = new_state(list(players), {"edition": "us", "base": "variant", "elam": "on"})
    for party, guild in guilds.items():
        state.party(party).guilds = [guild]
    return state


def npcs(state: State, death: int = AWAY, luggage: int = AWAY, dibbler: int = AWAY,
         luggage_with: str | None = None) -> None:
    state.npcs = Npcs(death, luggage, dibbler, luggage_with)


def set_cash(state: State, party: str, amount: int) -> None:
    state.bank.cash += state.party(party).cash - amount
    state.party(party).cash = amount


# --- lives and the death sequence ---------------------------------------------------------------

def test_every_party_starts_with_ten_lives_and_the_npcs_on_l_space() -> None:
    state = elam(("red", "blue", "green"))
    assert state.lives == {"red": 10, "blue": 10, "green": 10}
    assert state.npcs == Npcs(20, 20, 20, None)
    other = new_state(["red", "blue"], {"edition": "us", "elam": "on", "npc-start": "go"})
    assert other.npcs == Npcs(0, 0, 0, None)
    plain = new_state(["red", "blue"], {"edition": "us"})
    assert plain.lives == {} and plain.npcs is None


def test_heart_attack_on_a_third_doubles_kills_and_the_third_roll_is_not_moved() -> None:
    state = elam(blue="watch")
    state.token("blue").square = 10
    game = do(start(state, "blue"), "roll", (1, 1), "decline", "roll", (2, 2), "decline", "roll", (3, 3))
    assert game.state.lives["blue"] == 9 and cash(game, "blue") == 1500 - 200
    token = game.state.token("blue")
    assert token.square == 0 and not token.in_jail
    assert game.question is not None and game.question.player == "red", "the turn is over"


@pytest.mark.parametrize("rules, dies", [({}, True), ({"watch-immune-to-heart-attack": "yes"}, False),
                                         ({"elam": "off"}, False)])
def test_the_watch_dies_of_a_heart_attack_unless_the_option_or_no_elam(rules: dict[str, str], dies: bool) -> None:
    """R62; otherwise the Watch, never jailed (L46, R27), moves its third doubles: 16 → 22."""
    state = elam(blue="watch")
    state.rules.update(rules)
    state.token("blue").square = 10
    game = do(start(state, "blue"), "roll", (1, 1), "decline", "roll", (2, 2), "decline", "roll", (3, 3))
    assert not game.state.token("blue").in_jail
    assert game.state.token("blue").square == (0 if dies else 22)
    assert (game.state.lives.get("blue") == 9) is dies


def test_starvation_on_the_third_failed_attempt_replaces_the_fine() -> None:
    state = elam()
    blue = state.token("blue")
    blue.square, blue.in_jail, blue.jail_attempts = 10, True, 2
    game = do(start(state, "blue"), "roll", (1, 2))
    assert game.state.lives["blue"] == 9 and cash(game, "blue") == 1500 - 200, "a funeral, no fine"
    assert game.state.token("blue").square == 0 and not game.state.token("blue").in_jail


def test_a_starved_token_whose_funeral_ends_in_an_auction_is_still_put_back_on_go() -> None:
    """L167: a player who loses a guild member pays a GO salary for the funeral "und wird wieder auf
    Los gestellt". Red starves in jail with 20 in cash and nothing to sell: the funeral is a debt to
    the bank, so red's guild is auctioned (L153) and green buys it — red's token plays on in green's
    team (L154), from GO, not from the jail square where it starved (it stayed there)."""
    state = elam(("red", "blue", "green"))
    set_cash(state, "red", 20)
    red = state.token("red")
    red.square, red.in_jail, red.jail_attempts = 10, True, 2
    game = do(start(state, "red"), "roll", (1, 2))
    assert game.question is not None and game.question.key == "morpoly.takeover.auction"
    game = do(game, "green", "1")
    after = game.state
    assert after.token("red").party == "green" and after.lives["green"] == 10 + 9
    assert after.token("red").square == 0 and not after.token("red").in_jail


def test_the_undead_do_not_starve_they_pay_the_fine_and_move() -> None:
    state = elam(blue="undead")
    blue = state.token("blue")
    blue.square, blue.in_jail, blue.jail_attempts = 10, True, 2
    game = do(start(state, "blue"), "roll", (1, 2))
    assert game.question is not None and game.question.options == ("walk", "split")  # they may split (L83)
    game = do(game, "walk")
    assert game.state.lives["blue"] == 10 and game.state.token("blue").square == 13
    assert cash(game, "blue") == 1500 - 50


def test_the_last_life_puts_the_party_out_and_all_it_owns_goes_back_to_the_bank() -> None:
    state = elam(("red", "blue", "green"))
    state.rules["fortuna"] = "on"
    state.fortuna = ["blue"]
    own(state, "blue", 1, 3, houses=2)
    own(state, "blue", 5, mortgaged=True)
    state.lives["blue"] = 1
    state.token("blue").square = 10
    bank_before = state.bank.cash
    game = do(start(state, "blue"), "roll", (1, 1), "play-on", "decline", "roll", (2, 2), "play-on", "decline",
              "roll", (3, 3), "play-on")
    after = game.state
    assert [p.id for p in after.parties] == ["red", "green"] and "blue" not in after.lives
    assert all(after.squares[i].owner is None and after.squares[i].houses == 0 for i in (1, 3, 5))
    assert not after.squares[5].mortgaged and after.bank.houses == 32
    assert after.bank.cash == bank_before + 1500 and after.fortuna == []
    assert game.question is not None and game.question.player == "green"


def test_the_game_ends_when_one_party_with_lives_is_left() -> None:
    state = elam()
    state.lives["blue"] = 1
    state.token("blue").square = 10
    game = do(start(state, "blue"), "roll", (1, 1), "decline", "roll", (2, 2), "decline", "roll", (3, 3))
    assert game.is_over and game.state.game_over is not None and game.state.game_over.winner == "red"


def test_in_a_takeover_the_remaining_lives_pass_to_the_taker() -> None:
    state = elam(("red", "blue", "green"))
    state.lives["blue"] = 4
    party_leaves(state, "blue", "red")
    assert state.lives == {"red": 14, "green": 10}
    party_leaves(state, "green", None)
    assert state.lives == {"red": 14}


# --- the Assassins (§3.9) -------------------------------------------------------------------------

def assassins_table() -> State:
    state = elam(("red", "blue", "green"), red="assassins", blue="patrician", green="undead")  # (no meeting powers)
    state.token("red").square, state.token("blue").square, state.token("green").square = 3, 6, 15
    return state


def test_appendix_15_the_tables_turn_on_doubles() -> None:
    state = assassins_table()
    state.lives["red"] = 4
    set_cash(state, "red", 900)
    game = do(start(state), "roll", (1, 2), "decline")  # red lands on Oriental Avenue, where blue stands
    assert game.question is not None and game.question.options == ("no-attack", "attack:blue")
    game = do(game, "attack:blue")
    assert key(game) == "morpoly.roll.assassin" and game.question is not None and game.question.player == "blue"
    game = do(game, (2, 2))
    assert game.state.lives["red"] == 3
    assert cash(game, "blue") == 1500 + 225 and cash(game, "red") == 900 - 225 - 200
    assert game.state.token("red").square == 0 and key(game) == "morpoly.roll.npc-death", "red's turn is over"


def test_an_odd_roll_kills_the_victim_and_the_assassins_take_a_share() -> None:
    game = do(start(assassins_table()), "roll", (1, 2), "decline", "attack:blue", (3, 4))
    assert game.state.lives["blue"] == 9 and cash(game, "red") == 1500 + 150
    assert cash(game, "blue") == 1500 - 150 - 200 and game.state.token("blue").square == 0


def test_an_even_roll_lets_the_victim_flee_one_square_and_resolve_it_or_stay_and_die() -> None:
    game = do(start(assassins_table()), "roll", (1, 2), "decline", "attack:blue", (1, 3))
    assert game.question is not None and game.question.options == ("flee", "stay")
    fled = do(game, "flee")
    assert fled.state.token("blue").square == 7 and key(fled) == "morpoly.card.chance"
    assert fled.state.lives["blue"] == 10
    stayed = do(game, "stay")
    assert stayed.state.lives["blue"] == 9 and stayed.state.token("blue").square == 0


def test_the_attack_is_the_assassins_choice_and_never_on_prisoners_teammates_or_outside_elam() -> None:
    game = do(start(assassins_table()), "roll", (1, 2), "decline", "no-attack")
    assert game.state.lives == {"red": 10, "blue": 10, "green": 10}
    state = assassins_table()
    state.token("blue").square, state.token("blue").in_jail = 10, True
    state.token("red").square = 7
    game = do(start(state), "roll", (1, 2))  # red on 10, just visiting: blue sits in jail
    assert key(game) == "morpoly.roll.npc-death"
    state = assassins_table()
    state.rules["elam"] = "off"
    game = do(start(state), "roll", (1, 2), "decline")
    assert key(game) == "morpoly.turn.menu" and game.question is not None and game.question.player == "blue"


def test_a_contract_sends_the_assassin_to_the_nearest_token_clockwise_then_to_resolve_that_square() -> None:
    state = assassins_table()
    state.token("red").square, state.token("blue").square = 6, 3
    game = do(start(state, "blue"), "roll", (1, 2), "decline")  # blue lands where the Assassin stands
    assert game.question is not None and game.question.options == ("decline", "hire:red")
    assert dict(game.question.params)["fee"] == "$150"
    game = do(game, "hire:red")
    assert game.state.token("red").square == 15 and cash(game, "blue") == 1500 - 150
    assert key(game) == "morpoly.roll.assassin" and game.question is not None and game.question.player == "green"
    game = do(game, (1, 2))  # odd: green dies, the Assassins take 1,500 ÷ 10
    assert game.state.lives["green"] == 9 and cash(game, "red") == 1500 + 150 + 150
    assert key(game) == "morpoly.deed.buy" and game.question is not None and game.question.player == "red"
    assert dict(game.question.params)["square"] == "15", "the Assassin resolves the target's square only"


@pytest.mark.parametrize("setting, claim", [("no", 300), ("yes", 0)])
def test_the_contract_jump_is_a_teleport_for_the_wizards_cover_unless_the_option(setting: str, claim: int) -> None:
    """R50: the Assassins' contract jump counts as a teleport for the Wizards' FSU (premium 100:
    3 × 100); under ``wizard-cover-cards-and-lspace-only`` only the source's list counts (L140:
    "der L-Raum als auch alle Ereignis-Karten … Bei ELAM zudem der losras-Effekt der Truhe")."""
    state = assassins_table()
    state.rules["wizard-cover-cards-and-lspace-only"] = setting
    state.party("blue").guilds = ["wizards"]  # (no meeting power; 1 + 2 is no teleport roll)
    state.ledger = Ledger((Fsu(1, "blue", "red", "red", 31, 100, frozenset({Cover.TELEPORT}), False),), 2)
    state.token("red").square, state.token("blue").square = 6, 3
    game = do(start(state, "blue"), "roll", (1, 2), "decline", "hire:red")
    assert game.state.token("red").square == 15
    assert cash(game, "red") == 1500 + 150 + claim and cash(game, "blue") == 1500 - 150 - claim
    assert [fsu.fsu_id for fsu in game.state.ledger.active()] == ([] if claim else [1])


def test_a_contract_may_be_declined_and_is_not_offered_to_the_assassins_themselves() -> None:
    state = assassins_table()
    state.token("red").square, state.token("blue").square = 6, 3
    game = do(start(state, "blue"), "roll", (1, 2), "decline", "decline")
    assert game.state.token("red").square == 6 and cash(game, "blue") == 1500
    state = assassins_table()
    state.party("blue").guilds = ["assassins"]
    state.party("red").guilds = ["fools"]  # (a Watch would first be asked to arrest the Assassin, R5)
    state.token("red").square, state.token("blue").square = 6, 3
    game = do(start(state, "blue"), "roll", (1, 2), "decline")  # the Assassin lands: an attack, no contract
    assert game.question is not None and game.question.options == ("no-attack", "attack:red")


def test_an_assassin_that_dies_in_a_contract_resolves_nothing() -> None:
    state = assassins_table()
    state.token("red").square, state.token("blue").square = 6, 3
    game = do(start(state, "blue"), "roll", (1, 2), "decline", "hire:red", (5, 5))
    assert game.state.lives["red"] == 9 and game.state.token("red").square == 0
    assert cash(game, "green") == 1500 + (1500 + 150) // 10
    assert game.question is not None and game.question.player == "green" and key(game) == "morpoly.turn.menu"


# --- Death, the Luggage, CMOT Dibbler (§5.4) --------------------------------------------------------

def test_the_banker_moves_the_npcs_after_his_whole_turn_death_then_luggage_then_dibbler() -> None:
    state = elam()
    state.token("red").square = 10
    state.token("blue").square = 22
    game = do(start(state), "roll", (1, 2), "decline")
    assert key(game) == "morpoly.roll.npc-death" and game.question is not None and game.question.player == "red"
    game = do(game, (1, 1))  # Death 20 -> 22, where blue stands
    assert game.state.lives["blue"] == 9 and game.state.token("blue").square == 0
    assert key(game) == "morpoly.roll.npc-luggage"
    game = do(game, (1, 2))
    assert key(game) == "morpoly.roll.npc-dibbler"
    game = do(game, (2, 2))
    assert game.state.npcs == Npcs(22, 23, 24, None)
    assert key(game) == "morpoly.turn.menu" and game.question is not None and game.question.player == "blue"
    game = do(game, "roll", (1, 2), "decline")  # blue's turn: the NPCs stay
    assert key(game) == "morpoly.turn.menu" and game.state.npcs == Npcs(22, 23, 24, None)


@pytest.mark.parametrize("setting, squares", [("2d6", Npcs(27, 23, 31, None)), ("1d6", Npcs(23, 21, 25, None))])
def test_the_npcs_move_the_sum_or_by_option_the_first_face(setting: str, squares: Npcs) -> None:
    """L188 ("NPCs werden von dem Spieler gezogen, der die Bank verwaltet"), R64: after his turn the
    banker rolls 2d6 per NPC from L-Space (20) and moves it the sum — or,
    under ``npc-move=1d6``, the first face: Death 3 + 4, the Luggage 1 + 2, Dibbler 5 + 6."""
    state = elam()
    state.rules["npc-move"] = setting
    state.token("red").square, state.token("blue").square = 10, 35
    game = do(start(state), "roll", (1, 2), "decline", (3, 4), (1, 2), (5, 6))
    assert game.state.npcs == squares


def test_an_accompanying_luggage_is_not_rolled_for_and_one_d6_moves_by_the_first_face() -> None:
    state = elam()
    state.rules["npc-move"] = "1d6"
    state.token("red").square, state.token("blue").square = 10, 30 - 1
    npcs(state, luggage=29, luggage_with="blue")
    game = do(start(state), "roll", (1, 2), "decline", (3, 4), (5, 6))
    assert game.state.npcs is not None and (game.state.npcs.death, game.state.npcs.dibbler) == (23, 25)
    assert game.state.npcs.luggage == 29 and game.state.npcs.luggage_with == "blue"


def test_a_token_arriving_on_deaths_square_dies_unless_undead_and_prisoners_are_out_of_reach() -> None:
    state = elam()
    npcs(state, death=19)
    state.token("blue").square = 16
    game = do(start(state, "blue"), "roll", (1, 2), "decline")
    assert game.state.lives["blue"] == 9 and game.state.token("blue").square == 0
    state = elam(blue="undead")
    npcs(state, death=19)
    state.token("blue").square = 16
    game = do(start(state, "blue"), "roll", (1, 2), "walk", "decline")  # walk: the Undead may split (L83)
    assert game.state.lives["blue"] == 10 and game.state.token("blue").square == 19
    state = elam()
    state.token("red").square = 7
    state.token("blue").square, state.token("blue").in_jail = 10, True
    npcs(state, death=5)
    game = do(start(state), "roll", (1, 2), (2, 3))  # red visits 10; then Death 5 -> 10: blue sits in jail
    assert game.state.npcs is not None and game.state.npcs.death == 10
    assert game.state.lives == {"red": 9, "blue": 10}, "red, just visiting, meets Death; the prisoner does not"


def luggage_table(guild: str = "patrician") -> State:  # (a guild with no power on these squares)
    state = elam(blue=guild)
    npcs(state, luggage=19)
    state.token("blue").square = 16
    return state


def test_the_luggage_doubles_join_and_it_follows_its_companion_but_not_into_jail() -> None:
    game = do(start(luggage_table(), "blue"), "roll", (1, 2), "decline", (3, 3))
    assert game.state.npcs is not None and game.state.npcs.luggage_with == "blue"
    game.state.turn.token = "red"
    game = do(start(game.state, "blue"), "roll", (2, 3), "decline")
    assert game.state.npcs is not None and game.state.npcs.luggage == 24
    game.state.token("blue").square = 27
    game.state.turn.token = "red"
    game = do(start(game.state, "blue"), "roll", (1, 2))  # Go To Jail
    assert game.state.token("blue").in_jail and game.state.npcs is not None
    assert game.state.npcs.luggage_with is None and game.state.npcs.luggage == 30


def test_the_luggage_seven_swallows_for_good_without_a_funeral() -> None:
    game = do(start(luggage_table(), "blue"), "roll", (1, 2), "decline", (3, 4))
    assert game.state.lives["blue"] == 9 and cash(game, "blue") == 1500
    assert game.state.token("blue").square == 0


def test_the_luggage_races_off_a_carry_by_the_product_and_the_player_resolves_the_square() -> None:
    game = do(start(luggage_table(), "blue"), "roll", (1, 2), "decline", (2, 4))
    assert key(game) == "morpoly.roll.luggage-race"
    game = do(game, (2, 3))  # product 6, even: forward 19 -> 25
    assert game.state.token("blue").square == 25 and key(game) == "morpoly.deed.buy"
    assert game.state.npcs is not None and (game.state.npcs.luggage, game.state.npcs.luggage_with) == (25, None)
    game = do(start(luggage_table(), "blue"), "roll", (1, 2), "decline", (2, 4), (1, 3))  # 3, odd: back to 16
    assert game.state.token("blue").square == 16 and cash(game, "blue") == 1500


def test_a_race_onto_go_pays_double_and_a_race_past_it_pays_nothing() -> None:
    state = elam()
    npcs(state, luggage=34)
    state.token("blue").square = 31
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (1, 3), (2, 3))  # 34 + 6 = GO exactly
    assert game.state.token("blue").square == 0 and cash(game, "blue") == 1500 + 400
    state = elam()
    npcs(state, luggage=34)
    state.token("blue").square = 31
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (1, 3), (2, 4))  # 34 + 8 = 2: GO jumped over
    assert game.state.token("blue").square == 2 and cash(game, "blue") == 1500
    assert key(game) == "morpoly.card.chest"


def test_the_luggage_money_is_shared_by_everyone_on_its_square() -> None:
    game = do(start(luggage_table(), "blue"), "roll", (1, 2), "decline", (1, 2))
    assert cash(game, "blue") == 1500 + 60
    state = luggage_table()
    state.token("red").square = 19
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (4, 5))  # 9: $180, two players
    assert cash(game, "blue") == 1500 + 90 and cash(game, "red") == 1500 + 90


@pytest.mark.parametrize("rounding, share", [("down", 16), ("nearest", 17)])
def test_the_luggage_money_shares_round_by_the_option(rounding: str, share: int) -> None:
    """L196 (20 × the sum), R68 (shared equally), R6 ("shares of Luggage money" round down, or to
    the nearest by option): six players on New York Avenue (19), a 5 spits out $100: 16.67 each."""
    players = ("red", "blue", "green", "yellow", "white", "black")
    state = elam(players, blue="patrician")
    state.rules["rounding"] = rounding
    npcs(state, luggage=19)
    for player in players:
        state.token(player).square = 16 if player == "blue" else 19
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (2, 3))
    assert [cash(game, player) for player in players] == [1500 + share] * 6


def test_a_wizard_does_not_roll_the_luggage_joins_him() -> None:
    game = do(start(luggage_table("wizards"), "blue"), "roll", (1, 2), "decline")
    assert game.state.npcs is not None and game.state.npcs.luggage_with == "blue"
    assert key(game) == "morpoly.turn.menu"


def test_the_undead_roll_for_the_luggage_but_its_seven_does_not_kill_them() -> None:
    game = do(start(luggage_table("undead"), "blue"), "roll", (1, 2), "walk", "decline", (3, 4))
    assert game.state.lives["blue"] == 10 and game.state.token("blue").square == 19


def dibbler_table() -> State:
    state = elam()
    npcs(state, dibbler=19)
    state.token("blue").square = 16
    return state


def test_dibblers_doubles_kill_with_the_usual_funeral() -> None:
    game = do(start(dibbler_table(), "blue"), "roll", (1, 2), "decline", (4, 4))
    assert game.state.lives["blue"] == 9 and cash(game, "blue") == 1500 - 200


def test_dibblers_seven_reverses_the_running_direction_until_the_next_seven() -> None:
    game = do(start(dibbler_table(), "blue"), "roll", (1, 2), "decline", (3, 4))
    assert game.state.reversed_tokens == ["blue"]
    game.state.turn.token = "red"
    game = do(start(game.state, "blue"), "roll", (1, 2))
    assert game.state.token("blue").square == 16
    game.state.token("blue").square = 22
    game.state.turn.token = "red"
    game = do(start(game.state, "blue"), "roll", (1, 2), "decline", (5, 2))  # 22 back to 19: Dibbler again
    assert game.state.reversed_tokens == []


@pytest.mark.parametrize("start_square, dice, end, salary", [(2, (1, 2), 39, 200), (3, (1, 2), 0, 400),
                                                             (0, (1, 2), 37, 0), (9, (1, 2), 6, 0)])
def test_a_reversed_token_is_paid_at_go_when_it_crosses_it_in_its_running_direction(
        start_square: int, dice: tuple[int, int], end: int, salary: int) -> None:
    state = elam()
    state.reversed_tokens = ["blue"]
    state.token("blue").square = start_square
    game = do(start(state, "blue"), "roll", dice)
    assert game.state.token("blue").square == end and cash(game, "blue") == 1500 + salary


def test_dibbler_sells_a_card_of_the_players_choice_for_a_tenth_of_his_cash() -> None:
    game = do(start(dibbler_table(), "blue"), "roll", (1, 2), "decline", (1, 3))
    assert game.question is not None and game.question.options == ("chance", "chest")
    game = do(game, "chest", "chest.bank-error")
    assert cash(game, "blue") == 1500 - 150 + 200


@pytest.mark.parametrize("rules, extra, paid", [({}, (), 30), ({"dibbler-new-roll": "yes"}, ((5, 6),), 110)])
def test_dibbler_drops_ten_times_the_roll(rules: dict[str, str], extra: tuple[tuple[int, int], ...],
                                          paid: int) -> None:
    state = dibbler_table()
    state.rules.update(rules)
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (1, 2), *extra)
    assert cash(game, "blue") == 1500 + paid


@pytest.mark.parametrize("dice", [(4, 4), (3, 4), (1, 3), (1, 2)])
def test_every_roll_for_dibbler_has_its_dice_line(dice: tuple[int, int]) -> None:
    """The sausage, the reversal, the card and the money: each roll for Dibbler is said with its dice,
    as every other roll is (the log had none for three of the four)."""
    game = do(start(dibbler_table(), "blue"), "roll", (1, 2), "decline", dice)
    lines = [line for line in game.narration if line.key == "morpoly.npc.dibbler-rolled"]
    assert len(lines) == 1 and dict(lines[0].params) == {"token": "blue", "first": str(dice[0]),
                                                         "second": str(dice[1])}
    assert lines[0].text == f"blue rolls {dice[0]} and {dice[1]} for CMOT Dibbler"


def test_dibblers_new_roll_for_the_money_has_its_dice_line_too() -> None:
    state = dibbler_table()
    state.rules.update({"dibbler-new-roll": "yes"})
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (1, 2), (5, 6))
    lines = [dict(line.params) for line in game.narration if line.key == "morpoly.npc.dibbler-money-rolled"]
    assert lines == [{"token": "blue", "first": "5", "second": "6"}]


@pytest.mark.parametrize(("guild", "key"), [("patrician", "morpoly.jail.third-failed"),
                                            ("undead", "morpoly.jail.third-attempt")])
def test_a_failed_third_roll_in_jail_says_its_dice(guild: str, key: str) -> None:
    """Starving (ELAM, L171) or paying the fine (the Undead do not starve): the third failed roll
    is said with its dice, as the first two are ("rolls 1 and 2 and stays in jail")."""
    state = elam(blue=guild)
    blue = state.token("blue")
    blue.square, blue.in_jail, blue.jail_attempts = 10, True, 2
    game = do(start(state, "blue"), "roll", (1, 2))
    lines = [line for line in game.narration if line.key == key]
    assert len(lines) == 1 and (dict(lines[0].params)["first"], dict(lines[0].params)["second"]) == ("1", "2")
    assert lines[0].text.startswith("blue rolls 1 and 2")


def test_without_elam_nothing_meets_the_npc_squares() -> None:
    state = dibbler_table()
    state.rules["elam"] = "off"
    game = do(start(state, "blue"), "roll", (1, 2), "decline")
    assert key(game) == "morpoly.turn.menu"


# --- the position format, rejected input, random play -------------------------------------------------

def test_lives_and_npcs_round_trip_and_old_documents_load() -> None:
    state = elam(("red", "blue", "green"))
    state.lives["blue"] = 3
    npcs(state, 5, 7, 9, "green")
    state.reversed_tokens = ["red"]
    doc = state_to_json(state)
    assert doc["lives"] == {"red": 10, "blue": 3, "green": 10}
    assert doc["npcs"] == {"death": 5, "luggage": 7, "dibbler": 9, "luggage_with": "green", "reversed_tokens": ["red"]}
    assert state_from_json(doc) == state
    plain = state_to_json(new_state(["red", "blue"], {"edition": "us"}))
    assert "lives" not in plain and "npcs" not in plain
    loaded = state_from_json(plain)
    assert loaded.lives == {} and loaded.npcs is None
    for field, broken in (("lives", {"red": 0, "blue": 3, "green": 10}), ("lives", {"nobody": 2}),
                          ("npcs", {**doc["npcs"], "death": 40}), ("npcs", {**doc["npcs"], "luggage_with": "x"}),
                          ("npcs", {**doc["npcs"], "reversed_tokens": ["x"]}), ("npcs", {"death": 1})):
        with pytest.raises(InputError, match="lives|npcs|malformed"):
            state_from_json({**doc, field: broken})


def test_rejected_input_at_elam_questions_changes_nothing() -> None:
    game = do(start(assassins_table()), "roll", (1, 2), "decline")
    for bad in (Answer("attack:green"), Answer("attack:red"), DieRoll(faces=(1, 2)), Answer("hire:red")):
        before = state_to_json(game.state)
        with pytest.raises(InputError):
            do(game, bad)
        assert state_to_json(game.state) == before and key(game) == "morpoly.assassins.attack"
    game = do(game, "attack:blue")
    for bad in (Answer("flee"), DieRoll(faces=(0, 7)), DieRoll(face=7)):
        with pytest.raises(InputError):
            do(game, bad)
        assert key(game) == "morpoly.roll.assassin"


@pytest.mark.parametrize("seed, players, fortuna", [(21, 2, "off"), (24, 3, "on"), (23, 4, "on"), (31, 4, "off")])
def test_random_games_with_elam_keep_the_invariants(seed: int, players: int, fortuna: str) -> None:
    game, _ = play(seed, players, {"edition": "us", "base": "variant", "elam": "on", "fortuna": fortuna}, cap=3000)
    keys = {line.key for line in game.narration}
    assert "morpoly.npc.death-moves" in keys and "morpoly.elam.died" in keys
    assert all(n >= 1 for n in game.state.lives.values())


def _elam_positions() -> list[Game]:
    """Up to six positions waiting at each question of a random ELAM game with Fortuna."""
    from collections import Counter

    from companion.morpoly.game import apply, new_game

    rules = {"edition": "us", "base": "variant", "elam": "on", "fortuna": "on"}
    _, inputs = play(23, 4, rules, cap=2000)
    out, seen, game = [], Counter[str](), new_game(["red", "blue", "green", "yellow"], rules)
    for inp in inputs:
        game = apply(game, inp)
        if game.question is not None and seen[game.question.key] < 6:
            seen[game.question.key] += 1
            out.append(game)
    return out


ELAM_POSITIONS = _elam_positions()
elam_input = st.one_of(
    st.builds(Answer, st.sampled_from(["attack:red", "attack:nobody", "hire:blue", "flee", "stay", "play-on",
                                       "fortuna:red", "fortuna:nobody", "chance", "chest", "no-attack", "decline",
                                       "place:red:40", "roll", ""])),
    st.builds(lambda a, b: DieRoll(faces=(a, b)), st.integers(-1, 8), st.integers(-1, 8)),
    st.builds(DieRoll, st.integers(-1, 13)),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ELAM_POSITIONS), elam_input)
def test_every_rejected_input_in_elam_and_fortuna_changes_nothing(game: Game, inp: Input) -> None:
    from companion.core.errors import CompanionError
    from companion.morpoly.game import apply

    before, narration, question = state_to_json(game.state), list(game.narration), game.question
    try:
        after = apply(game, inp)
    except CompanionError:
        assert state_to_json(game.state) == before and game.narration == narration and game.question == question
        return
    assert after.seq == game.seq + 1 and state_to_json(game.state) == before


def test_a_whole_elam_game_with_fortuna_through_the_journal_replays_from_its_export(tmp_path: Path) -> None:
    import random

    from companion.core.session import Session
    from companion.morpoly.invariants import check_invariants
    from companion.morpoly.random_play import random_input

    rng = random.Random(5)
    options = {"edition": "de", "elam": "on", "fortuna": "on"}
    with Session.open(tmp_path / "e.sqlite") as session:
        session.new_game(["red", "blue", "green"], mode="ankh-morpoly", options=options)
        while session.question is not None and session.seq < 2500:
            session.submit(random_input(session.current, rng))
            if session.seq % 89 == 0:
                session.undo(1, confirm=True)
                session.submit(random_input(session.current, rng))
            assert not check_invariants(session.current.state)
        final = state_to_json(session.current.state)
        keys = {line.key for line in session.current.narration}
        lines = list(session.export_lines())
    assert {"morpoly.elam.died", "morpoly.npc.death-moves"} <= keys
    with Session.open(tmp_path / "f.sqlite") as other:
        other.import_lines(lines)
        assert state_to_json(other.current.state) == final
