"""ELAM's non-player characters in play (§5.4, L187–203; R64–R71): Death, the Luggage and CMOT
Dibbler.

**Moving** (L188, R64). The banker — the player the table chose at set-up (rules revision 2; the
first seated in a game of revision 1), or after him the next seated player still in the game —
moves them after his whole turn: one throw each (Death, then the Luggage, then Dibbler), that many
squares clockwise (``npc-move=1d6``: the first face only). They ignore every square and get no
extra roll; a Luggage that accompanies a token is not rolled for.

**Meeting** (R65). An NPC meets every token standing where it arrives, and a token that arrives
where an NPC stands, after the token's square is resolved; prisoners are out of reach, and the
Luggage never meets its own companion.

- **Death** (L189–190): every token there dies (the Undead excepted, L86).
- **The Luggage** (L191–197, table E): the player rolls; doubles: it joins him; 7: it swallows him
  (a life, back to GO, no funeral); other even: it swallows him and races off — he rolls again and
  is carried the product forward (even) or backward (odd), nothing passed, an exact GO landing pays
  double (R67), and resolves the square where it spits him out; other odd: the bank pays 20 × the
  sum × scale, shared equally among the players on the square (R68). A Wizard does not roll: it
  joins him. It follows its companion on every move, but not into jail nor back to GO (R66).
- **CMOT Dibbler** (L198–203, table F): the player rolls; doubles: a deadly sausage (a life, the
  usual funeral); 7: the player's running direction reverses until the next Dibbler 7 (R71); other
  even: he buys a card of the deck he chooses for 1/10 of his cash, paid to the bank, and resolves
  it (R70); other odd: the bank pays 10 × the sum × scale (R69; ``dibbler-new-roll``: of a new
  throw).
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Final

from companion.core.procedure import Narrator, Question
from companion.morpoly import movement
from companion.morpoly import purposes
from companion.morpoly.covers import Guild
from companion.morpoly.currency import dibbler_money, fraction_of, luggage_money, shares
from companion.morpoly.debts import pay
from companion.morpoly.dice import DIBBLER_CARD_FEE, TABLE_E, TABLE_F, Dice, DibblerOutcome, LuggageOutcome, classify
from companion.morpoly.editions import Edition
from companion.morpoly.elam import lives
from companion.morpoly.elam.death import die
from companion.morpoly.elam.table import has_guild, is_played, profile, tokens_on
from companion.morpoly.events import DeathCause, PaymentKind
from companion.morpoly.fortuna_play import ask_roll
from companion.morpoly.money import BANK, transfer
from companion.morpoly.questions import ask_choice
from companion.morpoly.revisions import AUDITED
from companion.morpoly.rules import tenth_rounding, token_alive
from companion.morpoly.state import Npcs, State

Acting = Generator[Question, str, None]

NPCS: Final = ("death", "luggage", "dibbler")
NAMES: Final = {"death": "Death", "luggage": "the Luggage", "dibbler": "CMOT Dibbler"}


def runs_forward(state: State, token_id: str) -> bool:
    """Whether the token's running direction is still clockwise (a Dibbler 7 reverses it, L201)."""
    return token_id not in state.reversed_tokens


def members_of_token(state: State, token_id: str) -> int:
    """The lives of the token's party (0 outside ELAM): the turn ends when they drop during a move."""
    if not state.lives:  # outside ELAM (or none left): 0, without finding the party (asked at every roll)
        return 0
    if not token_alive(state, token_id):
        return 0
    return lives.count(state, state.party_of(token_id).id)


def banker(state: State) -> str | None:
    """Who runs the bank and moves the NPCs (L188, R64): the player the table chose at set-up
    (``Npcs.banker``; the first seated when none was asked, rules revision 1) while his token is in
    the game, else the next seated player whose token still is."""
    alive = {t.id for t in state.tokens}
    seating = state.seating
    chosen = state.npcs.banker if state.npcs is not None else None
    first = seating.index(chosen) if chosen in seating else 0
    return next((seating[(first + k) % len(seating)] for k in range(len(seating))
                 if seating[(first + k) % len(seating)] in alive), None)


