"""The Fools' card modification (table A, L111–118, R44): after a Fools' token draws a Chance or
Community Chest card he may roll — doubles double every amount, a 7 reverses the card, another even
sum gives it to another player, another odd sum leaves it. Each outcome on a card of each kind
(money, relocation, jail card), US amounts: the Fool (red) stands on Mediterranean (1) or Income Tax
(4) and walks to Chance (7); start $1,500."""
from __future__ import annotations

import pytest
from morpoly_table import cash, do, own, start, table, key, options, square

from companion.core.errors import InputError
from companion.core.inputs import Answer, DieRoll, Input
from companion.morpoly.dice import CardModification
from companion.morpoly.editions import load_edition
from companion.morpoly.fool_cards import modified_card
from companion.morpoly.game import Game
from companion.morpoly.state import State
from companion.morpoly.state_format import state_to_json

DOUBLES, SEVEN, EVEN, ODD = (2, 2), (3, 4), (2, 4), (2, 3)


def fools(*others: str, **rules: str) -> State:
    """Red heads the Fools; blue (and green) head no guild, so nothing else fires."""
    state = table(("red", "blue", *others), base="variant")
    state.rules.update(rules)
    state.party("red").guilds = ["fools"]
    state.token("red").square = 4
    state.token("blue").square = 12
    return state


def drawn(state: State, card: str) -> Game:
    """Red rolls 1 and 2 from Income Tax to Chance (7) and draws ``card``."""
    game = do(start(state), "roll", (1, 2), card)
    assert key(game) == "morpoly.card.fool-modify" and options(game) == ("as-drawn", "modify")
    return game


def modified(state: State, card: str, roll: tuple[int, int]) -> Game:
    game = do(drawn(state, card), "modify")
    assert key(game) == "morpoly.roll.fool-card"
    assert game.question is not None and dict(game.question.params)["purpose"] == "table"
    return do(game, roll)


def said(game: Game, name: str) -> bool:
    return any(line.key == name for line in game.narration)


# --- the question: optional, after seeing the card, Fools only --------------------------------------

def test_the_fool_may_play_the_card_as_drawn() -> None:
    game = do(drawn(fools(), "chance.dividend"), "as-drawn")
    assert cash(game, "red") == 1550 and key(game) == "morpoly.turn.menu"


@pytest.mark.parametrize("guild", ["watch", "wizards", "beggars"])
def test_the_question_is_not_offered_to_other_guilds(guild: str) -> None:
    state = fools()
    state.party("red").guilds = [guild]
    game = do(start(state), "roll", (1, 2), "chance.dividend")
    assert cash(game, "red") == 1550 and key(game) == "morpoly.turn.menu"


def test_the_question_is_not_offered_in_standard_monopoly_nor_to_the_fools_victims() -> None:
    state = table()
    state.token("red").square = 4
    assert key(do(start(state), "roll", (1, 2), "chance.dividend")) == "morpoly.turn.menu"
    state = fools()
    state.token("blue").square = 4
    game = do(start(state, "blue"), "roll", (1, 2), "chance.dividend")  # blue is no Fool
    assert cash(game, "blue") == 1550 and key(game) == "morpoly.turn.menu"


def test_a_team_with_the_fools_modifies_its_cards() -> None:
    state = fools("green")
    state.party("red").guilds = ["fools", "watch"]  # a merged team keeps every guild's powers (L154)
    assert key(do(start(state), "roll", (1, 2), "chance.dividend")) == "morpoly.card.fool-modify"


# --- money: "Bank pays you dividend of $50" and "pay each player $50" ------------------------------

@pytest.mark.parametrize("roll, red, blue", [(DOUBLES, 1600, 1500), (SEVEN, 1450, 1500), (ODD, 1550, 1500)])
def test_a_money_card_doubled_reversed_or_as_drawn(roll: tuple[int, int], red: int, blue: int) -> None:
    game = modified(fools(), "chance.dividend", roll)
    assert (cash(game, "red"), cash(game, "blue")) == (red, blue)
    assert game.state.bank.cash + sum(p.cash for p in game.state.parties) == fools().bank.cash + 3000


def test_a_money_card_given_away_is_resolved_by_the_other_player() -> None:
    game = modified(fools("green"), "chance.dividend", EVEN)
    assert key(game) == "morpoly.card.fool-give" and options(game) == ("give:blue", "give:green")
    assert game.question is not None and game.question.player == "red"
    game = do(game, "give:green")
    assert (cash(game, "red"), cash(game, "blue"), cash(game, "green")) == (1500, 1500, 1550)
    assert said(game, "morpoly.card.given") and key(game) == "morpoly.turn.menu"
    assert game.question is not None and game.question.player == "blue", "the Fool's turn ended as usual"


