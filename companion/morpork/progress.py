"""What is being played and resolved now: the card on the table with the status of each of its
symbols, and the random event with the face rolled for it.

The procedures that know it record it in the working state as they go (``state.under_way``): the
turn when a card is put down and each symbol is taken (:func:`take_symbol`), the event when it is
drawn and each time the die is rolled for it (:func:`resolve_watched`). Because it lives in the
state, replaying a journal rebuilds it exactly, and the mode publishes it
(``AnkhMorporkMode.progress``) so that no screen has to work it out from question keys or
narration.

A symbol is ``to-come``, ``now``, ``done`` or ``skipped`` (with a :class:`Reason`): declined by its
player (``skip`` to one of the symbol's own questions), impossible (the symbol ended without asking
anything of its own: nowhere to place, nobody to assassinate, no event card left — a question that
offered only ``skip`` and the City Area powers, and the powers' own questions, do not count), or never reached because the
turn or the game ended first. A finished event stays recorded (``over``) until the next card is put
down or the next event is drawn, so the events screen can still show how it ended; until the next
answer it is also ``just_over`` (:func:`watch_answers`): the table is still looking at its result,
and a game resumed there shows it again instead of the turn the answer moved on to.
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, TypeVar

from companion.core.procedure import Question, Reason

if TYPE_CHECKING:
    from companion.morpork.state import State

TO_COME: Final = "to-come"
NOW: Final = "now"
DONE: Final = "done"
SKIPPED: Final = "skipped"

SKIP_ANSWER: Final = "skip"
"""The answer that declines an optional symbol (``companion.morpork.cards.common.SKIP``)."""

POWER_OPTION: Final = "power:"
"""How a City Area power is offered as an option (``power:<area>``; ``cards.powers.POWER_PREFIX`` is this)."""


def for_powers_only(question: Question) -> bool:
    """A question that asks nothing of a symbol: a City Area power's own (``power.*``), or one that
    offers only ``skip`` and the powers (rules revision 3 asks it of a symbol with nothing to do,
    ``cards.symbols._power_first``). Taking a symbol through such questions alone is not doing it,
    nor is ``skip`` to them declining it: the symbol had nothing to do."""
    return question.key.startswith("power.") or only_skip_and_powers(question)


def only_skip_and_powers(question: Question) -> bool:
    """A symbol's question that offers ``skip`` and City Area powers alone: the symbol has no legal
    option now and is asked only because a power may give it one (``cards.symbols._power_first``).
    The screen words it by its own form, which says so (``ui.i18n.Translator.question``)."""
    # a loop rather than all() over a generator: asked of each answer a card's symbol takes, most
    # often of a card question whose first option already answers it
    for option in question.options:
        if option != SKIP_ANSWER and not option.startswith(POWER_OPTION):
            return False
    return True

R = TypeVar("R")


@dataclass
class CardUnderWay:
    """A card on the table whose symbols are being taken: one status (and reason, when skipped)
    per printed symbol, and the face last rolled for its text (Here'n'Now, CMOT Dibbler, Carcer…)."""

    card: str
    player: str
    symbols: tuple[str, ...]
    statuses: list[str]
    why: list[Reason | None]
    face: int | None = None

    def copy(self) -> CardUnderWay:
        return CardUnderWay(self.card, self.player, self.symbols, list(self.statuses), list(self.why), self.face)

    def mark(self, index: int, status: str, why: Reason | None = None) -> None:
        self.statuses[index] = status
        self.why[index] = why

    @property
    def current(self) -> str | None:
        """The symbol being taken now, if any."""
        for symbol, status in zip(self.symbols, self.statuses):
            if status == NOW:
                return symbol
        return None


@dataclass
class EventUnderWay:
    """The random event drawn last: who drew it, the face last rolled for it, whether it is over,
    and whether it ended with the latest answer (nothing has been answered since)."""

    event: str
    player: str
    face: int | None = None
    over: bool = False
    just_over: bool = False

    def copy(self) -> EventUnderWay:
        return EventUnderWay(self.event, self.player, self.face, self.over, self.just_over)


@dataclass
class UnderWay:
    """The cards being played (outermost first: Drumknott, then the card it let one play) and the
    random event drawn last."""

    cards: list[CardUnderWay] = field(default_factory=list)
    event: EventUnderWay | None = None

    def copy(self) -> UnderWay:
        return UnderWay([c.copy() for c in self.cards], None if self.event is None else self.event.copy())

    @property
    def event_running(self) -> bool:
        return self.event is not None and not self.event.over

    # -- cards ---------------------------------------------------------------------------------
    def start_card(self, card: str, player: str, symbols: tuple[str, ...]) -> CardUnderWay:
        """``card`` is put down: every symbol to come. The event an earlier card drew is history now."""
        record = CardUnderWay(card, player, symbols, [TO_COME] * len(symbols), [None] * len(symbols))
        self.cards.append(record)
        if self.event is not None and self.event.over:
            self.event = None
        return record

    def finish_card(self, record: CardUnderWay) -> None:
        """The card leaves the table (discarded, lent, back to a hand)."""
        self.cards.remove(record)

    # -- events --------------------------------------------------------------------------------
    def start_event(self, event: str, player: str) -> EventUnderWay:
        self.event = EventUnderWay(event, player)
        return self.event

    def answered(self) -> None:
        """An answer came: an event that had ended is no longer what the table just saw end."""
        if self.event is not None:
            self.event.just_over = False


# -- why a symbol was skipped ------------------------------------------------------------------

def declined(player: str) -> Reason:
    return Reason("skipped.declined", f"{player} chose to skip it", (("player", player),))


NOTHING_TO_DO: Final[dict[str, tuple[str, str]]] = {
    "M": ("skipped.no-minion-place", "{player} cannot place a minion"),
    "B": ("skipped.no-building-place", "{player} cannot build anywhere now"),
    "A": ("skipped.nobody-to-assassinate", "{player} has nobody to assassinate"),
    "T": ("skipped.no-trouble-marker", "there is no trouble marker to remove"),
    "E": ("skipped.no-event-card", "no random event card is left"),
}
"""The symbols that can end without a question, and why (the rule left nothing to choose)."""


def nothing_to_do(symbol: str, player: str) -> Reason:
    key, text = NOTHING_TO_DO[symbol]
    return Reason(key, text.format(player=player), (("player", player),))


def turn_over(player: str, game_over: bool) -> Reason:
    if game_over:
        return Reason("skipped.game-over", "the game ended first")
    return Reason("skipped.turn-over", f"{player}'s turn ended first", (("player", player),))


# -- watching a procedure ----------------------------------------------------------------------

def take_symbol(under_way: UnderWay, record: CardUnderWay, index: int,
                steps: Generator[Question, str, R]) -> Generator[Question, str, R]:
    """Run one symbol's steps, passing every question and answer through, and record how it went:
    ``now`` while it runs; then ``skipped`` when its player declined it or it asked nothing (see
    :data:`NOTHING_TO_DO`; a card's text that had no legal target ends by returning the
    :class:`Reason`, ``companion.morpork.turn.scroll_steps``), else ``done``. A roll answered while no event is under way and this
    card is the innermost one is the card's own roll: its face is recorded on the card."""
    symbol = record.symbols[index]
    record.mark(index, NOW)
    asked = False
    skipped = False
    try:
        question = next(steps)
    except StopIteration as end:
        result: R = end.value
    else:
        while True:
            answer = yield question
            # once the symbol has asked, only a "skip" can change what is recorded: the look at
            # the question is left out for the other answers (a card's symbol may take several)
            if (not asked or answer == SKIP_ANSWER) and not for_powers_only(question):
                asked = True
                if answer == SKIP_ANSWER and question.key.startswith("symbol.") \
                        and dict(question.params).get("card") == record.card:
                    skipped = True
            if question.kind == "roll" and not under_way.event_running and under_way.cards \
                    and under_way.cards[-1] is record:
                record.face = int(answer)
            try:
                question = steps.send(answer)
            except StopIteration as end:
                result = end.value
                break
    if skipped:
        record.mark(index, SKIPPED, declined(record.player))
    elif not asked and isinstance(result, Reason):
        record.mark(index, SKIPPED, result)
    elif not asked and symbol in NOTHING_TO_DO:
        record.mark(index, SKIPPED, nothing_to_do(symbol, record.player))
    else:
        record.mark(index, DONE)
    return result


def resolve_watched(record: EventUnderWay, steps: Generator[Question, str, R]) -> Generator[Question, str, R]:
    """Run an event's steps and record the face of every roll made for it; the event is ``over``
    (and ``just_over``) when they end."""
    try:
        question = next(steps)
    except StopIteration as end:
        record.over = record.just_over = True
        result: R = end.value
        return result
    while True:
        answer = yield question
        if question.kind == "roll":
            record.face = int(answer)
        try:
            question = steps.send(answer)
        except StopIteration as end:
            record.over = record.just_over = True
            result = end.value
            return result


def watch_answers(state: State, steps: Generator[Question, str, R]) -> Generator[Question, str, R]:
    """Run a procedure (a turn), telling ``state.under_way`` of each answer before the procedure
    takes it (:meth:`UnderWay.answered`): an event that ended with one answer stays ``just_over``
    until the next, also across the end of the turn (the next turn starts from this state)."""
    try:
        question = next(steps)
    except StopIteration as end:
        result: R = end.value
        return result
    while True:
        answer = yield question
        state.under_way.answered()
        try:
            question = steps.send(answer)
        except StopIteration as end:
            result = end.value
            return result
