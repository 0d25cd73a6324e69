"""The ``game`` and ``replay`` commands as a script uses them: ``python3 -m ui.cli …`` in a
subprocess from the repository root, exit statuses 0/2/3, stdout and stderr as the contract says."""
from __future__ import annotations

import importlib.util
import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from companion.core.inputs import CardScan, DieRoll
from companion.core.journal import Journal
from companion.core.session import GameRules, Session

ROOT = Path(__file__).resolve().parents[2]


from tests.companion.fixtures.loading import load as _load  # noqa: E402


player = _load("journal_player")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ui.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def ok(*args: str) -> Any:
    done = cli(*args)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return json.loads(done.stdout)


def rejected(*args: str) -> str:
    """Exit 2: one line on stderr, nothing on stdout."""
    done = cli(*args)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout == ""
    assert done.stderr.endswith("\n") and done.stderr.count("\n") == 1
    return done.stderr.strip()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "games.sqlite")


def do(db: str, inp: dict[str, Any]) -> Any:
    return ok("game", "do", "--db", db, json.dumps(inp))


def set_up(db: str) -> Any:
    """Two players, red first, red Vimes and blue Rust; returns what the game needs next."""
    assert cli("game", "new", "--db", db, "--players", "red,blue").stdout == "1\n"
    do(db, {"type": "roll", "face": 1, "source": "serial"})
    do(db, {"type": "scan", "kind": "personality", "card": "vimes", "player": "red"})
    return do(db, {"type": "answer", "value": "rust", "player": "blue"})["needs"]


def entries(db: str) -> int:
    return int(sqlite3.connect(db).execute("SELECT count(*) FROM entries").fetchone()[0])


def test_new_prints_the_game_id(db: str) -> None:
    first = cli("game", "new", "--db", db, "--players", "red,blue,green")
    assert (first.returncode, first.stdout, first.stderr) == (0, "1\n", "")
    assert cli("game", "new", "--db", db, "--players", "red,blue", "--edition", "de").stdout == "2\n"
    state = json.loads(cli("game", "state", "--db", db).stdout)
    assert state["edition"] == "de" and [p["color"] for p in state["players"]] == ["red", "blue"]


def test_a_bad_set_up_is_rejected_with_one_line(db: str) -> None:
    assert "unknown colour 'purple'" in rejected("game", "new", "--db", db, "--players", "red,purple")
    assert "unknown edition 'fr'" in rejected("game", "new", "--db", db, "--players", "red,blue", "--edition", "fr")
    assert "the following arguments are required: --players" in rejected("game", "new", "--db", db)


def test_do_prints_what_was_written_and_what_the_game_needs_next(db: str) -> None:
    cli("game", "new", "--db", db, "--players", "red,blue")
    out = do(db, {"type": "roll", "face": 2, "source": "serial"})
    assert out["game"] == 1 and out["entry"] == 1 and out["kind"] == "input" and out["seq"] == 1
    assert out["log"] == ["the die shows 2", "blue plays first"] and out["game_over"] is False
    assert out["needs"] == {"kind": "choice", "player": "red", "question": "red: scan or pick your secret personality",
                            "options": ["vetinari", "selachii", "rust", "de-worde", "dragon-king-of-arms", "vimes"],
                            "private": True}


def test_do_exits_3_with_the_pending_question_when_another_input_is_awaited(db: str) -> None:
    cli("game", "new", "--db", db, "--players", "red,blue")
    done = cli("game", "do", "--db", db, '{"type": "answer", "value": "the-shades"}')
    assert done.returncode == 3 and done.stderr == ""
    assert json.loads(done.stdout) == {"needs": {"kind": "roll", "question": "Roll the die to choose the first player"}}
    do(db, {"type": "roll", "face": 1})
    done = cli("game", "do", "--db", db, '{"type": "roll", "face": 4}')  # a roll where a choice is asked
    assert done.returncode == 3 and json.loads(done.stdout)["needs"]["player"] == "red"
    done = cli("game", "do", "--db", db, '{"type": "answer", "value": "vimes", "player": "blue"}')  # not blue's turn
    assert done.returncode == 3 and json.loads(done.stdout)["needs"]["player"] == "red"
    assert entries(db) == 1


