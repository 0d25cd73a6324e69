"""Which player cards the companion knows to be out of the hands and the draw pile.

The companion never sees the hands or the draw pile; it only knows the public cards: the discard
pile, loans lying in front of a player, cards stuck in a hand (The Fools' Guild, Dr Whiteface), the
two cards a two-player game leaves in the box, and the cards being played on the table. Every
question that asks the table to name a hidden card (a card played or discarded from a hand, a card
Fog turns up from the draw pile) offers the cards *not* in this set. It lives apart from
``companion.morpork.cards`` and ``companion.morpork.events`` because both need it and ``companion.morpork.cards`` already
imports from ``companion.morpork.events``.
"""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol

from companion.morpork.catalog import CARD_BY_ID, CARD_IDS, CARDS, TWO_PLAYER_REMOVED_CARDS
from companion.morpork.state import State


class CardsInPlay(Protocol):
    """Anything that knows the cards lying on the table mid-turn (``companion.morpork.cards.common.TurnContext``)."""

    @property
    def in_play(self) -> Sequence[str]: ...


def known_elsewhere(state: State, ctx: CardsInPlay | None = None) -> set[str]:
    """Cards that are certainly in no hand as a free card and not in the draw pile: discarded, lent,
    stuck in a hand, out of a two-player game, or on the table being played."""
    known = set(public_cards(state))
    if ctx is not None:
        known.update(ctx.in_play)
    return known


def is_known_elsewhere(state: State, card: str, ctx: CardsInPlay | None = None) -> bool:
    """Whether ``card`` is in :func:`known_elsewhere` (without building the set)."""
    return card in public_cards(state) or (ctx is not None and card in ctx.in_play)


def _answers(state: State) -> dict[Hashable, object]:
    """The answers ``state.cards_memo`` holds for ``state``'s public cards.

    When the only change since they were read is cards put on the discard pile, they are brought
    up to date instead of forgotten: those cards join the public set and leave the lists of unseen
    cards with nothing in play (a removal from a tuple keeps catalogue order), which is what reading
    them again would give (``invariants.kept_count_problems`` checks it); the lists with cards in play
    are dropped, to be worked out again from those when asked (one removal each): the memo gathers
    one per card put on the table, and keeping each up to date at every discard scanned the deck
    for every one of them. Anything else forgets them all."""
    memo = state.cards_memo
    if memo.holds(state):
        return memo.values
    added = memo.discards_since(state)
    values = memo.values
    public = values.get(_PUBLIC)
    if added is None or not isinstance(public, frozenset):
        return memo.reset(state)
    fresh = [card for card in dict.fromkeys(added) if card not in public]
    if fresh:
        values[_PUBLIC] = public.union(fresh)
        for key, cards in list(values.items()):
            if isinstance(key, tuple) and isinstance(cards, tuple):
                if key and key[-1] != ():  # with cards in play: worked out again from its base if asked
                    del values[key]
                else:
                    values[key] = _without(cards, fresh)
    memo.follow(state)
    return values


def _without(cards: tuple[str, ...], gone: Sequence[str]) -> tuple[str, ...]:
    """``cards`` less ``gone``, order kept (each found by ``index``: no Python loop over the deck)."""
    for card in gone:
        if card in cards:
            i = cards.index(card)
            cards = cards[:i] + cards[i + 1:]
    return cards


def public_cards(state: State) -> frozenset[str]:
    """The part of :func:`known_elsewhere` the table shows (every card but those being played),
    remembered in ``state.cards_memo`` while the discard pile, loans and stuck cards are unchanged."""
    memo = _answers(state)
    found = memo.get(_PUBLIC)
    if found is None:
        found = memo[_PUBLIC] = public_cards_now(state)
    assert isinstance(found, frozenset)
    return found


def public_cards_now(state: State) -> frozenset[str]:
    """:func:`public_cards` read from the table itself (the rule)."""
    known = set(state.discard_pile)
    for p in state.players:
        known.update(p.loans)
        known.update(p.stuck_cards)
    if len(state.players) == 2:
        known.update(TWO_PLAYER_REMOVED_CARDS)
    return frozenset(known)


