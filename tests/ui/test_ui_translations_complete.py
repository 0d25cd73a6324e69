"""Every question and narration key the engine can produce has a template in German, Polish and
Italian, so a player at a non-English table never meets an English engine sentence; every reason for
a greyed option (``because("x.y", …)``, key ``r:x.y``) has one in English too, since the screens show
short reasons, not the engine's sentences. The keys are found by reading ``companion/`` (not by
playing games, which would miss rare cards and events): a new ``narrator.say("x.y", …)``,
``choice_question("x.y", …)`` or ``because("x.y", …)`` without a translation fails here.

Keys built at run time (``key + ".move-from"``, ``key or "turn.play-card"``) cannot be read off the
source; they are listed in ``DYNAMIC_KEYS`` and the places that build them in ``DYNAMIC_SITES``, so a
new place that builds a key fails until it is listed."""
from __future__ import annotations

import ast
import re
import string
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.morpork.progress import NOTHING_TO_DO
from ui.i18n import LANGUAGES, PLACE_GO, Translator

ROOT = Path(__file__).resolve().parents[2]
COMPANION = ROOT / "companion"
MESSAGES = ROOT / "ui" / "messages.txt"
TRANSLATED = ("de", "pl", "it")
KEY = re.compile(r"^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$")

KEY_ARGUMENT: dict[str, tuple[str, int]] = {
    "say": ("n", 0), "choice_question": ("q", 0), "roll_question": ("q", 0), "ask": ("q", 0),
    "roll": ("q", 0), "roll_for_area": ("q", 0), "Question": ("q", 1), "ask_discard": ("q", 4), "_pick_piece": ("q", 1),
    "ask_choice": ("q", 2), "ask_roll": ("q", 2), "roll_dice": ("q", 1), "ask_amount": ("q", 2),
    "because": ("r", 0), "Reason": ("r", 0),
}
"""Functions that take a translation key, with its prefix and position (``companion.core.procedure``'s
constructors and the card/event helpers that wrap them)."""

PARAMS_POSITIONAL: frozenset[str] = frozenset({"Reason"})
"""Constructors whose params are a positional tuple, not keywords: the scan cannot name them."""

DYNAMIC_KEYS: frozenset[str] = frozenset({
    "q:turn.play-card", "q:turn.play-another",                   # turn.choose_card: key or (… if first else …)
    "q:symbol.minion.move-from", "q:card.place-minion.move-from",  # symbols.place_minion_steps: key + ".move-from"
    "q:symbol.build.move-from",                                   # symbols.build_steps: key + ".move-from"
    *(f"r:{key}" for key, _text in NOTHING_TO_DO.values()),        # progress.nothing_to_do: NOTHING_TO_DO[symbol]
})
"""Keys the engine builds from expressions; the static scan cannot see them."""

DYNAMIC_SITES: frozenset[tuple[str, str]] = frozenset({
    ("morpork/turn.py", "choose_card"),
    ("morpork/cards/symbols.py", "place_minion_steps"),
    ("morpork/cards/symbols.py", "build_steps"),
    ("morpork/progress.py", "nothing_to_do"),
})
"""Functions whose key argument is an expression (not a literal, not their own ``key`` parameter
passed through, not a string constant): their keys must be in ``DYNAMIC_KEYS``."""

LEFT_IN_ENGLISH: dict[str, str] = {}
"""Keys deliberately shown in the engine's English (see /work/notes/translations.md)."""


@dataclass
class Found:
    """What the scan saw for one key: where, and the params its call sites pass."""

    sites: list[str] = field(default_factory=list)
    params: set[str] = field(default_factory=set)
    params_known: bool = True


JOURNAL_ERRORS: frozenset[str] = frozenset({
    "JournalError", "DamagedFileError", "DiskFullError", "ReadOnlyJournalError", "LockedJournalError", "DiskIOError",
    "NewerJournalError"})
"""The journal's errors: their ``key=`` is a refusal's (``e:``), not a question's."""


def _string_constants(tree: ast.AST) -> dict[str, set[str]]:
    names: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str) and KEY.match(node.value.value)):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    names.setdefault(target.id, set()).add(node.value.value)
    return names


