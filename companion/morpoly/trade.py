"""Trades between parties (reference B6, R57, §8.3): squares, get-out-of-jail cards and cash both ways
(rules revision 6), on any token's menu (revision 7); before revision 6, a deed bought for cash.

The players negotiate at the table; the companion records the result and checks it against the
rules. The first form a trade took here (rules revisions 1–5) completed colour groups: at a turn's menu
the boss of the token's party answers ``trade``, then names a square of another party
(``trade:<square>``, or ``cancel``), and that party's boss answers with the price agreed (any whole
amount in the set's rounding unit up to the buyer's cash; a few are offered) or ``refuse``.

Rules checked: only bosses trade (R57); a square of a group with buildings cannot change hands (sell
them first, as in standard Monopoly); in the variant a party all of whose tokens sit in jail makes no
deals (B1, R10), unless it includes the Thieves (L36); a mortgaged square moves mortgaged, and the buyer
pays the bank a tenth of its mortgage value as the table reads R12 (in standard Monopoly by default,
then offered to lift it at once: :mod:`companion.morpoly.mortgaged_transfer`).

From rules revision 6 (:data:`~companion.morpoly.revisions.TRADES_BOTH_WAYS`) a trade is what the
reference's §8.3 records: "trades (squares, cards and cash both ways)". The menu offers ``trade``
when some deal is possible; the boss names the partner party (``morpoly.trade.partner``, not asked
when only one party can deal), then builds the offer one answer at a time on one question
(``morpoly.trade.offer``): ``give:<square>`` and ``get:<square>``, ``give-card:<card>`` and
``get-card:<card>`` (get-out-of-jail cards), ``pay`` and ``ask`` (cash, its amount asked next:
``morpoly.trade.pay`` / ``morpoly.trade.ask``); an item answered again is taken back; ``propose``
(when something moves) or ``cancel``. The partner's boss accepts or refuses
(``morpoly.trade.answer``), and everything changes hands at once. The same rules hold, each refusal
naming its rule: a square of a built group is greyed (sell the buildings first); a jailed partner
is greyed (B1, R10); the tenth of R12 is due from each side on the mortgaged squares it receives,
then standard Monopoly offers each to lift them at once; an offer whose cash and interest a side
cannot pay is not proposed (``propose`` greyed, saying who is short by how much). The offer, the
answer and the deal's line name the squares that change hands mortgaged (param ``mortgaged``), and
the answer the tenth the partner would pay (``interest``): words only, the same questions asked. A
game recorded before revision 6 trades as it was played.

From rules revision 7 (:data:`~companion.morpoly.revisions.TRADES_AT_ANY_MENU`) a trade is not
bound to the turn: players trade whenever two of them agree. Every token's menu also offers
``others-trade`` when a party other than its own (or its own, when the token is not its boss) can
propose one; the table names the party whose boss proposes it (``morpoly.trade.proposer``, asked of
the token whose menu it is, or ``cancel``; not asked when only one party can), and the offer goes as in revision 6,
between that party and any partner (the party on turn too). The menu's ``trade`` is the token's own
party's, as before: the usual trade takes no more taps.

From rules revision 8 (:data:`~companion.morpoly.revisions.DEBT_TRADES`, ruling R74) a party raising a
debt may trade too: the question to raise the money (``morpoly.debt.raise``) offers ``trade``
(:func:`debt_trade`), and its boss builds the offer by :func:`deal`, to any partner, as at the menu.
"""
from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final, TypedDict

from companion.core.procedure import Narrator, Question, Reason, because
from companion.morpoly.editions import Edition, load_edition
from companion.morpoly.money import BANK, transfer
from companion.morpoly.mortgaged_transfer import (interest_collector, interest_due, interest_on, interest_owed,
                                                  lift_at_once, pay_received_interest, say_interest)
