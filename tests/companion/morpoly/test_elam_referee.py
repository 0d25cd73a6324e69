"""A referee's second reading of ELAM against the German source (L165–203) and R1/R71: situations
where the first implementation and the source parted ways. US edition, Red is the banker, so each
position starts with blue's turn and the NPCs do not move during it."""
from __future__ import annotations

from companion.core.procedure import Narrator
from companion.morpoly.covers import Cover
from companion.morpoly.elam.lives import eliminate
from companion.morpoly.fsu import Fsu, Ledger, Status
from companion.morpoly.game import Game
from companion.morpoly.setup import new_state
from companion.morpoly.state import Npcs, State
from morpoly_table import cash, do, start, key


def elam(**guilds: str) -> State:
    state = new_state(["red", "blue"], {"edition": "us", "base": "variant", "elam": "on"})
    for party, guild in guilds.items():
        state.party(party).guilds = [guild]
    state.npcs = Npcs(20, 20, 20, None)
    return state


def player(game: Game) -> str | None:
    return None if game.question is None else game.question.player


def test_a_player_spat_out_by_the_luggage_is_not_met_by_it_again_on_that_square() -> None:
    """L195: 'Auf dem neuen Feld wird der Spieler ausgespuckt und muss dann das Feld erfüllen' — he
    resolves the square; the Luggage that just spat him out does not swallow him again there."""
    state = elam(blue="watch")
    state.npcs = Npcs(20, 19, 20, None)
    state.token("blue").square = 16
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (2, 4), (2, 3))  # race 6 forward: 19 -> 25
    assert game.state.token("blue").square == 25 and key(game) == "morpoly.deed.buy"
    game = do(game, "decline")
    assert key(game) != "morpoly.roll.luggage", "swallowed again by the Luggage that spat him out"
    assert player(game) == "red" and key(game) == "morpoly.turn.menu"


def test_the_spat_out_player_still_meets_dibbler_on_the_new_square() -> None:
    """R65: the other NPCs standing where he is spat out do meet him (Dibbler on 25)."""
    state = elam(blue="watch")
    state.npcs = Npcs(20, 19, 25, None)
    state.token("blue").square = 16
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (2, 4), (2, 3), "decline")
    assert key(game) == "morpoly.roll.dibbler" and player(game) == "blue"


def test_a_reversed_token_leaving_jail_on_doubles_moves_in_its_running_direction() -> None:
    """L201, R1/R71: after a Dibbler 7 the token runs counter-clockwise, also when doubles free it
    from jail: 10 - 2 = Vermont Avenue (8), not 12."""
    state = elam(blue="watch")
    state.reversed_tokens = ["blue"]
    token = state.token("blue")
    token.square, token.in_jail = 10, True
    game = do(start(state, "blue"), "roll", (1, 1))
    assert game.state.token("blue").square == 8 and not game.state.token("blue").in_jail


def test_an_advance_card_moves_a_reversed_token_forward_in_its_running_direction() -> None:
    """R1: 'Advance to …' moves forward, i.e. counter-clockwise after a Dibbler 7: from Chance (7) to
    Boardwalk (39) it crosses GO in its running direction and is paid one salary (R71)."""
    state = elam(blue="watch")
    state.reversed_tokens = ["blue"]
    state.token("blue").square = 10
    game = do(start(state, "blue"), "roll", (1, 2))  # 10 -> 7, Chance
    assert key(game) == "morpoly.card.chance"
    game = do(game, "chance.advance-boardwalk")
    assert game.state.token("blue").square == 39 and cash(game, "blue") == 1500 + 200


def test_under_cards_always_clockwise_an_advance_card_ignores_the_reversal() -> None:
    state = elam(blue="watch")
    state.rules["cards-always-clockwise"] = "yes"
    state.reversed_tokens = ["blue"]
    state.token("blue").square = 10
    game = do(start(state, "blue"), "roll", (1, 2), "chance.advance-boardwalk")
    assert game.state.token("blue").square == 39 and cash(game, "blue") == 1500


def test_a_go_back_card_moves_a_reversed_token_against_its_running_direction() -> None:
    """R1: 'go back' is backward relative to the running direction: clockwise after a Dibbler 7, from
    Chance (7) to Jail, just visiting (10) — not onto Income Tax (4)."""
    state = elam(blue="watch")
    state.reversed_tokens = ["blue"]
    state.token("blue").square = 10
    game = do(start(state, "blue"), "roll", (1, 2), "chance.back-3")
    assert game.state.token("blue").square == 10 and cash(game, "blue") == 1500


def test_a_party_that_loses_its_last_member_leaves_its_fsus_void_on_either_side() -> None:
    """L166 'sein Hab und Gut geht an die Bank zurück', R72: its FSUs become void — those it holds and
    those it sold; an FSU between two other parties goes on. (Called directly: the position format
    does not carry the ledger yet.)"""
    state = new_state(["red", "blue", "green"], {"edition": "us", "base": "variant", "elam": "on"})
    held = Fsu(1, "red", "blue", "blue", 37, 100, frozenset({Cover.JAILED}), False)
    sold = Fsu(2, "blue", "green", "green", 39, 100, frozenset({Cover.JAILED}), False)
    others = Fsu(3, "red", "green", "green", 31, 100, frozenset({Cover.JAILED}), False)
    state.ledger = Ledger((held, sold, others), 4)
    eliminate(state, Narrator(), "blue")
    statuses = {fsu.fsu_id: fsu.status for fsu in state.ledger.fsus}
    assert statuses == {3: Status.ACTIVE}  # the position keeps only active FSUs: 1 and 2 are void, gone


def test_an_assassin_spat_out_where_a_token_stands_may_attack_it() -> None:
    """L176 with R5: an Assassin that lands where another player stands may attack after resolving
    the square — also when the Luggage spat him out there (L195: he must resolve the new square)."""
    state = elam(blue="assassins")
    state.npcs = Npcs(20, 19, 20, None)
    state.token("blue").square = 16
    state.token("red").square = 25
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (2, 4), (2, 3), "decline")
    assert key(game) == "morpoly.assassins.attack" and player(game) == "blue"
    assert game.question is not None and "attack:red" in game.question.options


def test_a_card_sending_a_token_a_full_lap_to_its_square_meets_the_npcs_once_per_arrival() -> None:
    """R5/R65, once per arrival: Dibbler (on Boardwalk) sells blue 'Advance to Boardwalk'; blue walks
    a full lap (GO passed: one salary) and arrives again, so Dibbler meets him once more — and only
    once: after that roll (odd, money) the turn is over."""
    state = elam(blue="watch")
    state.npcs = Npcs(20, 20, 39, None)
    state.token("blue").square = 36
    game = do(start(state, "blue"), "roll", (1, 2), "decline", (2, 4), "chance", "chance.advance-boardwalk")
    assert game.state.token("blue").square == 39 and key(game) == "morpoly.deed.buy"
    game = do(game, "decline")
    assert key(game) == "morpoly.roll.dibbler" and player(game) == "blue"
    game = do(game, (1, 2))  # other odd: Dibbler drops 10 x 3
    assert cash(game, "blue") == 1500 - 150 + 200 + 30
    assert player(game) == "red" and key(game) == "morpoly.turn.menu"
