"""A token's move along the board: the walk, GO money on the way, then the square it arrives on.

Standard Monopoly pays one salary for passing or landing on GO; the variant pays two for an exact
landing (B7) and charges interest on the party's mortgages at every GO event that pays (B8, R12):
a tenth of their total mortgage value, rounded down, to the bank (the Patrician's share comes with
the guilds).
"""
from __future__ import annotations

from collections.abc import Generator

from companion.core.procedure import Narrator, Question
from companion.morpoly.editions import Edition
from companion.morpoly.events import PaymentKind
from companion.morpoly.guilds import patrician
from companion.morpoly.money import BANK, transfer
from companion.morpoly.rules import is_variant, token_alive
from companion.morpoly.settle import charge, path_events, settle
from companion.morpoly.state import State
from companion.morpoly.table_position import currency_profile
from companion.morpoly.walk import walk

Moving = Generator[Question, str, None]


def move(state: State, edition: Edition, narrator: Narrator, token_id: str, steps: int, forward: bool,
         dice_total: int, rent_rule: str | None = None, double_on_exact: bool = True) -> Moving:
    """Walk ``steps`` squares, collect GO money, resolve the square arrived on. ``double_on_exact``
    off: an exact landing on GO pays one salary even in the variant (a card, by option R3)."""
    from companion.morpoly.landing import arrive  # the square may draw a card that moves again
    from companion.morpoly.powers import meetings

    token = state.token(token_id)
    state.thefts.pop(token_id, None)  # a Thief who moves on can no longer be caught (L35)
    path = walk(token.square, steps, forward, double_on_exact=is_variant(state) and double_on_exact)
    token.square = path.end
    if forward:
        narrator.say("morpoly.token.moved", f"{token_id} moves {steps} to {edition.squares[path.end].name}",
                     token=token_id, square=path.end, steps=steps, name=edition.squares[path.end].name)
    else:
        narrator.say("morpoly.token.moved-back", f"{token_id} goes back {steps} to {edition.squares[path.end].name}",
                     token=token_id, square=path.end, steps=steps, name=edition.squares[path.end].name)
    passed, arriving = path_events(token_id, path.start, steps, forward)
    yield from settle(state, edition, narrator, passed)
    if path.salaries:
        yield from go_money(state, edition, narrator, token_id, path.salaries)
    yield from settle(state, edition, narrator, arriving)
    if token_alive(state, token_id) and state.game_over is None:
        yield from arrive(state, edition, narrator, token_id, dice_total, rent_rule)
    if token_alive(state, token_id) and state.game_over is None and state.token(token_id).square == path.end:
        yield from meetings(state, edition, narrator, token_id)


def go_money(state: State, edition: Edition, narrator: Narrator, token_id: str, salaries: int) -> Moving:
    party = state.token(token_id).party
    amount = salaries * edition.go_salary
    transfer(state, BANK, party, amount)
    narrator.say("morpoly.go.salary", f"{party} collects {edition.currency.format(amount)} at GO",
                 party=party, amount=edition.currency.format(amount), salaries=salaries)
    if is_variant(state):
        mortgages = [edition.deed(i).mortgage for i in state.owned_by(party) if state.squares[i].mortgaged]
        interest = patrician.go_interest(mortgages, currency_profile(edition), state.rules)  # B8, R12, R6
        if interest:
            yield from charge(state, edition, narrator, party, BANK, interest, PaymentKind.INTEREST,
                              "mortgage interest at GO")


def send_to_jail(state: State, edition: Edition, narrator: Narrator, token_id: str, why: str) -> None:
    """A placement on the jail square, in jail: nothing passed, no salary; the turn ends."""
    token = state.token(token_id)
    token.square, token.in_jail, token.jail_attempts = 10, True, 0
    narrator.say("morpoly.jail.sent", f"{token_id} goes to jail ({why})", token=token_id, why=why)
