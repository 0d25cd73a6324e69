"""Rules revision 12 (``companion.morpoly.revisions.MANAGE_AT_ANY_MENU``): Monopoly as printed lets an owner
"buy and erect at any time as many houses as your judgment and financial standing will allow", and
mortgage and lift at any time, not only on its own turn (the variant keeps "die normalen
Monopoly-Regeln", L8). Every menu offers ``others-manage`` when a party other than the menu's own has a
legal build, sale, mortgage or lift; the table names the party (``morpoly.manage.party``), whose boss
answers ``morpoly.manage.what`` until ``done``. The legality is :func:`building.management_options`'s,
the own turn's: in the variant the hotel rule reads the turn in progress (B4, R11), and a jailed party
without the Thieves keeps its building and mortgages (B1 forbids deals and income, R10)."""
from __future__ import annotations

import random

import pytest

from companion.core.errors import InputError
from companion.morpoly import building
from companion.morpoly.editions import load_edition
from companion.morpoly.revisions import LATEST, MANAGE_AT_ANY_MENU
from companion.morpoly.state import State
from companion.morpoly.state_format import state_to_json
from companion.morpoly.turn import menu_options, other_managers
from morpoly_table import asked, cash, do, menu, own, start, table

US = load_edition("us")


def test_managing_at_any_menu_came_with_revision_12() -> None:
    assert MANAGE_AT_ANY_MENU == 12 < LATEST and table().revision == LATEST


def test_blue_builds_on_reds_turn() -> None:
    """Red about to roll; blue holds the dark blues (37, 39) and puts two houses on them, evenly, then
    red's menu comes back and red rolls as before."""
    state = table()
    own(state, "blue", 37, 39)
    game = start(state)
    before = menu(game)
    assert "others-manage" in before and not any(o.startswith("build:") for o in before)
    game = do(game, "others-manage")  # only blue can: no question which party
    options = asked(game, "morpoly.manage.what", "blue")
    assert options == ("build:37", "mortgage:37", "build:39", "mortgage:39", "done")
    game = do(game, "build:37")
    assert game.state.squares[37].houses == 1 and cash(game, "blue") == 1500 - 200
    assert game.state.bank.houses == 31
    line = game.narration[-1]
    assert line.key == "morpoly.building.built" and dict(line.params)["party"] == "blue"
    assert asked(game, "morpoly.manage.what", "blue") == ("sell:37", "build:39", "done")  # evenly
    game = do(game, "build:39", "done")
    assert game.state.squares[39].houses == 1 and cash(game, "blue") == 1500 - 400
    assert menu(game) == ("roll", "others-manage")  # blue's built group trades no more; its houses may be sold
    game = do(game, "roll", (1, 2))
    assert game.state.token("red").square == 3


def test_blue_mortgages_and_lifts_on_reds_turn() -> None:
    state = table()
    own(state, "blue", 1)  # Mediterranean Avenue: mortgage 30, lifted for 33
    game = do(start(state), "others-manage")
    assert asked(game, "morpoly.manage.what", "blue") == ("mortgage:1", "done")
    game = do(game, "mortgage:1")
    assert game.state.squares[1].mortgaged and cash(game, "blue") == 1530
    assert game.narration[-1].key == "morpoly.deed.mortgaged"
    assert asked(game, "morpoly.manage.what", "blue") == ("lift:1", "done")
    game = do(game, "lift:1")
    assert not game.state.squares[1].mortgaged and cash(game, "blue") == 1530 - 33
    assert game.narration[-1].key == "morpoly.deed.lifted"
    game = do(game, "done")
    assert "others-manage" in menu(game)


def test_a_boss_sells_on_anothers_turn() -> None:
    state = table()
    own(state, "blue", 37, 39, houses=1)
    game = do(start(state), "others-manage", "sell:39", "done")
    assert game.state.squares[39].houses == 0 and cash(game, "blue") == 1600
    assert game.state.bank.houses == 32 - 1


def test_only_parties_with_something_legal_are_offered() -> None:
    """Green owns only a mortgaged square it cannot afford to lift: nothing to do, so not named;
    yellow owns nothing. Red's own party is its menu's own (``mortgage:1`` there), not named either."""
    state = table(("red", "blue", "green", "yellow"))
    own(state, "red", 1)
    own(state, "blue", 3)
    own(state, "green", 6, mortgaged=True)
    state.party("green").cash = 10
    game = start(state)
    assert "mortgage:1" in menu(game) and "others-manage" in menu(game)
    assert other_managers(game.state, US, "red") == ["blue"]
    game = do(game, "others-manage")  # blue alone: asked at once
    assert asked(game, "morpoly.manage.what", "blue") == ("mortgage:3", "done")


