"""The 101 player cards' texts (the scroll symbol), by effect family.

Each family module exports ``EFFECTS: dict[card_id, effect]``; an effect is a generator
``effect(state, narrator, ctx)`` like a procedure body (see ``companion.morpork.cards.common``). Cards without
a scroll have no entry. ``SCROLL_EFFECTS`` merges the families; a test checks it covers exactly the
cards whose symbols include ``S``.
"""
from __future__ import annotations

from companion.morpork.cards import buildings, hands, minions, money, other
from companion.morpork.cards.common import Effect

SCROLL_EFFECTS: dict[str, Effect] = {
    **money.EFFECTS,
    **hands.EFFECTS,
    **minions.EFFECTS,
    **buildings.EFFECTS,
    **other.EFFECTS,
}
