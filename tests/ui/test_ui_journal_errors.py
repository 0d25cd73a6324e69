"""A journal or disk problem is said in the table's language, the way refusals are: the journal's
errors carry a key (``journal.disk-full``, …) and their values, the app says ``e:<key>``; the English
sentence stays the command line's. Before, a Polish or Italian table whose card filled up read
"the disk holding '…' is full while appending an entry; nothing was written …" in English, and a
journal that would not replay said why in English inside the translated dialog.

The keys are read off ``companion/`` (every journal error raised with ``key=``), so a new one without
a template in every language fails here; then real SQLite faults in the running app, and the launch
dialog of a journal whose row no longer replays."""
from __future__ import annotations

import ast
import sqlite3
import string
from pathlib import Path
from typing import Any

import pytest

from companion.core.journal import DiskFullError, sqlite_problem
from tests.ui.conftest import Driver, start_app, stop_app
from tests.ui.test_ui_translations_complete import JOURNAL_ERRORS
from ui.i18n import LANGUAGES, Translator

ROOT = Path(__file__).resolve().parents[2]
PARAMS = {"path", "doing", "text", "row", "detail"}
"""What a journal error's template may say: the file, what was being done, SQLite's words, the step,
and the engine's refusal behind a replay problem."""


def journal_keys() -> set[str]:
    keys = set()
    for path in sorted((ROOT / "companion").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
                for k in node.keywords:
                    if name in JOURNAL_ERRORS and k.arg == "key" and isinstance(k.value, ast.Constant):
                        keys.add(str(k.value.value))
    return keys


def test_the_scan_finds_the_journal_keys() -> None:
    assert {"journal.disk-full", "journal.read-only", "journal.locked", "journal.damaged",
            "journal.replay-rejected"} <= journal_keys()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_journal_key_has_a_template(language: str) -> None:
    tr = Translator(language)
    for key in sorted(journal_keys()):
        template = tr.gettext(f"e:{key}")
        assert template != f"e:{key}", (language, key)
        used = {field for _text, field, _spec, _conv in string.Formatter().parse(template) if field}
        assert used <= PARAMS, (language, key, used - PARAMS)


@pytest.mark.parametrize(("language", "said"), [
    ("pl", "Dysk z dziennikiem (/karta/games.sqlite) jest pełny"),
    ("it", "Il disco del diario (/karta/games.sqlite) è pieno"),
    ("de", "Der Speicher für das Spieltagebuch (/karta/games.sqlite) ist voll"),
    ("en", "The disk holding the journal (/karta/games.sqlite) is full"),
])
def test_a_full_disk_is_said_in_the_table_s_language(language: str, said: str) -> None:
    error = sqlite_problem("/karta/games.sqlite", sqlite3.OperationalError("database or disk is full"), "appending")
    assert isinstance(error, DiskFullError)
    assert "is full while appending" in str(error)  # the command line's English is unchanged
    assert Translator(language).refusal(error).startswith(said)


def _tap_until_refused(d: Any, words: str, limit: int = 60) -> str:
    """Tap the question's options (the privacy gate first) until the app says ``words``: its message.
    A personality another player holds is refused too (the screen may not say who holds it): the
    next one is tapped then."""
    app = d.app
    tries: dict[int, int] = {}
    for _ in range(limit):
        panel = d.panel()
        q = app.game.question
        if q.kind == "roll":
            app.on_die_roll(6, "manual")
        else:
            preferred = [o for o in ("end-turn", "pass", "none", "skip") if o in q.options] + list(q.options)
            value = preferred[tries.get(app.game.seq, 0) % len(preferred)]
            tries[app.game.seq] = tries.get(app.game.seq, 0) + 1
            if q.private and panel.button_for(value) is None:
                d.tap(panel.buttons[0])
            d.choose(value)
        d.frames(2)
        if words in str(app.message):
            return str(app.message)
    raise AssertionError(f"the journal never refused: {app.message!r}")


@pytest.mark.parametrize(("language", "read_only", "full"), [
    ("pl", "jest tylko do odczytu: nic nie zapisano", "jest pełny: nic nie zapisano"),
    ("it", "è di sola lettura: non è stato scritto nulla", "è pieno: non è stato scritto nulla"),
])
def test_a_card_that_cannot_take_the_move_is_said_in_the_table_s_language(tmp_path: Path, language: str,
                                                                         read_only: str, full: str) -> None:
    """Real SQLite faults under the running app: the connection may not write (a read-only card),
    then the file may not grow (a full card). The move is refused, nothing changes, and the screen
    says so in Polish or Italian."""
    app = start_app(tmp_path / "data", language=language, edition=language)
    d = Driver(app)
    try:
        app.start_game(["red", "yellow", "green"], ["Krzesimir-Bolesław", "Ola", "Ugo"], language)
        app.on_die_roll(1, "manual")
        d.frames(2)
        db = app.session.journal._db
        db.execute("PRAGMA query_only=ON")
        seq = app.game.seq
        message = _tap_until_refused(d, read_only)
        assert "read-only" not in message and app.game.seq == seq, message
        db.execute("PRAGMA query_only=OFF")
        db.execute("PRAGMA max_page_count=1")  # as small as the file is: it may not grow
        message = _tap_until_refused(d, full)
        assert "is full" not in message, message
        shown = d.texts(app.root)
        assert full in shown, "the screen shows it"
    finally:
        stop_app(app)


@pytest.mark.parametrize(("language", "said"), [
    ("pl", "Nie można wznowić gry 1: kroku 4 nie da się odtworzyć: "),
    ("it", "Impossibile riprendere la partita 1: il passo 4 non si può rigiocare: "),
])
def test_a_row_that_no_longer_replays_is_said_in_the_table_s_language(tmp_path: Path, language: str,
                                                                      said: str) -> None:
    """The launch dialog: the game, the step and the engine's refusal, all in the table's words."""
    from tests.ui.test_ui_damaged_journal import popup_text, write_unreplayable_game
    data = tmp_path / "data"
    data.mkdir()
    write_unreplayable_game(data, language)
    app = start_app(data, language=language)
    d = Driver(app)
    try:
        d.frames(5)
        text = popup_text(app)
        assert said in text, text
        for words in ("does not replay", "is not a choice", "rejects this input"):
            assert words not in text, text
    finally:
        stop_app(app)
