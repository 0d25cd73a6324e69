"""The symbols at the top of a card, each taken in order and each optional except the random event.

Every symbol question lists its legal options plus ``skip`` (and the City Area powers usable now);
a symbol with no legal option is skipped with a line of narration instead of a question — unless a
City Area power is usable then (rules revision 3, :func:`_power_first`): the power may give the symbol
an option, and the holder may use it between two actions. From rules revision 5 only while a usable
power can give it one (:func:`power_can_help`).
"""
from __future__ import annotations

from collections.abc import Callable, Generator, Sequence

from companion.morpork.actions import (
    AREA_POWERS,
    assassination_targets,
    build,
    build_refusals,
    buildable_areas,
    minion_placement_areas,
    minion_placement_refusals,
    minion_sources,
    must_move_building,
    must_move_minion,
    place_minion,
    remove_trouble_marker,
    take_money,
    trouble_marker_areas,
    use_area_power,
)
from companion.morpork.board import AREA_IDS
from companion.morpork.cards.common import SKIP, TurnContext, parse_piece_option, piece_option
from companion.morpork.cards.interrupts import remove_by_card
from companion.morpork.cards.powers import POWER_PREFIX, ask_with_powers, power_options, use_power
from companion.core.errors import RuleViolation
from companion.core.procedure import Narrator, Question, Reason, because, choice_question
from companion.morpork.revisions import EMPTY_BANK_UNASKED, POWERS_BEFORE_A_SKIP, POWERS_ONLY_WHEN_THEY_HELP
from companion.morpork.state import State

TAKE = "take"


def place_minion_steps(state: State, narrator: Narrator, ctx: TurnContext, *, areas: Sequence[str] | None = None,
                       anywhere: bool = False, trouble: bool = True, key: str = "symbol.minion",
                       text: str | None = None, optional: bool = True,
                       with_powers: bool = True) -> Generator[Question, str, str | None]:
    """Place one of the active player's minions (moving one when all twelve are out).

    Nothing moves until the target is chosen, so an optional placement keeps ``skip`` at both steps
    (picking the minion to move does not commit the player to the symbol).

    ``areas`` restricts where it may go (cards that name the areas); otherwise the normal rule
    (or any area with ``anywhere``). Returns the area, or ``None`` when skipped or impossible.
    A City Area power used meanwhile may change what is legal, so the options are recomputed.
    """
    color = ctx.player

    def targets_for(from_area: str | None) -> list[str]:
        if areas is not None:
            return [a for a in areas if a != from_area]
        if anywhere:
            return [a for a in AREA_IDS if a != from_area]
        return minion_placement_areas(state, color, from_area=from_area)

    def refusals_for(from_area: str | None) -> dict[str, Reason]:
        # The areas not offered, greyed on the screen with the reason (the map shows all twelve).
        by_the_rules = minion_placement_refusals(state, color, from_area=from_area)
        if areas is None and not anywhere:
            return by_the_rules
        allowed = set(targets_for(from_area))  # the card's own areas; where the minion leaves stays refused
        return {a: (by_the_rules[a] if a == from_area
                    else because("card.target", "this card does not place a minion here", area=a))
                for a in AREA_IDS if a not in allowed}

    while True:
        from_area: str | None = None
        moving = must_move_minion(state, color)
        if moving:
            answer = yield choice_question(key + ".move-from", f"{color}: all your minions are on the board; move one from",
                                           color, [*minion_sources(state, color), *([SKIP] if optional else [])],
                                           card=ctx.card)
            if answer == SKIP:
                return None
            from_area = answer
        listed = [targets_for(from_area)]
        if not listed[0]:
            narrator.say("symbol.no-option.minion", f"{color} cannot place a minion", player=color)
            return None

        def targets_now(from_area: str | None) -> list[str]:
            # the targets just listed serve the first question; a power used meanwhile may change them
            return listed.pop() if listed else targets_for(from_area)

        used = len(state.turn.powers_used)
        answer = yield from _ask(state, narrator, ctx, with_powers and not moving, lambda powers: choice_question(
            key, text or f"{color}: place a minion", color,
            [*targets_now(from_area), *([SKIP] if optional else []), *powers],
            unavailable=lambda: refusals_for(from_area), card=ctx.card))
        if answer == SKIP:
            return None
        if not _power_used(state, used) or must_move_minion(state, color) == moving \
                and answer in targets_for(from_area):
            break
    place_minion(state, color, answer, from_area=from_area, trouble=trouble, anywhere=True)
    narrator.say("minion.placed", f"{color} places a minion in {answer}", answer, player=color)
    return answer


