"""Rules revision 7 (``companion.morpoly.revisions.NOTHING_AFTER_THE_END``): nothing after the end of
the game (issue 12). A party that passed GO with the least cash earns a Fortuna token, handed out when
the turn ends (L159); when that turn ended the game, the winner was given it after the game-over line
("… controls all Ankh-Morpork", then "… gets a Fortuna token"). From revision 7 it is not handed out; a
game recorded under revisions 1–6 replays as it was played."""
from __future__ import annotations

import random

import pytest

from companion.morpoly.game import Game, apply
from companion.morpoly.mode import MODE
from companion.morpoly.random_play import PLAYERS, random_input
from companion.morpoly.revisions import LATEST, NOTHING_AFTER_THE_END, TRADES_BOTH_WAYS
from morpoly_table import table


def test_nothing_after_the_end_came_with_revision_7() -> None:
    assert TRADES_BOTH_WAYS < NOTHING_AFTER_THE_END == 7 < LATEST and table().revision == LATEST


def _played(seed: int, players: int, revision: int) -> Game:
    """Seeded random play with Fortuna and ELAM to the end, as the simulator plays it."""
    rng = random.Random(seed)
    game: Game = MODE.new_game(list(PLAYERS[:players]), {"fortuna": "on", "elam": "on"}, None, revision)
    while game.question is not None:
        game = apply(game, random_input(game, rng))
    return game


# games whose last turn earned the winner a Fortuna token (found by the helper's sweep of seeds 1-40)
ENDED_WITH_A_TOKEN_EARNED = [(34, 3), (19, 4)]


@pytest.mark.parametrize(("seed", "players"), ENDED_WITH_A_TOKEN_EARNED)
def test_no_fortuna_token_is_handed_out_after_the_game_is_over(seed: int, players: int) -> None:
    old, new = _played(seed, players, TRADES_BOTH_WAYS), _played(seed, players, NOTHING_AFTER_THE_END)
    winner = old.state.parties[0].id
    assert [line.key for line in old.narration[-2:]] == ["morpoly.game.over", "morpoly.fortuna.granted"]
    assert winner in old.state.fortuna  # as it was played under revision 6
    assert new.narration[-1].key == "morpoly.game.over" and new.state.game_over == old.state.game_over
    assert winner not in new.state.fortuna and not new.state.fortuna_earned
    assert [(line.key, line.params) for line in new.narration] == [(line.key, line.params)
                                                                   for line in old.narration[:-1]]
