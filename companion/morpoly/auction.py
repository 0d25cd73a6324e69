"""Standard Monopoly's auction of a deed, run by the table and recorded here (reference B2, standard side).

The printed rules: a property the lander does not buy (or cannot pay for) "the Banker sells at
auction to the highest bidder", and "any player, including the one who declined the option to buy it
at the printed price, may bid"; a player bankrupt to the Bank turns over all his assets, and "the Bank
immediately sells by auction all property so taken, except buildings". The players bid aloud at the
table; the companion asks who bid highest (or ``nobody``) and how much, and the winner pays the bank
and takes the deed. A deed nobody bids for stays with the bank. A bankrupt's deeds are auctioned one
by one, in square order, free of mortgage: the bank took them back, and sells what it owns.

The variant has no auctions (B2: "No auctions. A declined square stays with the bank"; its guild
auction after a takeover is :func:`companion.morpoly.takeover.auction`). Standard Monopoly auctions
from rules revision 5 (:data:`~companion.morpoly.revisions.PRINTED_STANDARD`); a game recorded before
left the deed with the bank, as it was played.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Final

from companion.core.procedure import Narrator, Question
from companion.morpoly.editions import Edition
from companion.morpoly.money import BANK, transfer
from companion.morpoly.questions import ask_amount, ask_choice
from companion.morpoly.revisions import PRINTED_STANDARD
from companion.morpoly.rules import is_variant
from companion.morpoly.state import State

NOBODY: Final = "nobody"
"""The answer when no player bids."""


def auctions(state: State) -> bool:
    """Whether a deed the bank sells goes to auction: standard Monopoly, from rules revision 5."""
    return not is_variant(state) and state.revision >= PRINTED_STANDARD


def auction_deed(state: State, edition: Edition, narrator: Narrator, square: int,
                 asked: str) -> Generator[Question, str, None]:
    """The table's auction of the bank's ``square``: ``asked`` (a player) says who bid highest among
    the parties that can pay the smallest bid, then the winner's bid; the winner pays the bank and
    takes the deed. Nobody able to bid, or ``nobody``: the deed stays with the bank."""
    name = edition.squares[square].name
    unit = edition.currency.rounding_unit
    able = [p.id for p in state.parties if p.cash >= unit]
    winner = NOBODY
    if able:
        winner = yield from ask_choice(state, narrator, "morpoly.deed.auction",
                                       f"{asked}: who bid highest for {name} at the auction?", asked,
                                       [*able, NOBODY], square=str(square), name=name, asked=asked)
    if winner == NOBODY:
        narrator.say("morpoly.deed.no-bid", f"nobody bids for {name}; it stays with the bank", square=square,
                     name=name)
        return
    boss = state.party(winner).boss
    answer = yield from ask_amount(state, narrator, "morpoly.deed.bid", f"{boss}: how much did you bid for {name}?",
                                   boss, unit, state.party(winner).cash, square=str(square), name=name,
                                   winner=winner, boss=boss)
    bid = int(answer)
    transfer(state, winner, BANK, bid)
    state.squares[square] = state.squares[square].with_owner(winner)
    narrator.say("morpoly.deed.auctioned", f"{winner} buys {name} at auction for {edition.currency.format(bid)}",
                 party=winner, square=square, name=name, price=edition.currency.format(bid))
