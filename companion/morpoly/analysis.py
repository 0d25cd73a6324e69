"""What ``ankh-companion analyse`` says about an Ankh-Morpoly position (``ankh-morpoly-state/1``):
each party's net worth, the standings once the game is over (``game_end.standings``: what the
game-over screen lists), and the exposure view of §8.1 — for every active FSU, how many squares its
holder token still has to go before it comes past the square that ends it (``fsu.squares_to_expiry``).
"""
from __future__ import annotations

from typing import Any

from companion.morpoly.editions import load_edition
from companion.morpoly.fsu import squares_to_expiry
from companion.morpoly.game_end import ending
from companion.morpoly.money import net_worth
from companion.morpoly.settle import COVER_WORDS
from companion.morpoly.state import State


def analyse_position(state: State) -> dict[str, Any]:
    """The ``analyse`` document of an Ankh-Morpoly position."""
    edition = load_edition(state.edition)
    squares = {t.id: t.square for t in state.tokens}
    ended = ending(state, edition)
    return {
        "format": "ankh-morpoly-state/1",
        "parties": {
            p.id: {"boss": p.boss, "tokens": list(p.tokens), "guilds": list(p.guilds), "cash": p.cash,
                   "net_worth": net_worth(state, edition, p.id)}
            for p in state.parties
        },
        "fsus": [
            {"id": f.fsu_id, "insurer": f.insurer, "beneficiary": f.beneficiary, "holder_token": f.holder_token,
             "square": f.square, "name": edition.squares[f.square].name, "premium": f.premium,
             "claim": 3 * f.premium, "covers": sorted(c.value for c in f.covers),
             "covers_in_words": sorted(COVER_WORDS[c] for c in f.covers),
             "holder_square": squares.get(f.holder_token),
             "squares_to_expiry": (squares_to_expiry(f, squares[f.holder_token])
                                   if f.holder_token in squares else None)}
            for f in state.ledger.active()
        ],
        "game_over": None if state.game_over is None else state.game_over.winner,
        **({} if ended is None else {
            "end_reason": ended.reason,
            "standings": [{"party": s.party, "boss": s.boss, "tokens": list(s.tokens), "net_worth": s.net_worth}
                          for s in ended.standings],
            "out": list(ended.out)}),
    }
