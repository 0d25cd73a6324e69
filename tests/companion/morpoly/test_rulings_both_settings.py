"""Reference §7 rulings whose option changes an outcome somewhere the other tests play on one setting
only: each test here plays one situation from the rules under the default AND under the other
setting, through the engine (``start``/``do``), and asserts what differs.

Found by an audit of every ruling R1–R73 against its option and the tests that play it: the other
options, and the other effects of these, are played on both settings in test_fsu_options.py,
test_money_powers.py, test_moves.py, test_takeover.py, test_elam.py, test_elam_moves.py,
test_elam_referee.py, test_fool_cards.py and test_revision_5.py / _9.py. US amounts: GO $200,
start $1,500, Income Tax $200."""
from __future__ import annotations

import pytest
from morpoly_table import cash, do, key, options, own, square, start
from test_moves import variant

from companion.morpoly.game import Game
from companion.morpoly.setup import new_state
from companion.morpoly.state import Npcs, State

AWAY = 20  # L-Space, where the NPCs start (R64): the positions below keep tokens off it


def elam(players: tuple[str, ...] = ("red", "blue"), npcs: Npcs | None = None, **guilds: str) -> State:
    state = new_state(list(players), {"edition": "us", "base": "variant", "elam": "on"})
    for party, guild in guilds.items():
        state.party(party).guilds = [guild]
    state.npcs = npcs or Npcs(AWAY, AWAY, AWAY, None)
    return state


def set_cash(state: State, party: str, amount: int) -> None:
    """Give ``party`` ``amount`` in cash, the difference from or to the bank (money is conserved)."""
    state.bank.cash -= amount - state.party(party).cash
    state.party(party).cash = amount


def said(game: Game, name: str) -> list[dict[str, str]]:
    return [dict(line.params) for line in game.narration if line.key == name]


# --- R1 `cards-always-clockwise`: a "go back" card for a reversed token ---------------------------

@pytest.mark.parametrize("setting, end, paid", [("no", 10, 0), ("yes", 4, 200)])
def test_r1_go_back_three_for_a_reversed_token(setting: str, end: int, paid: int) -> None:
    """R1 ("'go back' cards [move] backward", relative to the running direction), L201 ("… und er
    ändert seine Laufrichtung"), option ``cards-always-clockwise``: blue's direction was reversed by
    Dibbler; from Jail, just visiting (10) a 3 walks him counter-clockwise onto Chance (7), and "Go back
    3 spaces" sends him clockwise, back to 10 — or, cards always taken clockwise, counter-clockwise
    to Income Tax (4), which costs $200. (The "advance" half of R1's option is played in
    test_elam_referee.py.)"""
    state = elam(blue="watch")
    state.rules["cards-always-clockwise"] = setting
    state.reversed_tokens = ["blue"]
    state.token("blue").square = 10
    game = do(start(state, "blue"), "roll", (1, 2))
    assert key(game) == "morpoly.card.chance" and square(game, "blue") == 7
    game = do(game, "chance.back-3")
    assert square(game, "blue") == end
    assert cash(game, "blue") == 1500 - paid


@pytest.mark.parametrize("setting, end", [("no", 5), ("yes", 15)])
def test_r1_nearest_railroad_for_a_reversed_token(setting: str, end: int) -> None:
    """R1 ("'Advance to …' cards move forward", relative to the running direction), L201 ("… und er
    ändert seine Laufrichtung"), option ``cards-always-clockwise``: reversed blue on Chance (7)
    draws "Advance to the nearest Railroad": the nearest ahead in his running direction
    (counter-clockwise) is Reading Railroad (5) — or, cards always taken clockwise, Pennsylvania
    Railroad (15). Either is unowned: offered."""
    state = elam(blue="watch")
    state.rules["cards-always-clockwise"] = setting
    state.reversed_tokens = ["blue"]
    state.token("blue").square = 10
    game = do(start(state, "blue"), "roll", (1, 2), "chance.nearest-railroad-1")
    assert square(game, "blue") == end and key(game) == "morpoly.deed.buy"
    assert cash(game, "blue") == 1500