@pytest.mark.parametrize("text, message", [
    ('{"type": "roll", "face": 13}', "a d12 roll is a face from 1 to 12, not '13'"),
    ('{"type": "roll", "face": "7"}', "field 'face' of a 'roll' input must be int, not '7'"),
    ('{"type": "teleport"}', "unknown input type 'teleport'"),
    ('{"type": "roll", "face": 7', "the input is not JSON"),
    ('{"type": "roll", "face": 7, "seq": 5}', "stale input: made at seq 5, the game is at seq 0"),
])
def test_do_rejects_with_one_line_and_writes_nothing(db: str, text: str, message: str) -> None:
    cli("game", "new", "--db", db, "--players", "red,blue")
    assert message in rejected("game", "do", "--db", db, text)
    assert entries(db) == 0


def test_a_rule_violation_is_rejected_and_the_state_is_unchanged(db: str) -> None:
    cli("game", "new", "--db", db, "--players", "red,blue")
    do(db, {"type": "roll", "face": 1})
    do(db, {"type": "answer", "value": "vimes", "player": "red"})
    before = cli("game", "state", "--db", db).stdout
    assert "that card is not available" in rejected("game", "do", "--db", db, '{"type": "answer", "value": "vimes"}')
    assert cli("game", "state", "--db", db).stdout == before and entries(db) == 2


def test_state_hides_other_players_secrets_when_a_player_is_given(db: str) -> None:
    set_up(db)
    everything = ok("game", "state", "--db", db)
    assert everything["format"] == "ankh-morpork-state/1"
    assert [p["personality"] for p in everything["players"]] == ["vimes", "rust"]
    red = ok("game", "state", "--db", db, "--player", "red")
    assert [p["personality"] for p in red["players"]] == ["vimes", None]
    assert "'purple' is not playing" in rejected("game", "state", "--db", db, "--player", "purple")


def test_undo_past_a_secret_needs_confirm_and_redo_puts_it_back(db: str) -> None:
    set_up(db)
    message = rejected("game", "undo", "--db", db)
    assert "a revealed answer (entry 3)" in message and "rust" not in message and "repeat with --confirm" in message
    out = ok("game", "undo", "--db", db, "--confirm")
    assert out["kind"] == "correction" and out["seq"] == 2 and out["needs"]["player"] == "blue"
    out = ok("game", "redo", "--db", db)
    assert out["kind"] == "redo" and out["seq"] == 3
    assert "cannot undo 9 step(s): only 3 can be" in rejected("game", "undo", "--db", db, "--steps", "9")
    assert [p["personality"] for p in ok("game", "state", "--db", db)["players"]] == ["vimes", "rust"]


