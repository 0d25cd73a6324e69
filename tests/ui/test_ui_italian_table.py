"""Discworld: Ankh-Morpork at an Italian table (four players), in the real app (800×480) driven by
touch — what the table read on the screenshots of a game played through in Italian (events Fog,
Fire, The Dragon, Mysterious Murders and Bloody Stupid Johnson, interrupts, the Journal and an undo,
the game's end) and tripped over:

- Mrs Cake's look at the unused personalities put them in the question's title, "Chiara: Personalità
  non usate: Lord Selachii, Lord de Worde", above the gate "Guarda solo Chiara: tocca per mostrare":
  the whole table read the secret the gate was there to keep (every language); behind the gate the
  title says "guarda in segreto le personalità non usate", the names only once she taps;
- the assassinate symbol asked "quale pedina assassinare?", while the card's own question, the
  Mysterious Murders question, the log ("assassina un pezzo") and the Italian rulebook say "pezzo";
- the Fog event was "Fog" on the events screen, as the Italian edition prints its events, but
  "Nebbia:" in the log lines it writes, and a discarded card read "Nebbia: Sergeant Detritus viene
  scartata" (the participle agreed with no word on the screen): "Fog: la carta … viene scartata";
- the tie-break line under the final scores and in the rulings said a card or an area wins ("vince
  la carta Area della Città di maggior valore"): a player wins, "vince chi ha la carta …";
- with all twelve minions out, placing one asked "tutti i tuoi seguaci sono sul tabellone; spostane
  uno da", a sentence left hanging above the area buttons, and the board was "tabellone" there only
  ("plancia" everywhere else and in the Italian rulebook): "tutti i tuoi seguaci sono sulla plancia:
  da quale area ne sposti uno?";
- paying Small Gods against an event was logged "Giuseppina paga 3$ a Small Gods: risparmiato in The
  Shades", a participle agreeing with nothing said (the question offered to protect "i tuoi pezzi in
  The Shades"): "… a Small Gods: i suoi pezzi in The Shades sono salvi".
"""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from companion.core.procedure import Narration
from companion.morpork.catalog import display_name
from tests.ui.test_ui_morpoly_at_the_table import _conftest
from ui.i18n import LOCALE_DIR, Translator
from ui.i18n_tools import parse_po

ITALIAN = parse_po((LOCALE_DIR / "it" / "LC_MESSAGES" / "ankh_companion.po").read_text(encoding="utf-8"))
NAMES = ["Giuseppina", "Massimiliano", "Niccolò", "Chiara"]


def _italian_game(request: Any, data: Path) -> tuple[Any, Any, Any]:
    """A four-player game in Italian, its first player rolled and the personalities dealt in secret."""
    conftest = _conftest(request)
    app = conftest.start_app(data, language="it")
    d = conftest.Driver(app)
    d.frames(3)
    app.start_game(["red", "yellow", "green", "blue"], NAMES, "en")
    d.frames(2)
    app.on_die_roll(1, "manual")
    for personality in ("vetinari", "rust", "vimes", "chrysoprase"):
        assert app.game.question.key == "setup.personality", app.game.question
        assert app.answer(personality), app.message
    d.frames(3)
    assert d.screen.name == "turn"
    return conftest, app, d


def _play(d: Any, card: str) -> None:
    """The card laid on the table and scanned."""
    assert d.app.game.question.key == "turn.play-card"
    d.app.on_card_scan(SimpleNamespace(kind="card", card=card))
    d.frames(3)


def _personality_names(shown: str) -> list[str]:
    return [display_name("personality", p, "it") for p in shown.split(",") if p]


def test_mrs_cake_keeps_the_unused_personalities_behind_the_gate(tmp_path: Path, request: Any) -> None:
    conftest, app, d = _italian_game(request, tmp_path / "data")
    try:
        _play(d, "mrs-cake")
        q = app.game.question
        while q.key != "card.mrs-cake-look":  # the scroll taken; the withheld one drawn at random
            if q.key == "symbol.scroll":
                d.choose("do")
            else:
                assert q.kind == "random" or q.key.startswith("interrupt"), q
                assert app.answer(q.options[0]), app.message
            d.frames(3)
            q = app.game.question
        names = _personality_names(dict(q.params)["shown"])
        assert len(names) >= 2
        shown = d.texts(app.root)
        assert "Guarda solo" in shown and "guarda in segreto le personalità non usate" in shown, shown
        for name in names:
            assert name not in shown, (name, shown)
        d.tap(d.panel().buttons[0])  # "Guarda solo Chiara: tocca per mostrare"
        shown = d.texts(app.root)
        assert "Personalità non usate: " + ", ".join(names) in shown, shown
        d.choose("seen")
        shown = d.texts(app.root)
        for name in names:
            assert name not in shown, (name, shown)
    finally:
        conftest.stop_app(app)


def test_the_assassinate_symbol_asks_for_a_piece(tmp_path: Path, request: Any) -> None:
    pedina = {key: text for key, text in ITALIAN.items() if "pedin" in text and "morpoly" not in key
              and not key.startswith(("⇄", "{token}", "o:"))}
    assert not pedina, pedina
    conftest, app, d = _italian_game(request, tmp_path / "data")
    try:
        _play(d, "dr-cruces")
        assert app.game.question.key == "symbol.assassinate"
        title = d.panel().children[-1].text
        assert title.endswith(": quale pezzo assassinare?"), title
    finally:
        conftest.stop_app(app)


def test_the_fog_is_named_as_printed() -> None:
    t = Translator("it")
    drawn = Narration("event.drawn", "Random event: fog", params=(("event", "fog"),))
    assert t.narration(drawn) == "Evento casuale: Fog"
    line = Narration("event.fog.card", "Fog discards sergeant-detritus (77 left in the draw pile)",
                     params=(("card", "sergeant-detritus"), ("left", "77")))
    assert t.narration(line) == "Fog: la carta Sergeant Detritus viene scartata (77 nel mazzo)"
    assert not [text for text in ITALIAN.values() if "Nebbia" in text]


def test_a_player_wins_the_tie_break() -> None:
    t = Translator("it")
    assert t.gettext("tie-break:card") == "Spareggio: vince chi ha la carta Area della Città di maggior valore."
    assert t.gettext("tie-break:control") == "Spareggio: vince chi controlla l'area di maggior valore."


def test_a_thirteenth_minion_is_asked_for_on_the_plancia() -> None:
    t = Translator("it")
    for key in ("symbol.minion.move-from", "card.place-minion.move-from", "power.move-from"):
        assert t.gettext("q:" + key) == "tutti i tuoi seguaci sono sulla plancia: da quale area ne sposti uno?"
    assert not [text for key, text in ITALIAN.items() if "tabellone" in text and "morpoly" not in key]


def test_small_gods_spares_the_pieces_it_was_paid_for() -> None:
    t = Translator("it")
    t.use_players({"red": "Giuseppina"})
    line = Narration("event.small-gods.paid", "red pays $3 to Small Gods to spare their minion in The Shades",
                     "the-shades", (("player", "red"), ("what", "minion in The Shades"), ("amount", "3")))
    said = t.narration(line)
    assert said.endswith("paga 3$ a Small Gods: i suoi pezzi in The Shades sono salvi"), said
    assert "risparmiat" not in said