from companion.morpoly.questions import ask_amount, ask_choice
from companion.morpoly.revisions import TRADES_AT_ANY_MENU, TRADES_BOTH_WAYS
from companion.morpoly.rules import anyone_in_jail, is_variant, makes_no_deals, party_jailed
from companion.morpoly.state import SquareState, State

Trading = Generator[Question, str, None]

TRADE: Final = "trade"
"""The menu answer that starts the boss's own party's trade (when some deal is possible, :func:`can_trade`)."""
OTHERS_TRADE: Final = "others-trade"
"""The menu answer that starts a trade another party proposes (rules revision 7)."""
PREFIX: Final = "trade:"
CANCEL: Final = "cancel"
REFUSE: Final = "refuse"
LABELS: Final = tuple(f"{PREFIX}{index}" for index in range(40))
"""The answers naming each square, made once (menus list them before every roll)."""


def tradeable(state: State, edition: Edition, buyer: str) -> Iterator[int]:
    """The squares the boss of ``buyer`` may propose to buy now, by square number."""
    # B1 (:func:`makes_no_deals`) bites only a party all of whose tokens sit in jail: with no token
    # in jail (most menus) it is not asked of the buyer and of each owner (it was a third of the scan)
    jail = anyone_in_jail(state)
    if jail and makes_no_deals(state, buyer):
        return
    cash = state.party(buyer).cash
    unit = edition.currency.rounding_unit
    if cash < unit:
        return
    squares = state.squares
    order, groups = _squares(edition.id)
    jailed: dict[str, bool] = {}
    built: dict[int, bool] = {}  # per group (by its first square), found once (the menu asks before every roll)
    for index in order:
        sq = squares[index]
        owner = sq.owner
        if owner is None or owner == buyer:
            continue
        group = groups[index]
        first = group[0] if group else -1
        has_buildings = built.get(first)
        if has_buildings is None:  # :func:`_has_buildings` written out (a call per group of every scan)
            has_buildings = False
            for member in group:
                if squares[member].houses:
                    has_buildings = True
                    break
            built[first] = has_buildings
        if has_buildings:
            continue
        if jail and owner not in jailed:
            jailed[owner] = makes_no_deals(state, owner)
        if (jail and jailed[owner]) or (sq.mortgaged and cash < unit + interest_due(state, edition, index)):
            continue
        yield index


@lru_cache(maxsize=None)
def _squares(edition_id: str) -> tuple[tuple[int, ...], dict[int, tuple[int, ...]]]:
    """The edition's ownable squares by number — the squares of every valid position, as
    ``state_format`` holds them — and each one's group (``Edition.group``), made once: the scan
    went through ``sorted(state.squares)`` (some 5,000 instructions of a menu's 27,000) and asked
    the edition for each group, then hashed the group's tuple for its memo (keyed by the group's
    first square instead: an int hashes at once)."""
    edition = load_edition(edition_id)
    order = edition.ownable()
    return order, {index: edition.group(index) for index in order}


def _has_buildings(squares: dict[int, SquareState], group: tuple[int, ...]) -> bool:
    for member in group:
        if squares[member].houses:
            return True
    return False


def can_trade(state: State, edition: Edition, buyer: str) -> bool:
    """Whether the menu offers ``trade``: before rules revision 6 when the boss may buy some square
    (found at the first square that may change hands), from it when some deal is possible."""
    if state.revision >= TRADES_BOTH_WAYS:
        return bool(partners(state, edition, buyer))
    return next(tradeable(state, edition, buyer), None) is not None