# --- R4 `npcs-occupy-squares`: the Undead split, the Beggars' step, the Fools' step -----------------

@pytest.mark.parametrize("setting, offered", [("no", True), ("yes", False)])
def test_r4_an_npc_on_a_halfs_square_bars_the_undead_split_only_by_the_option(setting: str, offered: bool) -> None:
    """L83 ("… nur anwenden, wenn kein anderer Spieler auf ihrem Feld steht oder auf dem Feld, dass sie
    mit einer der Figuren direkt betreten"), R4 ("NPCs never count, except for
    their own encounters"), option ``npcs-occupy-squares``: the Undead on Park Place (37) roll 2 + 5;
    the halves would land on Boardwalk (39), where Dibbler stands, and Community Chest (2). The split
    is offered — or, NPCs occupying squares, not: the whole 7 is walked to Income Tax (4)."""
    state = elam(red="undead", npcs=Npcs(AWAY, AWAY, 39, None))
    state.rules["npcs-occupy-squares"] = setting
    state.token("red").square = 37
    game = do(start(state), "roll", (2, 5))
    assert (key(game) == "morpoly.move.how") is offered
    if offered:
        assert options(game) == ("walk", "split")
    else:
        assert square(game) == 4


@pytest.mark.parametrize("setting, offered", [("no", True), ("yes", False)])
def test_r4_an_npc_on_the_step_square_bars_the_beggars_step_only_by_the_option(setting: str, offered: bool) -> None:
    """L73 ("… und kein Spieler darauf steht, so dürfen sie ein Feld vorrücken"), R4, R36, option
    ``npcs-occupy-squares``: a Beggar about to land on blue's Baltic Avenue (3) may step on to Income
    Tax (4), where Dibbler stands — or, NPCs occupying squares, may not, and pays Baltic's rent (4)."""
    state = elam(red="beggars", blue="watch", npcs=Npcs(AWAY, AWAY, 4, None))
    state.rules["npcs-occupy-squares"] = setting
    own(state, "blue", 3)
    state.token("red").square = 0
    state.token("blue").square = 12
    game = do(start(state), "roll", (1, 2))
    assert (key(game) == "morpoly.move.step") is offered
    if offered:
        assert options(game) == ("stay", "step")
    else:
        assert square(game) == 3 and cash(game, "red") == 1500 - 4 and cash(game, "blue") == 1500 + 4


@pytest.mark.parametrize("setting, offered", [("no", True), ("yes", False)])
def test_r4_an_npc_on_the_card_square_bars_the_fools_step_only_by_the_option(setting: str, offered: bool) -> None:
    """L109 ("… und kein anderer auf dem diesem steht, können sie auf dieses Feld vorrücken"), R4,
    R36, option ``npcs-occupy-squares``: a Fool landing on Oriental Avenue (6) may step on to Chance (7), where
    Dibbler stands — or, NPCs occupying squares, may not, and is offered Oriental Avenue."""
    state = elam(red="fools", blue="watch", npcs=Npcs(AWAY, AWAY, 7, None))
    state.rules["npcs-occupy-squares"] = setting
    state.token("red").square = 1
    state.token("blue").square = 12
    game = do(start(state), "roll", (2, 3))
    assert key(game) == ("morpoly.move.step" if offered else "morpoly.deed.buy")
    if offered:
        assert options(game) == ("stay", "step")
    else:
        assert square(game) == 6


# --- R6 `rounding`: the tithe, the Assassins' share and fee, Dibbler's card ----------------------

@pytest.mark.parametrize("rounding, tithe", [("down", 150), ("nearest", 151)])
def test_r6_the_tithe_rounds_by_the_option(rounding: str, tithe: int) -> None:
    """L72 ("ein Zehntel seines Bargeldes"), R35 ("rounded down"), R6 (option ``rounding``): the
    Beggar meets blue, who holds $1,505, on Jail, just visiting (10): a tenth is 150.5 — $150 rounded
    down, $151 to the nearest."""
    state = variant("beggars", "fools", rounding=rounding)
    set_cash(state, "blue", 1505)
    state.token("blue").square = 10
    state.token("red").square = 7
    game = do(start(state, "red"), "roll", (1, 2))
    assert key(game) == "morpoly.beggars.tithe"
    game = do(game, "take")
    assert cash(game, "red") == 1500 + tithe and cash(game, "blue") == 1505 - tithe


