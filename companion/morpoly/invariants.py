"""The table's invariants, in one list, for the random-play tests and the simulator: money is
conserved (bank + parties), each square has at most one owner and it is a party in the game, the
house and hotel supply adds up, no mortgaged square carries buildings, tokens belong to their
parties, a get-out-of-jail card is held once, the FSU ledger is sound (each contract on its own, its
parties and holder in the game, one active FSU per pair of parties that never merged), and the
position format round-trips. Money includes the FSUs'
premiums and payouts: they move between parties, so bank + parties stays the edition's total.

The simulator (``simulate --mode ankh-morpoly``, schedule in :mod:`companion.cli.sampled_checks`)
checks the totals (:func:`totals_problems`: money, no party below zero, square owners, one FSU per
pair, the house and hotel supply; some 5 µs) after every input and the whole set
(:func:`check_invariants`, some 7 µs; its round-trip some 50 µs more) on a sample of inputs
(measured over 1,500 positions of four-player Fortuna games; an input of the engine is some 50 µs). The totals' lines are the whole set's own, so a
slip reads the same whichever check meets it. A :class:`Memo` may carry what the last check of a
game found about the parts of the table that most inputs leave alone (the squares, the FSU ledger):
a part is looked at again only when it differs from the one the memo describes, so the answer is the
same as without the memo, and every check can still fail."""
from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from companion.core.errors import CompanionError
from companion.morpoly.editions import Edition, load_edition
from companion.morpoly.fsu import Fsu, Ledger, ledger_problems, pair_problems
from companion.morpoly.revisions import EVEN_HOTEL_SALE
from companion.morpoly.soundness import (Building, Misplaced, buildings, building_problems, card_held_twice, groups,
                                         money_total, parties_in_debt, supply_problems, token_problems)
from companion.morpoly.state import HOTEL, SquareState, State
from companion.morpoly.state_format import state_from_json, state_to_json

_OWNER = attrgetter("owner")


@dataclass
class Memo:
    """What one run of checks (one game) found last about two parts of the table: the squares (with
    the parties they were checked against) and the FSU ledger (an immutable value, so the same
    object has the same problems). A memo belongs to one caller; :func:`check_invariants` without
    one checks everything from scratch."""

    squares_key: tuple[Any, ...] | None = None
    squares_found: tuple[tuple[str, ...], int, int] = ((), 0, 0)
    ledger: Ledger | None = None
    ledger_found: tuple[str, ...] = ()
    totals_key: tuple[SquareState, ...] | None = None
    """The squares :func:`totals_problems` last summed (immutable values: the same objects, the same
    sums), and what it found: the houses and hotels built and the owners."""
    totals_found: tuple[int, int, set[str | None] | frozenset[str | None]] = (0, 0, frozenset())
    totals_owned: dict[str, int] = field(default_factory=dict)
    """How many of those squares each owner holds: the squares that changed since (a few) update
    the sums instead of every square being summed again (:func:`_totals_since`)."""
    pairs_apart: Ledger | None = None
    """The last ledger whose active FSUs :func:`totals_problems` found each of its own pair of
    parties (an immutable value: the same object, the same pairs), so that nothing of R17's check
    can fail on it whatever the parties."""


