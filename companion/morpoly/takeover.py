"""A party that owes more than it could ever raise: the hook where the variant's hostile takeover
(reference §5.1) lives.

For now the procedure follows §5.1 without its options: the debtor's buildings are sold to the bank
at half price, its unmortgaged squares are mortgaged, and then

* owed to a **party**: everything it has (cash, deeds as they stand, get-out-of-jail cards) passes to
  the creditor's party, and its tokens join that party as one team, whose boss is the creditor's
  boss (the taken-over player keeps moving his own token);
* owed to the **bank**: its cash goes to the bank, its squares return to the bank unowned and
  unmortgaged, and the party leaves the game (the open auction of §5.1 comes with the variant's kit).

Debt eliminates nobody who owes a player. The game ends when one party is left (R8).
"""
from __future__ import annotations

from companion.core.procedure import Narrator
from companion.morpoly import building
from companion.morpoly.editions import Edition
from companion.morpoly.fsu import Ledger, transfer_on_takeover, void_party
from companion.morpoly.elam.lives import party_leaves as elam_party_leaves
from companion.morpoly.fortuna_play import party_leaves as fortuna_party_leaves
from companion.morpoly.money import BANK, transfer
from companion.morpoly.state import GameOver, State


def ledger_after_takeover(ledger: Ledger, absorbed: str, acquirer: str) -> Ledger:
    """R21: the absorbed party's FSUs continue with the team; those between the two are void."""
    moved, _ = transfer_on_takeover(ledger, absorbed, acquirer)
    return Ledger(moved.active(), moved.next_id)


def ledger_after_exit(ledger: Ledger, party: str, tokens: set[str]) -> Ledger:
    """R21, R72: a party gone to the bank leaves no FSU behind, on either side, nor one that only its
    token could have ended."""
    voided, _ = void_party(ledger, party)
    return Ledger(tuple(f for f in voided.active() if f.holder_token in tokens), voided.next_id)


def liquidate(state: State, edition: Edition, party: str) -> None:
    """Sell every building to the bank at half price, then mortgage every unmortgaged square."""
    for square in sorted(state.owned_by(party)):
        while state.squares[square].houses:
            building.sell(state, edition, party, square)
    for square in sorted(state.owned_by(party)):
        if not state.squares[square].mortgaged:
            building.mortgage(state, edition, party, square)


def insolvent(state: State, edition: Edition, narrator: Narrator, debtor: str, creditor: str, amount: int,
              why: str) -> None:
    liquidate(state, edition, debtor)
    gone = state.party(debtor)
    if creditor == BANK:
        transfer(state, debtor, BANK, gone.cash)
        for square in state.owned_by(debtor):
            state.squares[square].owner = None
            state.squares[square].mortgaged = False
        state.tokens = [t for t in state.tokens if t.party != debtor]
        state.ledger = ledger_after_exit(state.ledger, debtor, {t.id for t in state.tokens})
        state.thefts = {t.id: state.thefts[t.id] for t in state.tokens if t.id in state.thefts}
        narrator.say("morpoly.takeover.out", f"{debtor} cannot pay {amount} to the bank for {why} and leaves the game",
                     party=debtor, amount=edition.currency.format(amount))
    else:
        taker = state.party(creditor)
        transfer(state, debtor, creditor, gone.cash)
        for square in state.owned_by(debtor):
            state.squares[square].owner = creditor
        taker.jail_cards.extend(gone.jail_cards)
        taker.tokens.extend(gone.tokens)
        for guild in gone.guilds:
            if guild not in taker.guilds:
                taker.guilds.append(guild)
        for token in state.tokens:
            if token.party == debtor:
                token.party = creditor
        state.ledger = ledger_after_takeover(state.ledger, debtor, creditor)
        narrator.say("morpoly.takeover.merged", f"{debtor} cannot pay {amount} to {creditor} for {why}: "
                     f"{creditor} takes {debtor} over and they play on as one team",
                     party=debtor, creditor=creditor, amount=edition.currency.format(amount))
    fortuna_party_leaves(state, debtor, None if creditor == BANK else creditor)
    elam_party_leaves(state, debtor, None if creditor == BANK else creditor)
    state.parties = [p for p in state.parties if p.id != debtor]
    if len(state.parties) == 1 and state.game_over is None:
        winner = state.parties[0]
        state.game_over = GameOver(winner.boss, "one party left")
        narrator.say("morpoly.game.over", f"{winner.boss} controls all Ankh-Morpork", winner=winner.boss)
