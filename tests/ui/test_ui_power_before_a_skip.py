"""A build, assassination or trouble-marker symbol with no legal option, asked first because its
player can use a City Area power (rules revision 3, ``companion.morpork.cards.symbols._power_first``),
says why only "skip" and the power are offered, by touch in a real Kivy window in each language.

The rulebook's "City Area Cards": "you choose when you wish to use it", so a power fits before the
symbol; but the question read the symbol's own sentence, "Ann: build where?" (or "remove which
trouble marker?" over a board with none), with no area to tap: a player could not tell why. It now
says that there is nothing to do and offers the power first (its ``q:<key>:no-option`` form).

The position is played from a game's start: red (Ann) takes two trouble markers off with Sergeant
Detritus, builds in The Shades with The Watch ($10 - $6) and takes the last marker off, so no marker
is left, red holds The Shades (whose power places one) and has $4, too little for any area. Then
Ruby's minion goes to The Hippo and its build has no area; Sergeant Colon's first symbol has no
marker to remove; Death's first assassination has nobody (a target needs a trouble marker).

Those games are played by rules revision 4 (``discworld_revision_4``, tests/ui/conftest.py), which asks before each of the three
whenever a power is usable. From revision 5 a symbol is asked first only while a power can give it an
option: The Shades' marker can help Sergeant Colon's removal and Death's assassination, but never a
build, so Ruby's build is skipped unasked (the last test).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

COLOURS = ["red", "yellow", "green", "blue"]
OTHERS_PASS = ["pass", "pass", "pass"]
TO_THE_POSITION = ["vetinari", "rust", "vimes", "selachii",
                   "sergeant-detritus", "the-shades", "the-scours", "end-turn", *OTHERS_PASS,
                   "the-watch", "the-shades", "dolly-sisters", "end-turn", *OTHERS_PASS]

CARDS = {"ruby": (["the-hippo"], "symbol.build"), "sergeant-colon": ([], "symbol.trouble"),
         "death": ([], "symbol.assassinate")}

SAID = {
    ("en", "ruby"): "Ann: nowhere to build now – use a City Area power first?",
    ("en", "sergeant-colon"): "Ann: no trouble marker to remove – use a City Area power first?",
    ("en", "death"): "Ann: nobody to assassinate now – use a City Area power first?",
    ("de", "ruby"): "Ann: nirgends kann jetzt gebaut werden – erst die Fähigkeit einer Stadtbezirkskarte nutzen?",
    ("de", "sergeant-colon"): "Ann: kein Unruhe-Marker zu entfernen – erst die Fähigkeit einer "
                              "Stadtbezirkskarte nutzen?",
    ("de", "death"): "Ann: keine Figur kann jetzt ermordet werden – erst die Fähigkeit einer "
                     "Stadtbezirkskarte nutzen?",
    ("pl", "ruby"): "Ann: teraz nie można nigdzie budować – najpierw użyć właściwości karty dzielnicy?",
    ("pl", "sergeant-colon"): "Ann: nie ma znacznika niepokojów do usunięcia – najpierw użyć właściwości karty dzielnicy?",
    ("pl", "death"): "Ann: teraz nie ma celu dla Skrytobójstwa – najpierw użyć właściwości karty dzielnicy?",
    ("it", "ruby"): "Ann: ora non si può costruire da nessuna parte – usare prima il potere di una carta "
                    "Area della Città?",
    ("it", "sergeant-colon"): "Ann: nessun segnalino problema da rimuovere – usare prima il potere di una "
                              "carta Area della Città?",
    ("it", "death"): "Ann: ora non c'è nessuno da assassinare – usare prima il potere di una carta Area "
                     "della Città?",
}

POWER_WORD = {"en": "Power", "de": "Fähigkeit", "pl": "Właściwość", "it": "Potere"}
"""A City Area card's power as each rulebook names it ("Karty Dzielnic dają następujące właściwości")."""


@pytest.mark.parametrize(("language", "card"), sorted(SAID))
@pytest.mark.usefixtures("discworld_revision_4")
def test_a_symbol_asked_only_for_a_power_says_why(driver: Any, tmp_path: Path, language: str, card: str) -> None:
    d = driver
    app = d.app
    app.set_language(language)
    app.start_game(COLOURS, ["Ann", "Bob", "Cy", "Di"], "en")
    app.on_die_roll(1, "manual")
    for value in TO_THE_POSITION:
        assert app.answer(value), (value, app.message)
    d.frames(3)
    state = app.game.state
    assert state.trouble_on_board() == 0 and state.areas["the-shades"].building == "red"
    assert state.player("red").money == 4
    d.choose(card)
    answers, key = CARDS[card]
    for value in answers:
        d.frames(2)
        d.choose(value)
    d.frames(3)
    question = app.game.question
    assert question.key == key and list(question.options) == ["skip", "power:the-shades"]  # the key kept
    panel = d.panel()
    titles = [w for w in panel.children if getattr(w, "bold", False) and getattr(w, "text", "")]
    assert len(titles) == 1 and titles[0].text.endswith("[/color] " + SAID[language, card]), d.texts(panel)
    title = titles[0]
    d.frames(2)
    assert title.texture_size[1] <= title.height, "the sentence is cut"
    assert title.to_window(*title.pos)[1] >= 0 and title.right <= d.window.width
    shot = d.screenshot(tmp_path / f"power-first-{card}-{language}.png")
    assert shot.stat().st_size > 0
    button = d.option("power:the-shades")
    assert button.text.startswith(POWER_WORD[language] + ": "), button.text  # the rulebook's word for it
    d.tap(button)  # the power is there to tap, under the sentence
    assert app.game.question.key == "power.target", app.game.question.key


