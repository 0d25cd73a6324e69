"""A token's move along the board, always as the kit's movement: path steps, GO money, the square.

Every move of the engine is a :mod:`companion.morpoly.movement` move — a **walk** (dice, pub parts,
Undead halves, steps, cards, L-Space), a **teleport** (the Wizards' dice teleport) or a **placement**
(jail, a correction) — and so a tuple of :data:`~companion.morpoly.events.Step` (``Passed`` …
``Landed``). All of them go through one door, :func:`moved_steps`, which puts the token where the
steps end: the FSU ledger reads the path there (§2.4: path expiries before the landing). GO money
follows from the same steps: the kit's :func:`~companion.morpoly.movement.go_salaries` in the
variant (B7, R3 and option ``backward-go-landing``), one salary per forward pass or landing in
standard Monopoly. Then the square arrived on is resolved (not after a placement).

The variant charges interest on the party's mortgages at every GO event that pays (B8, R12): a tenth
of their total mortgage value, rounded down, to the bank (the Patrician's share comes with the guilds).
GO money, that interest and the Fortuna check come when the path reaches GO, after the squares
before it and before the squares after it (§2.4 step 1, "for each square passed, in order"; rules
revision 2 — revision 1 settled them after the whole path).
"""
from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from functools import cache

from companion.core.procedure import Narrator, Question
from companion.morpoly import purposes
from companion.morpoly.editions import Edition
from companion.morpoly.elam.meetings import after_arrival
from companion.morpoly.elam.table import is_played as elam_played
from companion.morpoly.elam.npcs import NPCS, runs_forward, token_placed
from companion.morpoly.elam.npcs import square_of as npc_square
from companion.morpoly.events import Direction, Event, Mode, PaymentKind, RelocationCause, Relocated, Step
from companion.morpoly.fortuna_play import at_go as fortuna_at_go
from companion.morpoly.guild_steps import offer_step, step_offered
from companion.morpoly.guilds import patrician
from companion.morpoly.layout import GO, JAIL
from companion.morpoly.money import BANK, transfer
from companion.morpoly.movement import Rotation, go_salaries, placement
from companion.morpoly.rent import CardRent
from companion.morpoly.revisions import PATH_ORDER_AND_BANKER
from companion.morpoly.rules import is_variant, token_alive
from companion.morpoly.settle import charge, settle
from companion.morpoly.state import State, Token
from companion.morpoly.table_position import currency_profile

Moving = Generator[Question, str, tuple[Step, ...]]
"""A move asks its questions and returns the path steps it walked (the first move's; the moves a
landing causes in turn — a card, L-Space — went through :func:`moved_steps` themselves)."""
Hook = Generator[Question, str, None]


def running(state: State, token_id: str) -> Rotation:
    """The token's running direction (R1, R71): clockwise until ELAM's Dibbler reverses it."""
    return Rotation.CLOCKWISE if runs_forward(state, token_id) else Rotation.COUNTER_CLOCKWISE


def npc_squares(state: State) -> tuple[int, ...]:
    """Where ELAM's NPCs stand (none outside ELAM): they occupy squares only under option
    ``npcs-occupy-squares`` (R4), which the kit's ``is_occupied`` reads."""
    npcs = state.npcs
    if npcs is None:
        return ()
    return tuple(npc_square(npcs, name, state) for name in NPCS)


def moved_steps(state: State, edition: Edition, narrator: Narrator, token_id: str, steps: tuple[Step, ...],
                cause: RelocationCause | None = None, at_go: Callable[[], Hook] | None = None) -> Hook:
    """The one door every move goes through: the token now stands where ``steps`` end.

    ``cause`` is ``None`` for a token's own movement (dice walks, pub parts, Undead halves, steps)
    and says what relocated it otherwise (L-Space, a card, the Wizards' teleport, jail). This is
    where the FSU ledger reads the path (a generator, so a rule may ask): :func:`move_events` of
    the token's square before the move, ``steps`` and ``cause`` are the move's engine events. A
    correction by the table is not a move and never comes here
    (:func:`companion.morpoly.questions.place`).

    ``at_go`` (GO money, interest, the Fortuna check) runs where the path reaches GO: the events up
    to that step are settled first, the rest after it (§2.4 step 1); in a game of rules revision 1,
    after all of them. A path with no step on GO does not run it: each of the three needs one."""
    events, cut = _put(state, edition, narrator, token_id, steps, cause, at_go is not None)
    if cut is not None or state.ledger.active():
        yield from _path_settled(state, edition, narrator, events, cut, at_go)