def menu_trades(state: State, edition: Edition, party: str, boss: bool) -> list[str]:
    """The trade answers of the menu of a token of ``party`` (``boss``: the party's boss's token):
    ``trade`` on its party's boss's menu when that party can deal (:func:`can_trade`), and from rules
    revision 7 ``others-trade`` whenever another party can propose a trade (:func:`other_proposers`),
    found together (the menu comes before every roll, which has found the token's party already)."""
    if state.revision < TRADES_AT_ANY_MENU:
        return [TRADE] if boss and can_trade(state, edition, party) else []
    dealing = _dealing(state, edition)
    if not dealing:
        return []
    # the boss's party can deal exactly when it makes deals (another that does, and one of them with
    # something to hand over, are given); and then some other party can propose too
    return [TRADE, OTHERS_TRADE] if boss and party in dealing else [OTHERS_TRADE]


def other_proposers(state: State, edition: Edition, token_id: str) -> list[str]:
    """The parties whose bosses may propose a trade on the menu of ``token_id`` beside its own
    ``trade`` (rules revision 7; none before it): every party that makes deals, when two can deal,
    but the token's own party when the token is its boss (the menu's ``trade`` is that party's)."""
    if state.revision < TRADES_AT_ANY_MENU:
        return []
    dealing = _dealing(state, edition)
    party = state.token(token_id).party
    if state.party(party).boss == token_id:
        return [p for p in dealing if p != party]
    return dealing


def _dealing(state: State, edition: Edition) -> list[str]:
    """The parties that make deals, when two of them can deal (else none): both make deals and one
    of them has something to hand over. Then each has a partner (that one, or any other when it is
    that one)."""
    if anyone_in_jail(state):  # (before every roll: B1 looked up only when it can bite)
        dealing = [p.id for p in state.parties if not makes_no_deals(state, p.id)]
    else:
        dealing = [p.id for p in state.parties]
    return dealing if len(dealing) > 1 and _any_items(state, edition, dealing) else []


def _any_items(state: State, edition: Edition, parties: list[str]) -> bool:
    """Whether one of ``parties`` holds a square that may change hands or a get-out-of-jail card
    (:func:`_has_items` of each, in one pass over the squares)."""
    for party in state.parties:  # written out (a generator expression was one made per menu)
        if party.jail_cards and party.id in parties:
            return True
    order, groups = _squares(edition.id)
    squares = state.squares
    for index in order:
        if squares[index].owner in parties and not _has_buildings(squares, groups[index]):
            return True
    return False


def trade_options(state: State, edition: Edition, buyer: str) -> list[str]:
    """Every ``trade:<square>`` the boss of ``buyer`` may propose now."""
    return [LABELS[index] for index in tradeable(state, edition, buyer)]


def trade_proposed_by_another(state: State, edition: Edition, narrator: Narrator, token_id: str) -> Trading:
    """The menu's ``others-trade`` on the turn of ``token_id`` (rules revision 7): the table names the
    party that proposes (:func:`other_proposers`; not asked when only one can), whose boss then builds
    the offer as in :func:`deal`."""
    able = other_proposers(state, edition, token_id)
    if not able:
        return
    party = able[0]
    if len(able) > 1:  # ``cancel``: the button was tapped by mistake (the offer has its own ``cancel``)
        party = yield from ask_choice(state, narrator, "morpoly.trade.proposer", "who proposes a trade?",
                                      token_id, [*able, CANCEL], unavailable=jailed_parties(state, None),
                                      token=token_id)
        if party == CANCEL:
            return
    yield from deal(state, edition, narrator, party)


def trade(state: State, edition: Edition, narrator: Narrator, buyer: str) -> Trading:
    """The trade the menu's ``trade`` starts: an offer both ways from rules revision 6
    (:func:`deal`), before it one deed bought (:func:`buy_deed`), as the game was recorded."""
    if state.revision >= TRADES_BOTH_WAYS:
        yield from deal(state, edition, narrator, buyer)
    else:
        yield from buy_deed(state, edition, narrator, buyer)


