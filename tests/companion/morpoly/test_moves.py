"""Every move of the engine is the kit's movement: the guilds' movement powers offered at their moment
(and only then), pubs and L-Space, GO money by the kit with the §7 options, corrections as
placements, rolls bound to their purpose. Situations from the reference (§3, §4, the appendix)."""
from __future__ import annotations

import pytest
from morpoly_table import cash, do, own, start, table, key, options, square

from companion.core.errors import InputError
from companion.core.procedure import Live
from companion.morpoly.editions import load_edition
from companion.morpoly.events import Landed, Mode, Passed, RelocationCause, Relocated
from companion.morpoly.game import Game
from companion.morpoly.moves import move, move_events
from companion.morpoly.movement import teleport, walk
from companion.morpoly.random_play import play
from companion.morpoly.setup import new_state
from companion.morpoly.state import Npcs, State
from companion.morpoly.state_format import state_to_json


def variant(*guilds: str, players: tuple[str, ...] = ("red", "blue"), **rules: str) -> State:
    """A variant table; the n-th player heads the n-th guild given."""
    state = table(players, base="variant")
    state.rules.update(rules)
    for party, guild in zip(state.parties, guilds):
        party.guilds.append(guild)
    return state


def at(state: State, **squares: int) -> State:
    for token, square in squares.items():
        state.token(token).square = square
    return state


def narrated(game: Game, name: str) -> list[dict[str, str]]:
    return [dict(line.params) for line in game.narration if line.key == name]


# --- the move itself: kit steps, one door ---------------------------------------------------------

def test_move_returns_the_kit_steps_and_resolves_the_square() -> None:
    state = at(table(base="variant"), red=36)
    edition = load_edition("us")
    steps = walk("red", 36, 5)
    assert steps == (Passed("red", 37), Passed("red", 38), Passed("red", 39), Passed("red", 0),
                     Landed("red", 1, Mode.WALK))

    def body(st: State, narrator: object, args: object):  # type: ignore[no-untyped-def]
        walked = yield from move(st, edition, narrator, "red", steps, 5)  # type: ignore[arg-type]
        st.rules["walked"] = repr(walked)

    live = Live.replay(body, state.copy(), {}, [])
    assert live.question is not None and live.question.key == "morpoly.deed.buy"  # Mediterranean
    live.send("decline")
    assert live.state.token("red").square == 1 and live.state.party("red").cash == 1700
    assert live.state.rules["walked"] == repr(steps)


def test_a_teleport_landing_exactly_on_go_pays_double_a_jump_over_it_nothing() -> None:
    edition = load_edition("us")
    for target, salary in ((0, 400), (6, 0)):
        state = at(table(base="variant"), red=30)

        def body(st: State, narrator: object, args: object, to: int = target):  # type: ignore[no-untyped-def]
            yield from move(st, edition, narrator, "red", teleport("red", to), 12,  # type: ignore[arg-type]
                            cause=RelocationCause.WIZARD_TELEPORT)

        live = Live.replay(body, state.copy(), {}, [])
        if live.question is not None:
            live.send("decline")
        assert live.state.party("red").cash == 1500 + salary


# --- Fools: the direction (L110, R43) ----------------------------------------------------------

def test_fool_walks_a_seven_backward_without_being_asked() -> None:
    game = do(start(at(variant("fools"), red=10)), "roll", (3, 4))
    assert square(game) == 3 and key(game) == "morpoly.deed.buy"
    not_fool = do(start(at(variant("watch"), red=10)), "roll", (3, 4))
    assert square(not_fool) == 17  # Community Chest, forward


def test_fool_chooses_the_direction_on_doubles_and_still_rolls_again() -> None:
    game = do(start(at(variant("fools"), red=10)), "roll", (1, 1))
    assert key(game) == "morpoly.move.how" and options(game) == ("walk", "walk-backward")
    game = do(game, "walk-backward")
    assert square(game) == 8
    game = do(game, "decline")
    assert key(game) == "morpoly.turn.menu" and game.state.turn.token == "red"  # doubles: again
    plain = do(start(at(variant("fools"), red=10)), "roll", (2, 3))
    assert square(plain) == 15 and key(plain) != "morpoly.move.how"