def _parameters(function: ast.FunctionDef | None) -> dict[str, ast.expr | None]:
    if function is None:
        return {}
    a = function.args
    positional = a.posonlyargs + a.args
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    found: dict[str, ast.expr | None] = {arg.arg: d for arg, d in zip(positional, defaults)}
    found.update({arg.arg: d for arg, d in zip(a.kwonlyargs, a.kw_defaults)})
    return found


def scan_engine() -> tuple[dict[str, Found], set[tuple[str, str]]]:
    """Every literal key at a call site in companion/ (and every ``key=`` default), plus the places
    where a key is built from an expression."""
    keys: dict[str, Found] = {}
    dynamic: set[tuple[str, str]] = set()

    def add(key: str, where: str, params: set[str] | None) -> None:
        found = keys.setdefault(key, Found())
        found.sites.append(where)
        if params is None:
            found.params_known = False
        else:
            found.params |= params

    for path in sorted(COMPANION.rglob("*.py")):
        rel = path.relative_to(COMPANION).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module_constants = _string_constants(tree)
        functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
        owner: dict[int, ast.FunctionDef] = {}
        for function in functions:  # innermost wins: walk order visits outer functions first
            for node in ast.walk(function):
                owner[id(node)] = function
        for function in functions:
            for name, default in _parameters(function).items():
                if (name == "key" and isinstance(default, ast.Constant) and isinstance(default.value, str)
                        and default.value):  # an error's key="" (no key) is not a question's
                    add(f"q:{default.value}", f"{rel}:{function.lineno}", None)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            where = f"{rel}:{node.lineno}"
            keyword_key = next((k.value for k in node.keywords if k.arg == "key"), None)
            if name in JOURNAL_ERRORS:
                continue  # an e: key, checked by tests/ui/test_ui_journal_errors.py
            if name not in KEY_ARGUMENT:
                if isinstance(keyword_key, ast.Constant) and isinstance(keyword_key.value, str):
                    add(f"q:{keyword_key.value}", where, None)
                continue
            prefix, index = KEY_ARGUMENT[name]
            arg = keyword_key if keyword_key is not None else node.args[index] if len(node.args) > index else None
            params: set[str] | None = {k.arg for k in node.keywords if k.arg is not None} - {"key", "unavailable",
                                                                                          "private", "reveals",
                                                                                          "params"}
            if name in PARAMS_POSITIONAL or any(k.arg is None or k.arg == "params" for k in node.keywords):
                params = None
            elif prefix == "n" and (len(node.args) > 2 or any(k.arg == "area" for k in node.keywords)):
                params = (params or set()) | {"area"}
            function = owner.get(id(node))
            local_constants = _string_constants(function) if function is not None else {}
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                add(f"{prefix}:{arg.value}", where, params)
            elif isinstance(arg, ast.Name) and arg.id in _parameters(function):
                continue  # a wrapper passing its caller's key on: the caller's literal is scanned
            elif isinstance(arg, ast.Name) and (arg.id in local_constants or arg.id in module_constants):
                for value in local_constants.get(arg.id) or module_constants[arg.id]:
                    add(f"{prefix}:{value}", where, params)
            else:
                dynamic.add((rel, function.name if function is not None else "<module>"))
    return keys, dynamic


@pytest.fixture(scope="module")
def scanned() -> tuple[dict[str, Found], set[tuple[str, str]]]:
    return scan_engine()


@pytest.fixture(scope="module")
def engine_keys(scanned: tuple[dict[str, Found], set[tuple[str, str]]]) -> set[str]:
    return set(scanned[0]) | DYNAMIC_KEYS


def test_the_scan_finds_the_engine_keys(scanned: tuple[dict[str, Found], set[tuple[str, str]]]) -> None:
    """The scan is not vacuous: keys from turns, cards, City Areas and events, in both kinds."""
    keys = scanned[0]
    for key in ("q:symbol.minion", "n:turn.start", "q:card.fire-brigade-pay", "n:event.johnson.no-minion",
                "q:event.fog.card", "n:event.fog.card", "n:event.fog.unnamed", "q:power.target",
                "q:card.place-minion", "q:card.hubert-payer", "r:place.adjacency", "r:build.money",
                "r:money.short", "r:hand.no-free-card"):
        assert key in keys, key
    assert len(keys) > 120
    assert keys["r:build.money"].params == {"area", "color", "price", "money"}


