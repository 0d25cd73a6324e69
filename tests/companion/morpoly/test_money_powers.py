"""The guilds' money-side powers in the engine (reference §3), each with a position where it fires and
one where it must not, played through game inputs."""
from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.core.inputs import Answer
from companion.morpoly.covers import Cover
from companion.morpoly.fsu import Fsu, Ledger
from companion.morpoly.game import Game, apply
from companion.morpoly.invariants import check_invariants
from companion.morpoly.state import State
from companion.morpoly.state_format import state_to_json
from morpoly_table import cash, do, own, start, table
from morpoly_table import key as asked  # "key" names a parameter of a test here


def variant(*guilds: str) -> State:
    state = table(("red", "blue", "green")[:len(guilds)], base="variant")
    for party, guild in zip(state.parties, guilds):
        party.guilds = [guild]
    return state


def keys(game: Game) -> list[str]:
    return [line.key for line in game.narration]


# --- the City Watch ---------------------------------------------------------------------------

def test_the_watch_never_goes_to_jail_but_others_do() -> None:
    """L46, R27: a Watch token on Go To Jail stays on 30; anyone else goes to jail."""
    state = variant("watch", "beggars")
    state.token("red").square = 26
    state.token("blue").square = 26
    game = do(start(state, "red"), "roll", (1, 3))
    assert game.state.token("red").square == 30 and not game.state.token("red").in_jail
    assert "morpoly.watch.not-jailed" in keys(game)
    game = do(game, "roll", (1, 3))
    assert game.state.token("blue").in_jail


def test_the_watch_moves_its_third_doubles() -> None:
    """R27: on a third doubles the Watch moves the roll normally and its turn ends."""
    state = variant("watch", "beggars")
    own(state, "blue", 14, 18, 24)
    state.token("red").square = 12
    game = do(start(state, "red"), "roll", (1, 1), "roll", (2, 2), "roll", (3, 3))
    assert game.state.token("red").square == 24 and not game.state.token("red").in_jail
    assert cash(game, "red") == 1500 - 12 - 14 - 20
    assert game.question is not None and game.question.player == "blue"


@pytest.mark.parametrize("answer, jailed", [("arrest", True), ("let-go", False)])
def test_the_watch_may_arrest_a_token_it_meets(answer: str, jailed: bool) -> None:
    """L47, R28: arriving where blue stands, the Watch is asked; the arrest is optional."""
    state = variant("watch", "beggars")
    state.token("blue").square = 10  # just visiting
    state.token("red").square = 7
    game = do(start(state, "red"), "roll", (1, 2))
    assert asked(game) == "morpoly.watch.arrest" and game.question is not None
    assert game.question.player == "red" and game.question.options == ("arrest", "let-go")
    game = do(game, answer)
    assert game.state.token("blue").in_jail is jailed


def test_the_watch_must_arrest_a_thief_and_its_cover_pays() -> None:
    """L47: a Thief met is sent to jail without a question; a Watch FSU he holds pays (L50)."""
    state = variant("thieves", "watch")
    state.token("blue").square = 10
    state.token("red").square = 7
    state.ledger = Ledger((Fsu(1, "blue", "red", "red", 39, 100, frozenset({Cover.JAILED}), False),), 2)
    game = do(start(state, "red"), "roll", (1, 2))
    assert game.state.token("red").in_jail and asked(game) != "morpoly.watch.arrest"
    assert cash(game, "red") == 1500 + 300 and game.state.ledger.active() == ()


def test_no_arrest_between_tokens_of_other_guilds_or_of_a_prisoner() -> None:
    state = variant("fools", "thieves")
    state.token("blue").square = 10
    state.token("red").square = 7
    game = do(start(state, "red"), "roll", (1, 2))
    assert asked(game) == "morpoly.turn.menu" and not game.state.token("blue").in_jail
    state = variant("watch", "beggars")
    state.token("blue").square, state.token("blue").in_jail = 10, True
    state.token("red").square = 7
    game = do(start(state, "red"), "roll", (1, 2))  # to 10, just visiting: the prisoner is out of reach
    assert asked(game) == "morpoly.turn.menu"


