"""A corpus of malformed inputs (issue 15, item 1) run against every command: ``game``
new/do/state/undo/redo/export/import/recover/backup, ``replay``, ``analyse``, ``event`` and
``simulate``. Each case exits 2 (or its documented status: 3 for an input of another kind) with
exactly one line on stderr and nothing on stdout, never a traceback, and the journal file is
byte-identical afterwards.

The commands run in this process through the ``ankh-companion`` dispatcher (a traceback fails the
test); a few run as real subprocesses at the end, as a script would call them."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.companion.fixtures.cli_runner import run_cli as run

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
HUGE = "9" * 4301
DEEP = "[" * 5000 + "]" * 5000

@dataclass(frozen=True)
class Case:
    name: str
    argv: tuple[str, ...]  # {db}, {state}, {file} are filled in
    status: int = 2
    says: str = ""  # a word the one line must hold (the field it names)


def _header(**game: object) -> str:
    base: dict[str, object] = {"id": 1, "created": "2026-11-24T10:00:00.000Z", "players": ["red", "blue"],
                               "edition": "en", "status": "playing", "result": None}
    base.update(game)
    return json.dumps({"format": "ankh-companion-journal/1", "game": base})


ENTRY = json.dumps({"n": 1, "at": "2026-11-24T10:00:01.000Z", "version": 1, "kind": "input", "barrier": True,
                    "data": {"type": "roll", "face": 1, "source": "serial"}})
EXPORTS: dict[str, bytes] = {
    "id-text": (_header(id="abc") + "\n" + ENTRY).encode(),
    "id-null": (_header(id=None) + "\n" + ENTRY).encode(),
    "id-zero": (_header(id=0) + "\n" + ENTRY).encode(),
    "result-winners-number": (_header(result={"winners": 5}) + "\n" + ENTRY).encode(),
    "result-list": (_header(result=["red"]) + "\n" + ENTRY).encode(),
    "names-string": (_header(names="red,blue") + "\n" + ENTRY).encode(),
    "names-empty-item": (_header(names=["Ann", ""]) + "\n" + ENTRY).encode(),
    "created-number": (_header(created=20261124) + "\n" + ENTRY).encode(),
    "status-unknown": (_header(status="paused") + "\n" + ENTRY).encode(),
    "players-string": (_header(players="red,blue") + "\n" + ENTRY).encode(),
    "entry-data-string": (_header() + "\n" + ENTRY.replace('{"type": "roll", "face": 1, "source": "serial"}',
                                                            json.dumps('{"type":"roll","face":1}'))).encode(),
    "entry-deep": (_header() + "\n" + '{"n": 1, "data": ' + DEEP + "}").encode(),
    "header-deep": DEEP.encode(),
    "entry-huge-number": (_header() + "\n" + ENTRY.replace('"face": 1', f'"face": {HUGE}')).encode(),
    "header-huge-id": ('{"format": "ankh-companion-journal/1", "game": {"id": ' + HUGE + "}}").encode(),
    "not-utf8": b"\xff\xfe" + _header().encode("utf-16-le"),
    "empty": b"",
    "telepathic-roll": (_header() + "\n" + ENTRY.replace('"serial"', '"telepathy"')).encode(),
}


def _cases() -> list[Case]:
    cases = [
        # game do: inputs by type and value
        Case("do-4301-digits", ("game", "do", "--db", "{db}", '{"type":"roll","face":' + HUGE + "}"), says="digits"),
        Case("do-nested-5000", ("game", "do", "--db", "{db}", DEEP), says="nested"),
        Case("do-not-json", ("game", "do", "--db", "{db}", "{roll 7"), says="JSON"),
        Case("do-nan", ("game", "do", "--db", "{db}", '{"type":"roll","face":NaN}'), says="NaN"),
        Case("do-float-face", ("game", "do", "--db", "{db}", '{"type":"roll","face":7.0}'), says="face"),
        Case("do-bool-face", ("game", "do", "--db", "{db}", '{"type":"roll","face":true}'), says="face"),
        Case("do-list", ("game", "do", "--db", "{db}", "[]"), says="object"),
        Case("do-type-list", ("game", "do", "--db", "{db}", '{"type":["roll"]}'), says="type"),
        Case("do-unknown-type", ("game", "do", "--db", "{db}", '{"type":"shout"}'), says="type"),
        Case("do-unknown-field", ("game", "do", "--db", "{db}", '{"type":"roll","face":3,"spin":1}'), says="spin"),
        Case("do-telepathy", ("game", "do", "--db", "{db}",
                              '{"type":"roll","face":3,"source":"telepathy","die_id":"\\u0000\\u202e"}'), says="die_id"),
        Case("do-telepathy-only", ("game", "do", "--db", "{db}", '{"type":"roll","face":3,"source":"telepathy"}'),
             says="source"),
        Case("do-long-die-id", ("game", "do", "--db", "{db}", '{"type":"roll","face":3,"die_id":"' + "d" * 65 + '"}'),
             says="die_id"),
        Case("do-negative-seq", ("game", "do", "--db", "{db}", '{"type":"roll","face":3,"seq":-1}'), says="seq"),
        Case("do-huge-string", ("game", "do", "--db", "{db}", '{"type":"answer","value":"' + "x" * 20000 + '"}'),
             says="characters"),
        Case("do-empty-answer", ("game", "do", "--db", "{db}", '{"type":"answer","value":""}'), says="value"),
        Case("do-tarot-scan", ("game", "do", "--db", "{db}",
                               '{"type":"scan","kind":"tarot","card":"vimes","source":"ouija"}'), says="scan"),
        Case("do-tarot-scan-manual", ("game", "do", "--db", "{db}", '{"type":"scan","kind":"tarot","card":"vimes"}'),
             says="kind"),
        Case("do-event-scan-of-a-personality", ("game", "do", "--db", "{db}",
                                                '{"type":"scan","kind":"event","card":"vetinari"}'), says="event"),
        Case("do-card-scan-of-a-personality", ("game", "do", "--db", "{db}",
                                               '{"type":"scan","kind":"card","card":"vimes"}'), says="card"),
        Case("do-dealt-personality", ("game", "do", "--db", "{db}",
                                      '{"type":"scan","kind":"personality","card":"vimes"}'), says="not available"),
        Case("do-wrong-kind", ("game", "do", "--db", "{db}", '{"type":"roll","face":3}'), status=3),
        # command-line numbers
        *[Case(f"{cmd}-game-overflow", ("game", cmd, "--db", "{db}", "--game", "99999999999999999999", *extra),
               says="--game")
          for cmd, extra in (("do", ('{"type":"roll","face":3}',)), ("state", ()), ("undo", ()), ("redo", ()),
                             ("export", ()), ("recover", ()))],
        Case("state-game-zero", ("game", "state", "--db", "{db}", "--game", "0"), says="--game"),
        Case("state-game-negative", ("game", "state", "--db", "{db}", "--game", "-1"), says="--game"),
        Case("state-game-arabic-digit", ("game", "state", "--db", "{db}", "--game", "١"), says="--game"),
        Case("state-game-missing", ("game", "state", "--db", "{db}", "--game", "7"), says="no game"),
        Case("undo-steps-5000-digits", ("game", "undo", "--db", "{db}", "--steps", "9" * 5000), says="--steps"),
        Case("undo-steps-zero", ("game", "undo", "--db", "{db}", "--steps", "0"), says="--steps"),
        Case("redo-steps-text", ("game", "redo", "--db", "{db}", "--steps", "two"), says="--steps"),
        Case("redo-nothing-undone", ("game", "redo", "--db", "{db}"), says="redo"),
        Case("state-unknown-player", ("game", "state", "--db", "{db}", "--player", "purple"), says="purple"),
        # game new (on a new file: nothing may be created)
        Case("new-names-comma", ("game", "new", "--db", "{new}", "--players", "red,blue", "--names", ","),
             says="--names"),
        Case("new-names-gap", ("game", "new", "--db", "{new}", "--players", "red,blue", "--names", "Ann,,Bob"),
             says="--names"),
        Case("new-players-comma", ("game", "new", "--db", "{new}", "--players", ","), says="--players"),
        Case("new-bad-option", ("game", "new", "--db", "{new}", "--players", "red,blue", "--option", "bank"),
             says="--option"),
        Case("new-bad-colour", ("game", "new", "--db", "{new}", "--players", "red,mauve"), says="mauve"),
        # import and replay of malformed exports
        *[Case(f"import-{name}", ("game", "import", "--db", "{db}", "{export:" + name + "}")) for name in EXPORTS],
        *[Case(f"replay-{name}", ("replay", "{export:" + name + "}")) for name in EXPORTS],
        Case("import-missing-file", ("game", "import", "--db", "{db}", "{tmp}/nowhere.jsonl")),
        # recover and backup
        Case("recover-a-sound-file", ("game", "recover", "--db", "{db}"), says="nothing to recover"),
        Case("backup-over-a-file", ("game", "backup", "--db", "{db}", "--to", "{db}"), says="already exists"),
        Case("state-no-journal", ("game", "state", "--db", "{tmp}/none.sqlite"), says="no journal"),
        # analyse and event: positions and their numbers
        Case("analyse-4301-digits", ("analyse", "{text:" + '{"format":"ankh-morpork-state/1","bank":' + HUGE + "}}"),
             says="digits"),
        Case("analyse-nested", ("analyse", "{text:" + DEEP + "}"), says="nested"),
        Case("analyse-not-utf8", ("analyse", "{export:not-utf8}")),
        Case("event-rolls-5000-digits", ("event", "fire", "{state}", "--rolls", "9" * 5000), says="--rolls"),
        Case("event-rolls-13", ("event", "fire", "{state}", "--rolls", "13"), says="--rolls"),
        Case("event-rolls-arabic", ("event", "fire", "{state}", "--rolls", "٧"), says="--rolls"),
        Case("event-unused-answers", ("event", "fire", "{state}", "--rolls", "1,1,1,1,1,1,1,1,1,1,1,1",
                                      "--answers", "dolly-sisters,the-shades"), says="unused"),
        Case("event-nested-state", ("event", "fire", "{text:" + DEEP + "}", "--rolls", "3"), says="nested"),
        Case("event-unknown", ("event", "custard-flood", "{state}"), says="custard-flood"),
        # simulate
        Case("simulate-games-overflow", ("simulate", "--games", "99999999999999999999"), says="--games"),
        Case("simulate-games-5000-digits", ("simulate", "--games", "9" * 5000), says="--games"),
        Case("simulate-games-zero", ("simulate", "--games", "0"), says="--games"),
        Case("simulate-players-5", ("simulate", "--players", "5"), says="--players"),
        Case("simulate-seed-text", ("simulate", "--seed", "abc"), says="--seed"),
    ]
    return cases


CASES = _cases()


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A journal with red's personality chosen (vimes) and blue's question open."""
    folder = tmp_path_factory.mktemp("corpus")
    db = folder / "games.sqlite"
    assert run("game", "new", "--db", str(db), "--players", "red,blue")[0] == 0
    assert run("game", "do", "--db", str(db), '{"type":"roll","face":1}')[0] == 0
    assert run("game", "do", "--db", str(db), '{"type":"scan","kind":"personality","card":"vimes",'
                                               '"source":"camera","player":"red"}')[0] == 0
    shutil.copyfile(FIXTURES / "state-issue-example.json", folder / "state.json")
    for name, data in EXPORTS.items():
        (folder / f"{name}.jsonl").write_bytes(data)
    return folder


