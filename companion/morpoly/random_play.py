"""Random legal play: a player that answers every question with a legal input (and now and then a
correction), for the tests, the benchmark and the simulator. Randomness lives here, never in the
engine: the inputs it makes are journalled facts like a table's.

It plays plausibly toward takeovers, so that games end: it answers the set-up questions, buys
almost every square it can afford, builds whenever it can (at each menu while it has the cash: a
hotel where one is allowed, else a house on the group that already has the most, as a player
heading for hotels would), mortgages or sells only when a debt forces it, leaves jail by card or
fine now and then, bids in the occasional auction, trades for the square that completes a colour
group (from rules revision 6 offering cash, or now and then a square of its own, which is refused;
never while raising a debt, rules revision 8's ``trade`` there; never another party's trade,
``others-trade``, nor its building and mortgages, ``others-manage``, nor the auction of the bank's
last buildings, ``auction-buildings``: rules revisions 7, 12 and 13),
and with a time limit lets the table call time when the turn counter passes the limit (one turn a
minute). Now and then it corrects a token's position.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from companion.core.frozen import instance
from companion.core.inputs import Answer, CardScan, DieRoll, Input
from companion.morpoly.game import Game, apply, new_game
from companion.morpoly.game_end import TIME_UP
from companion.morpoly.invariants import check_invariants
from companion.morpoly.editions import load_edition
from companion.morpoly.takeover import NO_BIDDER
from companion.morpoly.mortgaged_transfer import interest_due
from companion.morpoly.questions import amount_suggestions
from companion.morpoly.revisions import TRADES_BOTH_WAYS
from companion.morpoly.shortage import AUCTION_BUILDINGS
from companion.morpoly.state import State
from companion.morpoly.turn import OTHERS_MANAGE
from companion.morpoly.trade import (ACCEPT, CANCEL, GET, GIVE, OTHERS_TRADE, PAY, PREFIX, PROPOSE, REFUSE, TRADE,
                                     squares_of, tradeable)

PLAYERS = ("red", "blue", "green", "yellow", "white", "black", "orange", "purple")

BUY = 0.95
"""How often a square the player can afford is bought (the rest are declined)."""

CORRECTION = 0.01
"""How often a menu answer is a correction of some token's position instead."""


@lru_cache(maxsize=None)
def _answer(value: str) -> Answer:
    """``Answer(value)``, made once per value (:mod:`companion.core.frozen`; an input is an immutable
    value): the player answers at most inputs, mostly with a handful of answers."""
    return instance(Answer, {"value": value, "player": None, "seq": None, "type": "answer"})


_ROLLS = {(a, b): DieRoll(faces=(a, b), source="sim") for a in range(1, 7) for b in range(1, 7)}
"""Every throw of two dice the player makes, made once (immutable values): a throw at half the inputs."""


def random_input(game: Game, rng: random.Random) -> Input:
    question = game.current_question  # (the field itself: the ``question`` property is a call)
    assert question is not None
    if question.kind == "roll":  # DieRoll(faces=(first, second), source="sim"), each face :func:`_face`
        draw = rng.getrandbits  # written out (two calls at every other input)
        first = draw(3)
        while first >= 6:
            first = draw(3)
        second = draw(3)
        while second >= 6:
            second = draw(3)
        return _ROLLS[1 + first, 1 + second]
    options = question.options
    key = question.key
    if key == "morpoly.turn.menu":
        return _menu(game, options, rng)
    if key == "morpoly.fortuna.window":
        spend = [o for o in options if o != "play-on"]
        return _answer(rng.choice(spend) if spend and rng.random() < 0.3 else "play-on")
    if key == "morpoly.deed.buy":
        return _answer("buy" if rng.random() < BUY else "decline")
    if key == "morpoly.debt.raise":  # never ``trade`` (rules revision 8): the seeded games stay where they were
        raising = [o for o in options if o != TRADE]
        sales = [o for o in raising if o.startswith("sell:")]
        return _answer(rng.choice(sales if sales and rng.random() < 0.5 else raising))
    if key == "morpoly.trade.square":
        square = _completing_square(game)
        wanted = f"{PREFIX}{square}"
        return _answer(wanted if wanted in options else CANCEL)
    if key == "morpoly.trade.price":
        if rng.random() < 0.3:
            return _answer(REFUSE)
        return _answer(_price(game, options, rng))
    if key == "morpoly.trade.partner":
        square = _completing_square(game)
        owner = game.state.squares[square].owner if square is not None else None
        return _answer(owner if owner in options else rng.choice(options))
    if key == "morpoly.trade.offer":
        return _answer(_offer(game, options, rng))
    if key == "morpoly.trade.pay":
        return _answer(_payment(game, rng))
    if key == "morpoly.trade.answer":  # cash for the square: taken; a swap: refused (see _offer)
        return _answer(ACCEPT if PAY in dict(question.params).get("chosen", "").split(",") else REFUSE)
    if key == "morpoly.takeover.auction":
        bidders = [o for o in options if o != NO_BIDDER]
        return _answer(NO_BIDDER if not bidders or rng.random() < 0.2 else rng.choice(bidders))
    deck = dict(question.params).get("deck")
    if deck and rng.random() < 0.5:
        return CardScan(deck, rng.choice(options))
    return _answer(rng.choice(options))


