"""The rulebook one long-press away: the paragraph of the table's own rulebook that governs an area,
a City Area card, a player card, a random event, a symbol or a personality, and a search over it.

Kivy-free, so it is tested with plain strings. The text is the four editions' own
(``ui/data/rules/ankh-morpork-rules.<lang>.txt``, copies of ``shared/rules/``); where each topic's
text starts is data (``ui/data/rules/index.json``), because the four files differ in markup and in
names (the Italian book keeps the English area and event names, the German one marks names in bold).

A topic is ``(kind, id)``: ``area`` (the area's City Area card power; ``city-area`` is the same),
``event``, ``personality``, ``symbol`` (``S M B A T $ E P I``; ``$3`` is ``$``), ``card`` (a player
card: its own text, each of its symbols, and the questions and answers that name it) and ``rule``
(a rule of no single thing: ``points`` at the end, ``city-area-cards``, ``playing-cards``). Where the
books disagree, :func:`rulings_for` says which rule options touch a topic and
:func:`ruling_values` what each edition says and which value the table plays by.
"""
from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from companion.morpork.board import AREA_BY_ID
from companion.morpork.catalog import CARD_BY_ID, EVENT_BY_ID, PERSONALITY_BY_ID
from ui.i18n import Translator

LANGUAGES: tuple[str, ...] = ("en", "de", "pl", "it")
SYMBOLS: tuple[str, ...] = ("S", "M", "B", "A", "T", "$", "E", "P", "I")
KINDS: tuple[str, ...] = ("area", "city-area", "event", "personality", "symbol", "card", "rule")


@dataclass(frozen=True)
class Passage:
    """Some lines of one rulebook, as printed (markup removed); ``line`` is where they start (1-based)."""

    language: str
    line: int
    text: str


@dataclass(frozen=True)
class Entry:
    """What a long-press shows: the passages that govern the topic, the card's own text (a player
    card only; the companion's English words), and the rule options that touch it."""

    kind: str
    id: str
    language: str
    passages: tuple[Passage, ...]
    card_text: str = ""
    rulings: tuple[str, ...] = ()


@dataclass(frozen=True)
class RulingValue:
    """One value of a ruling where the books disagree: which editions print it, and whether the
    table plays by it."""

    option: str
    value: str
    editions: tuple[str, ...]
    adopted: bool