@pytest.mark.parametrize("roll, red, each", [(DOUBLES, 1300, 1600), (SEVEN, 1600, 1450), (ODD, 1400, 1550)])
def test_pay_each_player_doubled_or_reversed_into_collect_from_each(roll: tuple[int, int], red: int,
                                                                     each: int) -> None:
    game = modified(fools("green"), "chance.chairman", roll)
    assert (cash(game, "red"), cash(game, "blue"), cash(game, "green")) == (red, each, each)


@pytest.mark.parametrize("roll, red", [(DOUBLES, 1500 - 200), (SEVEN, 1500 + 100), (ODD, 1500 - 100)])
def test_repairs_doubled_per_house_or_paid_to_him(roll: tuple[int, int], red: int) -> None:
    state = fools()
    own(state, "red", 1, 3, houses=2)  # four houses at $25
    game = modified(state, "chance.general-repairs", roll)
    assert cash(game, "red") == red


# --- relocation: "Go back three spaces", "Advance to …", "nearest Railroad / Utility" ----------------

@pytest.mark.parametrize("roll", [DOUBLES, ODD])
def test_go_back_three_doubled_or_odd_is_played_as_drawn(roll: tuple[int, int]) -> None:
    game = modified(fools(), "chance.back-3", roll)
    assert square(game) == 4 and cash(game, "red") == 1300  # Income Tax: a card without money


def test_go_back_three_reversed_is_the_square_opposite_seventeen_forward_r44() -> None:
    game = modified(fools(), "chance.back-3", SEVEN)
    assert said(game, "morpoly.card.fool-reversed")
    assert square(game) == 24 and key(game) == "morpoly.deed.buy" and cash(game, "red") == 1500


def test_go_back_three_reversed_by_the_option_is_three_forward() -> None:
    game = modified(fools(**{"fool-reverse-movement": "reverse-direction"}), "chance.back-3", SEVEN)
    assert square(game) == 10 and not game.state.token("red").in_jail  # just visiting


def test_advance_reversed_goes_to_the_opposite_square_the_other_way_crossing_go_for_nothing() -> None:
    game = modified(fools(), "chance.advance-boardwalk", SEVEN)  # opposite 39: New York (19), 28 back
    assert square(game) == 19 and cash(game, "red") == 1500 and key(game) == "morpoly.deed.buy"
    game = modified(fools(), "chance.advance-illinois", SEVEN)  # opposite 24: Income Tax (4), 3 back
    assert square(game) == 4 and cash(game, "red") == 1300


def test_nearest_station_reversed_is_the_station_opposite_it_nearest_utility_a_plain_street() -> None:
    state = fools()
    own(state, "blue", 35)
    game = modified(state, "chance.nearest-railroad-1", SEVEN)  # nearest 15, opposite Short Line (35)
    assert key(game) == "morpoly.move.step", "Chance (36) is next: the Fool may step on (L109)"
    game = do(game, "stay")
    assert square(game) == 35 and cash(game, "red") == 1500 - 2 * 25  # the card's double rent
    state = fools()
    own(state, "blue", 31, 32, 34)  # the greens: North Carolina (32) is opposite Electric Company (12)
    game = do(modified(state, "chance.nearest-utility", SEVEN), "stay")
    assert square(game) == 32 and cash(game, "red") == 1500 - 2 * 26, "the street's own rent, no utility roll"
    assert key(game) == "morpoly.turn.menu"


def test_a_relocation_given_away_moves_the_other_player_from_his_own_square() -> None:
    game = do(modified(fools(), "chance.back-3", EVEN), "give:blue")
    assert square(game, "blue") == 9 and square(game) == 7
    assert key(game) == "morpoly.deed.buy" and game.question is not None and game.question.player == "blue"
    game = do(game, "decline")
    assert key(game) == "morpoly.turn.menu" and game.state.turn.token == "blue" and square(game, "blue") == 9


# --- jail cards: "Get out of jail free" and "Go to jail" swap (L115) -------------------------------

@pytest.mark.parametrize("roll", [DOUBLES, ODD])
def test_a_jail_free_card_doubled_or_odd_is_kept(roll: tuple[int, int]) -> None:
    game = modified(fools(), "chance.jail-free", roll)
    assert game.state.party("red").jail_cards == ["chance.jail-free"] and square(game) == 7


def test_a_reversed_jail_free_card_sends_him_to_jail() -> None:
    game = modified(fools(), "chance.jail-free", SEVEN)
    token = game.state.token("red")
    assert token.in_jail and token.square == 10 and game.state.party("red").jail_cards == []
    assert game.question is not None and game.question.player == "blue", "jail ends the turn"


