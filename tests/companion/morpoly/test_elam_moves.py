"""ELAM's relocations go through the one move door, :func:`companion.morpoly.moves.moved_steps`, as the
kit's moves the rules name (§0.3): the Luggage's race is a carry (a teleport, R67), the Assassin's
contract jump and the return to GO after a death are placements (L180, R61) — so whatever hooks the
door (the FSU ledger's expiries and claims, R50's Relocated event) sees them. And R49: a Wizard's
teleport control reaches the return to GO only under option ``wizard-control-on-death-return``.
US amounts: GO $200 (the funeral), start $1,500; red is the banker, so the positions start with blue's
turn (the NPCs move after red's)."""
from __future__ import annotations

from collections.abc import Callable, Generator

import pytest
from morpoly_table import cash, do, start, key

from companion.core.errors import InputError
from companion.core.inputs import Answer, DieRoll
from companion.core.procedure import Narrator, Question
from companion.morpoly import moves
from companion.morpoly.editions import Edition
from companion.morpoly.events import Mode, RelocationCause, Step
from companion.morpoly.game import Game
from companion.morpoly.setup import new_state
from companion.morpoly.state import Npcs, State
from companion.morpoly.state_format import state_to_json

Door = tuple[str, Mode, int, RelocationCause | None]


def elam(players: tuple[str, ...] = ("red", "blue"), **guilds: str) -> State:
    state = new_state(list(players), {"edition": "us", "base": "variant", "elam": "on"})
    for party, guild in guilds.items():
        state.party(party).guilds = [guild]
    return state


@pytest.fixture
def door(monkeypatch: pytest.MonkeyPatch) -> list[Door]:
    """Every move through the door: (token, how it ended, where, why)."""
    seen: list[Door] = []
    original = moves.moved_steps

    def spy(state: State, edition: Edition, narrator: Narrator, token_id: str, steps: tuple[Step, ...],
            cause: RelocationCause | None = None,
            at_go: Callable[[], Generator[Question, str, None]] | None = None) -> Generator[Question, str, None]:
        seen.append((token_id, steps[-1].mode, steps[-1].square, cause))
        yield from original(state, edition, narrator, token_id, steps, cause, at_go)

    monkeypatch.setattr(moves, "moved_steps", spy)
    return seen


def test_the_luggage_race_is_a_carry_through_the_door(door: list[Door]) -> None:
    state = elam(blue="watch")
    state.npcs = Npcs(20, 19, 20, None)
    state.token("blue").square = 16
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (2, 4), (2, 3))  # race: product 6, 19 -> 25
    assert game.state.token("blue").square == 25 and key(game) == "morpoly.deed.buy"
    assert door[-1] == ("blue", Mode.TELEPORT, 25, RelocationCause.LUGGAGE_RACE)
    assert any(line.key == "morpoly.token.teleported" for line in game.narration)
    assert game.state.npcs is not None and game.state.npcs.luggage == 25


def test_the_contract_jump_is_a_placement_through_the_door(door: list[Door]) -> None:
    state = elam(("red", "blue", "green"), red="assassins")  # blue and green: no guild that steps in
    state.token("red").square, state.token("blue").square, state.token("green").square = 6, 3, 15
    game = do(start(state, "blue"), "roll", (1, 2), "decline", "hire:red")
    assert game.state.token("red").square == 15 and key(game) == "morpoly.roll.assassin"
    assert door[-1] == ("red", Mode.PLACEMENT, 15, RelocationCause.CONTRACT_JUMP)
    assert cash(game, "red") == 1500 + 150, "the fee; a placement passes nothing, so no GO money"


def test_the_return_to_go_after_a_death_is_a_placement_through_the_door(door: list[Door]) -> None:
    state = elam(blue="watch")
    state.npcs = Npcs(37, 20, 20, "blue")  # the Luggage goes with blue
    state.token("blue").square = 34
    game = do(start(state, "blue"), "roll", (1, 2), "decline")  # Park Place, where Death stands
    assert game.state.lives["blue"] == 9 and game.state.token("blue").square == 0
    assert door[-1] == ("blue", Mode.PLACEMENT, 0, RelocationCause.DEATH_RETURN)
    assert cash(game, "blue") == 1500 - 200, "the funeral, and no salary for the return over GO"
    assert game.state.npcs is not None and (game.state.npcs.luggage, game.state.npcs.luggage_with) == (37, None)


# --- R49: a Wizard's teleport control on the return to GO ------------------------------------------

def dying_wizard(**rules: str) -> Game:
    """Blue's Wizard walks 34 -> 37 (1 + 2: no teleport), declines Park Place and meets Death there."""
    state = elam(blue="wizards")
    state.rules.update(rules)
    state.npcs = Npcs(37, 20, 20, None)
    state.token("blue").square = 34
    return do(start(state, "blue"), "roll", (1, 2), "decline")


def test_no_control_on_the_return_to_go_by_default(door: list[Door]) -> None:
    game = dying_wizard()
    assert game.state.token("blue").square == 0 and key(game) == "morpoly.turn.menu"
    assert game.question is not None and game.question.player == "red"


def test_with_the_option_the_wizard_may_start_again_opposite_go(door: list[Door]) -> None:
    game = dying_wizard(**{"wizard-control-on-death-return": "yes"})
    assert key(game) == "morpoly.elam.wizard-control" and game.question is not None
    assert game.question.options == ("go", "opposite") and game.question.player == "blue"
    assert game.state.lives["blue"] == 9 and cash(game, "blue") == 1500 - 200, "the funeral is paid first"
    opposite = do(game, "opposite")
    token = opposite.state.token("blue")
    assert token.square == 20 and not token.in_jail
    assert door[-1] == ("blue", Mode.PLACEMENT, 20, RelocationCause.DEATH_RETURN)
    assert cash(opposite, "blue") == 1500 - 200, "placed: no GO money"
    assert key(opposite) == "morpoly.turn.menu", "placed on L-Space: not resolved, no L-Space roll"
    assert any(line.key == "morpoly.elam.back-to-opposite" for line in opposite.narration)
    home = do(game, "go")
    assert home.state.token("blue").square == 0 and key(home) == "morpoly.turn.menu"


def test_the_option_gives_no_control_to_other_guilds() -> None:
    state = elam(blue="watch")
    state.rules["wizard-control-on-death-return"] = "yes"
    state.npcs = Npcs(37, 20, 20, None)
    state.token("blue").square = 34
    game = do(start(state, "blue"), "roll", (1, 2), "decline")
    assert game.state.token("blue").square == 0 and key(game) == "morpoly.turn.menu"


def test_rejected_input_at_the_return_question_changes_nothing() -> None:
    game = dying_wizard(**{"wizard-control-on-death-return": "yes"})
    before, seq = state_to_json(game.state), game.seq
    for bad in (Answer("as-drawn"), Answer("20"), Answer("place:blue:40"), DieRoll(faces=(1, 2))):
        with pytest.raises(InputError):
            do(game, bad)
    assert state_to_json(game.state) == before and game.seq == seq
