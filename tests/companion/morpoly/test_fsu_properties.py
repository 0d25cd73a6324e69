"""Property tests of the ledger invariants (§2.5) over random positions and random moves."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.morpoly.covers import Guild
from companion.morpoly.dice import Dice
from companion.morpoly.events import (DeathCause, Died, Direction, Event, JailCause, Jailed, Landed, Mode, MustPay,
                                      PaymentKind, PremiumDue, RelocationCause, Relocated, Rolled, Stolen)
from companion.morpoly.fsu import (Ledger, RollRequest, changes_nothing, ledger_problems, pair_problems, payment_problems,
                                   resolve_move, transition_problems)
from companion.morpoly.layout import STREETS
from companion.morpoly.movement import placement, teleport, walk
from companion.morpoly.options import OPTIONS as DECLARED
from companion.morpoly.position import TablePosition

PARTIES = ("p0", "p1", "p2", "p3")
STREET_LIST = sorted(STREETS)
OWED_KINDS = [kind for kind in PaymentKind if kind not in (PaymentKind.CLAIM, PaymentKind.PREMIUM,
                                                           PaymentKind.DOUBLE_FEE, PaymentKind.THEFT)]

dice = st.builds(Dice, st.integers(1, 6), st.integers(1, 6))


@st.composite
def positions(draw: st.DrawFn) -> TablePosition:
    guilds = draw(st.permutations(list(Guild)))[:len(PARTIES)]
    teams = {party: frozenset({guild}) for party, guild in zip(PARTIES, guilds)}
    if draw(st.booleans()):  # a merged team's guild union, as after a takeover
        teams["p0"] = teams["p0"] | frozenset({draw(st.sampled_from(list(Guild)))})
    owners = draw(st.dictionaries(st.integers(0, 39), st.sampled_from(PARTIES), max_size=30))
    houses = {square: draw(st.integers(0, 5)) for square in owners if square in STREETS}
    return TablePosition(squares={p: draw(st.integers(0, 39)) for p in PARTIES}, guilds=teams, owners=owners,
                         houses=houses, mortgaged=frozenset(draw(st.lists(st.sampled_from(list(owners) or [1])))),
                         jailed=frozenset(draw(st.lists(st.sampled_from(PARTIES), max_size=2))),
                         money={p: draw(st.integers(0, 5000)) for p in PARTIES})


@st.composite
def events(draw: st.DrawFn) -> list[Event]:
    token = draw(st.sampled_from(PARTIES))
    choice = draw(st.integers(0, 9))
    if choice == 0:
        return list(walk(token, draw(st.integers(0, 39)), draw(st.integers(1, 24)),
                         draw(st.sampled_from(list(Direction)))))
    if choice == 1:
        return list(teleport(token, draw(st.integers(0, 39)))) + list(placement(token, draw(st.integers(0, 39))))
    if choice in (2, 3):
        base = draw(st.integers(1, 50))
        return [Landed(token, draw(st.sampled_from(STREET_LIST))),
                PremiumDue(token, draw(st.sampled_from(STREET_LIST)), draw(st.sampled_from(PARTIES)),
                           draw(st.integers(base, 2000)), base)]
    if choice == 4:
        return [MustPay(token, draw(st.integers(1, 3000)), draw(st.sampled_from(OWED_KINDS)),
                        draw(st.sampled_from((None, *PARTIES))))]
    if choice == 5:
        return [Stolen(token, draw(st.sampled_from(PARTIES)), draw(st.sampled_from(STREET_LIST)), draw(st.integers(1, 200)))]
    if choice == 6:
        return [Jailed(token, draw(st.sampled_from(list(JailCause))))]
    if choice == 7:
        return [Relocated(token, draw(st.sampled_from(list(RelocationCause))), 20, draw(st.integers(0, 39)))]
    if choice == 8:
        return [Rolled(token, draw(dice), doubles_in_row=draw(st.integers(0, 3)))]
    return [Died(token, draw(st.sampled_from(list(DeathCause))))]


options = st.fixed_dictionaries({option.name: st.sampled_from(option.choices) for option in DECLARED})


@settings(max_examples=150, deadline=None)
@given(positions(), st.lists(st.lists(events(), min_size=1, max_size=6), min_size=1, max_size=6), options,
       st.lists(st.one_of(st.none(), dice), min_size=1, max_size=8))
def test_ledger_invariants_hold_over_random_moves(position: TablePosition, moves: list[list[list[Event]]],
                                                  chosen: dict[str, str], answers: list[Dice | None]) -> None:
    ledger = Ledger()
    turn = iter(answers * 50)

    def answer(request: RollRequest) -> Dice | None:
        reply = next(turn)
        return Dice(1, 2) if reply is None and request.kind == "fool-cover" else reply

    for move in moves:
        flat = [event for group in move for event in group]
        # Teammates pay no premium (R19): the engine would not emit one; skip such moves.
        flat = [e for e in flat if not (isinstance(e, PremiumDue) and position.party_of(e.token) == e.insurer)]
        result = resolve_move(ledger, flat, position, chosen, answer)
        assert ledger_problems(result.ledger) == []
        assert transition_problems(ledger, result.ledger) == []
        assert payment_problems(result, flat) == []
        assert pair_problems(result.ledger) == []
        ledger = result.ledger


@settings(max_examples=150, deadline=None)
@given(positions(), st.lists(st.lists(events(), min_size=1, max_size=6), min_size=1, max_size=6), options)
def test_a_moment_that_changes_nothing_is_one_the_resolution_leaves_alone(
        position: TablePosition, moves: list[list[list[Event]]], chosen: dict[str, str]) -> None:
    """``changes_nothing`` (the engine's shortcut past the resolution) only ever says so of events
    whose resolution changes no FSU, pays nothing and asks no roll."""
    ledger = Ledger()

    def answer(request: RollRequest) -> Dice | None:
        assert not skipped, f"a roll asked of a moment said to change nothing: {request!r}"
        return Dice(1, 2) if request.kind == "fool-cover" else None

    for move in moves:
        flat = [event for group in move for event in group]
        flat = [e for e in flat if not (isinstance(e, PremiumDue) and position.party_of(e.token) == e.insurer)]
        skipped = changes_nothing(ledger, flat, position, chosen)
        result = resolve_move(ledger, flat, position, chosen, answer)
        if skipped:
            assert (result.changes, result.payments) == ((), ())
            assert result.ledger.active() == ledger.active() and result.ledger.next_id == ledger.next_id
        ledger = result.ledger


@settings(max_examples=100, deadline=None)
@given(positions(), st.lists(events(), min_size=1, max_size=8))
def test_an_fsu_pays_at_most_once_per_event_and_ended_fsus_never_pay(position: TablePosition,
                                                                    moves: list[list[Event]]) -> None:
    ledger = Ledger()
    for group in moves:
        group = [e for e in group if not (isinstance(e, PremiumDue) and position.party_of(e.token) == e.insurer)]
        result = resolve_move(ledger, group, position, {}, lambda request: Dice(3, 5))
        ended = {fsu.fsu_id for fsu in ledger.fsus if not fsu.is_active}
        seen: set[tuple[int, int]] = set()
        for payment in result.payments:
            if payment.fsu_id is None:
                continue
            assert payment.fsu_id not in ended
            key = (payment.fsu_id, payment.event_index)
            assert key not in seen
            seen.add(key)
        ledger = result.ledger


def test_expiry_never_happens_on_a_teleport_jump_or_a_backward_walk() -> None:
    from companion.morpoly.covers import Cover
    from companion.morpoly.fsu import Fsu, expires_on
    contract = Fsu(1, "a", "b", "b", 37, 10, frozenset({Cover.JAILED}), False)
    assert all(not expires_on(step, contract) for step in walk("b", 39, 7, Direction.BACKWARD))
    assert expires_on(Landed("b", 37, Mode.TELEPORT), contract)


def test_the_checkers_catch_each_kind_of_impossible_ledger() -> None:
    from dataclasses import replace

    from companion.morpoly.covers import Cover
    from companion.morpoly.fsu import Fsu, Payment, Resolution, Status
    good = Fsu(1, "a", "b", "b", 37, 10, frozenset({Cover.JAILED}), False)
    assert ledger_problems(Ledger((good,), 2)) == []
    for broken in (replace(good, insurer="b"), replace(good, premium=0), replace(good, square=5),
                   replace(good, covers=frozenset())):
        assert ledger_problems(Ledger((broken,), 2)) != []
    assert ledger_problems(Ledger((good,), 1)) != []
    assert pair_problems(Ledger((good, replace(good, fsu_id=2)), 3)) != []
    before = Ledger((replace(good, status=Status.EXPIRED),), 2)
    assert transition_problems(before, Ledger((good,), 2)) != []                  # revived
    assert transition_problems(Ledger((good,), 2), Ledger((replace(good, premium=11),), 2)) != []
    assert transition_problems(Ledger((good,), 2), Ledger((), 2)) != []
    owed = [MustPay("b", 100, PaymentKind.TAX)]
    short = Resolution(Ledger(), (Payment("b", None, 90, PaymentKind.TAX, event_index=0),), ())
    assert payment_problems(short, owed) != []
    wrong = Resolution(Ledger((good,), 2), (Payment("c", "b", 30, PaymentKind.CLAIM, 1),), ())
    assert payment_problems(wrong, []) != []