def unseen_cards(state: State, ctx: CardsInPlay | None = None) -> list[str]:
    """Card ids, in catalogue order, that may be in a hand or in the draw pile (remembered like
    :func:`public_cards`, for each set of cards being played: asked several times per input)."""
    return list(unseen_tuple(state, ctx))


def unseen_tuple(state: State, ctx: CardsInPlay | None = None) -> tuple[str, ...]:
    """:func:`unseen_cards` as the remembered tuple itself: the same object for as long as the
    answer holds, so a caller may remember what it derives from it by its identity."""
    memo = _answers(state)
    in_play = tuple(ctx.in_play) if ctx is not None else ()
    found = memo.get(in_play)
    if found is None:
        if in_play:  # the cards seen without a card in play, less those in play
            found = memo[in_play] = _without(_unseen(state, memo), in_play)
        else:
            found = _unseen(state, memo)
    assert isinstance(found, tuple)
    return found


def unseen_less(state: State, ctx: CardsInPlay | None, left_out: frozenset[str]) -> tuple[str, ...]:
    """:func:`unseen_tuple` less the cards ``left_out`` (a fixed set: the interrupt-only cards, for
    a card to play as a turn's card), remembered in the memo like it under ``(left_out, in_play)``.

    Worked out once per reading of the public cards (from the answer with nothing in play, less
    the cards in play) and then kept up to date with the other answers as cards are discarded
    (:func:`_answers`): filtering the catalogue again for each turn's first card offered was
    5 % of a simulated game's bytecodes."""
    memo = _answers(state)
    in_play = tuple(ctx.in_play) if ctx is not None else ()
    key = (left_out, in_play)
    found = memo.get(key)
    if found is None:
        base = memo.get((left_out, ()))
        if base is None:
            base = memo[(left_out, ())] = tuple([c for c in _unseen(state, memo) if c not in left_out])
        assert isinstance(base, tuple)
        found = memo[key] = _without(base, in_play) if in_play else base
    assert isinstance(found, tuple)
    return found


def remembered_now(public: frozenset[str], key: Hashable) -> object:
    """What the memo's answer under ``key`` is worth for the public cards ``public``, worked out
    afresh (``companion.morpork.invariants`` compares each remembered answer with it): the public
    cards themselves, the unseen cards with the cards ``key`` names in play, or those less a set
    left out (:func:`unseen_less`)."""
    if isinstance(key, tuple):
        if len(key) == 2 and isinstance(key[0], frozenset):
            left_out, in_play = key
            return tuple([c for c in unseen_among(public, in_play) if c not in left_out])
        return unseen_among(public, key)
    return public


def _unseen(state: State, memo: dict[Hashable, object]) -> tuple[str, ...]:
    """The unseen cards with nothing in play, remembered under the empty tuple."""
    found = memo.get(())
    if found is None:
        found = memo[()] = unseen_among(public_cards(state), ())
    assert isinstance(found, tuple)
    return found


def unseen_among(public: frozenset[str], in_play: Sequence[str]) -> tuple[str, ...]:
    """The cards, in catalogue order, neither ``public`` nor ``in_play``."""
    known = public.union(in_play)
    return tuple([c for c in CARD_IDS if c not in known])


_PUBLIC = "public"
"""The memo's key for :func:`public_cards` (the others are tuples of cards in play)."""


GREEN_CARDS = sum(1 for card in CARDS if card.border == "green")
"""The green-bordered deck, dealt and drawn before any brown-bordered card."""


def cards_drawn(state: State) -> int:
    """Player cards taken from the deck so far (dealt or drawn): the deck less the draw pile."""
    removed = len(TWO_PLAYER_REMOVED_CARDS) if len(state.players) == 2 else 0
    return len(CARDS) - removed - state.draw_pile


def brown_deck_reached(state: State) -> bool:
    """Whether a brown-bordered card can have been drawn: more cards drawn than the green deck holds."""
    return cards_drawn(state) > GREEN_CARDS


def may_be_in_a_hand(state: State, card: str) -> bool:
    """Whether the deck's order allows ``card`` in a hand now (brown cards wait under the green deck)."""
    return CARD_BY_ID[card].border != "brown" or brown_deck_reached(state)
