"""Fortuna tokens in play (optional, reference §5.2, L157–164): who gets and loses one at GO, and the
re-roll a token buys.

Who earns or loses a token is the kit's :func:`companion.morpoly.fortuna.at_go` (R59): the poorest
party walking *past* GO earns one when its turn ends, a holder walking past GO while not the poorest
gives it up; an exact landing, a jump or a placement changes nothing.

**The re-roll (L161–162, R60).** A token may be spent on any roll, the roller's own included, before
its result is acted on. Every roll asked through :func:`ask_roll` is therefore followed, while some
party holds a token, by one question to the holders: ``play-on`` or ``fortuna:<party>``. Spending
one voids the throw (it never counts, not even for a doubles sequence) and asks **the same roll
question again**; several tokens may be spent one after another on the same roll. The throw, the
window's answer and the new throw are three journalled inputs, so replay and undo treat the void
like any other answer. The token goes back to the supply. In a team only the boss spends (L154, R57);
the question names the boss of the holding party.
"""
from __future__ import annotations

from collections.abc import Generator

from companion.core.procedure import Narrator, Question
from companion.morpoly import fortuna
from companion.morpoly.dice import answered
from companion.morpoly.events import RollPurpose, Step
from companion.morpoly.fortuna import FortunaChange
from companion.morpoly.questions import ask_choice
from companion.morpoly.questions import roll_question
from companion.morpoly.revisions import FORTUNA_AND_FOOLS_AUDITED, NOTHING_AFTER_THE_END
from companion.morpoly.state import State

Rolling = Generator[Question, str, tuple[int, int]]

PLAY_ON = "play-on"
SPEND = "fortuna:"


def is_played(state: State) -> bool:
    return state.rules.get("fortuna") == "on"


def holders(state: State) -> list[str]:
    """Parties holding a token, in seating order of their bosses."""
    parties = {p.id for p in state.parties}
    return [p for p in state.fortuna if p in parties]


def ask_roll(state: State, narrator: Narrator, key: str, text: str, player: str | None,
             purpose: RollPurpose = RollPurpose.TABLE, **params: str) -> Rolling:
    """Ask for a throw bound to ``key`` and ``purpose`` (like :func:`companion.morpoly.questions.roll`),
    then let Fortuna holders void it; a voided throw is asked again with the same question."""
    while True:
        dice = answered((yield roll_question(purpose, key, text, player, **params)))  # :func:`questions.roll`
        first, second = dice.first, dice.second
        if not state.fortuna:  # nobody holds a token (always, without Fortuna): no window, none made
            return first, second
        spender = yield from _window(state, narrator, key, player, first, second)
        if spender is None:
            return first, second
        state.fortuna.remove(spender)
        boss = state.party(spender).boss
        narrator.say("morpoly.fortuna.spent", f"{boss} spends {spender}'s Fortuna token: {first} and {second} "
                     f"is void, {player or 'the table'} rolls again", party=spender, boss=boss, first=first,
                     second=second, roll=key)


def spender(answer: str) -> str | None:
    """The party an answer to the Fortuna window spends a token of (``fortuna:<party>``); ``None``
    for :data:`PLAY_ON`. One reading of the answer, for the engine and for the Journal's row."""
    return answer[len(SPEND):] if answer.startswith(SPEND) else None


def _window(state: State, narrator: Narrator, key: str, player: str | None, first: int,
            second: int) -> Generator[Question, str, str | None]:
    if not is_played(state):
        return None
    holding = holders(state)
    if not holding:
        return None
    bosses = [state.party(p).boss for p in holding]
    answer = yield from ask_choice(
        state, narrator, "morpoly.fortuna.window",
        f"{player or 'the table'} rolled {first} and {second}: play on, or spend a Fortuna token "
        f"({', '.join(bosses)}) to void the throw?",
        bosses[0] if len(bosses) == 1 else None, [PLAY_ON, *(SPEND + p for p in holding)],
        first=str(first), second=str(second), roll=key, roller=player or "")
    return spender(answer)


def at_go(state: State, narrator: Narrator, token_id: str, steps: tuple[Step, ...]) -> None:
    """A move's path steps; called before its GO salary is paid, so cash is compared as it was at the
    moment of passing (R59). Only a walk *past* GO in the running direction counts — the one that
    earns a single salary — not an exact landing, not a backward crossing, not a teleport's jump."""
    if not is_played(state) or not fortuna.passes_go(steps):
        return
    party = state.party_of(token_id).id
    cash = {p.id: p.cash for p in state.parties}
    holds = party in state.fortuna or party in state.fortuna_earned
    change = fortuna.at_go(party, steps, cash, holds)
    if change is FortunaChange.GRANT_AFTER_TURN:
        state.fortuna_earned.append(party)
        narrator.say("morpoly.fortuna.earned", f"{party} passes GO with the least cash and gets a Fortuna token "
                     f"when the turn ends", party=party)
    elif change is FortunaChange.LOSE and party in state.fortuna:
        state.fortuna.remove(party)
        narrator.say("morpoly.fortuna.lost", f"{party} passes GO without the least cash and gives up its "
                     f"Fortuna token", party=party)


def end_of_turn(state: State, narrator: Narrator) -> None:
    """Tokens earned during the turn are handed out (L159), one per party at most (L160); none once
    the game is over (from rules revision 7: the game-over line was followed by "… gets a Fortuna
    token" for the winner)."""
    if state.game_over is not None and state.revision >= NOTHING_AFTER_THE_END:
        state.fortuna_earned.clear()
        return
    parties = {p.id for p in state.parties}
    for party in state.fortuna_earned:
        if party in parties and party not in state.fortuna:
            state.fortuna.append(party)
            narrator.say("morpoly.fortuna.granted", f"{party} gets a Fortuna token", party=party)
    state.fortuna_earned.clear()


def party_leaves(state: State, party: str, taker: str | None) -> None:
    """``party`` is taken over by ``taker`` (or leaves the game: ``None``). Its token passes to the
    taking team unless that team holds one already (a team holds at most one, L154); otherwise it
    goes back to the supply, as does an earned token not yet handed out. A taker that earned a token
    this turn, not yet handed out, is not handed it when the turn ends: the one it took over stands
    for it (from rules revision 10; before, the team held one and waited for another, a position
    the checks reject)."""
    if party in state.fortuna:
        state.fortuna.remove(party)
        if taker is not None and taker not in state.fortuna:
            state.fortuna.append(taker)
            if taker in state.fortuna_earned and state.revision >= FORTUNA_AND_FOOLS_AUDITED:
                state.fortuna_earned.remove(taker)  # the token it has now stands for the one it earned
    if party in state.fortuna_earned:
        state.fortuna_earned.remove(party)