def _data(name: str) -> str:
    return resources.files("ui.data").joinpath("rules", name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def index() -> dict[str, Any]:
    """The anchors (``ui/data/rules/index.json``), read once."""
    loaded: dict[str, Any] = json.loads(_data("index.json"))
    return loaded


@lru_cache(maxsize=None)
def book(language: str) -> tuple[str, ...]:
    """The rulebook of ``language``, line by line (index 0 is line 1)."""
    if language not in LANGUAGES:
        raise ValueError(f"no rulebook in {language!r}; expected one of {', '.join(LANGUAGES)}")
    return tuple(_data(index()["editions"][language]["file"]).splitlines())


def edition_title(language: str) -> str:
    """The printed title and publisher of the edition, e.g. ``Świat Dysku: Ankh-Morpork (Phalanx)``."""
    return str(index()["editions"][language]["book"])


def clean(line: str) -> str:
    """A line as a reader sees it: no Markdown heading marks, bold/italic stars or ``\\$``."""
    text = line.strip().lstrip("#").strip().replace("\\$", "$").replace("**", "")
    if text.startswith("- "):
        text = "• " + text[2:]
    return text.replace("*", "")


class AnchorError(LookupError):
    """An anchor of the index matches no line, or more than one, in a rulebook."""


def find_line(language: str, start: str, exact: bool = False) -> int:
    """The index (0-based) of the one line that starts with ``start`` (or equals it when ``exact``);
    an :class:`AnchorError` when none or several do."""
    lines = book(language)
    hits = [i for i, line in enumerate(lines)
            if (line.strip() == start if exact else line.strip().startswith(start))]
    if len(hits) != 1:
        raise AnchorError(f"{language} rulebook: {len(hits)} lines {'are' if exact else 'start with'} {start!r}")
    return hits[0]


def _headings(language: str) -> frozenset[int]:
    """The lines that head a section (the random events): a section runs to the next of them."""
    found = set()
    for specs in index()["topics"].values():
        spec = specs.get(language)
        if isinstance(spec, dict) and "heading" in spec:
            found.add(find_line(language, spec["heading"], exact=True))
    return frozenset(found)


def _non_blank_from(language: str, first: int, count: int | None) -> Passage:
    """``count`` non-blank lines from ``first`` (None: up to the next heading or the end); lines
    that were one paragraph stay together, paragraphs are separated by a blank line."""
    lines = book(language)
    headings = _headings(language) if count is None else frozenset()
    taken: list[tuple[int, str]] = []
    i = first
    while i < len(lines):
        if count is not None and len(taken) == count:
            break
        if count is None and i != first and i in headings:
            break
        if lines[i].strip():
            taken.append((i, clean(lines[i])))
        i += 1
    parts: list[str] = []
    for n, (i, text) in enumerate(taken):
        if n and taken[n - 1][0] == i - 1:
            parts[-1] += "\n" + text
        else:
            parts.append(text)
    return Passage(language, first + 1, "\n\n".join(parts))


def _resolve(language: str, spec: Any) -> list[Passage]:
    if isinstance(spec, list):
        return [p for part in spec for p in _resolve(language, part)]
    if isinstance(spec, str):
        return [_non_blank_from(language, find_line(language, spec), 1)]
    if "heading" in spec:
        return [_non_blank_from(language, find_line(language, spec["heading"], exact=True), None)]
    first = find_line(language, spec["start"], exact=bool(spec.get("exact")))
    return [_non_blank_from(language, first, int(spec["lines"]))]


def topic_key(kind: str, item_id: str) -> str:
    """The index key of a topic; a City Area card is its area, a ``$3`` symbol is ``$``."""
    if kind == "city-area":
        kind = "area"
    if kind == "symbol" and item_id.startswith("$"):
        item_id = "$"
    return f"{kind}:{item_id}"


def _known(kind: str, item_id: str) -> bool:
    return {"area": item_id in AREA_BY_ID, "event": item_id in EVENT_BY_ID,
            "personality": item_id in PERSONALITY_BY_ID, "symbol": item_id in SYMBOLS,
            "card": item_id in CARD_BY_ID, "rule": True}.get(kind, False)


def passages(key: str, language: str) -> tuple[Passage, ...]:
    """The passages an index topic (``area:the-shades``) names in ``language``'s book (none when that
    book has nothing on it)."""
    spec = index()["topics"].get(key, {}).get(language)
    return tuple(_resolve(language, spec)) if spec is not None else ()


def questions_about(key: str, language: str) -> tuple[Passage, ...]:
    """The questions and answers (the German book: the notes) that name the topic."""
    found: list[Passage] = []
    for qa in index()["qa"].get(language, []):
        if key in qa["topics"]:
            found += _resolve(language, {"start": qa["start"], "lines": qa["lines"]})
    return tuple(found)


def rulings_for(key: str) -> tuple[str, ...]:
    """The rulings (rule options, or fixed rulings) where the books disagree on this topic."""
    return tuple(index()["rulings"].get(key, ()))


def lookup(kind: str, item_id: str, language: str) -> Entry:
    """The entry a long-press on ``(kind, item_id)`` shows in ``language``. An unknown topic is a
    ``KeyError`` naming it."""
    key = topic_key(kind, item_id)
    plain_kind, _, plain_id = key.partition(":")
    if plain_kind == "rule" and key not in index()["topics"] or plain_kind not in (
            "area", "event", "personality", "symbol", "card", "rule") or not _known(plain_kind, plain_id):
        raise KeyError(f"no rulebook topic {kind!r} {item_id!r}")
    if language not in LANGUAGES:
        raise ValueError(f"no rulebook in {language!r}; expected one of {', '.join(LANGUAGES)}")
    if plain_kind == "card":
        card = CARD_BY_ID[plain_id]
        found: list[Passage] = []
        rulings: list[str] = []
        for symbol in dict.fromkeys(topic_key("symbol", s) for s in card.symbols):
            found += passages(symbol, language)
            rulings += [r for r in rulings_for(symbol) if r not in rulings]
        rulings += [r for r in rulings_for(key) if r not in rulings]  # the card's own text (named-placement)
        if not card.symbols:  # The Peeled Nuts: only the rule for playing any card governs it
            found += passages("rule:playing-cards", language)
        found += questions_about(key, language)
        return Entry("card", plain_id, language, tuple(found), Translator(language).card_text(plain_id),
                     tuple(rulings))
    found = list(passages(key, language))
    if kind == "city-area":
        found += passages("rule:city-area-cards", language)
    found += [p for p in questions_about(key, language) if p not in found]
    return Entry(plain_kind, plain_id, language, tuple(found), "", rulings_for(key))


# -- where the books disagree -------------------------------------------------------------------------
def _option_table() -> dict[str, tuple[str, dict[str, str]]]:
    """Each rule option's default and its edition defaults: from the engine's named options
    (``companion.morpork.options``) when it has them, else the index's copy of the README's table."""
    table = {name: (str(o["default"]), dict(o["editions"])) for name, o in index()["options"].items()}
    try:
        from companion.morpork import options as engine_options
    except ImportError:
        return table
    for option in engine_options.OPTIONS:
        if option.name in table:
            table[option.name] = (option.default, dict(option.defaults))
    return table


def edition_value(option: str, edition: str) -> str:
    """The value an edition's own book gives a rule option."""
    default, by_edition = _option_table()[option]
    return by_edition.get(edition, default)


def ruling_values(option: str, table_options: Mapping[str, str]) -> tuple[RulingValue, ...]:
    """The values of a ruling with the editions that print each, the one the table plays marked;
    ``table_options`` holds the table's ``edition`` and any option set explicitly. A fixed ruling
    (one the companion applies to every edition) has one value, ``""``, always adopted."""
    if option in index()["fixed"]:
        return (RulingValue(option, "", LANGUAGES, True),)
    edition = table_options.get("edition", "en")
    played = table_options.get(option) or edition_value(option, edition)
    values: dict[str, list[str]] = {}
    for language in LANGUAGES:
        values.setdefault(edition_value(option, language), []).append(language)
    values.setdefault(played, [])
    return tuple(RulingValue(option, value, tuple(editions), value == played) for value, editions in values.items())


# -- search -------------------------------------------------------------------------------------------
def fold(text: str) -> str:
    """Case- and accent-free text for matching: ``Pożar`` and ``pozar`` match; ``ł`` is ``l``, ``ß`` is ``ss``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("ł", "l"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def is_heading(text: str) -> bool:
    """A heading ("Pożar", "## Feuer") or a question of the FAQ: shown with the paragraph after it."""
    return "\n" not in text and (text.endswith("?") or (len(text.split()) <= 7 and not text.endswith((".", ":", ","))))


def paragraphs(language: str) -> tuple[Passage, ...]:
    """The book as paragraphs (runs of non-blank lines), each cleaned of markup; a heading or a
    question is joined to the paragraph after it, so a hit on "Pożar" shows what the fire does."""
    lines = book(language)
    found: list[Passage] = []
    start: int | None = None
    for i, line in enumerate(list(lines) + [""]):
        if line.strip() and start is None:
            start = i
        elif not line.strip() and start is not None:
            found.append(Passage(language, start + 1, "\n".join(clean(x) for x in lines[start:i])))
            start = None
    joined: list[Passage] = []
    for passage in found:
        if joined and is_heading(joined[-1].text) and not is_heading(passage.text):
            joined[-1] = Passage(language, joined[-1].line, joined[-1].text + "\n\n" + passage.text)
        else:
            joined.append(passage)
    return tuple(joined)


def search(query: str, language: str, limit: int = 30) -> tuple[Passage, ...]:
    """The paragraphs of ``language``'s book holding every word of ``query`` (case- and
    accent-insensitive): those whose first line (a heading, a question) holds them first, then the
    rest, each in book order; an empty query finds nothing."""
    words = fold(query).split()
    if not words:
        return ()
    hits = [p for p in paragraphs(language) if all(w in fold(p.text) for w in words)]
    hits.sort(key=lambda p: not all(w in fold(p.text.split("\n", 1)[0]) for w in words))  # headings first
    return tuple(hits[:limit])


def all_topics() -> Sequence[tuple[str, str]]:
    """Every (kind, id) a long-press can ask about: the engine's areas, events, personalities,
    symbols and cards, and the index's rules of no single thing."""
    return ([("area", a) for a in AREA_BY_ID] + [("event", e) for e in EVENT_BY_ID]
            + [("personality", p) for p in PERSONALITY_BY_ID] + [("symbol", s) for s in SYMBOLS]
            + [("card", c) for c in CARD_BY_ID]
            + [("rule", k[5:]) for k in index()["topics"] if k.startswith("rule:")])