def test_the_ways_to_move_name_the_squares_they_lead_to() -> None:
    """Each answer of ``morpoly.move.how`` carries its square(s) (a button names where it leads),
    and the answer goes there: the Fool's doubles from 10 (12 or 8), the Undead's split from 37."""
    game = do(start(at(variant("fools"), red=10)), "roll", (1, 1))
    assert game.question is not None
    params = dict(game.question.params)
    assert (params["to_walk"], params["to_walk_backward"]) == ("12", "8")
    assert square(do(game, "walk")) == 12 and square(do(game, "walk-backward")) == 8
    undead = do(start(at(variant("undead"), red=37)), "roll", (2, 5))
    assert undead.question is not None
    assert (dict(undead.question.params)["to_walk"], dict(undead.question.params)["to_split"]) == ("4", "39,2")


def test_fool_crossing_go_backward_gets_nothing() -> None:
    game = do(start(at(variant("fools"), red=2)), "roll", (3, 4), "stay", "decline")
    assert square(game) == 35 and cash(game, "red") == 1500


@pytest.mark.parametrize(("setting", "salary"), [("double", 400), ("nothing", 0)])
def test_backward_exact_go_landing_by_the_option(setting: str, salary: int) -> None:
    """L15 (any direct landing doubles) against the reference's R3 (backward pays nothing)."""
    game = do(start(at(variant("fools", **{"backward-go-landing": setting}), red=7)), "roll", (3, 4))
    assert square(game) == 0 and cash(game, "red") == 1500 + salary


# --- Undead: the split (L83–85, R37; appendix 8) --------------------------------------------------

def test_undead_split_offered_and_go_by_the_kept_half_appendix_8() -> None:
    game = do(start(at(variant("undead"), red=37)), "roll", (2, 5))
    assert key(game) == "morpoly.move.how" and options(game) == ("walk", "split")
    game = do(game, "split", "decline")  # the first half on 39 (Boardwalk) declines
    assert key(game) == "morpoly.card.chest"  # the second half on 2
    game = do(game, "chest.jail-free")
    assert key(game) == "morpoly.undead.keep"
    kept_on_2 = do(game, "second")
    assert square(kept_on_2) == 2 and cash(kept_on_2, "red") == 1700
    kept_on_39 = do(game, "first")
    assert square(kept_on_39) == 39 and cash(kept_on_39, "red") == 1500


def test_undead_halves_rejoining_on_go_get_one_salary_appendix_8() -> None:
    game = do(start(at(variant("undead"), red=37, blue=12)), "roll", (3, 5), "split")
    assert key(game) == "morpoly.card.chest"  # the first half landed on GO (nothing asked), the second on 2
    game = do(game, "chest.jail-free")
    for half in ("first", "second"):
        kept = do(game, half)
        assert cash(kept, "red") == 1700, half


def test_undead_split_not_offered_when_occupied_or_on_doubles() -> None:
    for blue in (37, 39, 2):  # the start square, or a square a half reaches
        game = do(start(at(variant("undead"), red=37, blue=blue)), "roll", (2, 5))
        assert key(game) != "morpoly.move.how" and square(game) == 4, blue
    prisoner = at(variant("undead"), red=5, blue=10)
    prisoner.token("blue").in_jail = True  # a prisoner does not occupy the jail square (L91)
    assert options(do(start(prisoner), "roll", (1, 5))) == ("walk", "split")
    doubles = do(start(at(variant("undead"), red=37)), "roll", (3, 3))
    assert key(doubles) != "morpoly.move.how"


def test_a_jailed_half_is_kept() -> None:
    game = do(start(at(variant("undead"), red=27)), "roll", (3, 5), "split")
    assert game.state.token("red").in_jail is False and key(game) == "morpoly.deed.buy"  # 2nd half: 32
    game = do(game, "decline")
    assert square(game) == 10 and game.state.token("red").in_jail  # the half on Go To Jail stays
    assert key(game) == "morpoly.turn.menu" and game.state.turn.token == "blue"


