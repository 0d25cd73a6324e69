"""``game new --mode NAME --option NAME=VALUE``, ``game modes``, and the mode shown by ``state``,
``history``, ``export`` and ``replay``: ``python3 -m ui.cli …`` in a subprocess, as a script uses it."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.core.journal import GameResult, Journal

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ui.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def ok(*args: str) -> Any:
    done = cli(*args)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return json.loads(done.stdout)


def rejected(*args: str) -> str:
    done = cli(*args)
    assert done.returncode == 2 and done.stdout == "", (done.stdout, done.stderr)
    assert done.stderr.endswith("\n") and done.stderr.count("\n") == 1
    return done.stderr.strip()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "games.sqlite")


def test_new_with_options_and_state_shows_the_mode_options_and_revision(db: str, tmp_path: Path) -> None:
    new = cli("game", "new", "--db", db, "--players", "red,blue", "--mode", "ankh-morpork",
              "--edition", "de", "--option", "tie-break=card")
    assert (new.returncode, new.stdout, new.stderr) == (0, "1\n", "")
    state = ok("game", "state", "--db", db)
    assert state["format"] == "ankh-morpork-state/1" and state["edition"] == "de"  # the position as before …
    assert (state["mode"], state["revision"]) == ("ankh-morpork", 5)                # … and which game it is
    assert state["options"] == {"edition": "de", "bank": "120", "building-points": "cost", "tie-break": "card",
                                "first-player": "highest-roll"}
    assert ok("game", "state", "--db", db, "--player", "red")["mode"] == "ankh-morpork"
    needs = ok("game", "do", "--db", db, '{"type": "roll", "face": 4}')["needs"]
    assert needs["player"] == "blue"  # the German set-up: everyone rolls

    export = cli("game", "export", "--db", db).stdout.splitlines()
    header = json.loads(export[0])["game"]
    assert (header["mode"], header["revision"], header["options"]["tie-break"]) == ("ankh-morpork", 5, "card")
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(export) + "\n", encoding="utf-8")
    replayed = ok("replay", str(path))
    assert replayed == state  # the same position, the same game
    assert cli("game", "import", "--db", db, str(path)).stdout == "2\n"
    assert ok("game", "state", "--db", db, "--game", "2")["options"] == state["options"]


def test_the_default_mode_and_edition(db: str) -> None:
    assert cli("game", "new", "--db", db, "--players", "red,blue").stdout == "1\n"
    state = ok("game", "state", "--db", db)
    assert (state["mode"], state["options"]["edition"], state["options"]["first-player"]) == \
        ("ankh-morpork", "en", "die")
    assert "options" in state and state["edition"] == "en"


@pytest.mark.parametrize(("args", "message"), [
    (["--mode", "chess"], "unknown game mode 'chess'; expected one of ankh-morpork"),
    (["--option", "house-rule=yes"], "unknown option 'house-rule'"),
    (["--option", "tie-break=coin"], "unknown tie-break 'coin'; option 'tie-break' is one of card, control"),
    (["--option", "tie-break"], "--option 'tie-break': expected NAME=VALUE"),
    (["--option", "bank=130", "--option", "bank=120"], "--option 'bank' is given twice"),
    (["--edition", "de", "--option", "edition=pl"], "edition 'de' and option edition='pl' disagree"),
    (["--edition", "fr"], "unknown edition 'fr'"),
])
def test_an_unknown_mode_option_or_value_is_exit_2_naming_it_and_writes_nothing(
        db: str, args: list[str], message: str) -> None:
    assert message in rejected("game", "new", "--db", db, "--players", "red,blue", *args)
    if Path(db).exists():
        with Journal(db) as journal:
            assert journal.games() == []


def test_history_carries_the_mode(db: str) -> None:
    assert cli("game", "new", "--db", db, "--players", "red,blue", "--option", "bank=130").returncode == 0
    with Journal(db) as journal:  # the history lists finished games: mark this one so
        journal.set_result(1, GameResult(("red",), "points", {"red": "vimes", "blue": "rust"}))
    [record] = ok("game", "history", "--db", db)
    assert (record["mode"], record["revision"], record["options"]["bank"]) == ("ankh-morpork", 5, "130")


def test_modes_lists_each_mode_with_its_options_defaults_and_descriptions() -> None:
    modes = ok("game", "modes")
    morpork = next(m for m in modes if m["mode"] == "ankh-morpork")
    assert morpork["revision"] == 5 and morpork["title"] == "Discworld: Ankh-Morpork"
    options = {o["name"]: o for o in morpork["options"]}
    assert list(options) == ["edition", "bank", "building-points", "tie-break", "first-player"]
    assert options["edition"]["choices"] == ["en", "de", "pl", "it"] and options["edition"]["default"] == "en"
    assert options["first-player"]["defaults"] == {"de": "highest-roll"}
    assert all(o["description"] for o in options.values())
