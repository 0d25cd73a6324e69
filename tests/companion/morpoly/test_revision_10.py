"""Rules revision 10 (``companion.morpoly.revisions.FORTUNA_AND_FOOLS_AUDITED``), the audit of Fortuna
and the Fools' cards: each finding played on a position taken from the German source, under revision
10 and under revision 9, which a journal written before it must replay as it was played."""
from __future__ import annotations

import pytest

from companion.morpoly.game import Game
from companion.morpoly.invariants import check_invariants
from companion.morpoly.revisions import AUDITED, FORTUNA_AND_FOOLS_AUDITED, LATEST
from companion.morpoly.state import State
from companion.morpoly.state_format import state_from_json, state_to_json
from morpoly_table import cash, do, key, own, start, table

BOTH = pytest.mark.parametrize("revision", [AUDITED, FORTUNA_AND_FOOLS_AUDITED])


def test_revision_10_came_after_9_and_before_the_latest() -> None:
    assert AUDITED + 1 == FORTUNA_AND_FOOLS_AUDITED == 10 < LATEST


def fortuna(players: tuple[str, ...], revision: int) -> State:
    state = table(players, base="variant")
    state.rules["fortuna"] = "on"
    state.revision = revision
    return state


def poorer(state: State, party: str, by: int) -> None:
    """``party`` has ``by`` less, the bank ``by`` more (money stays where it was: the checks hold)."""
    state.party(party).cash -= by
    state.bank.cash += by


def split_past_go(state: State) -> Game:
    """Red (the Undead) on Luxury Tax (38) rolls 1 and 3 and splits: one half on Boardwalk (39),
    the other past GO on Mediterranean Avenue (1), which red keeps (L83–84). Blue stands on 20."""
    state.party("red").guilds = ["undead"]
    state.token("red").square, state.token("blue").square = 38, 20
    game = do(start(state), "roll", (1, 3))
    if key(game) == "morpoly.fortuna.window":
        game = do(game, "play-on")
    game = do(game, "split", "decline", "decline", "second")
    assert game.state.token("red").square == 1  # the half past GO kept
    assert [line.key for line in game.narration].count("morpoly.undead.kept") == 1
    return game


@BOTH
def test_an_undead_half_kept_past_go_with_the_least_cash_earns_a_fortuna_token(revision: int) -> None:
    """L159: "Jeder Spieler, der über Los geht, und in diesem Moment am wenigsten Bargeld hat, bekommt
    nach Abschluss seines Zuges eine Fortuna-Marke"; L84: the half kept past GO has passed it (its
    salary is paid). Red has $100 less than blue."""
    state = fortuna(("red", "blue"), revision)
    poorer(state, "red", 100)
    game = split_past_go(state)
    assert cash(game, "red") == 1400 + 200
    assert game.state.fortuna == (["red"] if revision >= FORTUNA_AND_FOOLS_AUDITED else [])
    assert game.state.fortuna_earned == []  # the turn is over: handed out, or never earned


@BOTH
def test_an_undead_half_kept_past_go_without_the_least_cash_gives_its_token_up(revision: int) -> None:
    """L163: "Wer über Los geht, eine Fortuna-Marke hat, aber nicht am wenigsten Bargeld, muss diese
    abgeben." Red holds a token and has $100 more than blue."""
    state = fortuna(("red", "blue"), revision)
    poorer(state, "blue", 100)
    state.fortuna = ["red"]
    game = split_past_go(state)
    assert cash(game, "red") == 1500 + 200
    assert game.state.fortuna == ([] if revision >= FORTUNA_AND_FOOLS_AUDITED else ["red"])


@BOTH
def test_a_token_taken_over_stands_for_the_one_the_taker_earned_this_turn(revision: int) -> None:
    """L154: "Das Team kann zusammen nur eine Fortuna-Marke haben"; L160: "Kein Spieler kann mehr als
    eine Fortuna-Marke haben." Red and blue have $5 each, blue holds a token; red walks from 36 past
    GO (tied for the least cash: it earns one) onto Community Chest and draws "It is your birthday":
    blue cannot pay its $10 and red takes it over, with blue's token."""
    state = fortuna(("red", "blue", "green"), revision)
    poorer(state, "red", 1495)
    poorer(state, "blue", 1495)
    state.fortuna = ["blue"]
    state.token("red").square, state.token("blue").square, state.token("green").square = 36, 20, 20
    game = do(start(state), "roll", (3, 3), "play-on")
    assert game.state.fortuna_earned == ["red"] and game.state.fortuna == ["blue"]
    game = do(game, "chest.birthday")
    assert [p.id for p in game.state.parties] == ["red", "green"] and game.state.fortuna == ["red"]
    if revision >= FORTUNA_AND_FOOLS_AUDITED:
        assert game.state.fortuna_earned == [] and check_invariants(game.state) == []
        assert state_from_json(state_to_json(game.state)) == game.state  # the position exports
    else:  # as revision 9 played it: a token held and another waited for, which the checks name
        assert game.state.fortuna_earned == ["red"]
        assert any("Fortuna" in problem for problem in check_invariants(game.state))


