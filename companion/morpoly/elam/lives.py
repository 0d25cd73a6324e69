"""Guild members as lives (ELAM, L166; R72): ten per party, pooled in a team, passed on in a
takeover; a party that loses its last one is out and all it owns goes back to the bank."""
from __future__ import annotations

from typing import Final

from companion.core.procedure import Narrator
from companion.morpoly.elam.table import is_played
from companion.morpoly.fsu import void_party
from companion.morpoly.game_end import one_party_left
from companion.morpoly.money import BANK, transfer
from companion.morpoly.state import HOTEL, Npcs, State, square_state

LIVES: Final = 10
"""L166: every player gets ten guild members."""
NPC_START: Final = {"l-space": 20, "go": 0}
"""R64 (option ``npc-start``): where Death, the Luggage and Dibbler stand when the game begins."""


def start(state: State) -> None:
    """Set-up: ten lives per party and the three NPCs on their start square (ELAM only)."""
    if not is_played(state):
        return
    state.lives = {p.id: LIVES for p in state.parties}
    square = NPC_START[state.rules.get("npc-start", "l-space")]
    state.npcs = Npcs(square, square, square)


def count(state: State, party: str) -> int:
    return state.lives.get(party, 0)


def party_leaves(state: State, party: str, taker: str | None) -> None:
    """A takeover: the remaining lives join the taker's pool (L166); a party out to the bank takes
    its lives with it. The Luggage no longer accompanies a token that left the game."""
    if party in state.lives:
        left = state.lives.pop(party)
        if taker is not None and taker in state.lives:
            state.lives[taker] += left
    if taker is None:
        gone = set(state.party(party).tokens)
        state.reversed_tokens = [t for t in state.reversed_tokens if t not in gone]
    _free_luggage_of_gone_tokens(state, party if taker is None else None)


def _free_luggage_of_gone_tokens(state: State, gone_party: str | None) -> None:
    npcs = state.npcs
    if npcs is None or npcs.luggage_with is None:
        return
    token = next((t for t in state.tokens if t.id == npcs.luggage_with), None)
    if token is None or token.party == gone_party:
        npcs.luggage_with = None


def eliminate(state: State, narrator: Narrator, party: str) -> None:
    """R72: the party has no lives left. Its cash goes to the bank, its squares back unowned and
    unmortgaged, its houses and hotels to the supply; its FSUs void; its Fortuna token returns; its
    tokens leave.
    The game ends when one party is left (R8)."""
    from companion.morpoly.fortuna_play import party_leaves as fortuna_party_leaves
    from companion.morpoly.takeover import ledger_after_exit

    gone = state.party(party)
    transfer(state, party, BANK, gone.cash)
    for index in state.owned_by(party):
        sq = state.squares[index]
        if sq.houses == HOTEL:
            state.bank.hotels += 1
        else:
            state.bank.houses += sq.houses
        state.squares[index] = square_state()
    state.ledger, _ = void_party(state.ledger, party)  # its FSUs, held and sold (R72)
    fortuna_party_leaves(state, party, None)
    _free_luggage_of_gone_tokens(state, party)
    state.reversed_tokens = [t for t in state.reversed_tokens if t not in gone.tokens]
    state.tokens = [t for t in state.tokens if t.party != party]
    state.ledger = ledger_after_exit(state.ledger, party, {t.id for t in state.tokens})  # R21, R72: FSUs void
    state.thefts = {t.id: state.thefts[t.id] for t in state.tokens if t.id in state.thefts}
    state.parties = [p for p in state.parties if p.id != party]
    state.lives.pop(party, None)
    narrator.say("morpoly.elam.eliminated", f"{party} has lost its last guild member; all it owned goes back "
                 f"to the bank", party=party)
    one_party_left(state, narrator)