def test_keys_built_at_run_time_are_listed(scanned: tuple[dict[str, Found], set[tuple[str, str]]]) -> None:
    unlisted = scanned[1] - DYNAMIC_SITES
    assert not unlisted, (f"these functions build a translation key from an expression: {sorted(unlisted)!r}; "
                          "list the keys they make in DYNAMIC_KEYS and the function in DYNAMIC_SITES")
    assert DYNAMIC_SITES <= scanned[1], "a listed dynamic site is gone: drop it (and its keys) from the lists"


def test_every_engine_key_is_extracted(engine_keys: set[str]) -> None:
    """ui/messages.txt lists the keys, so ``python3 -m ui.i18n_tools`` puts them in every catalogue."""
    listed = {line.strip() for line in MESSAGES.read_text(encoding="utf-8").splitlines()
              if line.strip() and not line.startswith("#")}
    missing = sorted(k for k in engine_keys if k not in listed and k not in LEFT_IN_ENGLISH)
    assert not missing, f"add these keys to ui/messages.txt and translate them: {missing!r}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_engine_key_has_a_template(language: str, engine_keys: set[str]) -> None:
    translator = Translator(language)
    missing = sorted(k for k in engine_keys if k not in LEFT_IN_ENGLISH and translator.gettext(k) == k)
    assert not missing, f"no {language} template (run python3 -m ui.i18n_tools after translating): {missing!r}"


ENGLISH_AS_THE_ENGINE_SAYS: dict[str, str] = {
    "q:card.choose-player": "one key for eight cards' questions ('take $3 from whom?', 'who gives you two cards?'), "
                            "each a fixed sentence naming no piece, area or player; the other languages say "
                            "'which player?'",
}
"""Questions English shows in the engine's own words: fixed sentences with no id in them (the
whole-game scan of tests/ui/test_ui_no_ids_in_words.py reads them)."""


def test_every_engine_key_has_an_english_template_too(engine_keys: set[str]) -> None:
    """English screens never show the engine's sentence, which quotes ids ("mr-boggis") and colours
    ("yellow"): each key has an English template that names areas, cards and players by their names.
    Discworld: Ankh-Morpork's keys so far; Ankh-Morpoly's (``morpoly.``) are still being written by
    its engine's branches and come next."""
    translator = Translator("en")
    missing = sorted(k for k in engine_keys if ".morpoly." not in k.replace(":", ".") and k not in LEFT_IN_ENGLISH and k not in ENGLISH_AS_THE_ENGINE_SAYS
                     and translator.gettext(k) == k)
    assert not missing, f"no English template (ui/locale/en, then python3 -m ui.i18n_tools): {missing!r}"
    assert set(ENGLISH_AS_THE_ENGINE_SAYS) <= engine_keys


def test_the_english_leftovers_are_still_engine_keys(engine_keys: set[str]) -> None:
    assert set(LEFT_IN_ENGLISH) <= engine_keys, sorted(set(LEFT_IN_ENGLISH) - engine_keys)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reason_key_has_a_template_in_every_language_english_too(language: str, engine_keys: set[str]) -> None:
    """A greyed option's reason is never shown as the engine's sentence: rewording it in the engine
    must change no screen, in any language."""
    reasons = {k for k in engine_keys if k.startswith("r:")}
    assert reasons and not reasons & set(LEFT_IN_ENGLISH)
    translator = Translator(language)
    missing = sorted(k for k in reasons if translator.gettext(k) == k)
    assert not missing, f"no {language} template for these reasons (run python3 -m ui.i18n_tools): {missing!r}"


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


