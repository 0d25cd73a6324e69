"""One player's turn: manage deeds, roll two dice, move, resolve; again on doubles; jail.

Before every roll the token's player is asked what to do: ``roll``, or first build, sell, mortgage,
lift or ``trade`` (the party's boss only), record a trade another party proposes (``others-trade``,
any token, rules revision 7: :mod:`companion.morpoly.trade`), record another party's building,
selling, mortgaging and lifting (``others-manage``, any token, rules revision 12: :func:`manage_by_another`),
and in jail ``pay-fine`` (on the first two turns in jail only, from rules revision 12:
:func:`can_pay_fine_first`) or ``use-card:<id>``. The roll moves the
token through :func:`~companion.morpoly.rolled_move.movement_roll` (in the variant: the guilds' own
ways to move, pubs). Standard rules for the rest: doubles roll again, the third doubles in a row goes to jail without moving; in jail a roll of
doubles leaves (moving by it, no extra roll), three failed attempts force the fine and a move by the
third roll; paying the fine or playing a get-out-of-jail card before rolling leaves at once.
"""
from __future__ import annotations

from collections.abc import Generator, Iterator, Mapping
from typing import Any, Final

from companion.core.procedure import Narrator, ProcedureBody, Question
from companion.morpoly import building
from companion.morpoly import purposes
from companion.morpoly.editions import Edition, load_edition
from companion.morpoly.elam import death, npcs
from companion.morpoly.elam.table import is_played as elam_played
from companion.morpoly.events import DeathCause, JailCause, PaymentKind, Rolled
from companion.morpoly.game_end import TIME_UP, has_time_limit, time_up
from companion.morpoly.money import BANK
from companion.morpoly.dice import throw
from companion.morpoly.events import RollPurpose
from companion.morpoly.powers import jail
from companion.morpoly.fortuna_play import end_of_turn as fortuna_end_of_turn
from companion.morpoly.fortuna_play import ask_roll
from companion.morpoly.questions import Ask, ask_choice
from companion.morpoly.rolled_move import movement_roll
from companion.morpoly.rules import token_alive
from companion.morpoly.settle import charge, settle
from companion.morpoly.shortage import AUCTION_BUILDINGS, auction_buildings, short_kinds
from companion.morpoly.revisions import FINE_ON_TWO_TURNS, MANAGE_AT_ANY_MENU
from companion.morpoly.state import JAIL_ATTEMPTS, State, Token
from companion.morpoly.trade import CANCEL, OTHERS_TRADE, TRADE, menu_trades, trade, trade_proposed_by_another

Step = Generator[Question, str, None]

OTHERS_MANAGE: Final = "others-manage"
"""The menu answer that records another party's building, selling, mortgaging and lifting (rules revision 12)."""
DONE: Final = "done"
"""The answer that ends ``morpoly.manage.what``: the party has built, sold, mortgaged and lifted what it would."""


def turn_procedure(state: State, narrator: Narrator, args: Mapping[str, Any]) -> ProcedureBody:
    edition = load_edition(state.edition)
    token_id = str(args["token"])
    state.turn.number += 1
    state.turn.token = token_id
    state.turn.doubles = 0
    state.turn.four_houses_at_start = sorted([i for i, sq in state.squares.items() if sq.houses == 4])
    narrator.say("morpoly.turn.start", f"turn {state.turn.number}: {token_id}", token=token_id,
                 number=state.turn.number)
    while state.game_over is None and token_alive(state, token_id):
        choice = yield from menu(state, edition, narrator, token_id)
        if state.ended() is not None:
            break  # the table said the time is up (R8)
        token = state.token(token_id)
        if token.in_jail:
            if choice == "roll":
                yield from jail_attempt(state, edition, narrator, token_id)
                break
            yield from leave_jail(state, edition, narrator, token_id, choice)
            if not token_alive(state, token_id) or state.game_over is not None:
                break
        first, second = yield from ask_roll(state, narrator, "morpoly.roll.move", f"{token_id}: roll the dice to move",
                                            token_id, RollPurpose.MOVE, token=token_id)
        doubles = first == second
        if doubles:
            state.turn.doubles += 1
            if state.turn.doubles == 3:
                yield from settle(state, edition, narrator, [Rolled(token_id, throw(first, second), doubles_in_row=3)])
                if not token_alive(state, token_id) or state.game_over is not None:
                    break
                if death.heart_attack_applies(state, token_id):  # ELAM (L170): the third roll is not moved
                    yield from death.die(state, edition, narrator, token_id, DeathCause.HEART_ATTACK)
                    break
                if (yield from jail(state, edition, narrator, token_id, JailCause.THIRD_DOUBLES,
                                    "three doubles in a row")) or not token_alive(state, token_id):
                    break
                yield from movement_roll(state, edition, narrator, token_id, throw(first, second))
                break  # R27: the Watch moves its third doubles normally and the turn ends
        narrator.say("morpoly.roll.rolled", f"{token_id} rolls {first} and {second}", token=token_id,
                     first=first, second=second)
        members = npcs.members_of_token(state, token_id)
        again = yield from movement_roll(state, edition, narrator, token_id, throw(first, second))
        if not again or not token_alive(state, token_id) or state.token(token_id).in_jail:
            break
        if npcs.members_of_token(state, token_id) < members:
            break  # ELAM: a token that died during its move starts again on GO; its turn is over
    state.turn.doubles = 0
    if elam_played(state) and token_alive(state, token_id) and state.game_over is None:
        yield from npcs.after_bankers_turn(state, edition, narrator, token_id)
    fortuna_end_of_turn(state, narrator)


