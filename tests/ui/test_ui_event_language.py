"""A fire told in German: every line the events screen and the journal narrate is translated
(before, "the yellow building in … is destroyed" and "no building in …: the fire goes out" stayed
English on a German table)."""
from __future__ import annotations

from typing import Any

from ui.screenshots import _to_fire


def test_fire_narration_is_german_on_the_events_screen_and_in_the_journal(driver: Any) -> None:
    d = driver
    d.app.show("settings")
    d.frames(2)
    d.tap(d.screen.ids.lang_de)
    assert d.app.settings.language == "de"
    d.app.show("home")  # back from Settings (opened over Home, where a roll answers no game) to a new game
    d.app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    d.app.on_die_roll(1, "manual")
    for personality in ("vetinari", "rust", "vimes"):
        d.app.answer(personality)
    d.app.answer("captain-carrot")
    _to_fire(d.app)  # The Dean's fire; the first roll, 7, burns yellow's building in The Shades
    d.frames(2)
    assert d.screen.name == "events"
    shown = d.texts()
    assert "wird zerstört" in shown, shown[-1500:]
    assert "is destroyed" not in shown
    d.app.on_die_roll(6, "manual")  # The Hippo borders The Shades but holds no building
    d.frames(2)
    shown = d.texts()
    assert "Kein Gebäude in „Das Nilpferd“: das Feuer erlischt" in shown, shown
    assert "the fire goes out" not in shown
    d.app.show("journal")
    d.frames(3)
    journal = d.texts()
    assert "Kein Gebäude in „Das Nilpferd“: das Feuer erlischt" in journal  # a journal line shows two sentences
    assert "goes out" not in journal


def test_german_sentences_quote_area_and_card_names_as_the_rulebook_does() -> None:
    """German sentences read "Kein Gebäude in Das Nilpferd", "Feuer bricht aus in Die Schatten",
    "Jörg spielt Der Dekan": an article in capitals mid-sentence, in the wrong case. The German
    rulebook sets the names off ("in „Die Schatten“", "mit der Karte „Gaspode“"), and so do the
    sentences now; a button, which shows a name alone, stays as printed."""
    from types import SimpleNamespace
    from ui.i18n import Translator
    t = Translator("de")
    t.players = {"blue": "Jörg"}

    def said(key: str, **params: str) -> str:
        return t.narration(SimpleNamespace(key=key, params=tuple(params.items()), text="", area=None))

    assert said("event.fire.breaks-out", area="the-shades") == "Feuer bricht aus in „Die Schatten“"
    assert said("card.played", player="blue", card="the-dean") == "Jörg spielt „Der Dekan“"
    assert t.option("the-hippo") == "Das Nilpferd" and t.option("the-dean") == "Der Dekan"
    english = Translator("en")
    assert "\u201e" not in english.narration(SimpleNamespace(key="card.played", params=(("player", "blue"),
                                                             ("card", "the-dean")), text="", area=None))


def test_german_questions_quote_the_names_they_write_out_too() -> None:
    """Some German questions write a card's or an area's name into their own words instead of taking
    it as a value: "Jörg spielt „Carcer“" was followed by "für Carcer würfeln" (found in review)."""
    from ui.i18n import Translator
    t = Translator("de")
    for key, name in (("q:card.carcer-roll", "„Carcer“"), ("q:card.errol-roll", "„Errol“"),
                      ("q:card.here-n-now-roll", "„Here'n'Now“"), ("q:card.mrs-cake-withheld", "„Mrs Cake“"),
                      ("q:card.dean", "„Mobilien“")):
        assert name in t.gettext(key), (key, t.gettext(key))
