"""A whole game: set-up, then turn after turn, driven by one input at a time.

A :class:`Game` is a value: the table now, the procedure under way (a :class:`Pending`: its name,
arguments, start state and the answers given so far), how many inputs were accepted and the log.
:func:`apply` never changes the game it is given; it replays the pending procedure with one more
answer and returns a new game, or raises a :class:`CompanionError` and the old game stands. When a
procedure finishes, the next is scheduled: set-up, then the first player's turn, then each next
player's turn, until ``state.game_over``.

Secrets (personalities, private questions) live in the game; what a screen may show comes from
:func:`view`, :func:`question_for` and :func:`narration_for` for one viewer.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.morpork.cards.common import personalities_in_game
from companion.core.errors import InputError, RuleViolation
from companion.core import game as core_game
from companion.core.inputs import Answer, CardScan, DieRoll, Input, RandomDraw, answer_text, check_kind
from companion.core.procedure import (
    Narration,
    Narrator,
    Pending,
    ProcedureBody,
    ProcedureFactory,
    Question,
    choice_question,
    roll_mismatch,
    roll_question,
)
from companion.morpork.board import AREA_IDS
from companion.morpork.catalog import CARD_IDS, EVENT_IDS, PERSONALITY_IDS
from companion.morpork.options import EDITIONS, Rulings
from companion.morpork.progress import watch_answers
from companion.morpork.revisions import LATEST
from companion.morpork.setup import new_state
from companion.morpork.state import State
from companion.morpork.state_format import state_to_json
from companion.morpork.turn import turn_procedure  # at the top: the factory runs every turn


# -- the set-up procedure --------------------------------------------------------------------

def first_player_from_roll(colors: list[str], face: int) -> str:
    """EN/PL/IT: one roll picks the first player, face ``f`` → player ``(f - 1) % n``.
    12 is a multiple of 2, 3 and 4, so every player has the same chance."""
    return colors[(face - 1) % len(colors)]


def setup_procedure(state: State, narrator: Narrator, args: Mapping[str, Any]) -> ProcedureBody:
    """Who starts (by the die), then each player's secret personality.

    By the ruling ``first-player`` (``highest-roll``, the German edition's): every player rolls and
    the highest roll starts; tied players roll again.
    The personality question is private and lists every personality in the game (not only the
    ones still free): a list of the free ones would tell later players what earlier ones got.
    Scanning a card someone already has is refused (it cannot happen with the real cards).
    """
    colors = state.colors
    if state.rules.first_player == "highest-roll":
        contenders = list(colors)
        while len(contenders) > 1:
            rolls: dict[str, int] = {}
            for color in contenders:
                face = int((yield roll_question("setup.roll-each", f"{color}: roll the die (highest starts)",
                                                color)))
                rolls[color] = face
                narrator.say("setup.rolled-by", f"{color} rolls {face}", player=color, face=face)
            best = max(rolls.values())
            contenders = [c for c in contenders if rolls[c] == best]
            if len(contenders) > 1:
                narrator.say("setup.tie", f"{', '.join(contenders)} tie on {best} and roll again",
                             players=",".join(contenders))
        first = contenders[0]
    else:
        face = int((yield roll_question("setup.roll-first", "Roll the die to choose the first player")))
        first = first_player_from_roll(colors, face)
        narrator.say("setup.rolled", f"the die shows {face}", face=face)
    state.active_player = first
    narrator.say("setup.first-player", f"{first} plays first", player=first)

    allowed = personalities_in_game(len(colors))
    for color in colors:
        question = choice_question(
            "setup.personality", f"{color}: scan or pick your secret personality", color, allowed,
            private=True)
        answer = yield question
        if any(p.personality == answer for p in state.players):
            raise RuleViolation("setup.personality", "that card is not available: choose another personality",
                                question=question)
        state.player(color).personality = answer
        narrator.say("setup.personality-dealt", f"{color} has a personality", player=color)


def _turn_procedure(state: State, narrator: Narrator, args: Mapping[str, Any]) -> ProcedureBody:
    """A turn, its answers watched (an event that ended is ``just_over`` until the next one)."""
    return watch_answers(state, turn_procedure(state, narrator, args))


PROCEDURES: dict[str, ProcedureFactory] = {
    "setup": setup_procedure,
    "turn": _turn_procedure,
}


# -- the game value --------------------------------------------------------------------------

class Game(core_game.Game[State]):
    """A game of Ankh-Morpork at one moment (:class:`companion.core.game.Game`)."""


def _next_procedure(state: State) -> Pending[State] | None:
    """The next turn, starting from ``state``: the working state of a procedure that has finished,
    which nothing changes any more (the live procedure works on its own copy), so it is kept as
    the start without a copy of its own — one copy of the table per turn saved
    (``Procedures.resume`` hands it a copy of a caller's state)."""
    if state.game_over is not None:
        return None
    return Pending("turn", {"player": state.active_player}, state)


ENGINE: core_game.Procedures[State, Game] = core_game.Procedures(PROCEDURES, _next_procedure, Game)


def new_game(colors: list[str], edition: str = "en", names: list[str] | None = None,
             options: Mapping[str, str] | None = None, revision: int = LATEST) -> Game:
    """The set-up table, waiting for the roll that picks the first player. ``options`` are the
    game's rule options (``companion.morpork.options``; an ``edition`` among them wins over the
    argument); the rulings not given follow the edition. ``revision`` is the rules revision
    (``companion.morpork.revisions``) the game is played by."""
    given = {"edition": edition, **(options or {})}
    if given["edition"] not in EDITIONS:  # the set-up's own message, as before options existed
        new_state(list(colors), given["edition"])
    state = new_state(list(colors), given["edition"], rulings=Rulings.from_options(given))
    state.revision = revision
    if names is not None:
        if len(names) != len(colors):
            raise RuleViolation("setup.names", f"{len(names)} names for {len(colors)} players: {names!r}")
        for player, name in zip(state.players, names):
            player.name = name
    return ENGINE.start(state, "setup")


def check_input(question: Question | None, inp: Input, seq: int) -> str:
    """The answer string for ``question``, or an ``InputError`` saying why ``inp`` does not fit."""
    if question is not None and (inp.seq is None or inp.seq == seq):
        value = _fitting_value(question, inp)
        if value is not None:
            return value
    return _checked_value(question, inp, seq)


def _checked_value(question: Question | None, inp: Input, seq: int) -> str:
    """:func:`check_input` one check at a time, each refusal worded (``_fitting_value`` must accept
    nothing these refuse: ``tests/companion/test_check_input.py``)."""
    if question is None:
        raise InputError("the game is over; no input is expected", "input.game-over")
    if inp.seq is not None and inp.seq != seq:
        raise InputError(f"stale input: made at seq {inp.seq!r}, the game is at seq {seq!r}", "input.stale",
                         {"made": inp.seq, "now": seq}, question)
    check_kind(question, inp)
    if isinstance(inp, DieRoll) and question.kind == "roll":
        mismatch = roll_mismatch(question, inp.faces)
        if mismatch is not None:
            raise InputError(mismatch, "input.roll-dice", {"dice": question.dice, "sides": question.sides}, question)
    value = answer_text(inp)
    if isinstance(inp, CardScan) and value not in _CARDS_OF_KIND.get(inp.kind, ()):  # chance, chest: the second game
        # the card printed on a scanned sticker says what it is: an "event" scan of a personality
        # (or of anything else) answers nothing, whatever the question's options
        raise InputError(f"a scanned {inp.kind} card cannot answer {question.text!r}"
                         + ("" if question.private else f": {_shown(inp, value)} is not a {inp.kind} card"),
                         "input.scan-kind", {"kind": inp.kind}, question)
    if not question.accepts(value):
        if question.private:  # the value may be another player's secret: name the step, not the card
            raise InputError(f"that card is not available for {question.text!r}", "input.not-available",
                             question=question)
        scanned = f"scanned {inp.kind} " if isinstance(inp, CardScan) else ""
        if _is_secret(inp, value):  # the screens' words name no personality either
            raise InputError(f"{scanned}that card is not an option for {question.text!r}", "input.not-available",
                             question=question)
        if isinstance(inp, CardScan):
            raise InputError(f"{scanned}{value!r} is not an option for {question.text!r}", "input.scan-not-option",
                             {"value": value}, question)
        if question.kind == "roll":
            raise InputError(f"a d12 roll is a face from 1 to 12, not {value!r}", "input.roll-d12", {"value": value},
                             question)
        raise InputError(f"{value!r} is not an option for {question.text!r}", "input.not-option", {"value": value},
                         question)
    return value


def _fitting_value(question: Question, inp: Input) -> str | None:
    """The answer when ``inp`` passes every check of :func:`check_input` as most inputs do — a
    player's answer or a scanned card among the options, a d12 face — else ``None``, and the full
    checks run (they word why). Each input went through all of them one by one: a few percent of
    a simulated game. The same checks, in fewer steps: the kind of input fits the question's kind,
    it names no other player, a scanned card is of its kind, the value is an option."""
    kind = question.kind
    if isinstance(inp, Answer):
        if kind != "choice":
            return None
        value = inp.value
    elif isinstance(inp, CardScan):
        value = inp.card
        if kind != "choice" or value not in _CARDS_OF_KIND.get(inp.kind, ()):
            return None
    elif isinstance(inp, DieRoll):
        if kind != "roll" or question.dice != 1 or inp.faces is not None:
            return None
        value = str(inp.face)
    else:
        return None
    player = getattr(inp, "player", None)
    if player is not None and question.player is not None and player != question.player:
        return None
    return value if value in question.options else None


def _shown(inp: Input, value: str) -> str:
    """``value`` as a rejection quotes it: a rejection is read by the whole table, so a personality
    (scanned or named) is never quoted back."""
    return "that card" if _is_secret(inp, value) else repr(value)


def _is_secret(inp: Input, value: str) -> bool:
    """A personality, scanned or named: a refusal never says which."""
    return value in _CARDS_OF_KIND["personality"] or isinstance(inp, CardScan) and inp.kind == "personality"


_CARDS_OF_KIND: dict[str, frozenset[str]] = {
    "card": frozenset(CARD_IDS), "event": frozenset(EVENT_IDS), "personality": frozenset(PERSONALITY_IDS),
    "area": frozenset(AREA_IDS)}
"""What each kind of scan can name (``companion.core.inputs.SCAN_KINDS``), from the catalogue."""


def apply(game: Game, inp: Input, snapshot: bool = True, replayable: bool = True) -> Game:
    """The game after ``inp``; raises ``CompanionError`` (``InputError``/``RuleViolation``) and
    leaves ``game`` unchanged when the input does not fit or breaks a rule. ``snapshot=False``: see
    :meth:`companion.core.game.Procedures.answer` (the copy per input was a quarter of a replay);
    ``replayable=False`` too (the simulator, which never goes back: no copy of the table per turn)."""
    # the question read from its field (``Game.question`` is a property: a call of its own per input)
    return ENGINE.answer(game, check_input(game.current_question, inp, game.seq), snapshot, replayable)


# -- views -----------------------------------------------------------------------------------

def view(game: Game, viewer: str | None) -> dict[str, Any]:
    """The state document (``ankh-morpork-state/1``) as ``viewer`` may see it: other players'
    personalities are ``null``; ``viewer=None`` is the public table (no personality at all)."""
    doc = state_to_json(game.state)
    for player in doc["players"]:
        if player["color"] != viewer:
            player["personality"] = None
    return doc


def question_for(game: Game, viewer: str | None) -> dict[str, Any] | None:
    """The current question as ``viewer`` may see it: a private question shows its options only to
    its player (a private question without a player, e.g. a hidden random draw, to nobody)."""
    question = game.question
    if question is None:
        return None
    doc = question.to_json()
    if question.private and (question.player is None or question.player != viewer):
        doc = {"kind": question.kind, "player": question.player, "private": True,
               "question": "waiting for a secret answer"}
    return doc


def narration_for(game: Game, viewer: str | None) -> list[Narration]:
    """The log as ``viewer`` may read it: lines keyed ``private.*`` only for their ``player``."""
    shown = []
    for line in game.narration:
        if line.key.startswith("private."):
            owner = dict(line.params).get("player")
            if owner is None or owner != viewer:
                continue
        shown.append(line)
    return shown
