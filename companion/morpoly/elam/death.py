"""A death in ELAM (L167, R61) and the two deaths the turn itself causes (L170–171, R62–R63).

The sequence, in this order: the guild member is lost; the killer's share (the Assassins' table D,
cash ÷ (X + 1), X the lives left after this death); the claims on DEATH covers (the FSU ledger's
hook); then, if the party has members left, the **funeral** — one GO salary to the bank, waived for
the Luggage's 7 (L194) — and the token is **placed on GO**: nothing passed, no salary, no Fortuna
token, not into jail; an accompanying Luggage stays behind (R66). A party that lost its last member
is out instead (R72). The Undead cannot die of NPCs or starvation (L86, R39).
"""
from __future__ import annotations

from collections.abc import Generator

from companion.core.procedure import Narrator, Question
from companion.morpoly import purposes
from companion.morpoly.covers import Guild
from companion.morpoly.editions import Edition
from companion.morpoly.elam import lives
from companion.morpoly.elam.table import has_guild, is_played, position, profile
from companion.morpoly.events import DeathCause, Died, PaymentKind, RelocationCause
from companion.morpoly.guilds import assassins, undead, wizards
from companion.morpoly.money import BANK, transfer
from companion.morpoly.rules import party_exists, token_alive
from companion.morpoly.settle import charge, settle
from companion.morpoly.state import State

Dying = Generator[Question, str, bool]

CAUSES = {
    DeathCause.ASSASSIN: "the Assassins",
    DeathCause.DEATH: "Death",
    DeathCause.LUGGAGE: "the Luggage",
    DeathCause.DIBBLER: "one of Dibbler's sausages",
    DeathCause.HEART_ATTACK: "a heart attack",
    DeathCause.STARVATION: "starvation",
}


def is_immune(state: State, token_id: str, cause: DeathCause) -> bool:
    return undead.immune_to(position(state), token_id, cause)


def die(state: State, edition: Edition, narrator: Narrator, token_id: str, cause: DeathCause,
        killer: str | None = None) -> Dying:
    """``token_id`` loses a guild member to ``cause``; ``killer`` (a party) takes its share. Returns
    whether a member died (an immune Undead token does not)."""
    if is_immune(state, token_id, cause):
        narrator.say("morpoly.elam.immune", f"{token_id} is Undead: {CAUSES[cause]} cannot kill it",
                     token=token_id, cause=cause.value)
        return False
    party = state.party_of(token_id).id
    state.lives[party] = lives.count(state, party) - 1
    left = state.lives[party]
    narrator.say("morpoly.elam.died", f"{token_id} dies of {CAUSES[cause]}: {party} has {left} guild members left",
                 token=token_id, party=party, cause=cause.value, lives=left)
    if killer is not None and party_exists(state, killer) and killer != party:
        share = assassins.share(state.party(party).cash, left, profile(edition), state.rules)
        if share:
            transfer(state, party, killer, share)
            narrator.say("morpoly.elam.share", f"{killer} takes {edition.currency.format(share)} from {party}",
                         party=killer, victim=party, amount=edition.currency.format(share))
    if left <= 0:  # the last member: the party is out at once (L166), its FSUs void on both sides (R72),
        lives.eliminate(state, narrator, party)  # so no claim is settled for this death
        return True
    yield from settle(state, edition, narrator, [Died(token_id, cause)])  # DEATH covers' claims (L182, R61)
    if not token_alive(state, token_id) or state.game_over is not None:
        return True  # (a claim the party could not pay took it over)
    party = state.party_of(token_id).id
    if cause is not DeathCause.LUGGAGE:
        yield from charge(state, edition, narrator, party, BANK, edition.go_salary, PaymentKind.FUNERAL,
                          purposes.funeral(token_id))
        if not token_alive(state, token_id) or state.game_over is not None:
            return True  # (nobody bought the guild the funeral bankrupted: it is out, R56)
        # a funeral that ended in a takeover or an auction still puts the token back on GO (L167)
    yield from place_on_go(state, edition, narrator, token_id)
    return True


def place_on_go(state: State, edition: Edition, narrator: Narrator, token_id: str) -> Generator[Question, str, None]:
    """A placement through the one move door: nothing passed, no salary, no Fortuna token (R61); the
    Luggage stays behind (R66). A Wizard's teleport control does not apply (R49) unless option
    ``wizard-control-on-death-return``: then he may be placed on the square opposite GO instead
    (question ``morpoly.elam.wizard-control``: ``go`` or ``opposite``)."""
    from companion.morpoly.elam.npcs import token_placed
    from companion.morpoly.layout import GO
    from companion.morpoly.movement import placement
    from companion.morpoly.moves import moved_steps
    from companion.morpoly.questions import ask_choice

    square = GO
    choices = wizards.control_choices(position(state), token_id, RelocationCause.DEATH_RETURN, GO, state.rules)
    if len(choices) > 1:
        name, other = edition.squares[GO].name, edition.squares[choices[1]].name
        answer = yield from ask_choice(state, narrator, "morpoly.elam.wizard-control",
                                       f"{token_id}: start again on {name}, or on {other} instead?", token_id,
                                       ["go", "opposite"], token=token_id, name=name, other=other)
        square = choices[1] if answer == "opposite" else GO
    token_placed(state, token_id)
    yield from moved_steps(state, edition, narrator, token_id, placement(token_id, square), RelocationCause.DEATH_RETURN)
    token = state.token(token_id)
    token.in_jail, token.jail_attempts = False, 0
    if square == GO:
        narrator.say("morpoly.elam.back-to-go", f"{token_id} starts again on GO", token=token_id)
    else:
        narrator.say("morpoly.elam.back-to-opposite", f"{token_id} starts again on {edition.squares[square].name}",
                     token=token_id, square=square, name=edition.squares[square].name)


def heart_attack_applies(state: State, token_id: str) -> bool:
    """L170, R62: in ELAM a third doubles in a row kills instead of jailing — the City Watch too,
    unless ``watch-immune-to-heart-attack``."""
    if not is_played(state):
        return False
    watch_immune = state.rules.get("watch-immune-to-heart-attack") == "yes"
    return not (watch_immune and has_guild(state, token_id, Guild.WATCH))


def starvation_applies(state: State, token_id: str) -> bool:
    """L171, R63: in ELAM a third failed attempt to leave jail kills instead of the fine; the Undead
    are immune and leave the standard way (L86, R39)."""
    return is_played(state) and not is_immune(state, token_id, DeathCause.STARVATION)