def _ask(state: State, narrator: Narrator, ctx: TurnContext, with_powers: bool,
         make: Callable[[list[str]], Question]) -> Generator[Question, str, str]:
    """``make(powers)`` asked with the City Area powers (:func:`ask_with_powers`), or once without
    them. The asking procedure itself is returned, not wrapped in a generator of this function's
    own: one level less for each answer to a symbol's question to pass through."""
    if with_powers:
        return ask_with_powers(state, narrator, ctx, make)
    return _ask_once(make)


def _ask_once(make: Callable[[list[str]], Question]) -> Generator[Question, str, str]:
    return (yield make([]))


def _power_used(state: State, before: int) -> bool:
    """Whether a City Area power was used since ``state.turn.powers_used`` held ``before`` powers:
    the one way the table changes while a symbol's question is asked (:func:`ask_with_powers`
    asks it again after each power, from the table then). Until one is, the answer is one of the
    options just listed from this very table, so they are not listed again to check it: the
    re-listing made nearly half the calls of the placement query and most of the assassination
    one (15 simulated games)."""
    return len(state.turn.powers_used) != before


def _tried(state: State, color: str, area: str, target: str | None, from_area: str | None) -> State | None:
    """A copy of the table with ``color``'s power of ``area`` used on ``target``, or ``None`` when
    the rules refuse that use."""
    trial = state.copy()
    try:
        use_area_power(trial, color, area, target=target, from_area=from_area)
    except RuleViolation:
        return None
    return trial


def _uses(state: State, color: str, area: str) -> list[tuple[str | None, str | None]]:
    """Every (target, from_area) the power of ``area`` may be used on now: the areas it names (a
    minion moved from each of its areas when all twelve are out), or ``None`` for one that names
    none or a card (the card discarded changes no piece on the board)."""
    power = AREA_POWERS[area]
    if power.target not in ("minion", "area"):
        return [(None, None)]
    froms: list[str | None] = [None]
    if power.target == "minion" and must_move_minion(state, color):
        froms = list(minion_sources(state, color))
    return [(t, f) for f in froms for t in power.targets(state, color) if t != f]


def power_can_help(state: State, ctx: TurnContext, powers: Sequence[str], has_option: Callable[[State], bool]) -> bool:
    """Whether using some of ``powers`` (``power:<area>`` options) can give a symbol with no option one
    (``has_option`` on the table after it), tried on copies of the table (rules revision 5): first
    every power that only pays its holder (Dragon's Landing, The Hippo, Longwall, Seven Sleepers, Nap
    Hill, The Scours), whose money only widens what a build or a priced power can reach; then each
    other power on each of its targets after them. Unreal Estate's draw moves no piece and is never
    tried; two powers that each name a target are not tried one after the other."""
    color = ctx.player
    areas = [p[len(POWER_PREFIX):] for p in powers]
    paid = state  # each trial is made on a copy of its own (``_tried``): the table itself is never changed
    for area in areas:
        power = AREA_POWERS[area]
        if power.income and not power.price and power.target in (None, "card") and not power.draws:
            paid = _tried(paid, color, area, None, None) or paid
    if has_option(paid):
        return True
    for area in areas:
        power = AREA_POWERS[area]
        if area in paid.turn.powers_used or power.draws:
            continue
        if any(trial is not None and has_option(trial)
               for trial in (_tried(paid, color, area, t, f) for t, f in _uses(paid, color, area))):
            return True
    return False


