"""The guilds' money-side powers at their moment in the engine (reference §3), as questions where the
rules leave a choice. The rules themselves are the kit's (:mod:`companion.morpoly.guilds`): this
module asks them who may do what and for how much, asks the table, and hands money and misfortunes
to :mod:`companion.morpoly.settle` so the FSU ledger sees every one.

* Landing on another party's square (§2.3, §3.1, §3.6, B1): the Patrician's buy-out of a mortgaged
  square, no income for a jailed owner (the Thieves excepted), a premium and an FSU (or the double
  fee) on a built street, the Thieves' theft and their being caught, ordinary rent otherwise.
* A declined square: the Merchants' buy right (L62, R31).
* Jail: the Watch is never jailed (L46, R27); every jailing is an event for the Watch's cover.
* Meetings after the arriving token's square is resolved (R5): the Watch's arrest (R28), the
  Beggars' tithe (R35); then the position check for the Merchants' swap (L58–61, R30).
"""
from __future__ import annotations

from collections.abc import Generator

from companion.core.procedure import Narrator, Question
from companion.morpoly import purposes
from companion.morpoly.covers import Guild
from companion.morpoly.debts import pay
from companion.morpoly.editions import Edition
from companion.morpoly.events import JailCause, Jailed, PaymentKind, PremiumDue, Stolen
from companion.morpoly.guilds import beggars, merchants, patrician, receives_income, thieves, watch
from companion.morpoly.money import transfer
from companion.morpoly.moves import send_to_jail
from companion.morpoly.position import tokens_on
from companion.morpoly.questions import ask_choice
from companion.morpoly.rent import CardRent, rent_due, rent_for, street_rent
from companion.morpoly.rules import is_variant, token_alive
from companion.morpoly.settle import charge, current_party, settle
from companion.morpoly.revisions import AMOUNTS_AND_JAIL_DEALS, AUDITED, THIEF_AT_A_JAILED_OWNER
from companion.morpoly.state import State, square_state
from companion.morpoly.table_position import currency_profile, position_of

Power = Generator[Question, str, None]


# --- landing on another party's square --------------------------------------------------------

def landed_on_owned(state: State, edition: Edition, narrator: Narrator, token_id: str, dice_total: int,
                    rent_rule: CardRent | None) -> Power:
    """``token_id`` stands on a square another party owns (the variant's reading of rent)."""
    token = state.token(token_id)
    index, party = token.square, token.party
    sq = state.squares[index]
    owner = sq.owner
    assert owner is not None
    name = edition.squares[index].name
    position = position_of(state, edition)
    if sq.mortgaged:
        if patrician.may_buy_out(position, token_id, index,
                                 jailed_owner_sells=state.revision < AMOUNTS_AND_JAIL_DEALS):
            yield from _buy_out(state, edition, narrator, token_id, index)
        return
    if not receives_income(position, owner):
        if state.revision >= THIEF_AT_A_JAILED_OWNER and thieves.is_theft_square(position, token_id, index):
            # L41: the Thieves' cover is due when the Thief enters the square, nothing taken (B1, R10):
            # the event, and whatever claim it makes, follow the line
            narrator.say("morpoly.thieves.entered", f"{token_id} enters {name}: {owner} is in jail, nothing to "
                         f"steal", token=token_id, victim=owner, square=index, name=name)
            yield from settle(state, edition, narrator, [Stolen(token_id, owner, index, 0)])
            return
        narrator.say("morpoly.rent.owner-in-jail", f"{owner} is in jail and receives no rent for {name}",
                     owner=owner, square=index, name=name)
        return
    if sq.houses:
        deed = edition.deed(index)
        yield from settle(state, edition, narrator,
                          [PremiumDue(token_id, index, owner, street_rent(state, edition, index), deed.rents[0])])
        return
    # the printed rent without rent_for's generator (a card's rule may ask a roll: then through it)
    amount = rent_due(state, edition, index, dice_total) if rent_rule is None \
        else (yield from rent_for(state, edition, narrator, token_id, index, dice_total, rent_rule))
    theft = thieves.theft(position, token_id, index, amount, state.rules)
    if theft is not None:
        steal = "steal"
        if theft.may_pay_instead:
            steal = yield from ask_choice(state, narrator, "morpoly.thieves.steal", f"{token_id}: steal the fee of "
                                          f"{edition.currency.format(amount)} on {name}, or pay it?", token_id,
                                          ["steal", "pay"], token=token_id, square=str(index), name=name,
                                          amount=edition.currency.format(amount))
        if steal == "steal":
            yield from _steal(state, edition, narrator, token_id, theft)
            return
    yield from charge(state, edition, narrator, party, owner, amount, PaymentKind.RENT, purposes.rent(name))