def test_export_then_replay_gives_the_live_position(db: str, tmp_path: Path) -> None:
    needs = set_up(db)
    rng = random.Random(3)
    for _ in range(12):  # a script looping on "needs" alone
        if needs["kind"] == "roll":
            inp: dict[str, Any] = {"type": "roll", "face": rng.randint(1, 12)}
        elif needs.get("key") == "event.draw":
            inp = {"type": "scan", "kind": "event", "card": rng.choice(needs["options"])}
        else:
            inp = {"type": "answer", "value": rng.choice(needs["options"])}
        done = cli("game", "do", "--db", db, json.dumps(inp))
        assert done.returncode in (0, 2), done.stderr
        if done.returncode == 0:
            needs = json.loads(done.stdout)["needs"]
    ok("game", "undo", "--db", db, "--steps", "3", "--confirm")
    ok("game", "redo", "--db", db, "--steps", "2")
    export = cli("game", "export", "--db", db)
    assert export.returncode == 0 and export.stderr == ""
    path = tmp_path / "game.jsonl"
    path.write_text(export.stdout)
    assert json.loads(export.stdout.splitlines()[0])["format"] == "ankh-companion-journal/1"
    replayed = cli("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout) == ok("game", "state", "--db", db)
    assert json.loads(cli("replay", str(path), "--player", "blue").stdout) == ok("game", "state", "--db", db,
                                                                                 "--player", "blue")


def test_replay_names_the_bad_line_of_a_damaged_export(db: str, tmp_path: Path) -> None:
    set_up(db)
    text = cli("game", "export", "--db", db).stdout
    truncated = tmp_path / "truncated.jsonl"
    truncated.write_text(text[:-15])
    assert "line 4: the line is not JSON" in rejected("replay", str(truncated))
    lines = text.splitlines()
    lines[2] = lines[2].replace('"version": 1', '"version": 3')
    newer = tmp_path / "newer.jsonl"
    newer.write_text("\n".join(lines) + "\n")
    assert "line 3: game 1, row 2: unknown schema version 3" in rejected("replay", str(newer))
    assert "No such file" in rejected("replay", str(tmp_path / "missing.jsonl"))


def test_a_damaged_row_is_named_and_recover_continues_from_before_it(db: str) -> None:
    set_up(db)
    raw = sqlite3.connect(db, isolation_level=None)
    raw.execute("DROP TRIGGER entries_append_only_update")
    raw.execute("UPDATE entries SET data = '{\"type\": \"answer\", \"val' WHERE n = 3")
    raw.close()
    assert "game 1, row 3: data is not JSON" in rejected("game", "state", "--db", db)
    assert "game 1, row 3" in rejected("game", "do", "--db", db, '{"type": "answer", "value": "rust"}')
    out = ok("game", "recover", "--db", db)
    assert out["broken"] == 1 and out["game"] == 2 and out["entries"] == 2 and out["needs"]["player"] == "blue"
    do(db, {"type": "answer", "value": "rust", "player": "blue"})
    assert [p["personality"] for p in ok("game", "state", "--db", db)["players"]] == ["vimes", "rust"]
    assert "nothing to recover" in rejected("game", "recover", "--db", db)


def test_a_truncated_journal_file_is_salvaged_by_recover(db: str) -> None:
    set_up(db)
    with open(db, "r+b") as handle:  # the header page survives, the rest of the file is gone
        handle.truncate(2 * 4096)  # the schema and the games table: pages 1 and 2
    message = rejected("game", "state", "--db", db)
    assert "is damaged" in message and "game 1 row 1 and later cannot be read" in message
    out = ok("game", "recover", "--db", db)
    assert "game 1: 0 entries kept" in out["salvaged"] and out["needs"]["kind"] == "roll"
    assert list(Path(db).parent.glob("games.sqlite.damaged-*"))


def test_history_lists_finished_games_and_a_finished_game_takes_no_input(db: str) -> None:
    with Session.open(db, GameRules()) as session:
        session.new_game(["red", "blue"])
        session.submit(DieRoll(1))
        session.submit(CardScan("personality", "vimes", player="red"))
        session.submit(CardScan("personality", "rust", player="blue"))
        player.play(session, random.Random(8))
        assert session.question is None
    [past] = ok("game", "history", "--db", db)
    assert past["status"] == "finished" and past["players"] == ["red", "blue"]
    assert past["result"]["winners"] and set(past["result"]["scores"]) == {"red", "blue"}
    assert past["result"]["personalities"] == {"red": "vimes", "blue": "rust"}
    assert "game 1 is over" in rejected("game", "do", "--db", db, '{"type": "roll", "face": 3}')


def test_import_stores_an_export_as_a_new_game(db: str, tmp_path: Path) -> None:
    set_up(db)
    path = tmp_path / "game.jsonl"
    path.write_text(cli("game", "export", "--db", db).stdout)
    other = str(tmp_path / "other.sqlite")
    assert cli("game", "import", "--db", other, str(path)).stdout == "1\n"
    assert ok("game", "state", "--db", other) == ok("game", "state", "--db", db)


@pytest.mark.parametrize("row", [1, 2, 3])  # the die roll, the scanned personality, blue's private answer
def test_an_export_that_unflags_a_barrier_is_refused(db: str, tmp_path: Path, row: int) -> None:
    """An export with a die roll (or a revealed secret) edited to "barrier": false was imported as
    it said, and 'game undo' then took the roll back without --confirm, as a plain 'undo': a free
    re-roll. Found by importing exports with single fields changed and undoing in the new game."""
    set_up(db)
    lines = cli("game", "export", "--db", db).stdout.splitlines()
    entry = json.loads(lines[row])
    assert entry["barrier"] is True
    lines[row] = json.dumps({**entry, "barrier": False})
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n")
    other = tmp_path / "other.sqlite"
    message = rejected("game", "import", "--db", str(other), str(path))
    assert f"row {row}" in message and "barrier" in message and not other.exists()


def test_a_refused_import_creates_no_journal(tmp_path: Path) -> None:
    """An empty or malformed export is refused with one line, and no empty journal is left behind to
    be mistaken for a game; an existing journal is kept as it was."""
    target = tmp_path / "new.sqlite"
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert "empty file" in rejected("game", "import", "--db", str(target), str(empty))
    assert not target.exists()
    set_up(str(target))
    before = ok("game", "state", "--db", str(target))
    rejected("game", "import", "--db", str(target), str(empty))
    assert ok("game", "state", "--db", str(target)) == before


def test_commands_without_a_game_say_so_and_create_no_file(db: str) -> None:
    assert "no journal at" in rejected("game", "state", "--db", db)
    assert "no journal at" in rejected("game", "export", "--db", db)
    assert not Path(db).exists()
    rejected("game", "new", "--db", db, "--players", "red")  # a bad set-up: no file is left behind
    assert not Path(db).exists()
    Journal(db).close()  # a journal with no game in it
    assert "no game in" in rejected("game", "state", "--db", db)
    assert "no game in" in rejected("game", "do", "--db", db, '{"type": "roll", "face": 3}')
    assert "invalid choice: 'fly'" in rejected("game", "fly", "--db", db)


def test_a_one_byte_file_is_refused_and_stays_as_it_was(tmp_path: Path) -> None:
    """A one-byte file (a stray newline, a mistyped --db) was taken by SQLite for a new database:
    'game new' wrote a journal over it and 'game state' wrote the tables and said "no game in".
    It is refused as any file that is not SQLite is, and left byte for byte as it was."""
    path = tmp_path / "notes.txt"
    path.write_bytes(b"\n")
    for command in (("new", "--players", "red,blue"), ("state",), ("history",), ("recover",),
                    ("import", str(ROOT / "tests/companion/fixtures/journal-v2.jsonl")),
                    ("do", '{"type": "roll", "face": 3}')):
        message = rejected("game", command[0], "--db", str(path), *command[1:])
        assert "not a database" in message, (command, message)
        assert path.read_bytes() == b"\n" and sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"], command


def test_an_empty_file_is_no_journal_and_stays_empty(tmp_path: Path) -> None:
    """An empty file (touched, or truncated to nothing) was opened as a new journal: 'game state'
    and the other commands were refused ("no game in …") yet wrote the tables into it, 'game
    history' answered [] and 'game backup' copied it, and a refused 'game new' left the tables
    behind. Found by running every game command on a zero-byte file and comparing its bytes."""
    empty = tmp_path / "games.sqlite"
    empty.touch()
    for command in (("state",), ("export",), ("history",), ("undo",), ("redo",), ("recover",),
                    ("do", '{"type": "roll", "face": 3}'), ("backup", "--to", str(tmp_path / "copy.sqlite"))):
        assert "(an empty file)" in rejected("game", command[0], "--db", str(empty), *command[1:]), command
        assert empty.read_bytes() == b"" and sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite"]
    rejected("game", "new", "--db", str(empty), "--players", "red,mauve")
    assert empty.read_bytes() == b"" and sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite"]
    assert cli("game", "new", "--db", str(empty), "--players", "red,blue").stdout == "1\n"  # it may become one
