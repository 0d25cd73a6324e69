"""A whole 3-player Ankh-Morpoly game through the session and its SQLite journal, from the first
input to its end, with undo on the way; its export replays to exactly the same game. And the
commands (``python3 -m ui.cli game …``) for one game's first steps, as a script uses them."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from companion.core.session import Session
from companion.morpoly.invariants import check_invariants
from companion.morpoly.random_play import random_input
from companion.morpoly.state_format import state_to_json

ROOT = Path(__file__).resolve().parents[3]


def test_a_whole_game_journalled_undone_and_replayed_from_its_export(tmp_path: Path) -> None:
    rng = random.Random(8)  # a seed whose random game ends (FSUs and the guilds' moves make most variant games long)
    with Session.open(tmp_path / "a.sqlite") as session:
        session.new_game(["red", "blue", "green"], mode="ankh-morpoly", options={"edition": "us"})
        undone = 0
        while session.question is not None:
            session.submit(random_input(session.current, rng))
            if session.seq % 41 == 0:  # take one back now and then (past a roll: a correction) and play on
                session.undo(1, confirm=True)
                undone += 1
                session.submit(random_input(session.current, rng))
            assert not check_invariants(session.current.state)
            assert session.seq < 3000, "seed 8 ends well before 3,000 inputs"
        final = state_to_json(session.current.state)
        assert session.record is not None and session.record.status == "finished" and undone > 3
        lines = list(session.export_lines())
    with Session.open(tmp_path / "b.sqlite") as other:
        other.import_lines(lines)
        assert state_to_json(other.current.state) == final
    with Session.open(tmp_path / "a.sqlite") as again:  # reopening replays the journal
        assert again.resume(1) is not None and state_to_json(again.current.state) == final


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ui.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def ok(*args: str) -> Any:
    done = cli(*args)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return json.loads(done.stdout)


def test_the_commands(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    assert cli("game", "new", "--db", db, "--mode", "ankh-morpoly", "--players", "red,blue,green",
               "--option", "edition=de-dm").stdout == "1\n"
    for guild in ("thieves", "watch", "wizards"):
        ok("game", "do", "--db", db, json.dumps({"type": "answer", "value": guild}))
    needs = ok("game", "do", "--db", db, '{"type": "answer", "value": "roll"}')["needs"]
    assert needs == {"kind": "roll", "question": "red: roll the dice to move", "player": "red", "dice": 2, "sides": 6}
    wrong = cli("game", "do", "--db", db, '{"type": "roll", "face": 7}')
    assert wrong.returncode == 2 and wrong.stdout == "" and "needs 2 d6 faces" in wrong.stderr
    step = ok("game", "do", "--db", db, '{"type": "roll", "faces": [1, 2]}')
    assert step["needs"]["options"] == ["buy", "decline"] and "Turmstraße" in step["needs"]["question"]
    ok("game", "do", "--db", db, '{"type": "answer", "value": "buy"}')
    state = ok("game", "state", "--db", db)
    assert state["format"] == "ankh-morpoly-state/1" and state["mode"] == "ankh-morpoly"
    assert state["parties"][0]["cash"] == 30000 - 1200 and state["squares"][1]["owner"] == "red"
    ok("game", "undo", "--db", db)
    assert ok("game", "state", "--db", db)["squares"][1]["owner"] is None
    ok("game", "do", "--db", db, '{"type": "answer", "value": "place:red:39"}')
    assert ok("game", "state", "--db", db)["tokens"][0]["square"] == 39
    export = cli("game", "export", "--db", db).stdout
    path = tmp_path / "game.jsonl"
    path.write_text(export, encoding="utf-8")
    assert ok("replay", str(path)) == ok("game", "state", "--db", db)


def test_a_drawn_card_and_a_roll_are_barriers(tmp_path: Path) -> None:
    from companion.core.inputs import Answer, DieRoll
    from companion.core.journal import BarrierError
    import pytest

    with Session.open(tmp_path / "c.sqlite") as session:
        session.new_game(["red", "blue"], mode="ankh-morpoly", options={"base": "standard"})
        session.submit(Answer("roll"))
        session.submit(DieRoll(faces=(1, 1)))  # Community Chest
        session.submit(Answer("chest.inherit"))
        with pytest.raises(BarrierError):
            session.undo(1)
        session.submit(Answer("roll"))
        session.undo(1)  # a choice made from the menu is no barrier


def test_a_player_id_no_input_can_name_is_refused_at_game_new(tmp_path: Path) -> None:
    """'game new --mode ankh-morpoly --players Zoë,Bob --option elam=on' started a game that then
    asked "Zoë: who runs the bank?" with the options Zoë and Bob, and refused the answer "Zoë" (an
    input's text is printable ASCII): a game stuck at its third question. Found by starting games
    with unusual player ids and playing them on. Names in any letters are the names (--names)."""
    db = str(tmp_path / "games.sqlite")
    done = cli("game", "new", "--db", db, "--mode", "ankh-morpoly", "--players", "Zoë,Bob", "--option", "elam=on")
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1 and "'Zoë'" in done.stderr
    assert not Path(db).exists()
    assert cli("game", "new", "--db", db, "--mode", "ankh-morpoly", "--players", "zoe,bob", "--names", "Zoë,Bob",
               "--option", "elam=on").stdout == "1\n"
    for guild in ("thieves", "watch"):
        ok("game", "do", "--db", db, json.dumps({"type": "answer", "value": guild}))
    assert ok("game", "do", "--db", db, json.dumps({"type": "answer", "value": "zoe"}))["entry"] == 3


def test_a_player_id_no_input_can_name_is_refused_at_game_import(tmp_path: Path) -> None:
    """'game new' refuses a player id no input can name, but 'game import' of an export whose header
    named one (not ASCII, longer than 40) stored the game: the same stuck game, by
    another door. It is refused as 'game new' refuses it, one line, and no journal is written;
    the export as it was imports."""
    db = str(tmp_path / "games.sqlite")
    assert cli("game", "new", "--db", db, "--mode", "ankh-morpoly", "--players", "anna,bob").stdout == "1\n"
    lines = cli("game", "export", "--db", db).stdout.splitlines()
    target = tmp_path / "imported.sqlite"
    for bad in ("Zoë", "r" * 41, "\u2603"):
        header = json.loads(lines[0])
        header["game"]["players"] = [bad, "bob"]
        export = tmp_path / "game.jsonl"
        export.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
        done = cli("game", "import", "--db", str(target), str(export))
        assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1, (bad, done)
        assert "printable ASCII" in done.stderr and repr(bad) in done.stderr, done.stderr
        assert not target.exists()
    export.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli("game", "import", "--db", str(target), str(export)).stdout == "1\n"


def test_state_and_replay_refuse_a_player_not_in_the_game(tmp_path: Path) -> None:
    """'game state --player purple' (and 'replay --player purple') on an Ankh-Morpoly game printed
    the position with exit 0, where the first game's is exit 2 naming the players; found by giving
    every command's options values that do not exist, in both modes."""
    db = str(tmp_path / "games.sqlite")
    assert cli("game", "new", "--db", db, "--mode", "ankh-morpoly", "--players", "red,blue").stdout == "1\n"
    export = tmp_path / "game.jsonl"
    export.write_text(cli("game", "export", "--db", db).stdout)
    for argv in (("game", "state", "--db", db, "--player", "purple"), ("replay", str(export), "--player", "purple"),
                 ("game", "state", "--db", db, "--player", "")):
        done = cli(*argv)
        assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1, argv
        assert "is not playing; players: red, blue" in done.stderr
    assert ok("game", "state", "--db", db, "--player", "blue")["seating"] == ["red", "blue"]


def test_a_finished_game_exported_with_such_an_id_still_imports(tmp_path: Path) -> None:
    """'game new' took any id before it refused ids no input can name, so a table may hold the export
    of a finished game of 'Zoë' and 'bob': there is no question left to name her in, and replay shows
    it; import keeps it too (only a game to go on with is refused). Seed 6's random game ends naming
    no party in any input, so the header alone can rename one (seed 7's did until rules revision 6's
    trades changed its play: it now corrects anna's token, ``place:anna:…``)."""
    db = tmp_path / "games.sqlite"
    with Session.open(db) as session:
        session.new_game(["anna", "bob"], None, None, mode="ankh-morpoly", options={})
        rng = random.Random(6)
        while session.game is not None and session.game.question is not None:
            session.submit(random_input(session.game, rng))
        lines = list(session.journal.export_lines(1))
    assert not any("anna" in line for line in lines[1:])
    header = json.loads(lines[0])
    header["game"]["players"] = ["Zoë", "bob"]
    export = tmp_path / "game.jsonl"
    export.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    target = tmp_path / "imported.sqlite"
    done = cli("game", "import", "--db", str(target), str(export))
    assert (done.returncode, done.stdout, done.stderr) == (0, "1\n", ""), done