def ledger_invariants(state: State, memo: Memo | None = None) -> list[str]:
    """The FSU ledger (§2.5): each contract sound on its own (``fsu.ledger_problems``: ids unique and
    below ``next_id``, insurer not its beneficiary, a positive premium, a street as its square, covers,
    nothing active before ``ended_prefix``); each active one's insurer, beneficiary and holder
    token in the game; and one active FSU per ordered pair of parties that never merged (R17: with
    one running, a landing costs the double fee and buys nothing). A party that took another over
    holds more than one token (tokens join the team and leave only with it, ``takeover.merge``), and
    the FSUs of the two continue with the team (R21), so a pair with a team may hold two: those
    pairs are left to the resolution tests.

    What a position cannot tell, so it is not checked: that the expiry square is still *ahead* of
    the holder. Every square is 1 to 40 squares before it (``fsu.squares_to_expiry`` counts modulo 40, and 40
    while the holder stands where it bought it), so a check of that distance could not fail; and the
    holder may stand on the square with the FSU running (a backward walk or a teleport jump onto it
    ends nothing, §2.3). Whether the holder came past the square since the purchase takes the way it
    walked, which the position does not hold: the expiries are checked on the path steps
    (``fsu.expires_on``, ``tests/companion/morpoly/test_fsu_*``)."""
    if not state.ledger.fsus:  # no contract, nothing below can fail
        return []
    out = [f"fsus: {problem}" for problem in _ledger_problems(state.ledger, memo)]
    parties = {p.id for p in state.parties}
    tokens = {t.id for t in state.tokens}
    active = state.ledger.active()
    for contract in active:
        if contract.insurer not in parties or contract.beneficiary not in parties:
            out.append(f"fsu {contract.fsu_id}: {contract.insurer!r} insures {contract.beneficiary!r}, "
                       "not both parties in the game")
        if contract.holder_token not in tokens:
            out.append(f"fsu {contract.fsu_id}: its holder token {contract.holder_token!r} is not in the game")
    out.extend(_pair_lines(state, active))
    return out


def _pair_lines(state: State, active: tuple[Fsu, ...]) -> list[str]:
    """One active FSU per ordered pair of parties that never merged (R17), for
    :func:`ledger_invariants` and :func:`totals_problems` alike. "Never merged" is read as "holds
    one token": a takeover moves the debtor's tokens into the creditor's party and none ever
    leaves a team on its own (``takeover.merge``), so a party with one token took nobody over."""
    if _pairs_apart(active):  # no pair holds two: nothing below can fail
        return []
    never_merged = {p.id for p in state.parties if len(p.tokens) == 1}
    unmerged = tuple(f for f in active if f.insurer in never_merged and f.beneficiary in never_merged)
    return [f"fsus: {problem}" for problem in pair_problems(Ledger(unmerged))]


def _pairs_apart(active: tuple[Fsu, ...]) -> bool:
    """Whether no two of the ``active`` FSUs are of one ordered pair of parties (beneficiary, insurer)."""
    if len(active) < 2:
        return True
    pairs = [(f.beneficiary, f.insurer) for f in active]
    return len(set(pairs)) == len(pairs)


def totals_problems(state: State, memo: Memo | None = None) -> list[str]:
    """What the issue's simulator checks after every input, cheap enough for that (the whole set,
    :func:`check_invariants`, runs on a sample): money conserved (bank + parties = the edition's
    money), no party's cash below zero, every square's owner a party in the game (a square holds
    one owner field, so it is never owned twice), one active FSU per ordered pair of parties that
    never merged (R17), and the house and hotel supply (in the bank + built = the edition's). The
    lines are those :func:`check_invariants` gives for the same slips.

    Every figure is first tested in bulk, in one expression, and only a table that fails it is
    looked at again to word its lines (:func:`_totals_lines`): the simulator asks after every input.
    With a ``memo`` (the simulator's, one per game) the squares' sums are those of the last call
    when the squares are the same objects (:class:`~companion.morpoly.state.SquareState` is
    immutable: a square that changed is a new one), as after three inputs in four of a simulated
    game; the bank, the parties and the ledger are looked at every time."""
    ledger = state.ledger
    if memo is None:
        houses, hotels, owners = _built_and_owners(state.squares)
        pairs_apart = not ledger.fsus or _pairs_apart(ledger.active())
    else:
        key = tuple(state.squares.values())
        if key != memo.totals_key:  # the same objects: a pointer compare each
            _totals_since(memo, key)
        houses, hotels, owners = memo.totals_found
        pairs_apart = not ledger.fsus or ledger is memo.pairs_apart
        if not pairs_apart and _pairs_apart(ledger.active()):
            memo.pairs_apart, pairs_apart = ledger, True
    edition = load_edition(state.edition)
    parties = state.parties
    # the rules of soundness called, not written out again here (one place each: money conserved,
    # no party in debt, the house and hotel supply)
    if (money_total(state, edition) is None and not parties_in_debt(parties)
            and not supply_problems(state.bank, edition, houses, hotels)
            and owners.issubset([p.id for p in parties])
            and (pairs_apart or not _pair_lines(state, ledger.active()))):
        return []
    return _totals_lines(state, edition)