def _put(state: State, edition: Edition, narrator: Narrator, token_id: str, steps: tuple[Step, ...],
         cause: RelocationCause | None, go: bool) -> tuple[tuple[Event, ...], int | None]:
    """:func:`moved_steps` up to its rules, which most moves have none to ask (no FSU active, no GO
    on the path): the token put where ``steps`` end, the move said; returns the move's events and,
    when ``go`` (an ``at_go`` is given) and a step is on GO, how many of the events come before it
    (all of them in rules revision 1), else ``None``: ``at_go`` is not run. A plain function, so
    that :func:`move` makes a generator for the rest only when there is a rule to ask (a generator
    made and stepped through at every move, for nothing nine times in ten)."""
    token = state.token(token_id)
    origin = token.square
    end = steps[-1]
    token.square = end.square
    state.thefts.pop(token_id, None)  # a Thief who moves on can no longer be caught (L35)
    name = edition.squares[end.square].name
    if end.mode is Mode.PLACEMENT:
        pass
    elif end.mode is Mode.TELEPORT:
        narrator.say("morpoly.token.teleported", f"{token_id} teleports to {name}", token=token_id,
                     square=end.square, name=name)
    elif end.direction is Direction.FORWARD:
        narrator.say("morpoly.token.moved", f"{token_id} moves {len(steps)} to {name}", token=token_id,
                     square=end.square, steps=len(steps), name=name)
    else:
        narrator.say("morpoly.token.moved-back", f"{token_id} goes back {len(steps)} to {name}",
                     token=token_id, square=end.square, steps=len(steps), name=name)
    # :func:`move_events` written out (a call at every move)
    events = steps if cause is None else (*steps, Relocated(token_id, cause, origin, end.square))
    if go:
        for i, step in enumerate(steps):  # written out: a generator here cost a microsecond a move
            if step.square == GO:
                return events, i + 1 if state.revision >= PATH_ORDER_AND_BANKER else len(events)
    # a path without GO earns no salary, owes no interest and passes no Fortuna check:
    return events, None  # ``at_go`` would do nothing, after a generator made for it (nine moves in ten)


def _path_settled(state: State, edition: Edition, narrator: Narrator, events: tuple[Event, ...], cut: int | None,
                  at_go: Callable[[], Hook] | None) -> Hook:
    """The rest of :func:`moved_steps`: the FSU ledger reads the path, ``at_go`` runs after the
    first ``cut`` events (not at all when ``cut`` is ``None``), the ledger reads the rest. A path
    (and a relocation) means nothing to the ledger while no FSU is active, so it is not handed over
    then (settle would find so only after making its generator: every move)."""
    before = len(events) if cut is None else cut
    if state.ledger.active():
        yield from settle(state, edition, narrator, events[:before])
    if cut is not None and at_go is not None:
        yield from at_go()
    if before < len(events) and state.game_over is None and state.ledger.active():
        yield from settle(state, edition, narrator, events[before:])


def move_events(token_id: str, origin: int, steps: tuple[Step, ...],
                cause: RelocationCause | None) -> tuple[Event, ...]:
    """A move as the kit's engine events (reference §8.4): its path steps in order, then — when an
    effect moved the token rather than its own walk — one :class:`Relocated` from ``origin`` to the
    square it arrived on (the Wizards' cover, L140, R50)."""
    if cause is None:
        return steps
    return (*steps, Relocated(token_id, cause, origin, steps[-1].square))


def salaries(state: State, steps: tuple[Step, ...], by_card: bool = False) -> int:
    """GO salaries the steps earn: the kit's rule in the variant (with the table's options), one per
    forward walk over or onto GO in standard Monopoly."""
    if is_variant(state):
        return go_salaries(steps, state.rules, by_card)
    return sum(1 for step in steps if step.square == GO and step.mode is Mode.WALK
               and step.direction is Direction.FORWARD)