def test_undead_never_roll_again_after_doubles() -> None:
    game = do(start(at(variant("undead"), red=10)), "roll", (2, 2), "decline")
    assert game.state.turn.token == "blue"
    other = do(start(at(variant("watch"), red=10)), "roll", (2, 2), "decline")
    assert other.state.turn.token == "red"


def test_a_seven_splits_backward_for_undead_who_took_over_the_fools_appendix_2() -> None:
    state = at(variant("undead"), red=20)
    state.party("red").guilds.append("fools")
    game = do(start(state), "roll", (3, 4))
    assert options(game) == ("walk-backward", "split-backward")
    game = do(game, "split-backward")  # 17 (CC) first: the lower die, 3 back
    assert key(game) == "morpoly.card.chest"


# --- Wizards: the teleport (L136, R48; appendix 9) ------------------------------------------------

def test_wizard_teleports_by_the_product_and_does_not_roll_again_appendix_9() -> None:
    game = do(start(at(variant("wizards"), red=10)), "roll", (6, 6))
    assert options(game) == ("walk", "teleport")
    game = do(game, "teleport")
    assert square(game) == 6 and cash(game, "red") == 1500  # GO jumped over: no salary
    game = do(game, "decline")
    assert game.state.turn.token == "blue"  # no extra roll after a teleport on doubles


def test_wizard_walks_when_the_target_or_start_is_occupied_appendix_9() -> None:
    for blue in (6, 10):
        game = do(start(at(variant("wizards"), red=10, blue=blue)), "roll", (6, 6))
        assert key(game) == "morpoly.card.chance" and square(game) == 22, blue  # walked 12
    prisoner = at(variant("wizards"), red=10, blue=10)
    prisoner.token("blue").in_jail = True
    assert "teleport" in options(do(start(prisoner), "roll", (6, 6)))
    not_seven = do(start(at(variant("wizards"), red=10)), "roll", (2, 3))
    assert square(not_seven) == 15 and key(not_seven) != "morpoly.move.how"


def test_wizard_walk_on_doubles_rolls_again() -> None:
    game = do(start(at(variant("wizards"), red=10)), "roll", (1, 1), "walk", "decline")
    assert square(game) == 12 and game.state.turn.token == "red" and key(game) == "morpoly.turn.menu"


def test_wizard_teleport_control_on_an_advance_card() -> None:
    game = do(start(at(variant("wizards"), red=4)), "roll", (1, 2), "chance.advance-illinois")
    assert key(game) == "morpoly.card.wizard-control" and options(game) == ("as-drawn", "opposite")
    game = do(game, "opposite")  # the square opposite Illinois: Income Tax (4), walking forward past GO
    assert square(game) == 4 and cash(game, "red") == 1500 + 200 - 200
    plain = do(start(at(variant("watch"), red=4)), "roll", (1, 2), "chance.advance-illinois")
    assert square(plain) == 24 and key(plain) == "morpoly.deed.buy"


def test_wizard_chooses_the_direction_of_go_back_three_and_the_previous_station() -> None:
    game = do(start(at(variant("wizards"), red=4)), "roll", (1, 2), "chance.back-3")
    assert options(game) == ("as-drawn", "forward")
    assert square(do(game, "forward")) == 10
    game = do(start(at(variant("wizards"), red=4)), "roll", (1, 2), "chance.nearest-railroad-1")
    assert options(game) == ("as-drawn", "previous")
    game = do(game, "previous")
    assert square(game) == 5 and cash(game, "red") == 1500  # backward: nothing for GO


# --- Beggars and Fools: the step (L73, L78, L109, R36) -------------------------------------------

