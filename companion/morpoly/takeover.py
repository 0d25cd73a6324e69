"""A party that owes more than it can pay: the hostile takeover (reference §5.1, source L148–156).

Standard Monopoly (``base=standard``) has no takeover but bankruptcy: the debtor's buildings are sold
to the bank at half price, its cash and deeds (as they stand) pass to the creditor (a player), or
its cash goes to the bank and its deeds return to it, to be auctioned by the table one by one
(:mod:`companion.morpoly.auction`; unowned, in a game recorded before rules revision 5), and it
leaves the game. A creditor then owes the interest on the mortgaged deeds it received
(:mod:`companion.morpoly.mortgaged_transfer`, paid by :func:`companion.morpoly.debts.pay`, which
called this).

In the variant the procedure of L149–152 runs, with the debtor's cash and proceeds ending with the
creditor (R54):

1. all the debtor's houses and hotels are sold to the bank at half price;
2. all its squares are mortgaged — unless the creditor's party includes the Patrician, who lifts
   every existing mortgage free instead (L99);
3. everything passes to the creditor's party (cash, squares as they stand, get-out-of-jail cards,
   guilds); its tokens join that team, whose boss stays the creditor's boss (L154). The debt is
   settled by this.

Owed to the **bank** (L153, R56): steps 1–2 the same way, the cash goes to the bank, and the guild
with all it owns is sold in an open auction. The table says who bid highest and how much (a
question); the winner pays the bank and takes the guild over as in step 3 (the Patrician lifting its
mortgages). With no bidder the party is out: its squares return to the bank unowned and unmortgaged.

The game ends when one party is left (R8); with a time limit (``time-limit-minutes``) also when the
table says time is up: :mod:`companion.morpoly.game_end`.
"""
from __future__ import annotations

from collections.abc import Generator, Sequence

from companion.core.procedure import Narrator, Question
from companion.morpoly import building
from companion.morpoly.editions import Edition
from companion.morpoly.auction import auction_deed, auctions
from companion.morpoly.elam.lives import party_leaves as elam_party_leaves
from companion.morpoly.fortuna_play import party_leaves as fortuna_party_leaves
from companion.morpoly.fsu import Ledger, transfer_on_takeover, void_party
from companion.morpoly.game_end import one_party_left
from companion.morpoly.guilds import watch
from companion.morpoly.money import BANK, transfer
from companion.morpoly.purposes import Why
from companion.morpoly.questions import ask_amount, ask_choice
from companion.morpoly.revisions import AUDITED, NO_BIDS_FROM_JAIL
from companion.morpoly.rules import is_variant, makes_no_deals
from companion.morpoly.state import Party, State, square_state
from companion.morpoly.table_position import position_of

Taking = Generator[Question, str, list[int]]
"""A settled insolvency; returns the squares a creditor received mortgaged in a standard bankruptcy."""

NO_BIDDER = "nobody"
"""The auction's answer when no party bids for the bankrupt guild (R56)."""

PATRICIAN = "patrician"


def ledger_after_takeover(ledger: Ledger, absorbed: str, acquirer: str) -> Ledger:
    """R21: the absorbed party's FSUs continue with the team; those between the two are void."""
    moved, _ = transfer_on_takeover(ledger, absorbed, acquirer)
    return Ledger(moved.active(), moved.next_id)


def ledger_after_exit(ledger: Ledger, party: str, tokens: set[str]) -> Ledger:
    """R21, R72: a party gone to the bank leaves no FSU behind, on either side, nor one that only its
    token could have ended."""
    voided, _ = void_party(ledger, party)
    return Ledger(tuple(f for f in voided.active() if f.holder_token in tokens), voided.next_id)


def has_patrician(party: Party) -> bool:
    """L99: a party that includes the Patrician's clan takes guilds over without mortgaging them."""
    return PATRICIAN in party.guilds


def sell_buildings(state: State, edition: Edition, party: str) -> None:
    """Step 1: every house and hotel to the bank at half price (evenly, so a hotel goes as its
    levels)."""
    for square in sorted(state.owned_by(party)):
        while state.squares[square].houses:
            building.sell(state, edition, party, square)