def menu_options(state: State, edition: Edition, token_id: str,
                 hotel_answers: list[str] | None = None) -> list[str]:
    """The menu's answers (``hotel_answers``: see :func:`building.management_options`)."""
    token = state.token(token_id)
    party = state.party(token.party)
    options = ["roll"]
    if token.in_jail:
        if party.cash >= edition.jail_fine and can_pay_fine_first(state, token):
            options.append("pay-fine")
        options.extend(f"use-card:{card}" for card in party.jail_cards)
    boss = party.boss == token_id
    if boss:
        options.extend(building.management_options(state, edition, party.id, hotel_answers))
    options.extend(menu_trades(state, edition, party.id, boss))
    if next(_managers(state, edition, token_id), None) is not None:
        options.append(OTHERS_MANAGE)
    if short_kinds(state, edition):  # (none but in standard Monopoly from rules revision 13)
        options.append(AUCTION_BUILDINGS)
    if has_time_limit(state):
        options.append(TIME_UP)
    return options


def can_pay_fine_first(state: State, token: Token) -> bool:
    """Whether a jailed token may pay the fine before it throws: the printed rules allow it "before he
    rolls the dice on either of his next two turns"; on the third the player throws, and pays only when
    that throw fails (:func:`jail_attempt`). It matters: a fine paid first makes doubles an ordinary
    throw (throw again), doubles on the third attempt leave jail with no second throw, and in ELAM a
    third failed throw starves (L171). Rules revision 12; before, the fine was offered on the third
    turn too."""
    return token.jail_attempts < JAIL_ATTEMPTS - 1 or state.revision < FINE_ON_TWO_TURNS


def menu(state: State, edition: Edition, narrator: Narrator, token_id: str) -> Ask:
    """Ask until the player rolls or leaves jail; builds, sales and mortgages happen in between."""
    while True:
        hotel_answers: list[str] = []
        options = menu_options(state, edition, token_id, hotel_answers)
        choice = yield from ask_choice(state, narrator, "morpoly.turn.menu",
                                       f"{token_id}: roll, or manage your deeds first", token_id,
                                       options, reveals=False, unavailable=None, token=token_id,
                                       **building.deed_params(state, edition, hotel_answers))
        if choice == TIME_UP:
            time_up(state, edition, narrator)
            return choice
        if choice == "roll" or choice == "pay-fine" or choice.startswith("use-card:"):
            return choice
        if choice == TRADE:
            yield from trade(state, edition, narrator, state.token(token_id).party)
            continue
        if choice == OTHERS_TRADE:
            yield from trade_proposed_by_another(state, edition, narrator, token_id)
            continue
        if choice == OTHERS_MANAGE:
            yield from manage_by_another(state, edition, narrator, token_id)
            continue
        if choice == AUCTION_BUILDINGS:
            yield from auction_buildings(state, edition, narrator, token_id)
            continue
        manage(state, edition, narrator, state.token(token_id).party, choice)


def manage(state: State, edition: Edition, narrator: Narrator, party: str, choice: str) -> None:
    verb, square_text = choice.split(":")
    square = int(square_text)
    name = edition.squares[square].name
    if verb == "build":
        building.build(state, edition, party, square)
        narrator.say("morpoly.building.built", f"{party} builds on {name}", party=party, square=square, name=name)
    elif verb == "sell":
        building.sell_and_say(state, edition, narrator, party, square)
    elif verb == "mortgage":
        building.mortgage(state, edition, party, square)
        narrator.say("morpoly.deed.mortgaged", f"{party} mortgages {name}", party=party, square=square, name=name)
    else:
        building.lift(state, edition, party, square)
        narrator.say("morpoly.deed.lifted", f"{party} lifts the mortgage on {name}", party=party, square=square,
                     name=name)


def other_managers(state: State, edition: Edition, token_id: str) -> list[str]:
    """The parties that may build, sell, mortgage or lift on the menu of ``token_id`` beside its own
    answers (rules revision 12; none before it), in seating order: every party with a legal one now
    (:func:`building.management_options`, the own turn's rules), but the token's own party when the
    token is its boss (its menu's ``build:``… are that party's)."""
    return list(_managers(state, edition, token_id))


def _managers(state: State, edition: Edition, token_id: str) -> Iterator[str]:
    """:func:`other_managers`, lazily (the menu asks only whether there is one)."""
    if state.revision < MANAGE_AT_ANY_MENU:
        return
    own = state.token(token_id).party
    excluded = own if state.party(own).boss == token_id else None
    for party in state.parties:
        if party.id != excluded and building.management_options(state, edition, party.id, first_only=True):
            yield party.id