def _power_first(state: State, narrator: Narrator, ctx: TurnContext, with_powers: bool,
                 make: Callable[[list[str]], Question],
                 has_option: Callable[[State], bool]) -> Generator[Question, str, bool]:
    """A symbol has no legal option now: before it is skipped, the holder of a usable City Area
    power is asked ``make(powers)`` (the symbol's own question, with ``skip`` and the powers only);
    True when they used one (the symbol's options are then listed again), False to skip it. From
    rules revision 5 only while some power can give it an option (``has_option`` on the table after
    it: :func:`power_can_help`); before, whenever one was usable.

    The rulebook's "City Area Cards": "you choose when you wish to use it", and "You complete one
    action before you start the next action" — so a power fits between two symbols of a card, and
    it can give the next one an option: Isle of Gods takes off the trouble marker Ruby's minion
    brought, and Ruby's building goes there; The Shades puts one back where Death's first
    assassination took it, for the second. From rules revision 3 (``companion.morpork.revisions``);
    a game of revision 2 skips the symbol without asking, as it was played."""
    if not with_powers or state.revision < POWERS_BEFORE_A_SKIP:
        return False
    powers = power_options(state, ctx)
    if not powers:
        return False
    if state.revision >= POWERS_ONLY_WHEN_THEY_HELP and not power_can_help(state, ctx, powers, has_option):
        return False
    answer = yield make(powers)
    if not answer.startswith(POWER_PREFIX):
        return False
    yield from use_power(state, narrator, ctx, answer[len(POWER_PREFIX):])
    return state.ended() is None


def build_steps(state: State, narrator: Narrator, ctx: TurnContext, *, cost: int | None = None,
                key: str = "symbol.build", with_powers: bool = True) -> Generator[Question, str, str | None]:
    """Build once (at ``cost`` instead of the printed one for Wee Mad Arthur)."""
    color = ctx.player
    while True:
        listed = [buildable_areas(state, color, cost=cost)]
        if not listed[0]:
            if (yield from _power_first(state, narrator, ctx, with_powers, lambda powers: choice_question(
                    key, f"{color}: build where?", color, [SKIP, *powers],
                    unavailable=lambda: build_refusals(state, color, cost=cost), card=ctx.card),
                    lambda table: bool(buildable_areas(table, color, cost=cost)))):
                continue
            if state.ended() is None:
                narrator.say("symbol.no-option.build", f"{color} cannot build anywhere now", player=color)
            return None

        def areas_now() -> list[str]:
            # the areas just listed serve the first question; a power used meanwhile may change them
            return listed.pop() if listed else buildable_areas(state, color, cost=cost)

        used = len(state.turn.powers_used)
        answer = yield from _ask(state, narrator, ctx, with_powers, lambda powers: choice_question(
            key, f"{color}: build where?", color, [*areas_now(), SKIP, *powers],
            unavailable=lambda: build_refusals(state, color, cost=cost), card=ctx.card))
        if answer == SKIP:
            return None
        if not _power_used(state, used) or answer in buildable_areas(state, color, cost=cost):
            break
    from_area = None
    if must_move_building(state, color):
        sources = [a for a in AREA_IDS if state.areas[a].building == color]
        from_area = yield choice_question(key + ".move-from", f"{color}: all six buildings are out; move which?",
                                          color, [*sources, SKIP], card=ctx.card)
        if from_area == SKIP:  # nothing paid or moved yet
            return None
    build(state, color, answer, from_area=from_area, cost=cost)
    narrator.say("building.built", f"{color} builds in {answer}", answer, player=color)
    return answer


def assassinate_steps(state: State, narrator: Narrator, ctx: TurnContext,
                      with_powers: bool = True) -> Generator[Question, str, None]:
    """Assassinate: another player's minion, a troll or a demon where a trouble marker is; the
    owner may answer with Gaspode, Susan, Igor or Fresh Start Club (not Wallace Sonky)."""
    color = ctx.player
    targets = assassination_targets(state, color)
    while not targets:
        if not (yield from _power_first(state, narrator, ctx, with_powers, lambda powers: choice_question(
                "symbol.assassinate", f"{color}: assassinate which piece?", color, [SKIP, *powers],
                card=ctx.card), lambda table: bool(assassination_targets(table, color)))):
            if state.ended() is None:
                narrator.say("symbol.no-option.assassinate", f"{color} has nobody to assassinate", player=color)
            return
        targets = assassination_targets(state, color)
    listed = [targets]  # they serve the first question; a power used meanwhile may change them
    used = len(state.turn.powers_used)
    answer = yield from _ask(state, narrator, ctx, with_powers, lambda powers: choice_question(
        "symbol.assassinate", f"{color}: assassinate which piece?", color,
        [*(piece_option(a, p) for a, p in (listed.pop() if listed else assassination_targets(state, color))),
         SKIP, *powers], card=ctx.card))
    if answer == SKIP:
        return
    area, piece = parse_piece_option(answer)
    if _power_used(state, used) and (area, piece) not in assassination_targets(state, color):
        # a power changed the board meanwhile
        narrator.say("symbol.no-option.assassinated", f"{answer} can no longer be assassinated", player=color,
                     piece=answer)
        return
    narrator.say("symbol.assassinate", f"{color} assassinates a {piece} piece in {area}", area,
                 player=color, piece=piece)
    yield from remove_by_card(state, narrator, ctx, area, piece, by_text=False)