def square_of(npcs: Npcs, name: str, state: State) -> int:
    """Where an NPC stands; an accompanying Luggage stands with its companion."""
    if name == "luggage" and npcs.luggage_with is not None and token_alive(state, npcs.luggage_with):
        return state.token(npcs.luggage_with).square
    return int(getattr(npcs, name))


def follow(state: State, token_id: str) -> None:
    """The Luggage goes with its companion (R66); into jail it does not, and it stays behind, free."""
    npcs = state.npcs
    if npcs is None or npcs.luggage_with != token_id:
        return
    token = state.token(token_id)
    if token.in_jail:
        npcs.luggage_with = None
    else:
        npcs.luggage = token.square


def token_placed(state: State, token_id: str) -> None:
    """A placement is about to take ``token_id`` off its square (jail, GO after a death): the
    Luggage stays where it was, free (R66)."""
    npcs = state.npcs
    if npcs is not None and npcs.luggage_with == token_id and token_alive(state, token_id):
        npcs.luggage = state.token(token_id).square
        npcs.luggage_with = None


def after_bankers_turn(state: State, edition: Edition, narrator: Narrator, token_id: str) -> Acting:
    npcs = state.npcs
    if not is_played(state) or npcs is None or token_id != banker(state):
        return
    for name in NPCS:
        if state.game_over is not None or not token_alive(state, token_id):
            return
        if name == "luggage" and npcs.luggage_with is not None:
            continue
        first, second = yield from _roll_to_move(state, narrator, name, token_id)
        distance = first if state.rules.get("npc-move") == "1d6" else first + second
        square = (int(getattr(npcs, name)) + distance) % 40
        setattr(npcs, name, square)
        _say_moved(narrator, name, square, distance, edition.squares[square].name)
        for met in tokens_on(state, square):
            if square_of(npcs, name, state) != square:
                break  # the Luggage raced off with the first of them
            if token_alive(state, met) and _on(state, met, square):
                yield from encounter(state, edition, narrator, name, met)


def _roll_to_move(state: State, narrator: Narrator, name: str, banker_token: str) -> Generator[Question, str, tuple[int, int]]:
    """The banker's throw for one NPC (one question key per NPC, so each reads in every language)."""
    if name == "death":
        return (yield from ask_roll(state, narrator, "morpoly.roll.npc-death", f"{banker_token}: roll to move Death",
                                    banker_token, npc=name, token=banker_token))
    if name == "luggage":
        return (yield from ask_roll(state, narrator, "morpoly.roll.npc-luggage",
                                    f"{banker_token}: roll to move the Luggage", banker_token, npc=name,
                                    token=banker_token))
    return (yield from ask_roll(state, narrator, "morpoly.roll.npc-dibbler", f"{banker_token}: roll to move CMOT Dibbler",
                                banker_token, npc=name, token=banker_token))


def _say_moved(narrator: Narrator, name: str, square: int, steps: int, square_name: str) -> None:
    if name == "death":
        narrator.say("morpoly.npc.death-moves", f"Death moves {steps} to {square_name}", npc=name, square=square,
                     steps=steps, name=square_name)
    elif name == "luggage":
        narrator.say("morpoly.npc.luggage-moves", f"the Luggage moves {steps} to {square_name}", npc=name,
                     square=square, steps=steps, name=square_name)
    else:
        narrator.say("morpoly.npc.dibbler-moves", f"CMOT Dibbler moves {steps} to {square_name}", npc=name,
                     square=square, steps=steps, name=square_name)


def meet_arrival(state: State, edition: Edition, narrator: Narrator, token_id: str,
                 spat_out_by: str | None = None) -> Acting:
    """``token_id`` arrived on a square: each NPC there meets it, while it is still there — but not
    ``spat_out_by``, the NPC (the Luggage) that has just spat it out here (L195)."""
    npcs = state.npcs
    if npcs is None:
        return
    square = state.token(token_id).square
    for name in NPCS:
        if not _on(state, token_id, square) or state.game_over is not None:
            return
        if square_of(npcs, name, state) == square and name != spat_out_by:
            yield from encounter(state, edition, narrator, name, token_id)


