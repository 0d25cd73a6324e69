"""A token's move along the board: the walk, GO money on the way, then the square it arrives on.

Standard Monopoly pays one salary for passing or landing on GO; the variant pays two for an exact
landing (B7) and charges interest on the party's mortgages at every GO event that pays (B8, R12):
a tenth of their total mortgage value, rounded down, to the bank (the Patrician's share comes with
the guilds).
"""
from __future__ import annotations

from collections.abc import Generator

from companion.core.procedure import Narrator, Question
from companion.morpoly.debts import pay
from companion.morpoly.editions import Edition
from companion.morpoly.elam.npcs import running_walk, token_placed
from companion.morpoly.fortuna_play import at_go as fortuna_at_go
from companion.morpoly.money import BANK, mortgaged_total, transfer
from companion.morpoly.rules import is_variant, token_alive
from companion.morpoly.state import State
from companion.morpoly.walk import walk

Moving = Generator[Question, str, None]


def move(state: State, edition: Edition, narrator: Narrator, token_id: str, steps: int, forward: bool,
         dice_total: int, rent_rule: str | None = None, double_on_exact: bool = True) -> Moving:
    """Walk ``steps`` squares, collect GO money, resolve the square arrived on. ``double_on_exact``
    off: an exact landing on GO pays one salary even in the variant (a card, by option R3)."""
    from companion.morpoly.elam.meetings import after_arrival  # a meeting may move tokens again
    from companion.morpoly.landing import arrive  # the square may draw a card that moves again

    token = state.token(token_id)
    path = running_walk(state, token_id, token.square, steps, forward, is_variant(state) and double_on_exact) \
        or walk(token.square, steps, forward, double_on_exact=is_variant(state) and double_on_exact)
    fortuna_at_go(state, narrator, token_id, path)
    token.square = path.end
    if forward:
        narrator.say("morpoly.token.moved", f"{token_id} moves {steps} to {edition.squares[path.end].name}",
                     token=token_id, square=path.end, steps=steps, name=edition.squares[path.end].name)
    else:
        narrator.say("morpoly.token.moved-back", f"{token_id} goes back {steps} to {edition.squares[path.end].name}",
                     token=token_id, square=path.end, steps=steps, name=edition.squares[path.end].name)
    if path.salaries:
        yield from go_money(state, edition, narrator, token_id, path.salaries)
    if token_alive(state, token_id) and state.game_over is None:
        yield from arrive(state, edition, narrator, token_id, dice_total, rent_rule)
    yield from after_arrival(state, edition, narrator, token_id, path.end)  # ELAM's meetings (R5)


def go_money(state: State, edition: Edition, narrator: Narrator, token_id: str, salaries: int) -> Moving:
    party = state.token(token_id).party
    amount = salaries * edition.go_salary
    transfer(state, BANK, party, amount)
    narrator.say("morpoly.go.salary", f"{party} collects {edition.currency.format(amount)} at GO",
                 party=party, amount=edition.currency.format(amount), salaries=salaries)
    if is_variant(state):
        interest = edition.currency.round_down(mortgaged_total(state, edition, party) // 10)
        if interest:
            yield from pay(state, edition, narrator, party, BANK, interest, "mortgage interest at GO")


def send_to_jail(state: State, edition: Edition, narrator: Narrator, token_id: str, why: str) -> None:
    """A placement on the jail square, in jail: nothing passed, no salary; the turn ends."""
    token = state.token(token_id)
    token_placed(state, token_id)  # ELAM: the Luggage does not follow into jail (R66)
    token.square, token.in_jail, token.jail_attempts = 10, True, 0
    narrator.say("morpoly.jail.sent", f"{token_id} goes to jail ({why})", token=token_id, why=why)
