"""Texts that place, move, swap or remove minions (trolls and demons count as minions, ruling 4,
unless the text says "your minion" or "another player's minion")."""
from __future__ import annotations

from collections.abc import Generator

from companion.morpork.actions import assassination_targets
from companion.morpork.board import ADJACENT, AREA_IDS
from companion.morpork.cards.common import (
    Effect, NoTarget, TurnContext, choose_player, choose_whom_to_rob, nobody_has_money, other_players,
    parse_piece_option, piece_option, say_why,
)
from companion.morpork.steps import Steps, ask, forced, pay_player, roll, roll_for_area, short_of_money
from companion.morpork.cards.interrupts import (
    anyone_window, texts_cancelled, move_by_card, remove_by_card, text_cancelled, window, GASPODE, WALLACE_SONKY,
)
from companion.morpork.cards.symbols import place_minion_steps
from companion.morpork.pieces import move_piece, pieces_in, place_piece, remove_piece
from companion.core.procedure import Narrator, Question, Reason, because, choice_question
from companion.morpork.revisions import COSMO_SPARES_ITS_PLAYER, SINGLE_WINDOW, TEXTS_WITHOUT_TARGET_SKIPPED
from companion.morpork.state import State

UNREAL_ESTATE = "unreal-estate"
NEAR_UNREAL_ESTATE: tuple[str, ...] = tuple(a for a in AREA_IDS if a == UNREAL_ESTATE or a in ADJACENT[UNREAL_ESTATE])