def luggage_arrives(state: State, edition: Edition, narrator: Narrator, companion: str, square: int) -> Acting:
    """The Luggage came to ``square`` with its ``companion``: it meets every other token there, in
    seating order, as when the banker moves it (L192: "Wenn Truhe auf dem Feld eines Spielers steht, den
    sie nicht begleitet"; L197; R65), while it is still there."""
    npcs = state.npcs
    if npcs is None:
        return
    for met in tokens_on(state, square):
        if state.game_over is not None or square_of(npcs, "luggage", state) != square:
            return  # it raced off with one of them, or stayed behind with a companion gone
        if met != companion and _on(state, met, square):
            yield from encounter(state, edition, narrator, "luggage", met)


def _on(state: State, token_id: str, square: int) -> bool:
    if not token_alive(state, token_id):
        return False
    token = state.token(token_id)
    return token.square == square and not token.in_jail


def encounter(state: State, edition: Edition, narrator: Narrator, name: str, token_id: str) -> Acting:
    if name == "death":
        narrator.say("morpoly.npc.death", f"{token_id} meets Death", token=token_id)
        yield from die(state, edition, narrator, token_id, DeathCause.DEATH)
    elif name == "luggage":
        yield from _luggage(state, edition, narrator, token_id)
    else:
        yield from _dibbler(state, edition, narrator, token_id)


def _luggage(state: State, edition: Edition, narrator: Narrator, token_id: str) -> Acting:
    npcs = state.npcs
    assert npcs is not None
    if npcs.luggage_with == token_id:
        return
    if has_guild(state, token_id, Guild.WIZARDS):  # L197: it simply joins a Wizard
        _join(state, narrator, npcs, token_id)
        return
    first, second = yield from ask_roll(state, narrator, "morpoly.roll.luggage", f"{token_id}: roll for the Luggage",
                                    token_id, token=token_id)
    dice = Dice(first, second)
    outcome = TABLE_E[classify(dice)]
    if outcome is LuggageOutcome.JOINS:
        _join(state, narrator, npcs, token_id)
    elif outcome is LuggageOutcome.SWALLOWS:
        narrator.say("morpoly.npc.luggage-swallows", f"{token_id} rolls {first} and {second}: the Luggage "
                     f"swallows him", token=token_id, first=first, second=second)
        yield from die(state, edition, narrator, token_id, DeathCause.LUGGAGE)
    elif outcome is LuggageOutcome.RACES:
        yield from _race(state, edition, narrator, npcs, token_id)
    else:
        here = state.token(token_id).square
        amount = luggage_money(dice.total, profile(edition))
        sharers = tokens_on(state, here)
        share = shares(amount, len(sharers), profile(edition), tenth_rounding(state))
        narrator.say("morpoly.npc.luggage-money", f"{token_id} rolls {first} and {second}: the Luggage spits out "
                     f"{edition.currency.format(amount)}, {edition.currency.format(share)} each",
                     token=token_id, amount=edition.currency.format(amount), share=edition.currency.format(share))
        for sharer in sharers:
            transfer(state, BANK, state.party_of(sharer).id, share)


def _join(state: State, narrator: Narrator, npcs: Npcs, token_id: str) -> None:
    npcs.luggage_with = token_id
    npcs.luggage = state.token(token_id).square
    narrator.say("morpoly.npc.luggage-joins", f"the Luggage joins {token_id}", token=token_id)


