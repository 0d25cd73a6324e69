"""The one-square step of the Beggars and the Fools, offered when a walk is about to land (L73, L78,
L109, R36).

A Beggar who would land on another party's square may step on one square when that square belongs
to the Beggars or to nobody and no player stands on it; a Fool who would land just before a Chance
or Community Chest square with nobody on it may step onto it. The step is either/or: the square he
would have landed on is only *passed*, and only the square he steps onto is landed on and resolved —
so the walk becomes one walk a square longer (question ``morpoly.move.step``: ``stay`` or ``step``).
The kit's ``step_target`` of each guild decides whether the step is open.
"""
from __future__ import annotations

from collections.abc import Generator

from companion.core.procedure import Narrator, Question
from companion.morpoly.covers import Guild
from companion.morpoly.editions import Edition
from companion.morpoly.events import Direction, Landed, Mode, Passed, Step
from companion.morpoly.guilds import beggars, fools
from companion.morpoly.movement import Rotation
from companion.morpoly.questions import ask_choice
from companion.morpoly.rules import is_variant
from companion.morpoly.state import State
from companion.morpoly.table_position import heads_any, position_of


_STEPPING = frozenset({Guild.BEGGARS, Guild.FOOLS})
"""The guilds that may step on (``beggars.is_beggar``, ``fools.is_fool``)."""


def step_target(state: State, token_id: str, square: int, rotation: Rotation,
                npc_squares: tuple[int, ...] = ()) -> int | None:
    """Where ``token_id``, about to land on ``square``, may step on to instead (``None``: nowhere)."""
    if not heads_any(state, token_id, _STEPPING):
        return None  # what both guilds' rules say first of any other token, asked once (every walk)
    position = position_of(state)
    for guild_step in (beggars.step_target, fools.step_target):
        target = guild_step(position, token_id, square, rotation, npc_squares, state.rules)
        if target is not None:
            return target
    return None


def step_offered(state: State, token_id: str, steps: tuple[Step, ...], rotation: Rotation,
                 npc_squares: tuple[int, ...] = ()) -> int | None:
    """Where the walk ``steps`` of ``token_id`` may step on to (:func:`step_target` of the square it
    would land on), ``None`` when no step is offered (not a walk's landing, not the variant): the
    question :func:`offer_step` asks only then, so the move makes no generator for it else."""
    end = steps[-1]
    if not is_variant(state) or not isinstance(end, Landed) or end.mode is not Mode.WALK:
        return None
    return step_target(state, token_id, end.square, rotation, npc_squares)


def offer_step(state: State, edition: Edition, narrator: Narrator, token_id: str, steps: tuple[Step, ...],
               rotation: Rotation, npc_squares: tuple[int, ...] = (),
               target: int | None = None) -> Generator[Question, str, tuple[Step, ...]]:
    """``steps`` as they are, or — when the player steps on — with the landing turned into a pass
    and the square after it landed on (a walk, R36). ``target``: :func:`step_offered`, when the
    caller has it already."""
    if target is None:
        target = step_offered(state, token_id, steps, rotation, npc_squares)
        if target is None:
            return steps
    end = steps[-1]
    here, there = edition.squares[end.square].name, edition.squares[target].name
    choice = yield from ask_choice(state, narrator, "morpoly.move.step",
                                   f"{token_id}: stop on {here}, or step on to {there}?", token_id,
                                   ["stay", "step"], token=token_id, square=str(end.square), target=str(target),
                                   name=here, target_name=there)
    if choice == "stay":
        return steps
    narrator.say("morpoly.move.stepped", f"{token_id} steps past {here} to {there}", token=token_id,
                 square=target, name=there)
    return (*steps[:-1], Passed(token_id, end.square, end.direction), Landed(token_id, target, Mode.WALK,
                                                                              Direction.FORWARD))