@pytest.mark.parametrize("with_watch, watch_cash", [(True, 1500 + 50), (False, 1500)])
def test_the_jail_fine_goes_to_the_watch(with_watch: bool, watch_cash: int) -> None:
    """L48, L53: the payment to leave jail is a fine; it goes to the Watch, else to the bank."""
    state = variant("beggars", "watch" if with_watch else "fools")
    state.token("red").square, state.token("red").in_jail = 10, True
    game = do(start(state, "red"), "pay-fine")
    assert cash(game, "red") == 1450 and cash(game, "blue") == watch_cash


def test_the_watch_pays_no_fine() -> None:
    state = variant("watch", "beggars")
    state.token("red").square = 4
    game = do(start(state, "red"), "roll", (1, 2), "chance.speeding-fine")
    assert cash(game, "red") == 1500 and "morpoly.watch.no-fine" in keys(game)


# --- the Thieves ------------------------------------------------------------------------------

def test_a_thief_steals_the_fee_from_the_owner() -> None:
    """L35, R24: on an unbuilt street of an incomplete group the owner pays the Thief the fee."""
    state = variant("thieves", "beggars")
    own(state, "blue", 24)
    state.token("red").square = 20
    state.token("blue").square = 0
    game = do(start(state, "red"), "roll", (1, 3))
    assert cash(game, "red") == 1520 and cash(game, "blue") == 1480
    assert "morpoly.thieves.stole" in keys(game) and not game.state.token("red").in_jail


@pytest.mark.parametrize("setting, stolen", [("take-from-owner", 20), ("skip-payment", 0)])
def test_the_thief_steal_option(setting: str, stolen: int) -> None:
    """L33 ("stehlen Geld von anderen Spielern, weigern sich, SGBs zu zahlen"), L35, R24: on blue's
    Illinois Avenue (rent 20) the Thief takes the fee from blue — or, under ``skip-payment``, only does
    not pay it: nobody's cash changes."""
    state = variant("thieves", "beggars")
    state.rules["thief-steal"] = setting
    own(state, "blue", 24)
    state.token("red").square = 20
    game = do(start(state, "red"), "roll", (1, 3))
    assert cash(game, "red") == 1500 + stolen and cash(game, "blue") == 1500 - stolen
    assert "morpoly.thieves.stole" in keys(game)


@pytest.mark.parametrize("setting, answer, red", [("no", None, 1520), ("yes", "steal", 1520), ("yes", "pay", 1480)])
def test_the_thief_may_pay_instead_only_by_the_option(setting: str, answer: str | None, red: int) -> None:
    """L35 ("Stehlen die SBG … anstatt zu zahlen"), R25: stealing is compulsory — no question; under
    ``thief-may-pay-instead`` the Thief is asked, and paying gives blue the rent."""
    state = variant("thieves", "beggars")
    state.rules["thief-may-pay-instead"] = setting
    own(state, "blue", 24)
    state.token("red").square = 20
    game = do(start(state, "red"), "roll", (1, 3))
    if answer is None:
        assert asked(game) == "morpoly.turn.menu"
    else:
        assert asked(game) == "morpoly.thieves.steal" and game.question is not None
        assert game.question.player == "red" and game.question.options == ("steal", "pay")
        game = do(game, answer)
    assert cash(game, "red") == red and cash(game, "blue") == 3000 - red


def test_no_theft_where_one_player_owns_the_whole_group() -> None:
    """L35 ("cursed watch golems"): the Thief pays the doubled rent of a complete group."""
    state = variant("thieves", "beggars")
    own(state, "blue", 21, 23, 24)
    state.token("red").square = 20
    game = do(start(state, "red"), "roll", (1, 3))
    assert cash(game, "red") == 1460 and cash(game, "blue") == 1540