def _argv(case: Case, folder: Path, tmp_path: Path) -> list[str]:
    argv = []
    for arg in case.argv:
        if arg.startswith("{export:"):
            arg = str(folder / f"{arg[8:-1]}.jsonl")
        elif arg.startswith("{text:"):
            path = tmp_path / "text.json"
            path.write_text(arg[6:-1], encoding="utf-8")
            arg = str(path)
        else:
            arg = arg.replace("{db}", str(tmp_path / "games.sqlite")).replace("{state}", str(folder / "state.json")) \
                .replace("{new}", str(tmp_path / "new.sqlite")).replace("{tmp}", str(tmp_path))
        argv.append(arg)
    return argv


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_malformed_input_is_refused_in_one_line_and_nothing_is_written(case: Case, table: Path,
                                                                          tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    shutil.copyfile(table / "games.sqlite", db)
    before = db.read_bytes()
    status, out, err = run(*_argv(case, table, tmp_path))
    assert status == case.status, (status, out, err)
    if case.status == 2:
        assert out == ""
        assert err.endswith("\n") and err.count("\n") == 1 and err.strip(), err
        assert "Traceback" not in err
        assert case.says.lower() in err.lower(), err
    else:
        assert err == "" and "needs" in json.loads(out)
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".sqlite") == ["games.sqlite"]
    assert not any(p.name.startswith("games.sqlite.") for p in tmp_path.iterdir())


def test_the_corpus_covers_every_command() -> None:
    commands = {c.argv[0] if c.argv[0] != "game" else f"game {c.argv[1]}" for c in CASES}
    assert commands >= {"game new", "game do", "game state", "game undo", "game redo", "game export",
                        "game import", "game recover", "game backup", "replay", "analyse", "event", "simulate"}
    print(f"malformed corpus: {len(CASES)} cases")


@pytest.mark.parametrize("argv", [
    ("game", "do", "--db", "{db}", '{"type":"roll","face":' + HUGE + "}"),
    ("game", "state", "--db", "{db}", "--game", "99999999999999999999"),
    ("event", "fire", "{state}", "--rolls", "9" * 5000),
])
def test_as_a_script_calls_them(argv: tuple[str, ...], table: Path, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    shutil.copyfile(table / "games.sqlite", db)
    args = [a.replace("{db}", str(db)).replace("{state}", str(table / "state.json")) for a in argv]
    done = subprocess.run([sys.executable, "-m", "ui.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
