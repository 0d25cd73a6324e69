"""What a movement roll does: the ordinary walk, or — in the variant — the guilds' own ways to move
and the pub walk, each asked at its moment (right after the roll).

After a movement roll the token's player is asked **how** to move when there is a choice
(question ``morpoly.move.how``), with the answers the kit allows for this roll and position, and for
each the square(s) it leads to (parameter ``to_<way>``, :func:`reaches`: a button names its square):

- ``walk`` / ``walk-backward``: the Fools walk backward on a 7 and choose on doubles (L110, R43);
  every token of a team with the Fools does (L155);
- ``split`` / ``split-backward``: the Undead split into two halves on a roll that is not doubles,
  unless another player's token stands on the start or on a square a half reaches (L83, R37);
- ``teleport``: the Wizards move forward by the product on doubles or a 7, unless a token stands on
  the start or the target square (L136, R48).

A token that stands on a pub when it rolls walks the two dice separately, the lower one first, each
square resolved completely (L145, R52); a split or a teleport replaces that walk. The Undead never
roll again after doubles (L85), nor does a Wizard who teleported (L136).
"""
from __future__ import annotations

from collections.abc import Generator

from companion.core.procedure import Narrator, Question
from companion.morpoly.covers import Guild
from companion.morpoly.dice import Dice
from companion.morpoly.editions import Edition
from companion.morpoly.elam.npcs import members_of_token
from companion.morpoly.events import Direction, RelocationCause
from companion.morpoly.fortuna_play import at_go as fortuna_at_go
from companion.morpoly.guilds import fools, undead, wizards
from companion.morpoly.layout import PUBS
from companion.morpoly.moves import go_money, move, npc_squares, running
from companion.morpoly.movement import pub_parts, split_salaries, teleport, undead_split, walk, wizard_teleport
from companion.morpoly.options import value
from companion.morpoly.questions import ask_choice
from companion.morpoly.revisions import AUDITED, FORTUNA_AND_FOOLS_AUDITED
from companion.morpoly.rules import is_variant, token_alive
from companion.morpoly.state import State
from companion.morpoly.table_position import heads_any, position_of

Rolled = Generator[Question, str, bool]
Hook = Generator[Question, str, None]

WALK = {Direction.FORWARD: "walk", Direction.BACKWARD: "walk-backward"}
SPLIT = {Direction.FORWARD: "split", Direction.BACKWARD: "split-backward"}
TELEPORT = "teleport"

_OWN_WAYS = frozenset({Guild.FOOLS, Guild.UNDEAD, Guild.WIZARDS})
"""The guilds with ways of their own to move (``fools.is_fool``, ``undead.is_undead``, ``wizards.is_wizard``:
a token of a team with one of them moves its way, L155)."""


def ways(state: State, token_id: str, dice: Dice, reached: dict[str, tuple[int, ...]] | None = None) -> list[str]:
    """The ways ``token_id`` may move by ``dice`` now, as the answers of ``morpoly.move.how`` (the
    first is what happens when there is no choice). Standard Monopoly: ``walk`` only. ``reached``, when
    given, gets what :func:`reaches` says of each split and teleport offered, found on the way (the
    question names them: the split and the teleport were worked out twice)."""
    if not is_variant(state):
        return [WALK[Direction.FORWARD]]
    if not heads_any(state, token_id, _OWN_WAYS):
        return [WALK[Direction.FORWARD]]  # what the three guilds' rules below say of any other token, asked once
    position = position_of(state)
    rotation = running(state, token_id)
    directions = fools.directions(position, token_id, dice)
    found = [WALK[direction] for direction in directions]
    if undead.is_undead(position, token_id):
        for direction in directions:
            halves = undead_split(position, token_id, dice, rotation, direction, npc_squares(state), state.rules)
            if halves is not None:
                found.append(SPLIT[direction])
                if reached is not None:
                    reached[SPLIT[direction]] = (halves.first, halves.second)
    if wizards.is_wizard(position, token_id):
        target = wizard_teleport(position, token_id, dice, rotation, npc_squares(state), state.rules)
        if target is not None:
            found.append(TELEPORT)
            if reached is not None:
                reached[TELEPORT] = (target,)
    return found