def _face(rng: random.Random) -> int:
    """``rng.randint(1, 6)``, the same number from the same draws, without its three calls
    (``randint`` → ``randrange`` → ``_randbelow``: three bits drawn until they make 0–5, as
    ``Random._randbelow_with_getrandbits`` does): a die is thrown at every other input, and a test
    holds the two equal."""
    bits = rng.getrandbits(3)
    while bits >= 6:
        bits = rng.getrandbits(3)
    return 1 + bits


def _menu(game: Game, options: Sequence[str], rng: random.Random) -> Input:
    if TIME_UP in options:
        limit = int(game.state.rules.get("time-limit-minutes", "0"))
        if game.state.turn.number >= limit:
            return _answer(TIME_UP)
        options = [o for o in options if o != TIME_UP]
    if rng.random() < CORRECTION and game.state.tokens:
        token = rng.choice(game.state.tokens)
        return _answer(f"place:{token.id}:{rng.randrange(40)}")
    if options[0] == "roll" and _only_others(options):
        return _answer("roll")  # nothing else offered (the rest would draw no number either; the player
        # never takes up ``others-trade``, rules revision 7, nor ``others-manage``, revision 12)
    by_verb: dict[str, list[str]] = {}  # each verb's options in order (``build:3`` → ``build``)
    verbs = _VERBS
    for option in options:
        verb = verbs.get(option)
        if verb is None:
            verb = verbs[option] = option.partition(":")[0]  # half the time of find and slice
        by_verb.setdefault(verb, []).append(option)
    builds = by_verb.get("build")
    if builds and rng.random() < 0.9:
        return _answer(rng.choice(_best_builds(game, builds)))
    if TRADE in by_verb:
        buys, completing = _buys_and_completing(game)
        if buys and rng.random() < 0.9 and completing is not None:
            return _answer(TRADE)
    leave = by_verb.get("pay-fine", []) + by_verb.get("use-card", [])
    if leave and rng.random() < 0.5:
        return _answer(rng.choice(leave))
    lifts = by_verb.get("lift")
    if lifts and rng.random() < 0.3:
        return _answer(rng.choice(lifts))
    others = by_verb.get("mortgage", []) + by_verb.get("sell", [])
    if others and rng.random() < 0.01:
        return _answer(rng.choice(others))
    return _answer("roll")


_NEVER_TAKEN = frozenset({OTHERS_TRADE, OTHERS_MANAGE, AUCTION_BUILDINGS})
"""Menu answers the player never gives: another party's trade (rules revision 7), another party's
building and mortgages (revision 12) and the auction of the bank's last buildings (revision 13). Any
one offered draws no number, so the seeded games stay where they were before the menus offered them."""


def _only_others(options: Sequence[str]) -> bool:
    """Whether the menu offers nothing but ``roll`` (its first) and answers the player never gives."""
    for option in options[1:]:  # written out (a menu before every roll)
        if option not in _NEVER_TAKEN:
            return False
    return True


_VERBS: dict[str, str] = {}
"""Each menu answer's verb, found once per answer (a few hundred in all: the engine names each square's
answers once): a partition made new strings at every option of every menu, and hashed them."""


def _best_builds(game: Game, builds: list[str]) -> list[str]:
    """The builds a player heading for hotels picks from: a hotel where one is allowed, else a house
    on a group that already has the most houses. Houses spread thinly over every group ran the bank's
    32 houses out with no street at four, and so with no hotel that would give four back: the
    games that never ended (every seed past the simulator's cap stood so)."""
    squares = game.state.squares
    groups = _groups(game.state.edition)
    hotels = [o for o in builds if squares[groups[o][0]].houses == 4]
    if hotels:
        return hotels
    standing = {}
    for o in builds:  # written out: a generator per answer, made at every build
        houses = 0
        for s in groups[o][1]:
            houses += squares[s].houses
        standing[o] = houses
    most = max(standing.values())
    return [o for o in builds if standing[o] == most]


@lru_cache(maxsize=None)
def _groups(edition_id: str) -> dict[str, tuple[int, tuple[int, ...]]]:
    """Each street's ``build:`` answer with its square and the square's group (no number parsed per answer)."""
    edition = load_edition(edition_id)
    return {f"build:{s.index}": (s.index, edition.group(s.index)) for s in edition.squares if s.kind == "street"}


def _completing_square(game: Game) -> int | None:
    """The lowest-numbered square of another party that would complete a colour group for the asking
    party and may change hands now (the tradeable squares come by number, so the scan stops at the
    first that completes a group: it ran before most menu answers)."""
    state = game.state
    question = game.question
    assert question is not None
    buyer = state.token(question.player or "").party
    candidates = _completing_candidates(state, buyer)
    if not candidates:
        return None
    for square in tradeable(state, load_edition(state.edition), buyer):
        if square in candidates:
            return square
    return None