def test_in_the_dm_set_a_thief_steals_eighty_times_the_dice_at_a_cultural_site() -> None:
    """L35 "Stehlen die SBG, einschließlich Kneipen (Bahnhöfe) und Kulturstätten (Werke), anstatt zu
    zahlen", reference §3.1 (on a cultural site the fee is 4 × the roll) and §6 (the "Deutsches
    Monopoly" of L196/L203 is the D-Mark set, every amount 20 × the US one): the D-Mark deed reads
    "80mal so hoch, wie Augen auf den zwei Würfeln", "200mal" with both works. With one work the
    Thief takes DM 80 × 5 from its owner; with both (a whole group, no theft) he pays DM 200 × 5."""
    state = table(("red", "blue"), edition="de-dm", base="variant")
    state.party("red").guilds, state.party("blue").guilds = ["thieves"], ["beggars"]
    own(state, "blue", 12)
    state.token("red").square = 7
    game = do(start(state, "red"), "roll", (1, 4))  # 7 -> 12, Elektrizitätswerk
    assert cash(game, "red") == 30000 + 80 * 5 and cash(game, "blue") == 30000 - 80 * 5
    assert "morpoly.thieves.stole" in keys(game)
    state = table(("red", "blue"), edition="de-dm", base="variant")
    state.party("red").guilds, state.party("blue").guilds = ["thieves"], ["beggars"]
    own(state, "blue", 12, 28)
    state.token("red").square = 7
    game = do(start(state, "red"), "roll", (1, 4))
    assert cash(game, "red") == 30000 - 200 * 5 and cash(game, "blue") == 30000 + 200 * 5


def test_a_thief_caught_stealing_goes_to_jail_and_keeps_the_loot() -> None:
    """L35, R26: another token on the square catches him; the theft stands."""
    state = variant("thieves", "beggars")
    own(state, "blue", 24)
    state.token("red").square = 20
    state.token("blue").square = 24
    game = do(start(state, "red"), "roll", (1, 3))
    assert game.state.token("red").in_jail and cash(game, "red") == 1520
    assert "morpoly.thieves.caught" in keys(game)


def test_a_jailed_thief_still_collects_but_a_jailed_owner_does_not() -> None:
    """B1, L36: a jailed party receives no rent, except the Thieves."""
    for guild, paid in (("thieves", 20), ("fools", 0)):
        state = variant(guild, "patrician")
        own(state, "red", 24)
        state.token("red").square, state.token("red").in_jail = 10, True
        state.token("blue").square = 20
        game = do(start(state, "blue"), "roll", (1, 3))
        assert cash(game, "red") == 1500 + paid and cash(game, "blue") == 1500 - paid


# --- the Beggars ------------------------------------------------------------------------------

@pytest.mark.parametrize("answer, taken", [("take", 150), ("leave", 0)])
def test_the_beggars_may_take_a_tenth_of_the_cash_of_a_token_they_meet(answer: str, taken: int) -> None:
    """L72, R35."""
    state = variant("beggars", "fools")
    state.token("blue").square = 10
    state.token("red").square = 7
    game = do(start(state, "red"), "roll", (1, 2))
    assert asked(game) == "morpoly.beggars.tithe" and game.question is not None and game.question.player == "red"
    game = do(game, answer)
    assert cash(game, "red") == 1500 + taken and cash(game, "blue") == 1500 - taken


def test_no_tithe_from_a_prisoner() -> None:
    state = variant("beggars", "fools")
    state.token("blue").square, state.token("blue").in_jail = 10, True
    state.token("red").square = 7
    game = do(start(state, "red"), "roll", (1, 2))
    assert asked(game) == "morpoly.turn.menu" and cash(game, "blue") == 1500


def test_a_tithe_is_a_payment_the_merchants_cover() -> None:
    """R32: the tithe counts for the Merchants' cover; they pay it on blue's behalf."""
    state = variant("beggars", "fools", "merchants")
    state.token("blue").square = 10
    state.token("red").square = 7
    state.ledger = Ledger((Fsu(1, "green", "blue", "blue", 39, 100, frozenset({Cover.MUST_PAY}), False),), 2)
    game = do(start(state, "red"), "roll", (1, 2), "take")
    assert cash(game, "red") == 1650 and cash(game, "blue") == 1500 and cash(game, "green") == 1350


