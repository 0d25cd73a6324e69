"""Property tests of trades (the offer of rules revision 6, on anyone's menu as revision 7 has it)
over positions of random games: any offer the table can build, proposed by any party on anyone's menu
and accepted, keeps every invariant (money conserved with R12's tenth paid to the bank, each square
owned once, the house supply, the FSU ledger, the position's round-trip), moves exactly what the offer
named, and a refused or cancelled offer changes nothing. The simulator's random player never
completes a swap nor answers ``others-trade`` (it keeps the seeded games where they were), so these
paths are played here."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.core.inputs import Answer
from companion.morpoly.game import Game, apply
from companion.morpoly.invariants import check_invariants
from companion.morpoly.mode import MODE
from companion.morpoly.random_play import random_input
from companion.morpoly.state_format import state_to_json

OPTION_SETS = ({}, {"base": "standard"}, {"fortuna": "on", "elam": "on"})
SQUARE_ITEMS = ("give:", "get:")
CARD_ITEMS = ("give-card:", "get-card:")


def menu_with_trade(seed: int, players: int, options: dict[str, str], inputs: int) -> Game | None:
    """A menu offering ``others-trade``, reached by at least ``inputs`` inputs of seeded random play
    (None when the game ends first)."""
    rng = random.Random(seed)
    game: Game = MODE.new_game(["red", "blue", "green", "yellow"][:players], options, None)
    played = 0
    while game.question is not None and played < inputs + 400:
        question = game.question
        if played >= inputs and question.key == "morpoly.turn.menu" and "others-trade" in question.options:
            return game
        game = apply(game, random_input(game, rng))
        played += 1
    return None


def answer(game: Game, value: str) -> Game:
    return apply(game, Answer(value))


def money(game: Game) -> int:
    state = game.state
    return state.bank.cash + sum(p.cash for p in state.parties)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10_000), players=st.integers(2, 4), options=st.sampled_from(OPTION_SETS),
       inputs=st.integers(30, 500), picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=6),
       cash=st.integers(0, 10_000), refuse=st.integers(0, 3))
def test_any_offer_on_anyone_s_menu_keeps_every_invariant(seed: int, players: int, options: dict[str, str],
                                                          inputs: int, picks: list[int], cash: int,
                                                          refuse: int) -> None:
    game = menu_with_trade(seed, players, options, inputs)
    if game is None:
        event("the game ended first")
        return
    before = state_to_json(game.state)
    total = money(game)
    game = answer(game, "others-trade")
    question = game.question
    assert question is not None
    if question.key == "morpoly.trade.proposer":
        proposers = [o for o in question.options if o != "cancel"]
        game = answer(game, proposers[picks[0] % len(proposers)])
    if game.question is not None and game.question.key == "morpoly.trade.partner":
        game = answer(game, game.question.options[picks[-1] % len(game.question.options)])
    assert game.question is not None and game.question.key == "morpoly.trade.offer"
    for pick in picks:  # items toggled in, some perhaps out again, and cash either way
        offered = [o for o in game.question.options if o not in ("propose", "cancel")]
        if not offered:
            break
        choice = offered[pick % len(offered)]
        game = answer(game, choice)
        if game.question is not None and game.question.key in ("morpoly.trade.pay", "morpoly.trade.ask"):
            maximum = game.question.maximum
            game = answer(game, str(max(1, cash % (maximum + 1))) if maximum else "cancel")
        assert game.question is not None and game.question.key == "morpoly.trade.offer"
    params = dict(game.question.params)
    party, partner = params["party"], params["partner"]
    chosen = [c for c in params["chosen"].split(",") if c]
    if "propose" not in game.question.options:
        event("nothing to propose")
        game = answer(game, "cancel")
        assert state_to_json(game.state) == before  # nothing proposed: nothing moved
        return
    game = answer(game, "propose")
    assert game.question is not None and game.question.key == "morpoly.trade.answer"
    assert game.question.player == game.state.party(partner).boss
    if refuse == 0:  # one offer in four refused
        event("refused")
        game = answer(game, "refuse")
        assert state_to_json(game.state) == before  # refused: only the narration says it
        return
    owners = {int(c.partition(":")[2]): (partner if c.startswith("give:") else party)
              for c in chosen if c.startswith(SQUARE_ITEMS)}
    cards = {c.partition(":")[2]: (partner if c.startswith("give-card:") else party)
             for c in chosen if c.startswith(CARD_ITEMS)}
    event("accepted")
    said = len(game.narration)
    game = answer(game, "accept")
    if any(game.state.squares[square].mortgaged for square in owners):
        event("a mortgaged square changed hands")
    if len(owners) > 1 and len(set(owners.values())) == 2:
        event("a swap of squares")
    assert [line.key for line in game.narration[said:]].count("morpoly.trade.deal") == 1
    while game.question is not None and game.question.key == "morpoly.transfer.lift":  # standard Monopoly's offer
        game = answer(game, "keep")
    state = game.state
    assert not check_invariants(state), check_invariants(state)
    assert money(game) == total  # R12's tenth went to the bank, nothing was made or lost
    for square, owner in owners.items():
        assert state.squares[square].owner == owner
    for card, holder in cards.items():
        assert card in state.party(holder).jail_cards