def test_beggar_steps_past_another_partys_square() -> None:
    state = at(variant("beggars", "watch"), red=1)
    own(state, "blue", 3)
    game = do(start(state), "roll", (1, 1))
    assert key(game) == "morpoly.move.step" and options(game) == ("stay", "step")
    game = do(game, "step")
    assert square(game) == 4 and cash(game, "red") == 1500 - 200  # Income Tax, no rent for Baltic
    blocked = at(variant("beggars", "watch"), red=3)
    own(blocked, "blue", 5, 6)
    assert key(do(start(blocked), "roll", (1, 1))) != "morpoly.move.step"


@pytest.mark.parametrize("setting, offered", [("no", True), ("yes", False)])
def test_beggar_steps_past_another_partys_pub_unless_streets_only(setting: str, offered: bool) -> None:
    """L73 ("Straße"), R13: read broadly, a Beggar about to land on blue's B&O Railroad (25) may step on
    to Atlantic Avenue (26); under ``merchant-swap-streets-only`` the step is for coloured streets."""
    state = at(variant("beggars", "watch"), red=22)
    state.rules["merchant-swap-streets-only"] = setting
    own(state, "blue", 25)
    game = do(start(state), "roll", (1, 2))
    assert (key(game) == "morpoly.move.step") is offered
    if offered:
        game = do(game, "step")
    assert square(game) == (26 if offered else 25)


def test_fool_steps_onto_a_free_card_square() -> None:
    game = do(start(at(variant("fools"), red=1)), "roll", (2, 3))  # 6, before Chance 7
    assert key(game) == "morpoly.move.step"
    assert key(do(game, "step")) == "morpoly.card.chance"
    occupied = do(start(at(variant("fools"), red=1, blue=7)), "roll", (2, 3))
    assert key(occupied) == "morpoly.deed.buy"


# --- Pubs (L145, R52) -----------------------------------------------------------------------------

def test_pub_walk_lower_die_first_each_square_resolved() -> None:
    game = do(start(at(variant("watch"), red=5)), "roll", (5, 2))
    assert key(game) == "morpoly.card.chance" and square(game) == 7  # the 2 first, to Chance
    game = do(game, "chance.jail-free")
    assert key(game) == "morpoly.deed.buy" and square(game) == 12  # then the 5
    standard = do(start(at(table(), red=5)), "roll", (5, 2))
    assert key(standard) == "morpoly.deed.buy" and square(standard) == 12


def test_pub_walk_second_part_lost_when_the_first_ends_in_jail() -> None:
    game = do(start(at(variant("patrician"), red=25)), "roll", (6, 5))  # (a Watch would not go to jail, L46)
    assert square(game) == 10 and game.state.token("red").in_jail and game.state.turn.token == "blue"


def test_pub_walk_second_part_starts_where_a_card_put_the_token() -> None:
    game = do(start(at(variant("watch"), red=35)), "roll", (1, 4), "chance.reading-railroad")
    assert key(game) == "morpoly.deed.buy" and square(game) == 5  # the card's station
    game = do(game, "decline")
    assert square(game) == 9 and key(game) == "morpoly.deed.buy"  # then the 4 from there


# --- L-Space (L146–147, R53; appendix 6) -----------------------------------------------------------

def test_lspace_even_product_forward_exactly_on_go_double_salary_appendix_6() -> None:
    game = do(start(at(variant("watch"), red=17)), "roll", (1, 2))
    assert key(game) == "morpoly.roll.l-space" and dict(game.question.params)["purpose"] == "l-space"  # type: ignore[union-attr]
    game = do(game, (4, 5))
    assert square(game) == 0 and cash(game, "red") == 1900


def test_lspace_odd_product_backward_to_a_pub_then_a_pub_walk_appendix_6() -> None:
    game = do(start(at(variant("watch"), red=17)), "roll", (1, 2), (5, 5), "decline")
    assert square(game) == 35 and narrated(game, "morpoly.l-space.backward")
    game = do(game, "roll", (1, 2), "decline")  # blue's turn
    game = do(game, "roll", (3, 1))
    assert key(game) == "morpoly.card.chance" and square(game) == 36  # the 1 first