def _totals_since(memo: Memo, key: tuple[SquareState, ...]) -> None:
    """The memo's totals for the squares ``key``, from those of the squares it last summed: only the
    squares that are not the same objects are looked at (sums do not care which square is which, so
    pairing the two tables square by square in any order is sound), and from scratch when there is
    no last table of as many squares."""
    old = memo.totals_key
    owned = memo.totals_owned
    if old is None or len(old) != len(key):
        owned.clear()
        houses = hotels = 0
        for sq in key:
            if sq.owner is not None:
                owned[sq.owner] = owned.get(sq.owner, 0) + 1
            if sq.houses == HOTEL:
                hotels += 1
            else:
                houses += sq.houses
    else:
        houses, hotels, _ = memo.totals_found
        for sq, was in zip(key, old):
            if sq is not was:
                if was.houses == HOTEL:
                    hotels -= 1
                else:
                    houses -= was.houses
                if sq.houses == HOTEL:
                    hotels += 1
                else:
                    houses += sq.houses
                if sq.owner != was.owner:
                    if was.owner is not None:
                        owned[was.owner] -= 1
                    if sq.owner is not None:
                        owned[sq.owner] = owned.get(sq.owner, 0) + 1
    memo.totals_key = key
    memo.totals_found = houses, hotels, {owner for owner, count in owned.items() if count}


def _built_and_owners(squares: dict[int, SquareState]) -> tuple[int, int, set[str | None] | frozenset[str | None]]:
    """The houses and the hotels built on ``squares``, and their owners (a set comprehension: a third
    less than a frozenset of a list, at a quarter of the inputs)."""
    houses, hotels = buildings(squares)
    owners = {sq.owner for sq in squares.values()}
    owners.discard(None)
    return houses, hotels, owners


def _totals_lines(state: State, edition: Edition) -> list[str]:
    """:func:`totals_problems`' lines, worded one check at a time."""
    out = _money_lines(state, edition)
    squares = state.squares.values()
    owners = set(map(_OWNER, squares))
    owners.discard(None)
    parties = {p.id for p in state.parties}
    if not owners.issubset(parties):
        out.extend(_stranger_line(index, sq.owner) for index, sq in state.squares.items()
                   if sq.owner is not None and sq.owner not in parties)
    if state.ledger.fsus:
        out.extend(_pair_lines(state, state.ledger.active()))
    out.extend(_supply_lines(state, edition, *buildings(state.squares)))
    return out


def _money_lines(state: State, edition: Edition) -> list[str]:
    """Money conserved and no party in debt (one place for both checks' lines; the rules are
    :mod:`~companion.morpoly.soundness`'s)."""
    total = money_total(state, edition)
    out = [] if total is None else [f"money: bank + parties = {total}, not {edition.bank_money}"]
    party_list = state.parties
    out.extend(f"{party_list[i].id} has negative cash {party_list[i].cash}" for i in parties_in_debt(party_list))
    return out


def _supply_lines(state: State, edition: Edition, houses: int, hotels: int) -> list[str]:
    """The house and hotel supply, given the ``houses`` and ``hotels`` built."""
    return [f"{short.key}: {short.in_bank} in the bank + {short.on_board} built != {short.supply}"
            for short in supply_problems(state.bank, edition, houses, hotels)]