@pytest.mark.usefixtures("discworld_revision_4")
def test_an_undo_of_the_power_and_a_restart_come_back_to_the_same_question(tmp_path: Path) -> None:
    """A German table with long names: the power tapped at Ruby's build, taken back, and the app
    started again on the same data folder (a pulled plug): resumed from Home, the build asks again
    with the same sentence, only "skip" and the power, and a skip goes on to the turn's end."""
    from tests.ui.conftest import Driver, start_app, stop_app

    data = tmp_path / "data"
    app: Any = start_app(data, language="de")
    d = Driver(app)
    try:
        app.start_game(COLOURS, ["Bartholomäus", "Wilhelmine-Charlotte", "Cy", "Di"], "en")
        app.on_die_roll(1, "manual")
        for value in TO_THE_POSITION:
            assert app.answer(value), (value, app.message)
        d.frames(3)
        d.choose("ruby")
        d.frames(2)
        d.choose("the-hippo")
        d.frames(3)
        d.tap(d.option("power:the-shades"))
        d.frames(3)
        assert app.game.question.key == "power.target"
        assert app.undo_to(len(app.session.inputs) - 1), app.message
    finally:
        stop_app(app)
    app = start_app(data, language="de")
    d = Driver(app)
    try:
        d.frames(3)
        assert d.screen.name == "home" and not d.screen.ids.resume.disabled
        d.tap(d.screen.ids.resume)
        d.frames(5)
        question = app.game.question
        assert question.key == "symbol.build" and list(question.options) == ["skip", "power:the-shades"]
        titles = [w for w in d.panel().children if getattr(w, "bold", False) and getattr(w, "text", "")]
        said = SAID["de", "ruby"].replace("Ann", "Bartholomäus")
        assert len(titles) == 1 and titles[0].text.endswith("[/color] " + said), titles
        d.choose("skip")
        d.frames(3)
        assert app.game.question.key == "turn.end"
    finally:
        stop_app(app)


MONEY_SAID = {
    "en": "the bank is empty – use a City Area power first?",
    "de": "die Bank ist leer – erst die Fähigkeit einer Stadtbezirkskarte nutzen?",
    "pl": "bank jest pusty – najpierw użyć właściwości karty dzielnicy?",
    "it": "la banca è vuota – usare prima il potere di una carta Area della Città?",
}


@pytest.mark.parametrize("language", sorted(MONEY_SAID))
def test_a_money_symbol_asked_of_an_empty_bank_says_the_bank_is_empty(language: str) -> None:
    """Rules revision 4: "take $3 from the bank?" is not asked of an empty bank, unless a City Area
    power may pay the bank first (Isle of Gods' $2); then the sentence says why "take" is greyed,
    and the greyed "take" says it too. (No simulated game of 4,500 emptied the bank: the position
    is made, not played to.)"""
    from companion.core.procedure import run
    from companion.morpork.turn import turn_procedure
    from tests.companion.test_turn import _gimlets_with_the_bank_empty
    from ui.i18n import Translator

    question = run(turn_procedure, _gimlets_with_the_bank_empty(4, isle_of_gods=True), {},
                   ["gimlets-dwarf-delicatessen"]).question
    assert question is not None and question.key == "symbol.money"
    tr = Translator(language)
    assert tr.question(question) == MONEY_SAID[language]
    assert tr.reason(dict(question.unavailable)["take"]) == MONEY_SAID[language].split(" – ")[0]


@pytest.mark.parametrize(("card", "asked"), [("ruby", None), ("sergeant-colon", "symbol.trouble"),
                                             ("death", "symbol.assassinate")])
def test_from_revision_5_only_a_symbol_the_power_can_help_is_asked_first(driver: Any, tmp_path: Path, card: str,
                                                                         asked: str | None) -> None:
    """A game of rules revision 5 at the same position, by touch: The Shades' marker cannot make an
    area buildable, so Ruby's build is skipped with its line and the turn goes on to its end; it can
    bring Sergeant Colon a marker to remove and Death someone to assassinate, so those are asked
    first, with "skip" and the power."""
    from companion.morpork.revisions import POWERS_ONLY_WHEN_THEY_HELP
    d = driver
    app = d.app
    app.start_game(COLOURS, ["Ann", "Bob", "Cy", "Di"], "en")
    app.on_die_roll(1, "manual")
    for value in TO_THE_POSITION:
        assert app.answer(value), (value, app.message)
    d.frames(3)
    assert app.game.state.revision == POWERS_ONLY_WHEN_THEY_HELP
    d.choose(card)
    for value in CARDS[card][0]:
        d.frames(2)
        d.choose(value)
    d.frames(3)
    question = app.game.question
    if asked is None:
        assert question.key == "turn.end", question.key
        lines = [line.key for line in app.game.narration[-3:]]
        assert "symbol.no-option.build" in lines, lines
    else:
        assert question.key == asked and list(question.options) == ["skip", "power:the-shades"]
        d.tap(d.option("power:the-shades"))
        assert app.game.question.key == "power.target", app.game.question.key
    d.screenshot(tmp_path / f"revision-5-{card}.png")