def buy_deed(state: State, edition: Edition, narrator: Narrator, buyer: str) -> Trading:
    """Which square the buyer's boss proposes to buy (or ``cancel``); then the owner's boss names
    the price agreed, or refuses; then the deed and the money change hands (rules revisions 1–5)."""
    boss = state.party(buyer).boss
    choice = yield from ask_choice(state, narrator, "morpoly.trade.square", f"{boss}: which square do you buy "
                                   f"from another party?", boss, [*trade_options(state, edition, buyer), CANCEL],
                                   party=buyer, boss=boss)
    if choice == CANCEL:
        return
    square = int(choice[len(PREFIX):])
    seller = state.squares[square].owner
    assert seller is not None
    name = edition.squares[square].name
    interest = interest_due(state, edition, square)
    unit = edition.currency.rounding_unit
    maximum = state.party(buyer).cash - interest
    boss = state.party(seller).boss
    answer = yield from ask_amount(state, narrator, "morpoly.trade.price", f"{boss}: sell {name} to {buyer}? "
                                   f"the price agreed, or refuse", boss, unit, maximum, (REFUSE,),
                                   square=str(square), buyer=buyer, seller=seller, name=name)
    if answer == REFUSE:
        narrator.say("morpoly.trade.refused", f"{seller} keeps {name}", seller=seller, buyer=buyer, square=square,
                     name=name)
        return
    price = int(answer)
    transfer(state, buyer, seller, price)
    if interest:
        transfer(state, buyer, BANK, interest)
    state.squares[square] = state.squares[square].with_owner(buyer)
    narrator.say("morpoly.trade.done", f"{buyer} buys {name} from {seller} for {edition.currency.format(price)}",
                 seller=seller, buyer=buyer, square=square, name=name, price=edition.currency.format(price))
    if interest:
        say_interest(state, edition, narrator, buyer, [square], interest)
        yield from lift_at_once(state, edition, narrator, buyer, [square])


# -- rules revision 6: squares, cards and cash both ways ------------------------------------------

GIVE: Final = "give:"
GET: Final = "get:"
GIVE_CARD: Final = "give-card:"
GET_CARD: Final = "get-card:"
PAY: Final = "pay"
ASK: Final = "ask"
PROPOSE: Final = "propose"
ACCEPT: Final = "accept"
ITEMS: Final = " + "
"""How an offer's items are joined in the params of its questions and of the deal's line (a square's
name, an amount as the set prints it, a card by its id): screens name each item in their words."""
DECKS: Final = {"chance": "Chance", "chest": "Community Chest"}


@dataclass
class Offer:
    """What the boss of ``party`` offers ``partner``: the squares and get-out-of-jail cards each side
    hands over, and the cash each side pays (``pay``: ``party`` to ``partner``; ``ask``: back)."""

    party: str
    partner: str
    give: list[int] = field(default_factory=list)
    get: list[int] = field(default_factory=list)
    give_cards: list[str] = field(default_factory=list)
    get_cards: list[str] = field(default_factory=list)
    pay: int = 0
    ask: int = 0

    def moves(self) -> bool:
        """Whether a square or a card changes hands (cash alone is no deal: ``propose`` waits)."""
        return bool(self.give or self.get or self.give_cards or self.get_cards)

    def chosen(self) -> list[str]:
        """The answers in the offer now: each answered again takes its item back."""
        return [*(f"{GIVE}{s}" for s in self.give), *(f"{GET}{s}" for s in self.get),
                *(f"{GIVE_CARD}{c}" for c in self.give_cards), *(f"{GET_CARD}{c}" for c in self.get_cards),
                *([PAY] if self.pay else []), *([ASK] if self.ask else [])]


def _owned(state: State, edition: Edition, party: str) -> Iterator[tuple[int, bool]]:
    """``party``'s squares by number, each with whether its colour group has buildings (then it
    may not change hands until they are sold: standard Monopoly)."""
    order, groups = _squares(edition.id)
    squares = state.squares
    for index in order:
        if squares[index].owner == party:
            yield index, _has_buildings(squares, groups[index])


