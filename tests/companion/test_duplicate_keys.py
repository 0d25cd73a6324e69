"""An object that gives one key twice is refused, naming the key, in every text from outside:
Python's ``json`` read ``{"type": "roll", "face": 3, "face": 4}`` as a roll of 4 (the last key won,
where another reader may keep the first), so ``game do`` wrote a roll the text did not say
unambiguously, and a position file or an export line with a key twice was read the same way.
Found by giving ``game do`` an input with ``face`` twice. Each refusal is one line, exit status 2,
nothing on stdout and nothing written."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.core.journal import Journal, JournalError, chain_hash
from companion.core.jsontext import DuplicateKeyError, JsonTextError, parse_json
from tests.companion.fixtures.cli_runner import run_cli


def refused(*argv: str) -> str:
    status, out, err = run_cli(*argv)
    assert (status, out) == (2, "") and err.count("\n") == 1 and "Traceback" not in err, (status, out, err)
    return err


def test_a_key_twice_is_refused_naming_the_key_at_any_depth() -> None:
    with pytest.raises(DuplicateKeyError, match="^the input holds an object with the key 'face' twice"):
        parse_json('{"type": "roll", "face": 3, "face": 4}', "the input")
    with pytest.raises(JsonTextError, match="the key 'red' twice"):
        parse_json('{"areas": {"the-shades": {"minions": {"red": 1, "red": 2}}}}')
    with pytest.raises(JsonTextError, match="the key 'a' twice"):
        parse_json('[{"a": 1, "a": 1}]')  # the same value twice is still two keys


def test_the_same_key_in_different_objects_is_not_a_duplicate() -> None:
    assert parse_json('[{"a": 1}, {"a": 2, "b": {"a": 3}}]') == [{"a": 1}, {"a": 2, "b": {"a": 3}}]


def test_game_do_refuses_an_input_with_a_key_twice_and_writes_nothing(tmp_path: Path) -> None:
    db = str(tmp_path / "game.sqlite")
    assert run_cli("game", "new", "--db", db, "--players", "red,blue")[0] == 0
    err = refused("game", "do", "--db", db, '{"type": "roll", "face": 3, "face": 4}')
    assert "the input holds an object with the key 'face' twice" in err
    with Journal(db) as journal:
        assert journal.last_n(1) == 0
    status, out, _ = run_cli("game", "do", "--db", db, '{"type": "roll", "face": 4}')
    assert status == 0 and json.loads(out)["entry"] == 1


def position_text(tmp_path: Path) -> str:
    db = str(tmp_path / "game.sqlite")
    run_cli("game", "new", "--db", db, "--players", "red,blue")
    status, out, _ = run_cli("game", "state", "--db", db)
    assert status == 0
    return out


def test_analyse_and_event_refuse_a_position_with_a_key_twice(tmp_path: Path) -> None:
    text = position_text(tmp_path)
    path = tmp_path / "position.json"
    path.write_text(text.replace('"money": 10,', '"money": 10, "money": 99,', 1), encoding="utf-8")
    assert "the position holds an object with the key 'money' twice" in refused("analyse", str(path))
    assert "the position holds an object with the key 'money' twice" in refused("event", "fog", str(path))
    path.write_text(text, encoding="utf-8")
    assert run_cli("analyse", str(path))[0] == 0


def export_with_a_key_twice(tmp_path: Path) -> Path:
    db = str(tmp_path / "game.sqlite")
    run_cli("game", "new", "--db", db, "--players", "red,blue")
    run_cli("game", "do", "--db", db, '{"type": "roll", "face": 4}')
    status, text, _ = run_cli("game", "export", "--db", db)
    assert status == 0
    lines = text.splitlines()
    assert '"face": 4' in lines[1]
    lines[1] = lines[1].replace('"face": 4', '"face": 3, "face": 4')
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_replay_and_import_refuse_an_export_line_with_a_key_twice(tmp_path: Path) -> None:
    path = export_with_a_key_twice(tmp_path)
    err = refused("replay", str(path))
    assert "line 2: the line holds an object with the key 'face' twice" in err
    assert "truncated" not in err  # the whole line was read: it is not cut short
    target = tmp_path / "imported.sqlite"
    assert "line 2: the line holds an object with the key 'face' twice" in refused(
        "game", "import", "--db", str(target), str(path))
    assert not target.exists() or Journal(target).games() == []


def test_a_journal_row_with_a_key_twice_is_a_damaged_row_even_with_its_chain_recomputed(tmp_path: Path) -> None:
    """The journal's writer never writes a key twice and an edited row breaks the hash chain; a tool
    that rewrites a row and recomputes the chain still gets a row that reads as damaged."""
    db = tmp_path / "game.sqlite"
    run_cli("game", "new", "--db", str(db), "--players", "red,blue")
    run_cli("game", "do", "--db", str(db), '{"type": "roll", "face": 4}')
    raw = sqlite3.connect(db, isolation_level=None)
    raw.execute("DROP TRIGGER entries_append_only_update")
    n, at, version, kind, barrier, data = raw.execute(
        "SELECT n, at, version, kind, barrier, data FROM entries WHERE game = 1 AND n = 1").fetchone()
    data = data.replace('"face":4', '"face":3,"face":4')
    raw.execute("UPDATE entries SET data = ?, hash = ? WHERE game = 1 AND n = 1",
                (data, chain_hash("", n, at, version, kind, barrier, data)))
    raw.close()
    with Journal(db) as journal, pytest.raises(JournalError,
                                               match="game 1, row 1: data holds an object with the key 'face' twice"):
        journal.entries(1)
    assert "the key 'face' twice" in refused("game", "state", "--db", str(db))
