"""Card search by any name (ui.cardsearch): every edition's name, the English name and the id,
without accents or case; the jump bar's groups; why nothing was found."""
from __future__ import annotations

from companion.morpork.setup import new_state
from ui.cardsearch import fold, jump_groups, matches, why_not_found


def _t(text: str) -> str:
    return text


def test_a_card_is_found_by_every_name_and_its_id() -> None:
    assert matches("the-dean", "Dean") and matches("the-dean", "der dekan") and matches("the-dean", "the-dean")
    assert matches("cosmo-lavish", "uppig")  # "Cosmo Üppig" without the accent
    assert matches("the-bursar", "KWESTOR")
    assert not matches("the-dean", "bursar")
    assert fold("Łódź ß") == "lodz ss"


def test_jump_groups_cover_the_list_in_at_most_eight_buttons() -> None:
    names = [(f"c{i}", f"{chr(65 + i % 26)}name{i}") for i in range(52)]
    names.sort(key=lambda p: p[1])
    groups = jump_groups(names)
    assert 2 <= len(groups) <= 8 and groups[0].first == names[0][0] and groups[0].label.startswith("A")


def test_why_nothing_was_found() -> None:
    state = new_state(["red", "blue"])
    assert why_not_found("zzz", state, ["mr-bent"], "Ann", _t) == "No such card: zzz"
    assert why_not_found("dean", state, ["mr-bent"], "Ann", _t).startswith("Not drawn yet")
    assert why_not_found("hubert", state, ["mr-bent"], "Ann", _t).startswith("Not in a two-player game")
    state.discard_pile.append("mr-boggis")
    assert why_not_found("boggis", state, ["mr-bent"], "Ann", _t).startswith("Already played")
    assert why_not_found("bent", state, ["mr-bent"], "Ann", _t) == ""


def test_the_deck_on_top_is_named_by_the_border_the_languages_box_prints() -> None:
    """The words match the box (the card names are each edition's): the German edition's top deck
    has blue borders ("Karten mit blauem Rahmen", German rulebook, set-up; ``shared/rules/README.md``:
    card border colours green + brown, German blue + brown), the Polish and Italian ones green."""
    from ui.i18n import Translator

    state = new_state(["red", "blue"])
    words = {"de": "blauen", "pl": "zielon", "it": "verde"}
    for language, top_deck in words.items():
        line = why_not_found("dean", state, ["mr-bent"], "Ann", Translator(language).gettext)
        assert top_deck in line, (language, line)
    assert "grün" not in why_not_found("dean", state, ["mr-bent"], "Ann", Translator("de").gettext)
