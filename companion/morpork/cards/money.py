"""Texts that move money: from the bank by a count on the board, between players, and loans."""
from __future__ import annotations

from companion.morpork.actions import take_money
from companion.morpork.board import AREA_IDS
from companion.morpork.cards.common import (
    SKIP, Effect, NoTarget, TurnContext, choose_player, choose_whom_to_rob, nobody_has_money, other_players,
)
from companion.morpork.revisions import TEXTS_WITHOUT_TARGET_SKIPPED
from companion.morpork.steps import Steps, ask, forced, has_no_money, pay_player
from companion.morpork.cards.interrupts import text_cancelled, texts_cancelled
from companion.core.procedure import Narrator
from companion.morpork.state import State

LOAN_AMOUNT = 10
ISLE_OF_GODS = "isle-of-gods"


def _collect(state: State, narrator: Narrator, ctx: TurnContext, amount: int, why: str) -> None:
    got = take_money(state, ctx.player, amount)
    narrator.say("money.taken", f"{ctx.player} takes ${got} from the bank ({why})", player=ctx.player,
                 amount=got, why=why)


def each_other_player_pays_2(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Mr Boggis, The Thieves' Guild: every other player pays $2 if possible. From rules revision 3
    a player with no money, from whom the text takes nothing, is not asked whether they cancel it
    (Wallace Sonky); each is said to have no money to pay."""
    others = other_players(state, ctx.player)
    affected = others if state.revision < TEXTS_WITHOUT_TARGET_SKIPPED \
        else [c for c in others if has_no_money(state, c) is None]
    yield from texts_cancelled(state, narrator, ctx, affected)
    for color in others:
        if color in affected and (yield from text_cancelled(state, narrator, ctx, color)):
            continue
        pay_player(state, narrator, color, ctx.player, 2)


def loan(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Mr Bent, The Bank of Ankh-Morpork: $10 now; the card lies in front of the player (ruling 10)."""
    _collect(state, narrator, ctx, LOAN_AMOUNT, "loan")
    ctx.destination[ctx.card] = ("loan", ctx.player)
    return
    yield  # pragma: no cover - a generator with no question


def pieces_on_isle_of_gods(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """The Dysk, The Opera House: $1 per minion on the Isle of Gods (trolls and demons count, ruling 4)."""
    area = state.areas[ISLE_OF_GODS]
    count = sum(area.minions.values()) + area.trolls + area.demons
    _collect(state, narrator, ctx, count, "minions on the Isle of Gods")
    return
    yield  # pragma: no cover


def per_trouble_marker(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Sacharissa Cripslock, Otto Chriek, William de Worde: $1 per trouble marker on the board."""
    _collect(state, narrator, ctx, state.trouble_on_board(), "trouble markers")
    return
    yield  # pragma: no cover


def per_building(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Sir Charles Lavatory, The Post Office: $1 per building on the board, any colour."""
    count = sum(1 for a in AREA_IDS if state.areas[a].building is not None)
    _collect(state, narrator, ctx, count, "buildings")
    return
    yield  # pragma: no cover


def mr_slant(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Mr Slant: an area with a trouble marker; $2 per minion there (trolls and demons count)."""
    options = [a for a in AREA_IDS if state.areas[a].trouble]
    if not options:
        narrator.say("symbol.no-option.no-trouble", "no area has a trouble marker", player=ctx.player)
        return
    area_id = yield from forced(state, narrator, ask("card.mr-slant", f"{ctx.player}: which area with a trouble marker?",
                                                     ctx.player, options, card=ctx.card))
    area = state.areas[area_id]
    _collect(state, narrator, ctx, 2 * (sum(area.minions.values()) + area.trolls + area.demons),
             f"minions in {area_id}")


def _take_from_player(amount: int) -> Effect:
    def effect(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
        """Nobby Nobbs: take $3 from a player of your choice."""
        victim = yield from choose_whom_to_rob(state, ctx, f"{ctx.player}: take ${amount} from which player?")
        if victim is None or (yield from text_cancelled(state, narrator, ctx, victim)):
            return
        pay_player(state, narrator, victim, ctx.player, amount)
    return effect


def hubert(state: State, narrator: Narrator, ctx: TurnContext) -> Steps:
    """Hubert: one player gives $3 to another; the active player is neither."""
    others = other_players(state, ctx.player)
    if len(others) < 2:  # Hubert leaves two-player games; with one other player nobody can be paid
        return
    payer = yield from choose_player(state, ctx, f"{ctx.player}: who pays $3?", others, key="card.hubert-payer")
    if payer is None:
        return
    payee = yield ask("card.hubert-payee", f"{ctx.player}: {payer} pays $3 to whom?", ctx.player,
                      [*(c for c in others if c != payer), SKIP], card=ctx.card, payer=payer)
    if payee == SKIP:
        return
    if (yield from text_cancelled(state, narrator, ctx, payer)):
        return
    pay_player(state, narrator, payer, payee, 3)


EFFECTS: dict[str, Effect] = {
    "mr-boggis": each_other_player_pays_2,
    "the-thieves-guild": each_other_player_pays_2,
    "mr-bent": loan,
    "the-bank-of-ankh-morpork": loan,
    "the-dysk": pieces_on_isle_of_gods,
    "the-opera-house": pieces_on_isle_of_gods,
    "sacharissa-cripslock": per_trouble_marker,
    "otto-chriek": per_trouble_marker,
    "william-de-worde": per_trouble_marker,
    "sir-charles-lavatory": per_building,
    "the-post-office": per_building,
    "mr-slant": mr_slant,
    "nobby-nobbs": _take_from_player(3),
    "hubert": hubert,
}

NO_TARGET: dict[str, NoTarget] = {
    "mr-boggis": nobody_has_money,
    "the-thieves-guild": nobody_has_money,
    "nobby-nobbs": nobody_has_money,
}