def remove_trouble_steps(state: State, narrator: Narrator, ctx: TurnContext,
                         with_powers: bool = True) -> Generator[Question, str, None]:
    color = ctx.player
    marked = trouble_marker_areas(state)
    while not marked:
        if not (yield from _power_first(state, narrator, ctx, with_powers, lambda powers: choice_question(
                "symbol.trouble", f"{color}: remove which trouble marker?", color, [SKIP, *powers],
                card=ctx.card), lambda table: bool(trouble_marker_areas(table)))):
            if state.ended() is None:
                narrator.say("symbol.no-option.trouble", "there is no trouble marker to remove", player=color)
            return
        marked = trouble_marker_areas(state)
    listed = [marked]  # they serve the first question; a power used meanwhile may change them
    answer = yield from _ask(state, narrator, ctx, with_powers, lambda powers: choice_question(
        "symbol.trouble", f"{color}: remove which trouble marker?", color,
        [*(listed.pop() if listed else trouble_marker_areas(state)), SKIP, *powers], card=ctx.card))
    if answer == SKIP or not state.areas[answer].trouble:
        return
    remove_trouble_marker(state, answer)
    narrator.say("trouble.removed", f"{color} removes the trouble marker in {answer}", answer, player=color)


def money_steps(state: State, narrator: Narrator, ctx: TurnContext, amount: int,
                with_powers: bool = True) -> Generator[Question, str, Reason | None]:
    """Take money from the bank, which pays what it holds (ruling 1). From rules revision 4 an
    empty bank is not asked for money: the symbol is skipped, or asked with "take" greyed while a
    City Area power is usable (one may pay the bank first); the reason is returned for the card's
    checklist (``progress.take_symbol``), as a text with no target returns its own."""
    color = ctx.player
    while not state.bank and state.revision >= EMPTY_BANK_UNASKED:
        empty = because("money.bank-empty", "the bank is empty")
        if not (yield from _power_first(state, narrator, ctx, with_powers, lambda powers: choice_question(
                "symbol.money", f"{color}: take ${amount} from the bank?", color, [SKIP, *powers],
                unavailable={TAKE: empty}, card=ctx.card, amount=str(amount)),
                lambda table: table.bank > 0)):
            if state.ended() is None:
                narrator.say("symbol.no-option.bank-empty", f"the bank is empty: {color} takes nothing",
                             player=color, amount=amount)
            return empty
    answer = yield from _ask(state, narrator, ctx, with_powers, lambda powers: choice_question(
        "symbol.money", f"{color}: take ${amount} from the bank?", color, [TAKE, SKIP, *powers],
        card=ctx.card, amount=str(amount)))
    if answer == SKIP:
        return None
    got = take_money(state, color, amount)
    narrator.say("money.taken", f"{color} takes ${got} from the bank", player=color, amount=got)
    return None


def event_steps(state: State, narrator: Narrator, ctx: TurnContext) -> Generator[Question, str, None]:
    """The random event (compulsory): the active player draws the top event card and scans it."""
    if not state.event_deck:
        narrator.say("event.deck-empty", "no random event card is left", player=ctx.player)
        return
    event_id = yield choice_question("event.draw", f"{ctx.player}: draw the top random event card and scan it",
                                     ctx.player, list(state.event_deck), reveals=True, card=ctx.card)
    from companion.morpork.events import resolve_event

    yield from resolve_event(state, narrator, event_id, ctx.player, ask_interrupts=True, in_play=ctx.in_play)
