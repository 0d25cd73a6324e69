"""Interrupt windows against the removal of a minion (ruling 6): Susan, Igor, Fresh Start Club.

Before a player's minion is removed by a random event (or, for the cards, by another player's
card), that player may play an interrupt card from their hand:

- **Susan** — the minion stays where it is;
- **Igor**, **Fresh Start Club** — the minion goes to a different area instead, placed by the
  normal placement rule (an area with one of their minions or next to one; anywhere when they have
  none left on the board), which its owner picks from the offered areas.

The window is a question to the victim with the options ``none`` plus the interrupt cards they might
hold: the engine does not know a hand's contents, only its size, so a card is left out only when it
cannot be in any hand (it lies on the discard pile) or the victim has no playable card. The played
card goes to the discard pile and the hand shrinks by one. Gaspode is not offered here: it protects
only against other players' cards (the cards code adds it to its own windows).

This module knows nothing about events, so the cards (issue 4) reuse it as it is.
"""
from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

from companion.morpork.actions import minion_placement_areas
from companion.morpork.board import AREA_BY_ID
from companion.morpork.pieces import place_piece, remove_piece
from companion.core.procedure import Narrator, Question, choice_question
from companion.morpork.state import State

NONE = "none"
SUSAN = "susan"
IGOR = "igor"
FRESH_START_CLUB = "fresh-start-club"
EVENT_INTERRUPTS: tuple[str, ...] = (SUSAN, IGOR, FRESH_START_CLUB)
"""The interrupt cards that work against random events, in the order they are offered."""
RELOCATING: tuple[str, ...] = (IGOR, FRESH_START_CLUB)

STAYS = "stays"
RELOCATED = "relocated"
NOT_PLAYED = "none"


@dataclass(frozen=True)
class InterruptOutcome:
    """What the window led to.

    ``result`` is ``none`` (no card played: the caller removes the minion as planned), ``stays``
    (Susan: the caller must leave it) or ``relocated`` (Igor / Fresh Start Club: the minion has
    already been moved from the area to ``target``).
    """

    result: str = NOT_PLAYED
    card: str | None = None
    target: str | None = None

    @property
    def minion_left_area(self) -> bool:
        """True when the minion is no longer in the area (only after a relocation)."""
        return self.result == RELOCATED

    @property
    def prevented_removal(self) -> bool:
        """True when the caller must not remove the minion (it stayed or was already moved)."""
        return self.result != NOT_PLAYED


def _name(area: str) -> str:
    return AREA_BY_ID[area].name("en")


def playable_interrupts(state: State, victim: str, among: Sequence[str] = EVENT_INTERRUPTS) -> list[str]:
    """The interrupt cards in ``among`` that ``victim`` might play now: none with no playable card
    in hand (stuck cards cannot be played), never one already on the discard pile."""
    player = state.player(victim)
    if player.hand - len(player.stuck_cards) <= 0:
        return []
    return [card for card in among if card not in state.discard_pile]


def offer_removal_interrupt(state: State, narrator: Narrator, victim: str, area: str, piece: str, *,
                            ask: bool, cause: str = "a random event",
                            among: Sequence[str] = EVENT_INTERRUPTS) -> Generator[Question, str, InterruptOutcome]:
    """Offer ``victim`` the window before their ``piece`` (their minion) is removed from ``area``.

    Asks nothing when ``ask`` is False (the ``event`` command without ``--ask-interrupts``), when the
    piece is not ``victim``'s minion, or when no card can be offered. ``cause`` names what removes
    the minion, for the question text. A relocation asks the owner where the minion goes (a forced
    single option is not asked).
    """
    if not ask or piece != victim or state.areas[area].minion_count(victim) == 0:
        return InterruptOutcome()
    offered = playable_interrupts(state, victim, among)
    if not offered:
        return InterruptOutcome()
    answer = yield choice_question(
        "interrupt.event-window", f"{victim}: play an interrupt card before {cause} removes your minion in {_name(area)}?",
        victim, [NONE, *offered], area=area, cause=cause)
    if answer == NONE:
        return InterruptOutcome()
    play_interrupt_card(state, narrator, victim, answer)
    if answer in RELOCATING:
        target = yield from relocate_minion(state, narrator, victim, area, answer)
        return InterruptOutcome(RELOCATED, answer, target)
    narrator.say("interrupt.minion-stays", f"{victim}'s minion stays in {_name(area)}", area, player=victim, card=answer)
    return InterruptOutcome(STAYS, answer)


def play_interrupt_card(state: State, narrator: Narrator, color: str, card: str) -> None:
    """``color`` plays ``card`` from their hand: it goes onto the discard pile."""
    player = state.player(color)
    player.hand = max(0, player.hand - 1)
    state.discard_pile.append(card)
    narrator.say("interrupt.played", f"{color} plays {card}", player=color, card=card)


def relocation_areas(state: State, victim: str, area: str) -> list[str]:
    """Where a minion leaving ``area`` may go instead: the normal placement rule, judged without the
    minion (it has left), and never ``area`` itself."""
    return [a for a in minion_placement_areas(state, victim, from_area=area) if a != area]


def relocate_minion(state: State, narrator: Narrator, victim: str, area: str,
                    card: str) -> Generator[Question, str, str]:
    """Igor / Fresh Start Club: move ``victim``'s minion from ``area`` to an area its owner picks."""
    options = relocation_areas(state, victim, area)
    if len(options) == 1:
        target = options[0]
    else:
        target = yield choice_question("interrupt.relocate", f"{victim}: where does your minion from {_name(area)} go instead?",
                                       victim, options, area=area, card=card)
    remove_piece(state, area, victim)
    place_piece(state, target, victim)
    narrator.say("interrupt.relocated", f"{victim}'s minion goes from {_name(area)} to {_name(target)} instead", target,
                 player=victim, source=area, target=target, card=card)
    return target