def squares_of(state: State, edition: Edition, party: str) -> tuple[list[int], list[int]]:
    """``party``'s squares by number: those that may change hands, and those of a colour group with
    buildings, which may not until the buildings are sold (standard Monopoly)."""
    free: list[int] = []
    built: list[int] = []
    for index, has_buildings in _owned(state, edition, party):
        (built if has_buildings else free).append(index)
    return free, built


def _has_items(state: State, edition: Edition, party: str) -> bool:
    """Whether ``party`` holds a square that may change hands, or a get-out-of-jail card."""
    return bool(state.party(party).jail_cards) or any(not built for _index, built in _owned(state, edition, party))


def partners(state: State, edition: Edition, party: str) -> list[str]:
    """The parties the boss of ``party`` may deal with now, in seating order: none when ``party``
    makes no deals (B1, R10); else every other party not in jail that has something to trade, or
    every one when ``party`` has."""
    if makes_no_deals(state, party):
        return []
    return _partners_if_free(state, edition, party)


def _partners_if_free(state: State, edition: Edition, party: str) -> list[str]:
    """:func:`partners` of ``party`` as though it made deals (B1 not read for ``party`` itself)."""
    others = [p.id for p in state.parties if p.id != party and not makes_no_deals(state, p.id)]
    if _has_items(state, edition, party):
        return others
    return [p for p in others if _has_items(state, edition, p)]


def debt_trade(state: State, edition: Edition, party: str) -> tuple[list[str], dict[str, Reason]]:
    """The ``trade`` of the question to raise a debt (rules revision 8, ruling R74: a Monopoly player
    short of cash may sell property to another player): offered when ``party`` can deal
    (:func:`partners`); greyed, naming B1, when only its jail stops it (the Thieves deal from jail,
    L36); absent when no deal is possible at all (nobody else makes deals, or nothing to hand over)."""
    if not _partners_if_free(state, edition, party):
        return [], {}
    if makes_no_deals(state, party):
        return [], {TRADE: in_jail_no_deals(party)}
    return [TRADE], {}


def in_jail_no_deals(party: str) -> Reason:
    """Why ``party`` may not deal now (B1, R10): the one reason the trade's questions grey it by."""
    return because("morpoly.trade.jailed", f"{party} sits in jail and makes no deals (B1)", party=party)


def jailed_parties(state: State, party: str | None) -> dict[str, Reason]:
    """The parties other than ``party`` (``None``: every party) that make no deals now, each with
    its rule (B1, R10), greyed in the questions that name the proposer and the partner."""
    return {p.id: in_jail_no_deals(p.id) for p in state.parties if p.id != party and makes_no_deals(state, p.id)}


def item_names(edition: Edition, squares: Sequence[int], cards: Sequence[str], cash: int) -> str:
    """One side of an offer as its params carry it (:data:`ITEMS`); "" for nothing."""
    names = [edition.squares[s].name for s in squares] + list(cards)
    if cash:
        names.append(edition.currency.format(cash))
    return ITEMS.join(names)


def _english(names: str, mortgaged: str = "") -> str:
    """One side of an offer in the log's English (a card by its deck, a square of ``mortgaged``, the
    param of :func:`mortgage_params`, marked as such)."""
    if not names:
        return "nothing"
    marked = set(mortgaged.split(ITEMS)) if mortgaged else set()
    return ITEMS.join(f"Get Out of Jail Free ({DECKS[n.partition('.')[0]]})" if n.endswith(".jail-free")
                      and n.partition(".")[0] in DECKS else f"{n} (mortgaged)" if n in marked else n
                      for n in names.split(ITEMS))


def sides(edition: Edition, offer: Offer) -> tuple[str, str]:
    """What ``offer.party`` gives and what it gets, each as :func:`item_names` says it."""
    return (item_names(edition, offer.give, offer.give_cards, offer.pay),
            item_names(edition, offer.get, offer.get_cards, offer.ask))