def test_a_reversed_go_to_jail_card_is_kept_as_a_get_out_card() -> None:
    game = modified(fools(), "chance.go-to-jail", SEVEN)
    assert not game.state.token("red").in_jail and square(game) == 7
    assert game.state.party("red").jail_cards == ["chance.go-to-jail"]
    state = fools()
    state.token("blue").square = 4
    later = do(modified(state, "chance.go-to-jail", SEVEN), "roll", (1, 2))  # blue draws next
    assert key(later) == "morpoly.card.chance" and "chance.go-to-jail" not in options(later)


def test_jail_cards_given_away() -> None:
    game = do(modified(fools(), "chance.go-to-jail", EVEN), "give:blue")
    assert game.state.token("blue").in_jail and not game.state.token("red").in_jail and square(game) == 7
    assert key(game) == "morpoly.turn.menu" and "pay-fine" in options(game), "blue's turn, in jail"
    game = do(modified(fools(), "chance.jail-free", EVEN), "give:blue")
    assert game.state.party("blue").jail_cards == ["chance.jail-free"] and game.state.party("red").jail_cards == []


def test_nobody_out_of_jail_to_take_the_card_he_plays_it_as_drawn() -> None:
    state = fools()
    state.token("blue").square, state.token("blue").in_jail = 10, True
    game = modified(state, "chance.dividend", EVEN)
    assert said(game, "morpoly.card.fool-no-taker") and cash(game, "red") == 1550


# --- the roll is a table roll: Fortuna's window applies (R60) ---------------------------------------

def test_a_fortuna_token_voids_the_modification_roll_and_it_is_asked_again() -> None:
    state = fools(fortuna="on")
    state.fortuna.append("blue")
    game = do(start(state), "roll", (1, 2), "play-on", "chance.dividend", "modify", SEVEN)
    assert key(game) == "morpoly.fortuna.window" and cash(game, "red") == 1500
    game = do(game, "fortuna:blue")
    assert key(game) == "morpoly.roll.fool-card" and game.state.fortuna == []
    game = do(game, DOUBLES)
    assert cash(game, "red") == 1600


# --- rejected input changes nothing ------------------------------------------------------------------

def _rejects(game: Game, *bad: Input) -> None:
    before, seq = state_to_json(game.state), game.seq
    for inp in bad:
        with pytest.raises(InputError):
            do(game, inp)
    assert state_to_json(game.state) == before and game.seq == seq


def test_rejected_input_at_the_fools_questions_changes_nothing() -> None:
    game = drawn(fools(), "chance.dividend")
    _rejects(game, Answer("double"), Answer("reverse"), Answer("blue"), DieRoll(faces=(3, 4)), Answer("place:red:40"))
    rolling = do(game, "modify")
    _rejects(rolling, Answer("as-drawn"), Answer("modify"), DieRoll(faces=(3, 7)))
    giving = do(rolling, EVEN)
    _rejects(giving, Answer("give:red"), Answer("blue"), Answer("give:nobody"), DieRoll(faces=(1, 1)), Answer("as-drawn"))


# --- the card as data ------------------------------------------------------------------------------

def test_modified_cards_keep_their_id_and_their_tags_fit_the_new_effect() -> None:
    edition = load_edition("us")
    fine = edition.card("chance.speeding-fine")
    doubled = modified_card(fine, CardModification.DOUBLED)
    assert (doubled.id, doubled.kind, doubled.get("amount"), doubled.tags) == (fine.id, "pay", 30, fine.tags)
    flipped = modified_card(fine, CardModification.REVERSED)
    assert (flipped.kind, flipped.get("amount"), flipped.tags.payment, flipped.tags.receives) == ("receive", 15, None, True)
    refund = modified_card(edition.card("chest.birthday"), CardModification.REVERSED)
    assert (refund.kind, refund.get("amount"), refund.tags.payment) == ("pay-each", 10, "other")
    jail = modified_card(edition.card("chest.jail-free"), CardModification.REVERSED)
    assert (jail.kind, jail.tags.relocates, jail.tags.jail_card) == ("jail", "jail", False)
    for modification in (CardModification.GIVE_AWAY, CardModification.NORMAL):
        assert modified_card(fine, modification) == fine
    move = edition.card("chance.advance-go")
    twice = modified_card(move, CardModification.DOUBLED)  # its walk pays the GO money twice (revision 10)
    assert (twice.id, twice.kind, twice.get("to"), twice.get("times"), twice.tags) == (move.id, "advance", 0, 2, move.tags)