def _placements(areas: tuple[str, ...] | None = None, *, anywhere: bool = False, trouble: bool = True,
                times: int = 1) -> Effect:
    def effect(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
        for _ in range(times):
            placed = yield from place_minion_steps(state, narrator, ctx, areas=areas, anywhere=anywhere,
                                                   trouble=trouble, key="card.place-minion", with_powers=False)
            if placed is None:
                return
    return effect


def smoking_gnu(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """The Smoking Gnu: place a minion in an area that has a trouble marker."""
    areas = tuple(a for a in AREA_IDS if state.areas[a].trouble)
    yield from place_minion_steps(state, narrator, ctx, areas=areas, key="card.place-minion", with_powers=False)


def _willikins_areas(state: State, ctx: TurnContext) -> tuple[str, ...]:
    return tuple(a for a in AREA_IDS if state.areas[a].building == ctx.player)


def _no_own_building(state: State, ctx: TurnContext) -> Reason | None:
    """Willikins: no area of one's own building to place the minion in."""
    return None if _willikins_areas(state, ctx) else because(
        "skipped.no-own-building", f"{ctx.player} has no building on the board", player=ctx.player)


def willikins(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Willikins: place a minion in an area where you have a building."""
    areas = _willikins_areas(state, ctx)
    yield from place_minion_steps(state, narrator, ctx, areas=areas, key="card.place-minion", with_powers=False)


def _pick_piece(ctx: TurnContext, key: str, text: str, options: list[str], optional: bool = True,
                player: str | None = None, *, table: tuple[State, Narrator] | None = None,
                **params: str) -> Generator[Question, str, tuple[str, str] | None]:
    """A piece picked among ``options`` (or ``skip`` when ``optional``). A mandatory pick with
    one piece is taken and narrated from revision 2 when the ``table`` (state, narrator) is given."""
    if not options:
        return None
    question = choice_question(key, text, player or ctx.player, [*options, *(["skip"] if optional else [])],
                               card=ctx.card, unavailable=None, private=False, reveals=False, **params)
    if table is not None and not optional:
        answer = yield from forced(table[0], table[1], question)
    else:
        answer = yield question
    return None if answer == "skip" else parse_piece_option(answer)


def _other_minions(state: State, ctx: TurnContext) -> list[str]:
    """Another player's minions (not trolls or demons: "another player's minion", ruling 4)."""
    return [piece_option(a, c) for a in AREA_IDS for c in state.areas[a].minions
            if c != ctx.player and c not in ctx.shielded]


def _no_other_minion(state: State, ctx: TurnContext) -> Reason | None:
    return None if _other_minions(state, ctx) else because(
        "skipped.no-other-minion", "no other player has a minion on the board")


def move_other_minion_adjacent(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """The Duckman, Foul Ole Ron, Canting Crew: move another player's minion to an adjacent area."""
    options = _other_minions(state, ctx)
    picked = yield from _pick_piece(ctx, "card.move-other", f"{ctx.player}: move whose minion?", options)
    if picked is None:
        return
    source, piece = picked
    target = yield ask("card.move-to", f"{ctx.player}: move it to which adjacent area?", ctx.player,
                       [*sorted(ADJACENT[source], key=AREA_IDS.index), "skip"], card=ctx.card)
    if target == "skip":  # nothing has moved yet: the text can still be left undone
        return
    yield from move_by_card(state, narrator, ctx, source, target, piece, by_text=True)


def _move_own(state: State, narrator: Narrator, ctx: TurnContext, sources: list[str], anywhere: bool) -> Steps:
    if not sources:  # the part of the text that could not be done is said (Hobsons's, after paying)
        narrator.say("symbol.no-option.no-minion-to-move", f"{ctx.player} has no minion to move", player=ctx.player)
        return
    options = [piece_option(a, ctx.player) for a in sources]
    picked = yield from _pick_piece(ctx, "card.move-own", f"{ctx.player}: move which of your minions?", options)
    if picked is None:
        return
    source, _ = picked
    targets = [a for a in AREA_IDS if a != source] if anywhere else sorted(ADJACENT[source], key=AREA_IDS.index)
    target = yield ask("card.move-to", f"{ctx.player}: move it where?", ctx.player, [*targets, "skip"],
                       card=ctx.card)
    if target == "skip":
        return
    move_piece(state, source, target, ctx.player)
    narrator.say("piece.moved", f"{ctx.player} moves a minion from {source} to {target}", target,
                 piece=ctx.player, source=source, target=target)


def move_own_anywhere(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Adora Belle Dearheart, Dorfl: move one of your minions to any other area."""
    yield from _move_own(state, narrator, ctx, state.areas_with_minion(ctx.player), anywhere=True)


def _no_own_minion(state: State, ctx: TurnContext) -> Reason | None:
    """Adora Belle Dearheart, Dorfl: nothing to move without a minion of one's own on the board."""
    return None if state.areas_with_minion(ctx.player) else because(
        "skipped.no-own-minion", f"{ctx.player} has no minion on the board", player=ctx.player)


def rincewind(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Rincewind: move one of your minions out of an area with a trouble marker to an adjacent area."""
    yield from _move_own(state, narrator, ctx, _rincewind_sources(state, ctx), anywhere=False)


def _rincewind_sources(state: State, ctx: TurnContext) -> list[str]:
    return [a for a in state.areas_with_minion(ctx.player) if state.areas[a].trouble]


def _no_minion_in_trouble(state: State, ctx: TurnContext) -> Reason | None:
    return None if _rincewind_sources(state, ctx) else because(
        "skipped.no-minion-in-trouble", f"{ctx.player} has no minion in an area with a trouble marker",
        player=ctx.player)


def hobsons(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Hobsons's Livery Stable: pay $2 to a player of your choice, then move a minion of yours anywhere."""
    payee = yield from choose_player(state, ctx, f"{ctx.player}: pay $2 to whom?", other_players(state, ctx.player))
    if payee is None:
        return
    pay_player(state, narrator, ctx.player, payee, 2)
    yield from _move_own(state, narrator, ctx, state.areas_with_minion(ctx.player), anywhere=True)


def burleigh(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Burleigh & Stronginthearm: pay $2 to a player of your choice, then a normal assassination
    (ruling 7) — but by the text, so Wallace Sonky may answer it."""
    payee = yield from choose_player(state, ctx, f"{ctx.player}: pay $2 to whom?", other_players(state, ctx.player))
    if payee is None:
        return
    pay_player(state, narrator, ctx.player, payee, 2)
    options = [piece_option(a, p) for a, p in assassination_targets(state, ctx.player) if p not in ctx.shielded]
    if not options:  # the payment is made (ruling 1); the assassination it cannot make is said
        narrator.say("symbol.no-option.assassinate", f"{ctx.player} has nobody to assassinate", player=ctx.player)
        return
    picked = yield from _pick_piece(ctx, "card.assassinate", f"{ctx.player}: assassinate which piece?", options)
    if picked is not None:
        yield from remove_by_card(state, narrator, ctx, picked[0], picked[1], by_text=True)


def _removable(state: State, ctx: TurnContext, area: str) -> list[str]:
    return [piece_option(area, p) for p in pieces_in(state, area) if p not in ctx.shielded]


def carcer(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Carcer: roll twice; remove a minion of your choice from each rolled area, trouble or not
    (trolls and demons too, FAQ; an area rolled twice counts twice, ruling 3)."""
    for n in (1, 2):
        face, area = yield from roll_for_area("card.carcer-roll", f"{ctx.player}: roll for Carcer ({n} of 2)",
                                              ctx.player)
        narrator.say("card.rolled", f"{ctx.player} rolls {face}: {area}", area, player=ctx.player, face=face)
        removable = _removable(state, ctx, area)
        if not removable:  # the roll found nothing: said, not passed over in silence
            narrator.say("symbol.no-option.nothing-to-remove", f"there is no minion to remove in {area}", area,
                         player=ctx.player)
            continue
        picked = yield from _pick_piece(ctx, "card.carcer-remove", f"{ctx.player}: remove which minion in {area}?",
                                        removable, optional=False, table=(state, narrator), area=area)
        if picked is not None:
            yield from remove_by_card(state, narrator, ctx, picked[0], picked[1], by_text=True)


def _nothing_in_unreal_estate(state: State, ctx: TurnContext) -> Reason | None:
    """The Dean: no minion, troll or demon in Unreal Estate (or none the text may reach) to remove."""
    return None if _removable(state, ctx, UNREAL_ESTATE) else because(
        "skipped.nothing-in-unreal-estate", "there is no minion in Unreal Estate to remove")


def the_dean(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """The Dean: remove one minion (any owner, trolls and demons too) from Unreal Estate."""
    picked = yield from _pick_piece(ctx, "card.dean", f"{ctx.player}: remove which minion from Unreal Estate?",
                                    _removable(state, ctx, UNREAL_ESTATE))
    if picked is not None:
        yield from remove_by_card(state, narrator, ctx, picked[0], picked[1], by_text=True)


def _say_none_in_trouble(narrator: Narrator, ctx: TurnContext) -> None:
    """Errol's 7 or more, Cosmo Lavish after paying: the removal the text cannot make is said, not
    passed over in silence (the roll or the payment was made: ruling 1, "as much as possible")."""
    narrator.say("symbol.no-option.none-in-trouble", "there is no minion to remove in an area with a trouble marker",
                 player=ctx.player)


def _remove_own_minion(state: State, narrator: Narrator, ctx: TurnContext, color: str) -> Steps:
    """``color`` removes one of their own minions (compulsory when they have one)."""
    areas = state.areas_with_minion(color)
    if not areas:
        narrator.say("symbol.no-option.remove-minion", f"{color} has no minion to remove", player=color)
        return
    area = yield from forced(state, narrator, ask("card.remove-own", f"{color}: remove one of your minions (from which area?)",
                                                  color, areas, card=ctx.card))
    yield from remove_by_card(state, narrator, ctx, area, color, by_text=False)


def auditors(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """The Auditors: every other player, in turn order, removes one of their own minions."""
    others = other_players(state, ctx.player)
    yield from texts_cancelled(state, narrator, ctx, others)
    for color in others:
        if (yield from text_cancelled(state, narrator, ctx, color)):
            continue
        yield from _remove_own_minion(state, narrator, ctx, color)


def errol(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Errol: roll; 7 or more, remove a minion of your choice from an area with a trouble marker;
    a 1, remove one of your own minions."""
    face = yield from roll("card.errol-roll", f"{ctx.player}: roll for Errol", ctx.player)
    narrator.say("card.rolled", f"{ctx.player} rolls {face}", player=ctx.player, face=face)
    if face >= 7:
        options = [o for a in AREA_IDS if state.areas[a].trouble for o in _removable(state, ctx, a)]
        if not options:
            _say_none_in_trouble(narrator, ctx)
            return
        picked = yield from _pick_piece(ctx, "card.errol-remove", f"{ctx.player}: remove which minion?", options)
        if picked is not None:
            yield from remove_by_card(state, narrator, ctx, picked[0], picked[1], by_text=True)
    elif face == 1:
        yield from _remove_own_minion(state, narrator, ctx, ctx.player)


def cosmo_lavish(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Cosmo Lavish: pay another player $2; they must remove a minion of their choice "(not one of
    yours)" — not one of the card's player's, whose text it is — from an area with a trouble
    marker. Their own minions, trolls and demons are theirs to pick."""
    agent = yield from choose_player(state, ctx, f"{ctx.player}: pay $2 to whom?", other_players(state, ctx.player))
    if agent is None:
        return
    if (yield from text_cancelled(state, narrator, ctx, agent)):
        return  # Wallace Sonky cancels the whole text for the agent: no payment, no removal
    pay_player(state, narrator, ctx.player, agent, 2)
    # a game recorded before rules revision 3 read "yours" as the paid player's, and goes on so
    spared = ctx.player if state.revision >= COSMO_SPARES_ITS_PLAYER else agent
    options = [piece_option(a, p) for a in AREA_IDS if state.areas[a].trouble for p in pieces_in(state, a)
               if p != spared and p not in ctx.shielded]
    if not options:
        _say_none_in_trouble(narrator, ctx)
        return
    picked = yield from _pick_piece(ctx, "card.cosmo-remove", f"{agent}: remove which minion (not {spared}'s)?",
                                    options, optional=False, player=agent, table=(state, narrator), spared=spared)
    if picked is not None:
        yield from remove_by_card(state, narrator, ctx, picked[0], picked[1], by_text=True)


def _swappable(state: State, ctx: TurnContext) -> list[str]:
    """Every piece on the board the Bursar's text may move (trolls and demons too, ruling 4)."""
    return [piece_option(a, p) for a in AREA_IDS for p in pieces_in(state, a) if p not in ctx.shielded]


def _swap_partners(options: list[str], first: tuple[str, str]) -> list[str]:
    """The pieces ``first`` can swap with: in another area and of another kind (two of one owner's
    minions swapped would change nothing)."""
    return [o for o in options if parse_piece_option(o)[0] != first[0] and parse_piece_option(o)[1] != first[1]]


def _nothing_to_swap(state: State, ctx: TurnContext) -> Reason | None:
    """The Bursar: no two pieces of different owners in different areas (fewer than two on the board is one case)."""
    options = _swappable(state, ctx)
    if any(_swap_partners(options, parse_piece_option(o)) for o in options):
        return None
    return because("skipped.nothing-to-swap", "no two minions of different players in different areas to swap")


def bursar(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """The Bursar: swap the positions of any two minions on the board (in different areas). Each
    other player whose minion would move may answer with Gaspode or Wallace Sonky; then the swap
    does not happen. From rules revision 3 the first minion offered is one that has a minion to swap
    with: one without would end the text in silence after it was picked."""
    options = _swappable(state, ctx)
    firsts = options if state.revision < TEXTS_WITHOUT_TARGET_SKIPPED \
        else [o for o in options if _swap_partners(options, parse_piece_option(o))]
    first = yield from _pick_piece(ctx, "card.bursar-first", f"{ctx.player}: swap which minion?", firsts)
    if first is None:
        return
    second_options = _swap_partners(options, first)
    second = yield from _pick_piece(ctx, "card.bursar-second", f"{ctx.player}: with which minion?", second_options)
    if second is None:
        return
    if state.revision >= SINGLE_WINDOW:
        played_by = yield from anyone_window(
            state, narrator, ctx, [(piece, (GASPODE, WALLACE_SONKY)) for _, piece in (first, second)],
            f"the swap of the {first[1]} piece in {first[0]} and the {second[1]} piece in {second[0]}")
        if played_by is not None:
            holder, card = played_by
            where = first[0] if first[1] == holder else second[0]
            if card == WALLACE_SONKY:
                ctx.shielded.add(holder)
            narrator.say("interrupt.saved", f"{holder}'s minion in {where} stays", where, player=holder, card=card)
            return
    for area, piece in (first, second) if state.revision < SINGLE_WINDOW else ():
        if state.has_player(piece) and piece != ctx.player:
            played = yield from window(state, narrator, ctx, piece, (GASPODE, WALLACE_SONKY),
                                       f"the move of a {piece} minion from {area}")
            if played is not None:
                if played == WALLACE_SONKY:
                    ctx.shielded.add(piece)
                narrator.say("interrupt.saved", f"{piece}'s minion in {area} stays", area, player=piece, card=played)
                return
    (a1, p1), (a2, p2) = first, second
    remove_piece(state, a1, p1)
    remove_piece(state, a2, p2)
    place_piece(state, a2, p1)
    place_piece(state, a1, p2)
    narrator.say("piece.swapped", f"the {p1} piece in {a1} and the {p2} piece in {a2} swap places", a1,
                 first=piece_option(a1, p1), second=piece_option(a2, p2))


def dice_here_n_now(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Here'n'Now: roll; 7 or more, take $3 from a player you choose; a 1, remove one of your minions."""
    face = yield from roll("card.here-n-now-roll", f"{ctx.player}: roll for Here'n'Now", ctx.player)
    narrator.say("card.rolled", f"{ctx.player} rolls {face}", player=ctx.player, face=face)
    if face >= 7:
        broke = nobody_has_money(state, ctx) if state.revision >= TEXTS_WITHOUT_TARGET_SKIPPED else None
        if broke is not None:  # the roll is made; nobody has money to take (all greyed): said, not silence
            say_why(narrator, ctx, broke)
            return
        victim = yield from choose_whom_to_rob(state, ctx, f"{ctx.player}: take $3 from whom?")
        if victim is None or (yield from text_cancelled(state, narrator, ctx, victim)):
            return
        pay_player(state, narrator, victim, ctx.player, 3)
    elif face == 1:
        yield from _remove_own_minion(state, narrator, ctx, ctx.player)


def dice_dibbler(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """CMOT Dibbler: roll; 7 or more, take $4; a 1, pay the bank $2 or remove one of your minions."""
    from companion.morpork.actions import take_money
    from companion.morpork.pieces import pay_bank
    face = yield from roll("card.dibbler-roll", f"{ctx.player}: roll for CMOT Dibbler", ctx.player)
    narrator.say("card.rolled", f"{ctx.player} rolls {face}", player=ctx.player, face=face)
    if face >= 7:
        got = take_money(state, ctx.player, 4)
        narrator.say("money.taken", f"{ctx.player} takes ${got} from the bank", player=ctx.player, amount=got)
    elif face == 1:
        money = state.player(ctx.player).money
        options = (["pay"] if money >= 2 else []) + \
            [piece_option(a, ctx.player) for a in state.areas_with_minion(ctx.player)]
        greyed = {} if money >= 2 else {"pay": short_of_money(ctx.player, money, 2)}
        if not options:
            options, greyed = ["pay"], {}  # nothing to remove: pay what one can (ruling 1)
        answer = yield choice_question("card.dibbler-penalty",
                                       f"{ctx.player}: pay the bank $2 or remove one of your minions",
                                       ctx.player, options, unavailable=greyed, card=ctx.card)
        if answer == "pay":
            paid = pay_bank(state, ctx.player, 2)
            narrator.say("money.paid-bank", f"{ctx.player} pays the bank ${paid}", player=ctx.player, amount=paid)
        else:
            area, _ = parse_piece_option(answer)
            remove_piece(state, area, ctx.player)
            narrator.say("piece.removed", f"a {ctx.player} piece is removed from {area}", area, piece=ctx.player)


EFFECTS: dict[str, Effect] = {
    "the-duckman": move_other_minion_adjacent,
    "foul-ole-ron": move_other_minion_adjacent,
    "canting-crew": move_other_minion_adjacent,
    "rincewind": rincewind,
    "adora-belle-dearheart": move_own_anywhere,
    "dorfl": move_own_anywhere,
    "hobsons-livery-stable": hobsons,
    "archchancellor-ridcully": _placements(NEAR_UNREAL_ESTATE, times=2),
    "the-senior-wrangler": _placements(NEAR_UNREAL_ESTATE),
    "deep-dwarves": _placements(anywhere=True, trouble=False),
    "mr-shine": _placements(anywhere=True, trouble=False),
    "the-smoking-gnu": smoking_gnu,
    "willikins": willikins,
    "burleigh-and-stronginthearm": burleigh,
    "carcer": carcer,
    "the-dean": the_dean,
    "the-auditors": auditors,
    "errol": errol,
    "cosmo-lavish": cosmo_lavish,
    "the-bursar": bursar,
    "here-n-now": dice_here_n_now,
    "cmot-dibbler": dice_dibbler,
}

NO_TARGET: dict[str, NoTarget] = {
    "the-duckman": _no_other_minion,
    "foul-ole-ron": _no_other_minion,
    "canting-crew": _no_other_minion,
    "rincewind": _no_minion_in_trouble,
    "adora-belle-dearheart": _no_own_minion,
    "dorfl": _no_own_minion,
    "the-dean": _nothing_in_unreal_estate,
    "the-bursar": _nothing_to_swap,
    "willikins": _no_own_building,
}