def check_invariants(state: State, round_trip: bool = True, memo: Memo | None = None) -> list[str]:
    """Every broken invariant, one line each (an empty list: the table is sound). ``round_trip``
    off skips the position's JSON round-trip, two thirds of the cost (the simulator samples it); a
    table that breaks another invariant is not read back (the format refuses most such slips too).
    ``memo`` (the simulator's, one per game) skips re-checking the squares and the ledger when they
    are as the last check saw them; the lines are the same as without it.

    The squares are first checked in bulk (comprehensions, each edition's group table built once) and
    only walked one by one to name a problem: the random-play tests and ``simulate --every-input``
    check after every input, and these checks were a fifth of a simulated game."""
    edition = load_edition(state.edition)
    party_list = state.parties
    out = _money_lines(state, edition)
    parties = {p.id: p for p in party_list}
    square_lines, houses, hotels = _squares_found(state, edition, parties, memo)
    out.extend(square_lines)
    out.extend(_supply_lines(state, edition, houses, hotels))
    tokens = state.tokens
    for i, problem in token_problems(tokens, parties):
        token = tokens[i]
        out.append(f"token {token.id} and party {token.party!r} disagree" if problem is Misplaced.UNLISTED
                   else f"token {token.id} stands on {token.square} (in jail: {token.in_jail})")
    if card_held_twice(party_list) is not None:
        out.append(f"a get-out-of-jail card is held twice: {[c for p in party_list for c in p.jail_cards]}")
    out.extend(ledger_invariants(state, memo))
    out.extend(optional_rule_problems(state))
    if round_trip and not out:  # a broken table is not read back: the format refuses most slips above
        out.extend(_round_trip_problems(state))  # too (ankh-morpoly-state/1), in other words, a second line
    return out


def _round_trip_problems(state: State) -> list[str]:
    """The position through ``ankh-morpoly-state/1`` and back: read back equal (a position the format
    refuses, say a square of a stranger, is a line too, not an error)."""
    try:
        back = state_from_json(state_to_json(state))
    except CompanionError as exc:
        return [f"the position does not read back from ankh-morpoly-state/1: {exc}"]
    return [] if back == state else ["the position does not round-trip through ankh-morpoly-state/1"]


def _squares_found(state: State, edition: Edition, parties: dict[str, Any],
                   memo: Memo | None) -> tuple[tuple[str, ...], int, int]:
    """The squares' problems and the houses and hotels built on them; from ``memo`` when the squares
    (each one's owner, buildings and mortgage) and the parties are those it last checked."""
    squares = state.squares
    even = state.revision >= EVEN_HOTEL_SALE  # an older game could leave a group uneven, as it was played
    if memo is None:
        return _squares_checked(squares, edition, parties, even)
    key = (edition.id, even, tuple(parties), tuple(squares), tuple(squares.values()))  # immutable squares: compared by identity first
    if key != memo.squares_key:
        memo.squares_key, memo.squares_found = key, _squares_checked(squares, edition, parties, even)
    return memo.squares_found


def _squares_checked(squares: dict[int, SquareState], edition: Edition,
                     parties: dict[str, Any], even: bool) -> tuple[tuple[str, ...], int, int]:
    """The squares' problems (none on the bulk path) and the houses and hotels built on them
    (``even``: each group built evenly too)."""
    group_of = groups(edition.id)
    built = [(index, sq) for index, sq in squares.items() if sq.houses]
    owners = {sq.owner for sq in squares.values()}
    owners.discard(None)
    if owners.issubset(parties) and _built_sound(squares, group_of, built, even):
        return ((), *buildings(squares))
    out: list[str] = []  # something is wrong: say what, square by square
    _square_problems(squares, group_of, parties, out, even)
    return (tuple(out), *buildings(squares))


def _ledger_problems(ledger: Ledger, memo: Memo | None) -> tuple[str, ...]:
    """:func:`companion.morpoly.fsu.ledger_problems`, from ``memo`` when it is the same ledger (an
    immutable value: the engine replaces it whenever an FSU changes)."""
    if memo is None:
        return tuple(ledger_problems(ledger))
    if memo.ledger is not ledger:
        memo.ledger, memo.ledger_found = ledger, tuple(ledger_problems(ledger))
    return memo.ledger_found


def _even(squares: dict[int, SquareState], group: tuple[int, ...]) -> bool:
    """Whether ``group`` is built evenly: its levels (a hotel is five) differ by at most one."""
    levels = [squares[member].houses for member in group]
    return not levels or max(levels) - min(levels) <= 1


