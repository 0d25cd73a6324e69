"""The app always starts: a journal that will not replay at launch is kept aside, the screen says
which game and why, and the game goes on from its longest valid prefix (as ``game recover`` does);
a file SQLite cannot read at all is kept aside whole and the app starts on a new journal."""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from companion.core.inputs import Answer, DieRoll
from companion.core.journal import chain_hash
from companion.core.session import Session

INPUTS = [DieRoll(2), Answer("vetinari"), Answer("vimes"), Answer("groat"), Answer("dimwell")]


def dismiss(d: Any) -> None:
    """Tap OK, and draw frames until the dialog has gone (it fades out; until then it takes every touch)."""
    import time
    popup = d.app.launch_popup
    d.tap([w for w in popup.walk() if getattr(w, "text", "") == "OK"][0])
    end = time.monotonic() + 10
    while popup.parent is not None and time.monotonic() < end:
        d.frames(1)
        time.sleep(0.01)
    assert popup.parent is None


def popup_text(app: Any) -> str:
    from kivy.uix.label import Label
    popup = app.launch_popup
    assert popup.parent is not None, "the launch problem is on screen"
    return "\n".join(w.text for w in popup.walk() if isinstance(w, Label))


def write_unreplayable_game(data: Path, language: str) -> Path:
    """A journal in ``data`` whose game 1 no longer replays at row 4 (a card that is not in blue's
    hand), written as an older companion whose rules took it would have: the hash chain carried on
    (otherwise the chain, not the engine, would name row 4 as changed)."""
    journal = data / "games.sqlite"
    with Session.open(journal) as session:
        session.new_game(["red", "blue"], language, ["Ann", "Bob"])
        for inp in INPUTS:
            session.submit(inp)
    no_card_at_row_4(journal)
    return journal


def no_card_at_row_4(journal: Path) -> None:
    """Game 1's row 4 (a card answered, in :data:`INPUTS`) names a card not in blue's hand, the hash
    chain carried on as an older companion would have written it."""
    db = sqlite3.connect(journal)
    db.execute("DROP TRIGGER entries_append_only_update")
    db.execute("""UPDATE entries SET data='{"type":"answer","value":"no-such-card"}' WHERE game=1 AND n=4""")
    previous = ""
    for row in list(db.execute("SELECT n, at, version, kind, barrier, data FROM entries WHERE game=1 ORDER BY n")):
        previous = chain_hash(previous, *row)
        db.execute("UPDATE entries SET hash=? WHERE game=1 AND n=?", (previous, row[0]))
    db.commit()
    db.close()


def test_a_game_that_no_longer_replays_is_kept_aside_and_goes_on(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    data.mkdir()
    journal = write_unreplayable_game(data, "en")
    original = journal.read_bytes()

    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(5)
        text = popup_text(app)
        assert "Game 1 could not be resumed" in text and "step 4" in text and "no-such-card" in text
        kept = [p for p in data.iterdir() if p.name.startswith("games.sqlite.damaged-") and not p.name.endswith(("-wal", "-shm"))]
        assert len(kept) == 1 and kept[0].read_bytes() == original, "the file is kept aside as it was"
        assert kept[0].name in text
        assert "game 2 from its first 3 steps" in text
        # the home screen offers the game, continued from the three inputs before the damaged row
        dismiss(d)
        assert d.screen.name == "home" and not d.screen.ids.resume.disabled
        d.tap(d.screen.ids.resume)
        assert app.session.game_id == 2 and app.game.seq == 3
        assert app.game.question.key == "turn.play-card"
        assert app.session.journal.game(1).status == "broken"  # the damaged game keeps all its rows
    finally:
        conftest.stop_app(app)


def test_a_file_sqlite_cannot_read_is_kept_aside_and_the_app_starts(tmp_path: Path, request: Any) -> None:
    conftest = request.config.pluginmanager.getplugin(str(Path(__file__).with_name("conftest.py")))
    data = tmp_path / "data"
    data.mkdir()
    garbage = b"this is not a database " * 300
    (data / "games.sqlite").write_bytes(garbage)
    app = conftest.start_app(data)
    d = conftest.Driver(app)
    try:
        d.frames(5)
        text = popup_text(app)
        assert "The journal could not be read" in text and "not a database" in text
        kept = [p for p in data.iterdir() if p.name.startswith("games.sqlite.damaged-")]
        assert [p.read_bytes() for p in kept] == [garbage] and kept[0].name in text
        dismiss(d)
        assert d.screen.name == "home" and d.screen.ids.resume.disabled
        app.start_game(["red", "blue"], ["Ann", "Bob"], "en")  # a new journal works
        assert app.session.game_id == 1 and app.game.question.kind == "roll"
    finally:
        conftest.stop_app(app)
