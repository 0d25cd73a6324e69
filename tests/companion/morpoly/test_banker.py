"""ELAM's banker (L188: the NPCs are moved by "the player who runs the bank"; reference §8.3 lists
the banker among the set-up inputs): the table names him at set-up — rules revision 2 — and a game
recorded under revision 1, which was never asked, replays exactly as it was played, with the first
seated player running the bank."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.errors import CompanionError, InputError
from companion.core.inputs import Answer, Input, input_to_json
from companion.core.journal import Journal
from companion.core.session import GameRules, Session, is_barrier
from companion.morpoly.elam.npcs import banker
from companion.morpoly.game import Game
from companion.morpoly.mode import MODE
from companion.morpoly.random_play import random_input
from companion.morpoly.revisions import FIRST, LATEST
from companion.morpoly.setup import new_state
from companion.morpoly.state import State
from companion.morpoly.state_format import state_from_json, state_to_json
from morpoly_table import do, start, key

PLAYERS = ["red", "blue", "green"]
ELAM = {"elam": "on"}


def set_up(revision: int = LATEST, *answers: str) -> Game:
    game = MODE.new_game(PLAYERS, ELAM, None, revision)
    return do(game, "thieves", "watch", "wizards", *answers)


def test_the_table_names_the_banker_after_the_guilds() -> None:
    game = set_up()
    assert key(game) == "morpoly.setup.banker" and game.question is not None
    assert game.question.options == ("red", "blue", "green") and game.question.player == "red"
    with pytest.raises(InputError):
        do(game, "purple")
    game = do(game, "blue")
    assert game.state.npcs is not None and game.state.npcs.banker == "blue" and banker(game.state) == "blue"
    assert [dict(line.params)["banker"] for line in game.narration if line.key == "morpoly.setup.banker"] == ["blue"]
    assert key(game) == "morpoly.turn.menu" and game.question is not None and game.question.player == "red"


def test_the_chosen_banker_moves_the_npcs_after_his_whole_turn() -> None:
    """Blue runs the bank: nothing moves the NPCs after red's turn; after blue's, blue rolls for Death."""
    state = elam_state()
    assert state.npcs is not None
    state.npcs.banker = "blue"
    state.token("red").square, state.token("blue").square = 10, 22
    game = do(start(state), "roll", (1, 2), "decline")  # red: 10 -> 13, declined
    assert key(game) == "morpoly.turn.menu" and game.question is not None and game.question.player == "blue"
    game = do(game, "roll", (1, 2), "decline")  # blue: 22 -> 25, declined
    assert key(game) == "morpoly.roll.npc-death" and game.question is not None and game.question.player == "blue"


def elam_state() -> State:
    return new_state(["red", "blue"], {"edition": "us", "base": "variant", "elam": "on"})


def test_the_banker_round_trips_through_the_position_and_a_stranger_is_refused() -> None:
    game = do(set_up(), "green")
    doc = state_to_json(game.state)
    assert doc["npcs"]["banker"] == "green" and state_from_json(doc).npcs == game.state.npcs
    doc["npcs"]["banker"] = "purple"
    with pytest.raises(InputError, match="npcs.banker 'purple' is not a player of the game"):
        state_from_json(doc)
    del doc["npcs"]["banker"]  # a position written before revision 2: the first seated runs the bank
    old = state_from_json(doc)
    assert old.npcs is not None and old.npcs.banker is None and banker(old) == "red"


def test_when_the_bankers_party_is_out_the_next_seated_player_runs_the_bank() -> None:
    game = do(set_up(), "blue")
    state = game.state.copy()
    state.tokens = [t for t in state.tokens if t.id != "blue"]  # blue's party is out (L166)
    assert banker(state) == "green"
    state.tokens = [t for t in state.tokens if t.id != "green"]
    assert banker(state) == "red"  # round the table


def test_without_elam_nobody_is_asked() -> None:
    game = do(MODE.new_game(PLAYERS, {}, None), "thieves", "watch", "wizards")
    assert key(game) == "morpoly.turn.menu" and game.state.npcs is None


# --- rules revision 1: games recorded before the question ----------------------------------------

def record(revision: int, seed: int = 4, limit: int = 700) -> list[tuple[Game, Input]]:
    """A simulated 3-player ELAM game under ``revision``: each question's game and the answer given."""
    rng = random.Random(seed)
    game = MODE.new_game(PLAYERS, ELAM, None, revision)
    seen: list[tuple[Game, Input]] = []
    while game.question is not None and len(seen) < limit:
        inp = random_input(game, rng)
        seen.append((game, inp))
        game = MODE.apply(game, inp)
    return seen


def test_a_revision_1_game_is_not_asked_and_the_first_seated_player_moves_the_npcs() -> None:
    seen = record(FIRST)
    keys = [g.question.key for g, _ in seen if g.question is not None]
    assert "morpoly.setup.banker" not in keys
    npc_rolls = [g.question.player for g, _ in seen if g.question is not None and g.question.key.startswith("morpoly.roll.npc-")]
    assert npc_rolls and set(npc_rolls) == {"red"}


def test_a_revision_1_elam_game_in_the_journal_replays_as_it_was_played(tmp_path: Path) -> None:
    seen = record(FIRST)
    path = tmp_path / "old.sqlite"
    options = {o.name: o.default for o in MODE.options} | ELAM
    with Journal(path) as journal:
        game_id = journal.create_game(PLAYERS, "us", mode=MODE.id, options=options, revision=1)
        for n, (game, inp) in enumerate(seen, start=1):
            journal.append(game_id, "input", input_to_json(inp), is_barrier(game.question, inp), n=n)
    with Session.open(path, GameRules(), resume=False) as session:
        assert session.resume(game_id) is not None
        assert session.current.state.revision == FIRST and session.seq == len(seen)
        final = state_to_json(session.current.state)
    replayed = MODE.new_game(PLAYERS, options, None, FIRST)
    for _game, inp in seen:
        replayed = MODE.apply(replayed, inp)
    assert final == state_to_json(replayed.state)


def test_revision_1_answers_do_not_fit_revision_2() -> None:
    """Why the revision is recorded: after the guilds, revision 1 asks for the first roll ("roll"),
    revision 2 for the banker."""
    seen = record(FIRST, limit=5)
    game = MODE.new_game(PLAYERS, ELAM, None, LATEST)
    with pytest.raises(CompanionError):
        for _game, inp in seen:
            game = MODE.apply(game, inp)
    assert seen[3][1] == Answer("roll")


def test_a_new_game_is_played_by_the_newest_revision(tmp_path: Path) -> None:
    with Session.open(tmp_path / "new.sqlite") as session:
        session.new_game(PLAYERS, mode="ankh-morpoly", options=ELAM)
        assert session.record is not None and session.record.revision == LATEST
        assert session.current.state.revision == LATEST