# --- the Patrician ----------------------------------------------------------------------------

@pytest.mark.parametrize("patrician, to_patrician", [(True, 200), (False, 0)])
def test_taxes_go_to_the_patrician(patrician: bool, to_patrician: int) -> None:
    state = variant("beggars", "patrician" if patrician else "fools")
    game = do(start(state, "red"), "roll", (1, 3))  # Income Tax
    assert cash(game, "red") == 1300 and cash(game, "blue") == 1500 + to_patrician


@pytest.mark.parametrize("setting, to_patrician", [("no", 0), ("yes", 200)])
def test_taxes_owed_to_a_jailed_patrician_by_the_option(setting: str, to_patrician: int) -> None:
    """L9 ("Im Gefängnis keine Gelder eingenommen"), L97, B1, R41: with the Patrician in jail red's
    Income Tax goes to the bank — or to the Patrician under ``patrician-collects-in-jail``."""
    state = variant("beggars", "patrician")
    state.rules["patrician-collects-in-jail"] = setting
    state.token("blue").square, state.token("blue").in_jail = 10, True
    bank = state.bank.cash
    game = do(start(state, "red"), "roll", (1, 3))
    assert cash(game, "red") == 1300 and cash(game, "blue") == 1500 + to_patrician
    assert game.state.bank.cash == bank + 200 - to_patrician


def test_the_patrician_pays_no_tax() -> None:
    state = variant("patrician", "beggars")
    game = do(start(state, "red"), "roll", (1, 3))
    assert cash(game, "red") == 1500 and "morpoly.patrician.no-tax" in keys(game)


def test_interest_at_go_goes_to_the_patrician() -> None:
    """Appendix 12: Park Place (175) and Reading (100) mortgaged: salary 200, interest 27; an exact
    landing on GO pays 400 and still 27."""
    for roll_faces, salary in (((2, 3), 200), ((1, 2), 400)):
        state = variant("beggars", "patrician")
        own(state, "red", 37, 5, mortgaged=True)
        state.token("red").square = 37
        state.token("blue").square = 20
        game = do(start(state, "red"), "roll", roll_faces)
        assert cash(game, "red") == 1500 + salary - 27 and cash(game, "blue") == 1527


@pytest.mark.parametrize("rounding, tenth", [("down", 17), ("nearest", 18)])
def test_lifting_a_mortgage_pays_its_tenth_to_the_patrician_rounded_by_the_option(rounding: str, tenth: int) -> None:
    """L16 ("1/10 des Hypothekenwertes … wenn er über Los kommt oder sie wieder auflöst"), B8, R6
    ("1/10 of mortgages"): lifting Park Place (mortgage 175, appendix 12) costs 175 + 17.5 rounded:
    17 down, 18 to the nearest; the tenth goes to the Patrician."""
    state = variant("beggars", "patrician")
    state.rules["rounding"] = rounding
    own(state, "red", 37, mortgaged=True)
    game = do(start(state, "red"), "lift:37")
    assert not game.state.squares[37].mortgaged
    assert cash(game, "red") == 1500 - 175 - tenth and cash(game, "blue") == 1500 + tenth


def test_the_patrician_buys_out_a_mortgaged_square() -> None:
    """Appendix 11 (R40): on a mortgaged Boardwalk he pays the owner 400 + 200; the mortgage is gone."""
    state = variant("patrician", "beggars")
    own(state, "blue", 39, mortgaged=True)
    state.token("red").square = 34
    game = do(start(state, "red"), "roll", (1, 4))
    assert asked(game) == "morpoly.patrician.buy-out"
    game = do(game, "buy-out")
    assert cash(game, "red") == 900 and cash(game, "blue") == 2100
    assert game.state.squares[39].owner == "red" and not game.state.squares[39].mortgaged
    assert not check_invariants(game.state)