def _built_sound(squares: dict[int, SquareState], groups: dict[int, tuple[int, ...]],
                 built: list[tuple[int, SquareState]], even: bool) -> bool:
    """Whether every built square may carry its buildings (:func:`soundness.building_problems`) and
    (with ``even``) each group is built evenly (a group found even once is even for its other built
    squares too)."""
    level: set[tuple[int, ...]] = set()
    for index, sq in built:
        group = groups.get(index, ())
        if building_problems(squares, group, sq):
            return False
        if even and group not in level:
            if not _even(squares, group):
                return False
            level.add(group)
    return True


def _square_problems(squares: dict[int, SquareState], groups: dict[int, tuple[int, ...]],
                     parties: Container[str], out: list[str], even: bool) -> None:
    """The squares' problems in board order (appended to ``out``)."""
    for index, sq in squares.items():
        if sq.owner is not None and sq.owner not in parties:
            out.append(_stranger_line(index, sq.owner))
        if sq.houses:
            out.extend(_BUILDING_LINES[problem].format(index)
                       for problem in building_problems(squares, groups.get(index, ()), sq))
            if even and not _even(squares, groups.get(index, ())):
                out.append(f"square {index} is built unevenly: its group's levels differ by more than one")


_BUILDING_LINES = {Building.MORTGAGED: "mortgaged square {} has buildings",
                   Building.UNOWNED: "square {} has buildings but no owner",
                   Building.SPLIT: "square {} is built without its whole group"}


def _stranger_line(index: int, owner: str) -> str:
    """A square owned by someone who is no party of the game (the totals' and the walk's words)."""
    return f"square {index} is owned by {owner!r}, not a party"


def optional_rule_problems(state: State) -> list[str]:
    """Fortuna and ELAM: tokens only with the option on, each party at most one; lives only in ELAM,
    never below one for a party still in the game; the NPCs on the board (§5.2–5.4)."""
    rules = state.rules
    if (not state.fortuna and not state.fortuna_earned and not state.lives and state.npcs is None
            and not state.reversed_tokens and rules.get("elam") != "on"):
        return []  # neither option has left anything on the table: nothing below can fail
    out: list[str] = []
    parties = {p.id for p in state.parties}
    fortuna, earned = state.fortuna, state.fortuna_earned
    if fortuna or earned:  # each test below passes for two empty lists
        if rules.get("fortuna") != "on":
            out.append(f"Fortuna tokens without the option: {fortuna} / {earned}")
        for listed in (fortuna, earned):
            if len(set(listed)) != len(listed) or not parties.issuperset(listed):
                out.append(f"Fortuna tokens held by non-parties or twice: {listed}")
        if not set(fortuna).isdisjoint(earned):
            out.append(f"a party holds a Fortuna token and earned another: {fortuna} / {earned}")
    elam = rules.get("elam") == "on"
    if not elam and (state.lives or state.npcs is not None or state.reversed_tokens):
        out.append("lives or NPCs without ELAM")
    if elam:
        lives = state.lives
        if lives.keys() != parties:
            out.append(f"lives {lives} must list exactly the parties {sorted(parties)}")
        if lives and min(lives.values()) < 1:
            out.extend(f"{p} has {n} lives" for p, n in lives.items() if n < 1)
        npcs = state.npcs
        reversed_tokens = state.reversed_tokens
        tokens = {t.id for t in state.tokens} if reversed_tokens or (npcs and npcs.luggage_with) else set()
        if npcs is None:
            out.append("ELAM without its NPCs")
        else:
            if not (0 <= npcs.death < 40 and 0 <= npcs.luggage < 40 and 0 <= npcs.dibbler < 40):
                out.extend(f"NPC on square {sq}" for sq in (npcs.death, npcs.luggage, npcs.dibbler)
                           if not 0 <= sq < 40)
            if npcs.luggage_with is not None and npcs.luggage_with not in tokens:
                out.append(f"the Luggage accompanies {npcs.luggage_with!r}, not a token in the game")
        if reversed_tokens:
            gone = set(reversed_tokens) - tokens
            if gone:
                out.append(f"reversed running direction for tokens not in the game: {sorted(gone)}")
    return out
