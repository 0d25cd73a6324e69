"""Random legal play for the morpoly tests: a player that answers every question with a legal input,
and the table's invariants checked after each one."""
from __future__ import annotations

import random
from typing import Any

from companion.core.inputs import Answer, CardScan, DieRoll, Input
from companion.morpoly.editions import load_edition
from companion.morpoly.game import Game, apply, new_game
from companion.morpoly.state import HOTEL, State
from companion.morpoly.state_format import state_from_json, state_to_json


def random_input(game: Game, rng: random.Random) -> Input:
    question = game.question
    assert question is not None
    if question.kind == "roll":
        return DieRoll(faces=(rng.randint(1, 6), rng.randint(1, 6)), source="sim")
    options = list(question.options)
    if question.key == "turn.menu":
        if rng.random() < 0.02 and game.state.tokens:
            token = rng.choice(game.state.tokens)
            return Answer(f"place:{token.id}:{rng.randrange(40)}")
        others = [o for o in options if o != "roll"]
        builds = [o for o in others if o.startswith("build:")]
        if builds and rng.random() < 0.6:
            return Answer(rng.choice(builds))
        if others and rng.random() < 0.15:
            return Answer(rng.choice(others))
        return Answer("roll")
    if question.key == "deed.buy":
        return Answer("buy" if rng.random() < 0.8 else "decline")
    deck = dict(question.params).get("deck")
    if deck and rng.random() < 0.5:
        return CardScan(deck, rng.choice(options))
    return Answer(rng.choice(options))


def check_invariants(state: State) -> None:
    edition = load_edition(state.edition)
    assert state.bank.cash + sum(p.cash for p in state.parties) == edition.bank_money, "money is conserved"
    parties = {p.id for p in state.parties}
    assert all(p.cash >= 0 for p in state.parties)
    assert all(sq.owner is None or sq.owner in parties for sq in state.squares.values()), "owners are parties"
    houses = sum(sq.houses for sq in state.squares.values() if sq.houses != HOTEL)
    hotels = sum(1 for sq in state.squares.values() if sq.houses == HOTEL)
    assert state.bank.houses >= 0 and state.bank.hotels >= 0
    assert state.bank.houses + houses == edition.houses, "house supply"
    assert state.bank.hotels + hotels == edition.hotels, "hotel supply"
    for index, sq in state.squares.items():
        assert not (sq.mortgaged and sq.houses), f"mortgaged square {index} has buildings"
        if sq.houses:
            assert all(state.squares[s].owner == sq.owner for s in edition.group(index))
    for token in state.tokens:
        assert token.party in parties and token.id in state.party(token.party).tokens
        assert 0 <= token.square < 40 and (not token.in_jail or token.square == 10)
    held = [c for p in state.parties for c in p.jail_cards]
    assert len(held) == len(set(held)), "a jail card is held once"
    assert state_from_json(state_to_json(state)) == state, "the position format round-trips"


def play(seed: int, players: int = 3, rules: dict[str, str] | None = None, cap: int = 4000) -> tuple[Game, list[Input]]:
    rng = random.Random(seed)
    names = ["red", "blue", "green", "yellow", "white", "black", "orange", "purple"][:players]
    game = new_game(names, rules or {"edition": "us", "base": "standard"})
    inputs: list[Input] = []
    while game.question is not None and len(inputs) < cap:
        inp = random_input(game, rng)
        game = apply(game, inp)
        inputs.append(inp)
        check_invariants(game.state)
    return game, inputs


def summary(game: Game) -> Any:
    return state_to_json(game.state)