@pytest.mark.parametrize("setting, paid", [("price-plus-mortgage", 400 + 200), ("price-only", 400)])
def test_the_buy_out_price_by_the_option(setting: str, paid: int) -> None:
    """Appendix 11, L96 ("Kaufpreis + Hypothek an den Besitzer"), R40: the owner of the mortgaged
    Boardwalk gets 600 — or only the printed 400 under ``patrician-buyout=price-only``."""
    state = variant("patrician", "beggars")
    state.rules["patrician-buyout"] = setting
    own(state, "blue", 39, mortgaged=True)
    state.token("red").square = 34
    game = do(start(state, "red"), "roll", (1, 4), "buy-out")
    assert cash(game, "red") == 1500 - paid and cash(game, "blue") == 1500 + paid
    assert game.state.squares[39].owner == "red" and not game.state.squares[39].mortgaged


def _patrician_lands_on_a_jailed_owners_mortgaged_boardwalk(owner_guild: str) -> Game:
    """Red (the Patrician) rolls 34 -> 39, Boardwalk, mortgaged by blue, whose token sits in jail."""
    state = variant("patrician", owner_guild)
    own(state, "blue", 39, mortgaged=True)
    state.token("blue").square, state.token("blue").in_jail = 10, True
    state.token("red").square = 34
    return do(start(state, "red"), "roll", (1, 4))


def test_no_buy_out_from_an_owner_in_jail() -> None:
    """B1 (L9): "Im Gefängnis [können] keine Gelder eingenommen oder Handel abgeschlossen werden
    (Ausnahme: Diebe)" — the buy-out pays the owner (L96, "Kaufpreis + Hypothek an den Besitzer"),
    so a Patrician on the mortgaged square of an owner in jail is not offered it; a Thief owner in
    jail still does business (L36) and is bought out."""
    game = _patrician_lands_on_a_jailed_owners_mortgaged_boardwalk("beggars")
    assert asked(game) == "morpoly.turn.menu"
    assert cash(game, "red") == 1500 and cash(game, "blue") == 1500
    assert game.state.squares[39].owner == "blue" and game.state.squares[39].mortgaged
    game = _patrician_lands_on_a_jailed_owners_mortgaged_boardwalk("thieves")
    assert asked(game) == "morpoly.patrician.buy-out"


def test_no_buy_out_for_others_and_the_patrician_never_mortgages() -> None:
    state = variant("fools", "beggars")
    own(state, "blue", 39, mortgaged=True)
    state.token("red").square = 34
    game = do(start(state, "red"), "roll", (1, 4))
    assert asked(game) == "morpoly.turn.menu" and cash(game, "red") == 1500
    state = variant("patrician", "beggars")
    own(state, "red", 39)
    game = start(state, "red")
    assert game.question is not None and "mortgage:39" not in game.question.options
    with pytest.raises(InputError):
        apply(game, Answer("mortgage:39"))


# --- the Merchants ----------------------------------------------------------------------------

@pytest.mark.parametrize("answer, owner", [("buy", "green"), ("leave", None)])
def test_the_merchants_may_buy_what_another_declines(answer: str, owner: str | None) -> None:
    """L62, R31: right after red declines Oriental Avenue the Merchants are asked."""
    state = variant("beggars", "fools", "merchants")
    game = do(start(state, "red"), "roll", (2, 4), "decline")
    assert asked(game) == "morpoly.merchants.buy" and game.question is not None and game.question.player == "green"
    game = do(game, answer)
    assert game.state.squares[6].owner == owner and cash(game, "green") == (1400 if owner else 1500)


def test_the_merchants_are_not_asked_from_jail_or_about_their_own_decline() -> None:
    state = variant("beggars", "fools", "merchants")
    state.token("green").square, state.token("green").in_jail = 10, True
    game = do(start(state, "red"), "roll", (2, 4), "decline")
    assert asked(game) == "morpoly.turn.menu"
    state = variant("merchants", "fools")
    game = do(start(state, "red"), "roll", (2, 4), "decline")
    assert asked(game) == "morpoly.turn.menu"