def test_the_table_names_the_party_in_seating_order() -> None:
    state = table(("red", "blue", "green", "yellow"))
    own(state, "green", 6)
    own(state, "blue", 3)
    game = do(start(state), "others-manage")
    assert asked(game, "morpoly.manage.party", "red") == ("blue", "green", "cancel")
    assert dict(game.question.params) == {"token": "red"}  # type: ignore[union-attr]
    game = do(game, "green")
    assert asked(game, "morpoly.manage.what", "green") == ("mortgage:6", "done")


def test_no_other_manage_when_no_other_party_can() -> None:
    state = table()
    own(state, "red", 1)
    assert "others-manage" not in menu(start(state))
    state.party("blue").cash = 0
    own(state, "blue", 3, mortgaged=True)  # owned, but the lift is unaffordable and nothing else is legal
    assert "others-manage" not in menu(start(state))
    state.party("blue").cash = 33
    assert "others-manage" in menu(start(state))
    with pytest.raises(InputError):
        do(start(table()), "others-manage")


def team(state: State) -> None:
    """Green took blue over (R57: only green, the boss, builds and mortgages for the team)."""
    state.party("green").tokens.append("blue")
    state.token("blue").party = "green"
    state.parties.remove(state.party("blue"))


def test_a_team_member_s_menu_offers_its_own_team_to_its_boss() -> None:
    """On blue's turn blue is not its team's boss: its menu has no ``build:`` of its own, but
    ``others-manage`` names its own team too, whose boss green answers."""
    state = table(("red", "blue", "green"), base="variant")
    team(state)
    own(state, "green", 37, 39)
    own(state, "red", 1)
    game = start(state, "blue")
    assert not any(o.startswith(("build:", "mortgage:")) for o in menu(game, "blue"))
    game = do(game, "others-manage")
    assert asked(game, "morpoly.manage.party", "blue") == ("red", "green", "cancel")
    game = do(game, "green")
    assert {"build:37", "build:39"} <= set(asked(game, "morpoly.manage.what", "green"))
    game = do(game, "build:37", "done")
    assert game.state.squares[37].houses == 1 and menu(game, "blue")


def test_cancel_and_done_change_nothing() -> None:
    state = table(("red", "blue", "green"))
    own(state, "blue", 37, 39)
    own(state, "green", 6)
    game = start(state)
    before = state_to_json(game.state)
    lines = len(game.narration)
    back = do(game, "others-manage", "cancel")
    assert menu(back) == menu(game) and state_to_json(back.state) == before and len(back.narration) == lines
    back = do(game, "others-manage", "blue", "done")
    assert menu(back) == menu(game) and state_to_json(back.state) == before and len(back.narration) == lines


def test_revision_11_menus_are_as_before() -> None:
    """A game recorded under revision 11 plays as it was: no ``others-manage`` and none accepted."""
    state = table()
    own(state, "blue", 37, 39)
    assert "others-manage" in menu(start(state))
    state.revision = 11
    game = start(state)
    assert menu(game) == ("roll", "trade", "others-trade")
    assert other_managers(game.state, US, "red") == []
    with pytest.raises(InputError):
        do(game, "others-manage")


# -- the variant ----------------------------------------------------------------------------------------

def test_a_jailed_party_without_thieves_manages_as_on_its_own_turn() -> None:
    """B1 (L9): in jail a party "receives no money and concludes no deals", the Thieves excepted; R10
    reads it as no income from other players and no trades — mortgaging and selling houses stay
    allowed, and the own turn's menu of a jailed boss offers building and lifting too. So on red's
    turn the jailed Watch (blue) is offered exactly what its own menu offers, and its mortgage is paid."""
    state = table(("red", "blue", "green"), base="variant")
    state.party("blue").guilds = ["watch"]
    state.token("blue").in_jail, state.token("blue").square = True, 10
    own(state, "blue", 37, 39)
    own(state, "blue", 5)
    own(state, "green", 6, mortgaged=True)
    state.party("green").cash = 0
    game = start(state)
    edition = load_edition(game.state.edition)
    own_menu = [o for o in menu_options(game.state, edition, "blue") if o.startswith(("build:", "sell:", "mortgage:",
                                                                                         "lift:"))]
    game = do(game, "others-manage")  # green can do nothing: blue is asked at once
    options = asked(game, "morpoly.manage.what", "blue")
    assert list(options[:-1]) == own_menu == building.management_options(game.state, edition, "blue")
    assert {"build:37", "mortgage:5"} <= set(options) and options[-1] == "done"
    game = do(game, "mortgage:5", "build:37", "done")
    assert game.state.squares[5].mortgaged and game.state.squares[37].houses == 1
    assert cash(game, "blue") == 1500 + 100 - 200


def test_the_patrician_takes_no_mortgage_on_anothers_turn_either() -> None:
    """L98, R42: the Patrician can never take a mortgage — on another's turn no more than on his own."""
    state = table(("red", "blue"), base="variant")
    state.party("blue").guilds = ["patrician"]
    own(state, "blue", 5)
    assert "others-manage" not in menu(start(state))
    state.party("blue").guilds = ["watch"]
    assert "others-manage" in menu(start(state))


