"""The played card's symbols as a checklist — done, now, to come, skipped — read from what the
engine says about the turn. Kivy-free so it can be tested with plain games.

The engine's turn questions carry ``params``: ``card`` (the card being played), ``symbol`` (the
index of the symbol now being taken) and, when known, ``done``/``skipped`` (comma-separated indexes).
When the question does not name a card (choosing which card to play, an interrupt) there is no list.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.catalog import CARD_BY_ID


@dataclass(frozen=True)
class Step:
    symbol: str
    status: str  # done, now, todo, skipped


def _indexes(text: str | None) -> set[int]:
    if not text:
        return set()
    return {int(part) for part in text.split(",") if part.strip().isdigit()}


def card_steps(params: dict[str, str]) -> tuple[str | None, list[Step]]:
    card_id = params.get("card")
    if card_id not in CARD_BY_ID:
        return None, []
    symbols = CARD_BY_ID[card_id].symbols
    now = int(params["symbol"]) if params.get("symbol", "").lstrip("-").isdigit() else -1
    done = _indexes(params.get("done"))
    skipped = _indexes(params.get("skipped"))
    steps = []
    for i, symbol in enumerate(symbols):
        if i in skipped:
            status = "skipped"
        elif i == now:
            status = "now"
        elif i in done or (now >= 0 and i < now):
            status = "done"
        else:
            status = "todo"
        steps.append(Step(symbol, status))
    return card_id, steps


def steps_for(question: Any) -> tuple[str | None, list[Step]]:
    if question is None:
        return None, []
    return card_steps(dict(question.params))
