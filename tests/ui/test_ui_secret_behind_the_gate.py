"""A private question keeps its secret behind the gate in every language, its title too.

Mrs Cake lets her player look at the personalities nobody holds. The question's sentence names
them ("red: unused personalities: Lord Selachii, Lord de Worde"), and the title above the gate
("Only … may look: tap to show") was that sentence: the whole table read what the gate was there to
hide (found at an Italian table, true in every language). Behind the gate the title is the
question's gated form ("look at the unused personalities (in secret)"); the names only once the
player taps, and gone again once they have seen them."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from companion.morpork.catalog import display_name
from tests.ui.test_ui_morpoly_at_the_table import _conftest


def _at_mrs_cakes_look(conftest: Any, tmp_path: Path, language: str = "en",
                       names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Dee")) -> tuple[Any, Any, list[str]]:
    """An app at Mrs Cake's private look (red, ``names[0]``), behind its gate; the names she will see."""
    app = conftest.start_app(tmp_path / "data", language=language)
    d = conftest.Driver(app)
    d.frames(3)
    app.start_game(["red", "yellow", "green", "blue"], list(names), "en")
    app.on_die_roll(1, "manual")
    for personality in ("vetinari", "rust", "vimes", "chrysoprase"):
        assert app.answer(personality), app.message
    d.frames(3)
    app.on_card_scan(SimpleNamespace(kind="card", card="mrs-cake"))
    d.frames(3)
    q = app.game.question
    while q.key != "card.mrs-cake-look":  # the scroll taken; the withheld one drawn at random
        assert app.answer("do" if q.key == "symbol.scroll" else q.options[0]), app.message
        d.frames(3)
        q = app.game.question
    names = [display_name("personality", p, language) for p in dict(q.params)["shown"].split(",")]
    return app, d, names


@pytest.mark.parametrize("language", ["en", "de", "pl", "it"])
def test_mrs_cake_names_no_unused_personality_before_the_tap(tmp_path: Path, request: Any, language: str) -> None:
    conftest = _conftest(request)
    app, d, names = _at_mrs_cakes_look(conftest, tmp_path, language)
    try:
        q = app.game.question
        assert q.private and q.player == "red"
        assert len(names) >= 2
        gated = app.t("q:card.mrs-cake-look:gated")
        assert gated != "q:card.mrs-cake-look:gated"
        before = d.texts(app.root)
        assert gated in before, before
        assert not [name for name in names if name in before], before
        d.tap(d.panel().buttons[0])  # "Only Ann may look: tap to show"
        after = d.texts(app.root)
        assert all(name in after for name in names), after
        d.choose("seen")
        assert not [name for name in names if name in d.texts(app.root)]
        app.show("journal")  # the step's row names who was asked and what, not the secret
        d.frames(4)
        journal = d.texts(app.root)
        assert not [name for name in names if name in journal], journal
    finally:
        conftest.stop_app(app)


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_refusal_at_mrs_cakes_look_names_no_unused_personality(tmp_path: Path, request: Any,
                                                                  language: str) -> None:
    """A refusal on the message line quotes the question it could not answer: a card scanned while
    Mrs Cake's look waited behind its gate (a card laid on the scanner, her own again, anyone's
    personality card) read "That card is not available for “unused personalities: Lord Selachii,
    Dragon King of Arms”" to the whole table, and a scan made a moment before "Too late: … it now
    asks “unused personalities: …”". The message line quotes the question's gated form."""
    conftest = _conftest(request)
    app, d, names = _at_mrs_cakes_look(conftest, tmp_path, language)
    try:
        gated = app.t("q:card.mrs-cake-look:gated")
        seq = app.game.seq
        for scan, at in ((SimpleNamespace(kind="card", card="zorgo-the-retro-phrenologist"), None),
                         (SimpleNamespace(kind="personality", card="vimes"), None),
                         (SimpleNamespace(kind="card", card="mrs-cake"), seq - 1)):  # made before the look
            app.message = ""
            app.on_card_scan(scan, seq=at)
            d.frames(3)
            assert app.message and app.game.seq == seq, app.message  # refused, said
            shown = d.texts(app.root)
            assert app.message in shown and gated in app.message, shown
            assert not [name for name in names if name in shown], shown
    finally:
        conftest.stop_app(app)


def test_the_log_file_names_no_unused_personality(tmp_path: Path, request: Any, caplog: Any) -> None:
    """The app writes a refused input to its log (a file on the Pi, which anyone may read): "rejected a
    scan input at seq 8: that card is not available for 'red: unused personalities: selachii,
    dragon-king-of-arms'", the engine's sentence quoting Mrs Cake's question. A refusal at a private
    question is logged by its rule and question keys."""
    import logging
    caplog.set_level(logging.DEBUG)
    conftest = _conftest(request)
    app, d, _names = _at_mrs_cakes_look(conftest, tmp_path)
    try:
        ids = dict(app.game.question.params)["shown"].split(",")
        caplog.clear()
        app.on_card_scan(SimpleNamespace(kind="card", card="zorgo-the-retro-phrenologist"))
        app.on_card_scan(SimpleNamespace(kind="personality", card="vimes"))
        d.frames(3)
        logged = "\n".join(r.getMessage() for r in caplog.records)
        assert "rejected a scan input" in logged and "card.mrs-cake-look" in logged, logged
        assert not [p for p in ids if p in logged], logged
    finally:
        conftest.stop_app(app)


def test_the_gate_is_shut_again_after_an_undo_and_a_restart(tmp_path: Path, request: Any) -> None:
    """At a German table with long names: Ann looks, says "seen", the table undoes back to her look,
    and the app is started again on the same journal (a pulled plug). The game comes back at the look
    behind a shut gate: the title in its gated form, no name of the unused personalities on the
    screen until she taps again."""
    conftest = _conftest(request)
    long_names = ("Krzesimir-Bolesław", "Anna-Katharina", "Maximilian", "Jolanta")
    app, d, names = _at_mrs_cakes_look(conftest, tmp_path, "de", long_names)
    try:
        look = len(app.session.inputs)
        d.tap(d.panel().buttons[0])
        d.choose("seen")
        assert app.game.question.key != "card.mrs-cake-look"
        assert app.undo_to(look)
        d.frames(3)
        assert app.game.question.key == "card.mrs-cake-look"
    finally:
        conftest.stop_app(app)
    app = conftest.start_app(tmp_path / "data", language="de")
    d = conftest.Driver(app)
    try:
        d.frames(3)
        app.resume_game()
        d.frames(4)
        assert app.game.question.key == "card.mrs-cake-look" and d.screen.name == "turn", d.screen.name
        shown = d.texts(app.root)
        assert "sieh dir heimlich die unbenutzten Persönlichkeiten an" in shown and "Krzesimir-Bolesław" in shown, shown
        assert not [name for name in names if name in shown], shown
        d.screenshot(tmp_path / "gate-after-restart-de.png")
        d.tap(d.panel().buttons[0])
        assert all(name in d.texts(app.root) for name in names)
    finally:
        conftest.stop_app(app)