def reaches(state: State, token_id: str, dice: Dice, way: str) -> tuple[int, ...]:
    """The square(s) ``way`` (one of :func:`ways`) takes ``token_id`` to with ``dice``, before the
    landing is resolved: the walk's last square (a pub walk ends there too: both dice, one
    direction), the teleport's target, or the two halves' squares of a split."""
    position, rotation = position_of(state), running(state, token_id)
    direction = Direction.BACKWARD if way.endswith("backward") else Direction.FORWARD
    if way == TELEPORT:
        target = wizard_teleport(position, token_id, dice, rotation, npc_squares(state), state.rules)
        return () if target is None else (target,)
    if way.startswith("split"):
        halves = undead_split(position, token_id, dice, rotation, direction, npc_squares(state), state.rules)
        return () if halves is None else (halves.first, halves.second)
    start = state.token(token_id).square
    return (walk(token_id, start, dice.total, direction, rotation)[-1].square,)


def way_param(way: str) -> str:
    """The name of the ``morpoly.move.how`` parameter that says where ``way`` leads (``to_walk_backward``)."""
    return "to_" + way.replace("-", "_")


def rolls_again(state: State, token_id: str, dice: Dice, way: str) -> bool:
    """Doubles roll again, except for the Undead (L85) and after a Wizard's teleport (L136)."""
    if dice.first != dice.second:  # ``dice.is_doubles`` written out (a property's call at every roll)
        return False
    if not is_variant(state):
        return True
    return undead.rolls_again_on_doubles(position_of(state), token_id) and wizards.rolls_again_after(
        way == TELEPORT, dice.is_doubles)


def movement_roll(state: State, edition: Edition, narrator: Narrator, token_id: str, dice: Dice) -> Rolled:
    """Move ``token_id`` by a movement roll (asking how when there is a choice); returns whether
    the roll's doubles give another roll."""
    reached: dict[str, tuple[int, ...]] = {}
    offered = ways(state, token_id, dice, reached)
    way = offered[0]
    while len(offered) > 1:
        leads = {way_param(w): ",".join(map(str, reached[w] if w in reached else reaches(state, token_id, dice, w)))
                 for w in offered}
        said = len(narrator.lines)
        way = yield from ask_choice(state, narrator, "morpoly.move.how",
                                    f"{token_id}: how do you move with {dice.first} and {dice.second}?", token_id,
                                    offered, reveals=False, unavailable=None, token=token_id, first=str(dice.first),
                                    second=str(dice.second), **leads)
        if len(narrator.lines) != said:  # a correction made meanwhile (each says so) may have closed a way;
            reached = {}  # without one the table stands as it was asked
            offered = ways(state, token_id, dice, reached)
        if way in offered:
            break
        way = offered[0]
    again = rolls_again(state, token_id, dice, way)
    direction = Direction.BACKWARD if way.endswith("backward") else Direction.FORWARD
    if way == TELEPORT:
        yield from wizard_move(state, edition, narrator, token_id, dice)
    elif way.startswith("split"):
        yield from split(state, edition, narrator, token_id, dice, direction)
    else:
        start = state.token(token_id).square  # (found once: a call, asked twice at every roll)
        if start in PUBS and is_variant(state):
            yield from pub_walk(state, edition, narrator, token_id, dice, direction)
        else:
            total = dice.total
            yield from move(state, edition, narrator, token_id,
                            walk(token_id, start, total, direction, running(state, token_id)), total)
    return again


def is_over(state: State, token_id: str, members: int) -> bool:
    """The move cannot go on: the game ended, the token left the game, or (ELAM) it died since
    ``members`` lives were counted — a death places it on GO and ends its turn."""
    return (state.game_over is not None or not token_alive(state, token_id)
            or members_of_token(state, token_id) < members)