class MortgageParams(TypedDict, total=False):
    """The params of :func:`mortgage_params` (a TypedDict: passed on as keywords, typed as such)."""

    mortgaged: str
    interest: str


def mortgage_params(state: State, edition: Edition, offer: Offer, interest: int = 0) -> MortgageParams:
    """The params that say the mortgages of an offer's questions and lines: ``mortgaged``, its squares
    that change hands mortgaged, by name, joined as :data:`ITEMS` joins them, and ``interest``, R12's
    tenth ``interest`` as the set prints it — each only when there is one (a game without a mortgaged
    square in its offers says its lines as before). Who receives such a square takes it mortgaged and,
    where R12 is read so, pays the bank its tenth (or lifts it), which a partner not told did not weigh."""
    names = ITEMS.join(edition.squares[s].name for s in (*offer.give, *offer.get) if state.squares[s].mortgaged)
    said = MortgageParams(mortgaged=names) if names else MortgageParams()
    if interest:
        said["interest"] = edition.currency.format(interest)
    return said


def shortfall(state: State, edition: Edition, offer: Offer) -> Reason | None:
    """Why the offer cannot be proposed: a side whose cash, with the cash it receives, does not
    cover the cash it pays and the tenth of R12 on the mortgaged squares it receives; else ``None``."""
    for side, pays, receives, squares in ((offer.party, offer.pay, offer.ask, offer.get),
                                          (offer.partner, offer.ask, offer.pay, offer.give)):
        due = pays + interest_owed(state, edition, side, squares)
        has = state.party(side).cash + receives
        if due > has:
            money = edition.currency.format
            return because("morpoly.trade.short", f"{side} cannot pay {money(due)} (cash and interest on the "
                           f"mortgaged squares received): has {money(has)}", party=side, amount=money(due),
                           cash=money(has))
    return None


def offer_options(state: State, edition: Edition, offer: Offer) -> tuple[list[str], dict[str, Reason]]:
    """The offer question's answers and its greyed ones: each square either side may hand over,
    each card either side holds, cash either way, ``propose`` and ``cancel``."""
    options: list[str] = []
    unavailable: dict[str, Reason] = {}
    unit = edition.currency.rounding_unit
    for prefix, party in ((GIVE, offer.party), (GET, offer.partner)):
        free, built = squares_of(state, edition, party)
        options.extend(f"{prefix}{s}" for s in free)
        for s in built:
            unavailable[f"{prefix}{s}"] = because("morpoly.trade.built", f"{edition.squares[s].name}: its group has "
                                                  f"buildings; sell them first", name=edition.squares[s].name)
    options.extend(f"{GIVE_CARD}{c}" for c in state.party(offer.party).jail_cards)
    options.extend(f"{GET_CARD}{c}" for c in state.party(offer.partner).jail_cards)
    if offer.pay or state.party(offer.party).cash >= unit:
        options.append(PAY)
    if offer.ask or state.party(offer.partner).cash >= unit:
        options.append(ASK)
    if offer.moves():
        short = shortfall(state, edition, offer)
        if short is None:
            options.append(PROPOSE)
        else:
            unavailable[PROPOSE] = short
    options.append(CANCEL)
    return options, unavailable


def toggle(offer: Offer, choice: str) -> None:
    """Add the item ``choice`` names to the offer, or take it back when it is in already."""
    for prefix, items in ((GIVE_CARD, offer.give_cards), (GET_CARD, offer.get_cards)):
        if choice.startswith(prefix):
            card = choice[len(prefix):]
            if card in items:
                items.remove(card)
            else:
                items.append(card)
            return
    for prefix, squares in ((GIVE, offer.give), (GET, offer.get)):
        if choice.startswith(prefix):
            square = int(choice[len(prefix):])
            if square in squares:
                squares.remove(square)
            else:
                squares.append(square)
                squares.sort()
            return


