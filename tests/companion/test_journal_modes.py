"""The journal records which game it is: each game's mode, resolved options and rules revision.

A game is replayed by the mode, options and revision its record names, so a game recorded before an
upgrade that adds a question resumes exactly as it was played (the policy "keep the old behaviour",
``docs/journal-format.md``), and a journal written by today's code (``fixtures/journal-v2.*``)
keeps replaying to the same position.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from companion.core import mode as mode_registry
from companion.core.errors import InputError
from companion.core.inputs import Answer, DieRoll
from companion.core.journal import Journal, JournalError, parse_export, salvage_file
from companion.core.session import Session, replay_export
from companion.morpork.revisions import LATEST
from companion.morpork.state_format import state_to_json

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite"


def register_tally(monkeypatch: pytest.MonkeyPatch, version: str) -> None:
    """Install the tally mode (``fixtures/revised_mode.py``) as the companion of that version would
    have it: ``MODE_1`` before the upgrade, ``MODE_2`` after."""
    monkeypatch.syspath_prepend(str(FIXTURES))
    monkeypatch.setitem(mode_registry.MODES, "tally", f"revised_mode:{version}")  # type: ignore[index]


# -- what a game row records --------------------------------------------------------------------------

def test_a_new_game_records_its_mode_its_resolved_options_and_the_rules_revision(path: Path) -> None:
    with Session.open(path) as session:
        session.new_game(["red", "blue"], mode="ankh-morpork", options={"edition": "de", "tie-break": "card"})
        record = session.record
        assert record is not None and session.current.state.rules.tie_break == "card"
        assert session.current.state.revision == LATEST == 5  # played by it: a symbol is asked before its skip only for a power that can help
    assert (record.mode, record.revision, record.edition) == ("ankh-morpork", 5, "de")
    # every option, the edition's rulings where none was given
    assert record.options == {"edition": "de", "bank": "120", "building-points": "cost", "tie-break": "card",
                              "first-player": "highest-roll"}
    with Journal(path) as journal:
        assert journal.game(1) == record


def test_the_old_call_still_starts_an_edition_game(path: Path) -> None:
    with Session.open(path) as session:
        session.new_game(["red", "blue"], "pl", ["Ala", "Bartek"])
        assert session.record is not None and session.record.options["building-points"] == "double"
        assert session.current.state.bank == 130 - 20


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"mode": "chess"}, "unknown game mode 'chess'"),
    ({"options": {"house-rule": "yes"}}, "unknown option 'house-rule'"),
    ({"options": {"tie-break": "coin"}}, "unknown tie-break 'coin'"),
    ({"options": {"edition": "de"}, "edition": "pl"}, "edition 'pl' and option edition='de' disagree"),
])
def test_an_unknown_mode_option_or_value_writes_nothing(path: Path, kwargs: dict[str, Any], message: str) -> None:
    with Session.open(path) as session:
        with pytest.raises(InputError, match=message):
            session.new_game(["red", "blue"], **kwargs)
        assert session.games() == [] and session.game is None


def test_export_import_and_fork_keep_which_game_it_is(path: Path) -> None:
    with Session.open(path) as session:
        session.new_game(["red", "blue"], options={"edition": "it", "first-player": "highest-roll"})
        session.submit(DieRoll(3))
        lines = list(session.export_lines())
        header = json.loads(lines[0])["game"]
        assert (header["mode"], header["revision"], header["options"]["first-player"]) == \
            ("ankh-morpork", 5, "highest-roll")
        imported = session.import_lines(lines)
        assert session.record is not None and session.record.id == imported
        assert (session.record.mode, session.record.options) == ("ankh-morpork", header["options"])
        forked = session.journal.fork(imported, 1)
        assert session.journal.game(forked).options == header["options"]
        # the question the option asks for: blue's roll (everyone rolls, highest starts)
        assert session.question is not None and session.question.key == "setup.roll-each"


def test_an_export_without_mode_is_an_ankh_morpork_game_of_its_edition_at_revision_1() -> None:
    header = {"format": "ankh-companion-journal/1",
              "game": {"id": 4, "created": "2026-11-01T10:00:00.000Z", "players": ["red", "blue"], "edition": "de"}}
    record, entries, problem = parse_export([json.dumps(header)])
    assert problem is None and entries == []
    assert (record.mode, record.options, record.revision) == ("ankh-morpork", {"edition": "de"}, 1)
    game = replay_export([json.dumps(header)], _rules())
    assert game.question.key == "setup.roll-each"  # the German set-up of its edition


def _rules() -> Any:
    from companion.core.session import GameRules

    return GameRules()


@pytest.mark.parametrize(("field", "value", "message"), [
    ("options", {"edition": 3}, "not an object of texts"),
    ("revision", 0, "rules revision 0 is not a positive whole number"),
    ("mode", "", "mode must be 1 to 64 printable characters, not ''"),
])
def test_a_bad_export_header_names_its_field(field: str, value: Any, message: str) -> None:
    header = {"format": "ankh-companion-journal/1", "game": {"id": 1, "created": "2026-11-01T10:00:00.000Z",
                                                                   "players": ["red", "blue"], field: value}}
    with pytest.raises(JournalError, match=f"line 1: .*{message}"):
        parse_export([json.dumps(header)])


def test_a_game_of_a_mode_this_companion_does_not_know_is_named_not_guessed(path: Path) -> None:
    with Journal(path) as journal:
        journal.create_game(["red", "blue"], mode="ankh-morpoly-2030", options={})
    with pytest.raises(JournalError, match="game 1: unknown game mode 'ankh-morpoly-2030'"):
        Session.open(path)


# -- rules revisions: keep the old behaviour for old games ---------------------------------------------

def test_a_game_recorded_at_revision_1_resumes_exactly_after_an_upgrade_that_adds_a_question(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    register_tally(monkeypatch, "MODE_1")  # the companion before the upgrade
    with Session.open(path) as before:
        before.new_game(["red", "blue"], mode="tally", options={})
        before.submit(DieRoll(7))
        assert before.record is not None and before.record.revision == 1
        assert before.question is not None and before.question.key == "tally.roll"
        position = (before.current, before.question)

    register_tally(monkeypatch, "MODE_2")  # the upgrade: revision 2 asks whether to double
    with Session.open(path) as after:
        assert (after.current, after.question) == position  # no new question for the old game
        after.submit(DieRoll(5))
        after.submit(DieRoll(2))
        assert after.question is None and after.record is not None and after.record.status == "finished"
        assert after.current.values == ("7", "5", "2")

        after.new_game(["red", "blue"], mode="tally", options={"target": "low"})
        after.submit(DieRoll(7))
        assert after.record is not None and after.record.revision == 2
        assert after.question is not None and after.question.key == "tally.double"  # the new question
        after.submit(Answer("yes", player="red"))
        lines = list(after.export_lines())
    assert json.loads(lines[0])["game"]["revision"] == 2

    register_tally(monkeypatch, "MODE_1")  # an older companion refuses the newer game, naming it
    with Journal(path) as journal, pytest.raises(JournalError, match="game 2: .*rules revision 2"):
        Session(journal).resume(2)


# -- the fixture written by this version -----------------------------------------------------------------

@pytest.fixture
def v2_db(tmp_path: Path) -> Path:
    copy = tmp_path / "journal-v2.sqlite"
    shutil.copyfile(FIXTURES / "journal-v2.sqlite", copy)
    return copy


def _expected() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((FIXTURES / "journal-v2.position.json").read_text(encoding="utf-8"))
    return doc


def test_the_v2_file_opens_as_it_was_written(v2_db: Path) -> None:
    with Journal(v2_db) as journal:
        assert journal.settings()["user_version"] == 3
        first, second = journal.games()
        assert (first.mode, first.revision, first.edition, first.names) == ("ankh-morpork", 1, "de",
                                                                            ("Uta", "Rolf", "Gabi"))
        assert first.options == {"edition": "de", "bank": "120", "building-points": "cost", "tie-break": "card",
                                 "first-player": "highest-roll"}
        assert second.options["bank"] == "130" and second.options["edition"] == "en"
        kinds = [e.kind for e in journal.entries(first.id)]
        assert {"correction", "undo", "redo"} <= set(kinds)


def test_the_v2_games_replay_to_the_position_they_were_written_at(v2_db: Path) -> None:
    expected = _expected()
    with Session.open(v2_db, resume=False) as session:
        session.resume(1)
        question = session.question
        assert question is not None and session.seq == expected["seq"]
        assert state_to_json(session.current.state) == expected["state"]
        assert {"kind": question.kind, "key": question.key, "player": question.player} == expected["question"]
        # the override was played by: the German set-up, the English tie-break
        assert session.current.state.rules.tie_break == "card" and session.current.state.edition == "de"
        assert session.current.state.revision == 1  # and its rules revision: one prompt per opponent
        session.resume(2)
        assert session.current.state.bank == 130 - 20 and session.seq == 0
    lines = (FIXTURES / "journal-v2.jsonl").read_text(encoding="utf-8").splitlines()
    assert state_to_json(replay_export(lines, _rules()).state) == expected["state"]


# -- a damaged file of the first table version ---------------------------------------------------------

def test_a_damaged_v1_file_is_salvaged_into_a_v2_file(tmp_path: Path) -> None:
    damaged = tmp_path / "old.sqlite"
    shutil.copyfile(FIXTURES / "journal-v1.sqlite", damaged)
    size = damaged.stat().st_size
    with open(damaged, "r+b") as handle:  # the last pages are gone
        handle.truncate(size - 4096)
    report = salvage_file(damaged)
    assert report.kept_aside.startswith(str(damaged))
    with Journal(damaged) as journal:
        assert journal.settings()["user_version"] == 3
        [record] = journal.games()
        assert (record.mode, record.options, record.revision) == ("ankh-morpork", {"edition": "en"}, 1)
    assert Path(report.kept_aside).stat().st_size == size - 4096  # the damaged file is kept as it was