def move(state: State, edition: Edition, narrator: Narrator, token_id: str, steps: tuple[Step, ...],
         dice_total: int, *, cause: RelocationCause | None = None, rent_rule: CardRent | None = None,
         by_card: bool = False, pays_go: bool = True, go_times: int = 1) -> Moving:
    """Move along ``steps`` (a Beggar or a Fool may first step one square further), collect GO
    money, resolve the square arrived on; returns the steps walked.
    ``rent_rule``: a card's special rent on the square (``double`` station, ``dice-10`` utility);
    ``by_card``: an "advance to" card (R3); ``pays_go`` off: an Undead half, paid when one is kept;
    ``go_times``: a Fool's doubled card doubles the GO money it pays (L112, rules revision 10)."""
    arrive, meetings = _arrival()

    rotation = running(state, token_id)
    npcs_on = () if state.npcs is None else npc_squares(state)  # (outside ELAM without a call: every move)
    target = step_offered(state, token_id, steps, rotation, npcs_on)
    if target is not None:  # (asked first: a step is seldom offered, and the question's generator made only then)
        steps = yield from offer_step(state, edition, narrator, token_id, steps, rotation, npcs_on, target)

    def at_go() -> Hook:
        count = salaries(state, steps, by_card) * go_times if pays_go else 0
        if pays_go:
            fortuna_at_go(state, narrator, token_id, steps)  # before the salary: cash as it was (R59)
        if count and token_alive(state, token_id):
            yield from go_money(state, edition, narrator, token_id, count)

    # :func:`moved_steps` in its two halves: its generator made only when the path has a rule to ask
    events, cut = _put(state, edition, narrator, token_id, steps, cause, True)
    if cut is not None or state.ledger.active():
        yield from _path_settled(state, edition, narrator, events, cut, at_go)
    if steps[-1].mode is Mode.PLACEMENT:
        return steps
    if _token_in_game(state, token_id) is not None and state.game_over is None:
        yield from arrive(state, edition, narrator, token_id, dice_total, rent_rule)
    mover = _token_in_game(state, token_id)  # (the landing may have taken it out of the game, or moved it)
    if mover is not None and state.game_over is None and mover.square == steps[-1].square \
            and may_meet(state, mover):  # (asked first: the meetings' generator made only when one may be)
        yield from meetings(state, edition, narrator, token_id)  # the guilds' meetings and the swap (R5)
    if elam_played(state):
        yield from after_arrival(state, edition, narrator, token_id, steps[-1].square)  # ELAM's meetings (R5)
    return steps


def _token_in_game(state: State, token_id: str) -> Token | None:
    """``state.token(token_id)`` while it is in the game (``token_alive``), else ``None``: both at
    once, asked twice after every move."""
    for token in state.tokens:
        if token.id == token_id:
            return token
    return None


def may_meet(state: State, mover: Token) -> bool:
    """Whether :func:`companion.morpoly.powers.meetings` of ``mover`` (in the game, just arrived) may do
    anything: in the variant, unless it is in jail, when another token not in jail stands on its
    square (an arrest, a tithe, a Thief caught), or another token stands on a square of ``mover``'s
    party while ``mover`` stands on one of that token's party (the Merchants' swap, L58–61: each
    pair it offers has the token that moved, and ``powers._on_each_others`` is symmetric). Else
    it would only read the table. Written out over the tokens: asked after every move."""
    if mover.in_jail or not is_variant(state):
        return False
    square, party = mover.square, mover.party
    squares = state.squares
    here = squares.get(square)
    owner = None if here is None else here.owner
    for other in state.tokens:
        if other is mover:
            continue
        if other.square == square and not other.in_jail:
            return True
        if owner is not None and owner == other.party:
            there = squares.get(other.square)
            if there is not None and there.owner == party:
                return True
    return False


@cache
def _arrival() -> tuple[Callable[..., Iterable[Question]], Callable[..., Hook]]:
    """What :func:`move` does on the square arrived on: :func:`companion.morpoly.landing.arrive` and the
    meetings of :func:`companion.morpoly.powers.meetings` — imported when first needed (the square
    may draw a card that moves again), once: an import statement in :func:`move` cost more than a
    microsecond at every move."""
    from companion.morpoly.landing import arrive
    from companion.morpoly.powers import meetings

    return arrive, meetings


def go_money(state: State, edition: Edition, narrator: Narrator, token_id: str, salaries: int) -> Hook:
    party = state.token(token_id).party
    amount = salaries * edition.go_salary
    transfer(state, BANK, party, amount)
    narrator.say("morpoly.go.salary", f"{party} collects {edition.currency.format(amount)} at GO",
                 party=party, amount=edition.currency.format(amount), salaries=salaries)
    if is_variant(state):
        mortgages = [edition.deed(i).mortgage for i in state.owned_by(party) if state.squares[i].mortgaged]
        interest = patrician.go_interest(mortgages, currency_profile(edition), state.rules)  # B8, R12, R6
        if interest:
            yield from charge(state, edition, narrator, party, BANK, interest, PaymentKind.INTEREST,
                              purposes.GO_INTEREST)


def send_to_jail(state: State, edition: Edition, narrator: Narrator, token_id: str, why: str) -> Hook:
    """A placement on the jail square, in jail: nothing passed, no salary; the turn ends."""
    token = state.token(token_id)
    token_placed(state, token_id)  # ELAM: the Luggage does not follow into jail (R66)
    yield from moved_steps(state, edition, narrator, token_id, placement(token_id, JAIL), RelocationCause.GO_TO_JAIL)
    token.in_jail, token.jail_attempts = True, 0
    narrator.say("morpoly.jail.sent", f"{token_id} goes to jail ({why})", token=token_id, why=why)
