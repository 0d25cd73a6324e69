"""A refused input is said in the table's language. The engine raises ``RuleViolation(rule, …)`` and
``InputError(…, key, params, question)``; the app shows ``Translator.refusal(error)``: the
catalogue's ``e:<key>`` template (or the greyed option's ``r:<key>``, for a refusal that is one)
filled with the error's values and the question as the screen asks it, never the engine's English
sentence, which stays the message of the command line and the JSON contract.

Found by playing in German: a second player scanning a personality already dealt read "that card is
not available: choose another personality" in English. The keys are found by reading ``companion/``
(not by playing, which would miss the rare ones): a new refusal without a key, or a key without a
template in every language, fails here."""
from __future__ import annotations

import ast
import string
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.core.errors import InputError, RuleViolation
from companion.core.inputs import Answer, CardScan, DieRoll
from companion.core.procedure import choice_question
from companion.morpork.game import apply, check_input, new_game
from ui.i18n import LANGUAGES, Translator

ROOT = Path(__file__).resolve().parents[2]
COMPANION = ROOT / "companion"
MESSAGES = ROOT / "ui" / "messages.txt"

RAISERS: dict[str, tuple[int, int, int]] = {"RuleViolation": (0, 2, 3), "InputError": (1, 2, 3),
                                            "WaitingForOther": (2, 3, 1)}
"""The engine's refusals, with the positions of their key, params and question arguments."""

NOT_ON_A_SCREEN: tuple[str, ...] = ("cli/",)
"""The command line speaks the engine's English (its messages are its contract), not the app."""

REASONS_PASSED_ON: frozenset[tuple[str, str]] = frozenset({
    ("morpork/actions.py", "build_problem.key"),   # _build_problem's Reason: its r:build.* template
    ("morpoly/game.py", "refused.key"),            # a greyed option answered anyway: its r: template
})
"""Refusals whose key is a greyed option's ``Reason`` handed on: its ``r:`` template (checked by
tests/ui/test_ui_translations_complete.py) words it."""


@dataclass
class Refusal:
    sites: list[str] = field(default_factory=list)
    params: set[str] = field(default_factory=set)
    params_known: bool = True
    question: bool = False


def scan_refusals() -> tuple[dict[str, Refusal], set[tuple[str, str]], list[str]]:
    """Every key the engine's refusals carry, the sites that hand a Reason's key on, and the sites
    that raise a refusal without a key."""
    keys: dict[str, Refusal] = {}
    passed: set[tuple[str, str]] = set()
    unkeyed: list[str] = []
    for path in sorted(COMPANION.rglob("*.py")):
        rel = path.relative_to(COMPANION).as_posix()
        if rel.startswith(NOT_ON_A_SCREEN) or rel == "core/errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else ""
            if name not in RAISERS:
                continue
            at_key, at_params, at_question = RAISERS[name]
            by_name = {k.arg: k.value for k in node.keywords if k.arg}

            def arg(index: int, keyword: str) -> ast.expr | None:
                return by_name.get(keyword, node.args[index] if len(node.args) > index else None)

            key, params, question = arg(at_key, "rule" if name == "RuleViolation" else "key"), \
                arg(at_params, "params"), arg(at_question, "question")
            where = f"{rel}:{node.lineno}"
            if isinstance(key, ast.Attribute) and isinstance(key.value, ast.Name):
                passed.add((rel, f"{'build_problem' if key.value.id == 'problem' else key.value.id}.{key.attr}"))
                continue
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value):
                unkeyed.append(where)
                continue
            found = keys.setdefault(key.value, Refusal())
            found.sites.append(where)
            found.question |= question is not None
            if isinstance(params, ast.Dict):
                found.params |= {k.value for k in params.keys if isinstance(k, ast.Constant)}
            elif params is not None:
                found.params_known = False
    return keys, passed, unkeyed


@pytest.fixture(scope="module")
def refusals() -> dict[str, Refusal]:
    keys, passed, unkeyed = scan_refusals()
    assert not unkeyed, f"these refusals have no key for the screens to translate: {unkeyed!r}"
    assert passed == REASONS_PASSED_ON, sorted(passed ^ REASONS_PASSED_ON)
    return keys


def test_the_scan_finds_the_refusals(refusals: dict[str, Refusal]) -> None:
    """Not vacuous: the personality refusal from set-up, the private card, rules of the basic actions,
    the core's stale input and waiting for another player."""
    for key in ("setup.personality", "input.not-available", "place.adjacency", "assassinate.trouble",
                "input.stale", "input.waiting-player", "input.not-option", "session.no-game", "mode.option-value"):
        assert key in refusals, key
    assert refusals["setup.personality"].question and refusals["input.not-available"].question
    assert refusals["place.move-source"].params == {"player", "area"}
    assert len(refusals) > 45