INTEREST_TO_PATRICIAN: Final = "patrician"
"""The ``form`` of the trade's answer whose interest goes to the Patrician (param ``collector``), not the bank."""


class InterestTo(TypedDict, total=False):
    """The params of the trade's answer that name who is paid its interest (:func:`_interest_params`)."""

    collector: str
    form: str


def _interest_words(edition: Edition, interest: int, collector: str) -> str:
    """The answer's English for R12's tenth the partner pays on the mortgaged squares it receives
    (param ``interest``) to ``collector`` (the bank or the Patrician's party), "" when none is due."""
    if not interest:
        return ""
    to = "the bank" if collector == BANK else collector
    return f"; you pay {to} {edition.currency.format(interest)} interest on the mortgaged squares you receive"


def _interest_params(edition: Edition, offer: Offer, state: State) -> tuple[int, str, InterestTo]:
    """The tenth the partner pays on the squares it receives, whom to (:func:`interest_collector`), and
    the answer's params that say so: no interest when its own team would collect it (a Patrician's
    team, rules revision 9); ``collector`` and the ``form`` :data:`INTEREST_TO_PATRICIAN` when the
    Patrician does."""
    interest = interest_on(state, edition, offer.give)
    collector = interest_collector(state, edition, offer.partner) if interest else BANK
    if collector is None:
        return 0, BANK, InterestTo()
    if collector == BANK:
        return interest, BANK, InterestTo()
    return interest, collector, InterestTo(collector=collector, form=INTEREST_TO_PATRICIAN)


def deal(state: State, edition: Edition, narrator: Narrator, party: str) -> Trading:
    """Revision 6's trade: the partner, the offer built item by item, the partner's answer, then
    everything changes hands at once (see the module docstring)."""
    boss = state.party(party).boss
    candidates = partners(state, edition, party)
    if not candidates:
        return
    partner = candidates[0]
    if len(candidates) > 1:
        partner = yield from ask_choice(state, narrator, "morpoly.trade.partner", f"{boss}: trade with whom?", boss,
                                        candidates, unavailable=jailed_parties(state, party), party=party, boss=boss)
    offer = Offer(party, partner)
    proposed = yield from build_offer(state, edition, narrator, offer)
    if not proposed:
        return
    gives, gets = sides(edition, offer)
    interest, collector, to = _interest_params(edition, offer, state)
    said = mortgage_params(state, edition, offer, interest)
    mortgaged = said.get("mortgaged", "")
    their_boss = state.party(partner).boss
    answer = yield from ask_choice(state, narrator, "morpoly.trade.answer", f"{their_boss}: {party} offers you "
                                   f"{_english(gives, mortgaged)} for {_english(gets, mortgaged)}"
                                   f"{_interest_words(edition, interest, collector)}: accept?", their_boss,
                                   [ACCEPT, REFUSE], party=party, partner=partner, boss=their_boss, gives=gives,
                                   gets=gets, chosen=",".join(offer.chosen()), **said, **to)
    if answer == REFUSE:
        narrator.say("morpoly.trade.declined", f"{partner} refuses the offer of {party}", party=party, partner=partner,
                     gives=gives, gets=gets)
        return
    yield from exchange(state, edition, narrator, offer)


def build_offer(state: State, edition: Edition, narrator: Narrator, offer: Offer) -> Generator[Question, str, bool]:
    """Ask the proposer's boss for the offer, one answer at a time, until ``propose`` (``True``) or
    ``cancel`` (``False``); the question shows the offer so far (``gives``, ``gets``, ``chosen``)."""
    party, partner = offer.party, offer.partner
    boss = state.party(party).boss
    while True:
        options, unavailable = offer_options(state, edition, offer)
        gives, gets = sides(edition, offer)
        chosen = ",".join(offer.chosen())
        said = mortgage_params(state, edition, offer)
        mortgaged = said.get("mortgaged", "")
        choice = yield from ask_choice(state, narrator, "morpoly.trade.offer", f"{boss}: your offer to {partner}: "
                                       f"you give {_english(gives, mortgaged)}; you get {_english(gets, mortgaged)}",
                                       boss, options, unavailable=unavailable, party=party, boss=boss,
                                       partner=partner, gives=gives, gets=gets, chosen=chosen, **said)
        if choice == CANCEL:
            return False
        if choice == PROPOSE:
            return True
        if choice == PAY or choice == ASK:
            yield from cash_item(state, edition, narrator, offer, choice, gives, gets, chosen)
        else:
            toggle(offer, choice)


