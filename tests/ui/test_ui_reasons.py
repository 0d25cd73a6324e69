"""Greyed options say why in the table's language and in a few words. The engine gives each reason as
a rule id and its values (``Reason("build.money", …, area, price, money)``) beside its English
sentence; the screens translate the id, so the engine may reword its sentences (for the command line
and the JSON contract) without changing a single screen in German, Polish, Italian or English."""
from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.core import procedure
from companion.core.procedure import Question, Reason, because, run
from companion.morpork.state import State
from companion.morpork.state_format import state_from_json
from companion.morpork.turn import turn_procedure
from ui.i18n import LANGUAGES, Translator

UI = Path(__file__).resolve().parents[2] / "ui"
START = ("the-shades", "the-scours", "dolly-sisters")
INTERRUPTS = ["gaspode", "fresh-start-club", "wallace-sonky", "igor", "susan"]


def test_reasons_are_translated_by_their_rule_id_with_their_values() -> None:
    de = Translator("de")
    assert de.reason(because("place.adjacency", "no red minion here or next door", color="red", area="longwall")) \
        == "kein Handlanger hier oder nebenan"
    assert de.reason(because("build.minion", "red needs a minion in 'dimwell' to build there", color="red",
                             area="dimwell")) == "kein Handlanger dort"
    assert de.reason(because("build.trouble", "…", area="dimwell")) == "Unruhe-Marker"
    assert de.reason(because("build.occupied", "…", area="the-shades", owner="yellow")) == "schon ein Gebäude"
    assert de.reason(because("build.money", "…", area="nap-hill", color="red", price=12, money=10)) \
        == "zu wenig Geld: kostet 12\u00a0$, vorhanden 10\u00a0$"
    assert de.reason(because("money.short", "blue has $3, not $5", player="blue", money=3, price=5)) \
        == "zu wenig Geld: kostet 5\u00a0$, vorhanden 3\u00a0$"
    en = Translator("en")
    assert en.reason(because("build.money", "building in 'nap-hill' costs $12; red has $10", area="nap-hill",
                             color="red", price=12, money=10)) == "not enough money: costs $12, has $10"


def test_a_reason_with_no_template_yet_shows_the_engines_sentence_in_every_language() -> None:
    """A new rule id the catalogues do not know yet: the English sentence, never a raw id or nothing."""
    for language in LANGUAGES:
        assert Translator(language).reason(Reason("rule.new", "something the engine says one day")) \
            == "something the engine says one day"


def _table(**changes: Any) -> State:
    """Red, blue and green at the set-up table (one minion each and a trouble marker in each starting
    area), red to play; ``areas``, ``money`` and ``hand`` change it."""
    areas: dict[str, Any] = {a: {"minions": {"red": 1, "blue": 1, "green": 1}, "trouble": True} for a in START}
    areas.update(changes.get("areas", {}))
    money = {"red": 10, "blue": 10, "green": 10} | changes.get("money", {})
    hand = {"red": 5, "blue": 5, "green": 5} | changes.get("hand", {})
    return state_from_json({
        "players": [{"color": c, "personality": p, "money": money[c], "hand": hand[c]}
                    for c, p in (("red", "vetinari"), ("blue", "vimes"), ("green", "rust"))],
        "areas": areas, "active_player": "red", "draw_pile": 40, "discard_pile": INTERRUPTS,
        "bank": 120 - sum(money.values()),
    })


SITUATIONS: tuple[tuple[str, State, list[str], str], ...] = (
    ("place a minion (Ruby)", _table(), ["ruby"], "place.adjacency"),
    ("build (Ruby), a trouble marker", _table(areas={"dimwell": {"minions": {"red": 1}}}), ["ruby", "the-shades"],
     "build.trouble"),
    ("build (Ruby), a building already there",
     _table(areas={"dimwell": {"minions": {"red": 1}}, "the-hippo": {"minions": {"red": 1}, "building": "blue"}}),
     ["ruby", "the-shades"], "build.occupied"),
    ("build (Ruby), not enough money",
     _table(areas={"dimwell": {"minions": {"red": 1}}, "the-hippo": {"minions": {"red": 1}}}, money={"red": 8}),
     ["ruby", "the-shades"], "build.money"),
    ("pay or else (The Fire Brigade)", _table(money={"blue": 4}), ["the-fire-brigade", "do", "blue"], "money.short"),
    ("pay or else (CMOT Dibbler)", _table(money={"red": 1}), ["cmot-dibbler", "do", "1"], "money.short"),
    ("a player's hand (Cable Street Particulars)", _table(hand={"blue": 0}), ["cable-street-particulars", "do"],
     "hand.no-free-card"),
    ("a card's own areas (The Smoking Gnu)", _table(), ["the-smoking-gnu", "do"], "card.target"),
    ("take money (Gimlet's), the bank empty, a power usable",
     _table(areas={"isle-of-gods": {"minions": {"red": 1}, "building": "red"}}, money={"red": 100}),
     ["gimlets-dwarf-delicatessen"], "money.bank-empty"),
)
"""Positions where each producer of greyed options speaks, and the rule id it must give."""