def test_merchants_cover_a_tax_in_standard_play_nothing_changes() -> None:
    """Standard Monopoly (base=standard) has no ledger: a tax goes to the bank, even with guilds."""
    state = table(("red", "blue"), base="standard")
    state.parties[1].guilds = ["patrician"]
    game = do(start(state, "red"), "roll", (1, 3))
    assert cash(game, "red") == 1300 and cash(game, "blue") == 1500
    assert state_to_json(game.state)["fsus"] == [] and state_to_json(game.state)["fsu_next_id"] == 1


@pytest.mark.parametrize("answer", ["swap", "keep"])
def test_the_merchants_may_swap_when_the_two_tokens_stand_on_each_others_squares(answer: str) -> None:
    """L58–61, R30: green (Merchants) arrives on blue's Illinois (240) while blue stands on green's
    Oriental (100): swapping, the Merchants receive the dearer square and pay 140."""
    state = variant("beggars", "fools", "merchants")
    own(state, "blue", 24)
    own(state, "green", 6)
    state.token("blue").square = 6
    state.token("green").square = 20
    game = do(start(state, "green"), "roll", (1, 3))
    assert asked(game) == "morpoly.merchants.swap" and game.question is not None and game.question.player == "green"
    game = do(game, answer)
    swapped = answer == "swap"
    assert game.state.squares[24].owner == ("green" if swapped else "blue")
    assert game.state.squares[6].owner == ("blue" if swapped else "green")
    assert cash(game, "green") == 1500 - 20 - (140 if swapped else 0)
    assert cash(game, "blue") == 1500 + 20 + (140 if swapped else 0)


@pytest.mark.parametrize(("theirs", "ours", "key", "payer", "payee", "difference"), [
    (24, 6, "morpoly.merchants.swap", "green", "blue", "$140"),   # the Merchants get Illinois (240) for Oriental (100)
    (6, 24, "morpoly.merchants.swap", "blue", "green", "$140"),   # blue gets the dearer Illinois: blue pays
    (25, 5, "morpoly.merchants.swap-even", None, None, None),     # two stations, both 200: nobody pays
])
def test_the_merchants_swap_says_who_pays_whom_how_much_before_they_answer(
        theirs: int, ours: int, key: str, payer: str | None, payee: str | None, difference: str | None) -> None:
    """R30: whoever receives the dearer square pays the difference; the question says so."""
    state = variant("beggars", "fools", "merchants")
    own(state, "blue", theirs)
    own(state, "green", ours)
    state.token("blue").square = ours
    state.token("green").square = theirs - 4
    game = do(start(state, "green"), "roll", (1, 3))
    assert asked(game) == key and game.question is not None
    params = dict(game.question.params)
    assert (params.get("payer"), params.get("payee"), params.get("difference")) == (payer, payee, difference)
    if payer is not None:
        assert game.question.text.endswith(f"{payer} pays {payee} {difference}")
        before = cash(game, payer)
        after = do(game, "swap")
        assert cash(after, payer) == before - 140


@pytest.mark.parametrize("setting, offered", [("no", True), ("yes", False)])
def test_the_merchants_swap_pubs_unless_streets_only(setting: str, offered: bool) -> None:
    """L58–61 ("Tausch von Straßen"), R13: "Straßen" read broadly, the Merchants on blue's B&O (25)
    while blue stands on their Reading (5) may swap the two pubs — not under
    ``merchant-swap-streets-only``."""
    state = variant("beggars", "fools", "merchants")
    state.rules["merchant-swap-streets-only"] = setting
    own(state, "blue", 25)
    own(state, "green", 5)
    state.token("blue").square = 5
    state.token("green").square = 21
    game = do(start(state, "green"), "roll", (1, 3))
    assert (asked(game) == "morpoly.merchants.swap-even") is offered


