"""Rules revision 2 (one interrupt window, forced choices taken) keeps old games as they were played:
a game recorded under revision 1 replays from the journal with one prompt per opponent, and the
same table's answers under revision 2 are fewer. Whole simulated games (real shuffled cards)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.cli.simulate import play_game
from companion.core.errors import CompanionError
from companion.core.inputs import Answer, Input, input_to_json
from companion.core.journal import Journal
from companion.core.session import GameRules, Session, is_barrier
from companion.morpork.game import Game
from companion.morpork.mode import MODE
from companion.morpork.options import options_of
from companion.morpork.state_format import state_to_json

COLOURS = ["red", "yellow", "green", "blue"]
SEED = 5


def record(revision: int) -> tuple[list[tuple[Game, Input]], Game]:
    """A four-player simulated game under ``revision``: each question's game and the answer."""
    seen: list[tuple[Game, Input]] = []
    result = play_game(random.Random(SEED), 4, revision=revision, check=False,
                       on_input=lambda game, inp: seen.append((game, inp)))
    assert result.turns > 10
    last = seen[-1][0]
    return seen, last


def test_the_same_seed_plays_the_same_game_with_fewer_answers_under_revision_2() -> None:
    old, old_last = record(1)
    new, new_last = record(2)
    assert old_last.state.turn.number == new_last.state.turn.number
    keys_old = [g.question.key for g, _ in old if g.question is not None]
    keys_new = [g.question.key for g, _ in new if g.question is not None]
    assert "interrupt.anyone" not in keys_old and "interrupt.anyone" in keys_new
    assert keys_new.count("interrupt.anyone") < keys_old.count("interrupt.window") - keys_new.count("interrupt.window")
    assert len(new) < len(old)


def journalled(path: Path, inputs: list[tuple[Game, Input]], revision: int) -> int:
    """A journal at ``path`` holding one four-player game of ``revision`` with ``inputs`` (each
    question's game and its answer), as a companion of that revision wrote it; the game's id."""
    with Journal(path) as journal:
        game_id = journal.create_game(COLOURS, "en", mode=MODE.id, options=options_of("en", None), revision=revision)
        for n, (game, inp) in enumerate(inputs, start=1):
            journal.append(game_id, "input", input_to_json(inp), is_barrier(game.question, inp), n=n)
    return game_id


def test_a_revision_1_game_in_the_journal_replays_with_its_prompts_per_opponent(tmp_path: Path) -> None:
    inputs, last = record(1)
    path = tmp_path / "old.sqlite"
    game_id = journalled(path, inputs, 1)
    with Session.open(path, GameRules(), resume=False) as session:
        assert session.resume(game_id) is not None
        state = session.current.state
        assert state.revision == 1
        assert session.seq == len(inputs)
        final = state_to_json(state)
    # the last recorded position, reached again by replaying the journal under revision 1
    replayed = MODE.new_game(COLOURS, options_of("en", None), None, 1)
    for _game, inp in inputs:
        replayed = MODE.apply(replayed, inp)
    assert final == state_to_json(replayed.state)
    assert last.question is not None  # the recorded game asked one more question before it ended


def test_revision_1_answers_do_not_fit_revision_2() -> None:
    """Why the revision is recorded: the old prompts per opponent are not what revision 2 asks."""
    inputs, _ = record(1)
    several = ("mr-boggis", "the-thieves-guild", "the-auditors", "the-ankh-morpork-sunshine-dragon-sanctuary")
    first_window = next(i for i, (g, _) in enumerate(inputs) if g.question is not None
                        and g.question.key == "interrupt.window" and dict(g.question.params)["card"] in several)
    game = MODE.new_game(COLOURS, options_of("en", None), None, 2)
    with pytest.raises(CompanionError):
        for _g, inp in inputs[:first_window + 3]:
            game = MODE.apply(game, inp)
    assert isinstance(inputs[first_window][1], Answer)


def test_a_new_game_is_played_by_the_newest_revision(tmp_path: Path) -> None:
    with Session.open(tmp_path / "new.sqlite") as session:
        session.new_game(COLOURS)
        assert session.record is not None and session.record.revision == 5
        assert session.current.state.revision == 5


def test_a_revision_2_game_where_cosmo_lavishs_paid_player_removed_the_card_players_minion_resumes(
        tmp_path: Path) -> None:
    """Rules revision 3 reads Cosmo Lavish's "(not one of yours)" as the card's player's minions; a
    game journalled under revision 2, where the paid player removed one of them (seed 12: yellow's
    own minion in Dimwell, yellow having played the card), still replays and resumes to its last
    position — and the same answers do not fit revision 3."""
    seen: list[tuple[Game, Input]] = []
    play_game(random.Random(12), 4, revision=2, check=False, on_input=lambda game, inp: seen.append((game, inp)))
    removal = next(i for i, (g, inp) in enumerate(seen) if g.question is not None
                   and g.question.key == "card.cosmo-remove" and inp == Answer("dimwell/yellow"))
    assert seen[removal][0].state.active_player == "yellow"
    path = tmp_path / "cosmo.sqlite"
    game_id = journalled(path, seen, 2)
    with Session.open(path, GameRules(), resume=False) as session:
        assert session.resume(game_id) is not None
        assert session.current.state.revision == 2 and session.seq == len(seen)
        final = state_to_json(session.current.state)
    replayed = MODE.new_game(COLOURS, options_of("en", None), None, 2)
    for _game, inp in seen:
        replayed = MODE.apply(replayed, inp)
    assert final == state_to_json(replayed.state)
    newer = MODE.new_game(COLOURS, options_of("en", None), None, 3)
    with pytest.raises(CompanionError):
        for _game, inp in seen[:removal + 1]:
            newer = MODE.apply(newer, inp)