def fools(revision: int, red_on: int = 4) -> State:
    """Red heads the Fools on ``red_on``; blue, no guild, stands on Electric Company (12)."""
    state = table(("red", "blue"), base="variant")
    state.revision = revision
    state.party("red").guilds = ["fools"]
    state.token("red").square, state.token("blue").square = red_on, 12
    return state


def doubled(state: State, card: str) -> Game:
    """Red rolls 1 and 2 onto Chance, draws ``card`` and rolls 2 and 2 on table A: doubles, "verdoppelt
    sich die Summe, welche sie zahlen/bekommen würden" (L112, R44)."""
    game = do(start(state), "roll", (1, 2), card, "modify", (2, 2))
    assert any(line.key == "morpoly.card.fool-doubled" for line in game.narration)
    return game


@BOTH
def test_the_fools_doubles_double_the_go_money_of_advance_to_go(revision: int) -> None:
    """"Advance to Go (Collect $200)": an exact landing by the card pays double (L15, R3), $400;
    doubled by the Fool, $800."""
    game = doubled(fools(revision), "chance.advance-go")
    assert game.state.token("red").square == 0
    assert cash(game, "red") == 1500 + (800 if revision >= FORTUNA_AND_FOOLS_AUDITED else 400)


@BOTH
def test_the_fools_doubles_double_the_salary_an_advance_card_pays_on_the_way(revision: int) -> None:
    """"Advance to Illinois Avenue. If you pass Go, collect $200", drawn on 36: $400 doubled."""
    game = doubled(fools(revision, red_on=33), "chance.advance-illinois")
    assert key(game) == "morpoly.deed.buy" and game.state.token("red").square == 24
    assert cash(game, "red") == 1500 + (400 if revision >= FORTUNA_AND_FOOLS_AUDITED else 200)


@BOTH
def test_the_fools_doubles_double_the_nearest_railroads_twice_the_rental(revision: int) -> None:
    """"Advance to the nearest Railroad … pay the owner twice the rental": blue owns Pennsylvania
    Railroad (15) alone, $25; twice, $50; doubled by the Fool, $100."""
    state = fools(revision)
    own(state, "blue", 15)
    game = doubled(state, "chance.nearest-railroad-1")
    paid = 100 if revision >= FORTUNA_AND_FOOLS_AUDITED else 50
    assert (cash(game, "red"), cash(game, "blue")) == (1500 - paid, 1500 + paid)


@BOTH
def test_the_fools_doubles_double_the_nearest_utilitys_ten_times_the_throw(revision: int) -> None:
    """"Advance token to nearest Utility … pay owner a total ten times amount thrown": blue owns
    Electric Company (12), red throws 3 and 4, $70; doubled by the Fool, $140."""
    state = fools(revision)
    own(state, "blue", 12)
    game = doubled(state, "chance.nearest-utility")
    assert key(game) == "morpoly.roll.utility-card"
    game = do(game, (3, 4))
    paid = 140 if revision >= FORTUNA_AND_FOOLS_AUDITED else 70
    assert (cash(game, "red"), cash(game, "blue")) == (1500 - paid, 1500 + paid)


def test_a_plain_advance_cards_ordinary_rent_is_the_squares_not_doubled() -> None:
    """Only the card's own money is doubled: "Advance to Boardwalk" sends red onto blue's Boardwalk,
    whose rent is the square's ($50), not the card's."""
    state = fools(LATEST)
    own(state, "blue", 39)
    game = doubled(state, "chance.advance-boardwalk")
    assert game.state.token("red").square == 39
    assert (cash(game, "red"), cash(game, "blue")) == (1500 - 50, 1500 + 50)