def mortgage_all(state: State, edition: Edition, party: str) -> None:
    """Step 2: every unmortgaged square is mortgaged (the bank pays the mortgage values)."""
    for square in sorted(state.owned_by(party)):
        if not state.squares[square].mortgaged:
            building.mortgage(state, edition, party, square)


def lift_free(state: State, party: str) -> None:
    """L99: the Patrician's takeover lifts every existing mortgage of the guild taken, for nothing."""
    for square in state.owned_by(party):
        state.squares[square] = state.squares[square].with_mortgaged(False)


def insolvent(state: State, edition: Edition, narrator: Narrator, debtor: str, creditor: str, amount: int,
              why: Why) -> Taking:
    """``debtor`` owes ``creditor`` (a party or :data:`~companion.morpoly.money.BANK`) ``amount`` for
    ``why`` and cannot pay it: settle the debt by §5.1, or in standard Monopoly by bankruptcy. Returns
    the squares that passed mortgaged to a creditor in a standard bankruptcy (none in the variant:
    a takeover merges the two parties, R12's interest is not charged on it)."""
    shown = edition.currency.format(amount)
    sell_buildings(state, edition, debtor)
    received: list[int] = []
    if not is_variant(state):
        narrator.say("morpoly.bankrupt", f"{debtor} cannot pay {shown} to {creditor} for {why} and is bankrupt",
                     party=debtor, creditor=creditor, amount=shown, why=why, **why.said())
        taken = sorted(state.owned_by(debtor))
        if creditor == BANK:
            transfer(state, debtor, BANK, state.party(debtor).cash)
        else:
            received = [s for s in taken if state.squares[s].mortgaged]
            hand_over(state, debtor, creditor)
        leave(state, narrator, debtor)
        if creditor == BANK and auctions(state) and not one_party_left(state, narrator):
            asked = state.parties[0].boss  # the bank sells what it took, deed by deed (the printed rules)
            for square in taken:
                yield from auction_deed(state, edition, narrator, square, asked)
    elif creditor != BANK:
        if has_patrician(state.party(creditor)):
            lift_free(state, debtor)
        else:
            mortgage_all(state, edition, debtor)
        narrator.say("morpoly.takeover.merged", f"{debtor} cannot pay {shown} to {creditor} for {why}: "
                     f"{creditor} takes {debtor} over and they play on as one team",
                     party=debtor, creditor=creditor, amount=shown, why=why, **why.said())
        merge(state, debtor, creditor)
        watch_returns_cards(state, edition, narrator, creditor)
    else:
        mortgage_all(state, edition, debtor)
        transfer(state, debtor, BANK, state.party(debtor).cash)
        narrator.say("morpoly.takeover.bank", f"{debtor} cannot pay {shown} to the bank for {why}: its guild "
                     f"is auctioned", party=debtor, amount=shown, why=why, **why.said())
        winner = yield from auction(state, edition, narrator, debtor, [p for p in state.parties if p.id != debtor])
        if winner is None:
            leave(state, narrator, debtor)
    one_party_left(state, narrator)
    return received


def hand_over(state: State, debtor: str, creditor: str) -> None:
    """Standard bankruptcy to a player: the cash, the deeds as they stand (mortgaged ones stay
    mortgaged) and the get-out-of-jail cards pass to the creditor."""
    gone, taker = state.party(debtor), state.party(creditor)
    transfer(state, debtor, creditor, gone.cash)
    for square in state.owned_by(debtor):
        state.squares[square] = state.squares[square].with_owner(creditor)
    taker.jail_cards.extend(gone.jail_cards)
    gone.jail_cards.clear()


def watch_returns_cards(state: State, edition: Edition, narrator: Narrator, party: str) -> None:
    """L53: "'Du kommst aus dem Gefängnis Frei' Karten müssen von den Wachen sofort wieder unten den
    Kartenstapel gelegt werden" — also those a team with the Watch gets by a takeover or a trade (from
    rules revision 9; before, only a card the Watch drew went back)."""
    if state.revision < AUDITED or not is_variant(state) or not state.party(party).jail_cards \
            or watch.keeps_jail_free_card(position_of(state, edition), party):
        return
    for card in state.party(party).jail_cards:
        say_card_returned(narrator, party, card)
    state.party(party).jail_cards.clear()


