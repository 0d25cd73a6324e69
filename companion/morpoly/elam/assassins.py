"""The Assassins in play (ELAM only, §3.9, L173–186; R51).

**Attack** (L176–179): an Assassin token that lands where other parties' tokens stand may, after
resolving the square, attack one of them; the victim rolls table D. Doubles: the Assassin token dies
and the victim's party takes the Assassins' cash ÷ (X + 1). Even: the victim may flee one square
forward (a walk, and he resolves that square) or stay and die. Odd: the victim dies and the
Assassins take his party's cash ÷ (X + 1). X is the lives the losing party has left.

**Contract** (L180, L185): a token that lands on the Assassin token's square may hire it for 1/10 of
its party's cash, paid to the Assassins. The Assassin token jumps (a placement) to the nearest other
party's token clockwise and must attack it; only if it survives does it resolve that square — and
not the square where it was hired.
"""
from __future__ import annotations

from collections.abc import Generator

from companion.core.procedure import Narrator, Question
from companion.morpoly.covers import Guild
from companion.morpoly.dice import AssassinOutcome, Dice
from companion.morpoly.editions import Edition
from companion.morpoly.elam.death import die
from companion.morpoly.elam.table import has_guild, is_played, position, profile, tokens_on
from companion.morpoly.events import DeathCause
from companion.morpoly.fortuna_play import ask_roll
from companion.morpoly.guilds import assassins
from companion.morpoly.money import transfer
from companion.morpoly.questions import ask_choice
from companion.morpoly.rules import token_alive
from companion.morpoly.state import State

Acting = Generator[Question, str, None]

NO_ATTACK = "no-attack"
DECLINE = "decline"


def is_assassin(state: State, token_id: str) -> bool:
    return is_played(state) and has_guild(state, token_id, Guild.ASSASSINS)


def attack_targets(state: State, token_id: str) -> list[str]:
    if not is_assassin(state, token_id):
        return []
    return list(assassins.attack_targets(position(state), token_id))


def may_attack(state: State, edition: Edition, narrator: Narrator, token_id: str) -> Acting:
    """After an Assassin token resolved the square it landed on: one attack, or none (L176, R51)."""
    targets = attack_targets(state, token_id)
    if not targets:
        return
    choice = yield from ask_choice(state, narrator, "morpoly.assassins.attack",
                                   f"{token_id}: attack a token on this square?", token_id,
                                   [NO_ATTACK, *(f"attack:{t}" for t in targets)], token=token_id)
    if choice != NO_ATTACK:
        yield from attack(state, edition, narrator, token_id, choice.split(":", 1)[1])


def attack(state: State, edition: Edition, narrator: Narrator, assassin: str,
           victim: str) -> Generator[Question, str, tuple[bool, int]]:
    """Table D, rolled by the victim. Returns whether the Assassin token survived, and the roll's sum
    (the dice a contract's square is resolved with, e.g. a cultural site's fee)."""
    narrator.say("morpoly.assassins.attacks", f"the Assassin {assassin} attacks {victim}", token=assassin,
                 victim=victim)
    first, second = yield from ask_roll(state, narrator, "morpoly.roll.assassin",
                                    f"{victim}: roll against the Assassin {assassin}", victim, token=victim,
                                    assassin=assassin)
    outcome = assassins.attack(Dice(first, second))
    hunters, hunted = state.party_of(assassin).id, state.party_of(victim).id
    if outcome is AssassinOutcome.ASSASSIN_DIES:
        narrator.say("morpoly.assassins.tables-turn", f"{victim} rolls {first} and {second}: the tables turn",
                     token=victim, first=first, second=second)
        yield from die(state, edition, narrator, assassin, DeathCause.ASSASSIN, killer=hunted)
        return False, first + second
    if outcome is AssassinOutcome.MAY_FLEE:
        choice = yield from ask_choice(state, narrator, "morpoly.assassins.flee",
                                       f"{victim}: rolled {first} and {second}: flee one square, or stay?", victim,
                                       ["flee", "stay"], token=victim, first=str(first), second=str(second))
        if choice == "flee":
            from companion.morpoly.movement import step
            from companion.morpoly.moves import move, running

            narrator.say("morpoly.assassins.flees", f"{victim} flees", token=victim)
            flight = step(victim, state.token(victim).square, running(state, victim))  # a walk (R36, R51)
            yield from move(state, edition, narrator, victim, flight, first + second)
            return token_alive(state, assassin), first + second
    else:
        narrator.say("morpoly.assassins.strikes", f"{victim} rolls {first} and {second}: the Assassin strikes",
                     token=victim, first=first, second=second)
    yield from die(state, edition, narrator, victim, DeathCause.ASSASSIN, killer=hunters)
    return token_alive(state, assassin), first + second


def contract_offer(state: State, token_id: str) -> list[str]:
    """The Assassin tokens ``token_id`` could hire where it landed (not teammates, not prisoners),
    each only when it has a target."""
    if not is_played(state) or state.token(token_id).in_jail:
        return []
    party = state.party_of(token_id).id
    here = tokens_on(state, state.token(token_id).square)
    return [t for t in here if t != token_id and is_assassin(state, t) and state.party_of(t).id != party
            and assassins.contract_target(position(state), t) is not None]


def may_hire(state: State, edition: Edition, narrator: Narrator, token_id: str) -> Acting:
    from companion.morpoly.events import RelocationCause
    from companion.morpoly.movement import placement
    from companion.morpoly.moves import moved_steps

    offer = contract_offer(state, token_id)
    if not offer:
        return
    party = state.party_of(token_id)
    fee = assassins.contract_fee(party.cash, profile(edition), state.rules)
    choice = yield from ask_choice(state, narrator, "morpoly.assassins.contract",
                                   f"{token_id}: hire the Assassins for {edition.currency.format(fee)}?",
                                   token_id, [DECLINE, *(f"hire:{t}" for t in offer)], token=token_id,
                                   fee=edition.currency.format(fee))
    if choice == DECLINE:
        return
    assassin = choice.split(":", 1)[1]
    hunters = state.party_of(assassin).id
    transfer(state, party.id, hunters, fee)
    target = assassins.contract_target(position(state), assassin)
    assert target is not None  # offered only with a target; paying moves no token
    jump = placement(assassin, state.token(target).square)  # a placement that counts as a teleport (R50)
    yield from moved_steps(state, edition, narrator, assassin, jump, RelocationCause.CONTRACT_JUMP)
    token = state.token(assassin)
    narrator.say("morpoly.assassins.hired", f"{token_id} hires {assassin} for {edition.currency.format(fee)}: "
                 f"the Assassin jumps to {target}", token=token_id, assassin=assassin, target=target,
                 fee=edition.currency.format(fee), square=token.square)
    square = token.square
    survived, dice_total = yield from attack(state, edition, narrator, assassin, target)
    if survived and token_alive(state, assassin) and state.token(assassin).square == square \
            and state.game_over is None:
        from companion.morpoly.elam.meetings import resolve_square

        yield from resolve_square(state, edition, narrator, assassin, dice_total)