def _greyed(state: State, answers: list[str]) -> Question:
    question = run(turn_procedure, state, {}, answers).question
    assert question is not None and question.unavailable, answers
    return question


@pytest.mark.parametrize("name, state, answers, key", SITUATIONS, ids=[s[0] for s in SITUATIONS])
def test_each_producer_of_greyed_options_gives_a_rule_id(name: str, state: State, answers: list[str],
                                                         key: str) -> None:
    question = _greyed(state, answers)
    keys = {reason.key for _option, reason in question.unavailable}
    assert key in keys, (name, keys)
    assert all(isinstance(reason, Reason) for _option, reason in question.unavailable)
    # the public JSON contract is unchanged: option -> the English sentence
    assert question.to_json()["unavailable"] == {option: reason.text for option, reason in question.unavailable}


def _shown(question: Question) -> dict[str, dict[str, str]]:
    return {language: {option: Translator(language).reason(reason) for option, reason in question.unavailable}
            for language in LANGUAGES}


def test_rewording_a_reason_in_the_engine_changes_no_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every module of the engine that gives reasons is made to say them differently: the JSON
    (the English sentences) changes, the screens in all four languages do not."""
    before = [(_greyed(state, answers).to_json(), _shown(_greyed(state, answers)))
              for _name, state, answers, _key in SITUATIONS]

    def reworded(key: str, text: str, **params: object) -> Reason:
        return because(key, f"in other words: {text.upper()}", **params)

    producers = [name for name, module in sorted(sys.modules.items()) if name.startswith("companion.")
                 and module is not procedure and getattr(module, "because", None) is because]
    assert {"companion.morpork.actions", "companion.morpork.steps", "companion.morpork.cards.hands",
            "companion.morpork.cards.symbols"} <= set(producers)
    for name in producers:
        monkeypatch.setattr(sys.modules[name], "because", reworded)
    for (name, state, answers, _key), (json_before, shown_before) in zip(SITUATIONS, before):
        question = _greyed(state, answers)
        assert question.to_json()["unavailable"] != json_before["unavailable"], name
        assert all(text.startswith("in other words: ") for text in question.to_json()["unavailable"].values())
        assert _shown(question) == shown_before, name


def test_no_regular_expression_is_left_in_the_app() -> None:
    """Nothing in ui/ reads meaning out of English text. The catalogue tool (not part of the running
    app) finds ``app.t("…")`` in the .kv layout files, which is source code, not engine text."""
    users = []
    for path in sorted(UI.rglob("*.py")):
        if path.name == "i18n_tools.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(name == "re" or name.startswith("re.") or name == "regex" for name in names):
                users.append(path.relative_to(UI).as_posix())
    assert not users, f"these ui/ modules use regular expressions: {users!r}"


@pytest.mark.parametrize("language, words, area", [("de", "kein Handlanger hier oder nebenan", "Lange Mauer"),
                                                   ("pl", "brak agenta tu ani obok", "Długi Mur")])
def test_a_greyed_area_shows_its_reason_in_the_language_on_the_button_and_on_a_map_tap(
        driver: Any, language: str, words: str, area: str) -> None:
    d = driver
    d.app.set_language(language)
    d.app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    d.app.on_die_roll(1, "manual")
    for value in ("vetinari", "rust", "vimes", "captain-carrot"):
        d.app.answer(value)
    d.frames(3)
    assert d.screen.name == "turn"
    greyed = d.panel().button_for("longwall")  # red starts in Dolly Sisters, The Scours, The Shades
    assert greyed is not None and greyed.disabled
    assert words in greyed.text and "minion" not in greyed.text
    before = d.app.game.seq
    m = d.screen.ids.map
    d.tap_at(*m.to_window(*m.area_centre_px("longwall")))
    assert d.app.game.seq == before  # nothing happened but the explanation
    assert d.app.message == f"{area}: {words}"
