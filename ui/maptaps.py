"""Which answer a tap on the map gives: the map offers the current question's areas and pieces, and
a tap becomes one of the question's own options or nothing. No legality is decided here — the
engine lists the legal options (``question.options``) and the refused ones with their reasons
(``question.unavailable``); this module only matches a tapped area or chip against those lists.

Kept free of Kivy so the matching can be tested on its own.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.procedure import Reason
from companion.morpork.board import AREA_BY_ID


def area_of(option: str) -> str | None:
    """The area an option names: ``the-shades`` and ``the-shades/blue`` (a piece there) both name
    The Shades; any other option (a card, ``skip``, ``power:the-shades``) names none on the map."""
    area, _, _piece = option.partition("/")
    return area if area in AREA_BY_ID else None


def map_options(question: Any) -> tuple[list[str], dict[str, Reason]]:
    """The options of a question that the map can show: legal ones, and refused ones with reasons.
    A private question shows nothing (the map is for everyone at the table)."""
    if question is None or question.kind != "choice" or question.private:
        return [], {}
    legal = [o for o in question.options if area_of(o) is not None]
    illegal = {o: r for o, r in question.unavailable if area_of(o) is not None}
    return legal, illegal


@dataclass(frozen=True)
class TapResult:
    """What a tap means: an ``answer`` (one of the question's options), or the ``reason`` the tapped
    thing is refused, or several legal ``choices`` in that area (tap one of the ringed chips)."""

    answer: str | None = None
    reason: Reason | None = None
    choices: tuple[str, ...] = ()


def answer_for_tap(question: Any, area: str, piece: str | None = None) -> TapResult:
    """Match a tap on ``area`` (on the chip of ``piece`` there, if any) against the question.

    A chip that is itself an option answers it. Otherwise the area answers when it is an option, or
    its one legal piece does; with several legal pieces there the player taps the chip."""
    legal, illegal = map_options(question)
    if piece is not None:
        option = f"{area}/{piece}"
        if option in legal:
            return TapResult(answer=option)
        if option in illegal:
            return TapResult(reason=illegal[option])
    if area in legal:
        return TapResult(answer=area)
    pieces = tuple(o for o in legal if "/" in o and area_of(o) == area)
    if len(pieces) == 1:
        return TapResult(answer=pieces[0])
    if pieces:
        return TapResult(choices=pieces)
    if area in illegal:
        return TapResult(reason=illegal[area])
    refused = [r for o, r in illegal.items() if area_of(o) == area]
    return TapResult(reason=refused[0]) if refused else TapResult()