def _steal(state: State, edition: Edition, narrator: Narrator, token_id: str, theft: thieves.Theft) -> Power:
    """L35: the owner pays the Thief the fee (R24); the theft is the Thieves' cover's event; a token
    standing on the square catches him (R26: he keeps the loot unless ``caught-returns-loot``)."""
    index = state.token(token_id).square
    name = edition.squares[index].name
    narrator.say("morpoly.thieves.stole", f"{token_id} steals the fee of {edition.currency.format(theft.fee)} on "
                 f"{name} from {theft.victim}", token=token_id, victim=theft.victim, square=index, name=name,
                 amount=edition.currency.format(theft.fee))
    yield from settle(state, edition, narrator, [Stolen(token_id, theft.victim, index, theft.fee)])
    if not token_alive(state, token_id) or state.token(token_id).square != index:
        return
    state.thefts[token_id] = (index, theft.victim, theft.taken)
    if thieves.is_caught(position_of(state, edition), token_id):
        yield from _caught(state, edition, narrator, token_id, theft.victim, theft.taken)


def _caught(state: State, edition: Edition, narrator: Narrator, token_id: str, victim: str, taken: int) -> Power:
    """L35, R26: a Thief caught where he stole goes to jail; he keeps the loot unless
    ``caught-returns-loot`` (then ``victim`` gets ``taken`` back, as far as his cash goes)."""
    index = state.token(token_id).square
    name = edition.squares[index].name
    state.thefts.pop(token_id, None)
    narrator.say("morpoly.thieves.caught", f"{token_id} is caught stealing on {name}", token=token_id,
                 square=index, name=name)
    thief = state.token(token_id).party
    victim = current_party(state, victim) or "bank"
    if victim not in ("bank", thief) and not thieves.keeps_loot(state.rules) and taken:
        yield from pay(state, edition, narrator, thief, victim, min(taken, state.party(thief).cash),
                       purposes.LOOT)
    yield from jail(state, edition, narrator, token_id, JailCause.CAUGHT_STEALING, "caught stealing")


def _buy_out(state: State, edition: Edition, narrator: Narrator, token_id: str, square: int) -> Power:
    """L96, R40: the Patrician may buy a mortgaged square he lands on, paying its owner the price
    plus the mortgage value; the mortgage is gone, nothing goes to the bank."""
    party = state.token(token_id).party
    owner = state.squares[square].owner
    assert owner is not None
    deed = edition.deed(square)
    price = patrician.buyout_price(deed.price, deed.mortgage, state.rules)
    if state.party(party).cash < price:
        return
    name = edition.squares[square].name
    money = edition.currency.format(price)
    choice = yield from ask_choice(state, narrator, "morpoly.patrician.buy-out", f"{token_id}: buy {name} out of "
                                   f"{owner}'s mortgage for {money}?", token_id, ["buy-out", "decline"],
                                   token=token_id, owner=owner, square=str(square), name=name, price=money)
    if choice != "buy-out":
        return
    transfer(state, party, owner, price)
    state.squares[square] = square_state(party, state.squares[square].houses, False)
    narrator.say("morpoly.patrician.bought-out", f"{party} buys {name} from {owner} for {money}; the mortgage "
                 f"is gone", party=party, owner=owner, square=square, name=name, price=money)


# --- a declined square ------------------------------------------------------------------------

def declined(state: State, edition: Edition, narrator: Narrator, token_id: str, square: int) -> Power:
    """L62, R31: right after a player declines (or cannot afford) a square, the Merchants may buy it
    at its printed price, wherever their token stands — not from jail."""
    if not is_variant(state):
        return
    position = position_of(state, edition)
    decliner = state.token(token_id).party
    price = edition.deed(square).price
    for party in state.parties:
        if party.id == decliner or Guild.MERCHANTS not in position.guilds_of(party.id):
            continue
        if not merchants.may_buy_declined(position, party.id, square, state.rules,
                                          thieves_buy_in_jail=state.revision >= AUDITED) or party.cash < price:
            continue
        name = edition.squares[square].name
        money = edition.currency.format(price)
        choice = yield from ask_choice(state, narrator, "morpoly.merchants.buy", f"{party.boss}: the Merchants may "
                                       f"buy {name} for {money}", party.boss, ["buy", "leave"], boss=party.boss,
                                       square=str(square), name=name, price=money)
        if choice == "buy":
            transfer(state, party.id, "bank", price)
            state.squares[square] = state.squares[square].with_owner(party.id)
            narrator.say("morpoly.merchants.bought", f"{party.id} buys {name} for {money}", party=party.id,
                         square=square, name=name, price=money)
        return


