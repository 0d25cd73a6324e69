"""Ankh-Morpoly's FSU ledger: how many move resolutions (§2.4) per second on a busy ledger.

Run: python3 benchmarks/bench_morpoly_ledger.py [--moves 20000] [--seed 1]

Four parties (Thieves, Watch, Merchants, Fools) own every street with houses; each move is a dice
walk of one token from where it stands, the premium or double fee on a built landing, and now and
then a tax, a jail or an L-Space relocation — so purchases, expiries, the Merchants' cover and Fool
rolls all happen. Dice come from a seeded ``random.Random`` (the ledger itself never draws).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from companion.morpoly.covers import Guild  # noqa: E402
from companion.morpoly.dice import Dice  # noqa: E402
from companion.morpoly.events import (Event, JailCause, Jailed, MustPay, PaymentKind, PremiumDue,  # noqa: E402
                                      RelocationCause, Relocated)
from companion.morpoly.fsu import Ledger, resolve_move  # noqa: E402
from companion.morpoly.layout import STREETS  # noqa: E402
from companion.morpoly.movement import walk  # noqa: E402
from companion.morpoly.options import defaults  # noqa: E402
from companion.morpoly.position import TablePosition  # noqa: E402

PARTIES = ("thieves", "watch", "merchants", "fools")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    streets = sorted(STREETS)
    owners = {square: PARTIES[i % len(PARTIES)] for i, square in enumerate(streets)}
    position = TablePosition(squares={p: 0 for p in PARTIES}, owners=owners, houses={s: 2 for s in streets},
                             guilds={p: frozenset({Guild(p)}) for p in PARTIES})
    options = defaults()
    squares = {p: 0 for p in PARTIES}
    ledger = Ledger()
    event_count = 0
    started = time.perf_counter()
    for move in range(args.moves):
        token = PARTIES[move % len(PARTIES)]
        dice = Dice(rng.randint(1, 6), rng.randint(1, 6))
        events: list[Event] = list(walk(token, squares[token], dice.total))
        squares[token] = events[-1].square
        owner = owners.get(squares[token])
        if owner is not None and owner != token:
            events.append(PremiumDue(token, squares[token], owner, 50 + 10 * squares[token], 10))
        if rng.random() < 0.1:
            events.append(MustPay(token, 100, PaymentKind.TAX))
        if rng.random() < 0.05:
            events.append(Jailed(token, JailCause.GO_TO_JAIL))
        if rng.random() < 0.05:
            events.append(Relocated(token, RelocationCause.L_SPACE, 20, squares[token]))
        ledger = resolve_move(ledger, events, position, options,
                              lambda request: Dice(rng.randint(1, 6), rng.randint(1, 6))).ledger
        event_count += len(events)
    elapsed = time.perf_counter() - started
    print(f"{args.moves} moves, {event_count} events in {elapsed:.2f} s: "
          f"{args.moves / elapsed:,.0f} moves/s, {event_count / elapsed:,.0f} events/s; "
          f"{len(ledger.fsus)} FSUs in the ledger, {len(ledger.active())} active")


if __name__ == "__main__":
    main()