@pytest.mark.parametrize("setting, offered", [("no", True), ("yes", False)])
def test_the_merchants_may_buy_a_declined_pub_unless_streets_only(setting: str, offered: bool) -> None:
    """L62 ("Können Straßen kaufen, die von anderen Spielern nicht gekauft werden"), R13: red declines
    Reading Railroad (5); the Merchants are asked — not under ``merchant-swap-streets-only``."""
    state = variant("patrician", "fools", "merchants")
    state.rules["merchant-swap-streets-only"] = setting
    game = do(start(state, "red"), "roll", (2, 3), "decline")
    assert (asked(game) == "morpoly.merchants.buy") is offered


def test_no_swap_when_a_group_is_complete() -> None:
    state = variant("beggars", "fools", "merchants")
    own(state, "blue", 21, 23, 24)
    own(state, "green", 6)
    state.token("blue").square = 6
    state.token("green").square = 20
    game = do(start(state, "green"), "roll", (1, 3))
    assert asked(game) == "morpoly.turn.menu"


@pytest.mark.parametrize("guild, kept", [("watch", False), ("beggars", True)])
def test_the_watch_returns_a_get_out_of_jail_card_at_once(guild: str, kept: bool) -> None:
    """L53: a get-out-of-jail card the Watch draws goes straight back under its deck."""
    state = variant(guild, "fools")
    state.token("red").square = 4
    game = do(start(state, "red"), "roll", (1, 2), "chance.jail-free")
    assert (game.state.party("red").jail_cards == ["chance.jail-free"]) is kept


@pytest.mark.parametrize("returns", [False, True])
def test_a_thief_is_caught_by_a_token_arriving_while_he_is_still_there(returns: bool) -> None:
    """L35, R26: the danger lasts until the Thief's token leaves the square; the loot is kept (or
    given back under ``caught-returns-loot``)."""
    state = variant("thieves", "fools", "patrician")
    if returns:
        state.rules["caught-returns-loot"] = "yes"
    own(state, "blue", 24)
    state.token("red").square = 20
    state.token("blue").square = 0
    state.token("green").square = 21
    game = do(start(state, "red"), "roll", (1, 3))
    assert not game.state.token("red").in_jail and cash(game, "red") == 1520
    assert game.state.thefts == {"red": (24, "blue", 20)}
    game = do(game, "roll", (2, 3), "decline")  # blue: 0 → 5, Reading (declined)
    game = do(game, "roll", (1, 2))  # green: 21 → 24, onto the Thief: caught
    assert game.state.token("red").in_jail and game.state.thefts == {}
    assert cash(game, "red") == (1500 if returns else 1520)


def test_a_thief_who_did_not_steal_there_or_moved_on_is_not_caught() -> None:
    """Only a theft makes the square dangerous: a Thief placed there by a correction is not caught,
    and one who stole and then moved on leaves nothing behind."""
    state = variant("thieves", "fools", "patrician")
    own(state, "blue", 24)
    state.token("green").square = 21
    game = do(start(state, "blue"), "place:red:24", "roll", (2, 3), "decline")  # blue: 0 → 5
    game = do(game, "roll", (1, 2))  # green: 21 → 24, where red stands without having stolen
    assert not game.state.token("red").in_jail and game.state.thefts == {}
    state = variant("thieves", "fools", "patrician")
    own(state, "blue", 24)
    state.token("red").square = 20
    game = do(start(state, "red"), "roll", (1, 3))
    assert game.state.thefts == {"red": (24, "blue", 20)}
    game = do(game, "roll", (2, 3), "decline", "roll", (2, 3), "decline")  # blue, green: 0 → 5
    game = do(game, "roll", (1, 2), "decline")  # red moves on: 24 → 27
    assert game.state.thefts == {}


def test_interest_follows_the_rounding_ruling() -> None:
    """R6 by option: 275 / 10 rounds to 28 with ``rounding=nearest``."""
    state = variant("beggars", "patrician")
    state.rules["rounding"] = "nearest"
    own(state, "red", 37, 5, mortgaged=True)
    state.token("red").square = 37
    state.token("blue").square = 20
    game = do(start(state, "red"), "roll", (2, 3))
    assert cash(game, "blue") == 1528
