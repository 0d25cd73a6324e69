"""What every random event shares: the context it runs in, its die roll that picks an area, and the
names used in narration.

An event is a generator (see ``companion.core.procedure``) written in the steps of
``companion.morpork.steps`` (ask, roll for an area, game over), like a card's text. Everything here
is small on purpose: the events read like the rulebook's last page.
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from companion.morpork.board import AREA_BY_ID
from companion.morpork.catalog import display_name
from companion.core.procedure import Narrator, Question
from companion.morpork.steps import roll_for_area


@dataclass(frozen=True)
class EventContext:
    """Who is resolving which event, and whether interrupt windows are offered.

    ``ask_interrupts`` is off for the ``event`` command by default (the contract: "the command skips
    it unless asked") and on in a game, where the app shows the window. ``in_play`` lists the cards
    being played in the turn that drew the event (Fog must not offer them as cards of the draw pile).
    """

    event: str
    active: str
    ask_interrupts: bool = False
    in_play: tuple[str, ...] = ()
    """Cards on the table in the turn that drew the event: known to be in no pile (Fog)."""

    @property
    def event_name(self) -> str:
        return display_name("event", self.event)


def area_name(area: str) -> str:
    """The English name for narration (translations use the ``area`` param, not this text)."""
    return AREA_BY_ID[area].name("en")


def roll_event_area(narrator: Narrator, ctx: EventContext, roller: str | None = None,
                    purpose: str = "") -> Generator[Question, str, str]:
    """Ask for one d12 roll for the event and return the area it picks; the roll is narrated with its area."""
    who = roller or ctx.active
    what = f" {purpose}" if purpose else ""
    face, area = yield from roll_for_area("event.roll", f"{who}: roll the die for {ctx.event_name}{what}", who,
                                          event=ctx.event)
    narrator.say("event.rolled", f"{who} rolls {face}: {area_name(area)}", area, player=who,
                 face=str(face), event=ctx.event)
    return area
