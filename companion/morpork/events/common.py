"""What every random event shares: the context it runs in, the die roll that picks an area, the
names used in narration, forced choices, and the two ways an event can end the game.

An event is a generator (see ``companion.core.procedure``) that mutates the working state and yields
Questions. Everything here is small on purpose: the events read like the rulebook's last page.
"""
from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

from companion.morpork.actions import end_game_on_draw_pile
from companion.morpork.board import AREA_BY_ID, area_for_roll
from companion.morpork.catalog import display_name
from companion.core.procedure import Narrator, Question, choice_question, roll_question
from companion.morpork.scoring import final_score
from companion.morpork.state import GameOver, State

EventSteps = Generator[Question, str, None]
"""The type of an event body: yields Questions, receives answers (strings), returns nothing."""


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


def roll_for_area(narrator: Narrator, ctx: EventContext, roller: str | None = None,
                  purpose: str = "") -> Generator[Question, str, str]:
    """Ask for one d12 roll and return the area it picks; the roll is narrated with its area."""
    who = roller or ctx.active
    what = f" {purpose}" if purpose else ""
    answer = yield roll_question("event.roll", f"{who}: roll the die for {ctx.event_name}{what}", who,
                                 event=ctx.event)
    area = area_for_roll(int(answer))
    narrator.say("event.rolled", f"{who} rolls {answer}: {area_name(area)}", area, player=who,
                 face=answer, event=ctx.event)
    return area


def choose(question: Question) -> Generator[Question, str, str]:
    """Ask ``question`` unless it has a single option: a forced choice is made, not asked, so the
    table is never made to confirm what the rules leave no room for."""
    if len(question.options) == 1:
        return question.options[0]
    answer = yield question
    return answer


def ask(key: str, text: str, player: str, options: Sequence[str], **params: str) -> Generator[Question, str, str]:
    """A player's choice among ``options`` (asked only when there is a real choice)."""
    answer = yield from choose(choice_question(key, text, player, list(options), unavailable=None, private=False,
                                               **params))
    return answer


# -- the end of the game --------------------------------------------------------------------------

def end_on_points(state: State, reason: str) -> None:
    """The game ends and is scored on points (Riots: Vimes does not win by it, only on points)."""
    state.game_over = GameOver(reason=reason, winners=list(final_score(state).winners))


def end_on_draw_pile(state: State) -> None:
    """The draw pile is empty (ruling 9: also when Fog discarded the last card): Commander Vimes
    wins if he is in play, otherwise the most points — the one rule ``actions`` keeps for every way
    the last card can leave the pile."""
    end_game_on_draw_pile(state)
