"""The played card's symbols as a checklist — done, now, to come, skipped — worked out from the
game's history. Kivy-free so it can be tested with plain games.

The engine's turn questions name the card (``params["card"]``) and their key says which symbol is
being taken (``symbol.minion``, ``symbol.build``, ``event.draw`` …). Walking the answers given since
the card was played (its ``card.played`` narration) tells which symbols were done or skipped; the
symbols the engine passed over without a question ("play another card", a symbol with no legal
option) are ticked when a later one is reached.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.morpork.catalog import CARD_BY_ID
from companion.core.inputs import answer_text

PRIMARY: dict[str, str] = {
    "symbol.minion.move-from": "M", "symbol.minion": "M", "symbol.build.move-from": "B", "symbol.build": "B",
    "symbol.assassinate": "A", "symbol.trouble": "T", "symbol.money": "$", "event.draw": "E",
    "symbol.scroll": "S",
}


@dataclass(frozen=True)
class Step:
    symbol: str
    status: str  # done, now, todo, skipped


def _kind(symbol: str) -> str:
    return "$" if symbol.startswith("$") else symbol


def _symbol_of(question: Any) -> tuple[str | None, bool]:
    """(symbol, starts a new step) for a question asked while a card is played."""
    key = question.key
    if key in PRIMARY:
        return PRIMARY[key], True
    if key.startswith("event."):
        return "E", False
    return None, False


def card_progress(games: list[Any], inputs: list[Any]) -> tuple[str | None, list[Step]]:
    """The card being played now and its checklist; ``games[i]`` is the game after ``i`` inputs."""
    current = games[-1].question
    if current is None:
        return None, []
    card = dict(current.params).get("card")
    if card not in CARD_BY_ID:
        return None, []
    symbols = CARD_BY_ID[card].symbols
    start = None
    for i in range(len(inputs) - 1, -1, -1):
        new = games[i + 1].narration[len(games[i].narration):]
        if any(n.key == "card.played" and dict(n.params).get("card") == card for n in new):
            start = i + 1
            break
    if start is None:
        start = len(inputs)
    statuses = ["todo"] * len(symbols)
    pointer = 0
    last_primary: str | None = None

    def reach(kind: str) -> int | None:
        nonlocal pointer
        for k in range(pointer, len(symbols)):
            if _kind(symbols[k]) == kind:
                for skipped in range(pointer, k):
                    statuses[skipped] = "done" if symbols[skipped] == "P" else "skipped"
                pointer = k + 1
                return k
        return None

    for i in range(start, len(inputs)):
        question = games[i].question
        if question is None or dict(question.params).get("card") != card:
            continue
        kind, primary = _symbol_of(question)
        if kind is None:
            continue
        if primary and not (question.key == "symbol.minion" and last_primary == "symbol.minion.move-from") \
                and not (question.key == "symbol.build" and last_primary == "symbol.build.move-from"):
            k = reach(kind)
            if k is not None:
                statuses[k] = "skipped" if answer_text(inputs[i]) == "skip" else "done"
        last_primary = question.key if primary else last_primary
    kind, primary = _symbol_of(current)
    if kind is not None:
        continuing = not primary or (current.key == "symbol.minion" and last_primary == "symbol.minion.move-from")
        if continuing and pointer > 0 and _kind(symbols[pointer - 1]) == kind:
            statuses[pointer - 1] = "now"
        else:
            k = reach(kind)
            if k is not None:
                statuses[k] = "now"
    return card, [Step(s, status) for s, status in zip(symbols, statuses)]