def cash_item(state: State, edition: Edition, narrator: Narrator, offer: Offer, choice: str, gives: str,
              gets: str, chosen: str) -> Generator[Question, str, None]:
    """Cash paid (``pay``) or asked (``ask``): taken back when it is in the offer already, else its
    amount asked of the proposer's boss, up to the payer's cash (``cancel``: none)."""
    if (offer.pay if choice == PAY else offer.ask):
        offer.pay, offer.ask = (0, offer.ask) if choice == PAY else (offer.pay, 0)
        return
    party, partner = offer.party, offer.partner
    boss = state.party(party).boss
    unit = edition.currency.rounding_unit
    said = {"party": party, "boss": boss, "partner": partner, "gives": gives, "gets": gets, "chosen": chosen}
    if choice == PAY:
        answer = yield from ask_amount(state, narrator, "morpoly.trade.pay", f"{boss}: how much do you pay {partner}?",
                                       boss, unit, state.party(party).cash, (CANCEL,), **said)
    else:
        answer = yield from ask_amount(state, narrator, "morpoly.trade.ask", f"{boss}: how much does {partner} pay "
                                       f"you?", boss, unit, state.party(partner).cash, (CANCEL,), **said)
    if answer == CANCEL:
        return
    if choice == PAY:
        offer.pay = int(answer)
    else:
        offer.ask = int(answer)


def exchange(state: State, edition: Edition, narrator: Narrator, offer: Offer) -> Trading:
    """Everything changes hands at once: the squares (a mortgaged one stays mortgaged), the cards,
    the cash; one line for the deal; then each side pays the tenth of R12 on the mortgaged squares
    it received and, in standard Monopoly, is offered to lift them at once."""
    party, partner = offer.party, offer.partner
    gives, gets = sides(edition, offer)
    said = mortgage_params(state, edition, offer)
    mortgaged = said.get("mortgaged", "")
    received = ((party, offer.get), (partner, offer.give))
    interest = [(side, [s for s in squares if interest_due(state, edition, s)]) for side, squares in received]
    interest_paid = [interest_on(state, edition, squares) for _side, squares in interest]
    for side, squares in received:
        for square in squares:
            state.squares[square] = state.squares[square].with_owner(side)
    for source, target, cards in ((party, partner, offer.give_cards), (partner, party, offer.get_cards)):
        for card in cards:
            state.party(source).jail_cards.remove(card)
            state.party(target).jail_cards.append(card)
    if offer.pay:
        transfer(state, party, partner, offer.pay)
    if offer.ask:
        transfer(state, partner, party, offer.ask)
    narrator.say("morpoly.trade.deal", f"{party} and {partner} trade: {party} gives {_english(gives, mortgaged)}; "
                 f"{partner} gives {_english(gets, mortgaged)}", party=party, partner=partner, gives=gives, gets=gets,
                 **said)
    if offer.give_cards or offer.get_cards:
        from companion.morpoly.takeover import watch_returns_cards

        for side in (party, partner):
            watch_returns_cards(state, edition, narrator, side)  # L53
    for (side, squares), amount in zip(interest, interest_paid):
        if amount:
            pay_received_interest(state, edition, narrator, side, squares, amount, partner if side == party else party)
    for side, squares in received:
        yield from lift_at_once(state, edition, narrator, side, squares)