def test_the_hotel_rule_reads_the_turn_in_progress() -> None:
    """B4 (L12, R11): a hotel only on a street that had four houses when the turn in progress began,
    whoever's turn it is. Blue's dark blues stand at three houses when red's turn begins: blue builds
    the fourth on red's turn, but no hotel until the next turn begins; then on blue's own menu the
    hotel is there. The streets that had four houses at red's turn start take a hotel on red's turn."""
    state = table(("red", "blue"), base="variant")
    own(state, "blue", 37, 39, houses=3)
    game = do(start(state), "others-manage", "build:37", "build:39")
    assert game.state.squares[37].houses == game.state.squares[39].houses == 4
    assert not any(o.startswith("build:") for o in asked(game, "morpoly.manage.what", "blue"))
    game = do(game, "done", "roll", (1, 2), "decline")  # red to Baltic Avenue, not bought; blue's turn
    options = menu(game, "blue")
    assert "build:37" in options and "build:37" in dict(game.question.params)["hotels"].split(",")  # type: ignore[union-attr]

    state = table(("red", "blue"), base="variant")
    own(state, "blue", 37, 39, houses=4)
    game = do(start(state), "others-manage")
    options = asked(game, "morpoly.manage.what", "blue")
    assert {"build:37", "build:39"} <= set(options)
    assert set(dict(game.question.params)["hotels"].split(",")) >= {"build:37", "build:39"}  # type: ignore[union-attr]
    game = do(game, "build:37")
    assert game.state.squares[37].houses == 5


def test_standard_monopoly_has_no_hotel_rule_on_anothers_turn() -> None:
    """The same position in standard Monopoly: the fourth house and the hotel on red's one turn."""
    state = table(("red", "blue"))
    own(state, "blue", 37, 39, houses=3)
    game = do(start(state), "others-manage", "build:37", "build:39")
    assert "build:37" in asked(game, "morpoly.manage.what", "blue")
    game = do(game, "build:37")
    assert game.state.squares[37].houses == 5


@pytest.mark.parametrize("blue_squares", [(37, 39), (1,)])
def test_the_random_player_never_answers_others_manage_and_draws_the_same(blue_squares: tuple[int, ...]) -> None:
    """The seeded games stay where they were (benchmarks/gate_morpoly_play.py): a menu offering
    ``others-manage`` is answered as the same menu under revision 11, from the same draws, and the
    generator stands at the same place after."""
    from companion.morpoly.random_play import random_input

    for red_squares in ((), (6, 8, 9)):
        answers = {}
        for revision in (11, 12):
            state = table()
            own(state, "blue", *blue_squares)
            if red_squares:
                own(state, "red", *red_squares)
            state.revision = revision
            game = start(state)
            assert ("others-manage" in menu(game)) == (revision == 12)
            rng = random.Random(5)
            answers[revision] = ([random_input(game, rng) for _ in range(300)], rng.random())
        assert answers[11] == answers[12]
        assert all(getattr(a, "value", "") != "others-manage" for a in answers[12][0])


@pytest.mark.parametrize("players, options", [
    (2, {"base": "standard"}),
    (3, {"base": "variant"}),
    (4, {"base": "variant", "fortuna": "on", "elam": "on"}),
    (4, {"base": "standard", "edition": "de"}),
])
def test_random_play_that_often_manages_on_another_s_menu_keeps_every_invariant(players: int,
                                                                                options: dict[str, str]) -> None:
    """The simulator's random player never answers ``others-manage``, so the simulator's checks never
    see a party build, sell, mortgage or lift on another's menu: here a player that does so at a
    fifth of the menus offering it (a random party, then random answers until ``done``) plays on,
    every invariant checked after every input (money conserved, the supply, even building, the
    hotel rule, the position's round trip), for 400 inputs of each game."""
    from companion.morpoly.game import apply
    from companion.morpoly.invariants import check_invariants
    from companion.morpoly.mode import MODE
    from companion.morpoly.random_play import PLAYERS, random_input
    from companion.core.inputs import Answer

    rng = random.Random(f"manage-{players}-{sorted(options.items())}")
    game = MODE.new_game(list(PLAYERS[:players]), options, None)
    managed = 0
    for _ in range(400):
        question = game.question
        if question is None:
            break
        if question.key == "morpoly.turn.menu" and "others-manage" in question.options and rng.random() < 0.2:
            inp: object = Answer("others-manage")
        elif question.key == "morpoly.manage.party":
            inp = Answer(rng.choice(question.options))
        elif question.key == "morpoly.manage.what":
            doing = [o for o in question.options if o != "done"]
            inp = Answer("done" if not doing or rng.random() < 0.3 else rng.choice(doing))
            managed += inp != Answer("done")  # type: ignore[comparison-overlap]
        else:
            inp = random_input(game, rng)
        game = apply(game, inp)  # type: ignore[arg-type]
        assert check_invariants(game.state) == [], (question.key, inp)
    assert managed >= 5  # the path was taken, not just offered