def manage_by_another(state: State, edition: Edition, narrator: Narrator, token_id: str) -> Step:
    """The menu's ``others-manage`` on the turn of ``token_id`` (rules revision 12): Monopoly lets an
    owner build "at any time" and mortgage at any time, not only on its own turn. The table names the
    party (``morpoly.manage.party``, asked of the token whose menu it is, or ``cancel``; not asked when
    only one party can: :func:`other_managers`); that party's boss then answers ``morpoly.manage.what``
    with the same answers as the own turn's menu (``build:``, ``sell:``, ``mortgage:``, ``lift:``, each
    done by :func:`manage`) until ``done``; then the menu comes back.

    The rules are the own turn's, from :func:`building.management_options` and nowhere else. In the
    variant its hotel rule (B4, L12: a hotel only on a street that had four houses "am Anfang des
    Zuges") reads the turn in progress, whoever's it is (R11), as it does for the party on turn: a
    fourth house built on another's turn gets its hotel from the next turn's start on. A party whose
    tokens all sit in jail builds, sells, mortgages and lifts as on its own turn's menu (B1 forbids
    deals and income from other players, not the bank's: R10, "mortgaging and selling houses stay
    allowed")."""
    able = other_managers(state, edition, token_id)
    if not able:
        return
    party = able[0]
    if len(able) > 1:  # ``cancel``: the button was tapped by mistake (``done`` ends the party's own question)
        party = yield from ask_choice(state, narrator, "morpoly.manage.party", "whose houses and mortgages?",
                                      token_id, [*able, CANCEL], token=token_id)
        if party == CANCEL:
            return
    boss = state.party(party).boss
    while True:
        hotel_answers: list[str] = []
        options = building.management_options(state, edition, party, hotel_answers)
        choice = yield from ask_choice(state, narrator, "morpoly.manage.what",
                                       f"{boss}: build, sell, mortgage or lift a mortgage, then done", boss,
                                       [*options, DONE], reveals=False, unavailable=None, party=party,
                                       boss=boss, **building.deed_params(state, edition, hotel_answers))
        if choice == DONE:
            return
        manage(state, edition, narrator, party, choice)


def leave_jail(state: State, edition: Edition, narrator: Narrator, token_id: str, choice: str) -> Step:
    token = state.token(token_id)
    if choice == "pay-fine":
        paid = yield from charge(state, edition, narrator, token.party, BANK, edition.jail_fine, PaymentKind.JAIL_FINE,
                          purposes.JAIL_FINE)
        if not paid:
            return
    else:
        card = choice.split(":", 1)[1]
        state.party(token.party).jail_cards.remove(card)
        narrator.say("morpoly.jail.card", f"{token_id} plays the get-out-of-jail card", token=token_id, card=card)
    token.in_jail, token.jail_attempts = False, 0
    narrator.say("morpoly.jail.left", f"{token_id} leaves jail", token=token_id)


def jail_attempt(state: State, edition: Edition, narrator: Narrator, token_id: str) -> Step:
    token = state.token(token_id)
    first, second = yield from ask_roll(state, narrator, "morpoly.roll.jail", f"{token_id}: roll for doubles to leave jail "
                                        f"(attempt {token.jail_attempts + 1} of {JAIL_ATTEMPTS})", token_id, RollPurpose.JAIL,
                                        token=token_id, attempt=str(token.jail_attempts + 1))
    if first != second:
        if token.jail_attempts < JAIL_ATTEMPTS - 1:
            token.jail_attempts += 1
            narrator.say("morpoly.jail.stays", f"{token_id} rolls {first} and {second} and stays in jail",
                         token=token_id, first=first, second=second)
            return
        if death.starvation_applies(state, token_id):  # ELAM (L171): starvation instead of the fine
            narrator.say("morpoly.jail.third-failed", f"{token_id} rolls {first} and {second}: no doubles the third "
                         f"time", token=token_id, first=first, second=second)
            token.in_jail, token.jail_attempts = False, 0
            yield from death.die(state, edition, narrator, token_id, DeathCause.STARVATION)
            return
        narrator.say("morpoly.jail.third-attempt", f"{token_id} rolls {first} and {second}, fails a third time, pays "
                     f"the fine and moves", token=token_id, first=first, second=second)
        yield from charge(state, edition, narrator, token.party, BANK, edition.jail_fine, PaymentKind.JAIL_FINE,
                          purposes.JAIL_FINE)
        if not token_alive(state, token_id) or state.game_over is not None:
            return  # (a takeover settles the fine: the token leaves jail with its new team)
    token.in_jail, token.jail_attempts = False, 0
    narrator.say("morpoly.jail.doubles", f"{token_id} leaves jail with {first} and {second}", token=token_id,
                 first=first, second=second)
    yield from movement_roll(state, edition, narrator, token_id, throw(first, second))
