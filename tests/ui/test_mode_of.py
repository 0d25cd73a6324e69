"""Which game a session is comes from its journal record (the mode it was started with), never from
the engine's package or class: the screen chosen follows the record, and no UI module looks at a
game value's module to decide (Kivy-free)."""
from __future__ import annotations

import re
from pathlib import Path

from companion.core.session import Session
from ui.app import mode_of, screen_for
from ui.screens.morpoly.common import is_morpoly

UI = Path(__file__).resolve().parents[2] / "ui"


def test_the_record_names_the_mode(tmp_path: Path) -> None:
    with Session.open(tmp_path / "games.sqlite") as session:
        assert mode_of(session) == "ankh-morpork" and not is_morpoly(session)  # no game open: the default
        session.new_game(["red", "yellow"], None, ["Ann", "Bob"], mode="ankh-morpoly", options={"edition": "de"})
        assert session.record is not None and session.record.mode == "ankh-morpoly"
        assert mode_of(session) == "ankh-morpoly" and is_morpoly(session)
        assert screen_for(session) == "morpoly-board"
        session.new_game(["red", "blue"], "en", ["Cy", "Di"])
        assert mode_of(session) == "ankh-morpork" and not is_morpoly(session)
        assert screen_for(session) == "setup"
    with Session.open(tmp_path / "games.sqlite") as resumed:  # the newest unfinished game, by its record
        assert mode_of(resumed) == "ankh-morpork"
        resumed.resume(1)
        assert mode_of(resumed) == "ankh-morpoly" and screen_for(resumed) == "morpoly-board"


def test_no_screen_decides_the_game_by_module_name() -> None:
    offenders = [f"{path.relative_to(UI)}:{n}" for path in sorted(UI.rglob("*.py"))
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if re.search(r"__module__|startswith\(\"companion\.morp", line)]
    assert not offenders, offenders
