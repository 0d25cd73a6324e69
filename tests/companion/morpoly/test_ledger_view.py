"""The exposure view (reference §8.1) the FSU ledger screen draws, from the worked example of §2.6:
Red (Beggars) holds an FSU from Blue (City Watch) bought on Park Place (37) for $1,100; it ends when
Red passes 37 and pays when Red is jailed (Go To Jail, 30). Built with the kit's Fsu and Ledger."""
from __future__ import annotations

from fractions import Fraction

from companion.core.inputs import Answer
from companion.core.mode import get_mode, resolve_options
from companion.morpoly import ledger_view
from companion.morpoly.covers import Cover
from companion.morpoly.editions import load_edition
from companion.morpoly.fsu import Fsu, Ledger, Status
from companion.morpoly.game import Game
from companion.morpoly.state import State

MODE = get_mode("ankh-morpoly")


def set_up(guilds: tuple[str, ...] = ("beggars", "watch", "undead"), **options: str) -> Game:
    game: Game = MODE.new_game(["red", "blue", "green"], resolve_options(MODE.options, options), None, 1)
    for guild in guilds:
        game = MODE.apply(game, Answer(guild))
    return game


def worked_example(red_square: int = 24) -> State:
    state = set_up().state.copy()
    state.squares[37].owner, state.squares[37].houses = "blue", 3
    state.squares[39].owner, state.squares[39].houses = "blue", 1
    state.token("red").square = red_square
    park_place = Fsu(1, "blue", "red", "red", 37, 1100, frozenset({Cover.JAILED}), False)
    ended = Fsu(2, "green", "red", "red", 11, 50, frozenset({Cover.CEMETERY}), False, status=Status.EXPIRED)
    state.ledger = Ledger((ended, park_place), 3)
    return state


def test_every_active_fsu_with_its_parties_square_premium_and_covers() -> None:
    lines = ledger_view.exposure(worked_example())
    assert len(lines) == 1  # the expired one is not shown
    line = lines[0]
    assert (line.insurer, line.beneficiary, line.holder_token, line.square, line.premium) == ("blue", "red", "red", 37, 1100)
    assert line.covers == ("watch",)


def test_ends_when_the_holder_passes_the_square() -> None:
    line = ledger_view.exposure(worked_example(red_square=24))[0]
    assert line.squares_ahead == 13 and line.chance_to_end == 0  # 2d6 never walks 13
    line = ledger_view.exposure(worked_example(red_square=30))[0]
    assert line.squares_ahead == 7 and line.chance_to_end == Fraction(21, 36)  # 7 or more
    line = ledger_view.exposure(worked_example(red_square=37))[0]
    assert line.squares_ahead == 40  # bought here: one full lap (L26)


def test_the_chance_the_next_roll_triggers_a_claim() -> None:
    """The Watch's cover pays when Red goes to jail: from 24, a 6 lands on Go To Jail (5/36)."""
    line = ledger_view.exposure(worked_example(red_square=24))[0]
    assert line.claim_squares == (30,) and line.chance_of_claim == Fraction(5, 36)
    state = worked_example(red_square=24)
    state.token("red").square, state.token("red").in_jail = 10, True
    assert ledger_view.exposure(state)[0].chance_of_claim == 0  # a jailed token lands nowhere


def test_what_a_claim_pays() -> None:
    """§2.6: the Watch pays Red 3 × 1,100 = $3,300 when Red lands on Go To Jail (L26: "die
    Rückzahlung der dreifachen Summe"); a Fool insurer may roll to change it (table C, L125)."""
    line = ledger_view.exposure(worked_example())[0]
    assert line.payout == 3300 and not line.fool_modifiable
    state = worked_example()
    state.ledger = Ledger((Fsu(1, "blue", "red", "red", 37, 1100, frozenset({Cover.CHANCE}), True),), 2)
    line = ledger_view.exposure(state)[0]
    assert line.payout == 3300 and line.fool_modifiable


def test_covers_that_hang_on_play_have_no_chance() -> None:
    state = worked_example()
    state.ledger = Ledger((Fsu(1, "blue", "red", "red", 37, 1100, frozenset({Cover.ROBBED}), False),), 2)
    line = ledger_view.exposure(state)[0]
    assert line.claim_squares == () and line.chance_of_claim is None


def test_an_undead_fsu_pays_on_the_insurers_cemeteries() -> None:
    """Green (Undead) owns an unbuilt Kentucky Avenue (21) and a pub (25): both are cemeteries."""
    state = worked_example(red_square=18)
    state.squares[21].owner = state.squares[25].owner = "green"
    state.ledger = Ledger((Fsu(1, "green", "red", "red", 37, 300, frozenset({Cover.CEMETERY}), False),), 2)
    line = ledger_view.exposure(state)[0]
    assert line.claim_squares == (21, 25) and line.chance_of_claim == Fraction(2 + 6, 36)  # a 3 or a 7


def test_the_mode_publishes_it_in_its_view() -> None:
    game = set_up()
    game.state.ledger = worked_example().ledger  # the view reads the state as it is
    doc = MODE.view(game, None)
    assert doc["format"] == "ankh-morpoly-state/1"
    assert doc["exposure"] == [{"fsu": 1, "insurer": "blue", "beneficiary": "red", "token": "red", "square": 37,
                                "premium": 1100, "covers": ["watch"], "squares_ahead": 37,
                                "chance_to_end": "0", "claim_squares": [30], "chance_of_claim": "0",
                                "payout": 3300, "fool_modifiable": False}]
    assert doc["next_rolls"][0] == {"token": "red", "square": 0, "in_jail": False, "chance": "1/6", "chest": "1/36"}


def test_what_a_landing_costs_now() -> None:
    state, us = worked_example(), load_edition("us")
    assert ledger_view.charge_now(state, us, 37) == ledger_view.Charge("premium", 1100)  # built: B5
    state.squares[37].houses = 0
    assert ledger_view.charge_now(state, us, 37) == ledger_view.Charge("rent", 70)  # unbuilt, whole group: 2 × 35
    assert ledger_view.charge_now(state, us, 1) == ledger_view.Charge("none", 0)  # the bank's
    state.squares[12].owner = "green"
    assert ledger_view.charge_now(state, us, 12) == ledger_view.Charge("per-pip", 4)
    state.squares[37].houses = 3
    state.token("blue").square, state.token("blue").in_jail = 10, True
    assert ledger_view.charge_now(state, us, 37) == ledger_view.Charge("none", 0)  # B1: Blue sits in jail
    standard = set_up((), base="standard").state.copy()  # plain Monopoly asks no guilds
    standard.squares[37].owner, standard.squares[37].houses = "blue", 3
    assert ledger_view.charge_now(standard, us, 37) == ledger_view.Charge("rent", 1100)


def test_fsus_on_a_square() -> None:
    state = worked_example()
    assert [line.fsu_id for line in ledger_view.fsus_on(state, 37)] == [1]
    assert ledger_view.fsus_on(state, 11) == ()


def test_the_opposite_pairing_is_drawn_for_the_wizards_and_the_fools_only() -> None:
    from companion.morpoly.board_view import OppositePair, opposite_pairs
    state = set_up(("wizards", "watch", "fools")).state.copy()
    state.token("red").square, state.token("green").square, state.token("blue").square = 7, 25, 12
    assert opposite_pairs(state) == (OppositePair("red", 7, 27), OppositePair("green", 25, 5))
    state.token("green").square, state.token("green").in_jail = 10, True
    assert [p.token for p in opposite_pairs(state)] == ["red"]
    assert opposite_pairs(worked_example()) == ()  # Beggars, Watch, Undead: nobody goes opposite
