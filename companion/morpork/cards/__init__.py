"""The 101 player cards' texts (the scroll symbol), by effect family.

Each family module exports ``EFFECTS: dict[card_id, effect]``; an effect is a generator
``effect(state, narrator, ctx)`` like a procedure body (see ``companion.morpork.cards.common``). Cards without
a scroll have no entry. ``SCROLL_EFFECTS`` merges the families; a test checks it covers exactly the
cards whose symbols include ``S``. A text that can find nothing to act on also lists why
(``NO_TARGET``); :func:`no_target` is the one rule that then skips it instead of asking "do / skip".
"""
from __future__ import annotations

from companion.core.procedure import Reason
from companion.morpork.cards import buildings, hands, minions, money, other
from companion.morpork.cards.common import Effect, NoTarget, TurnContext
from companion.morpork.revisions import TEXTS_WITHOUT_TARGET_SKIPPED
from companion.morpork.state import State

SCROLL_EFFECTS: dict[str, Effect] = {
    **money.EFFECTS,
    **hands.EFFECTS,
    **minions.EFFECTS,
    **buildings.EFFECTS,
    **other.EFFECTS,
}

SCROLL_NO_TARGET: dict[str, NoTarget] = {
    **money.NO_TARGET,
    **hands.NO_TARGET,
    **minions.NO_TARGET,
    **other.NO_TARGET,
}
"""For the texts that can find nothing to act on: why they have no legal target now."""


def no_target(state: State, ctx: TurnContext, card: str) -> Reason | None:
    """The one rule for a card's text with no legal target: why ``card``'s text can do nothing now,
    so that it is skipped with that reason like a symbol (``turn.scroll_steps``; asked with "do"
    greyed by it while a City Area power, which may give it a target, can be used), or ``None``.
    From rules revision 3; a game of an older revision asks "do / skip" for every text, as it did."""
    if state.revision < TEXTS_WITHOUT_TARGET_SKIPPED:
        return None
    check = SCROLL_NO_TARGET.get(card)
    return None if check is None else check(state, ctx)