def test_free_parking_does_nothing_in_standard_monopoly() -> None:
    game = do(start(at(table(), red=17)), "roll", (1, 2))
    assert square(game) == 20 and game.state.turn.token == "blue"


def test_wizard_chooses_the_lspace_direction() -> None:
    game = do(start(at(variant("wizards"), red=17)), "roll", (1, 2), (4, 5))
    assert key(game) == "morpoly.l-space.direction" and options(game) == ("forward", "backward")
    assert square(do(game, "backward")) == 0  # 20 back is GO too, but backward …
    assert cash(do(game, "backward"), "red") == 1900  # … and a direct landing doubles (L15)
    assert cash(do(do(start(at(variant("wizards", **{"backward-go-landing": "nothing"}), red=17)),
                      "roll", (1, 2), (4, 5)), "backward"), "red") == 1500


# --- §7 options that change a move's outcome ------------------------------------------------------

@pytest.mark.parametrize(("setting", "salary"), [("yes", 400), ("no", 200)])
def test_advance_to_go_card_by_the_option(setting: str, salary: int) -> None:
    state = at(variant("watch", **{"advance-to-go-card-pays-double": setting}), red=4)
    game = do(start(state), "roll", (1, 2), "chance.advance-go")
    assert square(game) == 0 and cash(game, "red") == 1500 + salary


# --- corrections, rolls, rejections -------------------------------------------------------------

def test_a_correction_is_a_placement_without_passing_effects() -> None:
    game = do(start(at(variant("watch"), red=38)), "place:red:24")
    assert square(game) == 24 and cash(game, "red") == 1500 and key(game) == "morpoly.turn.menu"
    assert not narrated(game, "morpoly.token.moved") and narrated(game, "morpoly.correction.placed")
    game = do(start(at(variant("watch"), red=17)), "place:red:20")
    assert key(game) == "morpoly.turn.menu"  # no L-Space roll: nothing was landed on


def test_corrections_in_a_row_ask_the_same_question_until_it_is_answered() -> None:
    """The first answer to a choice is read by ``ask_choice`` itself, the corrections after it by
    ``questions._corrected``: each is applied, the question asked again, and an option answers it."""
    game = start(at(variant("watch"), red=38))
    asked = game.question
    for placed in ("place:red:24", "place:blue:5", "place:red:jail"):
        game = do(game, placed)
        assert game.question is asked  # the same question, asked again
    assert square(game) == 10 and square(game, "blue") == 5 and game.state.token("red").in_jail
    assert len(narrated(game, "morpoly.correction.placed")) == 2
    assert len(narrated(game, "morpoly.correction.in-jail")) == 1
    game = do(game, "roll")
    assert key(game) == "morpoly.roll.jail"


def test_every_roll_says_what_it_is_for() -> None:
    game = do(start(table()), "roll")
    assert dict(game.question.params)["purpose"] == "move"  # type: ignore[union-attr]
    state = at(table(), red=10)
    state.token("red").in_jail = True
    jail = do(start(state), "roll")
    assert dict(jail.question.params)["purpose"] == "jail"  # type: ignore[union-attr]


def test_a_rejected_movement_answer_changes_nothing() -> None:
    game = do(start(at(variant("undead"), red=37)), "roll", (2, 5))
    before = state_to_json(game.state)
    for bad in ("teleport", "split-backward", "walk-backward", "place:red:40"):
        with pytest.raises(InputError):
            do(game, bad)
    assert state_to_json(game.state) == before
    game = do(start(at(variant("fools"), red=10)), "roll", (1, 1))
    before, seq = state_to_json(game.state), game.seq
    for bad in ("teleport", "split", "backward", "walk-sideways"):
        with pytest.raises(InputError):
            do(game, bad)
    assert state_to_json(game.state) == before and game.seq == seq


# --- random play -----------------------------------------------------------------------------------

