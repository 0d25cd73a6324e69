"""Random legal play: a player that answers every question with a legal input (and now and then a
correction), for the tests, the benchmark and the simulator. Randomness lives here, never in the
engine: the inputs it makes are journalled facts like a table's."""
from __future__ import annotations

import random
from companion.core.inputs import Answer, CardScan, DieRoll, Input
from companion.morpoly.game import Game, apply, new_game
from companion.morpoly.invariants import check_invariants

PLAYERS = ("red", "blue", "green", "yellow", "white", "black", "orange", "purple")


def random_input(game: Game, rng: random.Random) -> Input:
    question = game.question
    assert question is not None
    if question.kind == "roll":
        return DieRoll(faces=(rng.randint(1, 6), rng.randint(1, 6)), source="sim")
    options = list(question.options)
    if question.key == "morpoly.turn.menu":
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
    if question.key == "morpoly.fortuna.window":
        spend = [o for o in options if o != "play-on"]
        return Answer(rng.choice(spend) if spend and rng.random() < 0.3 else "play-on")
    if question.key == "morpoly.deed.buy":
        return Answer("buy" if rng.random() < 0.8 else "decline")
    deck = dict(question.params).get("deck")
    if deck and rng.random() < 0.5:
        return CardScan(deck, rng.choice(options))
    return Answer(rng.choice(options))


def play(seed: int, players: int = 3, rules: dict[str, str] | None = None, cap: int = 4000,
         check: bool = True) -> tuple[Game, list[Input]]:
    """One game from ``seed`` until it ends or ``cap`` inputs were given; with ``check``, every
    invariant after every input (an ``AssertionError`` names the broken one)."""
    rng = random.Random(seed)
    game = new_game(list(PLAYERS[:players]), rules or {"edition": "us", "base": "standard"})
    inputs: list[Input] = []
    while game.question is not None and len(inputs) < cap:
        inp = random_input(game, rng)
        game = apply(game, inp)
        inputs.append(inp)
        if check:
            problems = check_invariants(game.state)
            assert not problems, f"seed {seed}, input {len(inputs)} {inp!r}: {problems}"
    return game, inputs

