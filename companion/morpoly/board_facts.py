"""What the squares alone say of building, selling, mortgaging and lifting, kept from one board to
the next and worked out again only for the groups that changed.

The menu before every roll lists every legal ``build:``, ``sell:``, ``mortgage:`` and ``lift:``
(:func:`companion.morpoly.building.management_options`), and looking at every group of the party
asking was the largest single cost of a simulated game (a sixth of its bytecodes). Most of it
depends on the squares alone: a group's owners, mortgages and levels decide which square may take
the next house, which may lose one and which may be mortgaged; only the cash, the bank's supply,
the hotel rule and the Patrician decide the rest. The squares change at few answers, and then one
group at a time (a purchase, a build, a mortgage). So :func:`candidates` keeps, per board, each
party's **candidates** (the answers the squares allow, in the menu's order) on the state, and when
the board differs from the kept one it works out again only the groups of the squares that differ,
and the candidates of the parties that own a square of them.

The kept facts are keyed on the squares themselves: ``SquareState`` is an immutable value (a square
changes by a new one in ``State.squares``), so the tuple of a board's squares names that board,
and comparing it with the kept one is a pointer compare per square, in C. A changed square is
found by construction, nothing has to say that it changed, and a copy of the state starts without
the facts (:meth:`companion.morpoly.state.State.copy`). Made facts never change.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion.morpoly.editions import load_edition
from companion.morpoly.state import HOTEL, SquareState, State

BUILD_HOUSE, BUILD_HOTEL, SELL, SELL_HOTEL, MORTGAGE, LIFT = range(6)
"""The kinds of a candidate: its answer is legal when the party's cash, the bank's supply, the hotel
rule (``BUILD_HOTEL``) or the Patrician (``MORTGAGE``) allow; a sale always is."""

Candidate = tuple[int, int, str]
"""A candidate: its kind, its square and its answer (``build:3``)."""

Entry = tuple[str | None, tuple[Candidate, ...]]
"""One ownable square: its owner and the owner's candidates on it, in the menu's order."""


@dataclass(frozen=True, slots=True)
class BoardFacts:
    """The candidates of one board (see the module's docstring): each ownable square's
    :data:`Entry`, and each owner's candidates by square. Never changed once made."""

    values: tuple[SquareState, ...]
    keys: tuple[int, ...]
    edition_id: str
    entries: dict[int, Entry]
    by_party: dict[str, tuple[Candidate, ...]]


@dataclass(frozen=True, slots=True)
class _Layout:
    """An edition's ownable squares by number, each one's group, the streets and the four answers
    naming each square, read once (immutable edition data)."""

    order: tuple[int, ...]
    groups: dict[int, tuple[int, ...]]
    streets: frozenset[int]
    labels: dict[int, tuple[str, str, str, str]]


@lru_cache(maxsize=None)
def _layout(edition_id: str) -> _Layout:
    edition = load_edition(edition_id)
    order = edition.ownable()
    return _Layout(order, {i: edition.group(i) for i in order},
                   frozenset(i for i in order if edition.squares[i].kind == "street"),
                   {i: (f"build:{i}", f"sell:{i}", f"mortgage:{i}", f"lift:{i}") for i in order})


def candidates(state: State, party: str) -> tuple[Candidate, ...]:
    """``party``'s candidates on the board of ``state``, from the facts kept on it while its squares
    are the same, else from facts made anew for the groups that changed (and kept)."""
    squares = state.squares
    values = tuple(squares.values())
    kept = state.board_memo
    if kept is None or kept.values != values or kept.edition_id != state.edition:
        keys = tuple(squares)
        if kept is not None and kept.keys == keys and kept.edition_id == state.edition:
            kept = _updated(kept, squares, values)
        else:
            kept = facts_of(squares, state.edition)
        state.board_memo = kept
    return kept.by_party.get(party, ())


def facts_of(squares: dict[int, SquareState], edition_id: str) -> BoardFacts:
    """The facts of ``squares`` worked out afresh (what :func:`candidates` keeps; its test's reference)."""
    layout = _layout(edition_id)
    entries: dict[int, Entry] = {}
    for square in layout.order:
        group = layout.groups[square]
        if group[0] == square:
            _fill_group(squares, layout, group, entries)
    owners = {owner for owner, _ in entries.values() if owner is not None}
    return BoardFacts(tuple(squares.values()), tuple(squares), edition_id, entries,
                      {party: _party_candidates(layout, entries, party) for party in owners})


def _updated(kept: BoardFacts, squares: dict[int, SquareState], values: tuple[SquareState, ...]) -> BoardFacts:
    """The facts of ``squares``, a board of the same squares as ``kept``'s but for some of their
    values: the groups of the squares that differ worked out again, and the candidates of every
    party owning a square of them, before or now; the rest taken over."""
    layout = _layout(kept.edition_id)
    groups = layout.groups
    changed = {groups[key] for key, old, new in zip(kept.keys, kept.values, values) if old is not new and key in groups}
    entries = dict(kept.entries)
    touched: set[str | None] = set()
    for group in changed:
        touched.update([entries[s][0] for s in group])
        _fill_group(squares, layout, group, entries)
        touched.update([entries[s][0] for s in group])
    by_party = dict(kept.by_party)
    for party in touched:
        if party is not None:
            found = _party_candidates(layout, entries, party)
            if found:
                by_party[party] = found
            else:
                by_party.pop(party, None)
    return BoardFacts(values, kept.keys, kept.edition_id, entries, by_party)


def _party_candidates(layout: _Layout, entries: dict[int, Entry], party: str) -> tuple[Candidate, ...]:
    """``party``'s candidates on every square, by square number."""
    found: list[Candidate] = []
    for square in layout.order:
        owner, mine = entries[square]
        if owner == party:
            found.extend(mine)
    return tuple(found)


def _fill_group(squares: dict[int, SquareState], layout: _Layout, group: tuple[int, ...],
                entries: dict[int, Entry]) -> None:
    """Put the :data:`Entry` of each square of ``group`` in ``entries``, as the rules read the squares
    alone (building's ``can_*``): build evenly on a whole group of streets owned with no mortgage
    (a hotel on four houses), sell evenly, mortgage only a square of a group with no building, lift
    a mortgaged one."""
    first = squares[group[0]]
    sole: str | None = first.owner
    fewest = most = first.houses
    mortgaged = first.mortgaged
    for member in group[1:]:
        sq = squares[member]
        if sq.owner != sole:
            sole = None
        mortgaged = mortgaged or sq.mortgaged
        if sq.houses < fewest:
            fewest = sq.houses
        elif sq.houses > most:
            most = sq.houses
    for square in group:
        sq = squares[square]
        owner = sq.owner
        found: list[Candidate] = []
        if owner is not None:
            labels = layout.labels[square]
            houses = sq.houses
            if (owner == sole and not mortgaged and square in layout.streets and houses != HOTEL
                    and houses <= fewest):
                found.append((BUILD_HOTEL if houses == 4 else BUILD_HOUSE, square, labels[0]))
            if houses and houses >= most:
                found.append((SELL_HOTEL if houses == HOTEL else SELL, square, labels[1]))
            if sq.mortgaged:
                found.append((LIFT, square, labels[3]))
            elif not most:
                found.append((MORTGAGE, square, labels[2]))
        entries[square] = (owner, tuple(found))