@pytest.mark.parametrize("base", ["standard", "variant"])
def test_random_play_keeps_the_invariants(base: str) -> None:
    seen: set[str] = set()
    for seed in range(6):
        game, _ = play(seed, 4, {"edition": "us", "base": base}, cap=1500)
        seen.update(line.key for line in game.narration)
    if base == "variant":
        assert {"morpoly.pub.walk", "morpoly.l-space.forward", "morpoly.l-space.backward"} <= seen
    else:
        assert not seen & {"morpoly.pub.walk", "morpoly.l-space.forward", "morpoly.undead.split"}


def test_random_variant_play_reaches_the_guild_moves() -> None:
    seen: set[str] = set()
    for seed in range(20):
        game, inputs = play(seed, 8, {"edition": "us", "base": "variant"}, cap=800)
        seen.update(line.key for line in game.narration)
        seen.update(str(getattr(inp, "value", "")) for inp in inputs)
    assert {"morpoly.undead.split", "morpoly.token.teleported", "morpoly.move.stepped"} <= seen
    assert {"walk-backward", "split", "teleport"} <= seen


def test_a_correction_at_the_how_question_asks_again_with_what_is_still_open() -> None:
    game = do(start(at(variant("wizards"), red=10)), "roll", (6, 6))
    assert options(game) == ("walk", "teleport")
    game = do(game, "place:blue:6")  # blue was really on the target square
    assert options(game) == ("walk", "teleport")  # the same question, answered after the correction …
    game = do(game, "teleport")
    assert square(game) == 22 and key(game) == "morpoly.card.chance"  # … but the teleport is blocked now: a walk


def test_move_events_are_the_steps_then_the_relocation() -> None:
    steps = walk("red", 20, 2)
    assert move_events("red", 20, steps, None) == steps
    assert move_events("red", 20, steps, RelocationCause.L_SPACE) == (
        *steps, Relocated("red", RelocationCause.L_SPACE, 20, 22))


# --- with ELAM: the running direction, deaths in the middle of a move --------------------------------

def elam_table(**guilds: str) -> State:
    state = new_state(["red", "blue"], {"edition": "us", "base": "variant", "elam": "on"})
    for party, guild in guilds.items():
        state.party(party).guilds = [guild]
    state.npcs = Npcs(death=38, luggage=38, dibbler=38)  # out of the way unless a test moves one
    return state


def test_a_death_in_the_first_pub_part_loses_the_second() -> None:
    state = at(elam_table(red="watch"), red=15)
    assert state.npcs is not None
    state.npcs.death = 16
    game = do(start(state), "roll", (1, 3), "decline")  # 1 to 16: Death is there
    assert game.state.lives["red"] == 9 and square(game) == 0  # placed on GO; the 3 is not walked
    assert key(game) == "morpoly.roll.npc-death"  # red's turn is over: red, the banker, moves the NPCs


def test_a_reversed_token_walks_counter_clockwise_and_its_fool_seven_clockwise() -> None:
    state = at(elam_table(red="fools"), red=12)
    state.reversed_tokens.append("red")
    game = do(start(state), "roll", (3, 4))  # a Fool's 7 walks against the running direction (R43)
    assert square(game) == 19
    state = at(elam_table(red="watch"), red=2)
    state.reversed_tokens.append("red")
    game = do(start(state), "roll", (1, 2), "decline")  # forward is counter-clockwise: past GO to 39 (R71)
    assert square(game) == 39 and cash(game, "red") == 1700


@pytest.mark.parametrize(("setting", "offered"), [("no", ("walk", "teleport")), ("yes", ("walk",))])
def test_an_npc_on_the_target_blocks_the_teleport_only_by_the_option(setting: str, offered: tuple[str, ...]) -> None:
    """R4: NPCs never occupy a square, unless option ``npcs-occupy-squares``."""
    state = at(elam_table(red="wizards"), red=10)
    state.rules["npcs-occupy-squares"] = setting
    assert state.npcs is not None
    state.npcs.dibbler = 6  # the target of 6 + 6 from 10
    game = do(start(state), "roll", (6, 6))
    assert (options(game) if key(game) == "morpoly.move.how" else ("walk",)) == offered
