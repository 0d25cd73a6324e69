"""The twelve random events, resolved from die rolls and the players' answers (issue 3).

``resolve_event`` is a procedure body (see ``companion.core.procedure``): use it with ``yield from``
inside a turn, or through ``event_procedure`` with ``procedure.run``. It takes the event card out of
``state.event_deck`` (each event happens once per game), narrates what happens, and yields a
Question whenever it needs a die roll or a player's choice. The event and each face rolled for it
are recorded in ``state.under_way`` (``companion.morpork.progress``) for the screens.
One module per event or family:

- ``buildings`` — Explosion, Earthquake, Fire, Subsidence
- ``dragon`` — The Dragon;  ``flood`` — Flood;  ``murders`` — Mysterious Murders
- ``arrivals`` — Demons from the Dungeon Dimensions, Trolls
- ``city`` — Riots, Bloody Stupid Johnson;  ``fog`` — Fog (asks for the five cards it discards)
- ``small_gods`` — Small Gods protection (ruling 5);  ``interrupts`` — Susan, Igor, Fresh Start
  Club against a removal (ruling 6);  ``removal`` — both, in front of every removal.

A choice with a single legal option is made, not asked (a forced move, the only piece to murder).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.morpork.catalog import EVENT_IDS
from companion.core.errors import RuleViolation
from companion.morpork.events.arrivals import demons, trolls
from companion.morpork.events.buildings import earthquake, explosion, fire, subsidence
from companion.morpork.events.city import bloody_stupid_johnson, riots
from companion.morpork.events.common import EventContext
from companion.morpork.steps import Steps
from companion.morpork.events.dragon import the_dragon
from companion.morpork.events.flood import flood
from companion.morpork.events.fog import fog
from companion.morpork.events.interrupts import InterruptOutcome, offer_removal_interrupt
from companion.morpork.events.murders import mysterious_murders
from companion.morpork.events.small_gods import offer_small_gods, offer_small_gods_for_arrival, small_gods_holder
from companion.core.procedure import Narrator
from companion.morpork.progress import resolve_watched
from companion.morpork.state import State

__all__ = [
    "EVENTS", "EventContext", "InterruptOutcome", "event_procedure", "offer_removal_interrupt",
    "offer_small_gods", "offer_small_gods_for_arrival", "resolve_event", "small_gods_holder",
]

EventBody = Callable[[State, Narrator, EventContext], Steps]

EVENTS: dict[str, EventBody] = {
    "the-dragon": the_dragon,
    "flood": flood,
    "fire": fire,
    "fog": fog,
    "riots": riots,
    "explosion": explosion,
    "mysterious-murders": mysterious_murders,
    "demons-from-the-dungeon-dimensions": demons,
    "subsidence": subsidence,
    "bloody-stupid-johnson": bloody_stupid_johnson,
    "trolls": trolls,
    "earthquake": earthquake,
}

PROCEDURE_NAME = "event"
"""The ``Pending.name`` under which a saved game records an event in progress."""

DRAWN = "event.drawn"
"""The line every event begins with ("random event: Flood"), its ``event`` param the event's id: a
screen shows an event's lines from it on."""


def check_event(state: State, event_id: str, active_player: str) -> None:
    """Raise ``RuleViolation`` unless ``event_id`` can be resolved now for ``active_player``."""
    if event_id not in EVENTS:
        raise RuleViolation("event.unknown", f"unknown random event {event_id!r}; expected one of {', '.join(EVENT_IDS)}")
    if state.game_over is not None:
        raise RuleViolation("game.over", f"the game is over ({state.game_over.reason}); no more events")
    if not state.has_player(active_player):
        raise RuleViolation("player.unknown", f"{active_player!r} is not playing; the players are {state.colors!r}")
    if event_id not in state.event_deck:
        raise RuleViolation("event.used", f"{event_id!r} is not in the event deck any more (each event happens once)")


def resolve_event(state: State, narrator: Narrator, event_id: str, active_player: str, *,
                  ask_interrupts: bool = False, in_play: Sequence[str] = ()) -> Steps:
    """Resolve one random event drawn by ``active_player`` on the working ``state``.

    Raises ``RuleViolation`` (before asking anything) for an unknown event, one no longer in the
    event deck, an unknown player or a finished game. Riots and Fog may end the game
    (``state.game_over``). ``in_play``: the cards lying on the table in the turn that drew the event
    (Fog does not offer them as cards it turns over).
    """
    check_event(state, event_id, active_player)
    state.event_deck.remove(event_id)
    ctx = EventContext(event_id, active_player, ask_interrupts, tuple(in_play))
    narrator.say(DRAWN, f"random event: {ctx.event_name}", event=event_id, player=active_player)
    record = state.under_way.start_event(event_id, active_player)
    yield from resolve_watched(record, EVENTS[event_id](state, narrator, ctx))


def event_procedure(state: State, narrator: Narrator, args: Mapping[str, Any]) -> Steps:
    """The factory form for ``procedure.run``: ``args`` = {"event": id, "active": colour (default:
    the state's active player), "ask_interrupts": bool (default False)}."""
    yield from resolve_event(state, narrator, str(args["event"]), str(args.get("active") or state.active_player),
                             ask_interrupts=bool(args.get("ask_interrupts", False)))