# --- jail ---------------------------------------------------------------------------------------

def jail(state: State, edition: Edition, narrator: Narrator, token_id: str, cause: JailCause,
         why: str) -> Generator[Question, str, bool]:
    """Send ``token_id`` to jail for ``why``, unless it is the Watch's (L46, R27: it stays where it
    is, ignores the card, or moves its third doubles normally). A jailing is the event the Watch's
    cover pays on (L50). Returns whether the token went to jail."""
    if is_variant(state):
        position = position_of(state, edition)
        instead = watch.instead_of_jail(position, token_id, cause, state.rules.get("elam") == "on", state.rules)
        if instead is not None:
            narrator.say("morpoly.watch.not-jailed", f"{token_id} is of the Watch and does not go to jail ({why})",
                         token=token_id, why=why, instead=instead.value)
            return False
    yield from send_to_jail(state, edition, narrator, token_id, why)
    yield from settle(state, edition, narrator, [Jailed(token_id, cause)])
    return True


# --- meetings (R5) ----------------------------------------------------------------------------

def meetings(state: State, edition: Edition, narrator: Narrator, token_id: str) -> Power:
    """``token_id`` has arrived and its square is resolved: for each other token standing there, in
    seating order, the Watch's arrest, then the Beggars' tithe (§2.4 step 5)."""
    if not is_variant(state):
        return
    for mover in state.tokens:  # ``token_alive`` and ``state.token`` at once (after every move)
        if mover.id == token_id:
            break
    else:
        return
    if mover.in_jail:
        return
    square = mover.square
    met: list[str] = []
    for t in state.tokens:  # written out (a generator expression was one made per move)
        if t.square == square and t.id != token_id and not t.in_jail:
            # only then in seating order (most arrivals meet no one)
            met = [other for other in tokens_on(position_of(state, edition), square) if other != token_id]
            break
    for other in met:
        if not token_alive(state, other) or state.game_over is not None:
            continue
        if not token_alive(state, token_id) or state.token(token_id).in_jail or state.token(token_id).square != square:
            return
        stolen = state.thefts.get(other)
        if stolen is not None and stolen[0] == square:  # a Thief still where he stole: caught by the newcomer
            yield from _caught(state, edition, narrator, other, stolen[1], stolen[2])
            continue
        yield from _arrest(state, edition, narrator, token_id, other)
        yield from _tithe(state, edition, narrator, token_id, other)
    if _merchants_play(state):  # (asked here: a generator made after every move for nothing, else)
        yield from _swaps(state, edition, narrator, token_id)


def _merchants_play(state: State) -> bool:
    """Whether a party in the game heads the Merchants: only then can a swap (L58–61) be offered."""
    for party in state.parties:
        if _MERCHANTS in party.guilds:
            return True
    return False


def _arrest(state: State, edition: Edition, narrator: Narrator, token_id: str, other: str) -> Power:
    """L47, R28: the Watch may jail a token it meets, and must jail a Thief."""
    position = position_of(state, edition)
    choices = watch.arrest_choices(position, token_id, other)
    if not choices:
        return
    watchman, target = (token_id, other) if watch.is_watch(position, token_id) else (other, token_id)
    decision = "arrest"
    if len(choices) > 1:
        decision = yield from ask_choice(state, narrator, "morpoly.watch.arrest", f"{watchman}: arrest {target}?",
                                         watchman, list(choices), watch=watchman, target=target)
    if decision == "arrest":
        yield from jail(state, edition, narrator, target, JailCause.ARREST, f"arrested by {watchman}")


def _tithe(state: State, edition: Edition, narrator: Narrator, token_id: str, other: str) -> Power:
    """L72, R35: a Beggar may take a tenth of the cash of a party whose token it meets."""
    if not (token_alive(state, token_id) and token_alive(state, other)):
        return
    position = position_of(state, edition)
    amount = beggars.tithe(position, token_id, other, currency_profile(edition), state.rules)
    if amount <= 0:
        return
    beggar, target = (token_id, other) if beggars.is_beggar(position, token_id) else (other, token_id)
    money = edition.currency.format(amount)
    choice = yield from ask_choice(state, narrator, "morpoly.beggars.tithe", f"{beggar}: take the tithe of {money} "
                                   f"from {target}?", beggar, ["take", "leave"], beggar=beggar, target=target,
                                   amount=money)
    if choice == "take":
        yield from charge(state, edition, narrator, state.token(target).party, state.token(beggar).party, amount,
                          PaymentKind.TITHE, purposes.TITHE)