def _race(state: State, edition: Edition, narrator: Narrator, npcs: Npcs, token_id: str) -> Acting:
    from companion.morpoly.elam.meetings import after_arrival
    from companion.morpoly.events import RelocationCause
    from companion.morpoly.landing import arrive
    from companion.morpoly.moves import go_money, moved_steps

    npcs.luggage_with = None
    token = state.token(token_id)
    first, second = yield from ask_roll(state, narrator, "morpoly.roll.luggage-race",
                                    f"{token_id}: swallowed, roll for the Luggage's race", token_id, token=token_id)
    steps = movement.luggage_race(token_id, token.square, Dice(first, second))
    destination = steps[-1].square
    narrator.say("morpoly.npc.luggage-race", f"the Luggage races {first * second} squares "
                 f"{'forward' if (first * second) % 2 == 0 else 'backward'} and spits {token_id} out on "
                 f"{edition.squares[destination].name}", token=token_id, square=destination, steps=first * second,
                 name=edition.squares[destination].name)
    yield from moved_steps(state, edition, narrator, token_id, steps, RelocationCause.LUGGAGE_RACE)  # a carry (R50, R67)
    npcs.luggage = destination
    salaries = movement.go_salaries(steps, state.rules)
    if salaries:
        yield from go_money(state, edition, narrator, token_id, salaries)
    if token_alive(state, token_id) and state.game_over is None:
        yield from arrive(state, edition, narrator, token_id, first + second)  # L195: he resolves the square
        if state.revision >= AUDITED and token_alive(state, token_id) and state.game_over is None \
                and state.token(token_id).square == destination:
            from companion.morpoly.powers import meetings

            yield from meetings(state, edition, narrator, token_id)  # he has arrived: the guilds' meetings (R5)
        yield from after_arrival(state, edition, narrator, token_id, destination, spat_out_by="luggage")


def _dibbler(state: State, edition: Edition, narrator: Narrator, token_id: str) -> Acting:
    first, second = yield from ask_roll(state, narrator, "morpoly.roll.dibbler", f"{token_id}: roll for CMOT Dibbler",
                                    token_id, token=token_id)
    outcome = TABLE_F[classify(Dice(first, second))]
    party = state.party_of(token_id).id
    narrator.say("morpoly.npc.dibbler-rolled", f"{token_id} rolls {first} and {second} for CMOT Dibbler",
                 token=token_id, first=first, second=second)  # the dice line, whatever the table then does
    if outcome is DibblerOutcome.SAUSAGE_KILLS:
        narrator.say("morpoly.npc.dibbler-sausage", f"{token_id} gets a deadly sausage", token=token_id)
        yield from die(state, edition, narrator, token_id, DeathCause.DIBBLER)
    elif outcome is DibblerOutcome.REVERSES:
        if token_id in state.reversed_tokens:
            state.reversed_tokens.remove(token_id)
        else:
            state.reversed_tokens.append(token_id)
        way = "clockwise" if runs_forward(state, token_id) else "counter-clockwise"
        narrator.say("morpoly.npc.dibbler-reverses", f"the sausage moves: {token_id} now runs {way}", token=token_id,
                     direction=way)
    elif outcome is DibblerOutcome.SELLS_CARD:
        from companion.morpoly.cards import draw

        fee = fraction_of(state.party(party).cash, *DIBBLER_CARD_FEE, profile(edition), state.rules.get("rounding", "down"))
        deck = yield from ask_choice(state, narrator, "morpoly.npc.dibbler-card",
                                     f"{token_id}: Dibbler sells you a card for {edition.currency.format(fee)}: "
                                     f"which deck?", token_id, ["chance", "chest"], token=token_id,
                                     fee=edition.currency.format(fee))
        if state.revision >= AUDITED:  # L202 with L64: a payment the Merchants' cover pays (R70)
            from companion.morpoly.settle import charge

            yield from charge(state, edition, narrator, party, BANK, fee, PaymentKind.DIBBLER_CARD,
                              purposes.DIBBLER_CARD)
        else:
            yield from pay(state, edition, narrator, party, BANK, fee, purposes.DIBBLER_CARD)
        if token_alive(state, token_id) and state.game_over is None:
            yield from draw(state, edition, narrator, token_id, deck, first + second)
    else:
        total = first + second
        if state.rules.get("dibbler-new-roll") == "yes":
            again = yield from ask_roll(state, narrator, "morpoly.roll.dibbler-money",
                                    f"{token_id}: roll for Dibbler's dropped money", token_id, token=token_id)
            total = sum(again)
            narrator.say("morpoly.npc.dibbler-money-rolled", f"{token_id} rolls {again[0]} and {again[1]} for "
                         f"Dibbler's dropped money", token=token_id, first=again[0], second=again[1])
        amount = dibbler_money(total, profile(edition))
        transfer(state, BANK, party, amount)
        narrator.say("morpoly.npc.dibbler-money", f"Dibbler drops {edition.currency.format(amount)}",
                     token=token_id, amount=edition.currency.format(amount))
