"""The start replays the one game the table was on (issue 16): ``ui.gamehost.open_session(choose=…)``
with :func:`ui.navigation.game_to_resume`, before any replay. The table had gone back from Home to
an older unfinished game; the start now replays that one instead of the newest — so what becomes of
it when it is from a newer companion, or no longer replays, is decided here, and no longer by the
app after the newest had been opened (then: the newest stayed, and the older one's problem was only
logged)."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.core.inputs import DieRoll
from companion.core.journal import Journal
from companion.core.session import Session
from tests.ui.test_ui_damaged_journal import INPUTS, no_card_at_row_4
from ui.gamehost import open_session
from ui.navigation import JournalPosition, Navigation, game_to_resume

OLDER = INPUTS


def two_unfinished_games(tmp_path: Path) -> tuple[Path, str]:
    """Game 1 (the older, five inputs) and game 2 (the newest, one roll), both unfinished; and game
    1's creation stamp."""
    path = tmp_path / "games.sqlite"
    with Session.open(path) as session:
        session.new_game(["red", "blue"])
        for inp in OLDER:
            session.submit(inp)
        created = session.journal.game(1).created
        session.new_game(["red", "blue", "green"])
        session.submit(DieRoll(5))
    return path, created


def on_game(game: int, created: str) -> Navigation:
    """The record of a table that went back to ``game`` from Home."""
    return Navigation(playing=JournalPosition(game, created, 0))


def edit(path: Path, *sql: str) -> None:
    db = sqlite3.connect(path)
    for statement in sql:
        db.execute(statement)
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def test_the_game_the_table_went_back_to_is_the_one_resumed(tmp_path: Path) -> None:
    path, created = two_unfinished_games(tmp_path)
    launch = open_session(path, choose=lambda journal: game_to_resume(on_game(1, created), journal))
    try:
        assert launch.problem is None and launch.session.record is not None and launch.session.record.id == 1
        assert launch.session.seq == len(OLDER)
    finally:
        launch.session.close()


def test_a_game_named_by_another_file_s_record_is_not_chosen(tmp_path: Path) -> None:
    """A record whose game has another creation stamp (the journal replaced by another file), or
    names a game the journal does not hold: the newest unfinished, as without a record."""
    path, created = two_unfinished_games(tmp_path)
    with Journal(path) as journal:
        assert game_to_resume(on_game(1, created + "x"), journal) == 2
        assert game_to_resume(on_game(9, created), journal) == 2
        assert game_to_resume(Navigation(), journal) == 2
        assert game_to_resume(on_game(1, created), journal) == 1


def test_a_chosen_game_from_a_newer_companion_leaves_the_newest_resumed_and_the_file_untouched(
        tmp_path: Path) -> None:
    path, created = two_unfinished_games(tmp_path)
    edit(path, "UPDATE games SET revision = 99 WHERE id = 1")
    before = path.read_bytes()
    launch = open_session(path, choose=lambda journal: game_to_resume(on_game(1, created), journal))
    try:
        assert launch.problem is None and launch.session.record is not None and launch.session.record.id == 2
        assert launch.session.seq == 1
    finally:
        launch.session.close()
    assert not list(tmp_path.glob("*.damaged-*")) and path.read_bytes() == before


def test_a_chosen_game_that_no_longer_replays_is_the_one_recovered_not_the_newest(tmp_path: Path) -> None:
    """Game 1's row 4 names a card not in blue's hand (written as an older companion would have, the
    hash chain carried on): the start keeps the file aside and goes on with game 1's longest valid
    prefix as a new game; game 2 is left as it was."""
    path, created = two_unfinished_games(tmp_path)
    no_card_at_row_4(path)
    launch = open_session(path, choose=lambda journal: game_to_resume(on_game(1, created), journal))
    try:
        problem = launch.problem
        assert problem is not None and problem.game == 1 and problem.kept_as and problem.continued_as == 3
        assert launch.session.record is not None and launch.session.record.id == 3
        assert launch.session.journal.game(2).status == "playing"
    finally:
        launch.session.close()