@pytest.mark.parametrize("language", LANGUAGES)
def test_templates_use_only_the_params_the_engine_passes(
        language: str, scanned: tuple[dict[str, Found], set[tuple[str, str]]]) -> None:
    """A misspelt placeholder would make ``Translator.keyed`` fall back to English silently. The card
    and event helpers add ``card`` to their questions, so it is always allowed for questions."""
    translator = Translator(language)
    wrong: list[str] = []
    for key, found in sorted(scanned[0].items()):
        template = translator.gettext(key)
        if template == key or not found.params_known:
            continue
        allowed = found.params | ({"card"} if key.startswith("q:") else set())
        allowed |= {"scroll"} if "card" in allowed else set()  # the card's scroll text (Translator.keyed)
        if not key.startswith("e:"):  # GO as the set prints it, which the translator adds to every sentence
            allowed |= {PLACE_GO}  # (a refusal is filled by Translator.refusal, which has no set at hand)
        extra = _placeholders(template) - allowed
        if extra:
            wrong.append(f"{key}: {sorted(extra)} not in {sorted(allowed)} ({', '.join(found.sites)})")
        translator.fill(template, **{name: "1" for name in _placeholders(template)})  # no stray braces
    assert not wrong, "\n".join(wrong)


def test_every_morpoly_key_has_an_english_template_too(engine_keys: set[str]) -> None:
    """Ankh-Morpoly's engine sentences name seats ("red pays …") and quote its own English reasons:
    in English, too, the screens say them from a template, so the table reads "Ann pays $40 to Bob for rent"."""
    keys = {k for k in engine_keys if k.split(":", 1)[1].startswith("morpoly.")}
    assert len(keys) > 30
    translator = Translator("en")
    missing = sorted(k for k in keys if translator.gettext(k) == k)
    assert not missing, f"no English template (run python3 -m ui.i18n_tools after writing one): {missing!r}"
    translator.use_players({"red": "Ann", "yellow": "Bob"})
    assert translator.keyed("n", "morpoly.money.paid", "red pays $40 to yellow for rent",
                            {"payer": "red", "payee": "yellow", "amount": "$40", "why": "rent"}) == "Ann pays $40 to Bob for rent"


def test_every_morpoly_option_has_words_in_every_language() -> None:
    """The set-up screen lists every option of Ankh-Morpoly (its §7 rulings, the set, the bank, Fortuna,
    ELAM) with its name, its one-line description and its values: a player at a German, Polish or
    Italian table reads them in their language, and every language names them (an option id such as
    ``merchant-swap-streets-only`` is no word). A new option fails here until it has its texts:
    ``o:<option>`` in every language, ``o:<option>:about`` in every language but English (whose
    source is the engine's description), ``o:<option>=<value>`` for each value that is not yes/no,
    on/off or a number."""
    from companion.core.mode import get_mode
    from ui.i18n import CHOICE_WORDS
    listed = {line.strip() for line in MESSAGES.read_text(encoding="utf-8").splitlines()
              if line.strip() and not line.startswith("#")}
    options = get_mode("ankh-morpoly").options
    assert len(options) > 30 and {"bank", "fortuna", "elam", "edition"} <= {o.name for o in options}
    missing: list[str] = []
    for language in LANGUAGES:
        translator = Translator(language)
        for option in options:
            wanted = [f"o:{option.name}"] + ([f"o:{option.name}:about"] if language != "en" else [])
            wanted += [f"o:{option.name}={value}" for value in option.choices
                       if value not in CHOICE_WORDS and not value.isdigit()]
            missing += [f"{language} {key}" for key in wanted if translator.gettext(key) == key]
            missing += [f"ui/messages.txt {key}" for key in wanted if key not in listed and language == "en"]
    assert not missing, ("no words for these options (list them in ui/messages.txt, translate, then run "
                         f"python3 -m ui.i18n_tools): {missing!r}")


@pytest.mark.parametrize("language", TRANSLATED)
def test_morpoly_option_words_read_as_the_table_s_language(language: str) -> None:
    """The translator gives the catalogue's words, not the engine's English, for a ruling's name,
    description and value; the German ones use the variant's own terms (SBG, Gildenhaus)."""
    from companion.morpoly.options import option
    translator = Translator(language)
    fee = option("double-fee")
    assert translator.option_about("double-fee", fee.description) != fee.description
    assert translator.option_name("double-fee") != "double-fee"
    assert translator.option_choice("double-fee", "twice-base-rent") != "twice-base-rent"
    assert translator.option_choice("fortuna", "on") == translator.gettext("on")
    if language == "de":
        assert "SBG" in translator.option_name("double-fee")
        assert "Gildenhaus" in translator.option_about("double-fee", fee.description)
    assert Translator("en").option_about("double-fee", fee.description) == fee.description