@pytest.mark.parametrize("rounding, share", [("down", 150), ("nearest", 151)])
def test_r6_the_assassins_share_rounds_by_the_option(rounding: str, share: int) -> None:
    """L179 ("… der Assasine erhält den X+1-ten Teil des Barvermögens des Opfers, wobei X seine
    verbleibenden Gildenmitglieder sind"), R51, R6 (option
    ``rounding``: "÷ (X+1)"): the Assassin lands on Oriental Avenue (6) where blue stands with $1,505,
    attacks, and an odd roll kills: X = 9 lives left, 1,505 ÷ 10 = 150.5 — $150 down, $151 to the
    nearest; then the funeral ($200)."""
    state = elam(("red", "blue", "green"), red="assassins", blue="patrician", green="undead")
    state.rules["rounding"] = rounding
    state.token("red").square, state.token("blue").square, state.token("green").square = 3, 6, 15
    set_cash(state, "blue", 1505)
    game = do(start(state), "roll", (1, 2), "decline", "attack:blue", (3, 4))
    assert game.state.lives["blue"] == 9
    assert cash(game, "red") == 1500 + share and cash(game, "blue") == 1505 - share - 200


@pytest.mark.parametrize("rounding, fee", [("down", 150), ("nearest", 151)])
def test_r6_the_contract_fee_rounds_by_the_option(rounding: str, fee: int) -> None:
    """L180 ("Dazu zahlt er ihm ein 10-tel seines Barvermögens"), R6 (option ``rounding``): blue,
    with $1,505, lands on Oriental Avenue (6) where red's Assassin stands and hires him (against green, the nearest
    token clockwise): the fee, a tenth of 1,505, is $150 down, $151 to the nearest."""
    state = elam(("red", "blue", "green"), red="assassins", blue="patrician", green="undead")
    state.rules["rounding"] = rounding
    state.token("red").square, state.token("blue").square, state.token("green").square = 6, 3, 15
    set_cash(state, "blue", 1505)
    game = do(start(state, "blue"), "roll", (1, 2), "decline")
    assert game.question is not None and "hire:red" in game.question.options
    assert dict(game.question.params)["fee"] == f"${fee}"
    game = do(game, "hire:red")
    assert cash(game, "blue") == 1505 - fee and cash(game, "red") == 1500 + fee


@pytest.mark.parametrize("rounding, fee", [("down", 150), ("nearest", 151)])
def test_r6_dibblers_card_price_rounds_by_the_option(rounding: str, fee: int) -> None:
    """L202 ("… verkauft CMOT-Dibbler dem Spieler eine Ereigniskarte … für 1/10 von dessen
    Barvermögens"), R70, R6 (option
    ``rounding``): blue, with $1,505, meets Dibbler on New York Avenue (19) and rolls 1 + 3: the card
    costs 150.5 — $150 down, $151 to the nearest; blue draws "Bank error in your favour" (+$200)."""
    state = elam(npcs=Npcs(AWAY, AWAY, 19, None))
    state.rules["rounding"] = rounding
    state.token("blue").square = 16
    set_cash(state, "blue", 1505)
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (1, 3))
    assert game.question is not None and game.question.options == ("chance", "chest")
    game = do(game, "chest", "chest.bank-error")
    assert cash(game, "blue") == 1505 - fee + 200


# --- R41 `patrician-collects-in-jail`: the interest at GO -----------------------------------------

