"""The steps a card's text and a random event are written in: ask, roll for an area, pay or else,
game over. One vocabulary, so a card and an event that do the same thing do it the same way.

A procedure (see ``companion.core.procedure``) is a generator that yields Questions and receives the
answers; each step here is either a Question to ``yield`` (``ask``) or a small generator to
``yield from`` (the others). Steps know nothing of whose turn or which event it is: the callers in
``companion.morpork.cards`` and ``companion.morpork.events`` pass the player, the key and the params.
"""
from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence

from companion.core.procedure import Narrator, Question, Reason, because, choice_question, roll_question
from companion.morpork.actions import end_game_on_draw_pile
from companion.morpork.board import AREA_BY_ID, area_for_roll
from companion.morpork.pieces import transfer
from companion.morpork.revisions import SINGLE_WINDOW
from companion.morpork.scoring import final_score
from companion.morpork.state import GameOver, State

Steps = Generator[Question, str, None]
"""A card effect or an event body: yields Questions, receives answers, mutates the working state."""

PAY = "pay"


# -- ask -----------------------------------------------------------------------------------------

def ask(key: str, text: str, player: str | None, options: Sequence[str], *,
        unavailable: Mapping[str, Reason] | None = None, **params: str) -> Question:
    """A public choice for ``player`` among ``options`` (never empty); ``unavailable`` are shown
    greyed with their reason."""
    return choice_question(key, text, player, list(options), unavailable=unavailable, private=False,
                           reveals=False, **params)


def choose(question: Question) -> Generator[Question, str, str]:
    """Ask ``question`` unless it has a single option: a forced choice is made, not asked, so the
    table is never made to confirm what the rules leave no room for."""
    if len(question.options) == 1:
        return question.options[0]
    answer = yield question
    return answer


def forced(state: State, narrator: Narrator, question: Question) -> Generator[Question, str, str]:
    """Ask ``question``, or from rules revision 2 take its only option and say so: only for a
    mandatory public choice (no ``skip``, nothing greyed, no secret, nothing revealed) with a single
    option, where the rules leave the player nothing to decide. Callers pick the questions this
    fits (never a pay-or-decline, never an optional action, never a roll)."""
    single = len(question.options) == 1 and question.kind == "choice"
    if single and state.revision >= SINGLE_WINDOW and not question.private and not question.reveals \
            and not question.unavailable and question.options[0] != "skip":
        option = question.options[0]
        area, slash, piece = option.partition("/")
        if slash:  # a piece in an area (``the-shades/blue``)
            narrator.say("choice.forced-piece", f"{question.player}: the only choice is the {piece} piece in {area}",
                         area, player=question.player or "", piece=piece, question=question.key)
        else:
            narrator.say("choice.forced", f"{question.player}: the only choice is {option}",
                         option if option in AREA_BY_ID else None, player=question.player or "", option=option,
                         question=question.key)
        return option
    answer = yield question
    return answer


# -- roll ----------------------------------------------------------------------------------------

def roll(key: str, text: str, player: str | None, **params: str) -> Generator[Question, str, int]:
    """Ask for one d12 roll; the face rolled."""
    answer = yield roll_question(key, text, player, **params)
    return int(answer)


def roll_for_area(key: str, text: str, player: str | None, **params: str) -> Generator[Question, str, tuple[int, str]]:
    """Ask for one d12 roll; the face and the City Area it picks (the number printed on the board)."""
    face = yield from roll(key, text, player, **params)
    return face, area_for_roll(face)


# -- pay or else ---------------------------------------------------------------------------------

def short_of_money(player: str, money: int, price: int) -> Reason:
    """Why paying is greyed: ``player`` has ``money``, less than ``price``."""
    return because("money.short", f"{player} has ${money}, not ${price}", player=player, money=money, price=price)


def pay_player(state: State, narrator: Narrator, payer: str, payee: str, amount: int) -> int:
    """``payer`` pays ``payee`` ``amount``, or what they have (ruling 1, "as much as possible");
    what was paid. A payer with no money is said to have none to pay: "blue pays red $0" read as
    if something had happened (Mr Boggis, Nobby Nobbs, Hobsons's Livery Stable…)."""
    paid = transfer(state, payer, payee, amount)
    if paid:
        narrator.say("money.paid", f"{payer} pays {payee} ${paid}", payer=payer, payee=payee, amount=paid)
    else:
        narrator.say("money.none-to-pay", f"{payer} has no money to pay {payee}", payer=payer, payee=payee)
    return paid


def has_no_money(state: State, color: str) -> Reason | None:
    """Why ``color`` is greyed where a text takes money from the player picked: they have none."""
    if state.player(color).money > 0:
        return None
    return because("money.none", f"{color} has no money", player=color)


def pay_or(state: State, narrator: Narrator, payer: str, payee: str, price: int, alternative: str, *,
           key: str, text: str, **params: str) -> Generator[Question, str, bool]:
    """``payer`` pays ``price`` to ``payee`` or accepts ``alternative`` (The Fire Brigade, The Fools'
    Guild, Dr Whiteface, Sticky); paying
    is greyed out when they cannot afford it. Returns True when paid. ``key`` is keyword-only so
    that the UI's translation scan sees each caller's literal key."""
    money = state.player(payer).money
    options = ([PAY] if money >= price else []) + [alternative]
    greyed = {} if money >= price else {PAY: short_of_money(payer, money, price)}
    answer = yield choice_question(key, text, payer, options, unavailable=greyed, private=False, reveals=False,
                                   **({"payee": payee} | params))
    if answer != PAY:
        return False
    transfer(state, payer, payee, price)
    narrator.say("money.paid", f"{payer} pays {payee} ${price}", payer=payer, payee=payee, amount=price)
    return True


# -- game over -----------------------------------------------------------------------------------

def end_on_draw_pile(state: State, narrator: Narrator | None = None) -> None:
    """The last card left the draw pile (ruling 9: however it left): Commander Vimes wins if he is
    in play, otherwise the most points. Narrated when a ``narrator`` is given; a caller with its own
    sentence for it (Fog) says it itself."""
    end_game_on_draw_pile(state)
    assert state.game_over is not None
    if narrator is not None:
        narrator.say("game.over-draw-pile", "the draw pile is empty: the game ends",
                     winners=",".join(state.game_over.winners))


def end_on_points(state: State, reason: str) -> None:
    """The game ends and is scored on points (Riots: Vimes does not win by it, only on points)."""
    state.game_over = GameOver(reason=reason, winners=list(final_score(state).winners))