def _swaps(state: State, edition: Edition, narrator: Narrator, token_id: str) -> Power:
    """L58–61, R30: after a move, if a Merchant token stands on a square of another party whose token
    stands on a Merchants' square (neither group complete), the Merchants may swap the two squares,
    the difference in printed prices settled in cash. Only pairs with the token that just moved are
    new positions, so each position is offered once."""
    if not _merchants_play(state):
        return
    position = position_of(state, edition)  # a live view: it sees each swap's changes
    tokens = [t.id for t in state.tokens]
    alive = set(tokens)  # the tokens in the game (``token_alive``), found again after each swap
    heads = _merchant_tokens(state)  # ``merchants.is_merchant`` of each, found again after each swap
    for merchant in tokens:
        if merchant not in alive or merchant not in heads:
            continue  # no pair of this token can swap: nothing changes before its pairs are asked
        # the pairs with the token that moved, in the order of a walk over every ordered pair
        others = [t.id for t in state.tokens] if merchant == token_id else [token_id]
        for other in others:
            if merchant == other:
                continue
            if merchant not in alive or other not in alive:
                continue
            if not _on_each_others(state, merchant, other):
                continue  # what swap_available needs first, found without the guilds (most pairs)
            if merchants.swap_available(position, merchant, other, state.rules):
                yield from _swap(state, edition, narrator, merchant, other)
                alive = {t.id for t in state.tokens}
                heads = _merchant_tokens(state)


def _on_each_others(state: State, merchant: str, other: str) -> bool:
    """Whether each of the two tokens stands on a square of the other's party: a condition of every
    swap (:func:`merchants.swap_available`), read straight off the table. Asked first of each pair
    after every move while the Merchants play, it spares most pairs the guild's whole test."""
    mine, theirs = state.token(merchant), state.token(other)
    here, there = state.squares.get(mine.square), state.squares.get(theirs.square)
    return here is not None and there is not None and here.owner == theirs.party and there.owner == mine.party


_MERCHANTS = Guild.MERCHANTS.value
"""The guild's name, read once (an enum's ``value`` is a Python-level property: asked for every party
after every move)."""


def _merchant_tokens(state: State) -> set[str]:
    """The tokens of the parties heading the Merchants (:func:`merchants.is_merchant` of every token
    at once: asked for each token after every move)."""
    parties = {p.id for p in state.parties if _MERCHANTS in p.guilds}
    return {t.id for t in state.tokens if t.party in parties}


def _swap(state: State, edition: Edition, narrator: Narrator, merchant: str, other: str) -> Power:
    theirs, ours = state.token(merchant).square, state.token(other).square
    party, owner = state.token(merchant).party, state.token(other).party
    difference = merchants.swap_difference(edition.deed(ours).price, edition.deed(theirs).price)
    if difference > 0 and state.party(party).cash < difference:
        return
    name_theirs, name_ours = edition.squares[theirs].name, edition.squares[ours].name
    # who pays whom is said before the Merchants answer (R30): the party getting the dearer square
    payer, payee = (party, owner) if difference > 0 else (owner, party)
    amount = edition.currency.format(abs(difference))
    offer = f"{merchant}: swap {name_ours} for {owner}'s {name_theirs}?"
    said = {"merchant": merchant, "owner": owner, "give": str(ours), "take": str(theirs), "give_name": name_ours,
            "take_name": name_theirs}
    if difference:
        choice = yield from ask_choice(state, narrator, "morpoly.merchants.swap", f"{offer} {payer} pays {payee} "
                                       f"{amount}", merchant, ["swap", "keep"], reveals=False, unavailable=None,
                                       **said, difference=amount, payer=payer, payee=payee)
    else:
        choice = yield from ask_choice(state, narrator, "morpoly.merchants.swap-even", f"{offer} The same printed "
                                       "price: no money changes hands", merchant, ["swap", "keep"], reveals=False,
                                       unavailable=None, **said)
    if choice != "swap":
        return
    squares = state.squares
    squares[theirs], squares[ours] = squares[theirs].with_owner(party), squares[ours].with_owner(owner)
    narrator.say("morpoly.merchants.swapped", f"{party} swaps {name_ours} for {owner}'s {name_theirs}", party=party,
                 owner=owner, give=ours, take=theirs, give_name=name_ours, take_name=name_theirs)
    if difference > 0:
        yield from pay(state, edition, narrator, party, owner, difference, purposes.SWAP)
    elif difference < 0:
        yield from pay(state, edition, narrator, owner, party, -difference, purposes.SWAP)