def _buys_and_completing(game: Game) -> tuple[bool, int | None]:
    """Whether the player could buy a square, and :func:`_completing_square`, from one scan of the
    tradeable squares (the menu asked both, each scanning them: half the random player's time at a
    menu). The player considers a trade only when it could buy (the menu's ``trade`` before rules
    revision 6, which offers it whenever some deal is possible), so that a game without a trade draws
    the same numbers as it did. The first tradeable square settles that (before revision 6 it is
    true anyway); the scan goes on only while a square that completes a group may still come."""
    state = game.state
    question = game.current_question
    assert question is not None
    buyer = state.token(question.player or "").party
    candidates = _completing_candidates(state, buyer)
    old_rules = state.revision < TRADES_BOTH_WAYS
    if old_rules and not candidates:
        return True, None
    last = max(candidates) if candidates else -1  # the tradeable squares come by number: none of the
    buys = old_rules  # candidates comes after a square past the last of them
    for square in tradeable(state, load_edition(state.edition), buyer):
        if square in candidates:
            return True, square
        if square > last:
            return True, None
        buys = True
    return buys, None


def _completing_candidates(state: State, buyer: str) -> list[int]:
    """The squares of other parties each of which is the one square of a colour group ``buyer`` lacks."""
    squares = state.squares
    candidates = []
    for group in load_edition(state.edition).street_groups:
        missing = -1  # the one square of the group the buyer lacks (-1: none yet; -2: more than one)
        for s in group:  # written out: asked at most menus of a game
            if squares[s].owner != buyer:
                if missing != -1:
                    missing = -2
                    break
                missing = s
        if missing >= 0 and squares[missing].owner is not None:
            candidates.append(missing)
    return candidates


def _offer(game: Game, options: Sequence[str], rng: random.Random) -> str:
    """Revision 6's offer, as the random player builds it: the square that completes a group, then
    cash for it, which the partner accepts; or, as often as the owner refused to sell before (the
    same draw), a swap for a square of its own that completes nothing of its own, which the partner
    refuses (no spare square: the offer is cancelled). So a trade draws the same numbers, and moves
    the same deeds and cash, as it did before revision 6: the seeded games tests and the simulator
    rely on stay where they were, and the swap's questions and the refusal are still played."""
    chosen = dict(game.question.params).get("chosen", "") if game.question is not None else ""
    if not chosen:
        square = _completing_square(game)
        wanted = f"{GET}{square}"
        return wanted if wanted in options else CANCEL
    if "," not in chosen:  # the square wanted alone: what the player gives for it
        if rng.random() < 0.3:
            spare = [f"{GIVE}{s}" for s in _spare_squares(game) if f"{GIVE}{s}" in options]
            return spare[0] if spare else CANCEL
        return PAY
    return PROPOSE if PROPOSE in options else CANCEL


def _spare_squares(game: Game) -> list[int]:
    """The player's squares it may hand over whose colour group it does not hold whole."""
    state = game.state
    question = game.question
    assert question is not None
    party = state.token(question.player or "").party
    edition = load_edition(state.edition)
    free, _built = squares_of(state, edition, party)
    return [s for s in free if any(state.squares[m].owner != party for m in edition.group(s))]


def _payment(game: Game, rng: random.Random) -> str:
    """The cash offered for the square wanted, as its owner named the price before revision 6: up
    to twice its printed price, from the amounts a price question listed up to the cash that leaves
    R12's tenth on it payable, so the buyer can still build."""
    question = game.question
    assert question is not None
    state = game.state
    edition = load_edition(state.edition)
    wanted = [int(o[len(GET):]) for o in dict(question.params).get("chosen", "").split(",") if o.startswith(GET)]
    party = state.token(question.player or "").party
    room = state.party(party).cash - sum(interest_due(state, edition, s) for s in wanted)
    listed = amount_suggestions(edition.currency.rounding_unit, room)
    ceiling = 2 * sum(edition.deed(s).price for s in wanted)
    return rng.choice([o for o in listed if int(o) <= ceiling] or listed)


def _price(game: Game, options: Sequence[str], rng: random.Random) -> str:
    """A price the seller names: up to twice the printed price, so the buyer can still build."""
    question = game.question
    assert question is not None
    edition = load_edition(game.state.edition)
    ceiling = 2 * edition.deed(int(dict(question.params)["square"])).price
    prices = [o for o in options if o != REFUSE and int(o) <= ceiling] or [o for o in options if o != REFUSE]
    return rng.choice(prices)


def play(seed: int, players: int = 3, rules: dict[str, str] | None = None, cap: int = 4000,
         check: bool = True) -> tuple[Game, list[Input]]:
    """One game from ``seed`` until it ends or ``cap`` inputs were given; with ``check``, every
    invariant after every input (an ``AssertionError`` names the broken one)."""
    rng = random.Random(seed)
    game = new_game(list(PLAYERS[:players]), rules or {"edition": "us", "base": "standard"})
    inputs: list[Input] = []
    while game.question is not None and len(inputs) < cap:
        inp = random_input(game, rng)
        game = apply(game, inp)
        inputs.append(inp)
        if check:
            problems = check_invariants(game.state)
            assert not problems, f"seed {seed}, input {len(inputs)} {inp!r}: {problems}"
    return game, inputs