@pytest.mark.parametrize("setting, to_patrician", [("no", 0), ("yes", 27)])
def test_r41_interest_owed_to_a_jailed_patrician_by_the_option(setting: str, to_patrician: int) -> None:
    """L97 ("Kassiert alle Steuern und Hypothek-Zinsen"), L9 ("Im Gefängnis keine Gelder eingenommen …
    werden können"), B1, R41 ("Taxes
    and interest while the Patrician is in jail … to the bank"), appendix 12: red passes GO with Park
    Place (175) and Reading Railroad (100) mortgaged: interest 27 goes to the bank while the Patrician
    sits in jail — or to him under ``patrician-collects-in-jail``. (The tax half of the option is
    played in test_money_powers.py.)"""
    state = variant("beggars", "patrician")
    state.rules["patrician-collects-in-jail"] = setting
    own(state, "red", 37, 5, mortgaged=True)
    state.token("red").square = 37
    state.token("blue").square, state.token("blue").in_jail = 10, True
    bank = state.bank.cash
    game = do(start(state, "red"), "roll", (2, 3))
    assert square(game) == 2 and key(game) == "morpoly.card.chest"  # (the card is not drawn)
    assert cash(game, "blue") == 1500 + to_patrician
    assert cash(game, "red") == 1500 + 200 - 27
    assert game.state.bank.cash == bank - 200 + 27 - to_patrician


# --- R64 `npc-start`: where Death waits ---------------------------------------------------------

@pytest.mark.parametrize("setting, dies", [("l-space", False), ("go", True)])
def test_r64_a_token_landing_on_go_meets_death_only_when_the_npcs_start_there(setting: str, dies: bool) -> None:
    """R64 (option ``npc-start``; the source names no start square, L188 only who moves them), L190
    ("Wenn Tod auf dem Feld eines anderen Spielers steht, so stirbt dieser sofort"), R65: blue
    lands exactly on GO on the first turn and collects the double salary ($400, L15). The NPCs
    start on L-Space (20): nothing more — or, started on GO, Death is there: blue dies (one life,
    the $200 funeral, R61)."""
    state = new_state(["red", "blue"], {"edition": "us", "base": "variant", "elam": "on", "npc-start": setting})
    state.party("red").guilds, state.party("blue").guilds = ["watch"], ["patrician"]
    assert state.npcs is not None and state.npcs.death == (0 if dies else 20)
    state.token("red").square, state.token("blue").square = 12, 36
    game = do(start(state, "blue"), "roll", (1, 3))
    assert square(game, "blue") == 0
    assert game.state.lives["blue"] == (9 if dies else 10)
    assert cash(game, "blue") == 1500 + 400 - (200 if dies else 0)
    assert bool(said(game, "morpoly.npc.death")) is dies


# --- R44 `fool-reverse-movement`: a reversed "advance" card -------------------------------------

@pytest.mark.parametrize("setting, end", [("opposite-square", 19), ("reverse-direction", 15)])
def test_r44_a_fools_seven_on_advance_to_boardwalk(setting: str, end: int) -> None:
    """L113 ("Bei einer 7 verkehrt sich der Effekt der Karte ins Gegenteil"), L116 ("Wenn sie auf ein
    Feld geschickt werden, gehen sie auf das entgegengesetzte Feld"), R44 (option
    ``fool-reverse-movement``): the Fool walks from Income Tax (4) onto Chance (7), draws "Advance to
    Boardwalk" (39, 32 squares ahead), modifies it and rolls a 7. By default he goes to the square
    opposite Boardwalk, New York Avenue (19); reversing the direction, he walks the 32 squares back
    instead, to Pennsylvania Railroad (15). Either way he crosses GO backward, for nothing (L110).
    (The option on "Go back 3 spaces" is played in test_fool_cards.py.)"""
    state = variant("fools", players=("red", "blue"), **{"fool-reverse-movement": setting})
    state.token("red").square, state.token("blue").square = 4, 12
    game = do(start(state), "roll", (1, 2), "chance.advance-boardwalk")
    assert key(game) == "morpoly.card.fool-modify"
    game = do(game, "modify", (3, 4))
    assert square(game) == end and key(game) == "morpoly.deed.buy"
    assert cash(game, "red") == 1500