def say_card_returned(narrator: Narrator, party: str, card: str) -> None:
    """The log's line for a get-out-of-jail card a team with the Watch puts back under its deck (L53):
    drawn (:func:`companion.morpoly.cards.resolve`), or got by a takeover or a trade."""
    narrator.say("morpoly.watch.card-returned", f"{party} is of the Watch: the card goes back under its deck (L53)",
                 party=party, card=card)


def merge(state: State, debtor: str, creditor: str) -> None:
    """Step 3: everything of ``debtor`` passes to ``creditor``'s party, which becomes one team with
    one treasury and every guild of both; its boss stays the creditor's boss, each token keeps its
    own player (L154)."""
    gone, taker = state.party(debtor), state.party(creditor)
    hand_over(state, debtor, creditor)
    fortuna_party_leaves(state, debtor, creditor)  # a team holds one Fortuna token at most (L154)
    elam_party_leaves(state, debtor, creditor)  # its remaining lives join the team (L166)
    taker.tokens.extend(gone.tokens)
    taker.guilds.extend(g for g in gone.guilds if g not in taker.guilds)
    for token in state.tokens:
        if token.party == debtor:
            token.party = creditor
    state.ledger = ledger_after_takeover(state.ledger, debtor, creditor)
    state.parties = [p for p in state.parties if p.id != debtor]


def leave(state: State, narrator: Narrator, debtor: str) -> None:
    """R56, R72: nobody takes the party: its squares return to the bank unowned and unmortgaged,
    its tokens leave the board (its buildings went back to the supply in step 1), its Fortuna token
    and its lives with them."""
    fortuna_party_leaves(state, debtor, None)
    elam_party_leaves(state, debtor, None)
    for square in state.owned_by(debtor):
        state.squares[square] = square_state(None, state.squares[square].houses, False)
    state.tokens = [t for t in state.tokens if t.party != debtor]
    state.ledger = ledger_after_exit(state.ledger, debtor, {t.id for t in state.tokens})
    state.thefts = {t.id: state.thefts[t.id] for t in state.tokens if t.id in state.thefts}
    state.parties = [p for p in state.parties if p.id != debtor]
    narrator.say("morpoly.takeover.out", f"{debtor} leaves the game", party=debtor)


def auction(state: State, edition: Edition, narrator: Narrator, debtor: str, bidders: Sequence[Party]) -> Generator[
        Question, str, str | None]:
    """L153: the bankrupt guild and all it owns go to the highest bidding party. The table runs the
    auction; the companion asks who won (or ``nobody``) and the bid, which goes to the bank (R56).
    A party all of whose tokens sit in jail bids not (B1, L9: no deals from jail; the Thieves excepted;
    from rules revision 11). Returns the winning party, or ``None``."""
    unit = edition.currency.rounding_unit
    jail_deals = state.revision < NO_BIDS_FROM_JAIL  # as revisions before 11 played it: a jailed party bid too
    able = [p.id for p in bidders if p.cash >= unit and (jail_deals or not makes_no_deals(state, p.id))]
    if not able:
        return None
    banker = state.party(able[0]).boss
    winner = yield from ask_choice(state, narrator, "morpoly.takeover.auction",
                                   f"who bid highest for {debtor}'s guild and all it owns?", banker,
                                   [*able, NO_BIDDER], party=debtor)
    if winner == NO_BIDDER:
        narrator.say("morpoly.takeover.no-bid", f"nobody bids for {debtor}'s guild", party=debtor)
        return None
    cash = state.party(winner).cash
    answer = yield from ask_amount(state, narrator, "morpoly.takeover.bid",
                                   f"{winner}: how much did you bid for {debtor}'s guild?", state.party(winner).boss,
                                   unit, cash, party=debtor, winner=winner)
    bid = int(answer)
    transfer(state, winner, BANK, bid)
    if has_patrician(state.party(winner)):
        lift_free(state, debtor)
    narrator.say("morpoly.takeover.auctioned", f"{winner} buys {debtor}'s guild for {edition.currency.format(bid)}",
                 party=debtor, winner=winner, amount=edition.currency.format(bid))
    merge(state, debtor, winner)
    watch_returns_cards(state, edition, narrator, winner)
    return winner