def test_every_refusal_key_is_extracted(refusals: dict[str, Refusal]) -> None:
    listed = {line.strip() for line in MESSAGES.read_text(encoding="utf-8").splitlines()
              if line.strip() and not line.startswith("#")}
    missing = sorted(k for k in refusals if f"e:{k}" not in listed and f"r:{k}" not in listed)
    assert not missing, f"add e:<key> for these to ui/messages.txt and translate them: {missing!r}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_has_a_template_in_every_language(language: str, refusals: dict[str, Refusal]) -> None:
    """English too: the screens never show the engine's sentence, which quotes ids ("'dolly-sisters'")."""
    translator = Translator(language)
    missing = sorted(k for k in refusals if translator.gettext(f"e:{k}") == f"e:{k}"
                     and translator.gettext(f"r:{k}") == f"r:{k}")
    assert not missing, f"no {language} template (ui/locale, then python3 -m ui.i18n_tools): {missing!r}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_refusal_templates_use_only_the_values_the_engine_passes(language: str,
                                                                  refusals: dict[str, Refusal]) -> None:
    translator = Translator(language)
    wrong = []
    for key, found in sorted(refusals.items()):
        template = translator.gettext(f"e:{key}")
        if template == f"e:{key}" or not found.params_known:
            continue
        named = {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
        extra = named - found.params - ({"question"} if found.question else set())
        if extra:
            wrong.append(f"{key}: {sorted(extra)} ({', '.join(found.sites)})")
    assert not wrong, "\n".join(wrong)


def _set_up(colors: list[str]) -> Any:
    """A game at the personality deal: the first player rolled, the first personality dealt."""
    game = new_game(colors, "en", None)
    while game.question is not None and game.question.key != "setup.personality":
        q = game.question
        game = apply(game, DieRoll(1, seq=game.seq) if q.kind == "roll" else Answer(q.options[0], seq=game.seq))
    return game


def test_a_personality_dealt_already_is_refused_by_its_rule_id_and_said_in_each_language() -> None:
    game = _set_up(["red", "yellow", "green"])
    game = apply(game, Answer("vetinari", seq=game.seq))
    with pytest.raises(RuleViolation) as refused:
        apply(game, CardScan("personality", "vetinari", "scanner", seq=game.seq))
    assert str(refused.value) == "that card is not available: choose another personality"  # the contract
    assert refused.value.key == "setup.personality" and refused.value.question is not None
    shown = {language: Translator(language).refusal(refused.value) for language in LANGUAGES}
    assert shown["de"] == "Diese Karte ist schon vergeben: wähle eine andere Persönlichkeit"
    assert shown["pl"].startswith("Ta karta jest już zajęta")
    assert shown["it"].startswith("Questa carta non è disponibile")
    assert "not available" in shown["en"]


def test_a_private_card_not_among_the_options_names_the_step_in_the_language_not_the_card() -> None:
    question = choice_question("setup.personality", "red: scan or pick your secret personality", "red",
                               ["vimes", "rust"], private=True)
    with pytest.raises(InputError) as refused:
        check_input(question, Answer("vetinari", seq=4), 4)
    de = Translator("de").refusal(refused.value)
    assert refused.value.key == "input.not-available"
    assert de.startswith("Diese Karte steht nicht zur Wahl") and Translator("de").question(question) in de
    assert "Vetinari" not in de and "vetinari" not in de  # a secret is never said


def test_a_personality_shown_where_a_card_is_asked_is_never_named_in_any_language() -> None:
    """Red's personality scanned by mistake during a turn: the table reads that a card is not
    available, never which personality it was."""
    question = choice_question("turn.play-card", "red: play a card", "red", ["groat", "ruby"])
    for inp in (CardScan("personality", "vetinari", "scanner", seq=9), Answer("vimes", seq=9)):
        with pytest.raises(InputError) as refused:
            check_input(question, inp, 9)
        assert refused.value.key == "input.not-available" and not refused.value.params
        for language in LANGUAGES:
            shown = Translator(language).refusal(refused.value)
            assert "Vetinari" not in shown and "Vimes" not in shown and "vetinari" not in shown, shown


def test_a_refusal_names_areas_and_players_by_their_names() -> None:
    error = RuleViolation("place.move-source", "red has no minion in 'dolly-sisters' to move",
                          {"player": "red", "area": "dolly-sisters"})
    pl = Translator("pl")
    pl.use_players({"red": "Ania"})
    assert pl.refusal(error) == "Ania nie ma agenta w dzielnicy Siostry Dolly do przeniesienia"


def test_an_error_without_a_key_or_template_shows_the_engines_sentence() -> None:
    for language in LANGUAGES:
        assert Translator(language).refusal(InputError("something new")) == "something new"
        assert Translator(language).refusal(InputError("a rule not worded yet", "rule.new")) == "a rule not worded yet"


def test_the_status_bar_says_the_refusal_in_german(driver: Any) -> None:
    """The app, played in German: the second player picks the personality the first took."""
    d = driver
    d.app.set_language("de")
    d.app.start_game(["red", "yellow", "green"], ["Ann", "Bob", "Cy"], "en")
    d.app.on_die_roll(1, "manual")
    assert d.app.answer("vetinari")
    before = d.app.game.seq
    assert not d.app.answer("vetinari")
    d.frames(2)
    assert d.app.game.seq == before
    assert d.app.message == "Diese Karte ist schon vergeben: wähle eine andere Persönlichkeit"