def wizard_move(state: State, edition: Edition, narrator: Narrator, token_id: str, dice: Dice) -> Hook:
    """The Wizards' spontaneous teleport (L136): forward by the product, nothing jumped over counts."""
    target = wizard_teleport(position_of(state), token_id, dice, running(state, token_id), npc_squares(state),
                             state.rules)
    if target is None:
        raise ValueError(f"{token_id} may not teleport with {dice}")  # ways() offered it: unreachable
    yield from move(state, edition, narrator, token_id, teleport(token_id, target), dice.total,
                    cause=RelocationCause.WIZARD_TELEPORT)


def pub_walk(state: State, edition: Edition, narrator: Narrator, token_id: str, dice: Dice,
             direction: Direction) -> Hook:
    """L145, R52: the lower die, its square resolved completely, then the higher die from wherever
    the token then stands — unless the first part ended the move (jail, the token gone)."""
    low, high = pub_parts(dice)
    members = members_of_token(state, token_id)
    narrator.say("morpoly.pub.walk", f"{token_id} leaves the pub: {low} first, then {high} (Hicks!)",
                 token=token_id, first=low, second=high)
    for part in (low, high):
        token = state.token(token_id)
        yield from move(state, edition, narrator, token_id,
                        walk(token_id, token.square, part, direction, running(state, token_id)), dice.total)
        if is_over(state, token_id, members) or state.token(token_id).in_jail:
            return


def split(state: State, edition: Edition, narrator: Narrator, token_id: str, dice: Dice,
          direction: Direction) -> Hook:
    """L83–84, R37: both halves walk from the start square, the lower die first, each landing
    resolved completely; then one half is removed (the jailed one is kept), and GO pays one salary
    if the kept half's walk passed or landed on GO. A move that a half's square causes (a card,
    L-Space) is a move of its own and pays GO as usual. The kept half's walk past GO is the one
    Fortuna sees (rules revision 10), when it is kept: which half passed GO is not known before."""
    rotation = running(state, token_id)
    halves = undead_split(position_of(state), token_id, dice, rotation, direction, npc_squares(state), state.rules)
    if halves is None:
        raise ValueError(f"{token_id} may not split with {dice}")  # ways() offered it: unreachable
    narrator.say("morpoly.undead.split", f"{token_id} splits: one half walks {halves.first_die}, the other "
                 f"{halves.second_die}", token=token_id, first=halves.first_die, second=halves.second_die)
    ends = []
    members = members_of_token(state, token_id)
    for die in (halves.first_die, halves.second_die):
        token = state.token(token_id)
        token.square, token.in_jail, token.jail_attempts = halves.start, False, 0
        steps = yield from move(state, edition, narrator, token_id,
                                walk(token_id, halves.start, die, direction, rotation), dice.total, pays_go=False)
        if is_over(state, token_id, members):
            return  # the game ended, or the token left it or died (ELAM: placed on GO, the move is over)
        token = state.token(token_id)
        ends.append((token.square, token.in_jail, steps))
    keep = undead.half_to_keep(ends[0][1], ends[1][1])
    if keep is None:
        names = [edition.squares[square].name for square, _, _ in ends]
        keep = yield from ask_choice(state, narrator, "morpoly.undead.keep",
                                     f"{token_id}: keep the half on {names[0]} (first) or on {names[1]} (second)?",
                                     token_id, ["first", "second"], token=token_id, first=names[0], second=names[1],
                                     first_square=str(ends[0][0]), second_square=str(ends[1][0]))
    square, in_jail, steps = ends[0] if keep == "first" else ends[1]
    token = state.token(token_id)
    token.square, token.in_jail = square, in_jail
    narrator.say("morpoly.undead.kept", f"{token_id} keeps the half on {edition.squares[square].name}",
                 token=token_id, square=square, half=keep, name=edition.squares[square].name)
    if state.revision >= FORTUNA_AND_FOOLS_AUDITED:  # the kept half passed GO (L84): before its salary (R59)
        fortuna_at_go(state, narrator, token_id, steps)
    salaries = split_salaries(steps, backward_landing=state.revision >= AUDITED
                              and value(state.rules, "backward-go-landing") == "double")
    if salaries:
        yield from go_money(state, edition, narrator, token_id, salaries)
